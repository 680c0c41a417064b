// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

import "math/bits"

// montMulFast sets z = x·y·R⁻¹ mod m with the same contract as
// montMulSmall, in one pass per limb of y instead of two: the finely
// integrated form, where q is derived from the first column and each
// column then adds x[j]·y[i] and n[j]·q together, shifting down as it
// stores (two carry chains, t of L+1 limbs). Same 2L² + L multiplications
// as Small, about half the loads and stores of t.
func montMulFast(z, x, y []uint64, m *Modulus) {
	n := m.N
	L := len(n)
	var T [MaxLimbs + 1]uint64
	t := T[:L+1]
	x = x[:L]
	y = y[:L]
	n0 := m.N0
	for i := 0; i < L; i++ {
		yi := y[i]
		hi1, lo1 := bits.Mul64(x[0], yi)
		var cc uint64
		lo1, cc = bits.Add64(lo1, t[0], 0)
		c1 := hi1 + cc
		q := lo1 * n0
		hi2, lo2 := bits.Mul64(n[0], q)
		_, cc = bits.Add64(lo2, lo1, 0)
		c2 := hi2 + cc
		tt := t[:L]
		nn := n[:L]
		for j := 1; j < L; j++ {
			hi1, lo1 = bits.Mul64(x[j], yi)
			lo1, cc = bits.Add64(lo1, tt[j], 0)
			hi1 += cc
			lo1, cc = bits.Add64(lo1, c1, 0)
			c1 = hi1 + cc
			hi2, lo2 = bits.Mul64(nn[j], q)
			lo2, cc = bits.Add64(lo2, lo1, 0)
			hi2 += cc
			lo2, cc = bits.Add64(lo2, c2, 0)
			c2 = hi2 + cc
			tt[j-1] = lo2
		}
		s, cA := bits.Add64(c1, c2, 0)
		s, cB := bits.Add64(s, t[L], 0)
		t[L-1] = s
		t[L] = cA + cB
	}
	condSubtract(t[:L], n, t[L])
	copy(z[:L], t[:L])
}

// montSqrFast sets z = x²·R⁻¹ mod m for x < m: the square computed whole
// (each cross product x[i]·x[j], i < j, once, the sum doubled by a shift,
// then the diagonal added: L(L-1)/2 + L multiplications) followed by a
// separate Montgomery reduction of the 2L limbs (L² + L), that is
// 1.5L² + 1.5L instead of 2L² + L. Scratch: 2L limbs on the stack.
func montSqrFast(z, x []uint64, m *Modulus) {
	n := m.N
	L := len(n)
	var P [2 * MaxLimbs]uint64
	p := P[:2*L]
	x = x[:L]
	// Cross products.
	for i := 0; i < L-1; i++ {
		xi := x[i]
		var c, cc uint64
		row := p[2*i+1 : i+L+1] // positions i+j for j in i+1..L-1
		xs := x[i+1 : L]
		for j := range xs {
			hi, lo := bits.Mul64(xs[j], xi)
			lo, cc = bits.Add64(lo, row[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			row[j] = lo
			c = hi + cc
		}
		p[i+L] = c
	}
	// Double, then add the squares.
	var top uint64
	for i := range p {
		v := p[i]
		p[i] = v<<1 | top
		top = v >> 63
	}
	var c uint64
	for i := 0; i < L; i++ {
		hi, lo := bits.Mul64(x[i], x[i])
		p[2*i], c = bits.Add64(p[2*i], lo, c)
		p[2*i+1], c = bits.Add64(p[2*i+1], hi, c)
	}
	redc(z, p, m)
}

// redc sets z = p·R⁻¹ mod m for a 2L-limb p < m·R (Montgomery reduction
// of a whole product: one pass of q·n per low limb, carries into a running
// top word). p is destroyed.
func redc(z, p []uint64, m *Modulus) {
	n := m.N
	L := len(n)
	n0 := m.N0
	var top uint64
	for i := 0; i < L; i++ {
		q := p[i] * n0
		pi := p[i : i+L]
		var c, cc uint64
		for j := range pi {
			hi, lo := bits.Mul64(n[j], q)
			lo, cc = bits.Add64(lo, pi[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			pi[j] = lo
			c = hi + cc
		}
		p[i+L], top = bits.Add64(p[i+L], c, top)
	}
	r := p[L:]
	condSubtract(r, n, top)
	copy(z[:L], r)
}
