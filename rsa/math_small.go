// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// math_fast.go is generated from this file by gen_math.go: edit here.

package rsa

import "github.com/cryptolab-go/cryptolab/internal/mp"

// privateSmall is RSADP / RSASP1 (RFC 8017, Sections 5.1.2 and 5.2.1) on
// the Small mathematics: c (Size() bytes, public) to c^d mod n in out, with
// the CRT when the key has it and the window table given. Before
// returning, the result is raised to e and compared with c (the
// countermeasure to the Bellcore fault attack on the CRT: a faulty half
// would reveal a prime); on a mismatch out is cleared. out is the result
// of the configuration's method (Size() bytes), written in place (no copy
// of 512 bytes per call level); it may be c itself (c is read first).
func privateSmall(k *PrivateKey, c []byte, table []uint64, w uint, out []byte) error {
	n := k.pub.n
	L := n.Limbs()
	var C [mp.MaxLimbs]uint64
	mp.SetBytes(C[:L], c)
	if mp.Less(C[:L], n.N) != 1 {
		return errInputRange
	}
	// The result in the table's first L limbs (the table is free once
	// the exponentiation is done; it holds at least 4 prime sizes with
	// CRT, 4 moduli without): 512 B less stack than a vector of its own.
	Z := table[:L]
	if k.crt != nil {
		mp.Small{}.PrivateCRT(Z, C[:L], k.crt, table, w)
	} else {
		mp.Small{}.Private(Z, C[:L], k.d, n, table, w)
	}
	mp.FillBytes(out[:k.pub.size], Z)
	mp.Small{}.ExpVarTime(Z, Z, k.pub.e, n)
	ok := mp.Equal(Z, C[:L])
	clear(table)
	if ok != 1 {
		clear(out)
		return errFault
	}
	return nil
}

// publicSmall is RSAEP / RSAVP1 (RFC 8017, Sections 5.1.1 and 5.2.2):
// s (Size() bytes) to s^e mod n in out, in variable time (public data).
// out is the result of the configuration's method, written in place, and
// the exponentiation works in the vector holding s (512 B less stack
// than separate input and result vectors).
func publicSmall(k *PublicKey, s []byte, out *[maxBytes]byte) error {
	n := k.n
	L := n.Limbs()
	var S [mp.MaxLimbs]uint64
	mp.SetBytes(S[:L], s)
	if mp.Less(S[:L], n.N) != 1 {
		return errInputRange
	}
	mp.Small{}.ExpVarTime(S[:L], S[:L], k.e, n)
	mp.FillBytes(out[:k.size], S[:L])
	return nil
}

// modExpSmall sets z = x^e mod m in constant time with a 4-bit window
// (key construction: qInv = q^(p-2) mod p).
func modExpSmall(z, x, e []uint64, m *mp.Modulus) {
	L := m.Limbs()
	var t [(1<<4 + 2) * mp.MaxLimbs]uint64
	var X [mp.MaxLimbs]uint64
	mp.Small{}.ToMont(X[:L], x, m)
	mp.Small{}.Exp(X[:L], X[:L], e, m, t[:], 4)
	mp.Small{}.FromMont(z, X[:L], m)
	clear(t[:])
	clear(X[:])
}

// mrWitnessSmall runs one round of the Miller–Rabin test (FIPS 186-5,
// Appendix B.3.1, steps 4.1-4.7) on the candidate w with w-1 = 2^a·m and
// the base b (1 < b < w-1), and reports whether b witnesses that w is
// composite. It runs in time that depends on a (the 2-adic valuation of
// w-1, a few bits of the candidate), not on the values: every one of the
// a-1 squarings is done, and the comparisons with 1 and w-1 are
// accumulated in a mask.
func mrWitnessSmall(w *mp.Modulus, b, m []uint64, a int) bool {
	L := w.Limbs()
	var t [(1<<4 + 2) * mp.MaxLimbs]uint64
	var Z, M1 [mp.MaxLimbs]uint64
	z, minusOne := Z[:L], M1[:L]
	copy(minusOne, w.N) // R·(-1) mod w = w - (R mod w)
	var borrow uint64
	for i := range minusOne {
		minusOne[i], borrow = sub64(minusOne[i], w.One[i], borrow)
	}
	mp.Small{}.ToMont(z, b, w)
	mp.Small{}.Exp(z, z, m, w, t[:], 4)
	ok := mp.Equal(z, w.One) | mp.Equal(z, minusOne)
	for j := 1; j < a; j++ {
		mp.Small{}.MontMul(z, z, z, w)
		ok |= mp.Equal(z, minusOne)
	}
	clear(t[:])
	clear(Z[:])
	return ok == 0
}
