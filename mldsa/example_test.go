// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa_test

import (
	"crypto"
	"crypto/rand"
	"fmt"

	"github.com/cryptolab-go/cryptolab/mldsa"
)

func Example() {
	seed := make([]byte, mldsa.SeedSize)
	rand.Read(seed)
	sk, err := mldsa.NewPrivateKey65(mldsa.Default(), seed) // store seed (sk.Bytes()), not the expanded key
	if err != nil {
		panic(err)
	}
	defer sk.Wipe()

	msg := []byte("message")
	opts := &mldsa.SignerOpts{Context: []byte("example")}
	var signer crypto.Signer = sk
	sig, err := signer.Sign(nil, msg, opts)
	if err != nil {
		panic(err)
	}

	pk, err := mldsa.NewPublicKey65(mldsa.LowRAM(), sk.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(len(sig), pk.Verify(sig, msg, opts) == nil, pk.Verify(sig, msg, nil) == nil)
	fmt.Println(mldsa.Default(), mldsa.LowRAM().Memory(65).Key > mldsa.PrivateKeySize65)
	// Output:
	// 3309 true false
	// Fast true
}
