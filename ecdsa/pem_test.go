package ecdsa

import (
	stdecdsa "crypto/ecdsa"
	"crypto/x509"
	"encoding/pem"
	"testing"
)

func pemPublicKey(t *testing.T, k *stdecdsa.PublicKey) []byte {
	der, err := x509.MarshalPKIXPublicKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
}

func stdVerifyASN1(k *stdecdsa.PublicKey, digest, sig []byte) bool {
	return stdecdsa.VerifyASN1(k, digest, sig)
}
