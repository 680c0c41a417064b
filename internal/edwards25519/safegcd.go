package edwards25519

import "math/bits"

// Constant-time inversion modulo p = 2^255-19 by Bernstein and Yang's
// division steps ("Fast constant-time gcd computation and modular
// inversion", 2019, Sections 8-11): the SuperFast strategy's inversion
// (invert51). Fermat's z^(p-2), which the Small strategy keeps, is 254
// squarings and 11 multiplications; this is 10 batches of 62 divsteps on
// 64-bit words, each batch then applied to the full-size values by a 2×2
// matrix of 63-bit entries. Measured on the development machine (AMD
// EPYC, thread CPU time): 2.25 µs for Fermat over fe51, about 1.7 µs
// here.
//
// divstep(δ, f, g), for odd f (Section 8):
//
//	(1-δ, g, (g-f)/2)            if δ > 0 and g is odd,
//	(1+δ, f, (g + (g mod 2)·f)/2) otherwise.
//
// This is the half-delta variant, δ starting at 1/2 rather than 1 (the
// same steps, another start): from (1/2, p, x) with x < p, g reaches 0
// and f reaches ±gcd(p, x) = ±1 within 590 steps for any f and g below
// 2^256 (P. Wuille, "Bounds on divsteps iterations in safegcd", 2021, by
// the convex-hull method; the paper's Theorem 11.2 gives 738 steps for
// δ = 1 and 255 bits). 10·62 = 620 steps are run, always, whatever x is.
// Beside f and g run d and e with f ≡ d·x and g ≡ e·x (mod p): from
// (0, 1), each batch's matrix applied to them too, then divided by 2^62
// modulo p (a multiple of p added to clear the low 62 bits, as in
// Montgomery reduction). At the end f = ±1, so 1/x = ±d. For x = 0, g
// stays 0, f stays p and d stays ≡ 0: the result is 0, as for Fermat.
//
// No branch or memory index depends on x: the divsteps select with masks,
// and the number of steps is fixed.
//
// Trade-off: about 3.4 KB more code than Fermat's chain, which reuses
// mul and square (the lab's SuperFast-OptHigh signing program: 51,087 →
// 54,478 B of cryptolab code), for 0.55 µs per inversion, and a shallower
// stack (that program's measured stack 2,064 → 1,896 B).

// s62 is a signed integer in radix 2^62: Σ l[i]·2^(62i), limbs 0 to 3 in
// [0, 2^62) once normalized and limb 4 signed, so that the sign of the
// value is the sign of limb 4. 40 bytes.
type s62 [5]int64

const mask62 = 1<<62 - 1

// p62 is p in radix 2^62; p62Inv is p⁻¹ mod 2^62 (checked by the tests).
var p62 = s62{1<<62 - 19, mask62, mask62, mask62, 127}

const p62Inv = 0x39435e50d79435e5

// divsteps62 runs 62 divsteps on (δ, f, g) knowing only the low 62 bits
// of f and g (all that 62 steps read) and returns the new ζ (below) and
// the transition matrix (u v; q r) with 2^62·f' = u·f + v·g and
// 2^62·g' = q·f + r·g for the full f and g; |u|+|v| and |q|+|r| are at
// most 2^62.
//
// δ is carried as ζ = -(δ + 1/2), an integer for the half-integer δ of
// the half-delta variant: δ > 0 exactly when ζ < 0, and the steps 1-δ and
// 1+δ become -ζ-2 = ^ζ - 1 and ζ - 1. Each step in masks: m1 is all ones
// where δ > 0, m2 where g is odd. Where g is odd, g becomes g - f
// (δ > 0) or g + f; where both hold (the swap), f then becomes
// f + (g - f) = the old g. The matrix rows follow f and g, and g is
// halved by doubling the row of f instead, so that the entries stay
// integers. The longest dependency chain of a step, through ζ, is four
// instructions.
func divsteps62(zeta int64, f, g uint64) (int64, int64, int64, int64, int64) {
	u, v, q, r := int64(1), int64(0), int64(0), int64(1)
	for range 62 {
		m1 := zeta >> 63          // δ > 0
		m2 := -int64(g & 1)       // g odd
		x := (int64(f) ^ m1) - m1 // -f or f
		y := (u ^ m1) - m1        // -u or u
		z := (v ^ m1) - m1        // -v or v
		g += uint64(x & m2)       // g ± f where g is odd
		q += y & m2
		r += z & m2
		m1 &= m2 // swap
		zeta = (zeta ^ m1) - 1
		f += g & uint64(m1) // f + (g - f) = old g
		u += q & m1
		v += r & m1
		g >>= 1
		u <<= 1
		v <<= 1
	}
	return zeta, u, v, q, r
}

// i128 is a signed 128-bit accumulator in two's complement.
type i128 struct{ lo, hi uint64 }

// mulS returns a·b for signed a and b: the unsigned product, its high
// word corrected for each negative operand (b·2^64 for a < 0, a·2^64 for
// b < 0), by masks.
func mulS(a, b int64) i128 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return i128{lo, hi}
}

func (s i128) add(t i128) i128 {
	lo, c := bits.Add64(s.lo, t.lo, 0)
	return i128{lo, s.hi + t.hi + c}
}

// shr62 is an arithmetic shift right by 62 bits.
func (s i128) shr62() i128 {
	return i128{s.lo>>62 | s.hi<<2, uint64(int64(s.hi) >> 62)}
}

// updateFG sets (f, g) = ((u·f + v·g)/2^62, (q·f + r·g)/2^62): the
// divisions are exact. |f|, |g| ≤ p, so every product is below 2^125 and
// each column sum below 2^127.
func updateFG(f, g *s62, u, v, q, r int64) {
	cf := mulS(u, f[0]).add(mulS(v, g[0])).shr62()
	cg := mulS(q, f[0]).add(mulS(r, g[0])).shr62()
	for i := 1; i < 5; i++ {
		cf = cf.add(mulS(u, f[i])).add(mulS(v, g[i]))
		cg = cg.add(mulS(q, f[i])).add(mulS(r, g[i]))
		f[i-1] = int64(cf.lo & mask62)
		g[i-1] = int64(cg.lo & mask62)
		cf, cg = cf.shr62(), cg.shr62()
	}
	f[4] = int64(cf.lo)
	g[4] = int64(cg.lo)
}

// updateDE sets (d, e) = ((u·d + v·e)/2^62, (q·d + r·e)/2^62) modulo p,
// keeping both in (-2p, p). p is first added to d and e where they are
// negative (then |u·d + v·e| < 2^62·p), and the multiple m·p added to
// clear the low 62 bits has m in [-2^62, 0): the sum is in
// (-2^63·p, 2^62·p), the quotient in (-2p, p).
func updateDE(d, e *s62, u, v, q, r int64) {
	md, me := d[4]>>63, e[4]>>63
	for i := range p62 {
		d[i] += p62[i] & md // limbs up to 2^63: the products stay below 2^125
		e[i] += p62[i] & me
	}
	// m ≡ -(u·d + v·e)·p⁻¹ (mod 2^62), as a value in [-2^62, 0).
	td := uint64(u)*uint64(d[0]) + uint64(v)*uint64(e[0])
	te := uint64(q)*uint64(d[0]) + uint64(r)*uint64(e[0])
	mD := int64((-td*p62Inv)&mask62) - 1<<62
	mE := int64((-te*p62Inv)&mask62) - 1<<62
	cd := mulS(u, d[0]).add(mulS(v, e[0])).add(mulS(mD, p62[0])).shr62()
	ce := mulS(q, d[0]).add(mulS(r, e[0])).add(mulS(mE, p62[0])).shr62()
	for i := 1; i < 5; i++ {
		cd = cd.add(mulS(u, d[i])).add(mulS(v, e[i])).add(mulS(mD, p62[i]))
		ce = ce.add(mulS(q, d[i])).add(mulS(r, e[i])).add(mulS(mE, p62[i]))
		d[i-1] = int64(cd.lo & mask62)
		e[i-1] = int64(ce.lo & mask62)
		cd, ce = cd.shr62(), ce.shr62()
	}
	d[4] = int64(cd.lo)
	e[4] = int64(ce.lo)
}

// invertWords returns 1/x mod p for x < p in four little-endian 64-bit
// words, as four words below p (0 for x = 0).
func invertWords(x *[4]uint64) [4]uint64 {
	f := p62
	g := s62{
		int64(x[0] & mask62),
		int64((x[0]>>62 | x[1]<<2) & mask62),
		int64((x[1]>>60 | x[2]<<4) & mask62),
		int64((x[2]>>58 | x[3]<<6) & mask62),
		int64(x[3] >> 56),
	}
	d, e := s62{}, s62{1}
	zeta := int64(-1) // δ = 1/2
	for range 10 {
		var u, v, q, r int64
		zeta, u, v, q, r = divsteps62(zeta, uint64(f[0]), uint64(g[0]))
		updateFG(&f, &g, u, v, q, r)
		updateDE(&d, &e, u, v, q, r)
	}
	// f = ±1: 1/x = f·d. Then d is in (-2p, 2p): p added twice where it
	// is negative and subtracted once where it is p or more leave [0, p).
	sf := f[4] >> 63
	for i := range d {
		d[i] = (d[i] ^ sf) - sf
	}
	normalize62(&d)
	for range 2 {
		m := d[4] >> 63
		for i := range d {
			d[i] += p62[i] & m
		}
		normalize62(&d)
	}
	var t s62
	for i := range d {
		t[i] = d[i] - p62[i]
	}
	normalize62(&t)
	keep := t[4] >> 63 // d - p < 0: keep d
	for i := range d {
		d[i] = d[i]&keep | t[i]&^keep
	}
	return [4]uint64{
		uint64(d[0]) | uint64(d[1])<<62,
		uint64(d[1])>>2 | uint64(d[2])<<60,
		uint64(d[2])>>4 | uint64(d[3])<<58,
		uint64(d[3])>>6 | uint64(d[4])<<56,
	}
}

// normalize62 carries limbs 0 to 3 into [0, 2^62), the excess into limb 4
// (arithmetic shifts: the value is unchanged).
func normalize62(a *s62) {
	for i := 0; i < 4; i++ {
		a[i+1] += a[i] >> 62
		a[i] &= mask62
	}
}
