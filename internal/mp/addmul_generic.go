// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !amd64 || purego

package mp

import "math/bits"

// In Go, multiplications and squarings use montMulFIPS (fips.go): a
// squaring through it measured as fast as a dedicated product-scanning
// squaring (the doubling of each column's cross products costs what the
// halved products save) and faster than the rows.
const (
	fipsMul = true
	fipsSqr = true
)

// addMulVVW sets z[0:len(x)] += x·y and returns the carry word: the Fast
// strategy's row operation in Go, unrolled by four limbs.
func addMulVVW(z, x []uint64, y uint64) uint64 {
	z = z[:len(x)]
	var c uint64
	i := 0
	for ; i+3 < len(x); i += 4 {
		xs, zs := x[i:i+4:i+4], z[i:i+4:i+4]
		h0, l0 := bits.Mul64(xs[0], y)
		h1, l1 := bits.Mul64(xs[1], y)
		h2, l2 := bits.Mul64(xs[2], y)
		h3, l3 := bits.Mul64(xs[3], y)
		var cc uint64
		l0, cc = bits.Add64(l0, zs[0], 0)
		h0, _ = bits.Add64(h0, 0, cc)
		l0, cc = bits.Add64(l0, c, 0)
		h0, _ = bits.Add64(h0, 0, cc)
		l1, cc = bits.Add64(l1, zs[1], 0)
		h1, _ = bits.Add64(h1, 0, cc)
		l1, cc = bits.Add64(l1, h0, 0)
		h1, _ = bits.Add64(h1, 0, cc)
		l2, cc = bits.Add64(l2, zs[2], 0)
		h2, _ = bits.Add64(h2, 0, cc)
		l2, cc = bits.Add64(l2, h1, 0)
		h2, _ = bits.Add64(h2, 0, cc)
		l3, cc = bits.Add64(l3, zs[3], 0)
		h3, _ = bits.Add64(h3, 0, cc)
		l3, cc = bits.Add64(l3, h2, 0)
		h3, _ = bits.Add64(h3, 0, cc)
		zs[0], zs[1], zs[2], zs[3] = l0, l1, l2, l3
		c = h3
	}
	for ; i < len(x); i++ {
		h, l := bits.Mul64(x[i], y)
		var cc uint64
		l, cc = bits.Add64(l, z[i], 0)
		h, _ = bits.Add64(h, 0, cc)
		l, cc = bits.Add64(l, c, 0)
		h, _ = bits.Add64(h, 0, cc)
		z[i] = l
		c = h
	}
	return c
}

func mulRows(p, x, y []uint64)                 { mulRowsGeneric(p, x, y) }
func sqrCross(p, x []uint64)                   { sqrCrossGeneric(p, x) }
func redcRows(p, n []uint64, n0 uint64) uint64 { return redcRowsGeneric(p, n, n0) }
