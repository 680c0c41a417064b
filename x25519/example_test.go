package x25519_test

import (
	"bytes"
	"fmt"

	"github.com/cryptolab-go/cryptolab/x25519"
)

// Two parties agree on a shared secret (RFC 7748, Section 6.1).
func Example() {
	alice, err := x25519.GenerateKey(x25519.Default(), nil)
	if err != nil {
		panic(err)
	}
	bob, err := x25519.GenerateKey(x25519.Small(), nil) // configurations interoperate
	if err != nil {
		panic(err)
	}
	var k1, k2 [32]byte
	if err := alice.ECDHTo(&k1, bob.PublicKey()); err != nil {
		panic(err)
	}
	if err := bob.ECDHTo(&k2, alice.PublicKey()); err != nil {
		panic(err)
	}
	fmt.Println(bytes.Equal(k1[:], k2[:]))
	// Output: true
}
