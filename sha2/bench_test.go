// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

// Benchmarks for SHA-256 and SHA-384, the cases of the STM32 CMOX hash
// pages, each run for this package (impl=cryptolab) and for the standard
// library (impl=stdlib) so that benchstat lines them up:
//
//	go test -run '^$' -bench . -benchtime=200ms ./sha2/
//
// Both packages use assembly by default (here SHA-NI for SHA-256 and the
// AVX schedule with BMI2 rounds for SHA-384 where the processor has them;
// Implementation256/512 say which); built with the purego tag both fall
// back to their portable Go code:
//
//	go test -tags purego -run '^$' -bench . -benchtime=200ms ./sha2/
//
// BenchmarkPaths (native_paths_test.go) compares this package's paths on
// one machine. The cases:
//
//	sole/size=N        one-shot SumXXX of an N-byte message (32, 64, 128)
//	flow/chunk=N       Reset, an 8,000-byte message written in N-byte chunks
//	                   (128, 512, 1024, 2048), Sum into a buffer with room
//	tag                Sum alone, of a state that has absorbed 8,000 bytes
//	                   (Sum finishes a private copy; the state is untouched)
//	throughput/size=8192  one-shot hash of 8 KiB, for MB/s

import (
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/benchcpu"
)

type benchImpl struct {
	name    string
	sum     func([]byte) // one-shot hash into a package-level sink
	newHash func() hash.Hash
}

var (
	sink256 [Size256]byte
	sink384 [Size384]byte
)

var sha256Impls = []benchImpl{
	{"cryptolab", func(m []byte) { sink256 = Sum256(m) }, New256},
	{"stdlib", func(m []byte) { sink256 = sha256.Sum256(m) }, sha256.New},
}

var sha384Impls = []benchImpl{
	{"cryptolab", func(m []byte) { sink384 = Sum384(m) }, New384},
	{"stdlib", func(m []byte) { sink384 = sha512.Sum384(m) }, sha512.New384},
}

func BenchmarkSHA256(b *testing.B) { benchmarkHash(b, sha256Impls) }
func BenchmarkSHA384(b *testing.B) { benchmarkHash(b, sha384Impls) }

const flowMessage = 8000

func benchmarkHash(b *testing.B, impls []benchImpl) {
	msg := make([]byte, 8192)
	for i := range msg {
		msg[i] = byte(i)
	}
	for _, size := range []int{32, 64, 128} {
		for _, impl := range impls {
			b.Run(fmt.Sprintf("sole/size=%d/impl=%s", size, impl.name), func(b *testing.B) {
				b.SetBytes(int64(size))
				b.ReportAllocs()
				defer benchcpu.Metric(b)()
				for b.Loop() {
					impl.sum(msg[:size])
				}
			})
		}
	}
	for _, chunk := range []int{128, 512, 1024, 2048} {
		for _, impl := range impls {
			b.Run(fmt.Sprintf("flow/chunk=%d/impl=%s", chunk, impl.name), func(b *testing.B) {
				h := impl.newHash()
				out := make([]byte, 0, Size512)
				b.SetBytes(flowMessage)
				b.ReportAllocs()
				defer benchcpu.Metric(b)()
				for b.Loop() {
					h.Reset()
					for p := msg[:flowMessage]; len(p) > 0; {
						n := min(chunk, len(p))
						h.Write(p[:n])
						p = p[n:]
					}
					out = h.Sum(out[:0])
				}
			})
		}
	}
	for _, impl := range impls {
		b.Run("tag/impl="+impl.name, func(b *testing.B) {
			h := impl.newHash()
			h.Write(msg[:flowMessage])
			out := make([]byte, 0, Size512)
			b.ReportAllocs()
			defer benchcpu.Metric(b)()
			for b.Loop() {
				out = h.Sum(out[:0])
			}
		})
	}
	for _, impl := range impls {
		b.Run("throughput/size=8192/impl="+impl.name, func(b *testing.B) {
			b.SetBytes(int64(len(msg)))
			b.ReportAllocs()
			defer benchcpu.Metric(b)()
			for b.Loop() {
				impl.sum(msg)
			}
		})
	}
}
