package edwards25519

import (
	"sync"

	"github.com/cryptolab-go/cryptolab/internal/ct"
)

//go:generate go run gen_small.go

// This file is the curve code over the SuperFast field fe51; curve25.go is
// the same code over the Small field fe25, generated from this file by
// gen_small.go (every identifier ending in 51 renamed to end in 25), so
// each configuration calls its own field statically and a program links
// only the field it names. Edit this file and run go generate.

// point51 is a point of edwards25519 (RFC 8032, Section 5.1: -x²+y² =
// 1+d·x²·y²) in extended coordinates (X:Y:Z:T), with x = X/Z, y = Y/Z and
// x·y = T/Z (Hisil, Wong, Carter, Dawson, "Twisted Edwards curves
// revisited", 2008, Section 3.1). 160 bytes.
type point51 struct{ X, Y, Z, T fe51 }

// completed51 is the result of an addition or doubling before its four
// final multiplications: x = X/Z, y = Y/T.
type completed51 struct{ X, Y, Z, T fe51 }

// cached51 is a point prepared as the second operand of an addition:
// (Y+X, Y-X, Z, 2d·T).
type cached51 struct{ YplusX, YminusX, Z, T2d fe51 }

// niels51 is an affine point (Z = 1) prepared for addition: (y+x, y-x,
// 2d·x·y). The base-point tables hold these: 120 bytes each.
type niels51 struct{ YplusX, YminusX, T2d fe51 }

func (v *point51) identity() {
	v.X.zero()
	v.Y.one()
	v.Z.one()
	v.T.zero()
}

func (v *niels51) identity() {
	v.YplusX.one()
	v.YminusX.one()
	v.T2d.zero()
}

func (v *point51) fromCompleted(c *completed51) {
	v.X.mul(&c.X, &c.T)
	v.Y.mul(&c.Y, &c.Z)
	v.Z.mul(&c.Z, &c.T)
	v.T.mul(&c.X, &c.Y)
}

// fromCompletedXYZ is fromCompleted without T (three multiplications
// instead of four), for a point that is only doubled next: doubling reads
// X, Y and Z. The point is then in projective coordinates (X:Y:Z), its T
// stale, until the next fromCompleted. (A separate projective type would
// cost a 120-byte copy beside each point that is doubled.)
func (v *point51) fromCompletedXYZ(c *completed51) {
	v.X.mul(&c.X, &c.T)
	v.Y.mul(&c.Y, &c.Z)
	v.Z.mul(&c.Z, &c.T)
}

func (v *cached51) fromPoint(p *point51) {
	v.YplusX.addLazy(&p.Y, &p.X) // cached values are only multiplied
	v.YminusX.subLazy(&p.Y, &p.X)
	v.Z = p.Z
	v.T2d.mul(&p.T, &d2_51)
}

// fromCompleted is point51.fromCompleted then cached51.fromPoint without
// the point: the four products, then the sum and difference of y and x.
func (v *cached51) fromCompleted(c *completed51) {
	var x fe51
	x.mul(&c.X, &c.T)
	v.YminusX.mul(&c.Y, &c.Z) // y, until the sums below
	v.Z.mul(&c.Z, &c.T)
	v.T2d.mul(&c.X, &c.Y)
	v.T2d.mul(&v.T2d, &d2_51)
	v.YplusX.addLazy(&v.YminusX, &x)
	v.YminusX.subLazy(&v.YminusX, &x)
}

// fromPoint makes p affine: one inversion, so only for building tables.
func (v *niels51) fromPoint(p *point51) {
	var zi, x, y fe51
	invert51(&zi, &p.Z)
	x.mul(&p.X, &zi)
	y.mul(&p.Y, &zi)
	v.YplusX.add(&y, &x)
	v.YminusX.sub(&y, &x)
	v.T2d.mul(&x, &y)
	v.T2d.mul(&v.T2d, &d2_51)
}

func (v *point51) neg(p *point51) {
	v.X.neg(&p.X)
	v.Y = p.Y
	v.Z = p.Z
	v.T.neg(&p.T)
}

// add sets v = p + q: "add-2008-hwcd-3" for a = -1 (8 multiplications).
// The outputs of add, sub, addNiels, subNiels and double are completed
// coordinates, which are only multiplied (fromCompleted), so their last
// sums and differences are not carried (addLazy, subLazy).
//
// The formulas' intermediate values (A, B, C, D) are kept in v's own
// coordinates, with one temporary to form a sum and a difference of two of
// them: 80 bytes of stack fewer than four temporaries (Small: 120), in the
// deepest frames of a scalar multiplication.
func (v *completed51) add(p *point51, q *cached51) {
	var t fe51
	v.X.subLazy(&p.Y, &p.X)
	v.X.mul(&v.X, &q.YminusX) // A
	v.Y.addLazy(&p.Y, &p.X)
	v.Y.mul(&v.Y, &q.YplusX) // B
	v.T.mul(&p.T, &q.T2d)    // C
	v.Z.mul(&p.Z, &q.Z)
	v.Z.addLazy(&v.Z, &v.Z) // D
	t = v.X
	v.X.subLazy(&v.Y, &t) // B - A
	v.Y.addLazy(&v.Y, &t) // B + A
	t = v.T
	v.T.subLazy(&v.Z, &t) // D - C
	v.Z.addLazy(&v.Z, &t) // D + C
}

// sub sets v = p - q (q negated: Y+X and Y-X exchanged, 2d·T negated).
func (v *completed51) sub(p *point51, q *cached51) {
	var t fe51
	v.X.subLazy(&p.Y, &p.X)
	v.X.mul(&v.X, &q.YplusX)
	v.Y.addLazy(&p.Y, &p.X)
	v.Y.mul(&v.Y, &q.YminusX)
	v.T.mul(&p.T, &q.T2d)
	v.Z.mul(&p.Z, &q.Z)
	v.Z.addLazy(&v.Z, &v.Z)
	t = v.X
	v.X.subLazy(&v.Y, &t)
	v.Y.addLazy(&v.Y, &t)
	t = v.T
	v.T.addLazy(&v.Z, &t) // D + C
	v.Z.subLazy(&v.Z, &t) // D - C
}

// addNiels sets v = p + q for an affine q (7 multiplications).
func (v *completed51) addNiels(p *point51, q *niels51) {
	var t fe51
	v.X.subLazy(&p.Y, &p.X)
	v.X.mul(&v.X, &q.YminusX)
	v.Y.addLazy(&p.Y, &p.X)
	v.Y.mul(&v.Y, &q.YplusX)
	v.T.mul(&p.T, &q.T2d)
	v.Z.addLazy(&p.Z, &p.Z)
	t = v.X
	v.X.subLazy(&v.Y, &t)
	v.Y.addLazy(&v.Y, &t)
	t = v.T
	v.T.subLazy(&v.Z, &t)
	v.Z.addLazy(&v.Z, &t)
}

// subNiels sets v = p - q for an affine q.
func (v *completed51) subNiels(p *point51, q *niels51) {
	var t fe51
	v.X.subLazy(&p.Y, &p.X)
	v.X.mul(&v.X, &q.YplusX)
	v.Y.addLazy(&p.Y, &p.X)
	v.Y.mul(&v.Y, &q.YminusX)
	v.T.mul(&p.T, &q.T2d)
	v.Z.addLazy(&p.Z, &p.Z)
	t = v.X
	v.X.subLazy(&v.Y, &t)
	v.Y.addLazy(&v.Y, &t)
	t = v.T
	v.T.addLazy(&v.Z, &t)
	v.Z.subLazy(&v.Z, &t)
}

// double sets v = 2p: "dbl-2008-hwcd" for a = -1 (4 squarings), with
// x = 2XY/(Y²-X²) and y = (X²+Y²)/(2Z²-(Y²-X²)); X², Y² and 2Z² are
// kept in v's coordinates, as in add. p's T is not read.
func (v *completed51) double(p *point51) {
	var t fe51
	v.T.square(&p.Z)
	v.T.addLazy(&v.T, &v.T) // 2Z²
	t.square(&p.X)          // X²
	v.Y.square(&p.Y)        // Y²
	v.Z.sub(&v.Y, &t)       // Y² - X², carried: it is subtracted next
	v.Y.add(&v.Y, &t)       // X² + Y², carried: it is subtracted next
	v.X.addLazy(&p.X, &p.Y)
	v.X.square(&v.X)
	v.X.subLazy(&v.X, &v.Y)
	v.T.subLazy(&v.T, &v.Z)
}

// squareN51 sets v = a^(2^n).
func squareN51(v, a *fe51, n int) {
	v.square(a)
	for i := 1; i < n; i++ {
		v.square(v)
	}
}

// pow2_250_1_51 returns z^(2^250-1) and z^11, the common part of
// inversion and of the square root's exponent.
func pow2_250_1_51(z *fe51) (r, z11 fe51) {
	var z2, z9, t, a5, a10, a20, a50, a100 fe51
	z2.square(z)          // 2
	squareN51(&t, &z2, 2) // 8
	z9.mul(&t, z)         // 9
	z11.mul(&z9, &z2)     // 11
	t.square(&z11)        // 22
	a5.mul(&t, &z9)       // 31 = 2^5-1
	squareN51(&t, &a5, 5)
	a10.mul(&t, &a5) // 2^10-1
	squareN51(&t, &a10, 10)
	a20.mul(&t, &a10) // 2^20-1
	squareN51(&t, &a20, 20)
	t.mul(&t, &a20) // 2^40-1
	squareN51(&t, &t, 10)
	a50.mul(&t, &a10) // 2^50-1
	squareN51(&t, &a50, 50)
	a100.mul(&t, &a50) // 2^100-1
	squareN51(&t, &a100, 100)
	t.mul(&t, &a100) // 2^200-1
	squareN51(&t, &t, 50)
	r.mul(&t, &a50) // 2^250-1
	return r, z11
}

// sqrtRatio51 sets x to a square root of u/w and reports whether there is
// one: RFC 8032, Section 5.1.3, step 3, with x = u·w³·(u·w⁷)^((p-5)/8) and
// (p-5)/8 = 2^252-3.
func sqrtRatio51(x, u, w *fe51) bool {
	var w3, w7, t, check, nu fe51
	w3.square(w)
	w3.mul(&w3, w) // w³
	w7.square(&w3)
	w7.mul(&w7, w) // w⁷
	t.mul(u, &w7)
	r, _ := pow2_250_1_51(&t)
	squareN51(&r, &r, 2)
	r.mul(&r, &t) // (u·w⁷)^(2^252-3)
	r.mul(&r, &w3)
	r.mul(&r, u)
	check.square(&r)
	check.mul(&check, w)
	nu.neg(u)
	cb, ub, nb := check.bytes(), u.bytes(), nu.bytes()
	correct := ct.EqBytes(cb[:], ub[:])
	flipped := ct.EqBytes(cb[:], nb[:])
	var ri fe51
	ri.mul(&r, &sqrtM151)
	r.selectFrom(&ri, ct.Mask64(uint64(flipped)))
	*x = r
	return correct|flipped == 1
}

func isNegative51(a *fe51) uint64 {
	b := a.bytes()
	return uint64(b[0] & 1)
}

// setBytes decodes a point, RFC 8032, Section 5.1.3, as crypto/ed25519
// does: y is taken modulo p (an encoding of y ≥ p is accepted) and x = 0
// with the sign bit set is accepted (as x = 0). It reports false, leaving
// v unchanged, where there is no such point.
func (v *point51) setBytes(b *[32]byte) bool {
	var y, y2, u, w, x, one fe51
	one.one()
	y.setBytes(b)
	y2.square(&y)
	u.sub(&y2, &one)
	w.mul(&y2, &d51)
	w.add(&w, &one)
	if !sqrtRatio51(&x, &u, &w) {
		return false
	}
	var nx fe51
	nx.neg(&x)
	x.selectFrom(&nx, ct.Mask64(isNegative51(&x)^uint64(b[31]>>7)))
	v.X = x
	v.Y = y
	v.Z = one
	v.T.mul(&x, &y)
	return true
}

// bytes encodes v, RFC 8032, Section 5.1.2.
func (v *point51) bytes() [32]byte {
	var zi, x, y fe51
	invert51(&zi, &v.Z)
	x.mul(&v.X, &zi)
	y.mul(&v.Y, &zi)
	b := y.bytes()
	b[31] |= byte(isNegative51(&x) << 7)
	return b
}

func basePoint51() point51 {
	var p point51
	b := baseBytes
	p.setBytes(&b)
	return p
}

// Base-point tables, computed once per process on first use and shared.
// Each is linked only by the configurations that read it.
var (
	lowOnce51, highOnce51, oddLowOnce51, oddHighOnce51, oddHigh128Once51 sync.Once

	// lowTable51[j] = (j+1)·B: 8 points, 960 bytes (OptLow signing).
	lowTable51 [8]niels51
	// highTable51[i][j] = (j+1)·256^i·B: 256 points, 30,720 bytes
	// (OptHigh signing).
	highTable51 [32][8]niels51
	// oddLowTable51[j] = (2j+1)·B: 8 points, 960 bytes (OptLow
	// verification, width-5 NAF).
	oddLowTable51 [8]niels51
	// oddHighTable51[j] = (2j+1)·B: 64 points, 7,680 bytes (OptHigh
	// verification, width-8 NAF).
	oddHighTable51 [64]niels51
	// oddHigh128Table51[j] = (2j+1)·2^128·B: 64 points, 7,680 bytes
	// (OptHigh verification with a precomputed public key: the high half
	// of s).
	oddHigh128Table51 [64]niels51
)

// multiples51 fills t[j] = (start + j·step)·P for a P given as its
// start-multiple s and its step-multiple d.
func multiples51(t []niels51, s, d *point51) {
	var q point51
	var c completed51
	var dc cached51
	dc.fromPoint(d)
	q = *s
	for j := range t {
		if j > 0 {
			c.add(&q, &dc)
			q.fromCompleted(&c)
		}
		t[j].fromPoint(&q)
	}
}

func getLowTable51() *[8]niels51 {
	lowOnce51.Do(func() {
		b := basePoint51()
		multiples51(lowTable51[:], &b, &b)
	})
	return &lowTable51
}

func getHighTable51() *[32][8]niels51 {
	highOnce51.Do(func() {
		p := basePoint51()
		var c completed51
		for i := range highTable51 {
			multiples51(highTable51[i][:], &p, &p)
			for range 7 {
				c.double(&p)
				p.fromCompletedXYZ(&c)
			}
			c.double(&p)
			p.fromCompleted(&c)
		}
	})
	return &highTable51
}

// oddTable51 fills t[j] = (2j+1)·2^n·B.
func oddTable51(t []niels51, n int) {
	b := basePoint51()
	if n > 0 {
		b.mulByPow2(n)
	}
	var b2 point51
	var c completed51
	c.double(&b)
	b2.fromCompleted(&c)
	multiples51(t, &b, &b2)
}

func getOddLowTable51() *[8]niels51 {
	oddLowOnce51.Do(func() { oddTable51(oddLowTable51[:], 0) })
	return &oddLowTable51
}

func getOddHighTable51() *[64]niels51 {
	oddHighOnce51.Do(func() { oddTable51(oddHighTable51[:], 0) })
	return &oddHighTable51
}

func getOddHigh128Table51() *[64]niels51 {
	oddHigh128Once51.Do(func() { oddTable51(oddHigh128Table51[:], 128) })
	return &oddHigh128Table51
}

// mulByPow2 sets v = 2^n·v (n ≥ 1).
func (v *point51) mulByPow2(n int) {
	var c completed51
	for i := 0; i < n; i++ {
		c.double(v)
		if i < n-1 {
			v.fromCompletedXYZ(&c)
		}
	}
	v.fromCompleted(&c)
}

// scalarBaseMultLow51 sets v = s·B with the 8-point table: 64 signed
// radix-16 digits from the top, 4 doublings and one table addition each
// (252 doublings, 64 additions). Constant time.
func scalarBaseMultLow51(v *point51, s *[32]byte) {
	e := signedRadix16(s)
	t := getLowTable51()
	var n niels51
	var c completed51
	v.identity()
	for i := 63; i >= 0; i-- {
		if i < 63 {
			v.mulByPow2(4)
		}
		n.lookup(t, e[i])
		c.addNiels(v, &n)
		v.fromCompleted(&c)
	}
}

// scalarBaseMultHigh51 sets v = s·B with the 32×8 table: the odd digits
// e_(2m+1)·256^m·B summed, multiplied by 16, then the even digits
// e_(2m)·256^m·B added (64 additions, 4 doublings). Constant time.
func scalarBaseMultHigh51(v *point51, s *[32]byte) {
	e := signedRadix16(s)
	t := getHighTable51()
	var n niels51
	var c completed51
	v.identity()
	for i := 1; i < 64; i += 2 {
		n.lookup(&t[i/2], e[i])
		c.addNiels(v, &n)
		v.fromCompleted(&c)
	}
	v.mulByPow2(4)
	for i := 0; i < 64; i += 2 {
		n.lookup(&t[i/2], e[i])
		c.addNiels(v, &n)
		v.fromCompleted(&c)
	}
}

// oddMultiples51 sets t[j] = (2j+1)·a for every j of t (at least 2): 8
// entries for a width-5 NAF, 4 for width 4. a is the running multiple and
// ends as (2·len(t)-1)·a, and 2a waits in t's last entry until that entry
// is written: 320 bytes of stack instead of 880 (no copy of a, no 2a as a
// point and as a cached point).
func oddMultiples51(t []cached51, a *point51) {
	var c completed51
	c.double(a)
	a2 := &t[len(t)-1]
	a2.fromCompleted(&c)
	t[0].fromPoint(a)
	for j := 1; j < len(t); j++ {
		c.add(a, a2) // at the last j, a2 is read before t[j] is written
		a.fromCompleted(&c)
		t[j].fromPoint(a)
	}
}

// doubleScalarMultVarTime51 sets v = k·A + s·B (Straus–Shamir): a NAF of
// k over tA, the odd multiples A, 3A, ..., whose width matches tA (8
// points: width 5; 4: width 4), and a NAF of s whose width matches oddB
// (8 points: width 5; 64: width 8). Variable time: for public k, A and s
// only (verification).
func doubleScalarMultVarTime51(v *point51, k *[32]byte, tA []cached51, s *[32]byte, oddB []niels51) {
	var c completed51
	wA, wB := uint(4), uint(5)
	if len(tA) == 8 {
		wA = 5
	}
	if len(oddB) == 64 {
		wB = 8
	}
	// The NAFs as their nonzero digits (nafDigits: 2 × 136 bytes of
	// stack instead of 2 × 256, for a comparison per position).
	nk := nafDigitsVarTime(k, wA)
	ns := nafDigitsVarTime(s, wB)
	top := max(nk.topVarTime(), ns.topVarTime())
	v.identity()
	for i := top; i >= 0; i-- {
		c.double(v)
		if d := nk.nextVarTime(i); d > 0 {
			v.fromCompleted(&c)
			c.add(v, &tA[d/2])
		} else if d < 0 {
			v.fromCompleted(&c)
			c.sub(v, &tA[-d/2])
		}
		if d := ns.nextVarTime(i); d > 0 {
			v.fromCompleted(&c)
			c.addNiels(v, &oddB[d/2])
		} else if d < 0 {
			v.fromCompleted(&c)
			c.subNiels(v, &oddB[-d/2])
		}
		v.fromCompletedXYZ(&c)
	}
	if top >= 0 {
		v.fromCompleted(&c)
	}
}

// BaseMultLow51 returns the encoding of s·B (s < 2^255, little-endian)
// computed with the OptLow table. Constant time.
func BaseMultLow51(s *[32]byte) [32]byte {
	var p point51
	scalarBaseMultLow51(&p, s)
	return p.bytes()
}

// BaseMultHigh51 returns the encoding of s·B computed with the OptHigh
// table. Constant time.
func BaseMultHigh51(s *[32]byte) [32]byte {
	var p point51
	scalarBaseMultHigh51(&p, s)
	return p.bytes()
}

// ValidPoint51 reports whether a decodes to a point (as crypto/ed25519's
// decoding does).
func ValidPoint51(a *[32]byte) bool {
	var p point51
	return p.setBytes(a)
}

// VerifyLowVarTime51 decodes A and returns the encoding of s·B - k·A, the
// R that a valid signature must carry (RFC 8032, Section 5.1.7, without
// the cofactor), with the OptLow odd-multiple table. ok is false where A
// does not decode. Variable time: public inputs only.
//
// The decoding of A (a square root, the deepest calls of a verification)
// and the encoding of R (an inversion) run here, beside A alone; the
// multiples of A are on the stack only inside strausLow51 (with them
// beside the decoding, the Small-OptLow verification needed 3,400 B).
func VerifyLowVarTime51(a, k, s *[32]byte) (r [32]byte, ok bool) {
	var A point51
	if !A.setBytes(a) {
		return r, false
	}
	strausLow51(&A, k, s)
	return A.bytes(), true
}

// VerifyHighVarTime51 is VerifyLowVarTime51 with the OptHigh table.
func VerifyHighVarTime51(a, k, s *[32]byte) (r [32]byte, ok bool) {
	var A point51
	if !A.setBytes(a) {
		return r, false
	}
	strausHigh51(&A, k, s)
	return A.bytes(), true
}

// strausLow51 sets v = s·B - k·v with four multiples of -v (a width-4
// NAF: 640 bytes of stack instead of 1,280, for about 5 more additions,
// 2% of a verification) and the OptLow table of B. Not inlined, so that
// its scratch is not on the stack while the caller decodes and encodes.
//
//go:noinline
func strausLow51(v *point51, k, s *[32]byte) {
	var tA [4]cached51
	v.neg(v)
	oddMultiples51(tA[:], v)
	doubleScalarMultVarTime51(v, k, tA[:], s, getOddLowTable51()[:]) // v is free: reuse it for R
}

// strausHigh51 is strausLow51 with eight multiples of -v (width 5) and
// the OptHigh table of B.
//
//go:noinline
func strausHigh51(v *point51, k, s *[32]byte) {
	var tA [8]cached51
	v.neg(v)
	oddMultiples51(tA[:], v)
	doubleScalarMultVarTime51(v, k, tA[:], s, getOddHighTable51()[:])
}

// PrecomputeVarTime51 decodes a and fills pre with the odd multiples of
// -A and of -2^128·A; false if a does not decode. Variable time (public
// keys).
func PrecomputeVarTime51(pre *Precomputed, a *[32]byte) bool {
	var A point51
	if !A.setBytes(a) {
		return false
	}
	A.neg(&A)
	var tA [8]cached51
	for half := 0; half < 2; half++ {
		if half == 1 {
			A.mulByPow2(128)
		}
		Ak := A // oddMultiples51 moves its point
		oddMultiples51(tA[:], &Ak)
		for j := range tA {
			e := &pre[8*half+j]
			e[0] = tA[j].YplusX.bytes()
			e[1] = tA[j].YminusX.bytes()
			e[2] = tA[j].Z.bytes()
			e[3] = tA[j].T2d.bytes()
		}
	}
	return true
}

// VerifyPrecomputedHighVarTime51 returns the encoding of s·B - k·A for a
// public key precomputed by PrecomputeVarTime51. With the multiples of
// 2^128·A and 2^128·B at hand, k and s split into 128-bit halves,
// k·(-A) = k0·(-A) + k1·(-2^128·A) and s·B = s0·B + s1·2^128·B, and the
// four-scalar Straus loop doubles about 128 times instead of 253 (the
// additions stay as many). This is exact group arithmetic, so the result
// is the same point for every A, torsion included. Variable time.
func VerifyPrecomputedHighVarTime51(pre *Precomputed, k, s *[32]byte) [32]byte {
	var t [16]cached51
	for j := range t {
		t[j].YplusX.setBytes(&pre[j][0])
		t[j].YminusX.setBytes(&pre[j][1])
		t[j].Z.setBytes(&pre[j][2])
		t[j].T2d.setBytes(&pre[j][3])
	}
	var k0, k1, s0, s1 [32]byte
	copy(k0[:16], k[:16])
	copy(k1[:16], k[16:])
	copy(s0[:16], s[:16])
	copy(s1[:16], s[16:])
	nk0, nk1 := nafDigitsVarTime(&k0, 5), nafDigitsVarTime(&k1, 5)
	ns0, ns1 := nafDigitsVarTime(&s0, 8), nafDigitsVarTime(&s1, 8)
	b0, b1 := getOddHighTable51(), getOddHigh128Table51()
	top := max(nk0.topVarTime(), nk1.topVarTime(), ns0.topVarTime(), ns1.topVarTime())
	var v point51
	var c completed51
	v.identity()
	for i := top; i >= 0; i-- {
		c.double(&v)
		if d := nk0.nextVarTime(i); d > 0 {
			v.fromCompleted(&c)
			c.add(&v, &t[d/2])
		} else if d < 0 {
			v.fromCompleted(&c)
			c.sub(&v, &t[-d/2])
		}
		if d := nk1.nextVarTime(i); d > 0 {
			v.fromCompleted(&c)
			c.add(&v, &t[8+d/2])
		} else if d < 0 {
			v.fromCompleted(&c)
			c.sub(&v, &t[8-d/2])
		}
		if d := ns0.nextVarTime(i); d > 0 {
			v.fromCompleted(&c)
			c.addNiels(&v, &b0[d/2])
		} else if d < 0 {
			v.fromCompleted(&c)
			c.subNiels(&v, &b0[-d/2])
		}
		if d := ns1.nextVarTime(i); d > 0 {
			v.fromCompleted(&c)
			c.addNiels(&v, &b1[d/2])
		} else if d < 0 {
			v.fromCompleted(&c)
			c.subNiels(&v, &b1[-d/2])
		}
		v.fromCompletedXYZ(&c)
	}
	if top >= 0 {
		v.fromCompleted(&c)
	}
	return v.bytes()
}

// BaseLadderHigh51 returns X25519(k, 9), the public key of k (RFC 7748,
// Section 6.1), computed on the Edwards form with the OptHigh signing
// table: the clamped k times B (64 table additions instead of 255 ladder
// steps), then the birational map u = (1+y)/(1-y) = (Z+Y)/(Z-Y) (RFC 7748,
// Section 4.1), one inversion. Clamped k is 8m with 0 < m < L, and B has
// order L, so k·B is never the identity and Z-Y never zero. Constant time.
func BaseLadderHigh51(k *[32]byte) [32]byte {
	e := *k
	e[0] &= 248
	e[31] &= 127
	e[31] |= 64
	var p point51
	scalarBaseMultHigh51(&p, &e)
	var n, d fe51
	n.add(&p.Z, &p.Y)
	d.sub(&p.Z, &p.Y)
	invert51(&d, &d)
	n.mul(&n, &d)
	for i := range e {
		e[i] = 0
	}
	return n.bytes()
}

// Ladder51 returns X25519(k, u), RFC 7748, Section 5: k is clamped
// (decodeScalar25519), u's top bit ignored, and the Montgomery ladder runs
// over all 255 bits with conditional swaps. Constant time.
func Ladder51(k, u *[32]byte) [32]byte {
	var e [32]byte
	e = *k
	e[0] &= 248
	e[31] &= 127
	e[31] |= 64
	var x1, x2, z2, x3, z3, a, aa, b, bb, ee, c, d, da, cb fe51
	x1.setBytes(u)
	x2.one()
	z2.zero()
	x3 = x1
	z3.one()
	swap := uint64(0)
	for t := 254; t >= 0; t-- {
		kt := uint64(e[t/8]>>(t%8)) & 1
		swap ^= kt
		x2.swap(&x3, ct.Mask64(swap))
		z2.swap(&z3, ct.Mask64(swap))
		swap = kt
		// Every sum and difference below is only multiplied or squared,
		// so none is carried (addLazy, subLazy).
		a.addLazy(&x2, &z2)
		aa.square(&a)
		b.subLazy(&x2, &z2)
		bb.square(&b)
		ee.subLazy(&aa, &bb)
		c.addLazy(&x3, &z3)
		d.subLazy(&x3, &z3)
		da.mul(&d, &a)
		cb.mul(&c, &b)
		x3.addLazy(&da, &cb)
		x3.square(&x3)
		z3.subLazy(&da, &cb)
		z3.square(&z3)
		z3.mul(&z3, &x1)
		x2.mul(&aa, &bb)
		z2.mul121665(&ee)
		z2.addLazy(&z2, &aa)
		z2.mul(&z2, &ee)
	}
	x2.swap(&x3, ct.Mask64(swap))
	z2.swap(&z3, ct.Mask64(swap))
	invert51(&z2, &z2)
	x2.mul(&x2, &z2)
	for i := range e {
		e[i] = 0
	}
	return x2.bytes()
}
