// Package mont is the "Small" arithmetic of cryptolab's NIST curves: one
// generic, constant-time Montgomery multiplier (word-serial CIOS, coarsely
// integrated operand scanning, over 64-bit limbs with math/bits) that serves
// every modulus of P-256 and P-384 — both field primes p and both group
// orders n — from the same few hundred bytes of code.
//
// Elements are fixed arrays of MaxLimbs words, little-endian limbs, of which a
// modulus of N limbs uses the first N (the rest stay zero). They are kept in
// Montgomery form x·R mod m with R = 2^(64·N), always fully reduced (< m).
// The same representation is used by the curve-specialised "Fast" arithmetic
// in internal/nist/unrolled, so values and precomputed tables are shared
// between the two.
//
// Speed/size knob: the loops here are not unrolled and the limb count is a
// run-time value, so one copy of the code serves four moduli; the price is
// roughly 2-3x the time of the unrolled multipliers.
//
// Every function is constant time in the values of its operands (branches
// and loop bounds depend only on N, which is public), except those named
// VarTime.
package mont

import (
	"encoding/binary"
	"math/bits"
)

// MaxLimbs is the largest supported modulus size in 64-bit words (P-384).
const MaxLimbs = 6

// Elem is a residue in Montgomery form, little-endian 64-bit limbs.
type Elem [MaxLimbs]uint64

// Modulus describes an odd modulus m of N limbs whose top limb is non-zero,
// with the constants the Montgomery multiplication needs.
type Modulus struct {
	N     int    // limbs
	M     Elem   // the modulus
	M0Inv uint64 // -m^-1 mod 2^64
	RR    Elem   // R^2 mod m, to enter Montgomery form
	One   Elem   // R mod m, the Montgomery form of 1
	Bytes int    // length of the big-endian encoding, 8·N
}

// NewModulus prepares m given as big-endian bytes (8·N bytes, N ≤ MaxLimbs).
// It runs once per modulus at package initialisation.
func NewModulus(be []byte) *Modulus {
	if len(be)%8 != 0 || len(be) == 0 || len(be) > 8*MaxLimbs {
		panic("mont: bad modulus length")
	}
	md := &Modulus{N: len(be) / 8, Bytes: len(be)}
	for i := 0; i < md.N; i++ {
		for j := 0; j < 8; j++ {
			md.M[i] |= uint64(be[len(be)-1-8*i-j]) << (8 * j)
		}
	}
	if md.M[0]&1 == 0 || md.M[md.N-1] == 0 {
		panic("mont: modulus must be odd with a non-zero top limb")
	}
	// Newton's iteration for m0^-1 mod 2^64: each step doubles the correct bits.
	inv := md.M[0]
	for range 6 {
		inv *= 2 - md.M[0]*inv
	}
	md.M0Inv = -inv
	// R mod m and R^2 mod m by repeated modular doubling from 1.
	var x Elem
	x[0] = 1
	for i := 0; i < 64*md.N; i++ {
		md.Add(&x, &x, &x)
	}
	md.One = x
	for i := 0; i < 64*md.N; i++ {
		md.Add(&x, &x, &x)
	}
	md.RR = x
	return md
}

// Mul sets z = x·y·R^-1 mod m (CIOS). z may alias x or y.
func (md *Modulus) Mul(z, x, y *Elem) {
	n := md.N
	var t [MaxLimbs + 2]uint64
	for i := 0; i < n; i++ {
		// t += x·y[i]
		var c, cc uint64
		yi := y[i]
		for j := 0; j < n; j++ {
			hi, lo := bits.Mul64(x[j], yi)
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j], c = lo, hi
		}
		t[n], cc = bits.Add64(t[n], c, 0)
		t[n+1] = cc
		// t = (t + q·m) / 2^64 with q chosen so that the low word vanishes.
		q := t[0] * md.M0Inv
		hi, lo := bits.Mul64(q, md.M[0])
		_, cc = bits.Add64(lo, t[0], 0)
		c = hi + cc
		for j := 1; j < n; j++ {
			hi, lo := bits.Mul64(q, md.M[j])
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j-1], c = lo, hi
		}
		t[n-1], cc = bits.Add64(t[n], c, 0)
		t[n] = t[n+1] + cc
	}
	md.reduceOnce(z, &t, t[n])
}

// reduceOnce sets z = t - m if t (n limbs plus the carry word hi) ≥ m, else t.
// z (which the callers no longer read as an input) holds t - m until the
// masked selection: no third element on the stack, under every field
// operation of the Small arithmetic (stack: issue 17).
func (md *Modulus) reduceOnce(z *Elem, t *[MaxLimbs + 2]uint64, hi uint64) {
	n := md.N
	var b uint64
	for j := 0; j < n; j++ {
		z[j], b = bits.Sub64(t[j], md.M[j], b)
	}
	_, b = bits.Sub64(hi, 0, b)
	// b == 1: t < m, keep t.
	mask := -b
	for j := 0; j < n; j++ {
		z[j] ^= (z[j] ^ t[j]) & mask
	}
}

// Sqr sets z = x²·R^-1 mod m.
func (md *Modulus) Sqr(z, x *Elem) { md.Mul(z, x, x) }

// Add sets z = x + y mod m.
func (md *Modulus) Add(z, x, y *Elem) {
	var t [MaxLimbs + 2]uint64
	var c uint64
	for j := 0; j < md.N; j++ {
		t[j], c = bits.Add64(x[j], y[j], c)
	}
	md.reduceOnce(z, &t, c)
}

// Sub sets z = x - y mod m. z may alias x or y: limb j of each is read
// before limb j of z is written, so the difference goes straight to z.
func (md *Modulus) Sub(z, x, y *Elem) {
	var b uint64
	for j := 0; j < md.N; j++ {
		z[j], b = bits.Sub64(x[j], y[j], b)
	}
	mask := -b
	var c uint64
	for j := 0; j < md.N; j++ {
		z[j], c = bits.Add64(z[j], md.M[j]&mask, c)
	}
}

// ToMont sets z = x·R mod m for x < m given in plain form.
func (md *Modulus) ToMont(z, x *Elem) { md.Mul(z, x, &md.RR) }

// FromMont sets z = x·R^-1 mod m, leaving Montgomery form.
func (md *Modulus) FromMont(z, x *Elem) {
	var one Elem
	one[0] = 1
	md.Mul(z, x, &one)
}

// SetBytes decodes a big-endian value of exactly md.Bytes bytes into plain
// (non-Montgomery) limbs. It returns 1 if the value is below m and 0
// otherwise, in constant time; z is written either way.
func (md *Modulus) SetBytes(z *Elem, be []byte) uint64 {
	*z = Elem{}
	for i := 0; i < md.N; i++ {
		for j := 0; j < 8; j++ {
			z[i] |= uint64(be[md.Bytes-1-8*i-j]) << (8 * j)
		}
	}
	return md.Less(z, &md.M)
}

// Less returns 1 if x < y as N-limb integers, 0 otherwise.
func (md *Modulus) Less(x, y *Elem) uint64 {
	var b uint64
	for j := 0; j < md.N; j++ {
		_, b = bits.Sub64(x[j], y[j], b)
	}
	return b
}

// FillBytes writes the plain value x as md.Bytes big-endian bytes into dst.
// Not inlined, and a word at a time: inlined byte by byte at ecdsa's five
// call sites it took 246 bytes more code in a Small-Low signing program.
//
//go:noinline
func (md *Modulus) FillBytes(dst []byte, x *Elem) {
	for i := 0; i < md.N; i++ {
		binary.BigEndian.PutUint64(dst[md.Bytes-8*(i+1):], x[i])
	}
}

// IsZero returns 1 if x == 0 and 0 otherwise.
func (md *Modulus) IsZero(x *Elem) uint64 {
	var acc uint64
	for j := 0; j < md.N; j++ {
		acc |= x[j]
	}
	return 1 ^ ((acc | -acc) >> 63)
}

// Equal returns 1 if x == y and 0 otherwise.
func (md *Modulus) Equal(x, y *Elem) uint64 {
	var acc uint64
	for j := 0; j < md.N; j++ {
		acc |= x[j] ^ y[j]
	}
	return 1 ^ ((acc | -acc) >> 63)
}
