// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

import "math/bits"

// GCD and exact division for key generation (λ(n) = LCM(p-1, q-1),
// FIPS 186-5, Appendix A.1.1). Both run a number of passes fixed by the
// (public) limb count, each pass a masked operation on whole vectors: no
// branch or index depends on the values. They are quadratic in the limb
// count with small constants (GCD of two 2048-bit numbers: 8,192 passes
// over 32 limbs) and allocate their scratch: for key generation, not per
// operation.

// GCD sets g = gcd(x, y) for x, y > 0 of equal length L (len(g) = L), in
// constant time, with a fixed-iteration binary GCD (Stein's algorithm with
// every step masked):
//
//  1. 64·L passes halve a and b together while both are even, counting
//     the common factor 2^s (x > 0 has fewer than 64·L trailing zeros);
//  2. a and b are swapped if a is even, so a is odd;
//  3. 128·L passes of: if b is odd, (a, b) = (min, max - min); then
//     b = b/2. a stays odd and gcd(a, b) is unchanged; each pass with
//     b ≠ 0 lowers bitlen(a) + bitlen(b) ≤ 128·L by at least one, so b
//     reaches 0 and a is the odd part of the GCD;
//  4. 64·L passes double a while the pass index is below s.
func GCD(g, x, y []uint64) {
	L := len(x)
	a, b := g, make([]uint64, L)
	copy(a, x)
	copy(b, y)
	var s uint64
	for i := 0; i < 64*L; i++ {
		even := (a[0]|b[0])&1 ^ 1
		shiftRight1(a, even)
		shiftRight1(b, even)
		s += even
	}
	condSwap(a, b, a[0]&1^1)
	for i := 0; i < 128*L; i++ {
		odd := b[0] & 1
		condSwap(a, b, Less(b, a)&odd)
		condSub(b, a, odd)
		shiftRight1(b, 1)
	}
	for i := 0; i < 64*L; i++ {
		// i < s, both below 2^63: the sign bit of i - s.
		shiftLeft1(a, (uint64(i)-s)>>63)
	}
	clear(b)
}

// Div sets q = ⌊a/n⌋ for n > 0 (len(q) = len(a), any len(n)), in constant
// time: schoolbook binary long division, one masked subtraction per bit of
// a, the remainder kept in len(n) limbs of scratch and the bit shifted out
// of its top in a word.
func Div(q, a, n []uint64) {
	r := make([]uint64, len(n))
	divMod(q, r, a, n)
	clear(r)
}

// divMod sets r = a mod n (len(r) = len(n)) and, unless q is nil, q =
// ⌊a/n⌋ (len(q) = len(a)): for each bit of a from the top, r = 2r + bit
// and a masked subtraction of n, whose bit is the quotient's. Div and
// Reduce.
func divMod(q, r, a, n []uint64) {
	clear(r)
	clear(q)
	for i := len(a)*64 - 1; i >= 0; i-- {
		// r = 2r + bit i of a, with c the bit shifted out of r.
		c := r[len(r)-1] >> 63
		shiftLeft1(r, 1)
		r[0] |= a[i/64] >> uint(i%64) & 1
		// Subtract n when r (counting c) is at least n; r < 2n.
		sub := condSubtract(r, n, c)
		if q != nil { // public: Div or Reduce
			q[i/64] |= sub << uint(i%64)
		}
	}
}

// shiftRight1 sets x = x >> 1 if m == 1 (m is 0 or 1).
func shiftRight1(x []uint64, m uint64) {
	mask := -m
	for i := range x {
		v := x[i] >> 1
		if i+1 < len(x) { // public length
			v |= x[i+1] << 63
		}
		x[i] ^= (x[i] ^ v) & mask
	}
}

// shiftLeft1 sets x = x << 1 (the top bit dropped) if m == 1.
func shiftLeft1(x []uint64, m uint64) {
	mask := -m
	for i := len(x) - 1; i >= 0; i-- {
		v := x[i] << 1
		if i > 0 { // public index
			v |= x[i-1] >> 63
		}
		x[i] ^= (x[i] ^ v) & mask
	}
}

// condSwap swaps x and y if m == 1.
func condSwap(x, y []uint64, m uint64) {
	mask := -m
	for i := range x {
		t := (x[i] ^ y[i]) & mask
		x[i] ^= t
		y[i] ^= t
	}
}

// condSub sets x = x - y (mod 2^(64·len(x))) if m == 1.
func condSub(x, y []uint64, m uint64) {
	mask := -m
	var b uint64
	for i := range x {
		x[i], b = bits.Sub64(x[i], y[i]&mask, b)
	}
}
