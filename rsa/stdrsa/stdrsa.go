// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package stdrsa connects package rsa to the standard library: key
// conversions to and from crypto/rsa (so PKCS #1, PKCS #8 and PEM work
// through crypto/x509 and encoding/pem), and a crypto.Signer /
// crypto.Decrypter whose Public() is a *crypto/rsa.PublicKey, which
// crypto/x509 and crypto/tls require. It is a separate package so that a
// program using rsa alone does not link crypto/rsa.
package stdrsa

import (
	"crypto"
	stdrsa "crypto/rsa"
	"errors"
	"io"
	"math/big"

	"github.com/cryptolab-go/cryptolab/rsa"
)

var (
	errNil        = errors.New("stdrsa: nil key")
	errMultiPrime = errors.New("stdrsa: multi-prime keys are not supported")
)

// FromPublicKey converts a crypto/rsa public key for configuration cfg.
func FromPublicKey(cfg rsa.Config, k *stdrsa.PublicKey) (*rsa.PublicKey, error) {
	if k == nil || k.N == nil {
		return nil, errNil
	}
	return rsa.NewPublicKey(cfg, k.N.Bytes(), k.E)
}

// FromPrivateKey converts a crypto/rsa private key for configuration cfg:
// with CRT parameters when it has two primes, without when it has none
// (D only). The CRT values are recomputed (and checked) by
// rsa.NewPrivateKey.
func FromPrivateKey(cfg rsa.Config, k *stdrsa.PrivateKey) (*rsa.PrivateKey, error) {
	if k == nil || k.N == nil || k.D == nil {
		return nil, errNil
	}
	n, d := k.N.Bytes(), k.D.Bytes()
	switch len(k.Primes) {
	case 0:
		return rsa.NewPrivateKeyWithoutCRT(cfg, n, k.E, d)
	case 2:
		if k.Primes[0] == nil || k.Primes[1] == nil {
			return nil, errNil
		}
		return rsa.NewPrivateKey(cfg, n, k.E, d, k.Primes[0].Bytes(), k.Primes[1].Bytes())
	}
	return nil, errMultiPrime
}

// ToPublicKey converts a public key to crypto/rsa.
func ToPublicKey(k *rsa.PublicKey) *stdrsa.PublicKey {
	if k == nil || k.N() == nil {
		return nil
	}
	return &stdrsa.PublicKey{N: new(big.Int).SetBytes(k.N()), E: k.E()}
}

// ToPrivateKey converts a private key to crypto/rsa, with its primes and
// precomputed CRT values when it has them.
func ToPrivateKey(k *rsa.PrivateKey) (*stdrsa.PrivateKey, error) {
	if k == nil || k.D() == nil {
		return nil, errNil
	}
	out := &stdrsa.PrivateKey{PublicKey: *ToPublicKey(k.PublicKey()), D: new(big.Int).SetBytes(k.D())}
	if p, q := k.Primes(); p != nil {
		out.Primes = []*big.Int{new(big.Int).SetBytes(p), new(big.Int).SetBytes(q)}
		out.Precompute()
		if err := out.Validate(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Signer returns a crypto.Signer (and crypto.Decrypter) for k whose
// Public() is a *crypto/rsa.PublicKey. Sign accepts *crypto/rsa.PSSOptions
// (or rsa.PSSOptions) for RSASSA-PSS, any other crypto.SignerOpts for
// RSASSA-PKCS1-v1_5.
func Signer(k *rsa.PrivateKey) crypto.Signer { return &signer{k, ToPublicKey(k.PublicKey())} }

// Decrypter returns a crypto.Decrypter for k whose Public() is a
// *crypto/rsa.PublicKey: *crypto/rsa.OAEPOptions selects OAEP,
// *crypto/rsa.PKCS1v15DecryptOptions or nil PKCS #1 v1.5 (with
// SessionKeyLen, without a padding error: see
// rsa.DecryptPKCS1v15SessionKey).
func Decrypter(k *rsa.PrivateKey) crypto.Decrypter {
	return &signer{k, ToPublicKey(k.PublicKey())}
}

type signer struct {
	k   *rsa.PrivateKey
	pub *stdrsa.PublicKey
}

func (s *signer) Public() crypto.PublicKey { return s.pub }

func (s *signer) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	if s.k == nil {
		return nil, errNil
	}
	if o, ok := opts.(*stdrsa.PSSOptions); ok {
		var sl int
		switch o.SaltLength {
		case stdrsa.PSSSaltLengthAuto:
			sl = rsa.PSSSaltLengthAuto
		case stdrsa.PSSSaltLengthEqualsHash:
			sl = rsa.PSSSaltLengthEqualsHash
		default:
			sl = o.SaltLength
		}
		return s.k.Sign(rand, digest, &rsa.PSSOptions{SaltLength: sl, Hash: o.Hash})
	}
	return s.k.Sign(rand, digest, opts)
}

func (s *signer) Decrypt(rand io.Reader, ciphertext []byte, opts crypto.DecrypterOpts) ([]byte, error) {
	if s.k == nil {
		return nil, errNil
	}
	switch o := opts.(type) {
	case *stdrsa.OAEPOptions:
		return s.k.Decrypt(rand, ciphertext, &rsa.OAEPOptions{Hash: o.Hash, MGFHash: o.MGFHash, Label: o.Label})
	case *stdrsa.PKCS1v15DecryptOptions:
		return s.k.Decrypt(rand, ciphertext, &rsa.PKCS1v15DecryptOptions{SessionKeyLen: o.SessionKeyLen})
	}
	return s.k.Decrypt(rand, ciphertext, opts)
}
