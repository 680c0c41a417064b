// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/sha2"
)

// TestAllocs pins the heap allocations of the steady-state operations, in
// every configuration, with and without CRT: signing, OAEP encryption and
// decryption into a dst with room (randomness from crypto/rand),
// session-key decryption and verification allocate nothing.
func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	std := stdKey(t, "key2048")
	digest := sha2.Sum256([]byte("allocs"))
	for _, cfg := range allConfigs {
		for _, crt := range []bool{true, false} {
			priv := fromStd(t, cfg, std, crt)
			pub := priv.PublicKey()
			dst := make([]byte, 0, pub.Size())
			sig, _ := SignPSS(nil, nil, priv, SHA256(), digest[:], nil)
			v15, _ := SignPKCS1v15(nil, priv, SHA256(), digest[:])
			oaep, _ := EncryptOAEP(nil, nil, pub, SHA256(), nil, []byte("0123456789abcdef"), nil)
			pkcs, _ := EncryptPKCS1v15(nil, nil, pub, []byte("0123456789abcdef"))
			key := make([]byte, 16)
			ops := map[string]func(){
				"SignPSS": func() {
					if _, err := SignPSS(dst, nil, priv, SHA256(), digest[:], nil); err != nil {
						t.Fatal(err)
					}
				},
				"SignPKCS1v15": func() {
					if _, err := SignPKCS1v15(dst, priv, SHA256(), digest[:]); err != nil {
						t.Fatal(err)
					}
				},
				"VerifyPSS": func() {
					if err := VerifyPSS(pub, SHA256(), digest[:], sig, nil); err != nil {
						t.Fatal(err)
					}
				},
				"DecryptOAEP": func() {
					if _, err := DecryptOAEP(dst, priv, SHA256(), nil, oaep, nil); err != nil {
						t.Fatal(err)
					}
				},
				"DecryptPKCS1v15SessionKey": func() {
					if err := DecryptPKCS1v15SessionKey(priv, pkcs, key); err != nil {
						t.Fatal(err)
					}
				},
				"EncryptOAEP": func() {
					if _, err := EncryptOAEP(dst, nil, pub, SHA256(), nil, key, nil); err != nil {
						t.Fatal(err)
					}
				},
				"VerifyPKCS1v15": func() {
					if err := VerifyPKCS1v15(pub, SHA256(), digest[:], v15); err != nil {
						t.Fatal(err)
					}
				},
			}
			for name, op := range ops {
				if n := testing.AllocsPerRun(3, op); n != 0 {
					t.Errorf("%v crt=%v %s: %v allocations", cfg, crt, name, n)
				}
			}
		}
	}
}
