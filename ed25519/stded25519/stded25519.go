// Package stded25519 converts between package ed25519's keys and
// crypto/ed25519's, and adapts a private key to crypto.Signer with the
// standard library's public-key type, so that crypto/x509 (certificates,
// PKCS #8) and crypto/tls accept it. It lives apart from package ed25519
// so that a program that does not ask for interoperability does not link
// crypto/ed25519.
package stded25519

import (
	"crypto"
	stded25519 "crypto/ed25519"
	"errors"
	"io"

	"github.com/cryptolab-go/cryptolab/ed25519"
)

var errNilKey = errors.New("stded25519: nil key")

// ToStdPrivateKey returns priv as a crypto/ed25519.PrivateKey (seed ‖ A, a
// fresh copy).
func ToStdPrivateKey(priv *ed25519.PrivateKey) (stded25519.PrivateKey, error) {
	if priv == nil || priv.Config() == nil {
		return nil, errNilKey
	}
	return stded25519.PrivateKey(priv.Bytes()), nil
}

// ToStdPublicKey returns pub as a crypto/ed25519.PublicKey (a fresh copy).
func ToStdPublicKey(pub *ed25519.PublicKey) (stded25519.PublicKey, error) {
	if pub == nil || pub.Config() == nil {
		return nil, errNilKey
	}
	return stded25519.PublicKey(pub.Bytes()), nil
}

// FromStdPrivateKey returns the crypto/ed25519 key k as a key of package
// ed25519 with configuration cfg. k's public half must match its seed.
func FromStdPrivateKey(cfg ed25519.Config, k stded25519.PrivateKey) (*ed25519.PrivateKey, error) {
	return ed25519.NewPrivateKey(cfg, k)
}

// FromStdPublicKey returns the crypto/ed25519 key k as a key of package
// ed25519 with configuration cfg.
func FromStdPublicKey(cfg ed25519.Config, k stded25519.PublicKey) (*ed25519.PublicKey, error) {
	return ed25519.NewPublicKey(cfg, k)
}

// Signer returns a crypto.Signer that signs with priv and whose Public
// returns a crypto/ed25519.PublicKey. Its Sign takes the options
// crypto/ed25519 takes: crypto.Hash(0) (Ed25519), crypto.SHA512
// (Ed25519ph of a digest), or a *crypto/ed25519.Options (with a Context:
// Ed25519ctx, or Ed25519ph with context). It returns nil for a nil key.
func Signer(priv *ed25519.PrivateKey) crypto.Signer {
	if priv == nil || priv.Config() == nil {
		return nil
	}
	return signer{priv, stded25519.PublicKey(priv.PublicKey().Bytes())}
}

type signer struct {
	priv *ed25519.PrivateKey
	pub  stded25519.PublicKey
}

func (s signer) Public() crypto.PublicKey { return s.pub }

func (s signer) Sign(random io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	if o, ok := opts.(*stded25519.Options); ok && o != nil {
		opts = &ed25519.Options{Hash: o.Hash, Context: o.Context}
	}
	return s.priv.Sign(random, message, opts)
}
