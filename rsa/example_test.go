// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa_test

import (
	"fmt"

	"github.com/cryptolab-go/cryptolab/rsa"
	"github.com/cryptolab-go/cryptolab/sha2"
)

func Example() {
	cfg := rsa.FastMid() // links the Fast mathematics and the Mid window only
	priv, err := rsa.GenerateKey(cfg, 2048, nil)
	if err != nil {
		panic(err)
	}
	defer priv.Wipe()

	digest := sha2.Sum256([]byte("message"))
	buf := make([]byte, 0, priv.PublicKey().Size())
	sig, err := rsa.SignPSS(buf, nil, priv, rsa.SHA256(), digest[:], nil) // no allocation
	if err != nil {
		panic(err)
	}
	fmt.Println(rsa.VerifyPSS(priv.PublicKey(), rsa.SHA256(), digest[:], sig, nil) == nil)

	ct, err := rsa.EncryptOAEP(nil, nil, priv.PublicKey(), rsa.SHA256(), nil, []byte("secret"), []byte("label"))
	if err != nil {
		panic(err)
	}
	pt, err := rsa.DecryptOAEP(nil, priv, rsa.SHA256(), nil, ct, []byte("label"))
	fmt.Println(string(pt), err)
	fmt.Println(cfg, rsa.WorkingMemory(cfg, 3072, true))
	// Output:
	// true
	// secret <nil>
	// Fast-Mid 3456
}
