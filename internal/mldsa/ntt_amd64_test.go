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
		var t1, cHat NTTElement
		for i := range n {
			t1[i] = int32(rng.IntN(2*q-1)) - (q - 1)
			cHat[i] = int32(rng.IntN(18*q-1)) - (9*q - 1)
		}
		verifyRow(&want, a, b, &t1, &cHat)
		verifyRowNative(&got, a, b, &t1, &cHat)
		if got != want {
			t.Fatalf("trial %d (ℓ %d): verification row differs", trial, l)
		}
	}
}

// TestDecomposeAVX2 compares decompose32AVX2 and decompose88AVX2 with
// decomposeRow for every input in (−q, q), 256 at a time.
func TestDecomposeAVX2(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	for _, p := range []*Params{MLDSA44, MLDSA65} {
		for start := int32(-(q - 1)); start < q; start += n {
			var a, b RingElement
			for i := range a {
				v := start + int32(i)
				if v >= q {
					v = q - 1
				}
				a[i] = v
			}
			b = a
			var wa, wb [n]int32
			p.decomposeRow(&wa, &a)
			p.decomposeRowNative(&wb, &b)
			if a != b || wa != wb {
				t.Fatalf("%s: decomposition of %d… differs", p.Name, start)
			}
		}
	}
}

// TestRowsAVX2 compares signRowAVX2 and zRowAVX2 with signRow and zRow
// over random inputs in their ranges, mostly near the rejection bounds so
// that both outcomes and many hints occur.
func TestRowsAVX2(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(47, 204))
	var outcomes [2][2]int // [signRow, zRow][accepted, rejected]
	defer func() {
		if outcomes[0][0] == 0 || outcomes[0][1] == 0 || outcomes[1][0] == 0 || outcomes[1][1] == 0 {
			t.Errorf("outcomes not all exercised: %v", outcomes)
		}
	}()
	for trial := range 3000 {
		p := []*Params{MLDSA44, MLDSA65, MLDSA87}[trial%3]
		var a, cs2, ct0 RingElement
		spread := []int32{q - 1, 2 * p.Gamma2, p.Gamma2 / 8}[trial/3%3]
		for i := range a {
			a[i] = int32(rng.IntN(2*int(spread)+1)) - spread
			// c·s2, c·t0 as the inverse NTT gives them: small values
			// plus a multiple of q in {−1, 0, 1}.
			cs2[i] = int32(rng.IntN(2*int(p.Beta)+41)) - p.Beta - 20 + q*int32(rng.IntN(3)-1)
			ct0[i] = int32(rng.IntN(2*int(p.Gamma2)+2001)) - p.Gamma2 - 1000 + q*int32(rng.IntN(3)-1)
			if cs2[i] >= q || cs2[i] <= -q {
				cs2[i] -= q * (cs2[i]>>31*2 + 1)
			}
			if ct0[i] >= q || ct0[i] <= -q {
				ct0[i] -= q * (ct0[i]>>31*2 + 1)
			}
		}
		var w01 [n]int32
		b := a
		p.decomposeRow(&w01, &b)
		var hw, hg [8]uint32
		bw, cw := p.signRow(&w01, &cs2, &ct0, hw[:])
		bg, cg := p.signRowNative(&w01, &cs2, &ct0, hg[:])
		if bw != bg || cw != cg || hw != hg {
			t.Fatalf("trial %d: signRow differs: (%d, %d, %x) vs (%d, %d, %x)", trial, bw, cw, hw, bg, cg, hg)
		}
		outcomes[0][-bw]++
		// zRow: v = c·s1 + 2^10·c·s2 (+ a multiple of q), y in (−γ1, γ1].
		var v RingElement
		zb := make([]byte, p.ZBytes())
		var y RingElement
		for i := range v {
			s1 := int32(rng.IntN(2*int(p.Beta)+1)) - p.Beta
			s2 := int32(rng.IntN(2*int(p.Beta)+1)) - p.Beta
			v[i] = s1 + s2<<10 + q*int32(rng.IntN(3)-1)
			if v[i] >= q || v[i] <= -q {
				v[i] = s1 + s2<<10
			}
			y[i] = p.Gamma1 - int32(rng.IntN(int(2*p.Gamma1)))
			if trial%2 == 0 {
				y[i] = p.Gamma1 - int32(rng.IntN(2*int(p.Beta)+8)) // near the bound
			}
		}
		packZ(p, zb, &y)
		zb2 := append([]byte(nil), zb...)
		v2 := v
		var sw, sg RingElement
		bw = p.zRow(zb, &sw, &v)
		bg = p.zRowNative(zb2, &sg, &v2)
		if bw != bg || sw != sg || v != v2 || string(zb) != string(zb2) {
			t.Fatalf("trial %d: zRow differs (%d vs %d)", trial, bw, bg)
		}
		outcomes[1][-bw]++
	}
}

// TestUnpackZAVX2 compares unpackZ20AVX2 and unpackZ18AVX2 with unpackZ
// over random fields (every bit pattern decodes) and the extremes.
func TestUnpackZAVX2(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(48, 204))
	for trial := range 600 {
		p := []*Params{MLDSA44, MLDSA65}[trial%2]
		src := make([]byte, p.ZBytes()+8)
		for i := range src {
			src[i] = byte(rng.Uint32())
			if trial < 4 {
				src[i] = byte(0xff * (trial / 2))
			}
		}
		var want, got RingElement
		unpackZ(p, &want, src)
		unpackZNative(p, &got, src)
		if got != want {
			t.Fatalf("trial %d (%s): z decoding differs", trial, p.Name)
		}
	}
}

// TestSignRowPOPCNT checks that signing's row loop leaves the AVX2 code,
// which counts hints with POPCNT, when POPCNT is absent, and that the
// fallback gives the same row. (The proof that nothing else executes
// POPCNT unchecked is the emulated run without it: qemu-x86_64 -cpu
// Haswell,-popcnt, README "Testing".)
func TestSignRowPOPCNT(t *testing.T) {
	if !cpu.X86.HasAVX2 || !cpu.X86.HasPOPCNT {
		t.Skip("no AVX2 or no POPCNT")
	}
	if !hasSignRowAVX2() {
		t.Fatal("AVX2 and POPCNT present, but signRowNative would not use them")
	}
	rng := rand.New(rand.NewPCG(3, 23))
	p := MLDSA65
	var a, cs2, ct0 RingElement
	for i := range a {
		a[i] = int32(rng.IntN(q))
		cs2[i] = int32(rng.IntN(2*int(p.Beta)+1)) - p.Beta
		ct0[i] = int32(rng.IntN(2*int(p.Gamma2)+1)) - p.Gamma2
	}
	var w01 [n]int32
	p.decomposeRow(&w01, &a)
	var hAVX2, hGo [8]uint32
	b1, c1 := p.signRowNative(&w01, &cs2, &ct0, hAVX2[:])
	restore, err := cpu.Disable("popcnt")
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	if hasSignRowAVX2() {
		t.Fatal("signRowNative would run POPCNT with POPCNT disabled")
	}
	b2, c2 := p.signRowNative(&w01, &cs2, &ct0, hGo[:])
	if b1 != b2 || c1 != c2 || hAVX2 != hGo {
		t.Errorf("without POPCNT: (%d, %d, %x), with: (%d, %d, %x)", b2, c2, hGo, b1, c1, hAVX2)
	}
}
