// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	stdmlkem "crypto/mlkem"
	"testing"

	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"
	"github.com/cryptolab-go/cryptolab/internal/benchcpu"
)

// BenchmarkMLKEM times key generation (from a seed), encapsulation (to a
// parsed key, fresh randomness) and decapsulation for every parameter set,
// ours in each configuration beside the peers in the same run:
//
//	BenchmarkMLKEM/768/Encaps/impl=Fast
//	BenchmarkMLKEM/768/Encaps/impl=go      (crypto/mlkem, 768 and 1024)
//	BenchmarkMLKEM/768/Encaps/impl=circl   (circl kem/mlkem, AVX2 on amd64)
//
// Ours use EncapsulateTo/DecapsulateTo (no allocation); KeyGen includes the
// Fast configuration's allocation of its expanded key.
func BenchmarkMLKEM(b *testing.B) {
	seed := make([]byte, 64)
	for i := range seed {
		seed[i] = byte(i)
	}
	for _, k := range kems {
		name := func(op, impl string) string { return itoa(k.bits) + "/" + op + "/impl=" + impl }
		for _, op := range []string{"KeyGen", "Encaps", "Decaps"} {
			for _, cfg := range configs {
				b.Run(name(op, cfg.String()), func(b *testing.B) {
					dk, _ := k.newDK(seed, cfg)
					ek := k.ekOf(dk)
					var K [32]byte
					c := make([]byte, k.ctSize)
					k.encTo(ek, &K, c)
					b.ReportAllocs()
					defer benchcpu.Metric(b)()
					switch op {
					case "KeyGen":
						for b.Loop() {
							k.newDK(seed, cfg)
						}
					case "Encaps":
						for b.Loop() {
							k.encTo(ek, &K, c)
						}
					case "Decaps":
						for b.Loop() {
							k.decTo(dk, &K, c)
						}
					}
				})
			}
			if f := peerBench(k.bits, op, seed); f != nil {
				for impl, fn := range f {
					b.Run(name(op, impl), func(b *testing.B) {
						b.ReportAllocs()
						defer benchcpu.Metric(b)()
						for b.Loop() {
							fn()
						}
					})
				}
			}
		}
	}
}

func itoa(n int) string {
	switch n {
	case 512:
		return "512"
	case 768:
		return "768"
	}
	return "1024"
}

// peerBench returns, per peer, the operation to time, prepared outside the
// timed region.
func peerBench(bits int, op string, seed []byte) map[string]func() {
	m := map[string]func(){}
	switch bits {
	case 512:
		pk, sk := mlkem512.NewKeyFromSeed(seed)
		ct, ss := make([]byte, mlkem512.CiphertextSize), make([]byte, 32)
		pk.EncapsulateTo(ct, ss, nil)
		m["circl"] = map[string]func(){
			"KeyGen": func() { mlkem512.NewKeyFromSeed(seed) },
			"Encaps": func() { pk.EncapsulateTo(ct, ss, nil) },
			"Decaps": func() { sk.DecapsulateTo(ss, ct) },
		}[op]
	case 768:
		pk, sk := mlkem768.NewKeyFromSeed(seed)
		ct, ss := make([]byte, mlkem768.CiphertextSize), make([]byte, 32)
		pk.EncapsulateTo(ct, ss, nil)
		m["circl"] = map[string]func(){
			"KeyGen": func() { mlkem768.NewKeyFromSeed(seed) },
			"Encaps": func() { pk.EncapsulateTo(ct, ss, nil) },
			"Decaps": func() { sk.DecapsulateTo(ss, ct) },
		}[op]
		dk, _ := stdmlkem.NewDecapsulationKey768(seed)
		ek := dk.EncapsulationKey()
		_, c := ek.Encapsulate()
		m["go"] = map[string]func(){
			"KeyGen": func() { stdmlkem.NewDecapsulationKey768(seed) },
			"Encaps": func() { ek.Encapsulate() },
			"Decaps": func() { dk.Decapsulate(c) },
		}[op]
	case 1024:
		pk, sk := mlkem1024.NewKeyFromSeed(seed)
		ct, ss := make([]byte, mlkem1024.CiphertextSize), make([]byte, 32)
		pk.EncapsulateTo(ct, ss, nil)
		m["circl"] = map[string]func(){
			"KeyGen": func() { mlkem1024.NewKeyFromSeed(seed) },
			"Encaps": func() { pk.EncapsulateTo(ct, ss, nil) },
			"Decaps": func() { sk.DecapsulateTo(ss, ct) },
		}[op]
		dk, _ := stdmlkem.NewDecapsulationKey1024(seed)
		ek := dk.EncapsulationKey()
		_, c := ek.Encapsulate()
		m["go"] = map[string]func(){
			"KeyGen": func() { stdmlkem.NewDecapsulationKey1024(seed) },
			"Encaps": func() { ek.Encapsulate() },
			"Decaps": func() { dk.Decapsulate(c) },
		}[op]
	}
	return m
}
