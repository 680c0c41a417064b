// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"crypto/subtle"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// Expanded is the Fast strategy's cache of a key in the NTT domain.
// Memory, in 1,024-byte polynomials: k·ℓ for Â, k for t̂1·2^d (a public
// key); ℓ + 2k more for ŝ1, ŝ2, t̂0 (a private key). ML-DSA-44: 20 / 32 KB,
// ML-DSA-65: 36 / 53 KB, ML-DSA-87: 64 / 87 KB (in KiB: see
// [Params.ExpandedBytes]).
//
// Â, t̂1·2^d, ŝ2 and t̂0 are kept multiplied by R/256 (ScaleNTT), the form
// InvNTTUnscaledInPlace wants its operands in; ŝ1 is kept plain, as z's
// transform also adds ŷ.
type Expanded struct {
	AHat  []NTTElement // Â[r][s]·R/256 at r·ℓ + s, |·| < q
	T1Hat []NTTElement // NTT(t1·2^d)·R/256, |·| < q
	S1Hat []NTTElement // NTT(s1), |·| < 9q; nil for a public key alone
	S2Hat []NTTElement // NTT(s2)·R/256, NTT(t0)·R/256, |·| < q; nil for a
	T0Hat []NTTElement // public key alone
}

// expandAScaled sets AHat to Â·R/256 (ExpandA, then ScaleNTT).
func expandAScaled(p *Params, AHat []NTTElement, ρ *[32]byte) {
	ExpandA(p, AHat, ρ)
	for i := range AHat[:p.K*p.L] {
		ScaleNTT(&AHat[i])
	}
}

// ExpandedBytes is the size of the Fast cache of a private key (true) or a
// public key alone (false).
func (p *Params) ExpandedBytes(private bool) int {
	polys := p.K*p.L + p.K
	if private {
		polys += p.L + 2*p.K
	}
	return polys * 4 * n
}

// NewExpanded allocates the Fast cache, with room for the private parts if
// private.
func NewExpanded(p *Params, private bool) *Expanded {
	k, l := p.K, p.L
	size := k*l + k
	if private {
		size += l + 2*k
	}
	buf := make([]NTTElement, size)
	x := &Expanded{AHat: buf[: k*l : k*l], T1Hat: buf[k*l : k*l+k : k*l+k]}
	if private {
		o := k*l + k
		x.S1Hat = buf[o : o+l : o+l]
		x.S2Hat = buf[o+l : o+l+k : o+l+k]
		x.T0Hat = buf[o+l+k:]
	}
	return x
}

// Wipe zeroes the cache.
func (x *Expanded) Wipe() {
	if x == nil {
		return
	}
	for _, s := range [][]NTTElement{x.AHat, x.T1Hat, x.S1Hat, x.S2Hat, x.T0Hat} {
		clear(s)
	}
}

// KeyGenFast is ML-DSA.KeyGen_internal (FIPS 204, Algorithm 6) filling the
// Fast cache x (allocated with private parts) as it goes. It writes the
// public key encoding to pk and, if sk is not nil, the private key encoding
// to sk; it returns K and tr.
func KeyGenFast(p *Params, ξ *[SeedSize]byte, pk, sk []byte, x *Expanded) (K [32]byte, tr [TrSize]byte) {
	ρ, ρp, K := expandSeed(p, ξ)
	expandAScaled(p, x.AHat, &ρ)
	for j := range p.L {
		RejBoundedPoly((*RingElement)(&x.S1Hat[j]), &ρp, j, p.Eta)
	}
	for i := range p.K {
		RejBoundedPoly((*RingElement)(&x.S2Hat[i]), &ρp, p.L+i, p.Eta)
	}
	return keyGenFromSamples(p, &ρ, &K, pk, sk, x)
}

// keyGenFromSamples finishes KeyGenFast (and KeyGenNative) once x.AHat
// holds Â·R/256 and x.S1Hat, x.S2Hat hold s1 and s2 as ring elements
// (ExpandA and ExpandS of Algorithm 6): it packs s1, s2, computes t, t0,
// t1, writes pk (and sk) and transforms the private parts in place.
func keyGenFromSamples(p *Params, ρ, K *[32]byte, pk, sk []byte, x *Expanded) (Kout [32]byte, tr [TrSize]byte) {
	for j := range p.L {
		s := (*RingElement)(&x.S1Hat[j])
		if sk != nil {
			packEta(p, sk[p.skS1(j):], s)
		}
		NTTInPlace(&x.S1Hat[j], s)
	}
	var t RingElement
	var tHat NTTElement
	for i := range p.K {
		s2 := (*RingElement)(&x.S2Hat[i])
		if sk != nil {
			packEta(p, sk[p.skS2(i):], s2)
		}
		InnerProductNTT(&tHat, x.AHat[i*p.L:(i+1)*p.L], x.S1Hat)
		InvNTTUnscaledInPlace(&t, &tHat)
		t0 := (*RingElement)(&x.T0Hat[i])
		t1 := (*RingElement)(&x.T1Hat[i])
		for c := range t {
			t1[c], t0[c] = Power2Round(freeze(t[c] + s2[c]))
		}
		PackT1(pk[32+i*T1Bytes:], t1)
		if sk != nil {
			packT0(sk[p.skT0(i):], t0)
		}
		NTTInPlace(&x.S2Hat[i], s2)
		NTTInPlace(&x.T0Hat[i], t0)
		ScaleNTT(&x.S2Hat[i])
		ScaleNTT(&x.T0Hat[i])
		for c := range t1 {
			t1[c] <<= d
		}
		NTTInPlace(&x.T1Hat[i], t1)
		ScaleNTT(&x.T1Hat[i])
	}
	copy(pk, ρ[:])
	tr = Tr(pk[:p.PublicKeySize])
	if sk != nil {
		copy(sk, ρ[:])
		copy(sk[32:], K[:])
		copy(sk[64:], tr[:])
	}
	return *K, tr
}

// ExpandPublicFast fills the public part of x (Â and t̂1·2^d) from an
// encoded public key (FIPS 204, Algorithm 23, pkDecode, and Algorithm 8). Every encoding of the right length is valid.
func ExpandPublicFast(p *Params, pk []byte, x *Expanded) {
	expandAScaled(p, x.AHat, (*[32]byte)(pk[:32]))
	expandT1(p, pk, x)
}

// expandT1 sets x.T1Hat = NTT(t1·2^d) from the encoded public key.
func expandT1(p *Params, pk []byte, x *Expanded) {
	for i := range p.K {
		t1 := (*RingElement)(&x.T1Hat[i])
		UnpackT1(t1, pk[32+i*T1Bytes:])
		for c := range t1 {
			t1[c] <<= d
		}
		NTTInPlace(&x.T1Hat[i], t1)
		ScaleNTT(&x.T1Hat[i])
	}
}

// skDecode checks and decodes the fixed fields of an encoded private key
// (FIPS 204, Algorithm 25) and calls f with each polynomial of s1, s2 and
// t0 decoded into a (which = 0, 1, 2 and index i). It returns
// ErrPrivateKey if a coefficient of s1 or s2 is outside [−η, η].
func skDecodeEach(p *Params, sk []byte, a *RingElement, f func(which, i int)) error {
	var bad int32
	for j := range p.L {
		bad |= unpackEta(p, (*[n]int32)(a), sk[p.skS1(j):])
		f(0, j)
	}
	for i := range p.K {
		bad |= unpackEta(p, (*[n]int32)(a), sk[p.skS2(i):])
		f(1, i)
	}
	for i := range p.K {
		unpackT0(a, sk[p.skT0(i):])
		f(2, i)
	}
	if bad != 0 {
		return ErrPrivateKey
	}
	return nil
}

// ImportFast loads an encoded private key (FIPS 204, Algorithm 25) into x
// and pk, and checks that it is consistent: t = A·s1 + s2 recomputed must
// give the encoded t0, and tr must be H(pk) for the public key it gives.
// The checks cost about one key generation. It returns K and tr.
func ImportFast(p *Params, sk, pk []byte, x *Expanded) (K [32]byte, tr [TrSize]byte, err error) {
	ρ := (*[32]byte)(sk[:32])
	expandAScaled(p, x.AHat, ρ)
	var a RingElement
	err = skDecodeEach(p, sk, &a, func(which, i int) {
		switch which {
		case 0:
			NTTInPlace(&x.S1Hat[i], &a)
		case 1:
			NTTInPlace(&x.S2Hat[i], &a)
			ScaleNTT(&x.S2Hat[i])
		case 2:
			NTTInPlace(&x.T0Hat[i], &a)
			ScaleNTT(&x.T0Hat[i])
		}
	})
	if err != nil {
		return
	}
	// t̂ = Â·ŝ1 (R^-1) + ŝ2·R^-1 in one reduction per coefficient.
	var tHat NTTElement
	var t RingElement
	var bad int
	for i := range p.K {
		InnerProductNTT(&tHat, x.AHat[i*p.L:(i+1)*p.L], x.S1Hat)
		s2 := &x.S2Hat[i]
		for c := range tHat {
			tHat[c] = reduce32(tHat[c] + fqmul(s2[c], 1))
		}
		InvNTTUnscaledInPlace(&t, &tHat)
		var t0 RingElement
		for c := range t {
			t[c], t0[c] = Power2Round(freeze(t[c]))
		}
		var enc [T0Bytes]byte
		packT0(enc[:], &t0)
		bad |= 1 ^ subtle.ConstantTimeCompare(enc[:], sk[p.skT0(i):p.skT0(i)+T0Bytes])
		PackT1(pk[32+i*T1Bytes:], &t)
	}
	copy(pk, ρ[:])
	tr = Tr(pk[:p.PublicKeySize])
	bad |= 1 ^ subtle.ConstantTimeCompare(tr[:], sk[64:128])
	if bad != 0 {
		return K, tr, ErrPrivateKey
	}
	expandT1(p, pk, x)
	copy(K[:], sk[32:64])
	return K, tr, nil
}

// ExpandedEncodingFast writes the private key encoding (FIPS 204,
// Algorithm 24) of a Fast key to sk, recovering s1, s2 and t0 from their
// NTT forms.
func ExpandedEncodingFast(p *Params, sk []byte, pk []byte, K *[32]byte, tr *[TrSize]byte, x *Expanded) {
	copy(sk, pk[:32])
	copy(sk[32:], K[:])
	copy(sk[64:], tr[:])
	var a RingElement
	// s1 = NTT^-1(ŝ1) = InvNTTInPlace(ŝ1·R^-1); s2 (t0) = NTT^-1(ŝ2) =
	// InvNTTUnscaledInPlace(ŝ2·(R/256)·R^-1).
	back := func(src *NTTElement, scaled bool) *RingElement {
		var h NTTElement
		for c := range h {
			h[c] = fqmul(src[c], 1)
		}
		if scaled {
			InvNTTUnscaledInPlace(&a, &h)
		} else {
			InvNTTInPlace(&a, &h)
		}
		for c := range a {
			a[c] = centred(freeze(a[c]))
		}
		return &a
	}
	for j := range p.L {
		packEta(p, sk[p.skS1(j):], back(&x.S1Hat[j], false))
	}
	for i := range p.K {
		packEta(p, sk[p.skS2(i):], back(&x.S2Hat[i], true))
		packT0(sk[p.skT0(i):], back(&x.T0Hat[i], true))
	}
}

// SignFast is ML-DSA.Sign_internal (FIPS 204, Algorithm 7) on a Fast key,
// given μ and rnd, writing the signature to sig. Per iteration:
// ℓ + 1 NTTs, 2k + ℓ inverse NTTs (see signAttempt), k·ℓ + 2ℓ + 2k
// pointwise products, and no matrix sampling. Every check of the
// iteration goes into one mask; the loop branches only on the iteration's
// outcome (see the package documentation). Stack: ŷ (7 polynomials), w
// (8) and 6 polynomials, about 24 KB.
func SignFast(p *Params, x *Expanded, K *[32]byte, μ *[MuSize]byte, rnd *[RndSize]byte, sig []byte) {
	sig = sig[:p.SignatureSize]
	ρpp := rhoPrimePrime(K, rnd, μ)
	var yHat [7]NTTElement
	for κ := 0; ; κ += p.L {
		expandMaskNTT(p, sig, yHat[:p.L], &ρpp, κ)
		if signAttempt(p, x, μ, yHat[:p.L], sig) {
			clear(yHat[:])
			return
		}
	}
}

// expandMaskNTT sets ŷ[j] = NTT(ExpandMask(ρ″, κ)[j]) for j < ℓ (FIPS 204,
// Algorithm 34, and line 12 of Algorithm 7), one SHAKE256 stream after
// another. It leaves y[j] encoded in the z[j] field of sig: ExpandMask's
// bytes are BitPack(y[j], γ1 − 1, γ1), the encoding of z, so signAttempt
// decodes y[j] from there just before it overwrites the field with z[j]
// (1 KB of stack instead of ℓ polynomials).
func expandMaskNTT(p *Params, sig []byte, yHat []NTTElement, ρpp *[64]byte, κ int) {
	for j := range yHat {
		zb := sig[p.sigZ(j) : p.sigZ(j)+p.ZBytes()]
		expandMaskBytes(zb, ρpp, κ+j)
		unpackZ(p, (*RingElement)(&yHat[j]), zb)
		NTTInPlace(&yHat[j], (*RingElement)(&yHat[j]))
	}
}

// pack10 is 2^10·R mod q: fqmul by it multiplies by 2^10.
const pack10 = 3669504

// signAttempt is one iteration of the loop of Algorithm 7 after the mask
// (lines 13-31) for y and ŷ = NTT(y): it writes z and, if the attempt is
// accepted, c̃ and the hints to sig, and reports whether it was; y is
// encoded in sig's z fields (see expandMaskNTT).
//
// c·s1 and c·s2 share inverse transforms: for j < ℓ (ℓ ≤ k), one
// InvNTTUnscaledInPlace of ĉ∘(ŝ1[j] + 2^10·ŝ2[j]) gives
// v = c·s1[j] + 2^10·c·s2[j] mod q, and as both products are below
// β ≤ 196 < 2^9 in absolute value, |v| < 2^18 is recovered exactly by
// reduce32, c·s1[j] is v's low 10 bits sign-extended and c·s2[j] the rest.
// That is k inverse transforms for c·s1 and c·s2 instead of k + ℓ
// (ML-DSA-65: 18 per iteration instead of 23 with w's and c·t0's), for
// two scalings of ĉ per iteration and y decoded again from sig.
func signAttempt(p *Params, x *Expanded, μ *[MuSize]byte, yHat []NTTElement, sig []byte) bool {
	var w01 [8][n]int32 // w0·64 + w1 per coefficient
	var cHat, tmp NTTElement
	var a, cs2 RingElement
	var hints [8 * 8]uint32
	var cTilde [64]byte
	var w1buf [32 * 6]byte
	var hs keccak.SHAKE256
	hs.Write(μ[:])
	for i := range p.K {
		InnerProductNTT(&tmp, x.AHat[i*p.L:(i+1)*p.L], yHat[:p.L])
		InvNTTUnscaledInPlace(&a, &tmp)
		p.decomposeRow(&w01[i], &a)
		w1Encode(p, w1buf[:], &a)
		hs.Write(w1buf[:p.W1Bytes()])
	}
	hs.Read(cTilde[:p.CTildeSize()])
	SampleInBall(p, &a, cTilde[:p.CTildeSize()])
	NTTInPlace(&cHat, &a)

	var bad int32
	// ŝ1 is plain and ŝ2 carries R/256 (see Expanded): ĉ·R/256 and
	// ĉ·2^10 bring both products to the form InvNTTUnscaledInPlace wants.
	var cHatS, cHat10 NTTElement // |·| < q
	for c := range cHat10 {
		cHatS[c] = fqmul(cHat[c], invNTTScale)
		cHat10[c] = fqmul(cHat[c], pack10)
	}
	var count int32
	for i := range p.K {
		if i < p.L {
			// |ŝ1| < 9q, |ŝ2| < q: the sum is below 10q² < q·2^31.
			InnerProduct2NTT(&tmp, &cHatS, &x.S1Hat[i], &cHat10, &x.S2Hat[i])
			InvNTTUnscaledInPlace(&a, &tmp)
			bad |= p.zRow(sig[p.sigZ(i):], &cs2, &a)
		} else {
			MultiplyNTT(&tmp, &cHat, &x.S2Hat[i])
			InvNTTUnscaledInPlace(&cs2, &tmp)
		}
		MultiplyNTT(&tmp, &cHat, &x.T0Hat[i])
		InvNTTUnscaledInPlace(&a, &tmp)
		b, cnt := p.signRow(&w01[i], &cs2, &a, hints[i*8:])
		bad |= b
		count += cnt
	}
	clear(w01[:])
	clear(cs2[:])
	bad |= geMask(count, int32(p.Omega)+1)
	if bad != 0 {
		return false
	}
	copy(sig, cTilde[:p.CTildeSize()])
	hintBitPackVarTime(p, sig[p.sigH():], hints[:])
	return true
}

// zRow finishes column j of z and row j of c·s2 (j < ℓ) from
// v = NTT^-1(ĉ∘(ŝ1[j] + 2^10·ŝ2[j])) (|v| < q, see signAttempt) and
// y[j], encoded in zb (the z[j] field of the signature, see
// expandMaskNTT): it sets cs2 = c·s2[j], writes z[j] = y[j] + c·s1[j] over
// y[j] in zb and returns −1 if ‖z[j]‖∞ ≥ γ1 − β (reject), 0 otherwise.
// v is overwritten.
func (p *Params) zRow(zb []byte, cs2, v *RingElement) int32 {
	var yi RingElement
	unpackZ(p, &yi, zb)
	γ1β := p.Gamma1 - p.Beta
	var bad int32
	for c := range v {
		w := reduce32(v[c])
		cs1 := w << 22 >> 22
		cs2[c] = (w - cs1) >> 10
		z := yi[c] + cs1 // z = y + c·s1
		bad |= geMask(abs32(z), γ1β)
		v[c] = z
	}
	packZ(p, zb, v)
	clear(yi[:])
	return bad
}

// VerifyFast is ML-DSA.Verify_internal (FIPS 204, Algorithm 8) on a Fast
// public key, given μ. Public data: it returns early on a malformed hint
// encoding or a large z.
func VerifyFast(p *Params, x *Expanded, μ *[MuSize]byte, sig []byte) bool {
	if len(sig) != p.SignatureSize || !hintCheckVarTime(p, sig[p.sigH():]) {
		return false
	}
	var zHat [7]NTTElement
	var cHat, tmp NTTElement
	var a RingElement
	var hrow [n]uint8
	var w1buf [32 * 6]byte
	for j := range p.L {
		z := (*RingElement)(&zHat[j])
		unpackZ(p, z, sig[p.sigZ(j):])
		for _, v := range z {
			if abs32(v) >= p.Gamma1-p.Beta {
				return false
			}
		}
		NTTInPlace(&zHat[j], z)
	}
	cTilde := sig[:p.CTildeSize()]
	SampleInBall(p, &a, cTilde)
	NTTInPlace(&cHat, &a)
	var hs keccak.SHAKE256
	hs.Write(μ[:])
	for i := range p.K {
		verifyRow(&tmp, x.AHat[i*p.L:(i+1)*p.L], zHat[:p.L], &x.T1Hat[i], &cHat)
		InvNTTUnscaledInPlace(&a, &tmp)
		hintRow(p, &hrow, sig[p.sigH():], i)
		for c := range a {
			a[c] = p.UseHint(hrow[c], canon(a[c]))
		}
		w1Encode(p, w1buf[:], &a)
		hs.Write(w1buf[:p.W1Bytes()])
	}
	var c2 [64]byte
	hs.Read(c2[:p.CTildeSize()])
	return subtle.ConstantTimeCompare(c2[:p.CTildeSize()], cTilde) == 1
}
