// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/benchcpu"
)

func BenchmarkNTT(b *testing.B) {
	var a RingElement
	for i := range a {
		a[i] = int32(i * 1000)
	}
	var h NTTElement
	defer benchcpu.Metric(b)()
	for b.Loop() {
		NTTInPlace(&h, &a)
	}
}

func BenchmarkInvNTT(b *testing.B) {
	var h NTTElement
	for i := range h {
		h[i] = int32(i * 1000)
	}
	var a RingElement
	defer benchcpu.Metric(b)()
	for b.Loop() {
		InvNTTInPlace(&a, &h)
	}
}

func BenchmarkSampleInBall(b *testing.B) {
	var c RingElement
	ct := make([]byte, 48)
	defer benchcpu.Metric(b)()
	for b.Loop() {
		ct[0]++
		SampleInBall(MLDSA65, &c, ct)
	}
}

func BenchmarkExpandMaskPoly(b *testing.B) {
	var y RingElement
	var ρ [64]byte
	defer benchcpu.Metric(b)()
	for b.Loop() {
		ExpandMaskPoly(MLDSA65, &y, &ρ, 3)
	}
}

func BenchmarkRejNTTPoly(b *testing.B) {
	var a NTTElement
	var ρ [32]byte
	defer benchcpu.Metric(b)()
	for b.Loop() {
		RejNTTPolyVarTime(&a, &ρ, 1, 2)
	}
}

func BenchmarkPackZ(b *testing.B) {
	var a RingElement
	buf := make([]byte, 640)
	defer benchcpu.Metric(b)()
	for b.Loop() {
		packZ(MLDSA65, buf, &a)
	}
}

func BenchmarkUnpackZ(b *testing.B) {
	var a RingElement
	buf := make([]byte, 640)
	defer benchcpu.Metric(b)()
	for b.Loop() {
		unpackZ(MLDSA65, &a, buf)
	}
}

func BenchmarkW1Encode(b *testing.B) {
	var a RingElement
	buf := make([]byte, 192)
	defer benchcpu.Metric(b)()
	for b.Loop() {
		w1Encode(MLDSA65, buf, &a)
	}
}

func BenchmarkDecomposePoly(b *testing.B) {
	var a RingElement
	defer benchcpu.Metric(b)()
	for b.Loop() {
		for c := range a {
			a[c], _ = MLDSA65.Decompose(freeze(a[c] + 12345))
		}
	}
}

func BenchmarkSignFast65(b *testing.B) {
	p := MLDSA65
	var ξ [32]byte
	pk := make([]byte, p.PublicKeySize)
	x := NewExpanded(p, true)
	K, _ := KeyGenFast(p, &ξ, pk, nil, x)
	sig := make([]byte, p.SignatureSize)
	var μ [64]byte
	var rnd [32]byte
	defer benchcpu.Metric(b)()
	for b.Loop() {
		μ[0]++
		if μ[0] == 0 {
			μ[1]++
		}
		SignFast(p, x, &K, &μ, &rnd, sig)
	}
}
