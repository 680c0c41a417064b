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

// BenchmarkLowRAMParts measures, per parameter set, what the LowRAM
// configuration's memory budget forces on signing beside Fast: APass is
// one pass over Â as SignLowRAM streams it (k·ℓ SHAKE128 streams into two
// candidates' accumulators), which the budget (it cannot hold Â's k·ℓ KB)
// makes every pass repeat; SignFast and SignLowRAM are whole signatures,
// the mean over distinct messages. With E the expected number of passes
// (two candidates per pass: 1/(1 − (1 − p)²) for p = 1/iterations of
// FIPS 204, Table 1: 2.41 / 2.82 / 2.21), LowRAM signing takes at least
// SignFast + E·APass, a ratio to Fast of at least 1 + E·APass/SignFast,
// whatever else it does as fast as Fast. NTT is one forward transform:
// LowRAM also transforms s1 + 2^10·s2 (or s2) and t0 again for every row
// of every candidate tested (2k per candidate), which the budget forces
// too (ŝ1, ŝ2, t̂0 are (ℓ + 2k) KB). APass1 is the pass verification
// makes (one accumulator), once per verification: LowRAM verifies in at
// least VerifyFast + APass1.
//
//	go test -run '^$' -bench LowRAMParts -benchtime 1s ./internal/mldsa/
func BenchmarkLowRAMParts(b *testing.B) {
	for _, p := range []*Params{MLDSA44, MLDSA65, MLDSA87} {
		var ξ [32]byte
		pk := make([]byte, p.PublicKeySize)
		sk := make([]byte, p.PrivateKeySize)
		x := NewExpanded(p, true)
		K, _ := KeyGenFast(p, &ξ, pk, sk, x)
		sig := make([]byte, p.SignatureSize)
		name := p.Name[len("ML-DSA-"):]
		b.Run(name+"/APass", func(b *testing.B) {
			var yA, yB NTTElement
			for i := range yA {
				yA[i], yB[i] = int32(i*7919)%q, int32(i*104729)%q
			}
			w := make([]byte, 2*p.K*W1PackSize)
			ρ := (*[32]byte)(pk[:32])
			defer benchcpu.Metric(b)()
			for b.Loop() {
				for j := range p.L {
					for i := range p.K {
						RejNTTPolyMulAcc2VarTime(w[i*W1PackSize:], w[(p.K+i)*W1PackSize:], &yA, &yB, ρ, i, j, j == 0)
					}
				}
			}
		})
		b.Run(name+"/APass1", func(b *testing.B) {
			var h, z NTTElement
			for i := range z {
				z[i] = int32(i*7919) % q
			}
			ρ := (*[32]byte)(pk[:32])
			defer benchcpu.Metric(b)()
			for b.Loop() {
				for i := range p.K {
					for j := range p.L {
						RejNTTPolyMulAccVarTime(&h, &z, ρ, i, j)
					}
					h = NTTElement{}
				}
			}
		})
		b.Run(name+"/NTT", func(b *testing.B) {
			var a NTTElement
			defer benchcpu.Metric(b)()
			for b.Loop() {
				NTTInPlace(&a, (*RingElement)(&a))
			}
		})
		var μ [64]byte
		var rnd [32]byte
		b.Run(name+"/SignFast", func(b *testing.B) {
			defer benchcpu.Metric(b)()
			for i := 0; i < b.N; i++ {
				μ[0], μ[1], μ[2] = byte(i), byte(i>>8), byte(i>>16)
				SignFast(p, x, &K, &μ, &rnd, sig)
			}
		})
		pub := NewExpanded(p, false)
		ExpandPublicFast(p, pk, pub)
		SignFast(p, x, &K, &μ, &rnd, sig)
		b.Run(name+"/VerifyFast", func(b *testing.B) {
			defer benchcpu.Metric(b)()
			for b.Loop() {
				VerifyFast(p, pub, &μ, sig)
			}
		})
		b.Run(name+"/VerifyLowRAM", func(b *testing.B) {
			var acc, a NTTElement
			acc2 := make([]byte, W1PackSize)
			defer benchcpu.Metric(b)()
			for b.Loop() {
				VerifyLowRAM(p, pk, &μ, sig, &acc, &a, acc2)
			}
		})
		b.Run(name+"/SignLowRAM", func(b *testing.B) {
			wPack := make([]byte, 2*p.K*W1PackSize)
			hints := make([]uint32, 8*p.K)
			var cHat, a NTTElement
			defer benchcpu.Metric(b)()
			for i := 0; i < b.N; i++ {
				μ[0], μ[1], μ[2] = byte(i), byte(i>>8), byte(i>>16)
				SignLowRAM(p, sk, &μ, &rnd, sig, wPack, hints, &cHat, &a)
			}
		})
	}
}
