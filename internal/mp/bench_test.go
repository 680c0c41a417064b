// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

import (
	"fmt"
	"testing"
)

func BenchmarkMontMul(b *testing.B) {
	r := rng(b)
	for _, nb := range []int{1536, 3072} {
		m, _ := randomModulus(b, r, nb)
		L := m.Limbs()
		x := make([]uint64, L)
		copy(x, m.RR)
		for _, s := range strategies {
			b.Run(fmt.Sprintf("%s/%d/mul", s.name, nb), func(b *testing.B) {
				for b.Loop() {
					s.mul(x, x, m.RR, m)
				}
			})
			b.Run(fmt.Sprintf("%s/%d/sqr", s.name, nb), func(b *testing.B) {
				for b.Loop() {
					s.sqr(x, x, m)
				}
			})
		}
	}
}
