package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"testing"

	circl "github.com/cloudflare/circl/sign/ed25519"

	"github.com/cryptolab-go/cryptolab/ed25519"
)

// The benchmarks sign and verify the 1,023-byte message of RFC 8032's
// TEST 1024, the case the STM32 pages measure, in every configuration and
// with the peers crypto/ed25519 (run with -tags purego for its pure-Go
// field arithmetic) and circl.
//
//	go test -run XXX -bench . -benchtime 200ms -count 3 ./ed25519/
func benchInputs() ([]byte, []byte) {
	seed := make([]byte, 32)
	for i := range seed {
		seed[i] = byte(i)
	}
	msg := make([]byte, 1023)
	for i := range msg {
		msg[i] = byte(i * 7)
	}
	return seed, msg
}

func BenchmarkSign(b *testing.B) {
	seed, msg := benchInputs()
	for _, cfg := range ed25519.Configs() {
		b.Run(cfg.String(), func(b *testing.B) {
			priv, _ := ed25519.NewKeyFromSeed(cfg, seed)
			var sig [64]byte
			priv.SignTo(&sig, msg)
			b.ReportAllocs()
			for b.Loop() {
				priv.SignTo(&sig, msg)
			}
		})
	}
	b.Run("std", func(b *testing.B) {
		priv := stded25519.NewKeyFromSeed(seed)
		b.ReportAllocs()
		for b.Loop() {
			stded25519.Sign(priv, msg)
		}
	})
	b.Run("circl", func(b *testing.B) {
		priv := circl.NewKeyFromSeed(seed)
		b.ReportAllocs()
		for b.Loop() {
			circl.Sign(priv, msg)
		}
	})
}

func BenchmarkVerify(b *testing.B) {
	seed, msg := benchInputs()
	stdPriv := stded25519.NewKeyFromSeed(seed)
	sig := stded25519.Sign(stdPriv, msg)
	for _, cfg := range ed25519.Configs() {
		b.Run(cfg.String(), func(b *testing.B) {
			pub, _ := ed25519.NewPublicKey(cfg, stdPriv[32:])
			pub.Verify(msg, sig)
			b.ReportAllocs()
			for b.Loop() {
				pub.Verify(msg, sig)
			}
		})
	}
	b.Run("std", func(b *testing.B) {
		pub := stdPriv.Public().(stded25519.PublicKey)
		b.ReportAllocs()
		for b.Loop() {
			stded25519.Verify(pub, msg, sig)
		}
	})
	b.Run("circl", func(b *testing.B) {
		pub := circl.PublicKey(stdPriv[32:])
		b.ReportAllocs()
		for b.Loop() {
			circl.Verify(pub, msg, sig)
		}
	})
}

func BenchmarkNewKeyFromSeed(b *testing.B) {
	seed, _ := benchInputs()
	for _, cfg := range ed25519.Configs() {
		b.Run(cfg.String(), func(b *testing.B) {
			ed25519.NewKeyFromSeed(cfg, seed)
			for b.Loop() {
				ed25519.NewKeyFromSeed(cfg, seed)
			}
		})
	}
	b.Run("std", func(b *testing.B) {
		for b.Loop() {
			stded25519.NewKeyFromSeed(seed)
		}
	})
}
