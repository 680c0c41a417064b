package ecdsa

import (
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
)

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

// FromStdPublicKey converts a crypto/ecdsa public key on P-256 or P-384.
func FromStdPublicKey(cfg Config, k *stdecdsa.PublicKey) (*PublicKey, error) {
	if k == nil || curveOf(k.Curve) == 0 {
		return nil, errCurve
	}
	b, err := k.Bytes()
	if err != nil {
		return nil, err
	}
	return NewPublicKey(cfg, curveOf(k.Curve), b)
}

// FromStdPrivateKey converts a crypto/ecdsa private key on P-256 or P-384.
func FromStdPrivateKey(cfg Config, k *stdecdsa.PrivateKey) (*PrivateKey, error) {
	if k == nil || curveOf(k.Curve) == 0 {
		return nil, errCurve
	}
	b, err := k.Bytes()
	if err != nil {
		return nil, err
	}
	return NewPrivateKey(cfg, curveOf(k.Curve), b)
}

// ToStd returns the key as a crypto/ecdsa public key.
func (k *PublicKey) ToStd() (*stdecdsa.PublicKey, error) {
	if !k.valid() {
		return nil, errCurve
	}
	return stdecdsa.ParseUncompressedPublicKey(k.curve.elliptic(), k.Bytes())
}

// ToStd returns the key as a crypto/ecdsa private key.
func (k *PrivateKey) ToStd() (*stdecdsa.PrivateKey, error) {
	if k == nil || !k.pub.valid() {
		return nil, errCurve
	}
	return stdecdsa.ParseRawPrivateKey(k.pub.curve.elliptic(), k.Bytes())
}
