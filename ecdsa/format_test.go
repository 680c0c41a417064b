package ecdsa

import (
	"crypto"
	"testing"
)

// TestSignUnknownFormat: a Format other than ASN1 and Raw is an error, with
// dst returned untouched, as Verify already rejects it. Signing used to fall
// through to DER.
func TestSignUnknownFormat(t *testing.T) {
	priv, err := GenerateKey(Default(), P256, nil)
	if err != nil {
		t.Fatal(err)
	}
	digest := make([]byte, 32)
	dst := []byte("x")
	if sig, err := Sign(dst, priv, nil, digest, Format(7)); err == nil || string(sig) != "x" {
		t.Errorf("Sign with Format(7) = %x, %v", sig, err)
	}
	if sig, err := SignDeterministic(dst, priv, crypto.SHA256, digest, Format(2)); err == nil || string(sig) != "x" {
		t.Errorf("SignDeterministic with Format(2) = %x, %v", sig, err)
	}
}
