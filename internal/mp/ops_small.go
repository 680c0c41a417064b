// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// ops_fast.go is generated from this file by gen_ops.go: edit here.

package mp

// Small is the Small strategy: the operations of this file over the generic
// CIOS multiplier montMulSmall.
type Small struct{}

// ToMont sets z = a·R mod m (the Montgomery form of a mod m) for a of any
// number of limbs, by Horner's rule over L-limb chunks c of a from the top:
// z = (z + c)·R = montMul(z + c, R²), where z + c < m + R is brought below
// R by one masked subtraction of m (montMul takes any x below R). One
// multiplication per chunk and no scratch: z (L limbs, not aliasing a) is
// the only vector written. (A copy of each chunk and a second
// multiplication per chunk, the previous form, cost 512 B of stack.)
func (Small) ToMont(z, a []uint64, m *Modulus) {
	L := len(m.N)
	z = z[:L]
	clear(z)
	k := (len(a) + L - 1) / L
	for i := k - 1; i >= 0; i-- {
		c := Add(z, a[i*L:min(len(a), (i+1)*L)])
		condSubtract(z, m.N, c)
		montMulSmall(z, z, m.RR, m)
	}
}

// FromMont sets z = x·R⁻¹ mod m, leaving the Montgomery domain (a
// Montgomery reduction in place, without the vector 1 a multiplication
// would need).
func (Small) FromMont(z, x []uint64, m *Modulus) {
	copy(z[:len(m.N)], x)
	montReduce(z[:len(m.N)], m)
}

// MontMul sets z = x·y·R⁻¹ mod m.
func (Small) MontMul(z, x, y []uint64, m *Modulus) { montMulSmall(z, x, y, m) }

// Exp sets z = x^e·R mod m (Montgomery form) for x in Montgomery form,
// with a fixed window of w bits (1 ≤ w ≤ 6): the table holds x^0..x^(2^w-1)
// in Montgomery form, followed by the accumulator and the selected entry
// ((2^w + 2)·L limbs in all, provided by the caller: the window is the
// configuration's speed/memory trade-off, TableLimbs), the exponent is read from
// the top in w-bit windows over all 64·len(e) bits, and each window costs w
// squarings, one full scan of the table and one multiplication, whatever
// the window's value (a zero window multiplies by R, the form of 1).
// Cost: 64·len(e) squarings, ⌈64·len(e)/w⌉ multiplications and 2^w - 2
// for the table.
func (Small) Exp(z, x, e []uint64, m *Modulus, table []uint64, w uint) {
	L := len(m.N)
	size := 1 << w
	acc := table[size*L : (size+1)*L]
	sel := table[(size+1)*L : (size+2)*L]
	table = table[:size*L]
	copy(table[:L], m.One)
	copy(table[L:2*L], x[:L])
	for i := 2; i < size; i++ {
		montMulSmall(table[i*L:(i+1)*L], table[(i-1)*L:i*L], x, m)
	}
	copy(acc, m.One)
	nbits := 64 * len(e)
	top := nbits - nbits%int(w)
	if top == nbits {
		top -= int(w)
	}
	// Windows start at bit positions top, top-w, …, 0; the first (highest)
	// may be narrower than w.
	first := true
	for pos := top; pos >= 0; pos -= int(w) {
		if !first {
			for k := uint(0); k < w; k++ {
				montSqrSmall(acc, acc, m)
			}
		}
		first = false
		idx := window(e, pos, w)
		lookup(sel, table, idx, L)
		montMulSmall(acc, acc, sel, m)
	}
	copy(z[:L], acc)
}

// ExpVarTime sets z = x^e mod m for x < m in normal form and a public
// exponent e > 0: left-to-right square and multiply, branching on e. z may
// alias x (x is read only into its Montgomery form, before z is written);
// the accumulator is z itself.
func (Small) ExpVarTime(z, x []uint64, e uint64, m *Modulus) {
	L := len(m.N)
	var X [MaxLimbs]uint64
	xm, acc := X[:L], z[:L]
	montMulSmall(xm, x, m.RR, m)
	copy(acc, xm)
	for i := 62 - leadingZeros(e); i >= 0; i-- {
		montSqrSmall(acc, acc, m)
		if e>>uint(i)&1 == 1 {
			montMulSmall(acc, acc, xm, m)
		}
	}
	Small{}.FromMont(z, acc, m)
}

// PrivateCRT sets z = c^d mod n (len(n) limbs) from c < n with the CRT key
// k (RFC 8017, Section 5.1.2, step 2.b with u = 2 primes):
//
//	m_1 = c^dP mod p, m_2 = c^dQ mod q, h = (m_1 - m_2)·qInv mod p,
//	m = m_2 + q·h.
//
// table must hold TableLimbs(max(len(p), len(q)), w) limbs; z may be its
// first len(z) limbs (written last).
func (Small) PrivateCRT(z, c []uint64, k *CRTKey, table []uint64, w uint) {
	p, q := k.P, k.Q
	Lp, Lq := len(p.N), len(q.N)
	// Two vectors of a prime's size on the stack (528 B for 4096-bit
	// keys); the rest is in the table once the exponentiations are done.
	var B, M1 [MaxHalfLimbs]uint64
	// m_1 in Montgomery form mod p.
	Small{}.ToMont(B[:Lp], c, p)
	Small{}.Exp(M1[:Lp], B[:Lp], k.DP, p, table, w)
	// m_2 mod q, in normal form, in B (Exp writes its result last).
	Small{}.ToMont(B[:Lq], c, q)
	Small{}.Exp(B[:Lq], B[:Lq], k.DQ, q, table, w)
	Small{}.FromMont(B[:Lq], B[:Lq], q)
	// h = (m_1 - m_2)·qInv mod p in the table, after the Lp + Lq limbs
	// of the product below (2Lp + Lq ≤ 3·max(Lp, Lq) limbs in all): m_2
	// enters the Montgomery domain of p, the difference stays in it, and
	// the product with qInv (normal form) leaves it.
	H := table[Lp+Lq : 2*Lp+Lq]
	Small{}.ToMont(H, B[:Lq], p)
	modSub(H, M1[:Lp], H, p.N)
	montMulSmall(H, H, k.QInv, p)
	// m = m_2 + q·h < n, the product in the table's first Lp + Lq limbs
	// (the table holds at least 4·max(Lp, Lq); the caller clears it).
	P := table[:Lp+Lq]
	Mul(P, q.N, H)
	Add(P, B[:Lq])
	copy(z, P[:len(z)])
	clear(B[:])
	clear(M1[:])
}

// Private sets z = c^d mod n without the CRT: one exponentiation with the
// full-length exponent d (len(n) limbs). table must hold
// TableLimbs(len(n), w) limbs; z may be its first len(z) limbs (written
// last).
func (Small) Private(z, c, d []uint64, n *Modulus, table []uint64, w uint) {
	L := len(n.N)
	var B [MaxLimbs]uint64
	Small{}.ToMont(B[:L], c, n)
	Small{}.Exp(B[:L], B[:L], d, n, table, w)
	Small{}.FromMont(z, B[:L], n)
	clear(B[:])
}
