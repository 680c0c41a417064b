//go:build (amd64 || arm64) && !purego

package mulx

import "math/bits"

// Inversion modulo the P-256 prime and group order by Bernstein and Yang's
// constant-time "safegcd" (D. J. Bernstein, B.-Y. Yang, "Fast
// constant-time gcd computation and modular inversion", TCHES 2019), with
// the half-delta divstep: δ starts at 1/2, and
//
//	δ > 0 and g odd:  (δ, f, g) ← (1-δ, g, (g-f)/2)
//	g odd otherwise:  (δ, f, g) ← (1+δ, f, (g+f)/2)
//	g even:           (δ, f, g) ← (1+δ, f, g/2)
//
// from f = m, g = x. After enough steps g = 0 and f = ±gcd(m, x) = ±1; d
// and e, updated by the same transitions modulo m from d = 0, e = 1, keep
// f ≡ d·x and g ≡ e·x, so x^-1 = ±d. 590 half-delta divsteps reach g = 0
// for every input below 2^256 (the bound computed by P. Wuille for this
// variant, used by libsecp256k1's modinv64); we run ten batches of 62.
//
// Each batch runs 62 divsteps on the low 64 bits of f and g alone (step i
// needs only their low 64-i bits), collecting the transitions in a 2×2
// matrix scaled by 2^62, then applies the matrix to the whole f, g (an
// exact division by 2^62) and to d, e (a division by 2^62 modulo m: a
// multiple of m is added first to clear the low 62 bits). Every step is
// masks and arithmetic, no branch or index on the values; the counts are
// fixed. About 10·(62·16 + 400) word operations, against Fermat's 255
// squarings and some 50 multiplications modulo the order (13 modulo the
// prime, whose squaring is cheaper): measured in BenchmarkInvert.

// safegcdBatches·62 ≥ 590 divsteps.
const safegcdBatches = 10

const mask62 = 1<<62 - 1

// sint is a signed integer in two's complement over 5 words (320 bits):
// f and g stay within ±m < 2^256, d and e within ±2m, and each update's
// sum within ±2^319.
type sint [5]uint64

// inverter holds one modulus's constants.
type inverter struct {
	m        sint      // the modulus (top word 0)
	negInv62 uint64    // -m^-1 mod 2^62
	r3       [4]uint64 // R³ mod m, R = 2^256: Montgomery form in and out
}

// divsteps62 runs 62 half-delta divsteps (delta is 2δ, odd) on the low
// words of f (odd) and g and returns the new delta and the matrix (u v; q
// r) with 2^62·(f', g') = (u·f + v·g, q·f + r·g), |u|+|v| and |q|+|r| at
// most 2^62. Constant time.
func divsteps62(delta, f, g uint64) (uint64, int64, int64, int64, int64) {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	for range 62 {
		// o: all ones when g is odd; s: when δ > 0 too, the swap case.
		// Written so that g's chain is short: the addend is f, negated
		// in the swap case (g - f), masked by o; the swap case's new f is
		// the old g, and its rows likewise.
		o := -(g & 1)
		s := uint64(int64(-delta)>>63) & o
		x := f & o
		x = (x ^ s) - s
		nu, nv := u&o, v&o
		nu, nv = (nu^s)-s, (nv^s)-s
		f ^= (f ^ g) & s
		u ^= (u ^ q) & s
		v ^= (v ^ r) & s
		g = (g + x) >> 1
		q += nu
		r += nv
		u <<= 1
		v <<= 1
		delta = (delta ^ s) - s + 2
	}
	return delta, int64(u), int64(v), int64(q), int64(r)
}

// w6 is a signed integer in two's complement over 6 words (mod 2^384),
// the width of a sum of products before the division by 2^62.
type w6 [6]uint64

// divsteps62VarTime is divsteps62 for public operands: the same
// transitions and matrix, with a run of even g (g/2 steps) taken at once
// by counting trailing zeros, and branches for the swap.
func divsteps62VarTime(delta, f, g uint64) (uint64, int64, int64, int64, int64) {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	for i := 62; ; {
		z := min(bits.TrailingZeros64(g), i)
		g >>= z
		u <<= z
		v <<= z
		delta += 2 * uint64(z)
		if i -= z; i == 0 {
			break
		}
		// g is odd.
		if int64(delta) > 0 {
			f, g, u, v, q, r = g, -f, q, r, -u, -v
			delta = -delta
		}
		g += f
		q += u
		r += v
		g >>= 1
		u <<= 1
		v <<= 1
		delta += 2
		if i--; i == 0 {
			break
		}
	}
	return delta, int64(u), int64(v), int64(q), int64(r)
}

// lincomb returns a·x + b·y for signed a, b (two's complement mod
// 2^384): the unsigned products of x and y, sign-extended, by the bits of
// a and b, minus x·2^64 when a is negative (a = uint64(a) - 2^64) and
// y·2^64 when b is. Constant time.
func lincomb(x, y *sint, a, b int64) w6 {
	ua, sa := uint64(a), uint64(a>>63)
	ub, sb := uint64(b), uint64(b>>63)
	hx0, lx0 := bits.Mul64(x[0], ua)
	hx1, lx1 := bits.Mul64(x[1], ua)
	hx2, lx2 := bits.Mul64(x[2], ua)
	hx3, lx3 := bits.Mul64(x[3], ua)
	hx4, lx4 := bits.Mul64(x[4], ua)
	hy0, ly0 := bits.Mul64(y[0], ub)
	hy1, ly1 := bits.Mul64(y[1], ub)
	hy2, ly2 := bits.Mul64(y[2], ub)
	hy3, ly3 := bits.Mul64(y[3], ub)
	hy4, ly4 := bits.Mul64(y[4], ub)
	var z w6
	var c uint64
	// The low halves into words 0-4.
	z[0], c = bits.Add64(lx0, ly0, 0)
	z[1], c = bits.Add64(lx1, ly1, c)
	z[2], c = bits.Add64(lx2, ly2, c)
	z[3], c = bits.Add64(lx3, ly3, c)
	z[4], c = bits.Add64(lx4, ly4, c)
	// Word 5: the carry, and the sign extensions of x and y times a and b
	// (all ones times u is -u).
	z[5] = c + uint64(int64(x[4])>>63)&-ua + uint64(int64(y[4])>>63)&-ub
	// The high halves into words 1-5.
	z[1], c = bits.Add64(z[1], hx0, 0)
	z[2], c = bits.Add64(z[2], hx1, c)
	z[3], c = bits.Add64(z[3], hx2, c)
	z[4], c = bits.Add64(z[4], hx3, c)
	z[5] += hx4 + c
	z[1], c = bits.Add64(z[1], hy0, 0)
	z[2], c = bits.Add64(z[2], hy1, c)
	z[3], c = bits.Add64(z[3], hy2, c)
	z[4], c = bits.Add64(z[4], hy3, c)
	z[5] += hy4 + c
	// The signs of a and b.
	z[1], c = bits.Sub64(z[1], x[0]&sa, 0)
	z[2], c = bits.Sub64(z[2], x[1]&sa, c)
	z[3], c = bits.Sub64(z[3], x[2]&sa, c)
	z[4], c = bits.Sub64(z[4], x[3]&sa, c)
	z[5] -= x[4]&sa + c
	z[1], c = bits.Sub64(z[1], y[0]&sb, 0)
	z[2], c = bits.Sub64(z[2], y[1]&sb, c)
	z[3], c = bits.Sub64(z[3], y[2]&sb, c)
	z[4], c = bits.Sub64(z[4], y[3]&sb, c)
	z[5] -= y[4]&sb + c
	return z
}

// addKM sets a += k·m for k < 2^62 and m the 4-word modulus.
func addKM(a *w6, m *sint, k uint64) {
	h0, l0 := bits.Mul64(m[0], k)
	h1, l1 := bits.Mul64(m[1], k)
	h2, l2 := bits.Mul64(m[2], k)
	h3, l3 := bits.Mul64(m[3], k)
	var c uint64
	l1, c = bits.Add64(l1, h0, 0)
	l2, c = bits.Add64(l2, h1, c)
	l3, c = bits.Add64(l3, h2, c)
	h3 += c
	a[0], c = bits.Add64(a[0], l0, 0)
	a[1], c = bits.Add64(a[1], l1, c)
	a[2], c = bits.Add64(a[2], l2, c)
	a[3], c = bits.Add64(a[3], l3, c)
	a[4], c = bits.Add64(a[4], h3, c)
	a[5] += c
}

// subM sets x -= m.
func subM(x *sint, m *sint) {
	var b uint64
	x[0], b = bits.Sub64(x[0], m[0], 0)
	x[1], b = bits.Sub64(x[1], m[1], b)
	x[2], b = bits.Sub64(x[2], m[2], b)
	x[3], b = bits.Sub64(x[3], m[3], b)
	x[4] -= m[4] + b
}

// shift62 returns acc / 2^62 (arithmetic shift; the low 62 bits are zero)
// in 5 words.
func shift62(acc *w6) sint {
	return sint{acc[0]>>62 | acc[1]<<2, acc[1]>>62 | acc[2]<<2, acc[2]>>62 | acc[3]<<2,
		acc[3]>>62 | acc[4]<<2, acc[4]>>62 | acc[5]<<2}
}

// updateFGGo sets (f, g) = ((u·f + v·g)/2^62, (q·f + r·g)/2^62), exact:
// updateFG on arm64, and what update_amd64.s computes.
func updateFGGo(f, g *sint, u, v, q, r int64) {
	a, b := lincomb(f, g, u, v), lincomb(f, g, q, r)
	*f, *g = shift62(&a), shift62(&b)
}

// addMIfNegative adds m to x if x < 0: x in (-2m, m) becomes (-m, m).
func (inv *inverter) addMIfNegative(x *sint) {
	s := uint64(int64(x[4]) >> 63)
	var c uint64
	for j := 0; j < 5; j++ {
		x[j], c = bits.Add64(x[j], inv.m[j]&s, c)
	}
}

// updateDEGo sets (d, e) to ((u·d + v·e)/2^62, (q·d + r·e)/2^62) modulo m:
// with d, e in (-2m, m) first brought into (-m, m), a multiple k·m with k
// in [-2^62, 0) clears the low 62 bits, and the results are again in
// (-2m, m).
//
// updateDE on arm64, and what update_amd64.s computes.
func (inv *inverter) updateDEGo(d, e *sint, u, v, q, r int64) {
	inv.addMIfNegative(d)
	inv.addMIfNegative(e)
	a, b := lincomb(d, e, u, v), lincomb(d, e, q, r)
	// k·m with k = kpos - 2^62: kpos·m added here, 2^62·m subtracted as
	// m after the division.
	addKM(&a, &inv.m, (a[0]*inv.negInv62)&mask62)
	addKM(&b, &inv.m, (b[0]*inv.negInv62)&mask62)
	*d, *e = shift62(&a), shift62(&b)
	subM(d, &inv.m)
	subM(e, &inv.m)
}

// invert sets y = x^-1 mod m (plain: for x = a·R it is a^-1·R^-1, which
// a Montgomery product with R³ takes to a^-1·R; 0 maps to 0). Constant
// time.
func (inv *inverter) invert(y, x *[4]uint64) {
	f := inv.m
	g := sint{x[0], x[1], x[2], x[3], 0}
	var d, e sint
	e[0] = 1
	delta := uint64(1)
	for range safegcdBatches {
		var u, v, q, r int64
		delta, u, v, q, r = divsteps62(delta, f[0], g[0])
		updateFG(&f, &g, u, v, q, r)
		inv.updateDE(&d, &e, u, v, q, r)
	}
	// f = ±1 (or m when x = 0, and then d = 0), d in (-2m, m): into
	// (-m, m), times the sign of f, into [0, m).
	inv.addMIfNegative(&d)
	s := uint64(int64(f[4]) >> 63)
	c := s & 1
	for j := 0; j < 5; j++ {
		d[j], c = bits.Add64(d[j]^s, 0, c)
	}
	inv.addMIfNegative(&d)
	*y = [4]uint64{d[0], d[1], d[2], d[3]}
	clear(d[:])
	clear(e[:])
}

// invertVarTime is invert for a public x: divsteps62VarTime, and no
// batch after g reaches zero.
func (inv *inverter) invertVarTime(y, x *[4]uint64) {
	f := inv.m
	g := sint{x[0], x[1], x[2], x[3], 0}
	var d, e sint
	e[0] = 1
	delta := uint64(1)
	for range safegcdBatches {
		if g == (sint{}) {
			break
		}
		var u, v, q, r int64
		delta, u, v, q, r = divsteps62VarTime(delta, f[0], g[0])
		updateFG(&f, &g, u, v, q, r)
		inv.updateDE(&d, &e, u, v, q, r)
	}
	// As in invert: d into (-m, m), times the sign of f, into [0, m).
	inv.addMIfNegative(&d)
	if int64(f[4]) < 0 { // f = -1: x^-1 = -d
		var b uint64
		for j := range d {
			d[j], b = bits.Sub64(0, d[j], b)
		}
	}
	inv.addMIfNegative(&d)
	*y = [4]uint64{d[0], d[1], d[2], d[3]}
}

var (
	invP256 = inverter{
		m:        sint{0xffffffffffffffff, 0x00000000ffffffff, 0x0000000000000000, 0xffffffff00000001, 0},
		negInv62: 0x0000000000000001,
		r3:       [4]uint64{0xfffffffd0000000a, 0xffffffedfffffff7, 0x00000005fffffffc, 0x0000001800000001},
	}
	invN256 = inverter{
		m:        sint{0xf3b9cac2fc632551, 0xbce6faada7179e84, 0xffffffffffffffff, 0xffffffff00000000, 0},
		negInv62: 0x0cd1c8aaee00bc4f,
		r3:       [4]uint64{0xac8ebec90b65a624, 0x111f28ae0c0555c9, 0x2543b9246ba5e93f, 0x503a54e76407be65},
	}
)

// P256Invert sets z = x^-1 mod p (Montgomery form in and out; 0 maps to
// 0) by safegcd. Constant time. z may alias x.
func P256Invert(z, x *[4]uint64) {
	var y [4]uint64
	invP256.invert(&y, x)
	P256Mul(z, &y, &invP256.r3)
	clear(y[:])
}

// N256Invert sets z = x^-1 mod n (Montgomery form in and out; 0 maps to
// 0) by safegcd. Constant time. z may alias x.
func N256Invert(z, x *[4]uint64) {
	var y [4]uint64
	invN256.invert(&y, x)
	N256Mul(z, &y, &invN256.r3)
	clear(y[:])
}

// P256InvertVarTime is P256Invert for a public x (verification's
// multiples of the public key): variable time.
func P256InvertVarTime(z, x *[4]uint64) {
	var y [4]uint64
	invP256.invertVarTime(&y, x)
	P256Mul(z, &y, &invP256.r3)
}

// N256InvertVarTime is N256Invert for a public x (verification's s):
// variable time.
func N256InvertVarTime(z, x *[4]uint64) {
	var y [4]uint64
	invN256.invertVarTime(&y, x)
	N256Mul(z, &y, &invN256.r3)
}
