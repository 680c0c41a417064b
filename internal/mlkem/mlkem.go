// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import (
	"errors"

	"github.com/cryptolab-go/cryptolab/internal/ct"
)

// Errors for the input checks of FIPS 203, Section 7.
var (
	ErrEncapsulationKeyLength  = errors.New("mlkem: encapsulation key has the wrong length")
	ErrEncapsulationKeyModulus = errors.New("mlkem: encapsulation key fails the modulus check (a coefficient is not below q)")
	ErrDecapsulationKeyLength  = errors.New("mlkem: decapsulation key has the wrong length")
	ErrDecapsulationKeyHash    = errors.New("mlkem: decapsulation key fails the hash check")
	ErrCiphertextLength        = errors.New("mlkem: ciphertext has the wrong length")
	ErrSeedLength              = errors.New("mlkem: seed must be 64 bytes")
	ErrMessageLength           = errors.New("mlkem: message must be 32 bytes")
)

// CheckEncapsulationKey performs the encapsulation key checks of FIPS 203,
// Section 7.2: the length (type check) and the modulus check, that every
// 12-bit value decoded from the first 384k bytes is below q (equivalently,
// ByteEncode_12(ByteDecode_12(ek)) = ek). The key is public; the check is
// branch-free anyway.
func CheckEncapsulationKey(p *Params, ek []byte) error {
	if len(ek) != p.EncapsulationKeySize {
		return ErrEncapsulationKeyLength
	}
	var f Poly
	ok := uint16(1)
	for i := range p.K {
		ok &= ByteDecode12(&f, ek[384*i:])
	}
	if ok != 1 {
		return ErrEncapsulationKeyModulus
	}
	return nil
}

// KeyGenInternal is ML-KEM.KeyGen_internal (FIPS 203, Algorithm 16) in the
// seed form: it writes ek and returns H(ek) and σ. The decapsulation key is
// kept by the caller as (d, z) with these; [DecapsulationKeyBytes] writes the
// standard's expanded dk when one is needed. x as in [KPKEKeyGen].
func KeyGenInternal(p *Params, d *[32]byte, ek []byte, x *Expanded) (h, σ [32]byte) {
	σ = KPKEKeyGen(p, d, ek, x)
	h = H(ek[:p.EncapsulationKeySize])
	return h, σ
}

// EncapsInternal is ML-KEM.Encaps_internal (FIPS 203, Algorithm 17): it
// writes the shared key K and the ciphertext c for the message m. h is
// H(ek), cached with the key. yHat is k polynomials of scratch.
func EncapsInternal(p *Params, K *[32]byte, c []byte, ek []byte, h *[32]byte, x *Expanded, m *[32]byte, yHat []Poly) {
	Kr, r := G(m[:], h[:])
	KPKEEncrypt(p, c, ek, x, m, &r, yHat)
	*K = Kr
}

// DecapsInternal is ML-KEM.Decaps_internal (FIPS 203, Algorithm 18) with
// implicit rejection: it writes to K the shared key of c if c re-encrypts
// to itself and J(z‖c) otherwise, choosing between them with a mask. scratch
// is k polynomials. Small compares the re-encryption with c as it is
// produced; Fast writes it to a buffer in its own frame first.
func DecapsInternal(p *Params, K *[32]byte, c []byte, ek []byte, h, z, σ *[32]byte, x *Expanded, scratch []Poly) {
	decapsInternal(p, K, c, ek, h, z, σ, nil, x, scratch)
}

// decapsInternal is DecapsInternal; with x == nil, ŝ comes from dkPKE if
// it is non-nil and from σ otherwise.
func decapsInternal(p *Params, K *[32]byte, c []byte, ek []byte, h, z, σ *[32]byte, dkPKE []byte, x *Expanded, scratch []Poly) {
	var mPrime [32]byte
	if x != nil {
		mPrime = kpkeDecryptFast(p, c, x, scratch)
	} else {
		mPrime = kpkeDecryptSmall(p, c, σ, dkPKE, scratch)
	}
	KPrime, rPrime := G(mPrime[:], h[:])
	KBar := J(z[:], c)
	var differ uint32
	if x != nil {
		differ = reencryptFast(p, c, x, &mPrime, &rPrime, scratch)
	} else {
		differ = kpkeEncryptSmall(p, nil, c, ek, &mPrime, &rPrime, scratch)
	}
	ct.SelectBytes(ct.Mask32(differ^1), K[:], KPrime[:], KBar[:])
}

// reencryptFast returns 1 if K-PKE.Encrypt(m, r) differs from c, else 0.
func reencryptFast(p *Params, c []byte, x *Expanded, m, r *[32]byte, scratch []Poly) uint32 {
	var cPrime [1568]byte // the largest ciphertext
	kpkeEncryptFast(p, cPrime[:len(c)], x, m, r, scratch)
	return ct.EqBytes(c, cPrime[:len(c)]) ^ 1
}

// DecapsulationKeyBytes writes the expanded decapsulation key of Algorithm
// 16, dk = ByteEncode_12(ŝ)‖ek‖H(ek)‖z, for the key (d, z).
func DecapsulationKeyBytes(p *Params, dk []byte, d, z *[32]byte) {
	k := p.K
	x := NewExpanded(p, true)
	ek := dk[384*k : 768*k+32]
	h, _ := KeyGenInternal(p, d, ek, x)
	for i := range k {
		ByteEncode12(dk[384*i:], &x.SHat[i])
	}
	copy(dk[768*k+32:], h[:])
	copy(dk[768*k+64:], z[:])
}

// ParseDecapsulationKey performs the decapsulation key checks of FIPS 203,
// Section 7.3 (length and hash check H(dk[384k : 768k+32]) = dk[768k+32 :
// 768k+64]) on the expanded key dk and returns its parts, with ŝ decoded
// into a new Expanded cache together with Â and t̂. The encapsulation key
// inside dk also passes the modulus check of Section 7.2. It allocates; it
// serves the expanded-key API of tests and vectors.
func ParseDecapsulationKey(p *Params, dk []byte) (x *Expanded, ek []byte, h, z [32]byte, err error) {
	k := p.K
	if len(dk) != p.DecapsulationKeySize {
		return nil, nil, h, z, ErrDecapsulationKeyLength
	}
	ek = dk[384*k : 768*k+32]
	test := H(ek)
	if ct.EqBytes(test[:], dk[768*k+32:768*k+64]) != 1 {
		return nil, nil, h, z, ErrDecapsulationKeyHash
	}
	if err := CheckEncapsulationKey(p, ek); err != nil {
		return nil, nil, h, z, err
	}
	x = NewExpanded(p, true)
	Expand(p, ek, x)
	for i := range k {
		ByteDecode12(&x.SHat[i], dk[384*i:])
	}
	copy(h[:], dk[768*k+32:])
	copy(z[:], dk[768*k+64:])
	return x, ek, h, z, nil
}

// DecapsExpanded is ML-KEM.Decaps (FIPS 203, Algorithm 21) on an expanded
// decapsulation key, with the checks of Section 7.3, in the Fast strategy
// (ŝ, Â, t̂ expanded first) or, if small, the Small one (ŝ decoded and Â
// sampled on the fly). It allocates.
func DecapsExpanded(p *Params, dk, c []byte, small bool) (K [32]byte, err error) {
	x, ek, h, z, err := ParseDecapsulationKey(p, dk)
	if err != nil {
		return K, err
	}
	if len(c) != p.CiphertextSize {
		return K, ErrCiphertextLength
	}
	if small {
		decapsInternal(p, &K, c, ek, &h, &z, nil, dk[:384*p.K], nil, make([]Poly, p.K))
	} else {
		decapsInternal(p, &K, c, ek, &h, &z, nil, nil, x, make([]Poly, p.K))
	}
	return K, nil
}

// EncapsDerand is ML-KEM.Encaps (FIPS 203, Algorithm 20) with the message m
// given instead of drawn, after the checks of Section 7.2. It allocates; it
// serves the derandomized test API.
func EncapsDerand(p *Params, ek, m []byte) (K [32]byte, c []byte, err error) {
	if err := CheckEncapsulationKey(p, ek); err != nil {
		return K, nil, err
	}
	if len(m) != MessageSize {
		return K, nil, ErrMessageLength
	}
	h := H(ek)
	c = make([]byte, p.CiphertextSize)
	EncapsInternal(p, &K, c, ek, &h, nil, (*[32]byte)(m), make([]Poly, p.K))
	return K, c, nil
}

// EncapsulateDerandHook is set by package mlkem at start-up to reach the
// derandomized encapsulation of its key types (any of its
// *EncapsulationKeyN), whatever their configuration, for package mlkemtest.
// It is not for production use.
var EncapsulateDerandHook func(ek any, K *[32]byte, c []byte, m *[32]byte) error
