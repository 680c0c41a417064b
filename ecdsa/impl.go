package ecdsa

import "github.com/cryptolab-go/cryptolab/internal/nist/mont"

// impl is one configuration on one curve: the whole operations of a key,
// selected once when the key is made and kept in it. The implementations
// are the types internal/nist/ec generates per (curve, arithmetic) and
// table — ec.P256FastLow, ..., ec.P384FastHigh, ec.SmallP256Low, ...,
// ec.SmallP384High — which call their arithmetic statically, so the
// temporaries stay on their stack. They are zero-size with pointer
// receivers: a pointer to one costs no allocation, and the interface call
// reaches the method without a wrapper frame. A pointer argument of an
// interface call escapes, and signing must not allocate: scalars on the
// caller's stack (k, e, r, s) cross by value, what the key holds (dm, the
// public point) by pointer into the key, which is on the heap already. A program links only the
// implementations its Config values can reach: SmallLow links
// ec.SmallP256Low and ec.SmallP384Low and neither the Fast arithmetic nor
// the High table code.
type impl interface {
	// Key returns d·R mod n and the affine public point d·G.
	Key(d mont.Elem) (dm, x, y mont.Elem)
	// Sign returns (r, s) for the nonce k (FIPS 186-5 §6.4.1 steps 5-6).
	Sign(k, e mont.Elem, dm *mont.Elem) (r, s mont.Elem)
	// VerifyVarTime is FIPS 186-5 §6.4.2 steps 4-8.
	VerifyVarTime(e, r, s mont.Elem, qx, qy *mont.Elem) bool
}
