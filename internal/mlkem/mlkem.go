// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import (
	"errors"
	"sync/atomic"

	"github.com/cryptolab-go/cryptolab/internal/ct"
)

// Errors for the input checks of FIPS 203, Section 7, and for misused keys.
var (
	ErrEncapsulationKeyLength  = errors.New("mlkem: encapsulation key has the wrong length")
	ErrEncapsulationKeyModulus = errors.New("mlkem: encapsulation key fails the modulus check (a coefficient is not below q)")
	ErrDecapsulationKeyLength  = errors.New("mlkem: decapsulation key has the wrong length")
	ErrDecapsulationKeyHash    = errors.New("mlkem: decapsulation key fails the hash check")
	ErrCiphertextLength        = errors.New("mlkem: ciphertext has the wrong length")
	ErrSeedLength              = errors.New("mlkem: seed must be 64 bytes")
	ErrUninitialized           = errors.New("mlkem: use of an uninitialized (zero) or wiped key")
	ErrCopied                  = errors.New("mlkem: Fast key value copied and the copy or the original then re-keyed or wiped; handle keys by pointer")
)

// encapsulationKey is an encapsulation key as the algorithms read it, for
// any parameter set: references into a key value of keys512.go,
// keys768.go or keys1024.go, made for one call and never kept.
type encapsulationKey struct {
	p  *Params
	ek []byte    // ByteEncode_12(t̂)‖ρ, p.EncapsulationKeySize bytes
	h  *[32]byte // H(ek)
}

// ρ returns the seed ρ at the end of the encoded key.
func (ek encapsulationKey) ρ() *[32]byte { return (*[32]byte)(ek.ek[384*ek.p.K:]) }

// decapsulationKey adds the secrets the algorithms read: z, and σ, the
// seed of ŝ (FIPS 203, Algorithm 13), which the Small strategy keeps
// instead of dk_PKE.
type decapsulationKey struct {
	encapsulationKey
	z, σ *[32]byte
}

// Expanded is the Fast strategy's expansion of a key in the NTT domain: the
// matrix Â, t̂ and, for a decapsulation key, ŝ. Memory: (k² + k)·512 bytes
// for an encapsulation key, k·512 more for a decapsulation key: 3,072 /
// 4,096 (512), 6,144 / 7,680 (768), 10,240 / 12,288 (1024) bytes, on the
// heap.
//
// A key holds its Expanded by pointer, so a value copy of a key shares it.
// The Expanded records the H(ek) of the key it expands, and every use
// checks it against the key's own: if SetSeed or Wipe on one of two
// copies rewrote the shared expansion, the other copy fails with
// ErrCopied instead of computing with another key's data. (Holding the
// expansion inside the key value would make copies safe but every key,
// Small ones included, as large as a Fast one.)
type Expanded struct {
	h    [32]byte  // H(ek) of the key expanded here
	AHat []NTTPoly // Â[i, j] at AHat[i*k+j], coefficients in [0, q)
	THat []NTTPoly // t̂, in [0, q)
	SHat []NTTPoly // ŝ, |·| ≤ q/2; nil for an encapsulation key alone
	// shared is set when a separate encapsulation key (a snapshot taken
	// by the public package's EncapsulationKey method) refers to this
	// expansion: SetSeed then allocates a new one instead of rewriting it.
	shared atomic.Bool
}

// newExpanded allocates the expansion for p, with room for ŝ if withS.
func newExpanded(p *Params, withS bool) *Expanded {
	k := p.K
	buf := make([]NTTPoly, k*k+2*k)
	x := &Expanded{AHat: buf[: k*k : k*k], THat: buf[k*k : k*k+k : k*k+k]}
	if withS {
		x.SHat = buf[k*k+k:]
	}
	return x
}

// expansionFor returns x if it can be rewritten for a new decapsulation
// key, or a new expansion.
func expansionFor(p *Params, x *Expanded) *Expanded {
	if x == nil || x.SHat == nil || x.shared.Load() {
		forgetSecret(x)
		return newExpanded(p, true)
	}
	return x
}

// forgetSecret wipes and drops the ŝ of x (and the tag, unless a snapshot
// shares x), so that x no longer serves decapsulation: for a key that
// leaves it. Nil-safe. (Functions rather than methods of Expanded, which
// keeps its type descriptor free of method entries.)
func forgetSecret(x *Expanded) {
	if x == nil || x.SHat == nil {
		return
	}
	clear(x.SHat)
	x.SHat = nil
	if !x.shared.Load() {
		x.h = [32]byte{}
	}
}

// checkExpanded returns nil if x is the expansion of the key with H(ek) = h
// (and, for decapsulation, holds ŝ), else ErrCopied.
func checkExpanded(x *Expanded, h *[32]byte, secret bool) error {
	if x == nil || x.h != *h || secret && x.SHat == nil {
		return ErrCopied
	}
	return nil
}

// CheckEncapsulationKey performs the encapsulation key checks of FIPS 203,
// Section 7.2: the length (type check) and the modulus check, that every
// 12-bit value decoded from the first 384k bytes is below q (equivalently,
// ByteEncode_12(ByteDecode_12(ek)) = ek). The key is public; the check is
// branch-free anyway.
func CheckEncapsulationKey(p *Params, ek []byte) error {
	if len(ek) != p.EncapsulationKeySize {
		return ErrEncapsulationKeyLength
	}
	var f NTTPoly
	ok := uint16(1)
	for i := range p.K {
		ok &= ByteDecode12(&f, ek[384*i:])
	}
	if ok != 1 {
		return ErrEncapsulationKeyModulus
	}
	return nil
}

// ML-KEM.KeyGen_internal (FIPS 203, Algorithm 16) in the seed form: a key
// keeps (d, z) and σ, writes ek and caches H(ek); [DecapsulationKeyBytes]
// writes the standard's expanded dk when one is needed.

// keyGenSmall writes ek for d and returns H(ek) and σ (Small strategy).
func keyGenSmall(p *Params, d *[32]byte, ek []byte) (h, σ [32]byte) {
	σ = kpkeKeyGenSmall(p, d, ek)
	return H(ek), σ
}

// keyGenFast writes ek for d, fills x and returns H(ek) and σ (Fast
// strategy).
func keyGenFast(p *Params, d *[32]byte, ek []byte, x *Expanded) (h, σ [32]byte) {
	σ = kpkeKeyGenFast(p, d, ek, x)
	h = H(ek)
	x.h = h
	return h, σ
}

// ML-KEM.Encaps_internal (FIPS 203, Algorithm 17): (K, r) = G(m‖H(ek)),
// c = K-PKE.Encrypt(ek, m, r). yHat is k polynomials of scratch.

func encapsSmall(ek encapsulationKey, K *[32]byte, c []byte, m *[32]byte, yHat []NTTPoly) {
	Kr, r := G(m[:], ek.h[:])
	kpkeEncryptSmall(ek, c, m, &r, yHat)
	*K = Kr
}

func encapsFast(ek encapsulationKey, x *Expanded, K *[32]byte, c []byte, m *[32]byte, yHat []NTTPoly) {
	Kr, r := G(m[:], ek.h[:])
	kpkeEncryptFast(ek.p, x, c, m, &r, yHat)
	*K = Kr
}

// ML-KEM.Decaps_internal (FIPS 203, Algorithm 18) with implicit
// rejection: K is the shared key of c if c re-encrypts to itself and
// J(z‖c) otherwise, chosen with a mask. scratch is k polynomials.

func decapsSmall(dk decapsulationKey, K *[32]byte, c []byte, scratch []NTTPoly) {
	m := kpkeDecryptSmall(dk.p, dk.σ, c, scratch)
	KPrime, r := G(m[:], dk.h[:])
	differ := kpkeReencryptDiffersSmall(dk.encapsulationKey, c, &m, &r, scratch)
	implicitReject(K, &KPrime, dk.z, c, differ)
}

// decapsEncoded is decapsSmall with ŝ decoded from dk_PKE (an expanded
// decapsulation key) instead of regenerated from σ.
func decapsEncoded(dk decapsulationKey, dkPKE []byte, K *[32]byte, c []byte, scratch []NTTPoly) {
	m := kpkeDecryptEncoded(dk.p, dkPKE, c, scratch)
	KPrime, r := G(m[:], dk.h[:])
	differ := kpkeReencryptDiffersSmall(dk.encapsulationKey, c, &m, &r, scratch)
	implicitReject(K, &KPrime, dk.z, c, differ)
}

func decapsFast(dk decapsulationKey, x *Expanded, K *[32]byte, c []byte, scratch []NTTPoly) {
	m := kpkeDecryptFast(dk.p, x, c, scratch)
	KPrime, r := G(m[:], dk.h[:])
	var cPrime [1568]byte // the largest ciphertext
	kpkeEncryptFast(dk.p, x, cPrime[:len(c)], &m, &r, scratch)
	implicitReject(K, &KPrime, dk.z, c, ct.EqBytes(c, cPrime[:len(c)])^1)
}

// implicitReject is lines 7-11 of Algorithm 18: K = K′ if the
// re-encryption matched (differ = 0), K̄ = J(z‖c) otherwise, in constant
// time.
func implicitReject(K, KPrime, z *[32]byte, c []byte, differ uint32) {
	KBar := J(z[:], c)
	ct.SelectBytes(ct.Mask32(differ^1), K[:], KPrime[:], KBar[:])
}

// DecapsulationKeyBytes writes the expanded decapsulation key of Algorithm
// 16, dk = ByteEncode_12(ŝ)‖ek‖H(ek)‖z, for the key (d, z). It allocates;
// it serves the expanded-key API of tests and vectors.
func DecapsulationKeyBytes(p *Params, dk []byte, d, z *[32]byte) {
	k := p.K
	x := newExpanded(p, true)
	ek := dk[384*k : 768*k+32]
	h, _ := keyGenFast(p, d, ek, x)
	for i := range k {
		ByteEncode12(dk[384*i:], &x.SHat[i])
	}
	copy(dk[768*k+32:], h[:])
	copy(dk[768*k+64:], z[:])
}

// parseDecapsulationKey performs the decapsulation key checks of FIPS 203,
// Section 7.3 (length and hash check H(dk[384k : 768k+32]) = dk[768k+32 :
// 768k+64]) on the expanded key dk, and the modulus check of Section 7.2
// on the encapsulation key inside it, and returns the key's view.
func parseDecapsulationKey(p *Params, dk []byte) (decapsulationKey, error) {
	k := p.K
	if len(dk) != p.DecapsulationKeySize {
		return decapsulationKey{}, ErrDecapsulationKeyLength
	}
	ek := dk[384*k : 768*k+32]
	test := H(ek)
	if ct.EqBytes(test[:], dk[768*k+32:768*k+64]) != 1 {
		return decapsulationKey{}, ErrDecapsulationKeyHash
	}
	if err := CheckEncapsulationKey(p, ek); err != nil {
		return decapsulationKey{}, err
	}
	return decapsulationKey{
		encapsulationKey: encapsulationKey{p: p, ek: ek, h: (*[32]byte)(dk[768*k+32:])},
		z:                (*[32]byte)(dk[768*k+64:]),
		σ:                new([32]byte), // unknown: ŝ comes from dk_PKE
	}, nil
}

// DecapsExpandedSmall is ML-KEM.Decaps (FIPS 203, Algorithm 21) on an
// expanded decapsulation key, after the checks of Section 7.3, computed as
// the Small strategy does (ŝ decoded and Â sampled one polynomial at a
// time). It allocates; it serves the expanded-key API of tests.
func DecapsExpandedSmall(p *Params, dk, c []byte) (K [32]byte, err error) {
	key, err := parseDecapsulationKey(p, dk)
	if err != nil {
		return K, err
	}
	if len(c) != p.CiphertextSize {
		return K, ErrCiphertextLength
	}
	decapsEncoded(key, dk[:384*p.K], &K, c, make([]NTTPoly, p.K))
	return K, nil
}

// DecapsExpandedFast is DecapsExpandedSmall computed as the Fast strategy
// does (ŝ, Â and t̂ expanded first).
func DecapsExpandedFast(p *Params, dk, c []byte) (K [32]byte, err error) {
	key, err := parseDecapsulationKey(p, dk)
	if err != nil {
		return K, err
	}
	if len(c) != p.CiphertextSize {
		return K, ErrCiphertextLength
	}
	x := newExpanded(p, true)
	expandPublic(p, key.ek, x)
	for i := range p.K {
		ByteDecode12(&x.SHat[i], dk[384*i:])
	}
	decapsFast(key, x, &K, c, make([]NTTPoly, p.K))
	return K, nil
}
