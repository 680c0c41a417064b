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
	bobKey, ciphertext := ek.Encapsulate()

	// Alice decapsulates the ciphertext.
	aliceKey, err := dk.Decapsulate(ciphertext)
	if err != nil {
		panic(err)
	}
	fmt.Println(bytes.Equal(aliceKey, bobKey))
	// Output: true
}

func ExampleDecapsulationKey768_SetSeed() {
	// A Small key on the stack: no heap allocation to derive it, to
	// encapsulate to it or to decapsulate with it.
	seed := make([]byte, mlkem.SeedSize) // use crypto/rand in practice
	var dk mlkem.DecapsulationKey768
	if err := dk.SetSeed(seed, mlkem.Small); err != nil {
		panic(err)
	}
	var K1, K2 [mlkem.SharedKeySize]byte
	var c [mlkem.CiphertextSize768]byte
	if err := dk.EncapsulationKey().EncapsulateTo(&K1, &c); err != nil {
		panic(err)
	}
	if err := dk.DecapsulateTo(&K2, c[:]); err != nil {
		panic(err)
	}
	fmt.Println(K1 == K2, dk.Config())
	// Output: true Small
}
