// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa_test

import (
	"bytes"
	"testing"

	"github.com/cloudflare/circl/sign/mldsa/mldsa44"

	"github.com/cryptolab-go/cryptolab/mldsa"
)

// FuzzVerify feeds arbitrary signatures (seeded with a valid one and its
// truncations) to ML-DSA-44 verification in both configurations and circl:
// no panic, and all three agree.
func FuzzVerify(f *testing.F) {
	sk, _ := mldsa.NewPrivateKey44(mldsa.Fast(), make([]byte, 32))
	msg := []byte("fuzz")
	sig, _ := sk.Sign(nil, msg, nil)
	f.Add(sig)
	f.Add(sig[:100])
	f.Add(make([]byte, mldsa.SignatureSize44))
	pkLow, _ := mldsa.NewPublicKey44(mldsa.LowRAM(), sk.PublicKey().Bytes())
	var cpk mldsa44.PublicKey
	if err := cpk.UnmarshalBinary(sk.PublicKey().Bytes()); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s []byte) {
		a := sk.PublicKey().Verify(s, msg, nil) == nil
		b := pkLow.Verify(s, msg, nil) == nil
		c := mldsa44.Verify(&cpk, msg, nil, s)
		if a != b || a != c {
			t.Fatalf("Fast %v LowRAM %v circl %v", a, b, c)
		}
	})
}

// FuzzNewPrivateKeyFromExpanded feeds arbitrary expanded private keys:
// no panic, both configurations agree on acceptance, and an accepted key
// re-encodes to its input.
func FuzzNewPrivateKeyFromExpanded(f *testing.F) {
	sk, _ := mldsa.NewPrivateKey44(mldsa.Fast(), make([]byte, 32))
	f.Add(sk.ExpandedBytes())
	f.Add(make([]byte, mldsa.PrivateKeySize44))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		k1, err1 := mldsa.NewPrivateKey44FromExpanded(mldsa.Fast(), b)
		k2, err2 := mldsa.NewPrivateKey44FromExpanded(mldsa.LowRAM(), b)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("Fast %v, LowRAM %v", err1, err2)
		}
		if err1 == nil && (!bytes.Equal(k1.ExpandedBytes(), b) || !bytes.Equal(k2.ExpandedBytes(), b)) {
			t.Fatal("accepted key does not re-encode to its input")
		}
	})
}

// FuzzNewPublicKey: every encoding of the right length is a key, others
// are errors, and both configurations agree on verification.
func FuzzNewPublicKey(f *testing.F) {
	sk, _ := mldsa.NewPrivateKey44(mldsa.Fast(), make([]byte, 32))
	msg := []byte("fuzz")
	sig, _ := sk.Sign(nil, msg, nil)
	f.Add(sk.PublicKey().Bytes())
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, b []byte) {
		p1, err1 := mldsa.NewPublicKey44(mldsa.Fast(), b)
		p2, err2 := mldsa.NewPublicKey44(mldsa.LowRAM(), b)
		if (err1 == nil) != (len(b) == mldsa.PublicKeySize44) || (err2 == nil) != (err1 == nil) {
			t.Fatalf("length %d: %v %v", len(b), err1, err2)
		}
		if err1 == nil && (p1.Verify(sig, msg, nil) == nil) != (p2.Verify(sig, msg, nil) == nil) {
			t.Fatal("configurations disagree")
		}
	})
}
