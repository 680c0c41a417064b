package ec

import (
	"encoding/binary"
	"math/bits"

	"github.com/cryptolab-go/cryptolab/internal/ct"
)

// Limb helpers shared by every instantiation, on little-endian limb
// slices (x[:] of an element or scalar). Constant time unless VarTime.

// isZero returns 1 if every limb of x is zero, 0 otherwise.
func isZero(x []uint64) uint64 {
	var acc uint64
	for _, v := range x {
		acc |= v
	}
	return ct.IsZero64(acc)
}

// equal returns 1 if x = y (same length), 0 otherwise.
func equal(x, y []uint64) uint64 {
	var acc uint64
	for i := range x {
		acc |= x[i] ^ y[i]
	}
	return ct.IsZero64(acc)
}

// selectLimbs sets z = a if mask = ^0 and z = b if mask = 0.
func selectLimbs(z []uint64, mask uint64, a, b []uint64) {
	for i := range z {
		z[i] = b[i] ^ (mask & (a[i] ^ b[i]))
	}
}

// less returns 1 if x < y as integers of len(x) limbs, 0 otherwise.
func less(x, y []uint64) uint64 {
	var borrow uint64
	for i := range x {
		_, borrow = bits.Sub64(x[i], y[i], borrow)
	}
	return borrow
}

// limbsFromBytes sets z from the big-endian b of 8·len(z) bytes.
func limbsFromBytes(z []uint64, b []byte) {
	n := len(z)
	for i := range z {
		z[i] = binary.BigEndian.Uint64(b[8*(n-1-i):])
	}
}

// limbsToBytes writes x as 8·len(x) big-endian bytes into b.
func limbsToBytes(b []byte, x []uint64) {
	n := len(x)
	for i := range x {
		binary.BigEndian.PutUint64(b[8*(n-1-i):], x[i])
	}
}

// entryVarTime sets (x, y) to entry d (1..len) of a window of affine
// multiples of len(x) limbs per coordinate, read directly: public scalars
// only.
func entryVarTime(x, y, win []uint64, d int) {
	n := len(x)
	row := win[(d-1)*2*n:]
	copy(x, row[:n])
	copy(y, row[n:2*n])
}
