// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// nativePaths runs f with the x4 Keccak as detected and, where that is
// AVX2, again with AVX2 turned off (four scalar permutations), so that the
// Native strategy's code is tested on both paths on one machine.
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

// TestNativeMatchesFast compares the Native strategy with Fast bit for bit
// over many seeds for every parameter set: the encapsulation key, the whole
// expansion (Â, t̂, ŝ) from key generation and from parsing, encapsulation
// with a given message, decapsulation of the valid and of a corrupted
// ciphertext. CRYPTOLAB_LONG=1 is not needed: 100 seeds per set take
// about a second.
func TestNativeMatchesFast(t *testing.T) {
	nativePaths(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(16, 203))
		for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
			for trial := range 100 {
				var d, m [32]byte
				for i := range d {
					d[i], m[i] = byte(rng.Uint32()), byte(rng.Uint32())
				}
				k := p.K
				ekF, ekN := make([]byte, p.EncapsulationKeySize), make([]byte, p.EncapsulationKeySize)
				xF, xN := newExpanded(p, true), newExpanded(p, true)
				hF, σF := keyGenFast(p, &d, ekF, xF)
				hN, σN := keyGenNative(p, &d, ekN, xN)
				if !bytes.Equal(ekF, ekN) || hF != hN || σF != σN {
					t.Fatalf("ML-KEM-%d trial %d: key generation differs", 256*k, trial)
				}
				if !expansionsEqual(xF, xN) {
					t.Fatalf("ML-KEM-%d trial %d: key generation's expansion differs", 256*k, trial)
				}
				pub := newExpanded(p, false)
				expandPublicNative(p, ekN, pub)
				for i := range xF.AHat {
					if xF.AHat[i] != pub.AHat[i] {
						t.Fatalf("ML-KEM-%d trial %d: parsed Â[%d] differs", 256*k, trial, i)
					}
				}
				for i := range xF.THat {
					if canonicalPoly(&xF.THat[i]) != canonicalPoly(&pub.THat[i]) {
						t.Fatalf("ML-KEM-%d trial %d: parsed t̂[%d] differs", 256*k, trial, i)
					}
				}
				ek := encapsulationKey{p: p, ek: ekF, h: &hF}
				scratch := make([]NTTPoly, k)
				var KF, KN [32]byte
				cF, cN := make([]byte, p.CiphertextSize), make([]byte, p.CiphertextSize)
				encapsFast(ek, xF, &KF, cF, &m, scratch)
				encapsNative(ek, pub, &KN, cN, &m, scratch)
				if KF != KN || !bytes.Equal(cF, cN) {
					t.Fatalf("ML-KEM-%d trial %d: encapsulation differs", 256*k, trial)
				}
				K := KF
				var z [32]byte
				z[0] = byte(trial)
				dk := decapsulationKey{encapsulationKey: ek, z: &z, σ: &σF}
				if trial%2 == 1 {
					cF[rng.IntN(len(cF))] ^= byte(1 + rng.IntN(255))
				}
				decapsFast(dk, xF, &KF, cF, scratch)
				decapsNative(dk, xN, &KN, cF, scratch)
				if KF != KN || (trial%2 == 0) != (KN == K) {
					t.Fatalf("ML-KEM-%d trial %d (corrupted: %v): decapsulation differs", 256*k, trial, trial%2 == 1)
				}
			}
		}
	})
}

// expansionsEqual compares two expansions as elements of T_q.
func expansionsEqual(a, b *Expanded) bool {
	for _, v := range [][2][]NTTPoly{{a.AHat, b.AHat}, {a.THat, b.THat}, {a.SHat, b.SHat}} {
		if len(v[0]) != len(v[1]) {
			return false
		}
		for i := range v[0] {
			if canonicalPoly(&v[0][i]) != canonicalPoly(&v[1][i]) {
				return false
			}
		}
	}
	return true
}

func canonicalPoly(f *NTTPoly) (c [n]uint16) {
	for i := range f {
		c[i] = canonical(barrettReduce(f[i]))
	}
	return c
}

// TestSampleNTTx4 compares the four-stream matrix sampling with
// SampleNTTVarTime for random ρ and indices, including lanes left empty.
func TestSampleNTTx4(t *testing.T) {
	nativePaths(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(7, 4))
		for trial := range 200 {
			var ρ [32]byte
			for i := range ρ {
				ρ[i] = byte(rng.Uint32())
			}
			var got [4]NTTPoly
			var out [4]*NTTPoly
			var idx [4][2]byte
			for l := range 4 {
				idx[l] = [2]byte{byte(rng.Uint32()), byte(rng.Uint32())}
				if (trial>>l)&1 == 0 || trial%16 == 15 {
					out[l] = &got[l]
				}
			}
			sampleNTTx4VarTime(&out, &ρ, &idx)
			for l := range 4 {
				if out[l] == nil {
					continue
				}
				var want NTTPoly
				SampleNTTVarTime(&want, &ρ, idx[l][0], idx[l][1])
				if want != got[l] {
					t.Fatalf("trial %d lane %d differs", trial, l)
				}
			}
		}
	})
}

// TestPRFNative compares prfNative with PRF_η by the scalar SHAKE256 for
// every batch size up to 9 and both η.
func TestPRFNative(t *testing.T) {
	nativePaths(t, func(t *testing.T) {
		var s [32]byte
		for i := range s {
			s[i] = byte(3 * i)
		}
		for _, η := range []int{2, 3} {
			for count := 1; count <= 9; count++ {
				B := make([][prfBytes]byte, count)
				prfNative(&s, byte(10*count), B, η)
				for i := range B {
					var x keccak.SHAKE256
					x.Write(s[:])
					x.Write([]byte{byte(10*count + i)})
					want := make([]byte, 64*η)
					x.Read(want)
					if !bytes.Equal(B[i][:64*η], want) {
						t.Fatalf("η %d, %d streams: stream %d differs", η, count, i)
					}
				}
			}
		}
	})
}

func BenchmarkNativeParts(b *testing.B) {
	p := MLKEM768
	var d [32]byte
	ek := make([]byte, p.EncapsulationKeySize)
	x := newExpanded(p, true)
	b.Run("keyGen/Fast", func(b *testing.B) {
		for b.Loop() {
			keyGenFast(p, &d, ek, x)
		}
	})
	b.Run("keyGen/Native", func(b *testing.B) {
		for b.Loop() {
			keyGenNative(p, &d, ek, x)
		}
	})
	b.Run("matrix/Fast", func(b *testing.B) {
		for b.Loop() {
			expandPublic(p, ek, x)
		}
	})
	b.Run("matrix/Native", func(b *testing.B) {
		for b.Loop() {
			expandPublicNative(p, ek, x)
		}
	})
	b.Run("NTT", func(b *testing.B) {
		var f Poly
		for b.Loop() {
			NTT(&f)
		}
	})
	b.Run("NTTInverse", func(b *testing.B) {
		var f NTTPoly
		for b.Loop() {
			NTTInverse(&f)
		}
	})
}
