package ed25519_test

import (
	"bytes"
	stded25519 "crypto/ed25519"
	"testing"

	"github.com/cryptolab-go/cryptolab/ed25519"
)

// FuzzVerify checks that Verify decides as crypto/ed25519.Verify for
// arbitrary keys, messages and signatures, in every configuration (the
// seed corpus holds a valid signature, which mutations start from).
func FuzzVerify(f *testing.F) {
	priv := stded25519.NewKeyFromSeed(make([]byte, 32))
	msg := []byte("fuzz")
	f.Add([]byte(priv[32:]), msg, stded25519.Sign(priv, msg))
	f.Add(make([]byte, 32), []byte{}, make([]byte, 64))
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		want := len(pub) == 32 && stded25519.Verify(pub, msg, sig)
		for _, cfg := range ed25519.Configs() {
			if got := ed25519.Verify(cfg, pub, msg, sig); got != want {
				t.Fatalf("%v: Verify(%x, %x, %x) = %v, crypto/ed25519 %v", cfg, pub, msg, sig, got, want)
			}
			// The key object's path (OptHigh: precomputed multiples, split
			// scalars).
			if k, err := ed25519.NewPublicKey(cfg, pub); err == nil {
				if got := k.Verify(msg, sig); got != want {
					t.Fatalf("%v: PublicKey.Verify(%x, %x, %x) = %v, crypto/ed25519 %v", cfg, pub, msg, sig, got, want)
				}
			} else if want {
				t.Fatalf("%v: NewPublicKey(%x): %v, but crypto/ed25519 verifies", cfg, pub, err)
			}
		}
	})
}

// FuzzNewPublicKey checks that public-key parsing never panics, accepts
// exactly the 32-byte strings crypto/ed25519 can verify with (those that
// decode to a point), and keeps the bytes.
func FuzzNewPublicKey(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Fuzz(func(t *testing.T, b []byte) {
		var first error
		for i, cfg := range ed25519.Configs() {
			pub, err := ed25519.NewPublicKey(cfg, b)
			if i == 0 {
				first = err
			} else if (err == nil) != (first == nil) {
				t.Fatalf("configurations disagree on %x", b)
			}
			if err == nil && !bytes.Equal(pub.Bytes(), b) {
				t.Fatal("bytes changed")
			}
		}
	})
}

// FuzzSign checks that signatures equal crypto/ed25519's for arbitrary
// seeds and messages.
func FuzzSign(f *testing.F) {
	f.Add(make([]byte, 32), []byte("m"))
	f.Fuzz(func(t *testing.T, seed, msg []byte) {
		if len(seed) != 32 {
			return
		}
		want := stded25519.Sign(stded25519.NewKeyFromSeed(seed), msg)
		for _, cfg := range ed25519.Configs() {
			priv, err := ed25519.NewKeyFromSeed(cfg, seed)
			if err != nil {
				t.Fatal(err)
			}
			var sig [64]byte
			priv.SignTo(&sig, msg)
			if !bytes.Equal(sig[:], want) {
				t.Fatalf("%v: signature differs", cfg)
			}
		}
	})
}
