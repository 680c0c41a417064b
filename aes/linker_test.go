package aes_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
	"github.com/cryptolab-go/cryptolab/internal/linkertest"
)

const aesPkg = "github.com/cryptolab-go/cryptolab/aes"

// strategyNames returns the top-level names of each strategy's files:
// every declaration of bitslice32.go is Small's (bitslice32), every one of
// fixslice64.go and fixslice64_skew.go is Fast's (fixslice64), every one of
// native.go Native's (its assembly functions are declared there).
func strategyNames(t *testing.T) (small, fast, native map[string]bool) {
	small = linkertest.DeclaredNames(t, "bitslice32.go")
	fast = linkertest.DeclaredNames(t, "fixslice64.go", "fixslice64_skew.go")
	native = linkertest.DeclaredNames(t, "native.go")
	for _, n := range []string{"smallEncrypter", "smallDecrypter", "smallBlock"} {
		if !small[n] {
			t.Fatalf("bitslice32.go no longer declares %s; update the test", n)
		}
	}
	for _, n := range []string{"fastCipher", "fastInvCipher", "fastBlock", "roundSkew1"} {
		if !fast[n] {
			t.Fatalf("fixslice64.go no longer declares %s; update the test", n)
		}
	}
	for _, n := range []string{"nativeExpandKey", "nativeEncryptCBC", "nativeDecryptCBC", "nativeBlock"} {
		if !native[n] {
			t.Fatalf("native.go no longer declares %s; update the test", n)
		}
	}
	return small, fast, native
}

// classify returns the symbols of b that belong to Small, to Fast and to
// Native. The S-box circuits are generic and shared by source; their
// uint64 instances are Fast's and the uint32 inverse is Small's (the uint32
// forward circuit also serves the shared key expansion's SubWord).
// The CPU-feature reader (internal/cpu: its initialization, CPUID and
// XGETBV, the feature variables) is linked into every program that uses
// the package, as package aes imports it; Native's symbols are its own
// functions and everything of internal/cpu beyond that initialization.
func classify(b *linkertest.Binary, small, fast, native map[string]bool) (s, f, n []string) {
	s = b.Matching(func(sym string) bool {
		return strings.Contains(sym, aesPkg+".invSboxCircuit[go.shape.uint32]") ||
			strings.Contains(sym, aesPkg+".invSboxCircuit[uint32]")
	})
	s = append(s, b.Declared(aesPkg, small)...)
	f = b.Matching(func(sym string) bool {
		return strings.Contains(sym, aesPkg+".") && (strings.Contains(sym, "Circuit[go.shape.uint64]") || strings.Contains(sym, "Circuit[uint64]"))
	})
	f = append(f, b.Declared(aesPkg, fast)...)
	n = b.Declared(aesPkg, native)
	for _, sym := range b.Package(cpuPkg) {
		if !cpuInit[strings.TrimPrefix(sym, cpuPkg+".")] {
			n = append(n, sym)
		}
	}
	return s, f, n
}

const cpuPkg = "github.com/cryptolab-go/cryptolab/internal/cpu"

// cpuInit are the symbols of internal/cpu's initialization, linked by
// every importer of package aes (a few hundred bytes).
var cpuInit = map[string]bool{"init": true, "init.0": true, ".inittask": true, "cpuid.abi0": true, "xgetbv.abi0": true, "X86": true, "ARM64": true, "getAuxv": true}

// TestLinkerVisibility proves that the configurations are separable at link
// time: a program that names only aes.Small() contains none of Fast's or
// Native's functions, types or tables (no AES assembly; the CPU-feature
// reader's initialization is linked by every importer), one that names only aes.Fast() none of Small's or Native's, and
// one that names aes.Native() — or aes.Default(), or NewCipher — Native
// and Fast (its fallback) but none of Small's. It builds four programs
// (internal/linkertest) and reads their symbol tables. Under purego (or
// on an architecture without the assembly) Native is Fast and links
// nothing of its own. (The programs are built without tags: Native
// links its assembly wherever GOARCH has it.)
func TestLinkerVisibility(t *testing.T) {
	small, fast, native := strategyNames(t)
	body := func(cfg string) string {
		return strings.ReplaceAll(`in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
key, iv := in[:16], in[16:32]
buf := make([]byte, 64)
if err := aes.EncryptCBC(aes.CFG(), buf, key, iv, in[:32]); err != nil {
	panic(err)
}
if err := aes.DecryptCBC(aes.CFG(), buf, key, iv, buf[:32]); err != nil {
	panic(err)
}
ct, err := aes.SealCBC(aes.CFG(), nil, key, iv, in)
if err != nil {
	panic(err)
}
pt, err := aes.OpenCBC(aes.CFG(), nil, key, iv, ct)
if err != nil {
	panic(err)
}
var s aes.CBC
if len(os.Args) > 1 {
	s.InitDecrypt(aes.CFG(), aes.PKCS7)
} else {
	s.InitEncrypt(aes.CFG(), aes.PKCS7)
}
s.SetKey(key)
s.SetIV(iv)
out, _ := s.Append(nil, in)
out, _ = s.Finish(out)
b, err := aes.NewCipherWithConfig(aes.CFG(), key)
if err != nil {
	panic(err)
}
cipher.NewCBCDecrypter(b, iv).CryptBlocks(buf[:32], in[:32])
b.Encrypt(buf, buf)
os.Stdout.Write(append(append(pt[:1], out...), buf[0]))`, "CFG", cfg)
	}
	// The programs are built without build tags for this GOARCH, so they
	// have the assembly where the architecture has it (even when this test
	// runs under purego).
	hasNative := runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64"
	programs := []struct {
		name, body string
		links      string // the configurations linked, of "SFN"
	}{
		{"small", body("Small"), "S"},
		{"fast", body("Fast"), "F"},
		{"native", body("Native"), "FN"},
		{"default", body("Default") + `
c, _ := aes.NewCipher(key)
c.Decrypt(buf, buf)`, "FN"},
	}
	for _, p := range programs {
		b := linkertest.Build(t, linkertest.Program{Name: p.name, Imports: []string{"crypto/cipher", "os", aesPkg}, Body: p.body})
		s, f, n := classify(b, small, fast, native)
		for i, syms := range [][]string{s, f, n} {
			c := "SFN"[i : i+1]
			name := []string{"Small", "Fast", "Native"}[i]
			want := strings.Contains(p.links, c)
			if c == "N" && !hasNative {
				want = false
			}
			switch {
			case want && len(syms) < 4:
				t.Errorf("%s program: only %d %s symbols (%v): the checks would prove nothing", p.name, len(syms), name, syms)
			case !want && len(syms) > 0:
				t.Errorf("%s program links %d symbols of %s, e.g. %v", p.name, len(syms), name, syms[:min(len(syms), 8)])
			}
		}
		t.Logf("%s program: %d Small, %d Fast, %d Native symbols", p.name, len(s), len(f), len(n))
	}
}

// TestGeneratedSkew checks that fixslice64_skew.go is what gen_skew.go makes of
// the current sbox.go (go generate was run after the last change to
// either).
func TestGeneratedSkew(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_skew.go", Args: []string{"$DIR/fixslice64_skew.go"}}, "fixslice64_skew.go")
}

// aesOps are the minimal programs of TestBudget, one per operation: the
// statements of main, with CFG standing for the configuration.
var aesOps = []struct {
	name        string
	small, fast int64 // budgets in file-backed bytes over an empty program
	native      int64 // Native links Fast as its fallback
	body        string
}{
	{"SealCBC", 18800, 26500, 33300, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
ct, err := aes.SealCBC(aes.CFG(), nil, in[:16], in[16:32], in)
if err != nil {
	panic(err)
}
os.Stdout.Write(ct[:1])`},
	{"OpenCBC", 24600, 32600, 44800, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
pt, err := aes.OpenCBC(aes.CFG(), nil, in[:16], in[16:32], in[:32])
if err != nil {
	panic(err)
}
os.Stdout.Write(pt)`},
	{"EncryptCBC", 15100, 22700, 31600, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
if err := aes.EncryptCBC(aes.CFG(), in[:32], in[:16], in[16:32], in[:32]); err != nil {
	panic(err)
}
os.Stdout.Write(in[:1])`},
	{"CBC.Append", 29900, 37800, 47600, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
var s aes.CBC
s.InitEncrypt(aes.CFG(), aes.PKCS7)
s.SetKey(in[:16])
s.SetIV(in[16:32])
out, _ := s.Append(nil, in)
out, _ = s.Finish(out)
os.Stdout.Write(out[:1])`},
	{"CBC.Finish(Decrypt)", 32500, 40700, 55500, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
var s aes.CBC
s.InitDecrypt(aes.CFG(), aes.PKCS7)
s.SetKey(in[:16])
s.SetIV(in[16:32])
out, _ := s.Append(nil, in[:32])
out, _ = s.Finish(out)
os.Stdout.Write(out)`},
	{"cipher.Block", 24700, 34800, 45900, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
b, err := aes.NewCipherWithConfig(aes.CFG(), in[:16])
if err != nil {
	panic(err)
}
b.Encrypt(in[:16], in[16:32])
b.Decrypt(in[:16], in[:16])
os.Stdout.Write(in[:1])`},
}

// TestBudget builds one program per operation and configuration and checks
// its whole-program growth over an empty program (file-backed bytes: code,
// read-only and writable data) against a budget, and that it links neither
// the standard library's AES nor any code of crypto/cipher (a cipher.Block
// program included: the package names crypto/cipher's interface types
// only), nor anything of ECDSA or SHA-1. The budgets are about 5% above what Go 1.26 on amd64
// gives today (and only go down); the test logs the measured growth.
func TestBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds eighteen programs")
	}
	for _, cfg := range []string{"Small", "Fast", "Native"} {
		for _, op := range aesOps {
			b := linkertest.Build(t, linkertest.Program{
				Name:    op.name + "/" + cfg,
				Imports: []string{"os", aesPkg},
				Body:    strings.ReplaceAll(op.body, "CFG", cfg),
			})
			budget := map[string]int64{"Small": op.small, "Fast": op.fast, "Native": op.native}[cfg]
			b.CheckBudget(t, budget)
			b.CheckNotLinked(t, "crypto/cipher", "crypto/aes", "crypto/internal/fips140/ecdsa", "crypto/sha1", "fmt")
			if op.name != "cipher.Block" {
				// A call of Encrypt or Decrypt through the cipher.Block
				// interface keeps those two methods of every type the
				// program converts to an interface, and crypto/rand's
				// DRBG holds the standard library's AES block: its two
				// methods, not package aes's doing.
				b.CheckNotLinked(t, "crypto/internal/fips140/aes")
			}
		}
	}
}

// TestLinkerDirection checks that a program links only the direction it
// names: EncryptCBC or a data flow from InitEncrypt no decryption code
// (Small's smallDecrypter and inverse S-box circuit, Fast's fastInvCipher
// and fastDecryptCBC), a data flow from InitDecrypt no encryption loop
// (the forward S-box circuit stays: the key expansion's SubWord runs it).
func TestLinkerDirection(t *testing.T) {
	if testing.Short() {
		t.Skip("builds six programs")
	}
	flow := func(init string) string {
		return `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
var s aes.CBC
s.` + init + `(aes.CFG(), aes.PKCS7)
s.SetKey(in[:16])
s.SetIV(in[16:32])
out, _ := s.Append(nil, in[:32])
out, _ = s.Finish(out)
os.Stdout.Write(out)`
	}
	programs := []struct {
		name, body string
		encrypts   bool
	}{
		{"EncryptCBC", aesOps[2].body, true},
		{"InitEncrypt", flow("InitEncrypt"), true},
		{"InitDecrypt", flow("InitDecrypt"), false},
	}
	// The symbols of each direction's code, per configuration.
	code := map[string][2][]string{ // encryption, decryption
		"Small": {{"(*smallEncrypter).crypt"}, {"(*smallDecrypter).crypt", "invSboxCircuit"}},
		"Fast":  {{"fastEncryptCBC", "fastCipher"}, {"fastDecryptCBC", "fastInvCipher"}},
	}
	for _, cfg := range []string{"Small", "Fast"} {
		for _, p := range programs {
			b := linkertest.Build(t, linkertest.Program{
				Name:    p.name + "/" + cfg,
				Imports: []string{"os", aesPkg},
				Body:    strings.ReplaceAll(p.body, "CFG", cfg),
			})
			own, other := code[cfg][0], code[cfg][1]
			if !p.encrypts {
				own, other = other, own
			}
			has := func(name string) bool {
				return len(b.Matching(func(sym string) bool { return strings.HasPrefix(sym, aesPkg+"."+name) })) > 0
			}
			if !has(own[0]) {
				t.Errorf("%s/%s: %s not linked: the test no longer sees the code it checks", p.name, cfg, own[0])
			}
			for _, n := range other {
				if has(n) {
					t.Errorf("%s/%s links %s, code of the other direction", p.name, cfg, n)
				}
			}
		}
	}
}
