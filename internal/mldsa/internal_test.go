// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"bytes"
	"math/bits"
	"testing"

	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
)

func TestKeyGenAgainstCircl65(t *testing.T) {
	p := MLDSA65
	var ξ [32]byte
	for i := range ξ {
		ξ[i] = byte(i)
	}
	pk := make([]byte, p.PublicKeySize)
	sk := make([]byte, p.PrivateKeySize)
	x := NewExpanded(p, true)
	KeyGenFast(p, &ξ, pk, sk, x)
	cpk, csk := mldsa65.NewKeyFromSeed(&ξ)
	cpkb, _ := cpk.MarshalBinary()
	cskb, _ := csk.MarshalBinary()
	if !bytes.Equal(pk, cpkb) {
		t.Fatal("pk differs")
	}
	if !bytes.Equal(sk, cskb) {
		t.Fatal("sk differs")
	}
	pk2 := make([]byte, p.PublicKeySize)
	sk2 := make([]byte, p.PrivateKeySize)
	var acc, a NTTElement
	KeyGenLowRAM(p, &ξ, pk2, sk2, &acc, &a)
	if !bytes.Equal(pk, pk2) || !bytes.Equal(sk, sk2) {
		t.Fatal("LowRAM keygen differs")
	}
}

func TestSignAgainstCircl65(t *testing.T) {
	p := MLDSA65
	var ξ [32]byte
	ξ[0] = 7
	pk := make([]byte, p.PublicKeySize)
	sk := make([]byte, p.PrivateKeySize)
	x := NewExpanded(p, true)
	K, tr := KeyGenFast(p, &ξ, pk, sk, x)
	_, csk := mldsa65.NewKeyFromSeed(&ξ)
	cpk := csk.Public().(*mldsa65.PublicKey)
	for i := range 20 {
		msg := []byte{byte(i), 1, 2, 3}
		ctx := []byte("ctx")
		m := Message{Kind: Pure, Ctx: ctx, M: msg}
		μ := m.Mu(&tr)
		var rnd [32]byte
		sig := make([]byte, p.SignatureSize)
		SignFast(p, x, &K, &μ, &rnd, sig)
		csig := make([]byte, p.SignatureSize)
		if err := mldsa65.SignTo(csk, msg, ctx, false, csig); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sig, csig) {
			t.Fatalf("%d: signature differs", i)
		}
		sig2 := make([]byte, p.SignatureSize)
		var wPack [2 * 6 * W1PackSize]byte
		var hints [6 * 8]uint32
		var cHat, a NTTElement
		SignLowRAM(p, sk, &μ, &rnd, sig2, wPack[:], hints[:], &cHat, &a)
		if !bytes.Equal(sig, sig2) {
			t.Fatalf("%d: LowRAM signature differs", i)
		}
		if !VerifyFast(p, x, &μ, sig) {
			t.Fatalf("%d: VerifyFast rejects", i)
		}
		var acc NTTElement
		if !VerifyLowRAM(p, pk, &μ, sig, &acc, &a, wPack[:W1PackSize]) {
			t.Fatalf("%d: VerifyLowRAM rejects", i)
		}
		if !mldsa65.Verify(cpk, msg, ctx, sig) {
			t.Fatalf("%d: circl rejects", i)
		}
		sig[100] ^= 1
		if VerifyFast(p, x, &μ, sig) || VerifyLowRAM(p, pk, &μ, sig, &acc, &a, wPack[:W1PackSize]) {
			t.Fatalf("%d: accepts a mutated signature", i)
		}
	}
}

// TestInvNTTUnscaled checks that InvNTTUnscaledInPlace of a product with a
// ScaleNTT'ed operand equals InvNTTInPlace of the plain product.
func TestInvNTTUnscaled(t *testing.T) {
	var f, g RingElement
	for i := range f {
		f[i] = int32((i*7919 + 13) % q)
		g[i] = int32((i*104729+7)%9) - 4
	}
	fHat, gHat := NTT(&f), NTT(&g)
	var prod NTTElement
	MultiplyNTT(&prod, &fHat, &gHat)
	var want, got RingElement
	InvNTTInPlace(&want, &prod)
	gs := gHat
	ScaleNTT(&gs)
	MultiplyNTT(&prod, &fHat, &gs)
	InvNTTUnscaledInPlace(&got, &prod)
	for i := range want {
		if canon(want[i]) != canon(got[i]) || got[i] >= q || got[i] <= -q {
			t.Fatalf("coefficient %d: %d, want %d", i, got[i], want[i])
		}
	}
}

func TestPopCount32(t *testing.T) {
	for _, x := range []uint32{0, 1, 0x80000000, 0xffffffff, 0x12345678, 0xdeadbeef, 0x55555555} {
		if got, want := popCount32(x), int32(bits.OnesCount32(x)); got != want {
			t.Errorf("popCount32(%#x) = %d, want %d", x, got, want)
		}
	}
}

// TestReduce32Centred checks the claim signRow and the z loop rely on:
// for v + kq with k ∈ {−1, 0, 1} and |v| < 2^21, reduce32 returns v
// (= centred(canon(·)) of InvNTT's |·| < q outputs).
func TestReduce32Centred(t *testing.T) {
	for v := int32(-(1 << 21) + 1); v < 1<<21; v += 7 {
		for _, k := range []int32{-1, 0, 1} {
			x := v + k*q
			if x <= -q || x >= q {
				continue
			}
			if got, want := reduce32(x), centred(canon(x)); got != v || want != v {
				t.Fatalf("reduce32(%d) = %d, centred(canon) = %d, want %d", x, got, want, v)
			}
		}
	}
}

// TestDecomposeExhaustive compares decompose88 and decompose32 with
// Decompose as FIPS 204, Algorithm 36 writes it (r0 = r mod± 2γ2, and the
// case r − r0 = q − 1), for every r in [0, q).
func TestDecomposeExhaustive(t *testing.T) {
	for _, tc := range []struct {
		γ2 int32
		f  func(int32) (int32, int32)
	}{{(q - 1) / 88, decompose88}, {(q - 1) / 32, decompose32}} {
		α := 2 * tc.γ2
		for r := int32(0); r < q; r++ {
			r0 := r % α
			if r0 > α/2 {
				r0 -= α
			}
			var r1 int32
			if r-r0 == q-1 {
				r1, r0 = 0, r0-1
			} else {
				r1 = (r - r0) / α
			}
			if g1, g0 := tc.f(r); g1 != r1 || g0 != r0 {
				t.Fatalf("γ2 = %d: Decompose(%d) = (%d, %d), want (%d, %d)", tc.γ2, r, g1, g0, r1, r0)
			}
		}
	}
}

// TestSampleInBall compares the masked SampleInBall with the direct swaps
// of SampleInBallVarTime (FIPS 204, Algorithm 29) for many c̃.
func TestSampleInBall(t *testing.T) {
	for _, p := range []*Params{MLDSA44, MLDSA65, MLDSA87} {
		ct := make([]byte, p.CTildeSize())
		for i := range 300 {
			ct[0], ct[1] = byte(i), byte(i>>8)
			var a, b RingElement
			SampleInBall(p, &a, ct)
			SampleInBallVarTime(p, &b, ct)
			if a != b {
				t.Fatalf("c̃ %x: SampleInBall differs from SampleInBallVarTime", ct)
			}
		}
	}
}
