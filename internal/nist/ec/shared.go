package ec

import (
	"math/bits"

	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

// The cold operations, written once for every arithmetic: SEC 1 encoding
// and decoding, the fixed-base tables and verification's final comparison.
// They run once per key, once per process or once per verification, on
// the generic multiplier of internal/nist/mont with the curve's moduli,
// which every program links (the curve constants are set up with it).
// Every arithmetic keeps values in the same Montgomery form (R =
// 2^(64·N), fully reduced), so coordinates pass between them and the
// instantiations unchanged.
//
// Speed knob: on the Fast and Native arithmetics these cost more than on
// their own multipliers (a CIOS multiplication takes two to three times an
// unrolled one): verification's comparison two to four multiplications
// (about 0.1% of a Fast verification's instructions), decoding a
// compressed point its square root (about 300 multiplications for P-256,
// 450 for P-384), building a table about 18 multiplications per entry,
// once per process. In exchange, each arithmetic's generated file carries
// none of this code.

// fieldExp sets z = x^e mod p (Montgomery form) for a public exponent e
// (plain limbs): a sliding window of up to 4 bits over the odd powers x,
// x³, .., x^15, about 64·N squarings and 13·N multiplications in an order
// that depends on e only, never on x. z may alias x.
func (c *Curve) fieldExp(z, x, e *mont.Elem) {
	bit := func(i int) uint64 { return (e[i/64] >> (i % 64)) & 1 }
	var tbl [8]mont.Elem // x^(2i+1)
	tbl[0] = *x
	c.P.Mul(z, x, x)
	for i := 1; i < len(tbl); i++ {
		c.P.Mul(&tbl[i], &tbl[i-1], z)
	}
	started := false
	for i := 64*c.N - 1; i >= 0; {
		j := max(i-3, 0) // the window e[i..j], ending in a one
		if bit(i) == 0 {
			j = i
		}
		for j < i && bit(j) == 0 {
			j++
		}
		var v uint64
		for k := i; k >= j; k-- {
			v = v<<1 | bit(k)
		}
		if started {
			for range i - j + 1 {
				c.P.Mul(z, z, z)
			}
		}
		if v != 0 && started {
			c.P.Mul(z, z, &tbl[v/2])
		} else if v != 0 {
			*z, started = tbl[v/2], true
		}
		i = j - 1
	}
	if !started { // e = 0
		*z = c.P.One
	}
}

// rhs sets z = x³ - 3x + b.
func (c *Curve) rhs(z, x *mont.Elem) {
	var x3, t mont.Elem
	c.P.Mul(&x3, x, x)
	c.P.Mul(&x3, &x3, x)
	c.P.Add(&t, x, x)
	c.P.Add(&t, &t, x)
	c.P.Sub(&x3, &x3, &t)
	c.P.Add(z, &x3, &c.B)
}

// elementFromBytes sets z to the Montgomery form of the big-endian b
// (c.Size bytes) and returns 1 if it is below p, 0 otherwise.
func (c *Curve) elementFromBytes(z *mont.Elem, b []byte) uint64 {
	var v mont.Elem
	ok := c.P.SetBytes(&v, b)
	c.P.ToMont(z, &v)
	return ok
}

// SetBytes decodes a SEC 1 (§2.3.4) uncompressed (0x04 ‖ x ‖ y) or
// compressed (0x02/0x03 ‖ x) point into affine Montgomery coordinates,
// rejecting the point at infinity, coordinates not below p and points not
// on the curve. Public input: it branches on the outcome.
func (c *Curve) SetBytes(b []byte) (x, y mont.Elem, err error) {
	size := c.Size
	var xm, ym, r, yy mont.Elem
	switch {
	case len(b) == 1+2*size && b[0] == 4:
		if c.elementFromBytes(&xm, b[1:1+size])&c.elementFromBytes(&ym, b[1+size:]) == 0 {
			return x, y, ErrPointEncoding
		}
		c.rhs(&r, &xm)
	case len(b) == 1+size && (b[0] == 2 || b[0] == 3):
		if c.elementFromBytes(&xm, b[1:]) == 0 {
			return x, y, ErrPointEncoding
		}
		c.rhs(&r, &xm)
		c.fieldExp(&ym, &r, &c.sqrtExp) // p ≡ 3 (mod 4): a root of r if there is one
		var v mont.Elem
		c.P.FromMont(&v, &ym)
		if v[0]&1 != uint64(b[0]&1) {
			var zero mont.Elem
			c.P.Sub(&ym, &zero, &ym)
		}
	default:
		return x, y, ErrPointEncoding
	}
	c.P.Mul(&yy, &ym, &ym)
	if c.P.Equal(&r, &yy) == 0 {
		return x, y, ErrNotOnCurve
	}
	return xm, ym, nil
}

// AppendBytes appends the SEC 1 encoding of the affine point (x, y)
// (Montgomery form): uncompressed, or compressed if compress is set.
func (c *Curve) AppendBytes(dst []byte, x, y *mont.Elem, compress bool) []byte {
	size := c.Size
	var buf [1 + 2*48]byte
	var v mont.Elem
	c.P.FromMont(&v, x)
	c.P.FillBytes(buf[1:1+size], &v)
	c.P.FromMont(&v, y)
	c.P.FillBytes(buf[1+size:1+2*size], &v)
	if compress {
		buf[0] = 2 | byte(v[0]&1)
		return append(dst, buf[:1+size]...)
	}
	buf[0] = 4
	return append(dst, buf[:1+2*size]...)
}

// equalXModNVarTime reports whether r ≡ x(P) (mod n) for the projective P
// with coordinates X and Z (N limbs, Montgomery form), not the point at
// infinity, and a public r in [1, n-1], without inverting Z: X = r·Z, or X
// = (r+n)·Z when r + n < p (x < p < 2n).
func (c *Curve) equalXModNVarTime(X, Z []uint64, r *mont.Elem) bool {
	var x, z, rm, t mont.Elem
	copy(x[:], X)
	copy(z[:], Z)
	c.P.ToMont(&rm, r) // r < n < p
	c.P.Mul(&t, &rm, &z)
	if c.P.Equal(&t, &x) == 1 {
		return true
	}
	var s mont.Elem
	var carry uint64
	for i := 0; i < c.N; i++ {
		s[i], carry = bits.Add64(r[i], c.Order.M[i], carry)
	}
	if carry != 0 || c.P.Less(&s, &c.P.M) == 0 { // r + n ≥ p
		return false
	}
	c.P.ToMont(&rm, &s)
	c.P.Mul(&t, &rm, &z)
	return c.P.Equal(&t, &x) == 1
}

// lowTable and highTable return the curve's tables, computing them on
// first use (see the package documentation for their layout).
func (c *Curve) lowTable() []uint64 {
	c.lowOnce.Do(func() { c.low = c.buildTable(1, lowBits) })
	return c.low
}

func (c *Curve) highTable() []uint64 {
	c.highOnce.Do(func() { c.high = c.buildTable(windows(c.N, highBits), highBits) })
	return c.high
}

// point is a projective point (X:Y:Z) of the table computation.
type point struct{ X, Y, Z mont.Elem }

// buildTable computes windows × 2^(bits-1) affine multiples d·2^(bits·i)·G
// (d = 1..2^(bits-1)), made affine with one batched inversion
// (Montgomery's trick): N limbs of x then N of y per entry.
func (c *Curve) buildTable(windows, bits int) []uint64 {
	per := entries(bits)
	n := c.N
	pts := make([]point, windows*per)
	base := point{X: c.Gx, Y: c.Gy, Z: c.P.One}
	for i := 0; i < windows; i++ {
		row := pts[i*per : (i+1)*per]
		row[0] = base
		for d := 1; d < per; d++ {
			c.pointAdd(&row[d], &row[d-1], &base)
		}
		c.pointAdd(&base, &row[per-1], &row[per-1]) // 2^bits·base
	}
	prefix := make([]mont.Elem, len(pts))
	acc := c.P.One
	for i := range pts {
		prefix[i] = acc
		c.P.Mul(&acc, &acc, &pts[i].Z)
	}
	pMinus2 := c.P.M // p's low limb is 2^64-1: no borrow
	pMinus2[0] -= 2
	var inv mont.Elem
	c.fieldExp(&inv, &acc, &pMinus2)
	tbl := make([]uint64, len(pts)*2*n)
	for i := len(pts) - 1; i >= 0; i-- {
		var zinv, x, y mont.Elem
		c.P.Mul(&zinv, &inv, &prefix[i])
		c.P.Mul(&inv, &inv, &pts[i].Z)
		c.P.Mul(&x, &pts[i].X, &zinv)
		c.P.Mul(&y, &pts[i].Y, &zinv)
		copy(tbl[i*2*n:], x[:n])
		copy(tbl[i*2*n+n:], y[:n])
	}
	return tbl
}

// pointAdd sets r = p + q with the complete addition formula for a = -3
// (Renes, Costello, Batina, "Complete addition formulas for prime order
// elliptic curves", 2015, Algorithm 4): 12M + 2m_b, for every pair of
// inputs, with no branch. r may alias p or q.
func (c *Curve) pointAdd(r, p, q *point) {
	f := c.P
	b := &c.B
	var t0, t1, t2, t3, t4, X3, Y3, Z3 mont.Elem
	f.Mul(&t0, &p.X, &q.X) // 1. t0 = X1·X2
	f.Mul(&t1, &p.Y, &q.Y) // 2. t1 = Y1·Y2
	f.Mul(&t2, &p.Z, &q.Z) // 3. t2 = Z1·Z2
	f.Add(&t3, &p.X, &p.Y) // 4. t3 = X1+Y1
	f.Add(&t4, &q.X, &q.Y) // 5. t4 = X2+Y2
	f.Mul(&t3, &t3, &t4)   // 6. t3 = t3·t4
	f.Add(&t4, &t0, &t1)   // 7. t4 = t0+t1
	f.Sub(&t3, &t3, &t4)   // 8. t3 = t3-t4
	f.Add(&t4, &p.Y, &p.Z) // 9. t4 = Y1+Z1
	f.Add(&X3, &q.Y, &q.Z) // 10. X3 = Y2+Z2
	f.Mul(&t4, &t4, &X3)   // 11. t4 = t4·X3
	f.Add(&X3, &t1, &t2)   // 12. X3 = t1+t2
	f.Sub(&t4, &t4, &X3)   // 13. t4 = t4-X3
	f.Add(&X3, &p.X, &p.Z) // 14. X3 = X1+Z1
	f.Add(&Y3, &q.X, &q.Z) // 15. Y3 = X2+Z2
	f.Mul(&X3, &X3, &Y3)   // 16. X3 = X3·Y3
	f.Add(&Y3, &t0, &t2)   // 17. Y3 = t0+t2
	f.Sub(&Y3, &X3, &Y3)   // 18. Y3 = X3-Y3
	f.Mul(&Z3, b, &t2)     // 19. Z3 = b·t2
	f.Sub(&X3, &Y3, &Z3)   // 20. X3 = Y3-Z3
	f.Add(&Z3, &X3, &X3)   // 21. Z3 = X3+X3
	f.Add(&X3, &X3, &Z3)   // 22. X3 = X3+Z3
	f.Sub(&Z3, &t1, &X3)   // 23. Z3 = t1-X3
	f.Add(&X3, &t1, &X3)   // 24. X3 = t1+X3
	f.Mul(&Y3, b, &Y3)     // 25. Y3 = b·Y3
	f.Add(&t1, &t2, &t2)   // 26. t1 = t2+t2
	f.Add(&t2, &t1, &t2)   // 27. t2 = t1+t2
	f.Sub(&Y3, &Y3, &t2)   // 28. Y3 = Y3-t2
	f.Sub(&Y3, &Y3, &t0)   // 29. Y3 = Y3-t0
	f.Add(&t1, &Y3, &Y3)   // 30. t1 = Y3+Y3
	f.Add(&Y3, &t1, &Y3)   // 31. Y3 = t1+Y3
	f.Add(&t1, &t0, &t0)   // 32. t1 = t0+t0
	f.Add(&t0, &t1, &t0)   // 33. t0 = t1+t0
	f.Sub(&t0, &t0, &t2)   // 34. t0 = t0-t2
	f.Mul(&t1, &t4, &Y3)   // 35. t1 = t4·Y3
	f.Mul(&t2, &t0, &Y3)   // 36. t2 = t0·Y3
	f.Mul(&Y3, &X3, &Z3)   // 37. Y3 = X3·Z3
	f.Add(&Y3, &Y3, &t2)   // 38. Y3 = Y3+t2
	f.Mul(&X3, &t3, &X3)   // 39. X3 = t3·X3
	f.Sub(&X3, &X3, &t1)   // 40. X3 = X3-t1
	f.Mul(&Z3, &t4, &Z3)   // 41. Z3 = t4·Z3
	f.Mul(&t1, &t3, &t0)   // 42. t1 = t3·t0
	f.Add(&Z3, &Z3, &t1)   // 43. Z3 = Z3+t1
	r.X, r.Y, r.Z = X3, Y3, Z3
}
