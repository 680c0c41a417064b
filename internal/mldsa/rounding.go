// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

// Rounding (FIPS 204, Section 7.4, Algorithms 35-40). Each function takes
// r in [0, q) (callers freeze first). The divisions by 2^d and by 2γ2 are by
// constants, which the compiler turns into a multiplication and shifts, and
// the special case of Decompose is a mask: all constant time.

// Power2Round returns (r1, r0) with r = r1·2^d + r0 and
// r0 ∈ (−2^(d−1), 2^(d−1)] (FIPS 204, Algorithm 35).
func Power2Round(r int32) (r1, r0 int32) {
	r1 = (r + (1 << (d - 1)) - 1) >> d
	return r1, r - r1<<d
}

// decompose88 is Decompose (FIPS 204, Algorithm 36) for γ2 = (q−1)/88:
// r1 = ⌊(r + γ2 − 1) / 2γ2⌋ gives r0 = r − 2γ2·r1 ∈ (−γ2, γ2]; the case
// r − r0 = q − 1 (r1 = 44) becomes r1 = 0, r0 − 1.
func decompose88(r int32) (r1, r0 int32) {
	const γ2 = (q - 1) / 88
	r1 = int32((uint32(r) + γ2 - 1) / (2 * γ2))
	r0 = r - r1*2*γ2
	m := (43 - r1) >> 31 // −1 if r1 = 44 (r1 ≤ 44 for r < q)
	return r1 &^ m, r0 + m
}

// decompose32 is Decompose for γ2 = (q−1)/32 (special case r1 = 16).
func decompose32(r int32) (r1, r0 int32) {
	const γ2 = (q - 1) / 32
	r1 = int32((uint32(r) + γ2 - 1) / (2 * γ2))
	r0 = r - r1*2*γ2
	// r1 ≤ 16 for r < q: bit 4 is set exactly in the special case.
	return r1 & 15, r0 - r1>>4
}

// Decompose returns (r1, r0) with r ≡ r1·2γ2 + r0 (mod q) (FIPS 204,
// Algorithm 36); HighBits and LowBits (Algorithms 37, 38) are its halves.
func (p *Params) Decompose(r int32) (r1, r0 int32) {
	if p.Gamma2 == (q-1)/88 {
		return decompose88(r)
	}
	return decompose32(r)
}

// UseHint returns the high bits of r corrected by the hint h ∈ {0, 1}
// (FIPS 204, Algorithm 40): r1 + 1 when h = 1 and r0 > 0, r1 − 1 when h = 1
// and r0 ≤ 0, modulo m = (q−1)/(2γ2). Verification only (public data).
func (p *Params) UseHint(h uint8, r int32) int32 {
	r1, r0 := p.Decompose(r)
	if h == 0 {
		return r1
	}
	m := int32((q - 1) / (2 * ((q - 1) / 32))) // 16
	if p.w1Bits == 6 {
		m = (q - 1) / (2 * ((q - 1) / 88)) // 44
	}
	if r0 > 0 {
		if r1 == m-1 {
			return 0
		}
		return r1 + 1
	}
	if r1 == 0 {
		return m - 1
	}
	return r1 - 1
}

// absMask returns |a| for |a| < 2^31 without a branch.
func abs32(a int32) int32 {
	m := a >> 31
	return (a ^ m) - m
}

// geMask returns −1 if a ≥ b and 0 otherwise, for 0 ≤ a, b < 2^30.
func geMask(a, b int32) int32 { return ^((a - b) >> 31) }

// The signing loop decomposes w once, w = w1·2γ2 + w0, and derives the rest
// of Algorithm 7 (the checks and the hints) from w0 without decomposing again:
//
//   - r0 = LowBits(w − cs2) is w0 − cs2 when |w0 − cs2| < γ2 − β, and has
//     |r0| ≥ γ2 − β whenever |w0 − cs2| ≥ γ2 − β (|cs2| ≤ β, so w0 − cs2
//     lies in (−γ2 − β, γ2 + β] and a wrap lands at distance ≥ γ2 − β
//     from 0): the norm check of r0 is the check of w0 − cs2.
//   - when it passes, HighBits(w − cs2) = w1, and w − cs2 + ct0 =
//     w1·2γ2 + u with u = w0 − cs2 + ct0, |u| < 2γ2 + β: its high bits
//     differ from w1 (MakeHint(−ct0, w − cs2 + ct0) = 1) exactly
//     when u > γ2 or u < −γ2, or u = −γ2 with w1 ≠ 0 (u = −γ2, w1 = 0 is
//     Decompose's special case r ≡ q − γ2, whose high bits are 0).
//
// ACVP's deterministic signatures and the differential tests check that
// the results are FIPS 204's.

// packW01 and unpackW01 keep (w0, w1) in one int32: w0·64 + w1, w1 < 44.
func packW01(w0, w1 int32) int32       { return w0<<6 | w1 }
func unpackW01(v int32) (w0, w1 int32) { return v >> 6, v & 63 }

// signChecks returns the rejection mask (−1 to reject) of the r0 and ct0
// checks for one coefficient and its hint bit, from w0, w1, cs2 and ct0
// (the last two centred).
func (p *Params) signChecks(w0, w1, cs2, ct0 int32) (bad int32, h uint32) {
	r0 := w0 - cs2
	bad = geMask(abs32(r0), p.Gamma2-p.Beta) | geMask(abs32(ct0), p.Gamma2)
	u := r0 + ct0
	gt := (p.Gamma2 - u) >> 31 // u > γ2
	lt := (u + p.Gamma2) >> 31 // u < −γ2
	eq := eqMask(int(u+p.Gamma2), 0) & ^eqMask(int(w1), 0)
	return bad, uint32(gt|lt|eq) & 1
}

// decomposeRow decomposes a row of w (|a[i]| < q, from InvNTTInPlace): it
// sets w01[i] = packW01(w0, w1) and a[i] = w1. The γ2 test is made once
// per row so that the per-coefficient code is Decompose inlined with its
// constant divisor.
func (p *Params) decomposeRow(w01 *[n]int32, a *RingElement) {
	if p.Gamma2 == (q-1)/88 {
		for c := range a {
			w1, w0 := decompose88(canon(a[c]))
			w01[c], a[c] = packW01(w0, w1), w1
		}
		return
	}
	for c := range a {
		w1, w0 := decompose32(canon(a[c]))
		w01[c], a[c] = packW01(w0, w1), w1
	}
}

// signRow is signChecks over one row, inlined: from the row's packed
// (w0, w1) and c·s2, c·t0 straight from InvNTTInPlace (|·| < q), it sets
// the row's 8 hint words and returns the rejection mask (−1 to reject) and
// the number of hints.
//
// c·s2 and c·t0 are centred with reduce32 alone: their true centred values
// are below τ·η ≤ 196 and τ·2^(d−1) ≤ 240,000 in absolute value, and for
// v + kq (k ∈ {−1, 0, 1}, |v| < 2^21) reduce32's quotient round(x / 2^23)
// is k, so it returns v, as centred(canon(·)) does. The hint test
// |u| > γ2, or u = −γ2 with w1 ≠ 0, is one sign test:
// γ2 − u < 0 or u + γ2 − [w1 ≠ 0] < 0. Each word of hints is built in a
// register and the count is the words' population count (popCount32,
// arithmetic: math/bits may use a table where the processor lacks POPCNT).
func (p *Params) signRow(w01 *[n]int32, cs2, ct0 *RingElement, hints []uint32) (bad, count int32) {
	γ2, γ2β := p.Gamma2, p.Gamma2-p.Beta
	hints = hints[:8]
	var acc int32
	for w := range hints {
		ws := (*[32]int32)(w01[32*w : 32*w+32])
		ss := (*[32]int32)(cs2[32*w : 32*w+32])
		ts := (*[32]int32)(ct0[32*w : 32*w+32])
		var hw uint32
		for c := range ws {
			w0, w1 := unpackW01(ws[c])
			r0 := w0 - reduce32(ss[c])
			t0 := reduce32(ts[c])
			acc |= (γ2β - 1 - abs32(r0)) | (γ2 - 1 - abs32(t0)) // negative: reject
			u := r0 + t0
			w1nz := int32(uint32(-w1) >> 31) // 1 if w1 ≠ 0
			h := uint32((γ2-u)|(u+γ2-w1nz)) >> 31
			hw |= h << c
		}
		hints[w] = hw
		count += popCount32(hw)
	}
	return acc >> 31, count
}

// popCount32 returns the number of bits set in x, with shifts, masks and
// one multiplication (no table, no branch).
func popCount32(x uint32) int32 {
	x -= (x >> 1) & 0x55555555
	x = x&0x33333333 + (x>>2)&0x33333333
	x = (x + x>>4) & 0x0f0f0f0f
	return int32((x * 0x01010101) >> 24)
}
