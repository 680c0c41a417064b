// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !amd64 || purego

package mp

import "math/bits"

// addMulVVW sets z[0:len(x)] += x·y and returns the carry word: the Fast
// strategy's row operation in Go, unrolled by two limbs.
func addMulVVW(z, x []uint64, y uint64) uint64 {
	z = z[:len(x)]
	var c uint64
	i := 0
	for ; i+1 < len(x); i += 2 {
		h0, l0 := bits.Mul64(x[i], y)
		h1, l1 := bits.Mul64(x[i+1], y)
		var cc uint64
		l0, cc = bits.Add64(l0, z[i], 0)
		h0 += cc
		l0, cc = bits.Add64(l0, c, 0)
		h0 += cc
		l1, cc = bits.Add64(l1, z[i+1], 0)
		h1 += cc
		l1, cc = bits.Add64(l1, h0, 0)
		h1 += cc
		z[i], z[i+1] = l0, l1
		c = h1
	}
	if i < len(x) {
		h, l := bits.Mul64(x[i], y)
		var cc uint64
		l, cc = bits.Add64(l, z[i], 0)
		h += cc
		l, cc = bits.Add64(l, c, 0)
		h += cc
		z[i] = l
		c = h
	}
	return c
}

func mulRows(p, x, y []uint64)                 { mulRowsGeneric(p, x, y) }
func sqrCross(p, x []uint64)                   { sqrCrossGeneric(p, x) }
func redcRows(p, n []uint64, n0 uint64) uint64 { return redcRowsGeneric(p, n, n0) }
