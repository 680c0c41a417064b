// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"bytes"
	"testing"
)

// FuzzVerify feeds arbitrary public keys, messages and signatures (seeded
// with the RFC vectors) to both configurations: no panic, and Small and
// Fast decide alike.
func FuzzVerify(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add(v.pub, v.msg, v.sig)
		f.Add(v.pub, v.msg, v.sig[:len(v.sig)/2])
	}
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		a, errA := ParsePublicKey(Small(), pub)
		b, errB := ParsePublicKey(Fast(), pub)
		if (errA == nil) != (errB == nil) {
			t.Fatal("configurations parse differently")
		}
		if errA != nil {
			a, errA = ParseLMSPublicKey(Small(), pub)
			b, _ = ParseLMSPublicKey(Fast(), pub)
			if errA != nil {
				return
			}
		}
		if !bytes.Equal(a.Bytes(), pub) {
			t.Fatal("public key does not round-trip")
		}
		if a.Verify(msg, sig) != b.Verify(msg, sig) {
			t.Fatal("Small and Fast disagree")
		}
	})
}

// FuzzParsePrivateKey feeds arbitrary saved keys to the private key parser
// (without computing the tree, which for h = 25 would take hours): no
// panic, and an accepted key encodes back to its input.
func FuzzParsePrivateKey(f *testing.F) {
	f.Add([]byte("LMSK\x00\x00\x00\x01\x00\x00\x00\x05\x00\x00\x00\x04" + string(make([]byte, 56))))
	f.Add([]byte("LMSK\x00\x00\x00\x02\x00\x00\x00\x05\x00\x00\x00\x04\x00\x00\x00\x0a\x00\x00\x00\x08" + string(make([]byte, 56))))
	f.Fuzz(func(t *testing.T, key []byte) {
		sk, err := parsePrivateKey(Small(), key, SignerOptions{}, nopStore{})
		if err != nil {
			return
		}
		if !bytes.Equal(sk.appendKey(nil, sk.reserved), key) {
			t.Fatal("private key does not round-trip")
		}
	})
}

type nopStore struct{}

func (nopStore) Save([]byte) error { return nil }
