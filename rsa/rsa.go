// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:generate go run gen_math.go

package rsa

import (
	"crypto"
	"errors"
	"math/bits"

	"github.com/cryptolab-go/cryptolab/internal/mp"
)

// Modulus sizes accepted, in bits.
const (
	MinBits = 1024
	MaxBits = 64 * mp.MaxLimbs // 4096
)

// maxBytes is the largest modulus in bytes: the size of the values the
// private and public operations return on the stack.
const maxBytes = MaxBits / 8

var (
	// ErrConfig is returned for a nil Config.
	ErrConfig = errors.New("rsa: nil Config")
	// ErrVerification is returned by the verification functions for a
	// signature that does not verify.
	ErrVerification = errors.New("rsa: verification error")
	// ErrDecryption is returned by the decryption functions for any
	// ciphertext that does not decrypt; the reason is not told.
	ErrDecryption = errors.New("rsa: decryption error")
	// ErrMessageTooLong is returned when a message or salt does not fit the
	// modulus.
	ErrMessageTooLong = errors.New("rsa: message too long for RSA key size")

	errKey         = errors.New("rsa: invalid key")
	errModulusSize = errors.New("rsa: modulus must be odd and of 1024 to 4096 bits")
	errExponent    = errors.New("rsa: public exponent must be odd, at least 3 and below 2^63")
	errNilKey      = errors.New("rsa: nil or wiped key")
	errInputRange  = errors.New("rsa: input out of range (not below the modulus)")
	errFault       = errors.New("rsa: private operation failed its check with the public exponent (fault or inconsistent key)")
	errHash        = errors.New("rsa: unsupported hash function")
	errDigestSize  = errors.New("rsa: digest length does not match the hash function")
	errSaltLength  = errors.New("rsa: invalid PSS salt length")
	errSigSize     = errors.New("rsa: signature length is not the modulus size")
)

// PublicKey is an RSA public key (n, e) with n's Montgomery constants,
// computed once by NewPublicKey. It is safe for concurrent use.
type PublicKey struct {
	cfg  Config
	n    *mp.Modulus
	e    uint64
	size int // bytes of n
}

// NewPublicKey returns the public key with modulus n (big-endian) and
// exponent e, for operations in the configuration cfg. n must be odd, of
// MinBits to MaxBits bits; e odd, 3 ≤ e < 2^63.
func NewPublicKey(cfg Config, n []byte, e int) (*PublicKey, error) {
	if cfg == nil {
		return nil, ErrConfig
	}
	k := new(PublicKey)
	if err := k.init(cfg, n, e); err != nil {
		return nil, err
	}
	return k, nil
}

func (k *PublicKey) init(cfg Config, n []byte, e int) error {
	if e < 3 || e&1 == 0 || uint64(e) >= 1<<63 {
		return errExponent
	}
	m, err := mp.NewModulus(n)
	if err != nil || m.Bits < MinBits || m.Bits > MaxBits {
		return errModulusSize
	}
	*k = PublicKey{cfg: cfg, n: m, e: uint64(e), size: (m.Bits + 7) / 8}
	return nil
}

// Size returns the modulus size in bytes: the length of signatures and
// ciphertexts. It is 0 for a nil key.
func (k *PublicKey) Size() int {
	if k == nil {
		return 0
	}
	return k.size
}

// Bits returns the modulus size in bits (0 for a nil key).
func (k *PublicKey) Bits() int {
	if k == nil || k.n == nil {
		return 0
	}
	return k.n.Bits
}

// N returns the modulus, big-endian, Size() bytes (nil for a nil key).
func (k *PublicKey) N() []byte {
	if k == nil || k.n == nil {
		return nil
	}
	b := make([]byte, k.size)
	mp.FillBytes(b, k.n.N)
	return b
}

// E returns the public exponent (0 for a nil key).
func (k *PublicKey) E() int {
	if k == nil {
		return 0
	}
	return int(k.e)
}

// Config returns the configuration of the key.
func (k *PublicKey) Config() Config {
	if k == nil {
		return nil
	}
	return k.cfg
}

// Equal reports whether x is a *PublicKey with the same n and e (the
// configuration is not compared).
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	if !ok || k == nil || o == nil || k.n == nil || o.n == nil {
		return false
	}
	return k.e == o.e && len(k.n.N) == len(o.n.N) && mp.Equal(k.n.N, o.n.N) == 1
}

func (k *PublicKey) valid() bool { return k != nil && k.n != nil && k.cfg != nil }

// PrivateKey is an RSA private key: with CRT parameters (p, q, dP, dQ,
// qInv; RFC 8017, Section 3.2, second representation) or without (n, d
// only: the first representation, the pages' "No CRT" rows). Everything the
// operations need (Montgomery constants of n, p and q, the CRT exponents)
// is computed once by the constructor. It is safe for concurrent use.
type PrivateKey struct {
	pub PublicKey
	d   []uint64   // len(n) limbs
	crt *mp.CRTKey // nil without CRT
}

// NewPrivateKey returns the private key with CRT parameters from n, e, d
// and the primes p and q (big-endian). It computes dP = d mod (p-1), dQ =
// d mod (q-1) and qInv = q⁻¹ mod p in constant time, checks n = p·q, and
// checks the key by a private operation verified with e.
func NewPrivateKey(cfg Config, n []byte, e int, d, p, q []byte) (*PrivateKey, error) {
	if cfg == nil {
		return nil, ErrConfig
	}
	k := new(PrivateKey)
	if err := k.pub.init(cfg, n, e); err != nil {
		return nil, err
	}
	if err := k.setD(d); err != nil {
		return nil, err
	}
	P, err := mp.NewModulus(p)
	if err != nil || P.Limbs() > mp.MaxHalfLimbs {
		return nil, errKey
	}
	Q, err := mp.NewModulus(q)
	if err != nil || Q.Limbs() > mp.MaxHalfLimbs {
		return nil, errKey
	}
	// n = p·q (the product fits in len(p)+len(q) limbs).
	L := k.pub.n.Limbs()
	var prod [2 * mp.MaxHalfLimbs]uint64
	pq := prod[:P.Limbs()+Q.Limbs()]
	mp.Mul(pq, P.N, Q.N)
	if len(pq) < L || mp.IsZero(pq[L:]) != 1 || mp.Equal(pq[:L], k.pub.n.N) != 1 {
		return nil, errKey
	}
	crt := &mp.CRTKey{P: P, Q: Q,
		DP: make([]uint64, P.Limbs()), DQ: make([]uint64, Q.Limbs()), QInv: make([]uint64, P.Limbs())}
	pm1 := make([]uint64, P.Limbs())
	mp.SubOne(pm1, P.N)
	mp.Reduce(crt.DP, k.d, pm1)
	qm1 := make([]uint64, Q.Limbs())
	mp.SubOne(qm1, Q.N)
	mp.Reduce(crt.DQ, k.d, qm1)
	// qInv = q^(p-2) mod p (Fermat; p is prime). q mod p first.
	qp := make([]uint64, P.Limbs())
	mp.Reduce(qp, Q.N, P.N)
	pm2 := pm1 // p-1 is even: p-2 = (p-1) - 1 borrows from the second bit
	subSmall(pm2, 1)
	cfg.modExp(crt.QInv, qp, pm2, P)
	clear(pm1)
	clear(qp)
	clear(qm1)
	k.crt = crt
	if err := k.check(); err != nil {
		k.Wipe()
		return nil, err
	}
	return k, nil
}

// NewPrivateKeyWithoutCRT returns the private key (n, d) without CRT
// parameters: each private operation is one exponentiation with the full
// d modulo n, about four times the work of the CRT.
func NewPrivateKeyWithoutCRT(cfg Config, n []byte, e int, d []byte) (*PrivateKey, error) {
	if cfg == nil {
		return nil, ErrConfig
	}
	k := new(PrivateKey)
	if err := k.pub.init(cfg, n, e); err != nil {
		return nil, err
	}
	if err := k.setD(d); err != nil {
		return nil, err
	}
	if err := k.check(); err != nil {
		k.Wipe()
		return nil, err
	}
	return k, nil
}

// setD sets k.d from d, which must be nonzero and below n.
func (k *PrivateKey) setD(d []byte) error {
	L := k.pub.n.Limbs()
	if !mp.BytesFitVarTime(d, L) {
		return errKey
	}
	k.d = make([]uint64, L)
	mp.SetBytes(k.d, mp.Trim(d, L))
	if mp.IsZero(k.d)|(1^mp.Less(k.d, k.pub.n.N)) != 0 {
		clear(k.d)
		return errKey
	}
	return nil
}

// check performs a private operation on 2 and verifies it with e (the
// private operation itself does), so an inconsistent key is refused when
// it is made rather than at its first use.
func (k *PrivateKey) check() error {
	var in [maxBytes]byte
	in[k.pub.size-1] = 2
	_, err := k.private(in[:k.pub.size])
	if err != nil {
		return errKey
	}
	return nil
}

// subSmall sets x = x - v for x ≥ v.
func subSmall(x []uint64, v uint64) {
	var b uint64
	x[0], b = bits.Sub64(x[0], v, 0)
	for i := 1; i < len(x); i++ {
		x[i], b = bits.Sub64(x[i], 0, b)
	}
}

func sub64(x, y, b uint64) (uint64, uint64) { return bits.Sub64(x, y, b) }

// private runs the private operation of the key's configuration on c
// (Size() bytes).
func (k *PrivateKey) private(c []byte) ([maxBytes]byte, error) {
	return k.pub.cfg.private(k, c)
}

// privateTo runs the private operation of the key's configuration on c
// into out (both Size() bytes; out may be c): the signing functions' form,
// which holds no 512-byte result of its own (1 KB less stack than private
// on the signing path). On error out is cleared, or untouched when c was
// refused before any work.
func (k *PrivateKey) privateTo(out, c []byte) error {
	if k.crt != nil {
		return k.pub.cfg.privateCRT(k, c, out)
	}
	return k.pub.cfg.privateNoCRT(k, c, out)
}

func (k *PrivateKey) valid() bool { return k != nil && k.pub.valid() && k.d != nil }

// Public returns the public key, a *PublicKey (crypto.Signer and
// crypto.Decrypter). For crypto/x509 and crypto/tls, which need a
// *crypto/rsa.PublicKey, use package stdrsa.
func (k *PrivateKey) Public() crypto.PublicKey { return k.PublicKey() }

// PublicKey returns the public key (nil for a nil key).
func (k *PrivateKey) PublicKey() *PublicKey {
	if k == nil {
		return nil
	}
	return &k.pub
}

// HasCRT reports whether the key holds CRT parameters.
func (k *PrivateKey) HasCRT() bool { return k != nil && k.crt != nil }

// D returns the private exponent, big-endian, Size() bytes.
func (k *PrivateKey) D() []byte {
	if !k.valid() {
		return nil
	}
	b := make([]byte, k.pub.size)
	mp.FillBytes(b, k.d)
	return b
}

// Primes returns p and q (big-endian, minimal length), or nil without CRT.
func (k *PrivateKey) Primes() (p, q []byte) {
	if !k.valid() || k.crt == nil {
		return nil, nil
	}
	return modBytes(k.crt.P), modBytes(k.crt.Q)
}

// CRTValues returns dP, dQ and qInv (big-endian, the length of p, q and p),
// or nil without CRT.
func (k *PrivateKey) CRTValues() (dP, dQ, qInv []byte) {
	if !k.valid() || k.crt == nil {
		return nil, nil, nil
	}
	lp, lq := (k.crt.P.Bits+7)/8, (k.crt.Q.Bits+7)/8
	dP, dQ, qInv = make([]byte, lp), make([]byte, lq), make([]byte, lp)
	mp.FillBytes(dP, k.crt.DP)
	mp.FillBytes(dQ, k.crt.DQ)
	mp.FillBytes(qInv, k.crt.QInv)
	return
}

func modBytes(m *mp.Modulus) []byte {
	b := make([]byte, (m.Bits+7)/8)
	mp.FillBytes(b, m.N)
	return b
}

// Equal reports whether x is a *PrivateKey with the same public key and d.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	if !ok || !k.valid() || !o.valid() {
		return false
	}
	return k.pub.Equal(&o.pub) && mp.Equal(k.d, o.d) == 1
}

// Wipe zeroes the secret values the key holds (d, the primes with their
// Montgomery constants, the CRT exponents and qInv) and leaves the key
// unusable: operations on it return an error. Go may have copied the
// values before (the garbage collector moves nothing, but conversions made
// by the caller, such as D(), are copies the caller must wipe).
func (k *PrivateKey) Wipe() {
	if k == nil {
		return
	}
	clear(k.d)
	k.d = nil
	if c := k.crt; c != nil {
		for _, m := range []*mp.Modulus{c.P, c.Q} {
			clear(m.N)
			clear(m.RR)
			clear(m.One)
			m.N0 = 0
		}
		clear(c.DP)
		clear(c.DQ)
		clear(c.QInv)
		k.crt = nil
	}
}
