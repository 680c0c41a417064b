// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"testing"

	"github.com/cryptolab-go/cryptolab/sha2"
)

// The pages' section 2.5 cases: RSA-3072 PKCS #1 v2.2 (PSS, SHA-256)
// signature with and without CRT in each configuration, and verification,
// beside crypto/rsa with a CRT key and with a key without primes (the
// standard library then exponentiates with math/big and allocates).
//
//	go test -run - -bench . -benchtime 200ms -count 3 ./rsa/
//	go test -run - -bench Std -benchtime 200ms -count 3 -tags purego ./rsa/

func BenchmarkSignPSS3072(b *testing.B) {
	std := stdKey(b, "key3072")
	digest := sha2.Sum256([]byte("benchmark"))
	for _, cfg := range allConfigs {
		for _, crt := range []bool{true, false} {
			name := cfg.String() + "/CRT"
			if !crt {
				name = cfg.String() + "/NoCRT"
			}
			priv := fromStd(b, cfg, std, crt)
			b.Run(name, func(b *testing.B) {
				dst := make([]byte, 0, priv.PublicKey().Size())
				b.ReportAllocs()
				for b.Loop() {
					if _, err := SignPSS(dst, nil, priv, SHA256(), digest[:], nil); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkVerifyPSS3072(b *testing.B) {
	std := stdKey(b, "key3072")
	digest := sha2.Sum256([]byte("benchmark"))
	for _, cfg := range []Config{SmallLow(), FastLow()} {
		priv := fromStd(b, cfg, std, true)
		sig, _ := SignPSS(nil, nil, priv, SHA256(), digest[:], nil)
		name := "Small"
		if cfg == FastLow() {
			name = "Fast"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := VerifyPSS(priv.PublicKey(), SHA256(), digest[:], sig, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkStdSignPSS3072(b *testing.B) {
	std := stdKey(b, "key3072")
	digest := sha2.Sum256([]byte("benchmark"))
	noCRT := &stdrsa.PrivateKey{PublicKey: std.PublicKey, D: std.D}
	for _, x := range []struct {
		name string
		k    *stdrsa.PrivateKey
	}{{"CRT", std}, {"NoCRT", noCRT}} {
		b.Run(x.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := stdrsa.SignPSS(rand.Reader, x.k, crypto.SHA256, digest[:], &stdrsa.PSSOptions{SaltLength: stdrsa.PSSSaltLengthEqualsHash}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("Verify", func(b *testing.B) {
		sig, _ := stdrsa.SignPSS(rand.Reader, std, crypto.SHA256, digest[:], nil)
		b.ReportAllocs()
		for b.Loop() {
			if err := stdrsa.VerifyPSS(&std.PublicKey, crypto.SHA256, digest[:], sig, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkGenerateKey2048(b *testing.B) {
	for b.Loop() {
		if _, err := GenerateKey(FastHigh(), 2048, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecryptOAEP3072(b *testing.B) {
	std := stdKey(b, "key3072")
	for _, cfg := range []Config{SmallLow(), FastHigh()} {
		priv := fromStd(b, cfg, std, true)
		ct, _ := EncryptOAEP(nil, nil, priv.PublicKey(), SHA256(), nil, []byte("session key 0123"), nil)
		dst := make([]byte, 0, priv.PublicKey().Size())
		b.Run(cfg.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DecryptOAEP(dst, priv, SHA256(), nil, ct, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHashSum measures one MGF1 step's hash (36 bytes, SHA-256)
// through the Hash interface, its input copied by value (Hash.sum), beside
// sha2.Sum256 called directly: the difference is the cost of the copy and
// of the interface call.
func BenchmarkHashSum(b *testing.B) {
	var in [maxHashInput]byte
	h := SHA256()
	b.Run("Hash.sum", func(b *testing.B) {
		for b.Loop() {
			d := h.sum(in, 36, nil)
			in[0] = d[0]
		}
	})
	b.Run("sha2.Sum256", func(b *testing.B) {
		for b.Loop() {
			d := sha2.Sum256(in[:36])
			in[0] = d[0]
		}
	})
}
