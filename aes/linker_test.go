package aes_test

import (
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
	"github.com/cryptolab-go/cryptolab/internal/linkertest"
)

const aesPkg = "github.com/cryptolab-go/cryptolab/aes"

// strategyNames returns the top-level names of each strategy's files:
// every declaration of bitslice32.go is Small's (bitslice32), every one of
// fixslice64.go and fixslice64_skew.go is Fast's (fixslice64).
func strategyNames(t *testing.T) (small, fast map[string]bool) {
	small = linkertest.DeclaredNames(t, "bitslice32.go")
	fast = linkertest.DeclaredNames(t, "fixslice64.go", "fixslice64_skew.go")
	for _, n := range []string{"smallCipher", "smallInvCipher", "smallBlock"} {
		if !small[n] {
			t.Fatalf("bitslice32.go no longer declares %s; update the test", n)
		}
	}
	for _, n := range []string{"fastCipher", "fastInvCipher", "fastBlock", "roundSkew1"} {
		if !fast[n] {
			t.Fatalf("fixslice64.go no longer declares %s; update the test", n)
		}
	}
	return small, fast
}

// classify returns the symbols of b that belong to Small and to Fast. The
// S-box circuits are generic and shared by source; their uint64 instances
// are Fast's and the uint32 inverse is Small's (the uint32 forward circuit
// also serves the shared key expansion's SubWord).
func classify(b *linkertest.Binary, small, fast map[string]bool) (s, f []string) {
	s = b.Matching(func(sym string) bool {
		return strings.Contains(sym, aesPkg+".invSboxCircuit[go.shape.uint32]") ||
			strings.Contains(sym, aesPkg+".invSboxCircuit[uint32]")
	})
	s = append(s, b.Declared(aesPkg, small)...)
	f = b.Matching(func(sym string) bool {
		return strings.Contains(sym, aesPkg+".") && (strings.Contains(sym, "Circuit[go.shape.uint64]") || strings.Contains(sym, "Circuit[uint64]"))
	})
	f = append(f, b.Declared(aesPkg, fast)...)
	return s, f
}

// TestLinkerVisibility proves that the configurations are separable at link
// time: a program that names only aes.Small() contains none of Fast's
// functions, types or tables, and the reverse, and a program that uses
// aes.Default() or NewCipher links Fast alone. It builds three programs
// (internal/linkertest) and reads their symbol tables.
func TestLinkerVisibility(t *testing.T) {
	small, fast := strategyNames(t)
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
s.Init(aes.CFG(), aes.Direction(len(os.Args)), aes.PKCS7)
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
	programs := []struct {
		name, body string
		want       string // "Small" or "Fast": the configuration linked
	}{
		{"small", body("Small"), "Small"},
		{"fast", body("Fast"), "Fast"},
		{"default", body("Default") + `
c, _ := aes.NewCipher(key)
c.Decrypt(buf, buf)`, "Fast"},
	}
	for _, p := range programs {
		b := linkertest.Build(t, linkertest.Program{Name: p.name, Imports: []string{"crypto/cipher", "os", aesPkg}, Body: p.body})
		s, f := classify(b, small, fast)
		want, not, notName := s, f, "Fast"
		if p.want == "Fast" {
			want, not, notName = f, s, "Small"
		}
		if len(want) < 10 {
			t.Errorf("%s program: only %d %s symbols (%v): the check below would prove nothing", p.name, len(want), p.want, want)
		}
		if len(not) > 0 {
			t.Errorf("%s program links %d symbols of %s, e.g. %v", p.name, len(not), notName, not[:min(len(not), 8)])
		}
		t.Logf("%s program: %d %s symbols, %d %s symbols", p.name, len(want), p.want, len(not), notName)
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
	body        string
}{
	{"SealCBC", 25 << 10, 30 << 10, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
ct, err := aes.SealCBC(aes.CFG(), nil, in[:16], in[16:32], in)
if err != nil {
	panic(err)
}
os.Stdout.Write(ct[:1])`},
	{"OpenCBC", 32 << 10, 37 << 10, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
pt, err := aes.OpenCBC(aes.CFG(), nil, in[:16], in[16:32], in[:32])
if err != nil {
	panic(err)
}
os.Stdout.Write(pt)`},
	{"EncryptCBC", 24 << 10, 29 << 10, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
if err := aes.EncryptCBC(aes.CFG(), in[:32], in[:16], in[16:32], in[:32]); err != nil {
	panic(err)
}
os.Stdout.Write(in[:1])`},
	{"CBC.Append", 43 << 10, 54 << 10, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
var s aes.CBC
s.Init(aes.CFG(), aes.Encrypt, aes.PKCS7)
s.SetKey(in[:16])
s.SetIV(in[16:32])
out, _ := s.Append(nil, in)
out, _ = s.Finish(out)
os.Stdout.Write(out[:1])`},
	{"CBC.Finish(Decrypt)", 43 << 10, 54 << 10, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
var s aes.CBC
s.Init(aes.CFG(), aes.Decrypt, aes.PKCS7)
s.SetKey(in[:16])
s.SetIV(in[16:32])
out, _ := s.Append(nil, in[:32])
out, _ = s.Finish(out)
os.Stdout.Write(out)`},
	{"cipher.Block", 30 << 10, 35 << 10, `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
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
// only), nor anything of ECDSA or SHA-1. The budgets are about 25% above what Go 1.26 on amd64
// gives today; the test logs the measured growth.
func TestBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds twelve programs")
	}
	for _, cfg := range []string{"Small", "Fast"} {
		for _, op := range aesOps {
			b := linkertest.Build(t, linkertest.Program{
				Name:    op.name + "/" + cfg,
				Imports: []string{"os", aesPkg},
				Body:    strings.ReplaceAll(op.body, "CFG", cfg),
			})
			budget := op.small
			if cfg == "Fast" {
				budget = op.fast
			}
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
