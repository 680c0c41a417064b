// Package ct is cryptolab's constant-time vocabulary: masks, selections and
// comparisons whose running time and memory access pattern do not depend on
// the values they handle.
//
// A mask is 0 or all ones (^0). Every function here is branch-free on its
// arguments and touches every byte it is given; code that handles secrets
// builds on these instead of if-statements, secret-indexed tables or
// division. Lengths are public: functions that take slices may branch on
// len().
package ct

import "crypto/subtle"

// Mask32 returns ^0 if b == 1 and 0 if b == 0. b must be 0 or 1.
func Mask32(b uint32) uint32 { return -b }

// Mask64 returns ^0 if b == 1 and 0 if b == 0. b must be 0 or 1.
func Mask64(b uint64) uint64 { return -b }

// IsZero32 returns 1 if x == 0 and 0 otherwise.
func IsZero32(x uint32) uint32 { return 1 ^ ((x | -x) >> 31) }

// IsZero64 returns 1 if x == 0 and 0 otherwise.
func IsZero64(x uint64) uint64 { return 1 ^ ((x | -x) >> 63) }

// Eq64 returns 1 if x == y and 0 otherwise.
func Eq64(x, y uint64) uint64 { return IsZero64(x ^ y) }

// Less32 returns 1 if x < y and 0 otherwise (unsigned).
func Less32(x, y uint32) uint32 {
	// The borrow of x - y, computed without a branch.
	return ((^x & y) | (^(x ^ y) & (x - y))) >> 31
}

// SelectBytes sets dst[i] = x[i] where mask == ^0 and y[i] where mask == 0.
// The three slices must have the same length.
func SelectBytes(mask uint32, dst, x, y []byte) {
	if len(dst) != len(x) || len(dst) != len(y) {
		panic("ct: SelectBytes of slices of different lengths")
	}
	m := byte(mask)
	for i := range dst {
		dst[i] = y[i] ^ (m & (x[i] ^ y[i]))
	}
}

// EqBytes returns 1 if a and b hold the same bytes and 0 otherwise. Slices of
// different (public) lengths are unequal.
func EqBytes(a, b []byte) uint32 {
	return uint32(subtle.ConstantTimeCompare(a, b))
}
