// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

import "math/bits"

// The Fast strategy works on whole products: a multiplication or squaring
// writes the 2L-limb product into a stack buffer, then redc reduces it.
// Every pass is a row operation (z += x·y for one word y): in assembly on
// amd64 (addmul_amd64.s: MULX with the ADCX/ADOX carry chains where the
// processor has BMI2 and ADX, straight-line for 16, 24, 32, 48 and 64
// limbs, one call per product; MULQ rows otherwise). In Go (other
// architectures and -tags purego) both products and squares use the
// product-scanning montMulFIPS instead (fips.go). Measured on the
// development machine (AMD EPYC, thread CPU time, RSA-3072 CRT PSS
// signature, Fast-High, interleaved with crypto/rsa, best of 9): 1.76 ms
// with the assembly (crypto/rsa 2.12 ms); in Go 2.7 ms with montMulFIPS,
// against 3.0 ms for these rows in Go, 3.6 ms for a fused CIOS loop and
// a dedicated product-scanning squaring no faster than montMulFIPS(x, x)
// (crypto/rsa -tags purego: 3.1 to 4.8 ms, bimodal between runs).

// montMulFast sets z = x·y·R⁻¹ mod m with the contract of montMulSmall:
// the schoolbook product (L rows, L² limb products) then redc (L², L more
// for the quotients).
func montMulFast(z, x, y []uint64, m *Modulus) {
	if fipsMul {
		montMulFIPS(z, x, y, m)
		return
	}
	L := len(m.N)
	var P [2 * MaxLimbs]uint64
	p := P[:2*L]
	mulRows(p, x[:L], y[:L])
	redc(z, p, m)
}

// The row loops, in Go over addMulVVW (the amd64 assembly has whole-loop
// versions, one call per product instead of one per row).

func mulRowsGeneric(p, x, y []uint64) {
	L := len(x)
	for i, yi := range y {
		p[i+L] = addMulVVW(p[i:i+L], x, yi)
	}
}

func sqrCrossGeneric(p, x []uint64) {
	L := len(x)
	for i := 0; i < L-1; i++ {
		p[i+L] = addMulVVW(p[2*i+1:i+L], x[i+1:], x[i])
	}
}

func redcRowsGeneric(p, n []uint64, n0 uint64) uint64 {
	L := len(n)
	var top uint64
	for i := 0; i < L; i++ {
		q := p[i] * n0
		c := addMulVVW(p[i:i+L], n, q)
		p[i+L], top = bits.Add64(p[i+L], c, top)
	}
	return top
}

// montSqrFast sets z = x²·R⁻¹ mod m for x < m: the square computed whole
// (each cross product x[i]·x[j], i < j, once, the sum doubled by a shift,
// then the diagonal added: L(L-1)/2 + L multiplications) followed by redc
// (L² + L), that is 1.5L² + 1.5L instead of 2L² + L.
func montSqrFast(z, x []uint64, m *Modulus) {
	if fipsSqr {
		montMulFIPS(z, x, x, m)
		return
	}
	L := len(m.N)
	var P [2 * MaxLimbs]uint64
	p := P[:2*L]
	x = x[:L]
	// Cross products: row i adds x[i+1:]·x[i] at position 2i+1.
	if L > 1 {
		sqrCross(p, x)
	}
	// Double, then add the squares.
	var top uint64
	for i := range p {
		v := p[i]
		p[i] = v<<1 | top
		top = v >> 63
	}
	var c uint64
	for i := 0; i < L; i++ {
		hi, lo := bits.Mul64(x[i], x[i])
		p[2*i], c = bits.Add64(p[2*i], lo, c)
		p[2*i+1], c = bits.Add64(p[2*i+1], hi, c)
	}
	redc(z, p, m)
}

// redc sets z = p·R⁻¹ mod m for a 2L-limb p < m·R (Montgomery reduction
// of a whole product: one row of q·n per low limb, q chosen to clear it,
// the row's carry added into the limb above with a running top carry).
// p is destroyed.
func redc(z, p []uint64, m *Modulus) {
	n := m.N
	L := len(n)
	top := redcRows(p, n, m.N0)
	r := p[L:]
	condSubtract(r, n, top)
	copy(z[:L], r)
}
