// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// Micro-benchmarks of the primitives, to see where an operation's time goes.
func BenchmarkPrimitives(b *testing.B) {
	var f, g Poly
	var h NTTPoly
	for i := range f {
		f[i] = int16(i * 7 % q)
		g[i] = int16(i * 13 % q)
	}
	var ρ [32]byte
	b.Run("NTT", func(b *testing.B) {
		for b.Loop() {
			x := f
			NTT(&x)
		}
	})
	b.Run("NTTInverse", func(b *testing.B) {
		for b.Loop() {
			x := NTTPoly(f)
			NTTInverse(&x)
		}
	})
	b.Run("MultiplyNTTsAcc", func(b *testing.B) {
		for b.Loop() {
			h = NTTPoly{}
			MultiplyNTTsAcc(&h, (*NTTPoly)(&f), (*NTTPoly)(&g))
		}
	})
	b.Run("InnerProductNTT/k=3", func(b *testing.B) {
		fs := []NTTPoly{NTTPoly(f), NTTPoly(f), NTTPoly(f)}
		gs := []NTTPoly{NTTPoly(g), NTTPoly(g), NTTPoly(g)}
		var gγ [3]polyγ
		for b.Loop() {
			InnerProductNTT(&h, fs, 1, gs, gγ[:])
		}
	})
	b.Run("SampleNTT", func(b *testing.B) {
		for b.Loop() {
			SampleNTTVarTime(&h, &ρ, 0, 1)
		}
	})
	b.Run("SamplePolyCBD/eta=2", func(b *testing.B) {
		for b.Loop() {
			SamplePolyCBD((*Poly)(&h), &ρ, 0, 2)
		}
	})
	b.Run("ByteEncodeCompress/d=10", func(b *testing.B) {
		var buf [320]byte
		for b.Loop() {
			ByteEncodeCompress(buf[:], &f, 10)
		}
	})
	b.Run("ByteDecodeDecompress/d=10", func(b *testing.B) {
		var buf [320]byte
		for b.Loop() {
			ByteDecodeDecompress((*Poly)(&h), buf[:], 10)
		}
	})
	b.Run("F1600", func(b *testing.B) {
		var a [25]uint64
		for b.Loop() {
			keccak.F1600(&a)
		}
	})
}
