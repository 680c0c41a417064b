package x25519_test

import (
	"crypto/ecdh"
	"testing"

	circl "github.com/cloudflare/circl/dh/x25519"

	"github.com/cryptolab-go/cryptolab/x25519"
)

// BenchmarkECDH measures one shared-secret computation (a variable-base
// ladder) in each configuration and in crypto/ecdh and circl;
// BenchmarkKeyGen one public-key derivation (the fixed base u = 9).
//
//	go test -run XXX -bench . -benchtime 200ms -count 3 ./x25519/
func BenchmarkECDH(b *testing.B) {
	k := make([]byte, 32)
	for i := range k {
		k[i] = byte(i * 3)
	}
	peerB := make([]byte, 32)
	for i := range peerB {
		peerB[i] = byte(i*5 + 1)
	}
	peerStd, _ := ecdh.X25519().NewPrivateKey(peerB)
	pubB := peerStd.PublicKey().Bytes()
	for _, cfg := range x25519.Configs() {
		b.Run(cfg.String(), func(b *testing.B) {
			priv, _ := x25519.NewPrivateKey(cfg, k)
			pub, _ := x25519.NewPublicKey(pubB)
			var dst [32]byte
			b.ReportAllocs()
			for b.Loop() {
				priv.ECDHTo(&dst, pub)
			}
		})
	}
	b.Run("ecdh", func(b *testing.B) {
		priv, _ := ecdh.X25519().NewPrivateKey(k)
		b.ReportAllocs()
		for b.Loop() {
			priv.ECDH(peerStd.PublicKey())
		}
	})
	b.Run("circl", func(b *testing.B) {
		var sk, pk, ss circl.Key
		copy(sk[:], k)
		copy(pk[:], pubB)
		b.ReportAllocs()
		for b.Loop() {
			circl.Shared(&ss, &sk, &pk)
		}
	})
}

func BenchmarkKeyGen(b *testing.B) {
	k := make([]byte, 32)
	for i := range k {
		k[i] = byte(i * 3)
	}
	for _, cfg := range x25519.Configs() {
		b.Run(cfg.String(), func(b *testing.B) {
			for b.Loop() {
				x25519.NewPrivateKey(cfg, k)
			}
		})
	}
	b.Run("ecdh", func(b *testing.B) {
		for b.Loop() {
			priv, _ := ecdh.X25519().NewPrivateKey(k)
			priv.PublicKey()
		}
	})
}
