// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !purego

package mp

import (
	"math/big"
	"testing"
)

// TestAddMulAsm checks both assembly row operations (whichever the
// processor would use) against math/big for every length up to 70 limbs,
// random and all-ones operands.
func TestAddMulAsm(t *testing.T) {
	r := rng(t)
	impls := map[string]func(z, x []uint64, y uint64) uint64{"MULQ": addMulVVWMULQ}
	if hasADX {
		impls["ADX"] = addMulVVWADX
	}
	for name, f := range impls {
		for n := 0; n <= 70; n++ {
			for k := 0; k < 3; k++ {
				x, z := make([]uint64, n), make([]uint64, n)
				y := r.Uint64()
				for i := range x {
					x[i], z[i] = r.Uint64(), r.Uint64()
					if k == 2 {
						x[i], z[i], y = ^uint64(0), ^uint64(0), ^uint64(0)
					}
				}
				want := new(big.Int).Mul(toBig(x), new(big.Int).SetUint64(y))
				want.Add(want, toBig(z))
				c := f(z, x, y)
				got := toBig(append(z, c))
				if got.Cmp(want) != 0 {
					t.Fatalf("%s n=%d: wrong", name, n)
				}
			}
		}
	}
}
