// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build !purego

package mldsa

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

// TestNTTAVX2 compares the AVX2 transforms with NTTInPlace, InvNTTInPlace
// and InvNTTUnscaledInPlace int32 for int32, over random inputs across
// their input ranges (|·| < q) and the extremes.
func TestNTTAVX2(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(41, 204))
	for trial := range 2000 {
		var w RingElement
		for i := range w {
			switch trial {
			case 0:
				w[i] = q - 1
			case 1:
				w[i] = -(q - 1)
			default:
				w[i] = int32(rng.IntN(2*q-1)) - (q - 1)
			}
		}
		var want, got NTTElement
		NTTInPlace(&want, &w)
		nttNative(&got, &w)
		if got != want {
			t.Fatalf("trial %d: NTT differs", trial)
		}
		h := NTTElement(w)
		var wi, gi, wu, gu RingElement
		InvNTTInPlace(&wi, &h)
		invNTTNative(&gi, &h)
		if gi != wi {
			t.Fatalf("trial %d: inverse NTT differs", trial)
		}
		var g9 NTTElement
		for i := range g9 {
			g9[i] = int32(rng.IntN(18*q-1)) - (9*q - 1)
			if trial < 2 {
				g9[i] = 9*q - 1
			}
		}
		var mw, mg NTTElement
		MultiplyNTT(&mw, &want, &g9)
		multiplyNTTNative(&mg, &want, &g9)
		if mg != mw {
			t.Fatalf("trial %d: MultiplyNTT differs", trial)
		}
		sw, sg := h, h
		ScaleNTT(&sw)
		scaleNTTNative(&sg)
		if sg != sw {
			t.Fatalf("trial %d: ScaleNTT differs", trial)
		}
		InvNTTUnscaledInPlace(&wu, &h)
		invNTTUnscaledNative(&gu, &h)
		if gu != wu {
			t.Fatalf("trial %d: unscaled inverse NTT differs", trial)
		}
	}
}

func BenchmarkNTTAVX2(b *testing.B) {
	var a [n]int32
	b.Run("NTT", func(b *testing.B) {
		for b.Loop() {
			nttAVX2(&a, nttTableReady())
		}
	})
	b.Run("InvNTT", func(b *testing.B) {
		for b.Loop() {
			invNTTAVX2(&a, nttTableReady())
		}
	})
	var w RingElement
	var h NTTElement
	b.Run("NTT/go", func(b *testing.B) {
		for b.Loop() {
			NTTInPlace(&h, &w)
		}
	})
	b.Run("InvNTT/go", func(b *testing.B) {
		for b.Loop() {
			InvNTTInPlace(&w, &h)
		}
	})
}

// TestInnerProductAVX2 compares innerProductAVX2 with InnerProductNTT for
// ℓ = 1..7 over random inputs within its bounds (|â| < q, |b̂| < 9q).
func TestInnerProductAVX2(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(46, 204))
	for trial := range 700 {
		l := 1 + trial%7
		a, b := make([]NTTElement, l), make([]NTTElement, l)
		for j := range l {
			for i := range n {
				a[j][i] = int32(rng.IntN(2*q-1)) - (q - 1)
				b[j][i] = int32(rng.IntN(18*q-1)) - (9*q - 1)
				if trial < 7 {
					a[j][i], b[j][i] = q-1, 9*q-1
				}
			}
		}
		var want, got NTTElement
		InnerProductNTT(&want, a, b)
		innerProductNative(&got, a, b)
		if got != want {
			t.Fatalf("trial %d (ℓ %d): inner product differs", trial, l)
		}
		// Verification's row: one more product, −ĉ ∘ t̂1.
		var t1, negC NTTElement
		for i := range n {
			t1[i] = int32(rng.IntN(2*q-1)) - (q - 1)
			negC[i] = int32(rng.IntN(18*q-1)) - (9*q - 1)
		}
		verifyRow(&want, a, b, &t1, &negC)
		verifyRowNative(&got, a, b, &t1, &negC)
		if got != want {
			t.Fatalf("trial %d (ℓ %d): verification row differs", trial, l)
		}
	}
}
