// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	"bytes"
	"fmt"

	"github.com/cryptolab-go/cryptolab/mlkem"
)

func Example() {
	// Alice generates a key pair and sends the encapsulation key.
	dk, err := mlkem.GenerateKey768()
	if err != nil {
		panic(err)
	}
	ekBytes := dk.EncapsulationKey().Bytes()

	// Bob parses it (length and modulus check) and encapsulates.
	ek, err := mlkem.NewEncapsulationKey768(ekBytes)
	if err != nil {
		panic(err)
	}
	bobKey, ciphertext, err := ek.Encapsulate()
	if err != nil {
		panic(err)
	}

	// Alice decapsulates the ciphertext.
	aliceKey, err := dk.Decapsulate(ciphertext)
	if err != nil {
		panic(err)
	}
	fmt.Println(bytes.Equal(aliceKey, bobKey))
	// Output: true
}

func ExampleDecapsulationKey768_SetSeed() {
	// A Small key: no heap allocation to derive it again or to
	// decapsulate with it (the value itself moves to the heap once).
	seed := make([]byte, mlkem.SeedSize) // use crypto/rand in practice
	var dk mlkem.DecapsulationKey768
	if err := dk.SetSeed(mlkem.Small(), seed); err != nil {
		panic(err)
	}
	var K1, K2 [mlkem.SharedKeySize]byte
	var c [mlkem.CiphertextSize768]byte
	ek := dk.EncapsulationKey() // a copy, allocated once
	if err := ek.EncapsulateTo(&K1, &c); err != nil {
		panic(err)
	}
	if err := dk.DecapsulateTo(&K2, c[:]); err != nil {
		panic(err)
	}
	fmt.Println(K1 == K2, dk.Config())
	dk.Wipe()
	fmt.Println(dk.Bytes() == nil)
	// Output:
	// true Small
	// true
}
