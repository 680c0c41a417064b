package ed25519_test

import (
	"fmt"

	"github.com/cryptolab-go/cryptolab/ed25519"
)

// Sign and verify the way the STM32 pages measure it, in the smallest
// configuration (a program that names only SmallOptLow links no other).
func Example() {
	cfg := ed25519.SmallOptLow()
	seed := make([]byte, ed25519.SeedSize) // use ed25519.GenerateKey for a fresh key
	priv, err := ed25519.NewKeyFromSeed(cfg, seed)
	if err != nil {
		panic(err)
	}
	defer priv.Wipe()

	msg := []byte("attack at dawn")
	var sig [ed25519.SignatureSize]byte
	if err := priv.SignTo(&sig, msg); err != nil { // no allocation
		panic(err)
	}
	pub, err := ed25519.NewPublicKey(cfg, priv.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(cfg, pub.Verify(msg, sig[:]), cfg.Memory())
	// Output: Small-OptLow true {152 0 1920}
}
