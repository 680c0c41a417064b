package ec

import "github.com/cryptolab-go/cryptolab/internal/nist/mont"

// CombinedMultVarTime sets r = u1·G + u2·Q for public scalars u1, u2 (plain
// limbs) and a public affine point Q = (qx, qy), in variable time. It is
// for signature verification only.
//
// Low: Straus–Shamir interleaving over 4-bit windows, one shared chain of
// 64·N doublings, adding multiples of G from the Low table (mixed) and of Q
// from 15 projective multiples computed here (15 Points on the stack:
// 15·3·48 = 2,160 B).
//
// High: u1·G is summed from the High table, one mixed addition per non-zero
// window and no doubling; u2·Q uses the same doubling chain as Low without
// the G additions. Both cost about the same; the High table helps signing.
func (f *Field) CombinedMultVarTime(r *Point, u1, u2 *mont.Elem, qx, qy *mont.Elem, high bool) {
	c := f.C
	var qt [windowEntries]Point
	f.SetAffine(&qt[0], qx, qy)
	for i := 1; i < windowEntries; i++ {
		f.PointAddAffine(&qt[i], &qt[i-1], qx, qy)
	}
	var acc, accG Point
	var x, y mont.Elem
	f.SetInfinity(&acc)
	f.SetInfinity(&accG)
	w := c.Windows()
	var low []uint64
	if high {
		tbl := c.HighTable()
		stride := windowEntries * 2 * c.N
		for i := 0; i < w; i++ {
			if d := digit(u1, i); d != 0 {
				c.entryVarTime(&x, &y, tbl[i*stride:(i+1)*stride], d)
				f.PointAddAffine(&accG, &accG, &x, &y)
			}
		}
	} else {
		low = c.LowTable()
	}
	started := false
	for i := w - 1; i >= 0; i-- {
		if started {
			f.PointDouble(&acc, &acc)
			f.PointDouble(&acc, &acc)
			f.PointDouble(&acc, &acc)
			f.PointDouble(&acc, &acc)
		}
		if d := digit(u2, i); d != 0 {
			f.PointAdd(&acc, &acc, &qt[d-1])
			started = true
		}
		if !high {
			if d := digit(u1, i); d != 0 {
				c.entryVarTime(&x, &y, low, d)
				f.PointAddAffine(&acc, &acc, &x, &y)
				started = true
			}
		}
	}
	if high {
		f.PointAdd(&acc, &acc, &accG)
	}
	*r = acc
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
