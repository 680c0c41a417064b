// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

import "math/bits"

// montMulSmall sets z = x·y·R⁻¹ mod m: Montgomery multiplication, the
// coarsely integrated operand scanning (CIOS) form of Koç, Acar and Kaliski
// ("Analyzing and comparing Montgomery multiplication algorithms", 1996):
// for each limb y[i], one pass adds x·y[i] into the accumulator t and a
// second adds q·m, q chosen to clear t's low limb, then t shifts down a
// limb. 2L² + L limb multiplications; scratch: t, L+2 limbs on the stack.
//
// x must be below R (any L-limb value) and y below m; the result is below m.
// z may alias x or y. Constant time: the loops run over whole vectors and
// the final subtraction is masked.
func montMulSmall(z, x, y []uint64, m *Modulus) {
	n := m.N
	L := len(n)
	var T [MaxLimbs + 2]uint64
	t := T[:L+2]
	x = x[:L]
	y = y[:L]
	for i := 0; i < L; i++ {
		yi := y[i]
		var c, cc uint64
		for j := 0; j < L; j++ {
			hi, lo := bits.Mul64(x[j], yi)
			lo, cc = bits.Add64(lo, t[j], 0)
			hi, _ = bits.Add64(hi, 0, cc)
			lo, cc = bits.Add64(lo, c, 0)
			hi, _ = bits.Add64(hi, 0, cc)
			t[j] = lo
			c = hi
		}
		t[L], cc = bits.Add64(t[L], c, 0)
		t[L+1] = cc

		q := t[0] * m.N0
		hi, lo := bits.Mul64(n[0], q)
		_, cc = bits.Add64(lo, t[0], 0)
		c = hi + cc
		for j := 1; j < L; j++ {
			hi, lo = bits.Mul64(n[j], q)
			lo, cc = bits.Add64(lo, t[j], 0)
			hi, _ = bits.Add64(hi, 0, cc)
			lo, cc = bits.Add64(lo, c, 0)
			hi, _ = bits.Add64(hi, 0, cc)
			t[j-1] = lo
			c = hi
		}
		t[L-1], cc = bits.Add64(t[L], c, 0)
		t[L] = t[L+1] + cc
	}
	condSubtract(t[:L], n, t[L])
	copy(z[:L], t[:L])
}

// montSqrSmall is montMulSmall(z, x, x): Small has no dedicated squaring.
func montSqrSmall(z, x []uint64, m *Modulus) { montMulSmall(z, x, x, m) }
