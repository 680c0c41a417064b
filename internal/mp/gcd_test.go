// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

import (
	"math/big"
	mrand "math/rand/v2"
	"testing"
)

// randBig returns a random number below 2^bits with a random bit length,
// or with its top bit set when full.
func randBig(r *mrand.Rand, bits int, full bool) *big.Int {
	if !full {
		bits = 1 + r.IntN(bits)
	}
	b := make([]byte, (bits+7)/8)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	x := new(big.Int).SetBytes(b)
	x.SetBit(x, bits-1, 1)
	for i := x.BitLen() - 1; i >= bits; i-- {
		x.SetBit(x, i, 0)
	}
	return x
}

// TestGCD checks GCD and Div against math/big on random pairs with a large
// constructed common factor and a common power of two (as p-1 and q-1
// have), on one side dividing the other, on equal values, 1, all-ones
// limbs and powers of two, for limb counts from 1 to MaxHalfLimbs.
func TestGCD(t *testing.T) {
	r := mrand.New(mrand.NewPCG(12, 34))
	one := big.NewInt(1)
	for _, L := range []int{1, 2, 3, 5, 16, 24, 32, MaxHalfLimbs} {
		bits := 64 * L
		allOnes := new(big.Int).Sub(new(big.Int).Lsh(one, uint(bits)), one)
		top := new(big.Int).Lsh(one, uint(bits-1))
		pairs := [][2]*big.Int{
			{one, one}, {one, allOnes}, {allOnes, allOnes}, {top, allOnes}, {top, top},
			{big.NewInt(6), big.NewInt(4)}, {top, big.NewInt(12)},
		}
		for i := 0; i < 12; i++ {
			// g·a·2^k and g·b·2^j, within bits.
			g := randBig(r, bits/2, false)
			k := r.IntN(8)
			a := randBig(r, bits-g.BitLen()-k, false)
			b := randBig(r, bits-g.BitLen()-k, false)
			x := new(big.Int).Lsh(new(big.Int).Mul(g, a), uint(k))
			y := new(big.Int).Lsh(new(big.Int).Mul(g, b), uint(r.IntN(k+1)))
			pairs = append(pairs, [2]*big.Int{x, y}, [2]*big.Int{x, new(big.Int).Lsh(g, uint(k))},
				[2]*big.Int{randBig(r, bits, true), randBig(r, bits, true)})
		}
		for _, p := range pairs {
			x, y := fromBig(p[0], L), fromBig(p[1], L)
			g := make([]uint64, L)
			GCD(g, x, y)
			want := new(big.Int).GCD(nil, nil, p[0], p[1])
			if toBig(g).Cmp(want) != 0 {
				t.Fatalf("L=%d: GCD(%x, %x) = %x, want %x", L, p[0], p[1], toBig(g), want)
			}
			if toBig(x).Cmp(p[0]) != 0 || toBig(y).Cmp(p[1]) != 0 {
				t.Fatal("GCD changed its inputs")
			}
			// Div: x·y / g (2L limbs by L), exact, and y / g.
			xy := make([]uint64, 2*L)
			Mul(xy, x, y)
			q := make([]uint64, 2*L)
			Div(q, xy, g)
			if want := new(big.Int).Div(new(big.Int).Mul(p[0], p[1]), want); toBig(q).Cmp(want) != 0 {
				t.Fatalf("L=%d: Div = %x, want %x", L, toBig(q), want)
			}
			// An inexact division: x / (y's low limbs).
			if n := toBig(y[:(L+1)/2]); n.Sign() > 0 {
				q := make([]uint64, L)
				Div(q, x, y[:(L+1)/2])
				if want := new(big.Int).Div(p[0], n); toBig(q).Cmp(want) != 0 {
					t.Fatalf("L=%d: Div(%x, %x) = %x, want %x", L, p[0], n, toBig(q), want)
				}
			}
		}
	}
}
