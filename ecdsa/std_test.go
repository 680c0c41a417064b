package ecdsa

import (
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"errors"
)

// Test-only conversions to and from crypto/ecdsa for the differential
// tests of this package (package ecdsa/stdecdsa is the public API, and an
// internal test cannot import it: it imports this package).

func (c Curve) elliptic() elliptic.Curve {
	switch c {
	case P256:
		return elliptic.P256()
	case P384:
		return elliptic.P384()
	}
	return nil
}

func curveOf(e elliptic.Curve) Curve {
	switch e {
	case elliptic.P256():
		return P256
	case elliptic.P384():
		return P384
	}
	return 0
}

func toStdPriv(k *PrivateKey) (*stdecdsa.PrivateKey, error) {
	if k.Bytes() == nil {
		return nil, errors.New("zero key")
	}
	return stdecdsa.ParseRawPrivateKey(k.Curve().elliptic(), k.Bytes())
}

func toStdPub(k *PublicKey) (*stdecdsa.PublicKey, error) {
	if k.Bytes() == nil {
		return nil, errors.New("zero key")
	}
	return stdecdsa.ParseUncompressedPublicKey(k.Curve().elliptic(), k.Bytes())
}

func fromStdPub(cfg Config, k *stdecdsa.PublicKey) (*PublicKey, error) {
	b, err := k.Bytes()
	if err != nil {
		return nil, err
	}
	return NewPublicKey(cfg, curveOf(k.Curve), b)
}

func fromStdPriv(cfg Config, k *stdecdsa.PrivateKey) (*PrivateKey, error) {
	b, err := k.Bytes()
	if err != nil {
		return nil, err
	}
	return NewPrivateKey(cfg, curveOf(k.Curve), b)
}
