// Package stdx25519 converts between package x25519's keys and
// crypto/ecdh's X25519 keys. It lives apart from package x25519 so that a
// program that does not ask for interoperability does not link
// crypto/ecdh.
package stdx25519

import (
	"crypto/ecdh"
	"errors"

	"github.com/cryptolab-go/cryptolab/x25519"
)

var (
	errNilKey = errors.New("stdx25519: nil key")
	errCurve  = errors.New("stdx25519: not an X25519 key")
)

// ToStdPrivateKey returns k as a crypto/ecdh X25519 private key.
func ToStdPrivateKey(k *x25519.PrivateKey) (*ecdh.PrivateKey, error) {
	if k == nil || k.Config() == nil {
		return nil, errNilKey
	}
	return ecdh.X25519().NewPrivateKey(k.Bytes())
}

// ToStdPublicKey returns p as a crypto/ecdh X25519 public key.
func ToStdPublicKey(p *x25519.PublicKey) (*ecdh.PublicKey, error) {
	if p == nil {
		return nil, errNilKey
	}
	return ecdh.X25519().NewPublicKey(p.Bytes())
}

// FromStdPrivateKey returns the crypto/ecdh X25519 key k as a key of package
// x25519 with configuration cfg.
func FromStdPrivateKey(cfg x25519.Config, k *ecdh.PrivateKey) (*x25519.PrivateKey, error) {
	if k == nil {
		return nil, errNilKey
	}
	if k.Curve() != ecdh.X25519() {
		return nil, errCurve
	}
	return x25519.NewPrivateKey(cfg, k.Bytes())
}

// FromStdPublicKey returns the crypto/ecdh X25519 key k as a key of package
// x25519.
func FromStdPublicKey(k *ecdh.PublicKey) (*x25519.PublicKey, error) {
	if k == nil {
		return nil, errNilKey
	}
	if k.Curve() != ecdh.X25519() {
		return nil, errCurve
	}
	return x25519.NewPublicKey(k.Bytes())
}
