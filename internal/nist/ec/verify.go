package ec

import "github.com/cryptolab-go/cryptolab/internal/nist/mont"

// Verification arithmetic: public inputs only, variable time. It uses
// Jacobian coordinates (x = X/Z², y = Y/Z³), whose a = -3 doubling costs
// 3M + 5S against 8M + 3S + 2m_b for the complete projective formula that
// secret scalars need; the formulas are incomplete, and the exceptional
// cases (infinity, P = ±Q) are handled by branches, which public data
// allows. Scalars are recoded in width-5 or -6 NAF, so about one digit in
// six or seven is non-zero and only odd multiples are needed.

// jPoint is a point in Jacobian coordinates; Z = 0 is the point at infinity.
type jPoint struct {
	X, Y, Z mont.Elem
}

func (f *Field) jIsInfinity(p *jPoint) bool { return f.C.P.IsZero(&p.Z) == 1 }

// jDouble sets r = 2p ("dbl-2001-b", a = -3: 3M + 5S). Infinity doubles to
// infinity (Z3 = 0).
func (f *Field) jDouble(r, p *jPoint) {
	switch f.kind {
	case fastP256:
		p256JDouble(r, p)
		return
	case fastP384:
		p384JDouble(r, p)
		return
	}
	var delta, gamma, beta, alpha, t, u mont.Elem
	f.Sqr(&delta, &p.Z)
	f.Sqr(&gamma, &p.Y)
	f.Mul(&beta, &p.X, &gamma)
	f.Sub(&t, &p.X, &delta)
	f.Add(&u, &p.X, &delta)
	f.Mul(&alpha, &t, &u)
	f.Add(&t, &alpha, &alpha)
	f.Add(&alpha, &alpha, &t) // 3(X-δ)(X+δ)
	// Z3 = (Y+Z)² - γ - δ
	f.Add(&t, &p.Y, &p.Z)
	f.Sqr(&t, &t)
	f.Sub(&t, &t, &gamma)
	f.Sub(&r.Z, &t, &delta)
	// X3 = α² - 8β
	var b4, b8 mont.Elem
	f.Add(&b4, &beta, &beta)
	f.Add(&b4, &b4, &b4)
	f.Add(&b8, &b4, &b4)
	f.Sqr(&t, &alpha)
	f.Sub(&r.X, &t, &b8)
	// Y3 = α(4β - X3) - 8γ²
	f.Sub(&t, &b4, &r.X)
	f.Mul(&t, &alpha, &t)
	f.Sqr(&u, &gamma)
	f.Add(&u, &u, &u)
	f.Add(&u, &u, &u)
	f.Add(&u, &u, &u)
	f.Sub(&r.Y, &t, &u)
}

// jAddAffineVarTime sets r = p + (x2, y2) ("madd-2007-bl": 7M + 4S), falling back to
// doubling or infinity in the exceptional cases. r may alias p.
func (f *Field) jAddAffineVarTime(r, p *jPoint, x2, y2 *mont.Elem) {
	switch f.kind {
	case fastP256:
		p256JAddAffineVarTime(r, p, x2, y2)
		return
	case fastP384:
		p384JAddAffineVarTime(r, p, x2, y2)
		return
	}
	if f.jIsInfinity(p) {
		r.X, r.Y, r.Z = *x2, *y2, f.C.P.One
		return
	}
	var z1z1, u2, s2, h, hh, i, j, rr, v, t mont.Elem
	f.Sqr(&z1z1, &p.Z)
	f.Mul(&u2, x2, &z1z1)
	f.Mul(&s2, y2, &p.Z)
	f.Mul(&s2, &s2, &z1z1)
	f.Sub(&h, &u2, &p.X)
	f.Sub(&rr, &s2, &p.Y)
	if f.C.P.IsZero(&h) == 1 {
		if f.C.P.IsZero(&rr) == 1 {
			f.jDouble(r, p)
		} else {
			*r = jPoint{Y: f.C.P.One}
		}
		return
	}
	f.Add(&rr, &rr, &rr)
	f.Sqr(&hh, &h)
	f.Add(&i, &hh, &hh)
	f.Add(&i, &i, &i)
	f.Mul(&j, &h, &i)
	f.Mul(&v, &p.X, &i)
	var X3, Y3, Z3 mont.Elem
	f.Sqr(&X3, &rr)
	f.Sub(&X3, &X3, &j)
	f.Sub(&X3, &X3, &v)
	f.Sub(&X3, &X3, &v)
	f.Sub(&t, &v, &X3)
	f.Mul(&Y3, &rr, &t)
	f.Mul(&t, &p.Y, &j)
	f.Add(&t, &t, &t)
	f.Sub(&Y3, &Y3, &t)
	f.Add(&Z3, &p.Z, &h)
	f.Sqr(&Z3, &Z3)
	f.Sub(&Z3, &Z3, &z1z1)
	f.Sub(&Z3, &Z3, &hh)
	r.X, r.Y, r.Z = X3, Y3, Z3
}

// jAddVarTime sets r = p + q ("add-2007-bl": 11M + 5S) with the exceptional cases
// handled by branches. r may alias p or q.
func (f *Field) jAddVarTime(r, p, q *jPoint) {
	switch f.kind {
	case fastP256:
		p256JAddVarTime(r, p, q)
		return
	case fastP384:
		p384JAddVarTime(r, p, q)
		return
	}
	if f.jIsInfinity(p) {
		*r = *q
		return
	}
	if f.jIsInfinity(q) {
		*r = *p
		return
	}
	var z1z1, z2z2, u1, u2, s1, s2, h, i, j, rr, v, t mont.Elem
	f.Sqr(&z1z1, &p.Z)
	f.Sqr(&z2z2, &q.Z)
	f.Mul(&u1, &p.X, &z2z2)
	f.Mul(&u2, &q.X, &z1z1)
	f.Mul(&s1, &p.Y, &q.Z)
	f.Mul(&s1, &s1, &z2z2)
	f.Mul(&s2, &q.Y, &p.Z)
	f.Mul(&s2, &s2, &z1z1)
	f.Sub(&h, &u2, &u1)
	f.Sub(&rr, &s2, &s1)
	if f.C.P.IsZero(&h) == 1 {
		if f.C.P.IsZero(&rr) == 1 {
			f.jDouble(r, p)
		} else {
			*r = jPoint{Y: f.C.P.One}
		}
		return
	}
	f.Add(&rr, &rr, &rr)
	f.Add(&i, &h, &h)
	f.Sqr(&i, &i)
	f.Mul(&j, &h, &i)
	f.Mul(&v, &u1, &i)
	var X3, Y3, Z3 mont.Elem
	f.Sqr(&X3, &rr)
	f.Sub(&X3, &X3, &j)
	f.Sub(&X3, &X3, &v)
	f.Sub(&X3, &X3, &v)
	f.Sub(&t, &v, &X3)
	f.Mul(&Y3, &rr, &t)
	f.Mul(&t, &s1, &j)
	f.Add(&t, &t, &t)
	f.Sub(&Y3, &Y3, &t)
	f.Add(&Z3, &p.Z, &q.Z)
	f.Sqr(&Z3, &Z3)
	f.Sub(&Z3, &Z3, &z1z1)
	f.Sub(&Z3, &Z3, &z2z2)
	f.Mul(&Z3, &Z3, &h)
	r.X, r.Y, r.Z = X3, Y3, Z3
}

// wnafVarTime writes the width-w NAF of the public scalar k (plain limbs,
// k < 2^(64N)) to out, least significant digit first, and returns the number
// of digits: odd digits in [-(2^(w-1)-1), 2^(w-1)-1], at least w-1 zeros
// after each non-zero one.
func wnafVarTime(out []int8, k *mont.Elem, limbs, w int) int {
	var x [mont.MaxLimbs + 1]uint64
	copy(x[:], k[:limbs])
	n := limbs + 1
	isZero := func() bool {
		for i := 0; i < n; i++ {
			if x[i] != 0 {
				return false
			}
		}
		return true
	}
	i := 0
	for !isZero() {
		var d int8
		if x[0]&1 == 1 {
			v := int(x[0] & (1<<w - 1))
			if v >= 1<<(w-1) {
				v -= 1 << w
			}
			d = int8(v)
			// x -= d (d < 0 adds).
			if d > 0 {
				var b uint64
				x[0], b = x[0]-uint64(d), 0
				_ = b // x[0] ≥ d: the low bits of x equal d
			} else {
				c := uint64(-d)
				for j := 0; j < n && c != 0; j++ {
					x[j] += c
					if x[j] < c {
						c = 1
					} else {
						c = 0
					}
				}
			}
		}
		out[i] = d
		i++
		for j := 0; j < n-1; j++ {
			x[j] = x[j]>>1 | x[j+1]<<63
		}
		x[n-1] >>= 1
	}
	return i
}

// CombinedMultVarTime sets r = u1·G + u2·Q for public scalars u1, u2 (plain
// limbs) and a public affine point Q = (qx, qy), in variable time, for
// signature verification (Straus–Shamir: one chain of doublings, width-5
// NAF digits of both scalars).
//
// The odd multiples of G come from the fixed-base table: 1G..15G from the
// Low table (width-5 NAF for u1), 1G..31G from the first window of the High
// table (width 6, about 37 instead of 43 additions for P-256). The odd
// multiples of Q (8 Jacobian points, 8·3·48 = 1,152 B on the stack) are
// computed per call.
func (f *Field) CombinedMultVarTime(r *Point, u1, u2 *mont.Elem, qx, qy *mont.Elem, high bool) {
	if high {
		f.CombinedMultHighVarTime(r, u1, u2, qx, qy)
	} else {
		f.CombinedMultLowVarTime(r, u1, u2, qx, qy)
	}
}

// CombinedMultHighVarTime is CombinedMultVarTime with the High table.
func (f *Field) CombinedMultHighVarTime(r *Point, u1, u2 *mont.Elem, qx, qy *mont.Elem) {
	f.combinedMultVarTime(r, u1, u2, qx, qy, f.highTable()[:entries(highBits)*2*f.C.N], highBits)
}

// CombinedMultLowVarTime is CombinedMultVarTime with the Low table.
func (f *Field) CombinedMultLowVarTime(r *Point, u1, u2 *mont.Elem, qx, qy *mont.Elem) {
	f.combinedMultVarTime(r, u1, u2, qx, qy, f.lowTable(), lowBits)
}

// combinedMultVarTime takes the odd multiples 1·G, 3·G, .. from g, a
// window of the table of width w1, the NAF width of u1.
func (f *Field) combinedMultVarTime(r *Point, u1, u2 *mont.Elem, qx, qy *mont.Elem, g []uint64, w1 int) {
	c := f.C
	var qt [8]jPoint // (2i+1)·Q
	qt[0] = jPoint{X: *qx, Y: *qy, Z: c.P.One}
	var q2 jPoint
	f.jDouble(&q2, &qt[0])
	for i := 1; i < 8; i++ {
		f.jAddVarTime(&qt[i], &qt[i-1], &q2)
	}
	// NAF digits of u1 and u2, up to 64·N+1 each (2·386 B on the stack).
	var n1, n2 [6*64 + 2]int8
	// u1 uses the widest NAF the table's odd multiples allow: width 6 (1..31)
	// with the first High window, width 5 (1..15) with the Low table.
	l1 := wnafVarTime(n1[:], u1, c.N, w1)
	l2 := wnafVarTime(n2[:], u2, c.N, 5)
	l := max(l1, l2)
	acc := jPoint{Y: c.P.One}
	var x, y, negY, zero mont.Elem
	var negQ jPoint
	for i := l - 1; i >= 0; i-- {
		if !f.jIsInfinity(&acc) {
			f.jDouble(&acc, &acc)
		}
		if d := n2[i]; d > 0 {
			f.jAddVarTime(&acc, &acc, &qt[d/2])
		} else if d < 0 {
			negQ = qt[(-d)/2]
			f.Sub(&negQ.Y, &zero, &negQ.Y)
			f.jAddVarTime(&acc, &acc, &negQ)
		}
		if d := n1[i]; d != 0 {
			e := uint64(d)
			if d < 0 {
				e = uint64(-d)
			}
			c.entryVarTime(&x, &y, g, e)
			if d < 0 {
				f.Sub(&negY, &zero, &y)
				y = negY
			}
			f.jAddAffineVarTime(&acc, &acc, &x, &y)
		}
	}
	// Jacobian (X:Y:Z) is the projective point (X·Z : Y : Z³).
	f.Mul(&r.X, &acc.X, &acc.Z)
	r.Y = acc.Y
	f.Sqr(&x, &acc.Z)
	f.Mul(&r.Z, &x, &acc.Z)
}

// EqualXModNVarTime reports whether r ≡ x(p) (mod n) for a projective point
// p that is not the point at infinity and a public scalar r in [1, n-1]
// (plain limbs), without inverting Z: it checks X == r·Z and, if r + n < p,
// X == (r + n)·Z (FIPS 186-5 §6.4.2 step 8 needs x mod n, and x < p < 2n).
func (f *Field) EqualXModNVarTime(p *Point, r *mont.Elem) bool {
	c := f.C
	var rm, t mont.Elem
	c.P.ToMont(&rm, r) // r < n < p
	f.Mul(&t, &rm, &p.Z)
	if c.P.Equal(&t, &p.X) == 1 {
		return true
	}
	// r + n as an integer; compare with p.
	var s mont.Elem
	var carry uint64
	for i := 0; i < c.N; i++ {
		sum := r[i] + c.Order.M[i]
		c1 := uint64(0)
		if sum < r[i] {
			c1 = 1
		}
		sum2 := sum + carry
		if sum2 < sum {
			c1 = 1
		}
		s[i], carry = sum2, c1
	}
	if carry != 0 || c.P.Less(&s, &c.P.M) == 0 {
		return false
	}
	c.P.ToMont(&rm, &s)
	f.Mul(&t, &rm, &p.Z)
	return c.P.Equal(&t, &p.X) == 1
}
