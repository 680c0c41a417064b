package ed25519

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"io"
	"strconv"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/edwards25519"
	"github.com/cryptolab-go/cryptolab/internal/sha2sum"
)

const (
	// PublicKeySize is the size of an encoded public key, A.
	PublicKeySize = 32
	// PrivateKeySize is the size of an encoded private key: the seed
	// followed by the public key, as crypto/ed25519 encodes it.
	PrivateKeySize = 64
	// SignatureSize is the size of a signature, R ‖ S.
	SignatureSize = 64
	// SeedSize is the size of a private key seed (RFC 8032's private key).
	SeedSize = 32
)

var (
	errNilKey      = errors.New("ed25519: nil key")
	errSeedSize    = errors.New("ed25519: bad seed length: want " + strconv.Itoa(SeedSize) + " bytes")
	errKeySize     = errors.New("ed25519: bad private key length: want " + strconv.Itoa(PrivateKeySize) + " bytes")
	errPubSize     = errors.New("ed25519: bad public key length: want " + strconv.Itoa(PublicKeySize) + " bytes")
	errKeyMismatch = errors.New("ed25519: private key's public half does not match its seed")
	errBadPoint    = errors.New("ed25519: public key is not a point of the curve")
	errContext     = errors.New("ed25519: context longer than 255 bytes")
	errHash        = errors.New("ed25519: expected opts.HashFunc() zero (Ed25519, Ed25519ctx) or SHA-512 (Ed25519ph)")
	errDigestSize  = errors.New("ed25519: Ed25519ph message must be a 64-byte SHA-512 digest")
	errSignature   = errors.New("ed25519: invalid signature")
)

// PrivateKey is an Ed25519 private key with its configuration: the seed
// and what RFC 8032, Section 5.1.5 derives from it (the clamped scalar s,
// the nonce prefix and the public key A). It implements crypto.Signer;
// package stded25519 wraps it for crypto/x509 and crypto/tls. 152 bytes.
type PrivateKey struct {
	seed   [SeedSize]byte
	s      [32]byte // clamped secret scalar, little-endian (not reduced mod L)
	prefix [32]byte // second half of SHA-512(seed), hashed into each nonce
	pub    PublicKey
}

// PublicKey is an Ed25519 public key with its configuration: 56 bytes,
// and in the OptHigh configurations 2,048 more for the odd multiples of
// -A and -2^128·A, with which verification skips decoding A and doubles
// half as often.
type PublicKey struct {
	cfg Config
	a   [PublicKeySize]byte       // the encoding as given (crypto/ed25519 accepts non-canonical y)
	pre *edwards25519.Precomputed // OptHigh only, nil otherwise
}

// GenerateKey returns a new key for cfg whose seed is read from random
// (crypto/rand.Reader if nil).
func GenerateKey(cfg Config, random io.Reader) (*PrivateKey, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	if random == nil {
		random = rand.Reader
	}
	var seed [SeedSize]byte
	if _, err := io.ReadFull(random, seed[:]); err != nil {
		return nil, err
	}
	priv := new(PrivateKey)
	priv.setSeed(cfg, &seed)
	clear(seed[:])
	return priv, nil
}

// NewKeyFromSeed returns the key for the 32-byte seed (RFC 8032's private
// key), RFC 8032, Section 5.1.5.
func NewKeyFromSeed(cfg Config, seed []byte) (*PrivateKey, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	if len(seed) != SeedSize {
		return nil, errSeedSize
	}
	priv := new(PrivateKey)
	priv.setSeed(cfg, (*[SeedSize]byte)(seed))
	return priv, nil
}

// NewPrivateKey returns the key for the 64-byte encoding seed ‖ A of
// crypto/ed25519. A must be the public key of the seed.
func NewPrivateKey(cfg Config, key []byte) (*PrivateKey, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	if len(key) != PrivateKeySize {
		return nil, errKeySize
	}
	priv := new(PrivateKey)
	priv.setSeed(cfg, (*[SeedSize]byte)(key[:SeedSize]))
	if subtle.ConstantTimeCompare(priv.pub.a[:], key[SeedSize:]) != 1 {
		priv.Wipe()
		return nil, errKeyMismatch
	}
	return priv, nil
}

// setSeed derives the key from seed, RFC 8032, Section 5.1.5: h =
// SHA-512(seed), s = h[0:32] clamped, prefix = h[32:64], A = [s]B.
func (priv *PrivateKey) setSeed(cfg Config, seed *[SeedSize]byte) {
	var h [64]byte
	sha2sum.Sum(cfg.sha2(), sha2sum.SHA512, &h, seed[:])
	priv.seed = *seed
	copy(priv.s[:], h[:32])
	copy(priv.prefix[:], h[32:])
	clear(h[:])
	priv.s[0] &= 248
	priv.s[31] &= 127
	priv.s[31] |= 64
	priv.pub.cfg = cfg
	priv.pub.a = cfg.baseMult(priv.s)
}

// NewPublicKey returns the public key with the 32-byte encoding key. It
// fails if key does not decode to a point (RFC 8032, Section 5.1.3, as
// crypto/ed25519 decodes: see Verify).
func NewPublicKey(cfg Config, key []byte) (*PublicKey, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	if len(key) != PublicKeySize {
		return nil, errPubSize
	}
	a := [PublicKeySize]byte(key)
	pre, ok := cfg.precompute(a)
	if !ok {
		return nil, errBadPoint
	}
	return &PublicKey{cfg: cfg, a: a, pre: pre}, nil
}

// Config returns the key's configuration (nil for a nil key).
func (priv *PrivateKey) Config() Config {
	if priv == nil {
		return nil
	}
	return priv.pub.cfg
}

// Config returns the key's configuration (nil for a nil key).
func (pub *PublicKey) Config() Config {
	if pub == nil {
		return nil
	}
	return pub.cfg
}

// Seed returns a copy of the 32-byte seed (nil for a nil key).
func (priv *PrivateKey) Seed() []byte {
	if priv == nil {
		return nil
	}
	return append([]byte(nil), priv.seed[:]...)
}

// Bytes returns the 64-byte encoding seed ‖ A, as crypto/ed25519's
// PrivateKey (nil for a nil key).
func (priv *PrivateKey) Bytes() []byte {
	if priv == nil {
		return nil
	}
	b := make([]byte, 0, PrivateKeySize)
	return append(append(b, priv.seed[:]...), priv.pub.a[:]...)
}

// Bytes returns a copy of the 32-byte encoding of the key (nil for a nil
// key).
func (pub *PublicKey) Bytes() []byte {
	if pub == nil {
		return nil
	}
	return append([]byte(nil), pub.a[:]...)
}

// PublicKey returns the public half (nil for a nil key), with the
// configuration's precomputation for verifying.
func (priv *PrivateKey) PublicKey() *PublicKey {
	if priv == nil {
		return nil
	}
	p := priv.pub
	if p.cfg != nil {
		p.pre, _ = p.cfg.precompute(p.a)
	}
	return &p
}

// Public returns the public half as a *PublicKey (crypto.Signer), without
// the OptHigh precomputation that PublicKey adds (crypto.Signer users call
// Public often and only to look at the key; it verifies all the same, a
// little slower). For a crypto/ed25519.PublicKey, use stded25519.Signer.
func (priv *PrivateKey) Public() crypto.PublicKey {
	if priv == nil {
		return (*PublicKey)(nil)
	}
	p := priv.pub
	return &p
}

// Equal reports whether x is a *PrivateKey with the same seed, in
// constant time. Configurations are not compared.
func (priv *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	if !ok || priv == nil || o == nil {
		return false
	}
	return subtle.ConstantTimeCompare(priv.seed[:], o.seed[:]) == 1
}

// Equal reports whether x is a *PublicKey with the same encoding
// (configurations are not compared).
func (pub *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	return ok && pub != nil && o != nil && pub.a == o.a
}

// Wipe zeroes the seed and the values derived from it. The key cannot
// sign afterwards (Sign reports an error). Go may have copied the key
// (for example while growing a stack), and those copies are not wiped.
func (priv *PrivateKey) Wipe() {
	if priv == nil {
		return
	}
	clear(priv.seed[:])
	clear(priv.s[:])
	clear(priv.prefix[:])
	priv.pub = PublicKey{}
}

// Options selects the variant of RFC 8032: Ed25519 (Hash zero, Context
// empty), Ed25519ctx (Hash zero, Context not empty) or Ed25519ph (Hash
// crypto.SHA512, the message being its 64-byte digest, with an optional
// Context), as crypto/ed25519.Options does.
type Options struct {
	Hash    crypto.Hash
	Context string // at most 255 bytes
}

// HashFunc returns o.Hash (crypto.SignerOpts); 0 for a nil o.
func (o *Options) HashFunc() crypto.Hash {
	if o == nil {
		return 0
	}
	return o.Hash
}

// variant is the decoded choice of Options: dom2 needed, its phflag, and
// the context.
type variant struct {
	dom bool
	ph  byte
	ctx string
}

func parseOptions(hash crypto.Hash, ctx string, msgLen int) (variant, error) {
	if len(ctx) > 255 {
		return variant{}, errContext
	}
	switch hash {
	case 0:
		return variant{dom: ctx != "", ctx: ctx}, nil
	case crypto.SHA512:
		if msgLen != 64 {
			return variant{}, errDigestSize
		}
		return variant{dom: true, ph: 1, ctx: ctx}, nil
	}
	return variant{}, errHash
}

// hashToScalar sets k = SHA-512(dom2(F, C) ‖ a ‖ b ‖ m) mod L, RFC 8032,
// Section 5.1, with dom2 empty for plain Ed25519, on the compression
// function of s (the key's configuration).
func hashToScalar(k *edwards25519.Scalar, s sha2sum.Strategy, v *variant, a, b, m []byte) {
	var d [34]byte
	var dom, ctx []byte
	if v.dom {
		// dom2(x, y) = "SigEd25519 no Ed25519 collisions" ‖ octet(x) ‖
		// octet(OLEN(y)) ‖ y (RFC 8032, Section 2). The context string is
		// hashed where it lies, read through a byte slice over its bytes
		// (converting it would allocate).
		copy(d[:], "SigEd25519 no Ed25519 collisions")
		d[32] = v.ph
		d[33] = byte(len(v.ctx))
		dom = d[:]
		ctx = unsafe.Slice(unsafe.StringData(v.ctx), len(v.ctx))
	}
	var out [64]byte
	sha2sum.Sum(s, sha2sum.SHA512, &out, dom, ctx, a, b, m)
	k.SetUniformBytes(&out)
	clear(out[:])
}

// SignTo writes the Ed25519 signature of message to sig (RFC 8032,
// Section 5.1.6). It allocates nothing.
func (priv *PrivateKey) SignTo(sig *[SignatureSize]byte, message []byte) error {
	return priv.signTo(sig, message, &variant{})
}

// SignWithOptionsTo writes the Ed25519, Ed25519ctx or Ed25519ph signature
// of message chosen by opts to sig. It allocates nothing.
func (priv *PrivateKey) SignWithOptionsTo(sig *[SignatureSize]byte, message []byte, opts *Options) error {
	if opts == nil {
		return priv.SignTo(sig, message)
	}
	v, err := parseOptions(opts.Hash, opts.Context, len(message))
	if err != nil {
		return err
	}
	return priv.signTo(sig, message, &v)
}

// Sign signs message (crypto.Signer): with opts.HashFunc() zero, Ed25519
// of the message (Ed25519ctx if opts is an *Options with a Context); with
// crypto.SHA512, Ed25519ph of the 64-byte digest message. random is
// ignored: Ed25519 is deterministic.
func (priv *PrivateKey) Sign(random io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	var ctx string
	hash := crypto.Hash(0)
	if opts != nil {
		hash = opts.HashFunc()
	}
	if o, ok := opts.(*Options); ok && o != nil {
		ctx = o.Context
	}
	v, err := parseOptions(hash, ctx, len(message))
	if err != nil {
		return nil, err
	}
	sig := new([SignatureSize]byte)
	if err := priv.signTo(sig, message, &v); err != nil {
		return nil, err
	}
	return sig[:], nil
}

func (priv *PrivateKey) signTo(sig *[SignatureSize]byte, message []byte, v *variant) error {
	if priv == nil || priv.pub.cfg == nil {
		return errNilKey
	}
	if sig == nil {
		return errors.New("ed25519: nil signature buffer")
	}
	// r = SHA-512(dom2 ‖ prefix ‖ PH(M)) mod L; R = [r]B.
	var r, k, S edwards25519.Scalar
	h := priv.pub.cfg.sha2()
	hashToScalar(&r, h, v, priv.prefix[:], nil, message)
	rb := r.Bytes()
	R := priv.pub.cfg.baseMult(rb)
	// k = SHA-512(dom2 ‖ R ‖ A ‖ PH(M)) mod L; S = (r + k·s) mod L.
	hashToScalar(&k, h, v, R[:], priv.pub.a[:], message)
	S.MulAdd(&priv.s, &k, &r)
	copy(sig[:32], R[:])
	sb := S.Bytes()
	copy(sig[32:], sb[:])
	r.Wipe()
	clear(rb[:])
	return nil
}

// Verify reports whether sig is a valid Ed25519 signature of message by
// pub (RFC 8032, Section 5.1.7). It allocates nothing.
//
// The decisions are those of crypto/ed25519, input for input:
//   - S must be below L (an encoding of S ≥ L is rejected);
//   - the equation is the cofactorless [S]B = R + [k]A, checked by
//     encoding [S]B - [k]A and comparing it with R byte for byte, so an R
//     whose encoding is not canonical never verifies;
//   - A is decoded as RFC 8032, Section 5.1.3 says except that, as in
//     crypto/ed25519, a y-coordinate encoded as y + p and x = 0 with the
//     sign bit set are accepted, and k hashes A's bytes as given;
//   - small-order A and R are not rejected as such.
//
// This is RFC 8032's verification (with the cofactorless equation it
// permits) rather than ZIP-215's, which would use the cofactored equation
// [8][S]B = [8]R + [8][k]A and accept non-canonical R.
func (pub *PublicKey) Verify(message, sig []byte) bool {
	return pub.verify(message, sig, &variant{})
}

// VerifyWithOptions reports whether sig is a valid Ed25519, Ed25519ctx or
// Ed25519ph signature of message by pub, as opts selects; nil if it is,
// an error saying why not otherwise.
func (pub *PublicKey) VerifyWithOptions(message, sig []byte, opts *Options) error {
	v := variant{}
	if opts != nil {
		var err error
		if v, err = parseOptions(opts.Hash, opts.Context, len(message)); err != nil {
			return err
		}
	}
	if !pub.verify(message, sig, &v) {
		return errSignature
	}
	return nil
}

func (pub *PublicKey) verify(message, sig []byte, v *variant) bool {
	if pub == nil || pub.cfg == nil || len(sig) != SignatureSize {
		return false
	}
	var s edwards25519.Scalar
	sb := [32]byte(sig[32:])
	if !s.SetCanonicalBytes(&sb) {
		return false
	}
	var k edwards25519.Scalar
	hashToScalar(&k, pub.cfg.sha2(), v, sig[:32], pub.a[:], message)
	var R [32]byte
	ok := true
	if pub.pre != nil {
		R = pub.cfg.verifyPrecomputedVarTime(pub.pre, k.Bytes(), sb)
	} else {
		R, ok = pub.cfg.verifyVarTime(pub.a, k.Bytes(), sb)
	}
	return ok && [32]byte(sig[:32]) == R
}

// Verify reports whether sig is a valid Ed25519 signature of message by
// the 32-byte encoded publicKey, computed with cfg. Unlike
// crypto/ed25519.Verify it returns false, not panic, for a key of the
// wrong length (and for a nil cfg).
func Verify(cfg Config, publicKey, message, sig []byte) bool {
	if cfg == nil || len(publicKey) != PublicKeySize {
		return false
	}
	pub := PublicKey{cfg: cfg, a: [32]byte(publicKey)}
	return pub.verify(message, sig, &variant{})
}
