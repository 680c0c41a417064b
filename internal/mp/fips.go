// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

import "math/bits"

// montMulFIPS sets z = x·y·R⁻¹ mod m by finely integrated product scanning
// (FIPS, Koç, Acar and Kaliski 1996): column by column, the products
// x[j]·y[i-j] and q[j]·n[i-j] are summed into a three-word accumulator
// held in registers, q[i] chosen to clear the low word of column i < L,
// and columns L to 2L-1 give the result. 2L² + L limb products, with no
// load or store of a partial product per multiplication: in Go, where
// each carry is an explicit add, this measured faster than rows through
// a call each. Constant time: loops over whole vectors, masked final
// subtraction. z may alias x or y; x < R, y < m.
func montMulFIPS(z, x, y []uint64, m *Modulus) {
	n := m.N
	L := len(n)
	x, y = x[:L], y[:L]
	var Q, U [MaxLimbs]uint64
	q, u := Q[:L], U[:L]
	n0 := m.N0
	var t0, t1, t2 uint64
	for i := 0; i < L; i++ {
		for j := 0; j < i; j++ {
			hi, lo := bits.Mul64(x[j], y[i-j])
			var c uint64
			t0, c = bits.Add64(t0, lo, 0)
			t1, c = bits.Add64(t1, hi, c)
			t2 += c
			hi, lo = bits.Mul64(q[j], n[i-j])
			t0, c = bits.Add64(t0, lo, 0)
			t1, c = bits.Add64(t1, hi, c)
			t2 += c
		}
		hi, lo := bits.Mul64(x[i], y[0])
		var c uint64
		t0, c = bits.Add64(t0, lo, 0)
		t1, c = bits.Add64(t1, hi, c)
		t2 += c
		qi := t0 * n0
		q[i] = qi
		hi, lo = bits.Mul64(qi, n[0])
		_, c = bits.Add64(t0, lo, 0) // the low word becomes zero
		t1, c = bits.Add64(t1, hi, c)
		t2 += c
		t0, t1, t2 = t1, t2, 0
	}
	for i := L; i < 2*L; i++ {
		for j := i - L + 1; j < L; j++ {
			hi, lo := bits.Mul64(x[j], y[i-j])
			var c uint64
			t0, c = bits.Add64(t0, lo, 0)
			t1, c = bits.Add64(t1, hi, c)
			t2 += c
			hi, lo = bits.Mul64(q[j], n[i-j])
			t0, c = bits.Add64(t0, lo, 0)
			t1, c = bits.Add64(t1, hi, c)
			t2 += c
		}
		u[i-L] = t0
		t0, t1, t2 = t1, t2, 0
	}
	// The result is u + t0·R < 2m.
	condSubtract(u, n, t0)
	copy(z[:L], u)
	clear(Q[:L])
}
