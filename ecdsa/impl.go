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
// only the impls its Arith and Table values can reach: Small/Low on P-256
// links smallLow and neither the Fast arithmetic nor the High table code.
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

type (
	smallArith struct{}
	fastArith  struct{}
	lowTable   struct{}
	highTable  struct{}
)

func (smallArith) arithName() string          { return "Small" }
func (fastArith) arithName() string           { return "Fast" }
func (smallArith) impl(c Curve, t Table) impl { return t.small(c.params()) }
func (fastArith) impl(c Curve, t Table) impl  { return t.fast(c) }
func (lowTable) tableName() string            { return "Low" }
func (highTable) tableName() string           { return "High" }
func (lowTable) bytes(p *ec.Curve) int        { return p.LowTableBytes() }
func (highTable) bytes(p *ec.Curve) int       { return p.HighTableBytes() }
func (lowTable) small(p *ec.Curve) impl       { return smallLow{p.SmallArith()} }
func (highTable) small(p *ec.Curve) impl      { return smallHigh{p.SmallArith()} }

func (lowTable) fast(c Curve) impl {
	switch c {
	case P256:
		return p256FastLow{ec.P256FastArith()}
	case P384:
		return p384FastLow{ec.P384FastArith()}
	}
	return nil
}

func (highTable) fast(c Curve) impl {
	switch c {
	case P256:
		return p256FastHigh{ec.P256FastArith()}
	case P384:
		return p384FastHigh{ec.P384FastArith()}
	}
	return nil
}

// The six implementations: one pointer each, so storing one in an
// interface allocates nothing.
type (
	smallLow     struct{ f *ec.SmallField }
	smallHigh    struct{ f *ec.SmallField }
	p256FastLow  struct{ f *ec.P256Fast }
	p256FastHigh struct{ f *ec.P256Fast }
	p384FastLow  struct{ f *ec.P384Fast }
	p384FastHigh struct{ f *ec.P384Fast }
)

func (i smallLow) key(d mont.Elem) (dm, x, y mont.Elem)     { return i.f.KeyLow(d) }
func (i smallLow) sign(k, e, dm mont.Elem) (r, s mont.Elem) { return i.f.SignLow(k, e, dm) }
func (i smallLow) verify(e, r, s, qx, qy mont.Elem) bool {
	return i.f.VerifyLowVarTime(e, r, s, qx, qy)
}
func (i smallLow) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = i.f.SetBytes(&x, &y, q)
	return
}
func (i smallLow) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return i.f.AppendBytes(dst, &x, &y, compress)
}

func (i smallHigh) key(d mont.Elem) (dm, x, y mont.Elem)     { return i.f.KeyHigh(d) }
func (i smallHigh) sign(k, e, dm mont.Elem) (r, s mont.Elem) { return i.f.SignHigh(k, e, dm) }
func (i smallHigh) verify(e, r, s, qx, qy mont.Elem) bool {
	return i.f.VerifyHighVarTime(e, r, s, qx, qy)
}
func (i smallHigh) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = i.f.SetBytes(&x, &y, q)
	return
}
func (i smallHigh) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return i.f.AppendBytes(dst, &x, &y, compress)
}

func (i p256FastLow) key(d mont.Elem) (dm, x, y mont.Elem)     { return i.f.KeyLow(d) }
func (i p256FastLow) sign(k, e, dm mont.Elem) (r, s mont.Elem) { return i.f.SignLow(k, e, dm) }
func (i p256FastLow) verify(e, r, s, qx, qy mont.Elem) bool {
	return i.f.VerifyLowVarTime(e, r, s, qx, qy)
}
func (i p256FastLow) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = i.f.SetBytes(&x, &y, q)
	return
}
func (i p256FastLow) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return i.f.AppendBytes(dst, &x, &y, compress)
}

func (i p256FastHigh) key(d mont.Elem) (dm, x, y mont.Elem)     { return i.f.KeyHigh(d) }
func (i p256FastHigh) sign(k, e, dm mont.Elem) (r, s mont.Elem) { return i.f.SignHigh(k, e, dm) }
func (i p256FastHigh) verify(e, r, s, qx, qy mont.Elem) bool {
	return i.f.VerifyHighVarTime(e, r, s, qx, qy)
}
func (i p256FastHigh) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = i.f.SetBytes(&x, &y, q)
	return
}
func (i p256FastHigh) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return i.f.AppendBytes(dst, &x, &y, compress)
}

func (i p384FastLow) key(d mont.Elem) (dm, x, y mont.Elem)     { return i.f.KeyLow(d) }
func (i p384FastLow) sign(k, e, dm mont.Elem) (r, s mont.Elem) { return i.f.SignLow(k, e, dm) }
func (i p384FastLow) verify(e, r, s, qx, qy mont.Elem) bool {
	return i.f.VerifyLowVarTime(e, r, s, qx, qy)
}
func (i p384FastLow) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = i.f.SetBytes(&x, &y, q)
	return
}
func (i p384FastLow) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return i.f.AppendBytes(dst, &x, &y, compress)
}

func (i p384FastHigh) key(d mont.Elem) (dm, x, y mont.Elem)     { return i.f.KeyHigh(d) }
func (i p384FastHigh) sign(k, e, dm mont.Elem) (r, s mont.Elem) { return i.f.SignHigh(k, e, dm) }
func (i p384FastHigh) verify(e, r, s, qx, qy mont.Elem) bool {
	return i.f.VerifyHighVarTime(e, r, s, qx, qy)
}
func (i p384FastHigh) setBytes(q []byte) (x, y mont.Elem, err error) {
	err = i.f.SetBytes(&x, &y, q)
	return
}
func (i p384FastHigh) appendBytes(dst []byte, x, y mont.Elem, compress bool) []byte {
	return i.f.AppendBytes(dst, &x, &y, compress)
}
