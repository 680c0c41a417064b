// Package stdecdsa converts keys between package ecdsa and the standard
// library's crypto/ecdsa, and adapts a private key to a crypto.Signer whose
// public key is a *crypto/ecdsa.PublicKey, the type crypto/x509 and
// crypto/tls accept.
//
// It is a separate package so that a program using package ecdsa alone
// does not link the standard library's ECDSA (about half a megabyte of
// executable, its P-256 table included): only a program that imports this
// package pays for it.
//
// Every function returns an error, never panics, for nil keys, keys on
// other curves, missing coordinates and scalars out of range.
package stdecdsa

import (
	"bytes"
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"errors"
	"io"

	"github.com/cryptolab-go/cryptolab/ecdsa"
)

var (
	errNil      = errors.New("stdecdsa: nil or zero key")
	errCurve    = errors.New("stdecdsa: curve is not P-256 or P-384")
	errMismatch = errors.New("stdecdsa: the private key's public point is not d·G")
)

// curveOf returns our curve for a standard-library curve, 0 for others.
func curveOf(c elliptic.Curve) ecdsa.Curve {
	switch c {
	case nil:
		return 0
	case elliptic.P256():
		return ecdsa.P256
	case elliptic.P384():
		return ecdsa.P384
	}
	return 0
}

// stdCurve returns the standard-library curve for ours, nil for others.
func stdCurve(c ecdsa.Curve) elliptic.Curve {
	switch c {
	case ecdsa.P256:
		return elliptic.P256()
	case ecdsa.P384:
		return elliptic.P384()
	}
	return nil
}

// encodePoint returns the SEC 1 uncompressed encoding of a standard-library
// public key, checking that the coordinates are present and fit the curve
// (whether the point is on the curve is ecdsa.NewPublicKey's check).
func encodePoint(c ecdsa.Curve, k *stdecdsa.PublicKey) ([]byte, error) {
	if k.X == nil || k.Y == nil || k.X.Sign() < 0 || k.Y.Sign() < 0 {
		return nil, errNil
	}
	n := c.ScalarSize()
	if k.X.BitLen() > 8*n || k.Y.BitLen() > 8*n {
		return nil, errors.New("stdecdsa: public key coordinate too large")
	}
	b := make([]byte, 1+2*n)
	b[0] = 4
	k.X.FillBytes(b[1 : 1+n])
	k.Y.FillBytes(b[1+n:])
	return b, nil
}

// FromStdPublicKey converts a crypto/ecdsa public key on P-256 or P-384 to
// a key of package ecdsa computing with cfg.
func FromStdPublicKey(cfg ecdsa.Config, k *stdecdsa.PublicKey) (*ecdsa.PublicKey, error) {
	if k == nil {
		return nil, errNil
	}
	c := curveOf(k.Curve)
	if c == 0 {
		return nil, errCurve
	}
	q, err := encodePoint(c, k)
	if err != nil {
		return nil, err
	}
	return ecdsa.NewPublicKey(cfg, c, q)
}

// FromStdPrivateKey converts a crypto/ecdsa private key on P-256 or P-384
// to a key of package ecdsa computing with cfg. The key's public point must
// be present and equal d·G.
func FromStdPrivateKey(cfg ecdsa.Config, k *stdecdsa.PrivateKey) (*ecdsa.PrivateKey, error) {
	if k == nil || k.D == nil || k.D.Sign() <= 0 {
		return nil, errNil
	}
	c := curveOf(k.Curve)
	if c == 0 {
		return nil, errCurve
	}
	q, err := encodePoint(c, &k.PublicKey)
	if err != nil {
		return nil, err
	}
	n := c.ScalarSize()
	if k.D.BitLen() > 8*n {
		return nil, errors.New("stdecdsa: private scalar too large")
	}
	d := make([]byte, n)
	defer clear(d)
	k.D.FillBytes(d)
	priv, err := ecdsa.NewPrivateKey(cfg, c, d)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(priv.PublicKey().Bytes(), q) {
		priv.Wipe()
		return nil, errMismatch
	}
	return priv, nil
}

// ToStdPublicKey returns k as a crypto/ecdsa public key.
func ToStdPublicKey(k *ecdsa.PublicKey) (*stdecdsa.PublicKey, error) {
	c := stdCurve(k.Curve())
	q := k.Bytes()
	if c == nil || q == nil {
		return nil, errNil
	}
	return stdecdsa.ParseUncompressedPublicKey(c, q)
}

// ToStdPrivateKey returns k as a crypto/ecdsa private key.
func ToStdPrivateKey(k *ecdsa.PrivateKey) (*stdecdsa.PrivateKey, error) {
	c := stdCurve(k.Curve())
	d := k.Bytes()
	if c == nil || d == nil {
		return nil, errNil
	}
	defer clear(d)
	return stdecdsa.ParseRawPrivateKey(c, d)
}

// Signer returns k as a crypto.Signer whose Public method returns a
// *crypto/ecdsa.PublicKey (nil for a nil or zero k, whose Sign then
// fails), for crypto/x509 and crypto/tls. Sign is k's: an ASN.1 DER
// signature, hedged with the random source, or deterministic (RFC 6979
// with opts.HashFunc()) when it is nil.
func Signer(k *ecdsa.PrivateKey) crypto.Signer {
	s := &signer{k: k}
	if pub, err := ToStdPublicKey(k.PublicKey()); err == nil {
		s.pub = pub
	}
	return s
}

type signer struct {
	k   *ecdsa.PrivateKey
	pub *stdecdsa.PublicKey
}

func (s *signer) Public() crypto.PublicKey {
	if s.pub == nil {
		return nil
	}
	return s.pub
}

func (s *signer) Sign(random io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	return s.k.Sign(random, digest, opts)
}
