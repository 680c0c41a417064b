// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import "github.com/cryptolab-go/cryptolab/internal/keccak"

//go:generate go run gen_native.go

// The Native strategy: the Fast strategy's cache (Expanded) and algorithms,
// with the independent SHAKE streams of ExpandA (k·ℓ SHAKE128 streams),
// ExpandS (ℓ + k SHAKE256 streams) and ExpandMask (ℓ SHAKE256 streams per
// signing attempt, buffered across attempts: maskStreams) run four at a
// time on keccak.SHAKEx4 (AVX2 on amd64), and the NTT, inverse NTTs, row
// products, scaling, Decompose and the signing rows (norm checks, hints)
// in AVX2 (ntt_amd64.s: the same int32 results as the Go functions, each
// tested against them). The key generation tail, signing attempt,
// verification and public-key expansion are fast.go's, generated into
// fast_native.go by gen_native.go with those primitives swapped in, so the
// algorithm is written once while a program that names only Fast links no
// assembly. Each stream is parsed exactly as the one-stream functions of
// sample.go parse it, so keys and signatures are Fast's bit for bit
// (TestNativeMatchesFast). Private-key import and the expanded encoding
// are Fast's own functions.
//
// Memory: the batches' output blocks on the stack: 4 × 840 bytes for
// ExpandA, 4 × 272 for ExpandS, 4 × 680 for ExpandMask.

// rejNTTBlocks is the first squeeze of RejNTTPoly: 5 SHAKE128 blocks are
// 280 candidates of 23 bits, each kept with probability q/2^23 > 0.999, so
// 256 coefficients nearly always come from it.
const rejNTTBlocks = 5

// expandANative sets Â·R/256 (row-major, as expandAScaled) from ρ, four
// entries at a time. Public data, variable time.
func expandANative(p *Params, AHat []NTTElement, ρ *[32]byte) {
	kl := p.K * p.L
	var scratch NTTElement
	for e := 0; e < kl; e += 4 {
		var seeds [4][34]byte
		var in [4][]byte
		var dst [4]*NTTElement
		var j [4]int
		for t := range 4 {
			copy(seeds[t][:], ρ[:])
			if e+t < kl {
				r, s := (e+t)/p.L, (e+t)%p.L
				seeds[t][32], seeds[t][33] = byte(s), byte(r)
				dst[t] = &AHat[e+t]
			} else {
				dst[t], j[t] = &scratch, n
			}
			in[t] = seeds[t][:]
		}
		var g keccak.SHAKEx4
		g.Init128(&in)
		var buf [4][rejNTTBlocks * keccak.RateSHAKE128]byte
		out := [4][]byte{buf[0][:], buf[1][:], buf[2][:], buf[3][:]}
		for j[0] < n || j[1] < n || j[2] < n || j[3] < n {
			g.SqueezeBlocks(&out)
			for t := range 4 {
				j[t] = rejNTT(dst[t], j[t], out[t])
				out[t] = buf[t][:keccak.RateSHAKE128]
			}
		}
		for t := range 4 {
			if e+t < kl {
				scaleNTTNative(dst[t])
			}
		}
	}
}

// rejNTT is the loop of RejNTTPoly (FIPS 204, Algorithm 30) over the bytes
// C, continuing at coefficient j; it returns the new j.
func rejNTT(aHat *NTTElement, j int, C []byte) int {
	for t := 0; t+2 < len(C) && j < n; t += 3 {
		v := int32(C[t]) | int32(C[t+1])<<8 | int32(C[t+2]&0x7f)<<16
		if v < q {
			aHat[j] = v
			j++
		}
	}
	return j
}

// rejBoundedBlocks is the first squeeze of RejBoundedPoly: 2 SHAKE256
// blocks are 544 half-bytes, of which 256 are kept with overwhelming
// probability for η = 2 (15/16 kept) and very likely for η = 4 (9/16).
const rejBoundedBlocks = 2

// expandSNative sets s1 and s2 (FIPS 204, Algorithm 33) as ExpandS does,
// into x.S1Hat and x.S2Hat as ring elements, four RejBoundedPoly streams
// at a time. The branches are those of RejBoundedPoly: on whether a
// half-byte is rejected.
func expandSNative(p *Params, x *Expanded, ρp *[64]byte) {
	total := p.L + p.K
	var scratch RingElement
	for e := 0; e < total; e += 4 {
		var seeds [4][66]byte
		var in [4][]byte
		var dst [4]*RingElement
		var j [4]int
		for t := range 4 {
			copy(seeds[t][:], ρp[:])
			r := e + t
			seeds[t][64], seeds[t][65] = byte(r), byte(r>>8)
			switch {
			case r < p.L:
				dst[t] = (*RingElement)(&x.S1Hat[r])
			case r < total:
				dst[t] = (*RingElement)(&x.S2Hat[r-p.L])
			default:
				dst[t], j[t] = &scratch, n
			}
			in[t] = seeds[t][:]
		}
		var h keccak.SHAKEx4
		h.Init256(&in)
		var buf [4][rejBoundedBlocks * keccak.RateSHAKE256]byte
		out := [4][]byte{buf[0][:], buf[1][:], buf[2][:], buf[3][:]}
		for j[0] < n || j[1] < n || j[2] < n || j[3] < n {
			h.SqueezeBlocks(&out)
			for t := range 4 {
				j[t] = rejBounded(dst[t], j[t], out[t], p.Eta)
				out[t] = buf[t][:keccak.RateSHAKE256]
			}
		}
	}
	clear(scratch[:])
}

// rejBounded is the loop of RejBoundedPoly (FIPS 204, Algorithm 31) over
// the bytes buf, continuing at coefficient j; it returns the new j.
func rejBounded(a *RingElement, j int, buf []byte, η int32) int {
	for _, z := range buf {
		for _, b := range [2]int32{int32(z & 15), int32(z >> 4)} {
			if j == n {
				return j
			}
			if η == 2 {
				if b < 15 {
					a[j] = 2 - (b - 5*((b*13)>>6))
					j++
				}
			} else if b < 9 {
				a[j] = 4 - b
				j++
			}
		}
	}
	return j
}

// KeyGenNative is KeyGenFast with ExpandA and ExpandS on four streams at
// a time.
func KeyGenNative(p *Params, ξ *[SeedSize]byte, pk, sk []byte, x *Expanded) (K [32]byte, tr [TrSize]byte) {
	ρ, ρp, K := expandSeed(p, ξ)
	expandANative(p, x.AHat, &ρ)
	expandSNative(p, x, &ρp)
	return keyGenFromSamplesNative(p, &ρ, &K, pk, sk, x)
}

// maskBlocks is room for one ExpandMask output, 32·20 = 640 bytes at most,
// in whole SHAKE256 blocks (5 × 136).
const maskBlocks = 5

// maskStreams holds four consecutive streams of ExpandMask (FIPS 204,
// Algorithm 34), H(ρ″‖IntegerToBytes(r, 2)) for r = base … base + 3, made
// together on keccak.SHAKEx4. Signing draws its ℓ streams per attempt
// from it and refills it four streams at a time, so that no lane of a
// 4-way permutation is wasted across attempts: ML-DSA-65 (ℓ = 5) runs
// 1.25 batches per attempt on average instead of 2, ML-DSA-87 (ℓ = 7)
// 1.75 instead of 2. The streams are secret; 2,720 bytes.
type maskStreams struct {
	buf  [4][maskBlocks * keccak.RateSHAKE256]byte
	base int // first stream in buf; −4 when empty
}

// fill sets the buffer to streams base … base + 3 (base a multiple of 4).
func (m *maskStreams) fill(p *Params, ρpp *[64]byte, base int) {
	nb := (32*p.gamma1Bit + keccak.RateSHAKE256 - 1) / keccak.RateSHAKE256
	var seeds [4][66]byte
	var in, out [4][]byte
	for t := range 4 {
		copy(seeds[t][:], ρpp[:])
		r := base + t
		seeds[t][64], seeds[t][65] = byte(r), byte(r>>8)
		in[t] = seeds[t][:]
		out[t] = m.buf[t][:nb*keccak.RateSHAKE256]
	}
	var h keccak.SHAKEx4
	h.Init256(&in)
	h.SqueezeBlocks(&out)
	m.base = base
}

// expandMaskNative is expandMaskNTT (fast.go) on the buffered streams: it
// sets ŷ[j] = NTT(ExpandMask(ρ″, κ)[j]) for j < ℓ and leaves y[j]
// encoded in the z[j] field of sig, as signAttempt expects. Constant
// time: the refills depend only on κ.
func (m *maskStreams) expandMaskNative(p *Params, sig []byte, yHat []NTTElement, ρpp *[64]byte, κ int) {
	zbytes := p.ZBytes()
	for j := range yHat {
		r := κ + j
		if r >= m.base+4 {
			m.fill(p, ρpp, r&^3)
		}
		copy(sig[p.sigZ(j):p.sigZ(j)+zbytes], m.buf[r&3][:zbytes])
		y := (*RingElement)(&yHat[j])
		unpackZNative(p, y, m.buf[r&3][:]) // 680 bytes: room past the field
		nttNative(&yHat[j], y)
	}
}

// SignNative is SignFast (fast.go) with the mask's SHAKE256 streams four
// at a time (maskStreams) and signAttemptNative, Fast's attempt on the
// AVX2 primitives.
func SignNative(p *Params, x *Expanded, K *[32]byte, μ *[MuSize]byte, rnd *[RndSize]byte, sig []byte) {
	sig = sig[:p.SignatureSize]
	ρpp := rhoPrimePrime(K, rnd, μ)
	var yHat [7]NTTElement
	m := maskStreams{base: -4}
	for κ := 0; ; κ += p.L {
		m.expandMaskNative(p, sig, yHat[:p.L], &ρpp, κ)
		if signAttemptNative(p, x, μ, yHat[:p.L], sig) {
			clear(yHat[:])
			clear(m.buf[:])
			return
		}
	}
}
