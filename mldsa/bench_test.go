// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	fmldsa "filippo.io/mldsa"
	"github.com/cryptolab-go/cryptolab/internal/benchcpu"
)

// BenchmarkMLDSA measures key generation (from a seed), hedged signing and
// verification for each parameter set in both configurations beside circl
// and filippo.io/mldsa, in the same run. Signing time varies with the
// number of rejection-loop iterations, so each signing iteration signs a
// different message (a counter): ns/op is the mean over b.N messages.
//
//	go test -run '^$' -bench MLDSA -benchtime 200ms -count 3 ./mldsa/
func BenchmarkMLDSA(b *testing.B) {
	for _, s := range oursSets {
		seed := make([]byte, 32)
		msg := make([]byte, 32)
		for _, cfg := range bothConfigs {
			b.Run(fmt.Sprintf("%d/KeyGen/%v", s.n, cfg), func(b *testing.B) {
				defer benchcpu.Metric(b)()
				for i := 0; i < b.N; i++ {
					binary.LittleEndian.PutUint64(seed, uint64(i))
					s.newKey(cfg, seed)
				}
			})
			sk, _ := s.newKey(cfg, seed)
			sig := make([]byte, s.sigSize)
			b.Run(fmt.Sprintf("%d/Sign/%v", s.n, cfg), func(b *testing.B) {
				defer benchcpu.Metric(b)()
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					binary.LittleEndian.PutUint64(msg, uint64(i))
					sk.SignTo(sig, msg, nil)
				}
			})
			pk := sk.pub()
			sk.SignTo(sig, msg, nil)
			b.Run(fmt.Sprintf("%d/Verify/%v", s.n, cfg), func(b *testing.B) {
				defer benchcpu.Metric(b)()
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if pk.Verify(sig, msg, nil) != nil {
						b.Fatal("verify")
					}
				}
			})
		}
		b.Run(fmt.Sprintf("%d/KeyGen/circl", s.n), func(b *testing.B) {
			defer benchcpu.Metric(b)()
			for i := 0; i < b.N; i++ {
				binary.LittleEndian.PutUint64(seed, uint64(i))
				s.circl.DeriveKey(seed)
			}
		})
		cpk, csk := s.circl.DeriveKey(seed)
		var csig []byte
		b.Run(fmt.Sprintf("%d/Sign/circl", s.n), func(b *testing.B) {
			defer benchcpu.Metric(b)()
			for i := 0; i < b.N; i++ {
				binary.LittleEndian.PutUint64(msg, uint64(i))
				csig, _ = csk.Sign(nil, msg, nil)
			}
		})
		csig, _ = csk.Sign(nil, msg, nil)
		b.Run(fmt.Sprintf("%d/Verify/circl", s.n), func(b *testing.B) {
			defer benchcpu.Metric(b)()
			for i := 0; i < b.N; i++ {
				if !s.circl.Verify(cpk, msg, csig, nil) {
					b.Fatal("verify")
				}
			}
		})
		b.Run(fmt.Sprintf("%d/KeyGen/filippo", s.n), func(b *testing.B) {
			defer benchcpu.Metric(b)()
			for i := 0; i < b.N; i++ {
				binary.LittleEndian.PutUint64(seed, uint64(i))
				k, _ := fmldsa.NewPrivateKey(s.filippo, seed)
				k.PublicKey()
			}
		})
		fsk, _ := fmldsa.NewPrivateKey(s.filippo, seed)
		var fsig []byte
		b.Run(fmt.Sprintf("%d/Sign/filippo", s.n), func(b *testing.B) {
			defer benchcpu.Metric(b)()
			for i := 0; i < b.N; i++ {
				binary.LittleEndian.PutUint64(msg, uint64(i))
				fsig, _ = fsk.Sign(nil, msg, nil)
			}
		})
		fsig, _ = fsk.Sign(nil, msg, nil)
		b.Run(fmt.Sprintf("%d/Verify/filippo", s.n), func(b *testing.B) {
			defer benchcpu.Metric(b)()
			for i := 0; i < b.N; i++ {
				if fmldsa.Verify(fsk.PublicKey(), msg, fsig, nil) != nil {
					b.Fatal("verify")
				}
			}
		})
	}
}
