package ecdsa_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/linkertest"
)

const (
	modPath     = "github.com/cryptolab-go/cryptolab/"
	ecPkg       = modPath + "internal/nist/ec"
	unrolledPkg = modPath + "internal/nist/unrolled"
	mulxPkg     = modPath + "internal/nist/mulx"
	dsaPkg      = modPath + "ecdsa"
	sha2Pkg     = modPath + "sha2"
)

// sha2Parts names the SHA-2 compression functions of package sha2 that
// RFC 6979's HMAC can run on (internal/sha2sum's strategies): Compact,
// the rolled loops the Small configurations name, and Native, the
// unrolled Go functions and the assembly of sha2's public API (whichever
// this architecture has) that the others name.
var sha2Parts = map[string]map[string]bool{
	"Compact": {"blockSHA256Compact": true, "blockSHA512Compact": true},
	"Native": {"blockSHA256": true, "blockSHA512": true, "blockSHA256NI": true, "blockSHA512AVX": true,
		"nativeBlock256": true, "nativeBlock512": true, "block256": true, "block512": true},
}

// parts classifies the symbols of b by what they belong to:
//
//	Small  the declarations of internal/nist/ec/small.go (the small
//	       arithmetic, its types and SmallP256Low ... SmallP384High) and
//	       ecdsa's small*Config
//	Fast   the declarations of p256_fast.go and p384_fast.go, package
//	       internal/nist/unrolled, and ecdsa's fast*Config
//	Native the declarations of p256_native.go and
//	       p384_native.go, package internal/nist/mulx, and ecdsa's
//	       native*Config
//	High   an ec or ecdsa symbol naming High or highTable
//	Low    an ec or ecdsa symbol naming Low or lowTable
//
// The generic multiplier of internal/nist/mont is not counted as Small:
// the curve constants are set up with it at init, and the scalar parsing
// and range checks of every configuration use it.
func parts(t *testing.T, b *linkertest.Binary) map[string][]string {
	small := linkertest.DeclaredNames(t, "../internal/nist/ec/small.go")
	fast := linkertest.DeclaredNames(t, "../internal/nist/ec/p256_fast.go", "../internal/nist/ec/p384_fast.go")
	native := linkertest.DeclaredNames(t, "../internal/nist/ec/p256_native.go", "../internal/nist/ec/p384_native.go")
	for _, n := range []string{"small", "SmallP256Low", "SmallP384High"} {
		if !small[n] {
			t.Fatalf("small.go no longer declares %s; update the test", n)
		}
	}
	for _, n := range []string{"p256Fast", "P256FastLow", "P384FastHigh"} {
		if !fast[n] {
			t.Fatalf("p256_fast.go/p384_fast.go no longer declare %s; update the test", n)
		}
	}
	m := map[string][]string{
		"SHA-2 Compact": b.Declared(sha2Pkg, sha2Parts["Compact"]),
		"SHA-2 Native":  b.Declared(sha2Pkg, sha2Parts["Native"]),
		"Small":         append(b.Declared(ecPkg, small), b.Matching(func(s string) bool { return strings.Contains(s, dsaPkg+".small") })...),
		"Fast": append(append(b.Declared(ecPkg, fast), b.Package(unrolledPkg)...),
			b.Matching(func(s string) bool { return strings.Contains(s, dsaPkg+".fast") })...),
		"Native": append(append(b.Declared(ecPkg, native), b.Package(mulxPkg)...),
			b.Matching(func(s string) bool { return strings.Contains(s, dsaPkg+".native") })...),
	}
	for _, s := range b.Symbols {
		for _, pkg := range []string{ecPkg + ".", dsaPkg + "."} {
			i := strings.Index(s.Name, pkg)
			if i < 0 {
				continue
			}
			rest := s.Name[i+len(pkg):]
			if strings.Contains(rest, "High") || strings.Contains(rest, "highTable") {
				m["High"] = append(m["High"], s.Name)
			}
			if strings.Contains(rest, "Low") || strings.Contains(rest, "lowTable") {
				m["Low"] = append(m["Low"], s.Name)
			}
			break
		}
	}
	return m
}

// notLinked are the standard-library packages an ecdsa program must not
// link (beyond what an empty program using crypto/rand links): the
// standard library's ECDSA and curves, its hashes (RFC 6979 runs on our
// sha2) and SHA-1, math/big.
var notLinked = []string{
	"crypto/ecdsa", "crypto/elliptic", "crypto/internal/fips140/ecdsa",
	"crypto/internal/fips140/nistec", "crypto/internal/fips140/bigmod",
	"crypto/sha1", "crypto/internal/fips140/sha1", "crypto/sha256", "crypto/sha512",
	"crypto/hmac", "math/big",
}

// TestLinkerVisibility proves that the configurations are separable at link
// time: a P-256 program that generates a key, signs and verifies with one
// configuration (ecdsa.SmallLow() ...) links the code of that arithmetic
// and that table and none of the other's, and none of the standard
// library's ECDSA, curves, hashes or SHA-1 (internal/linkertest builds the
// programs and reads their symbol tables). On amd64 a Native program links
// Fast too: FastLow or FastHigh is its fallback on processors without BMI2
// and ADX, chosen at run time.
func TestLinkerVisibility(t *testing.T) {
	type row struct {
		arith, table, notArith, notTable string
		notArith2                        string
	}
	rows := []row{
		{"Small", "Low", "Fast", "High", "Native"},
		{"Small", "High", "Fast", "Low", "Native"},
		{"Fast", "Low", "Small", "High", "Native"},
		{"Fast", "High", "Small", "Low", "Native"},
	}
	if runtime.GOARCH == "amd64" {
		rows = append(rows, row{"Native", "Low", "Small", "High", ""}, row{"Native", "High", "Small", "Low", ""})
	}
	for _, p := range rows {
		name := p.arith + p.table
		b := linkertest.Build(t, linkertest.Program{Name: name, Imports: []string{"os", dsaPkg}, Body: strings.ReplaceAll(`cfg := ecdsa.CFG()
k, err := ecdsa.GenerateKey(cfg, ecdsa.P256, nil)
if err != nil {
	panic(err)
}
digest := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")[:32]
sig, err := ecdsa.Sign(nil, k, nil, digest, ecdsa.ASN1)
if err != nil {
	panic(err)
}
pub, err := ecdsa.NewPublicKey(cfg, ecdsa.P256, k.PublicKey().BytesCompressed())
if err != nil || !ecdsa.Verify(pub, digest, sig, ecdsa.ASN1) {
	panic("verification failed")
}
os.Stdout.Write(append(sig, pub.Bytes()...))`, "CFG", name)})
		found := parts(t, b)
		for _, want := range []string{p.arith, p.table} {
			if len(found[want]) < 5 {
				t.Errorf("%s program: only %d %s symbols (%v): the checks below would prove nothing", name, len(found[want]), want, found[want])
			}
		}
		for _, not := range []string{p.notArith, p.notTable, p.notArith2} {
			if not == "" {
				continue
			}
			if bad := found[not]; len(bad) > 0 {
				t.Errorf("%s program links %d symbols of %s, e.g. %v", name, len(bad), not, bad[:min(len(bad), 8)])
			}
		}
		// RFC 6979's HMAC: the Small configurations link sha2's compact
		// compression loops and none of its unrolled or assembly ones,
		// the others the reverse.
		shaWant, shaNot := "SHA-2 Native", "SHA-2 Compact"
		if p.arith == "Small" {
			shaWant, shaNot = shaNot, shaWant
		}
		if len(found[shaWant]) < 2 {
			t.Errorf("%s program: only %d %s symbols (%v)", name, len(found[shaWant]), shaWant, found[shaWant])
		}
		if bad := found[shaNot]; len(bad) > 0 {
			t.Errorf("%s program links %s: %v", name, shaNot, bad)
		}
		b.CheckNotLinked(t, notLinked...)
		t.Logf("%s program: %d %s, %d %s symbols; %d %s, %d %s", name,
			len(found[p.arith]), p.arith, len(found[p.table]), p.table,
			len(found[p.notArith]), p.notArith, len(found[p.notTable]), p.notTable)
	}
}

// TestBudget: the whole-program cost of each operation and configuration,
// in file-backed bytes (code, read-only and writable data) over an empty
// program that also uses crypto/rand, for P-256. A regression past a
// budget fails; budgets start at what the code reaches (plus about 8% for
// toolchain drift and for what other packages add, e.g. internal/cpu when
// sha2 gained its SHA-NI path) and only go down. Issue 9 asked for at most
// 150 KB for Small-Low signing; it measures about 107 KB (go1.26,
// linux/amd64; 88 KB on arm64).
// Native (amd64 only) carries its Fast fallback as well: 267/256 KB
// to sign with Native-Low/High and 223 KB to verify, against 183/178 and
// 129 KB for Fast (of Native's own, about 10 KB each are the written-out
// doubling and mixed addition of internal/nist/mulx). Signing budgets rose by about 14 KB when sha2 gained
// its SHA-512 assembly path on amd64 (every signing program links both
// hashes: the hash follows the curve at run time); Small-Low then signed
// in 124 KB, and signs in 79 KB (Small-High too; verification 61 KB) since the Small
// configurations' RFC 6979 HMAC runs on sha2's compact compression loops
// (internal/sha2sum.Compact) rather than on its unrolled and assembly
// ones.
func TestBudget(t *testing.T) {
	ops := []struct {
		name    string
		budgets map[string]int64
		body    string
	}{
		{"sign", map[string]int64{"SmallLow": 84 << 10, "SmallHigh": 84 << 10, "FastLow": 193 << 10, "FastHigh": 188 << 10,
			"NativeLow": 282 << 10, "NativeHigh": 271 << 10}, `d := make([]byte, 32)
copy(d[1:], os.Args[0])
d[0] = 1
priv, err := ecdsa.NewPrivateKey(ecdsa.CFG(), ecdsa.P256, d)
if err != nil {
	panic(err)
}
sig, err := ecdsa.Sign(nil, priv, nil, d, ecdsa.ASN1)
if err != nil {
	panic(err)
}
os.Stdout.Write(sig[:1])`},
		{"verify", map[string]int64{"SmallLow": 66 << 10, "SmallHigh": 66 << 10, "FastLow": 140 << 10, "FastHigh": 140 << 10,
			"NativeLow": 229 << 10, "NativeHigh": 229 << 10}, `in := []byte(os.Args[0])
pub, err := ecdsa.NewPublicKey(ecdsa.CFG(), ecdsa.P256, in)
if err != nil {
	panic(err)
}
if ecdsa.Verify(pub, in[:32], in[32:], ecdsa.ASN1) {
	os.Stdout.Write(in[:1])
}`},
	}
	for _, op := range ops {
		cfgs := []string{"SmallLow", "SmallHigh", "FastLow", "FastHigh"}
		if runtime.GOARCH == "amd64" {
			cfgs = append(cfgs, "NativeLow", "NativeHigh")
		}
		for _, cfg := range cfgs {
			b := linkertest.Build(t, linkertest.Program{Name: op.name + "/" + cfg, Imports: []string{"os", dsaPkg},
				Body: strings.ReplaceAll(op.body, "CFG", cfg)})
			b.CheckBudget(t, op.budgets[cfg])
			b.CheckNotLinked(t, notLinked...)
		}
	}
}

// TestCodeBudget: the bytes of the symbols of cryptolab's own packages
// (functions and data the linker kept, by symbol size) in a Small-Low
// P-256 signing and verification program stay under a budget, so a
// regression in our code fails even where the whole-program budget of
// TestBudget would absorb it. Budgets start at what the code reaches on
// linux/amd64 with go1.26 (sign 37,795 B, verify 28,515 B; about 5%
// above) and only go down. Signing's: internal/nist/ec 19.8 KB, ecdsa
// 9.3 KB, sha2 5.1 KB (the compact compression loops of SHA-256 and
// SHA-512, both linked since the hash follows the curve at run time, and
// the sums around them; before the compact loops sha2 took 47.9 KB, the
// unrolled functions and their SHA-NI and BMI2/AVX assembly),
// internal/nist/mont 1.6 KB, internal/hmac 1.1 KB, internal/cpu 0.6 KB,
// internal/sha2sum 0.3 KB.
func TestCodeBudget(t *testing.T) {
	for _, op := range []struct {
		name   string
		budget int64
		body   string
	}{
		{"sign", 39 << 10, `d := make([]byte, 32)
copy(d[1:], os.Args[0])
d[0] = 1
priv, err := ecdsa.NewPrivateKey(ecdsa.SmallLow(), ecdsa.P256, d)
if err != nil {
	panic(err)
}
sig, err := ecdsa.Sign(nil, priv, nil, d, ecdsa.ASN1)
if err != nil {
	panic(err)
}
os.Stdout.Write(sig[:1])`},
		{"verify", 30 << 10, `in := []byte(os.Args[0])
pub, err := ecdsa.NewPublicKey(ecdsa.SmallLow(), ecdsa.P256, in)
if err != nil {
	panic(err)
}
if ecdsa.Verify(pub, in[:32], in[32:], ecdsa.ASN1) {
	os.Stdout.Write(in[:1])
}`},
	} {
		b := linkertest.Build(t, linkertest.Program{Name: op.name + "/SmallLow", Imports: []string{"os", dsaPkg}, Body: op.body})
		var total int64
		per := map[string]int64{}
		for _, s := range b.Symbols {
			name := strings.TrimPrefix(s.Name, "go:")
			if !strings.HasPrefix(name, modPath) || strings.HasPrefix(name, modPath+"lab/") || strings.HasPrefix(name, modPath+"cmd/") {
				continue
			}
			pkg := name[len(modPath):]
			if i := strings.IndexAny(pkg, ".("); i >= 0 {
				pkg = pkg[:i]
			}
			per[pkg] += int64(s.Size)
			total += int64(s.Size)
		}
		t.Logf("%s Small-Low P-256: %d B of cryptolab symbols (budget %d B): %v", op.name, total, op.budget, per)
		if total > op.budget {
			t.Errorf("%s Small-Low P-256: %d B of cryptolab symbols, over the budget of %d B", op.name, total, op.budget)
		}
	}
}
