package ec

import (
	"errors"

	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

// Errors of SetBytes.
var (
	ErrPointEncoding = errors.New("ec: invalid point encoding")
	ErrNotOnCurve    = errors.New("ec: point not on curve")
)

// rhs sets z = x³ - 3x + b (Montgomery form).
func (f *Field) rhs(z, x *mont.Elem) {
	var x3, t mont.Elem
	f.Mul(&x3, x, x)
	f.Mul(&x3, &x3, x)
	f.Add(&t, x, x)
	f.Add(&t, &t, x)
	f.Sub(&x3, &x3, &t)
	f.Add(z, &x3, &f.C.B)
}

// SetBytes decodes a SEC 1 (§2.3.4) uncompressed (0x04 ‖ x ‖ y) or
// compressed (0x02/0x03 ‖ x) point into affine Montgomery coordinates. It
// rejects the point at infinity (the one-byte encoding 0x00), coordinates
// not below p and points not on the curve. Public input: it may branch on
// the result.
func (f *Field) SetBytes(x, y *mont.Elem, b []byte) error {
	c := f.C
	var xp, yp, xm, ym, r, yy mont.Elem
	switch {
	case len(b) == 1+2*c.Size && b[0] == 4:
		if c.P.SetBytes(&xp, b[1:1+c.Size]) == 0 || c.P.SetBytes(&yp, b[1+c.Size:]) == 0 {
			return ErrPointEncoding
		}
		c.P.ToMont(&xm, &xp)
		c.P.ToMont(&ym, &yp)
		f.rhs(&r, &xm)
		f.Mul(&yy, &ym, &ym)
		if c.P.Equal(&r, &yy) == 0 {
			return ErrNotOnCurve
		}
	case len(b) == 1+c.Size && (b[0] == 2 || b[0] == 3):
		if c.P.SetBytes(&xp, b[1:]) == 0 {
			return ErrPointEncoding
		}
		c.P.ToMont(&xm, &xp)
		f.rhs(&r, &xm)
		// p ≡ 3 (mod 4): a square root of r is r^((p+1)/4).
		f.Exp(&ym, &r, &c.sqrtExp)
		f.Mul(&yy, &ym, &ym)
		if c.P.Equal(&r, &yy) == 0 {
			return ErrNotOnCurve
		}
		c.P.FromMont(&yp, &ym)
		if yp[0]&1 != uint64(b[0]&1) {
			var zero mont.Elem
			f.Sub(&ym, &zero, &ym)
		}
	default:
		return ErrPointEncoding
	}
	*x, *y = xm, ym
	return nil
}

// AppendBytes appends the SEC 1 encoding of the affine point (x, y)
// (Montgomery form): uncompressed, or compressed if compress is set.
func (f *Field) AppendBytes(dst []byte, x, y *mont.Elem, compress bool) []byte {
	c := f.C
	var xp, yp mont.Elem
	c.P.FromMont(&xp, x)
	c.P.FromMont(&yp, y)
	var buf [1 + 2*48]byte
	if compress {
		buf[0] = 2 | byte(yp[0]&1)
		c.P.FillBytes(buf[1:1+c.Size], &xp)
		return append(dst, buf[:1+c.Size]...)
	}
	buf[0] = 4
	c.P.FillBytes(buf[1:1+c.Size], &xp)
	c.P.FillBytes(buf[1+c.Size:1+2*c.Size], &yp)
	return append(dst, buf[:1+2*c.Size]...)
}
