// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

import (
	"math/big"
	"testing"
)

// FuzzMontMul checks both multipliers, squarings and ToMont against
// math/big for arbitrary odd moduli and operands.
func FuzzMontMul(f *testing.F) {
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, []byte{1, 2, 3}, []byte{0xff})
	f.Add([]byte{3}, []byte{2}, []byte{2})
	f.Fuzz(func(t *testing.T, nb, xb, yb []byte) {
		m, err := NewModulus(nb)
		if err != nil {
			return
		}
		mb := new(big.Int).SetBytes(nb)
		L := m.Limbs()
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*L))
		Rinv := new(big.Int).ModInverse(R, mb)
		x := new(big.Int).Mod(new(big.Int).SetBytes(xb), mb)
		y := new(big.Int).Mod(new(big.Int).SetBytes(yb), mb)
		want := new(big.Int).Mul(x, y)
		want.Mul(want, Rinv).Mod(want, mb)
		sq := new(big.Int).Mul(x, x)
		sq.Mul(sq, Rinv).Mod(sq, mb)
		for _, s := range strategies {
			z := make([]uint64, L)
			s.mul(z, fromBig(x, L), fromBig(y, L), m)
			if toBig(z).Cmp(want) != 0 {
				t.Fatalf("%s: montMul wrong", s.name)
			}
			s.sqr(z, fromBig(x, L), m)
			if toBig(z).Cmp(sq) != 0 {
				t.Fatalf("%s: montSqr wrong", s.name)
			}
			a := make([]uint64, (len(xb)+7)/8+1)
			SetBytes(a, xb)
			s.toMont(z, a, m)
			tm := new(big.Int).Mul(new(big.Int).SetBytes(xb), R)
			if toBig(z).Cmp(tm.Mod(tm, mb)) != 0 {
				t.Fatalf("%s: ToMont wrong", s.name)
			}
		}
	})
}
