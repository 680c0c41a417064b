package ec

import (
	"github.com/cryptolab-go/cryptolab/internal/ct"
	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

// Point is a point in projective coordinates (X:Y:Z), x = X/Z, y = Y/Z, with
// coordinates in Montgomery form. The point at infinity is (0:1:0).
type Point struct {
	X, Y, Z mont.Elem
}

// SetInfinity sets p to the point at infinity.
func (f *Field) SetInfinity(p *Point) {
	p.X = mont.Elem{}
	p.Y = f.C.P.One
	p.Z = mont.Elem{}
}

// SetAffine sets p = (x, y) (Montgomery form).
func (f *Field) SetAffine(p *Point, x, y *mont.Elem) {
	p.X, p.Y, p.Z = *x, *y, f.C.P.One
}

// IsInfinity returns 1 if p is the point at infinity (Z = 0), 0 otherwise.
func (f *Field) IsInfinity(p *Point) uint64 { return f.C.P.IsZero(&p.Z) }

// SelectPoint sets r = a if mask == ^0 and r = b if mask == 0.
func SelectPoint(r *Point, mask uint64, a, b *Point) {
	mont.Select(&r.X, mask, &a.X, &b.X)
	mont.Select(&r.Y, mask, &a.Y, &b.Y)
	mont.Select(&r.Z, mask, &a.Z, &b.Z)
}

// PointAdd sets r = p + q with the complete addition formula for short
// Weierstrass curves with a = -3 (Renes, Costello, Batina, "Complete
// addition formulas for prime order elliptic curves", 2015, Algorithm 4):
// 12M + 2m_b, correct for every pair of inputs including doubling and the
// point at infinity, and free of branches. r may alias p or q.
func (f *Field) PointAdd(r, p, q *Point) {
	switch f.kind {
	case fastP256:
		p256PointAdd(r, p, q)
		return
	case fastP384:
		p384PointAdd(r, p, q)
		return
	}
	b := &f.C.B
	var t0, t1, t2, t3, t4, X3, Y3, Z3 mont.Elem
	f.Mul(&t0, &p.X, &q.X)
	f.Mul(&t1, &p.Y, &q.Y)
	f.Mul(&t2, &p.Z, &q.Z)
	f.Add(&t3, &p.X, &p.Y)
	f.Add(&t4, &q.X, &q.Y)
	f.Mul(&t3, &t3, &t4)
	f.Add(&t4, &t0, &t1)
	f.Sub(&t3, &t3, &t4)
	f.Add(&t4, &p.Y, &p.Z)
	f.Add(&X3, &q.Y, &q.Z)
	f.Mul(&t4, &t4, &X3)
	f.Add(&X3, &t1, &t2)
	f.Sub(&t4, &t4, &X3)
	f.Add(&X3, &p.X, &p.Z)
	f.Add(&Y3, &q.X, &q.Z)
	f.Mul(&X3, &X3, &Y3)
	f.Add(&Y3, &t0, &t2)
	f.Sub(&Y3, &X3, &Y3)
	f.Mul(&Z3, b, &t2)
	f.Sub(&X3, &Y3, &Z3)
	f.Add(&Z3, &X3, &X3)
	f.Add(&X3, &X3, &Z3)
	f.Sub(&Z3, &t1, &X3)
	f.Add(&X3, &t1, &X3)
	f.Mul(&Y3, b, &Y3)
	f.Add(&t1, &t2, &t2)
	f.Add(&t2, &t1, &t2)
	f.Sub(&Y3, &Y3, &t2)
	f.Sub(&Y3, &Y3, &t0)
	f.Add(&t1, &Y3, &Y3)
	f.Add(&Y3, &t1, &Y3)
	f.Add(&t1, &t0, &t0)
	f.Add(&t0, &t1, &t0)
	f.Sub(&t0, &t0, &t2)
	f.Mul(&t1, &t4, &Y3)
	f.Mul(&t2, &t0, &Y3)
	f.Mul(&Y3, &X3, &Z3)
	f.Add(&Y3, &Y3, &t2)
	f.Mul(&X3, &t3, &X3)
	f.Sub(&X3, &X3, &t1)
	f.Mul(&Z3, &t4, &Z3)
	f.Mul(&t1, &t3, &t0)
	f.Add(&Z3, &Z3, &t1)
	r.X, r.Y, r.Z = X3, Y3, Z3
}

// PointAddAffine sets r = p + (x2, y2) for an affine point (x2, y2), which cannot
// be the point at infinity (Renes–Costello–Batina 2015, Algorithm 5, mixed
// addition for a = -3): 11M + 2m_b, complete for every p, including the
// point at infinity and p = ±(x2, y2). r may alias p.
func (f *Field) PointAddAffine(r, p *Point, x2, y2 *mont.Elem) {
	switch f.kind {
	case fastP256:
		p256PointAddAffine(r, p, x2, y2)
		return
	case fastP384:
		p384PointAddAffine(r, p, x2, y2)
		return
	}
	b := &f.C.B
	var t0, t1, t2, t3, t4, X3, Y3, Z3 mont.Elem
	f.Mul(&t0, &p.X, x2)
	f.Mul(&t1, &p.Y, y2)
	f.Add(&t3, x2, y2)
	f.Add(&t4, &p.X, &p.Y)
	f.Mul(&t3, &t3, &t4)
	f.Add(&t4, &t0, &t1)
	f.Sub(&t3, &t3, &t4)
	f.Mul(&t4, y2, &p.Z)
	f.Add(&t4, &t4, &p.Y)
	f.Mul(&Y3, x2, &p.Z)
	f.Add(&Y3, &Y3, &p.X)
	f.Mul(&Z3, b, &p.Z)
	f.Sub(&X3, &Y3, &Z3)
	f.Add(&Z3, &X3, &X3)
	f.Add(&X3, &X3, &Z3)
	f.Sub(&Z3, &t1, &X3)
	f.Add(&X3, &t1, &X3)
	f.Mul(&Y3, b, &Y3)
	f.Add(&t1, &p.Z, &p.Z)
	f.Add(&t2, &t1, &p.Z)
	f.Sub(&Y3, &Y3, &t2)
	f.Sub(&Y3, &Y3, &t0)
	f.Add(&t1, &Y3, &Y3)
	f.Add(&Y3, &t1, &Y3)
	f.Add(&t1, &t0, &t0)
	f.Add(&t0, &t1, &t0)
	f.Sub(&t0, &t0, &t2)
	f.Mul(&t1, &t4, &Y3)
	f.Mul(&t2, &t0, &Y3)
	f.Mul(&Y3, &X3, &Z3)
	f.Add(&Y3, &Y3, &t2)
	f.Mul(&X3, &t3, &X3)
	f.Sub(&X3, &X3, &t1)
	f.Mul(&Z3, &t4, &Z3)
	f.Mul(&t1, &t3, &t0)
	f.Add(&Z3, &Z3, &t1)
	r.X, r.Y, r.Z = X3, Y3, Z3
}

// PointDouble sets r = 2p (Renes–Costello–Batina 2015, Algorithm 6, a = -3):
// 8M + 3S + 2m_b, complete. r may alias p.
func (f *Field) PointDouble(r, p *Point) {
	switch f.kind {
	case fastP256:
		p256PointDouble(r, p)
		return
	case fastP384:
		p384PointDouble(r, p)
		return
	}
	b := &f.C.B
	var t0, t1, t2, t3, X3, Y3, Z3 mont.Elem
	f.Sqr(&t0, &p.X)
	f.Sqr(&t1, &p.Y)
	f.Sqr(&t2, &p.Z)
	f.Mul(&t3, &p.X, &p.Y)
	f.Add(&t3, &t3, &t3)
	f.Mul(&Z3, &p.X, &p.Z)
	f.Add(&Z3, &Z3, &Z3)
	f.Mul(&Y3, b, &t2)
	f.Sub(&Y3, &Y3, &Z3)
	f.Add(&X3, &Y3, &Y3)
	f.Add(&Y3, &X3, &Y3)
	f.Sub(&X3, &t1, &Y3)
	f.Add(&Y3, &t1, &Y3)
	f.Mul(&Y3, &X3, &Y3)
	f.Mul(&X3, &X3, &t3)
	f.Add(&t3, &t2, &t2)
	f.Add(&t2, &t2, &t3)
	f.Mul(&Z3, b, &Z3)
	f.Sub(&Z3, &Z3, &t2)
	f.Sub(&Z3, &Z3, &t0)
	f.Add(&t3, &Z3, &Z3)
	f.Add(&Z3, &Z3, &t3)
	f.Add(&t3, &t0, &t0)
	f.Add(&t0, &t3, &t0)
	f.Sub(&t0, &t0, &t2)
	f.Mul(&t0, &t0, &Z3)
	f.Add(&Y3, &Y3, &t0)
	f.Mul(&t0, &p.Y, &p.Z)
	f.Add(&t0, &t0, &t0)
	f.Mul(&Z3, &t0, &Z3)
	f.Sub(&X3, &X3, &Z3)
	f.Mul(&Z3, &t0, &t1)
	f.Add(&Z3, &Z3, &Z3)
	f.Add(&Z3, &Z3, &Z3)
	r.X, r.Y, r.Z = X3, Y3, Z3
}

// PointNeg sets r = -p.
func (f *Field) PointNeg(r, p *Point) {
	var zero mont.Elem
	r.X, r.Z = p.X, p.Z
	f.Sub(&r.Y, &zero, &p.Y)
}

// Affine sets x, y to the affine coordinates of p (Montgomery form) and
// returns 1, or returns 0 (with x = y = 0) if p is the point at infinity.
// Constant time: the inversion is Fermat's, Z^(p-2).
func (f *Field) Affine(x, y *mont.Elem, p *Point) uint64 {
	var zinv mont.Elem
	f.Invert(&zinv, &p.Z)
	f.Mul(x, &p.X, &zinv)
	f.Mul(y, &p.Y, &zinv)
	return 1 ^ f.IsInfinity(p)
}

// lookup sets (x, y) to entry d (1..len) of a window of affine multiples,
// or to (0, 0) for d = 0, reading every entry (internal/ct masks). The scan
// is a fifth of the time of a High k·G, so the two curve sizes have
// straight-line inner loops accumulating in registers.
func (c *Curve) lookup(x, y *mont.Elem, win []uint64, d uint64) {
	if c.N == 4 {
		lookup4(x, y, win, d)
	} else {
		lookup6(x, y, win, d)
	}
}

func lookup4(x, y *mont.Elem, win []uint64, d uint64) {
	var x0, x1, x2, x3, y0, y1, y2, y3 uint64
	for e := 0; e+8 <= len(win); e += 8 {
		m := ct.Mask64(ct.Eq64(uint64(e/8+1), d))
		r := win[e : e+8 : e+8]
		x0 |= r[0] & m
		x1 |= r[1] & m
		x2 |= r[2] & m
		x3 |= r[3] & m
		y0 |= r[4] & m
		y1 |= r[5] & m
		y2 |= r[6] & m
		y3 |= r[7] & m
	}
	*x = mont.Elem{x0, x1, x2, x3}
	*y = mont.Elem{y0, y1, y2, y3}
}

func lookup6(x, y *mont.Elem, win []uint64, d uint64) {
	var x0, x1, x2, x3, x4, x5, y0, y1, y2, y3, y4, y5 uint64
	for e := 0; e+12 <= len(win); e += 12 {
		m := ct.Mask64(ct.Eq64(uint64(e/12+1), d))
		r := win[e : e+12 : e+12]
		x0 |= r[0] & m
		x1 |= r[1] & m
		x2 |= r[2] & m
		x3 |= r[3] & m
		x4 |= r[4] & m
		x5 |= r[5] & m
		y0 |= r[6] & m
		y1 |= r[7] & m
		y2 |= r[8] & m
		y3 |= r[9] & m
		y4 |= r[10] & m
		y5 |= r[11] & m
	}
	*x = mont.Elem{x0, x1, x2, x3, x4, x5}
	*y = mont.Elem{y0, y1, y2, y3, y4, y5}
}

// entryVarTime returns entry d (1..len) of a window, read directly: public
// scalars only.
func (c *Curve) entryVarTime(x, y *mont.Elem, win []uint64, d uint64) {
	n := c.N
	row := win[(d-1)*uint64(2*n):]
	*x, *y = mont.Elem{}, mont.Elem{}
	copy(x[:n], row[:n])
	copy(y[:n], row[n:2*n])
}
