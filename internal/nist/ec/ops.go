package ec

import "github.com/cryptolab-go/cryptolab/internal/nist/mont"

// The whole ECDSA operations, one method per table, for package ecdsa to
// call once per key, sign or verify through its configuration interface
// (fields.go). Scalars and coordinates go in and out by value: through an
// interface call a pointer argument escapes, and the operands of signing
// would be heap-allocated. Everything else stays on this callee's stack.

// KeyLow returns d·R mod n (Montgomery form, for signing) and the affine
// public point d·G for a private scalar d in [1, n-1] (plain limbs), with
// the Low table; constant time.
func (f *Field) KeyLow(d mont.Elem) (dm, x, y mont.Elem) {
	var q Point
	f.ScalarBaseMultLow(&q, &d)
	f.NMul(&dm, &d, &f.C.Order.RR)
	f.Affine(&x, &y, &q) // d ≠ 0 mod n, so Q is not infinity
	return
}

// KeyHigh is KeyLow with the High table.
func (f *Field) KeyHigh(d mont.Elem) (dm, x, y mont.Elem) {
	var q Point
	f.ScalarBaseMultHigh(&q, &d)
	f.NMul(&dm, &d, &f.C.Order.RR)
	f.Affine(&x, &y, &q)
	return
}

// SignLow is FIPS 186-5 §6.4.1 steps 5-6 with the Low table: for the nonce
// k in [1, n-1] and e (plain limbs) and dm = d·R mod n, it returns
// r = x(k·G) mod n and s = k^-1·(e + r·d) mod n (plain limbs), in constant
// time. The caller rejects r = 0 or s = 0.
func (f *Field) SignLow(k, e, dm mont.Elem) (r, s mont.Elem) {
	var R Point
	f.ScalarBaseMultLow(&R, &k)
	r, s = f.signRS(&R, &k, &e, &dm)
	clear(k[:])
	return
}

// SignHigh is SignLow with the High table.
func (f *Field) SignHigh(k, e, dm mont.Elem) (r, s mont.Elem) {
	var R Point
	f.ScalarBaseMultHigh(&R, &k)
	r, s = f.signRS(&R, &k, &e, &dm)
	clear(k[:])
	return
}

func (f *Field) signRS(R *Point, k, e, dm *mont.Elem) (r, s mont.Elem) {
	n := f.C.Order
	var x, y, xp, km, kinv, rm, em, one mont.Elem
	one[0] = 1
	f.Affine(&x, &y, R)
	f.Mul(&xp, &x, &one) // leave Montgomery form: x_R < p < 2n
	n.Sub(&r, &xp, &n.M)
	f.NMul(&km, k, &n.RR)
	f.NExp(&kinv, &km, &f.C.nMinus2)
	f.NMul(&rm, &r, &n.RR)
	f.NMul(&em, e, &n.RR)
	f.NMul(&s, &rm, dm)
	f.NAdd(&s, &s, &em)
	f.NMul(&s, &s, &kinv)
	f.NMul(&s, &s, &one)
	clear(km[:])
	clear(kinv[:])
	return
}

// VerifyLowVarTime is FIPS 186-5 §6.4.2 steps 4-8 with the Low table: for
// e (plain), r and s in [1, n-1] (plain) and the public point Q = (qx, qy)
// (Montgomery form) it reports whether x(e·s^-1·G + r·s^-1·Q) ≡ r mod n.
// Variable time: every input is public.
func (f *Field) VerifyLowVarTime(e, r, s, qx, qy mont.Elem) bool {
	var u1, u2 mont.Elem
	f.verifyScalars(&u1, &u2, &e, &r, &s)
	var R Point
	f.CombinedMultLowVarTime(&R, &u1, &u2, &qx, &qy)
	return f.IsInfinity(&R) == 0 && f.EqualXModNVarTime(&R, &r)
}

// VerifyHighVarTime is VerifyLowVarTime with the High table.
func (f *Field) VerifyHighVarTime(e, r, s, qx, qy mont.Elem) bool {
	var u1, u2 mont.Elem
	f.verifyScalars(&u1, &u2, &e, &r, &s)
	var R Point
	f.CombinedMultHighVarTime(&R, &u1, &u2, &qx, &qy)
	return f.IsInfinity(&R) == 0 && f.EqualXModNVarTime(&R, &r)
}

// verifyScalars sets u1 = e·s^-1 and u2 = r·s^-1 mod n (plain limbs).
func (f *Field) verifyScalars(u1, u2, e, r, s *mont.Elem) {
	n := f.C.Order
	var sm, w mont.Elem
	f.NMul(&sm, s, &n.RR)
	f.NExp(&w, &sm, &f.C.nMinus2) // w = s^-1·R
	f.NMul(u1, e, &w)
	f.NMul(u2, r, &w)
}
