package ecdsa

import (
	"github.com/cryptolab-go/cryptolab/internal/nist/ec"
	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

// impl is one configuration on one curve: the whole operations of a key,
// each one method, selected once when the key is made and kept in it. The
// methods call the arithmetic statically (ec.SmallField, ec.P256Fast,
// ec.P384Fast), so the temporaries stay on their stack, and scalars and
// coordinates cross the interface call by value: a pointer argument of an
// interface call escapes, and signing must not allocate. A program links
// only the impls its Config values can reach: SmallLow links smallLow and
// neither the Fast arithmetic nor the High table code.
//
// Small serves both curves with one copy (its arithmetic takes the moduli
// from the curve); Fast has one implementation per curve and table.
type impl interface {
	key(d mont.Elem) (dm, x, y mont.Elem)
	sign(k, e, dm mont.Elem) (r, s mont.Elem)
	verify(e, r, s, qx, qy mont.Elem) bool
	setBytes(q []byte) (x, y mont.Elem, err error)
	appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte
}

// The six implementations: at most one pointer each, so storing one in an
// interface allocates nothing. They hold the curve, not the *ec.SmallField
// or *ec.P256Fast, and convert at each call (free): a type stored in an
// interface keeps the method table of the types of its fields, which for
// those would be about 50 method names of constant data each.
type (
	smallLow     struct{ c *ec.Curve }
	smallHigh    struct{ c *ec.Curve }
	p256FastLow  struct{}
	p256FastHigh struct{}
	p384FastLow  struct{}
	p384FastHigh struct{}
)

func (i smallLow) key(d mont.Elem) (dm, x, y mont.Elem) { return i.c.SmallArith().KeyLow(d) }
func (i smallLow) sign(k, e, dm mont.Elem) (r, s mont.Elem) {
	return i.c.SmallArith().SignLow(k, e, dm)
}
func (i smallLow) verify(e, r, s, qx, qy mont.Elem) bool {
	return i.c.SmallArith().VerifyLowVarTime(e, r, s, qx, qy)
}
func (i smallLow) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = i.c.SmallArith().SetBytes(&x, &y, q)
	return
}
func (i smallLow) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return i.c.SmallArith().AppendBytes(dst, &x, &y, compress)
}

func (i smallHigh) key(d mont.Elem) (dm, x, y mont.Elem) { return i.c.SmallArith().KeyHigh(d) }
func (i smallHigh) sign(k, e, dm mont.Elem) (r, s mont.Elem) {
	return i.c.SmallArith().SignHigh(k, e, dm)
}
func (i smallHigh) verify(e, r, s, qx, qy mont.Elem) bool {
	return i.c.SmallArith().VerifyHighVarTime(e, r, s, qx, qy)
}
func (i smallHigh) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = i.c.SmallArith().SetBytes(&x, &y, q)
	return
}
func (i smallHigh) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return i.c.SmallArith().AppendBytes(dst, &x, &y, compress)
}

func (p256FastLow) key(d mont.Elem) (dm, x, y mont.Elem) { return ec.P256FastArith().KeyLow(d) }
func (p256FastLow) sign(k, e, dm mont.Elem) (r, s mont.Elem) {
	return ec.P256FastArith().SignLow(k, e, dm)
}
func (p256FastLow) verify(e, r, s, qx, qy mont.Elem) bool {
	return ec.P256FastArith().VerifyLowVarTime(e, r, s, qx, qy)
}
func (p256FastLow) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = ec.P256FastArith().SetBytes(&x, &y, q)
	return
}
func (p256FastLow) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return ec.P256FastArith().AppendBytes(dst, &x, &y, compress)
}

func (p256FastHigh) key(d mont.Elem) (dm, x, y mont.Elem) { return ec.P256FastArith().KeyHigh(d) }
func (p256FastHigh) sign(k, e, dm mont.Elem) (r, s mont.Elem) {
	return ec.P256FastArith().SignHigh(k, e, dm)
}
func (p256FastHigh) verify(e, r, s, qx, qy mont.Elem) bool {
	return ec.P256FastArith().VerifyHighVarTime(e, r, s, qx, qy)
}
func (p256FastHigh) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = ec.P256FastArith().SetBytes(&x, &y, q)
	return
}
func (p256FastHigh) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return ec.P256FastArith().AppendBytes(dst, &x, &y, compress)
}

func (p384FastLow) key(d mont.Elem) (dm, x, y mont.Elem) { return ec.P384FastArith().KeyLow(d) }
func (p384FastLow) sign(k, e, dm mont.Elem) (r, s mont.Elem) {
	return ec.P384FastArith().SignLow(k, e, dm)
}
func (p384FastLow) verify(e, r, s, qx, qy mont.Elem) bool {
	return ec.P384FastArith().VerifyLowVarTime(e, r, s, qx, qy)
}
func (p384FastLow) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = ec.P384FastArith().SetBytes(&x, &y, q)
	return
}
func (p384FastLow) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return ec.P384FastArith().AppendBytes(dst, &x, &y, compress)
}

func (p384FastHigh) key(d mont.Elem) (dm, x, y mont.Elem) { return ec.P384FastArith().KeyHigh(d) }
func (p384FastHigh) sign(k, e, dm mont.Elem) (r, s mont.Elem) {
	return ec.P384FastArith().SignHigh(k, e, dm)
}
func (p384FastHigh) verify(e, r, s, qx, qy mont.Elem) bool {
	return ec.P384FastArith().VerifyHighVarTime(e, r, s, qx, qy)
}
func (p384FastHigh) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = ec.P384FastArith().SetBytes(&x, &y, q)
	return
}
func (p384FastHigh) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return ec.P384FastArith().AppendBytes(dst, &x, &y, compress)
}
