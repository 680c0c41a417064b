// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/linkertest"
)

const (
	mlkemPkg    = "github.com/cryptolab-go/cryptolab/mlkem"
	internalPkg = "github.com/cryptolab-go/cryptolab/internal/mlkem"
)

// Each strategy's own functions and types in internal/mlkem (and its
// configuration type in mlkem); everything else there is shared.
var (
	smallNames = names("kpkeKeyGenSmall", "kpkeEncryptSmall", "kpkeReencryptDiffersSmall",
		"kpkeDecryptSmall", "ciphertextPolySmall", "sampleY", "SampleNTTMulAccVarTime",
		"byteDecode12MulAcc", "keyGenSmall", "encapsSmall", "decapsSmall",
		"Small512", "Small768", "Small1024")
	fastNames = names("kpkeKeyGenFast", "expandPublic", "expandSecret", "kpkeEncryptFast",
		"kpkeDecryptFast", "InnerProductNTT", "precomputeγ", "polyγ", "keyGenFast",
		"encapsFast", "decapsFast", "expansionFor", "newExpanded",
		"Fast512", "Fast768", "Fast1024")
	nativeNames = names("kpkeKeyGenNative", "keyGenNative", "expandPublicNative", "kpkeEncryptNative",
		"encapsNative", "decapsNative", "sampleMatrixNative", "sampleNTTx4VarTime", "prfNative",
		"kpkeDecryptNative", "nttNative", "nttInverseNative", "nttTable", "nttAVX2", "fillNTTTable", "precomputeγ2Native", "samplePolyCBDNative",
		"Native512", "Native768", "Native1024")
)

func names(n ...string) map[string]bool {
	m := map[string]bool{}
	for _, s := range n {
		m[s] = true
	}
	return m
}

// classify returns the symbols of b that are Small's, Fast's and
// Native's.
func classify(b *linkertest.Binary) (small, fast, native []string) {
	small = append(b.Declared(internalPkg, smallNames), b.Declared(mlkemPkg, names("smallConfig"))...)
	fast = append(b.Declared(internalPkg, fastNames), b.Declared(mlkemPkg, names("fastConfig"))...)
	native = append(b.Declared(internalPkg, nativeNames), b.Declared(mlkemPkg, names("nativeConfig"))...)
	return small, fast, native
}

// mlkemOps are minimal ML-KEM-768 programs, one per operation; CFG stands
// for the configuration.
var mlkemOps = []struct {
	name        string
	small, fast int64 // budgets in file-backed bytes over an empty program (Native: fast + 40 KB: the x4 Keccak, the AVX2 NTTs and products, their table, and Fast, its fallback)
	body        string
}{
	{"KeyGen", 40 << 10, 40 << 10, `dk, err := mlkem.GenerateKey768WithConfig(mlkem.CFG())
if err != nil {
	panic(err)
}
os.Stdout.Write(dk.Bytes()[:1])`},
	{"Encaps", 50 << 10, 50 << 10, `ek, err := mlkem.NewEncapsulationKey768WithConfig(mlkem.CFG(), []byte(os.Args[0]))
if err != nil {
	panic(err)
}
K, _, err := ek.Encapsulate()
if err != nil {
	panic(err)
}
os.Stdout.Write(K[:1])`},
	{"Decaps", 60 << 10, 60 << 10, `var dk mlkem.DecapsulationKey768
if err := dk.SetSeed(mlkem.CFG(), []byte(os.Args[0])); err != nil {
	panic(err)
}
K, err := dk.Decapsulate([]byte(os.Args[1]))
if err != nil {
	panic(err)
}
os.Stdout.Write(K[:1])`},
	{"All", 72 << 10, 72 << 10, `dk, err := mlkem.GenerateKey768WithConfig(mlkem.CFG())
if err != nil {
	panic(err)
}
K, c, err := dk.EncapsulationKey().Encapsulate()
if err != nil {
	panic(err)
}
K2, err := dk.Decapsulate(c)
if err != nil {
	panic(err)
}
os.Stdout.Write(append(K[:1], K2[0]))`},
}

// TestLinker proves that the configurations are chosen at link time: a
// program that names only Small links none of Fast's functions (the
// expanded K-PKE, InnerProductNTT, the expansion), and the reverse. For
// each operation and configuration it also holds the whole-program growth
// over an empty program to a budget (about 25% above Go 1.26 on amd64)
// and checks that no standard-library ML-KEM, ECDSA, SHA-1, crypto/cipher
// code or fmt is linked. The programs are built by internal/linkertest.
func TestLinker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds eight programs")
	}
	for _, cfg := range []string{"Small", "Fast", "Native"} {
		for _, op := range mlkemOps {
			b := linkertest.Build(t, linkertest.Program{
				Name:    op.name + "/" + cfg,
				Imports: []string{"os", mlkemPkg},
				Body:    strings.ReplaceAll(op.body, "CFG", cfg),
			})
			small, fast, native := classify(b)
			// A Native program also links Fast (Native() returns Fast()
			// without AVX2, and the strategies share Fast's arithmetic).
			want, budget := small, op.small
			not := map[string][]string{"Fast": fast, "Native": native}
			switch cfg {
			case "Fast":
				want, budget = fast, op.fast
				not = map[string][]string{"Small": small, "Native": native}
			case "Native":
				want, budget = native, op.fast+40<<10
				not = map[string][]string{"Small": small}
			}
			if len(want) < 3 {
				t.Errorf("%s: only %d %s symbols (%v): the check would prove nothing", b.Name, len(want), cfg, want)
			}
			for notName, syms := range not {
				if len(syms) > 0 {
					t.Errorf("%s links %d symbols of %s, e.g. %v", b.Name, len(syms), notName, syms[:min(len(syms), 8)])
				}
			}
			b.CheckBudget(t, budget)
			b.CheckNotLinked(t, "crypto/mlkem", "crypto/internal/fips140/mlkem", "crypto/internal/fips140/ecdsa", "crypto/sha1", "crypto/cipher", "fmt")
		}
	}
}
