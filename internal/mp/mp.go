// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package mp is cryptolab's constant-time multi-precision arithmetic for
// RSA: natural numbers as fixed-length little-endian vectors of 64-bit
// limbs, Montgomery multiplication modulo an odd modulus, and fixed-window
// modular exponentiation whose window table is read by full scans.
//
// Lengths are public: a number modulo m always has exactly m's limb count,
// and every loop runs over whole vectors. Values are secret: no branch,
// memory index or division depends on them, except in functions whose name
// ends in VarTime (public exponents, public moduli).
//
// Two strategies implement the same operations, named by the pages'
// "mathematics" column:
//
//	Small  one generic word-serial CIOS Montgomery loop (montMulSmall),
//	       squaring is a multiplication; the least code.
//	Fast   on amd64, whole products then a separate Montgomery reduction,
//	       with a dedicated squaring (each cross product once: 1.5L²
//	       instead of 2L² limb products), over assembly rows (MULX with
//	       the ADCX/ADOX carry chains, straight-line for the RSA sizes;
//	       fast.go, addmul_amd64.s); in Go (other architectures, -tags
//	       purego), finely integrated product scanning with the
//	       accumulator in registers (montMulFIPS, fips.go), which measured
//	       faster in Go than rows or a dedicated squaring.
//
// The operations above the multiplier (conversion into the Montgomery
// domain, exponentiation, CRT recombination, public exponentiation) are
// written once in ops_small.go and copied for Fast into ops_fast.go by
// gen_ops.go, so each strategy calls its multiplier statically (no
// function values or interfaces: those would move the stack scratch to the
// heap) and a program links only the strategy it names.
//
// Scratch lives on the stack in arrays of MaxLimbs limbs (4096-bit moduli);
// the callers provide the exponentiation window table, whose size is the
// configuration's memory trade-off.
package mp

import (
	"errors"
	"math/bits"
)

// MaxLimbs is the largest modulus handled, in 64-bit limbs (4096 bits).
const MaxLimbs = 64

// MaxHalfLimbs bounds the limbs of a CRT prime: a 4096-bit modulus has two
// primes of at most 2048 bits, and CRT keys are only accepted with primes of
// at most half the modulus limbs plus one.
const MaxHalfLimbs = MaxLimbs/2 + 1

// Modulus is an odd modulus m > 1 with its precomputed Montgomery constants
// (R = 2^(64·L) for L limbs): computed once, when a key is made.
type Modulus struct {
	N    []uint64 // m, L limbs, N[L-1] != 0
	RR   []uint64 // R² mod m
	One  []uint64 // R mod m, the Montgomery form of 1
	N0   uint64   // -m⁻¹ mod 2^64
	Bits int      // bit length of m (public)
}

// Limbs returns the number of limbs of m.
func (m *Modulus) Limbs() int { return len(m.N) }

var errModulus = errors.New("mp: modulus must be odd, greater than one and at most 4096 bits")

// NewModulus returns m (big-endian bytes, leading zeros allowed) with its
// Montgomery constants. It runs in time that depends only on the length of b
// and on the (public) bit length of m, so it serves secret primes too; the
// bit length of a secret prime is public in RSA (half the modulus).
func NewModulus(b []byte) (*Modulus, error) {
	// Strip leading zero bytes: the byte length of m is public.
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	L := (len(b) + 7) / 8
	if L == 0 || L > MaxLimbs || b[len(b)-1]&1 == 0 || (len(b) == 1 && b[0] == 1) {
		return nil, errModulus
	}
	m := &Modulus{N: make([]uint64, L), RR: make([]uint64, L), One: make([]uint64, L)}
	SetBytes(m.N, b)
	m.Bits = 64*(L-1) + bits.Len64(m.N[L-1])
	m.N0 = negInv(m.N[0])
	// R mod m and R² mod m by doubling: start from 2^(Bits-1) < m and
	// double with a masked subtraction, 64·L-Bits+1 times for R and
	// 64·L more for R².
	x := m.One
	x[(m.Bits-1)/64] = 1 << ((m.Bits - 1) % 64)
	for i := m.Bits - 1; i < 64*L; i++ {
		modDouble(x, m.N)
	}
	copy(m.RR, x)
	for i := 0; i < 64*L; i++ {
		modDouble(m.RR, m.N)
	}
	return m, nil
}

// negInv returns -a⁻¹ mod 2^64 for odd a (Newton iteration: each step
// doubles the number of correct low bits, from 3).
func negInv(a uint64) uint64 {
	x := a // correct to 3 bits: a·a ≡ 1 mod 8 for odd a
	for i := 0; i < 5; i++ {
		x *= 2 - a*x
	}
	return -x
}

// modDouble sets x = 2x mod n for x < n.
func modDouble(x, n []uint64) {
	var c uint64
	for i := range x {
		nx := x[i]<<1 | c
		c = x[i] >> 63
		x[i] = nx
	}
	// x + c·2^(64L) ≥ n ⇔ c == 1 or no borrow in x - n.
	condSubtract(x, n, c)
}

// condSubtract sets x = x - n if hi == 1 or x ≥ n, where hi is an extra top
// limb (0 or 1) of x, and returns 1 if it subtracted, 0 if not. The caller
// guarantees x + hi·R < 2n. Two passes, no scratch: the first only computes
// the borrow of x - n.
func condSubtract(x, n []uint64, hi uint64) uint64 {
	var b uint64
	for i := range x {
		_, b = bits.Sub64(x[i], n[i], b)
	}
	// Subtract when hi == 1 or b == 0: sub = hi | (1-b).
	sub := hi | (1 ^ b)
	mask := -sub
	b = 0
	for i := range x {
		x[i], b = bits.Sub64(x[i], n[i]&mask, b)
	}
	return sub
}

// montReduce sets x = x·R⁻¹ mod m in place for any L-limb x (below R):
// L word-serial steps x = (x + q·m)/2^64 with q = x[0]·(-m⁻¹) mod 2^64,
// the bit above the top limb in hi, then a masked subtraction. The result
// is below m: x·R⁻¹ + Q·m/R < 1 + m with x < R and Q < R. Constant time.
func montReduce(x []uint64, m *Modulus) {
	n := m.N
	L := len(n)
	var hi uint64
	for i := 0; i < L; i++ {
		q := x[0] * m.N0
		h, lo := bits.Mul64(n[0], q)
		_, cc := bits.Add64(lo, x[0], 0)
		c := h + cc
		for j := 1; j < L; j++ {
			h, lo = bits.Mul64(n[j], q)
			lo, cc = bits.Add64(lo, x[j], 0)
			h += cc
			lo, cc = bits.Add64(lo, c, 0)
			h += cc
			x[j-1] = lo
			c = h
		}
		x[L-1], hi = bits.Add64(c, hi, 0)
	}
	condSubtract(x, n, hi)
}

// SetBytes sets z to the big-endian b. b must fit in len(z) limbs; the
// caller checks that (lengths are public).
func SetBytes(z []uint64, b []byte) {
	clear(z)
	for i := 0; i < len(b); i++ {
		j := len(b) - 1 - i // byte weight 256^i
		z[i/8] |= uint64(b[j]) << (8 * (i % 8))
	}
}

// FillBytes writes x big-endian into b, zero-padded or truncated on the
// left to len(b) (the caller knows the value fits).
func FillBytes(b []byte, x []uint64) {
	for i := 0; i < len(b); i++ {
		j := len(b) - 1 - i
		var v byte
		if i/8 < len(x) {
			v = byte(x[i/8] >> (8 * (i % 8)))
		}
		b[j] = v
	}
}

// BytesFitVarTime reports whether the big-endian b has no nonzero byte
// beyond what L limbs hold. It branches on b: for public inputs.
func BytesFitVarTime(b []byte, L int) bool {
	for i := 0; i < len(b)-8*L; i++ {
		if b[i] != 0 {
			return false
		}
	}
	return true
}

// Trim returns b without the bytes beyond what L limbs hold, which the
// caller has checked are zero.
func Trim(b []byte, L int) []byte {
	if len(b) > 8*L {
		return b[len(b)-8*L:]
	}
	return b
}

// Less returns 1 if x < y and 0 otherwise (equal lengths).
func Less(x, y []uint64) uint64 {
	var b uint64
	for i := range x {
		_, b = bits.Sub64(x[i], y[i], b)
	}
	return b
}

// Equal returns 1 if x == y and 0 otherwise (equal lengths).
func Equal(x, y []uint64) uint64 {
	var d uint64
	for i := range x {
		d |= x[i] ^ y[i]
	}
	return 1 ^ ((d | -d) >> 63)
}

// IsZero returns 1 if x == 0 and 0 otherwise.
func IsZero(x []uint64) uint64 {
	var d uint64
	for i := range x {
		d |= x[i]
	}
	return 1 ^ ((d | -d) >> 63)
}

// modSub sets z = x - y mod n for x, y < n.
func modSub(z, x, y, n []uint64) {
	var b uint64
	for i := range z {
		z[i], b = bits.Sub64(x[i], y[i], b)
	}
	mask := -b
	var c uint64
	for i := range z {
		z[i], c = bits.Add64(z[i], n[i]&mask, c)
	}
}

// Mul sets z = x·y (schoolbook, constant time). len(z) must be at least
// len(x)+len(y); the limbs of z beyond are zeroed.
func Mul(z, x, y []uint64) {
	clear(z)
	for i, yi := range y {
		var c uint64
		for j, xj := range x {
			hi, lo := bits.Mul64(xj, yi)
			var cc uint64
			lo, cc = bits.Add64(lo, z[i+j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			z[i+j] = lo
			c = hi
		}
		z[i+len(x)] = c
	}
}

// Add sets z = z + x, returning the carry out (len(x) ≤ len(z)).
func Add(z, x []uint64) uint64 {
	var c uint64
	for i := range z {
		var xi uint64
		if i < len(x) { // public length
			xi = x[i]
		}
		z[i], c = bits.Add64(z[i], xi, c)
	}
	return c
}

// SubOne sets z = x - 1 for odd x (clearing the low bit), as p-1 for a
// prime p.
func SubOne(z, x []uint64) {
	copy(z, x)
	z[0] &^= 1
}

// Reduce sets z = a mod n for any length of a and any n > 0 (even moduli
// included: p-1), bit by bit: for each bit of a from the top, z = 2z + bit
// and a masked subtraction. It costs len(a)·64 passes over z: for key
// construction only (dP = d mod p-1), never per operation. len(z) =
// len(n). It is Div's long division (gcd.go, divMod) without the quotient.
func Reduce(z, a, n []uint64) { divMod(nil, z, a, n) }
