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

// TestNoADX runs the Fast multiplier and squaring on the MULQ rows, as on
// a processor without BMI2/ADX, against math/big.
func TestNoADX(t *testing.T) {
	saved := hasADX
	hasADX = false
	defer func() { hasADX = saved }()
	r := rng(t)
	for _, nb := range []int{64, 65, 1024, 1536, 2047, 3072, 4096} {
		m, mb := randomModulus(t, r, nb)
		L := m.Limbs()
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*L))
		Rinv := new(big.Int).ModInverse(R, mb)
		for _, x := range values(r, mb, L) {
			for _, y := range values(r, mb, L)[:3] {
				want := new(big.Int).Mul(x, y)
				want.Mul(want, Rinv).Mod(want, mb)
				z := make([]uint64, L)
				montMulFast(z, fromBig(x, L), fromBig(y, L), m)
				if toBig(z).Cmp(want) != 0 {
					t.Fatalf("%d bits: montMulFast without ADX wrong", nb)
				}
			}
			want := new(big.Int).Mul(x, x)
			want.Mul(want, Rinv).Mod(want, mb)
			z := make([]uint64, L)
			montSqrFast(z, fromBig(x, L), m)
			if toBig(z).Cmp(want) != 0 {
				t.Fatalf("%d bits: montSqrFast without ADX wrong", nb)
			}
		}
	}
}
