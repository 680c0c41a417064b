// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build !purego

package mlkem

import (
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	"github.com/cryptolab-go/cryptolab/internal/gentest"
)

// TestGeneratedNTT checks that ntt_amd64.s is what gen_ntt_amd64.go writes.
func TestGeneratedNTT(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_ntt_amd64.go", Args: []string{"-o", "$DIR/ntt_amd64.s"}}, "ntt_amd64.s")
}

// TestNTTAVX2 compares the AVX2 transforms with NTT and NTTInverse int16
// for int16 over random inputs across their whole input ranges (|f| < q)
// and the extremes.
func TestNTTAVX2(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(9, 203))
	for trial := range 3000 {
		var f Poly
		for i := range f {
			switch trial {
			case 0:
				f[i] = q - 1
			case 1:
				f[i] = -(q - 1)
			case 2:
				f[i] = int16(q - 1 - 2*(q-1)*(i&1))
			default:
				f[i] = int16(rng.IntN(2*q-1)) - (q - 1)
			}
		}
		g := f
		nttAVX2((*[n]int16)(&g), nttTableReady())
		want := *NTT(&f)
		if NTTPoly(g) != want {
			t.Fatalf("trial %d: NTT differs", trial)
		}
		h := want
		nttInverseAVX2((*[n]int16)(&h), nttTableReady())
		wantInv := *NTTInverse(&want)
		if Poly(h) != wantInv {
			t.Fatalf("trial %d: NTTInverse differs (round trip input)", trial)
		}
		var r NTTPoly
		for i := range r {
			r[i] = g[i]
			if trial > 2 {
				r[i] = int16(rng.IntN(2*q-1)) - (q - 1)
			}
		}
		s := r
		nttInverseAVX2((*[n]int16)(&s), nttTableReady())
		if Poly(s) != *NTTInverse(&r) {
			t.Fatalf("trial %d: NTTInverse differs", trial)
		}
	}
}

func BenchmarkNTTAVX2(b *testing.B) {
	var f [n]int16
	b.Run("NTT", func(b *testing.B) {
		for b.Loop() {
			nttAVX2(&f, nttTableReady())
		}
	})
	b.Run("NTTInverse", func(b *testing.B) {
		for b.Loop() {
			nttInverseAVX2(&f, nttTableReady())
		}
	})
}

// TestInnerProductAVX2 compares innerProductAVX2 and its Go form
// innerProductγ2 with InnerProductNTT, int16 for int16, for k = 1..4,
// both strides, over random inputs within InnerProductNTT's bounds and
// the extremes.
func TestInnerProductAVX2(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(12, 203))
	for trial := range 400 {
		k := 1 + trial%4
		stride := 1 + (trial/4)%2*(k-1)
		f := make([]NTTPoly, k*k)
		g := make([]NTTPoly, k)
		γ := make([]polyγ, k)
		γ2 := make([]polyγ2, k)
		for j := range f {
			for i := range f[j] {
				f[j][i] = int16(rng.IntN(q))
				if trial < 4 {
					f[j][i] = q - 1
				}
			}
		}
		for j := range g {
			for i := range g[j] {
				g[j][i] = int16(rng.IntN(q)) - q/2
				if trial < 4 {
					g[j][i] = -q / 2
				}
			}
			precomputeγ(&γ[j], &g[j])
			precomputeγ2(&γ2[j], &g[j])
		}
		for j := range g {
			var a polyγ2
			precomputeγ2AVX2(&a, &g[j], nttTableReady())
			if a != γ2[j] {
				t.Fatalf("trial %d: precomputeγ2AVX2 differs", trial)
			}
		}
		var want, got, goForm NTTPoly
		InnerProductNTT(&want, f, stride, g, γ)
		innerProductAVX2(&got, &f[0], stride*2*n, &γ2[0], k, nttTableReady())
		innerProductγ2(&goForm, f, stride, γ2)
		if got != want || goForm != want {
			t.Fatalf("trial %d (k %d, stride %d): inner product differs (avx2 %v, go form %v)", trial, k, stride, got == want, goForm == want)
		}
	}
}

// TestCBD2AVX2 compares the AVX2 SamplePolyCBD_2 (store and add) with
// samplePolyCBDBytes over random bytes and the extremes, adding to random
// polynomials with |f| < q.
func TestCBD2AVX2(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(2, 8))
	for trial := range 2000 {
		var B [128]byte
		for i := range B {
			B[i] = byte(rng.Uint32())
			if trial < 2 {
				B[i] = byte(0xff * trial)
			}
		}
		var want, got Poly
		samplePolyCBDBytes(&want, B[:], 2, false)
		cbd2AVX2((*[n]int16)(&got), &B, nttTableReady())
		if got != want {
			t.Fatalf("trial %d: store differs", trial)
		}
		for i := range want {
			want[i] = int16(rng.IntN(2*q-1)) - (q - 1)
		}
		got = want
		samplePolyCBDBytes(&want, B[:], 2, true)
		cbd2AddAVX2((*[n]int16)(&got), &B, nttTableReady())
		if got != want {
			t.Fatalf("trial %d: add differs", trial)
		}
	}
}
