// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	"github.com/cryptolab-go/cryptolab/internal/gentest"
	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// nativePaths runs f with the x4 Keccak as detected and, where that is
// AVX2, again with AVX2 turned off (four scalar permutations).
func nativePaths(t *testing.T, f func(t *testing.T)) {
	t.Run(keccak.X4Implementation(), f)
	if keccak.X4Implementation() == "generic" {
		return
	}
	restore, err := cpu.Disable("avx2")
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	t.Run("generic", f)
}

func expandedEqual(a, b *Expanded) bool {
	for _, v := range [][2][]NTTElement{{a.AHat, b.AHat}, {a.T1Hat, b.T1Hat}, {a.S1Hat, b.S1Hat}, {a.S2Hat, b.S2Hat}, {a.T0Hat, b.T0Hat}} {
		if len(v[0]) != len(v[1]) {
			return false
		}
		for i := range v[0] {
			for c := range v[0][i] {
				if freeze(v[0][i][c]) != freeze(v[1][i][c]) {
					return false
				}
			}
		}
	}
	return true
}

// TestNativeMatchesFast compares the Native strategy with Fast bit for bit
// for every parameter set over many seeds: the encoded keys and the whole
// cache from key generation, the public cache from a parsed public key,
// and deterministic and hedged signatures (given rnd) of random μ.
func TestNativeMatchesFast(t *testing.T) {
	nativePaths(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(204, 4))
		for _, p := range []*Params{MLDSA44, MLDSA65, MLDSA87} {
			for trial := range 25 {
				var ξ [SeedSize]byte
				var μ [MuSize]byte
				var rnd [RndSize]byte
				for i := range ξ {
					ξ[i] = byte(rng.Uint32())
				}
				for i := range μ {
					μ[i] = byte(rng.Uint32())
				}
				if trial%2 == 1 {
					for i := range rnd {
						rnd[i] = byte(rng.Uint32())
					}
				}
				pkF, pkN := make([]byte, p.PublicKeySize), make([]byte, p.PublicKeySize)
				skF, skN := make([]byte, p.PrivateKeySize), make([]byte, p.PrivateKeySize)
				xF, xN := NewExpanded(p, true), NewExpanded(p, true)
				KF, trF := KeyGenFast(p, &ξ, pkF, skF, xF)
				KN, trN := KeyGenNative(p, &ξ, pkN, skN, xN)
				if KF != KN || trF != trN || !bytes.Equal(pkF, pkN) || !bytes.Equal(skF, skN) {
					t.Fatalf("%v trial %d: key generation differs", p.K, trial)
				}
				if !expandedEqual(xF, xN) {
					t.Fatalf("%v trial %d: key generation's cache differs", p.K, trial)
				}
				pubF, pubN := NewExpanded(p, false), NewExpanded(p, false)
				ExpandPublicFast(p, pkF, pubF)
				ExpandPublicNative(p, pkF, pubN)
				if !expandedEqual(pubF, pubN) {
					t.Fatalf("%v trial %d: public cache differs", p.K, trial)
				}
				sigF, sigN := make([]byte, p.SignatureSize), make([]byte, p.SignatureSize)
				SignFast(p, xF, &KF, &μ, &rnd, sigF)
				SignNative(p, xN, &KN, &μ, &rnd, sigN)
				if !bytes.Equal(sigF, sigN) {
					t.Fatalf("%v trial %d: signatures differ", p.K, trial)
				}
				if !VerifyFast(p, pubN, &μ, sigN) || !VerifyNative(p, pubN, &μ, sigN) {
					t.Fatalf("%v trial %d: Native signature does not verify", p.K, trial)
				}
				// A signature with one bit flipped: both reject (or, for a
				// flip in unused hint padding, both accept).
				bad := append([]byte(nil), sigN...)
				bad[rng.IntN(len(bad))] ^= 1 << rng.IntN(8)
				if VerifyFast(p, pubF, &μ, bad) != VerifyNative(p, pubN, &μ, bad) {
					t.Fatalf("%v trial %d: verification decisions differ", p.K, trial)
				}
			}
		}
	})
}

func TestNativeAllocs(t *testing.T) {
	p := MLDSA65
	var ξ [SeedSize]byte
	var μ [MuSize]byte
	var rnd [RndSize]byte
	pk := make([]byte, p.PublicKeySize)
	x := NewExpanded(p, true)
	K, _ := KeyGenNative(p, &ξ, pk, nil, x)
	sig := make([]byte, p.SignatureSize)
	if a := testing.AllocsPerRun(5, func() {
		KeyGenNative(p, &ξ, pk, nil, x)
		SignNative(p, x, &K, &μ, &rnd, sig)
		ExpandPublicNative(p, pk, x)
		VerifyNative(p, x, &μ, sig)
	}); a != 0 {
		t.Fatalf("%v allocations", a)
	}
}

// TestGeneratedNative checks that fast_native.go is what gen_native.go
// makes of fast.go.
func TestGeneratedNative(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_native.go", Args: []string{"-o", "$DIR/fast_native.go"}}, "fast_native.go")
}
