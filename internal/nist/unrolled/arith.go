package unrolled

import "math/bits"

// The multiply-accumulate steps of the generated code, small enough to be
// inlined: each is a 64×64→128-bit product plus one or two words, which
// cannot overflow 128 bits ((2^64-1)² + 2·(2^64-1) = 2^128 - 1).

// mulAdd returns x·y + a as (hi, lo).
func mulAdd(x, y, a uint64) (hi, lo uint64) {
	hi, lo = bits.Mul64(x, y)
	var c uint64
	lo, c = bits.Add64(lo, a, 0)
	return hi + c, lo
}

// mulAdd2 returns x·y + a + b as (hi, lo).
func mulAdd2(x, y, a, b uint64) (hi, lo uint64) {
	hi, lo = bits.Mul64(x, y)
	var c uint64
	lo, c = bits.Add64(lo, a, 0)
	hi += c
	lo, c = bits.Add64(lo, b, 0)
	return hi + c, lo
}

// addWide returns (hi·2^64 + lo) + a + b as (hi, lo), where hi:lo is a
// product q·m of two words (computed with shifts for the special limbs of
// the NIST primes), so the sum fits as for mulAdd2.
func addWide(hi, lo, a, b uint64) (uint64, uint64) {
	var c uint64
	lo, c = bits.Add64(lo, a, 0)
	hi += c
	lo, c = bits.Add64(lo, b, 0)
	return hi + c, lo
}

// The products q·L for the special limbs L of the NIST moduli, computed
// with shifts and subtractions instead of a multiplication, plus a and b.

// mulOnesAdd2 returns q·(2^64-1) + a + b = q·2^64 - q + a + b.
func mulOnesAdd2(q, a, b uint64) (hi, lo uint64) {
	lo, c := bits.Sub64(0, q, 0)
	return addWide(q-c, lo, a, b)
}

// mulLowOnesAdd2 returns q·(2^32-1) + a + b = q·2^32 - q + a + b.
func mulLowOnesAdd2(q, a, b uint64) (hi, lo uint64) {
	lo, c := bits.Sub64(q<<32, q, 0)
	return addWide(q>>32-c, lo, a, b)
}

// mulHighOnesAdd2 returns q·(2^64-2^32) + a + b = q·2^64 - q·2^32 + a + b.
func mulHighOnesAdd2(q, a, b uint64) (hi, lo uint64) {
	lo, c := bits.Sub64(0, q<<32, 0)
	return addWide(q-q>>32-c, lo, a, b)
}

// mulHighOnesPlus1Add2 returns q·(2^64-2^32+1) + a + b = q·2^64 -
// q·(2^32-1) + a + b.
func mulHighOnesPlus1Add2(q, a, b uint64) (hi, lo uint64) {
	ul, c := bits.Sub64(q<<32, q, 0)
	uh := q>>32 - c
	lo, c = bits.Sub64(0, ul, 0)
	return addWide(q-uh-c, lo, a, b)
}
