// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa_test

import (
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/linkertest"
)

const (
	mldsaPkg    = "github.com/cryptolab-go/cryptolab/mldsa"
	internalPkg = "github.com/cryptolab-go/cryptolab/internal/mldsa"
)

// mldsaOps are minimal ML-DSA-65 programs, one per operation and one with
// all; CFG stands for the configuration. The budgets are file-backed bytes
// over an empty program, about 25% above what Go 1.26 on amd64 links
// (KeyGen 45 KB, Sign 67-70 KB, Verify 52-55 KB, All 84-87 KB).
var mldsaOps = []struct {
	name         string
	fast, lowRAM int64
	body         string
}{
	{"KeyGen", 60 << 10, 60 << 10, `sk, err := mldsa.NewPrivateKey65(mldsa.CFG(), []byte(os.Args[0])[:32])
if err != nil {
	panic(err)
}
os.Stdout.Write(sk.PublicKey().Bytes()[:1])`},
	{"Sign", 88 << 10, 88 << 10, `sk, err := mldsa.NewPrivateKey65(mldsa.CFG(), []byte(os.Args[0])[:32])
if err != nil {
	panic(err)
}
sig := make([]byte, mldsa.SignatureSize65)
if err := sk.SignTo(sig, []byte(os.Args[1]), &mldsa.SignerOpts{Context: []byte(os.Args[2])}); err != nil {
	panic(err)
}
os.Stdout.Write(sig[:1])`},
	{"Verify", 72 << 10, 72 << 10, `pk, err := mldsa.NewPublicKey65(mldsa.CFG(), []byte(os.Args[0]))
if err != nil {
	panic(err)
}
os.Stdout.Write([]byte{byte(len(pk.Verify([]byte(os.Args[1]), []byte(os.Args[2]), nil).Error()))})`},
	{"All", 110 << 10, 110 << 10, `sk, err := mldsa.NewPrivateKey65(mldsa.CFG(), []byte(os.Args[0])[:32])
if err != nil {
	panic(err)
}
sig := make([]byte, mldsa.SignatureSize65)
if err := sk.SignTo(sig, []byte(os.Args[1]), &mldsa.SignerOpts{Context: []byte(os.Args[2])}); err != nil {
	panic(err)
}
pk, err := mldsa.NewPublicKey65(mldsa.CFG(), sk.PublicKey().Bytes())
if err != nil {
	panic(err)
}
k2, _ := mldsa.NewPrivateKey65FromExpanded(mldsa.CFG(), sk.ExpandedBytes())
os.Stdout.Write(k2.Bytes())
if pk.Verify(sig, []byte(os.Args[1]), &mldsa.SignerOpts{Context: []byte(os.Args[2])}) != nil {
	panic("verify")
}`},
}

// TestLinker proves that the configurations are chosen at link time: a
// program that names only LowRAM() links none of Fast's code (every
// top-level declaration of internal/mldsa/fast.go, and fastConfig), the
// reverse for Fast() (lowram.go and lowRAMConfig), and a program using
// only ML-DSA-65 links no ML-DSA-44 or ML-DSA-87 key code. For each
// operation and configuration it also holds the whole-program growth over
// an empty program to a budget and checks that no standard-library
// ML-DSA, SHA-2 or SHA-3 (ours are used), math/big or fmt is linked. The
// programs are built by internal/linkertest.
func TestLinker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds eight programs")
	}
	fastNames := linkertest.DeclaredNames(t, "../internal/mldsa/fast.go")
	lowNames := linkertest.DeclaredNames(t, "../internal/mldsa/lowram.go")
	nativeNames := linkertest.DeclaredNames(t, "../internal/mldsa/native.go")
	for _, f := range []string{"ntt_amd64.go", "fast_native.go"} {
		for k := range linkertest.DeclaredNames(t, "../internal/mldsa/"+f) {
			// the AVX2 transforms, their table and dispatch; Fast's
			// algorithms generated on them
			nativeNames[k] = true
		}
	}
	for _, n := range []string{"SignNative", "KeyGenNative", "expandANative", "maskStreams", "signAttemptNative", "VerifyNative"} {
		if !nativeNames[n] {
			t.Fatalf("native.go no longer declares %s; update the test", n)
		}
	}
	for _, n := range []string{"SignFast", "VerifyFast", "KeyGenFast", "Expanded"} {
		if !fastNames[n] {
			t.Fatalf("fast.go no longer declares %s; update the test", n)
		}
	}
	for _, n := range []string{"SignLowRAM", "VerifyLowRAM", "KeyGenLowRAM", "rowT"} {
		if !lowNames[n] {
			t.Fatalf("lowram.go no longer declares %s; update the test", n)
		}
	}
	// The other sets' key types and methods (their params44/params87
	// pointers, 8 bytes each, are kept: package variables with initializers
	// always are).
	other := map[string]bool{"PrivateKey44": true, "PublicKey44": true, "PrivateKey87": true, "PublicKey87": true}
	// A Native program links Fast too: Native() is Fast() without AVX2,
	// and Native shares Fast's cache, verification and signing attempt;
	// its budget is Fast's plus 48 KB (the AVX2 transforms, products and
	// signing rows, the x4 Keccak, and fast.go's attempt, verification and
	// key generation generated on them: All/Native measured 158 KB).
	for _, cfg := range []string{"Fast", "LowRAM", "Native"} {
		for _, op := range mldsaOps {
			b := linkertest.Build(t, linkertest.Program{
				Name:    op.name + "/" + cfg,
				Imports: []string{"os", mldsaPkg},
				Body:    strings.ReplaceAll(op.body, "CFG", cfg),
			})
			fast := append(b.Declared(internalPkg, fastNames), b.Declared(mldsaPkg, map[string]bool{"fastConfig": true})...)
			low := append(b.Declared(internalPkg, lowNames), b.Declared(mldsaPkg, map[string]bool{"lowRAMConfig": true})...)
			native := append(b.Declared(internalPkg, nativeNames), b.Declared(mldsaPkg, map[string]bool{"nativeConfig": true})...)
			want, budget := fast, op.fast
			not := map[string][]string{"LowRAM": low, "Native": native}
			switch cfg {
			case "LowRAM":
				want, budget = low, op.lowRAM
				not = map[string][]string{"Fast": fast, "Native": native}
			case "Native":
				want, budget = native, op.fast+48<<10
				not = map[string][]string{"LowRAM": low}
			}
			if len(want) < 3 {
				t.Errorf("%s: only %d %s symbols (%v): the check would prove nothing", b.Name, len(want), cfg, want)
			}
			for notName, syms := range not {
				if len(syms) > 0 {
					t.Errorf("%s links %d symbols of %s, e.g. %v", b.Name, len(syms), notName, syms[:min(len(syms), 8)])
				}
			}
			if o := b.Declared(mldsaPkg, other); len(o) > 0 {
				t.Errorf("%s links ML-DSA-44/87 symbols, e.g. %v", b.Name, o[:min(len(o), 8)])
			}
			size := b.CheckBudget(t, budget)
			t.Logf("%s: %v", b.Name, size)
			b.CheckNotLinked(t, "crypto/internal/fips140/mldsa", "crypto/sha256", "crypto/sha512", "crypto/sha3", "math/big", "fmt")
		}
	}
}
