// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"crypto/subtle"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// The Native strategy: the Fast strategy's cache (Expanded) and
// arithmetic, with the independent SHAKE streams of ExpandA (k·ℓ SHAKE128
// streams), ExpandS (ℓ + k SHAKE256 streams) and ExpandMask (ℓ SHAKE256
// streams per signing attempt) run four at a time on keccak.SHAKEx4 (AVX2
// on amd64), and the NTT, inverse NTT, row products and scaling of key
// generation, signing and verification in AVX2 (ntt_amd64.s: the same
// int32 results as the Go functions). Each stream is parsed exactly as the one-stream functions of
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

// ExpandPublicNative is ExpandPublicFast with ExpandA on four streams at a
// time.
func ExpandPublicNative(p *Params, pk []byte, x *Expanded) {
	expandANative(p, x.AHat, (*[32]byte)(pk[:32]))
	expandT1(p, pk, x)
}

// maskBlocks is room for one ExpandMask output, 32·20 = 640 bytes at most,
// in whole SHAKE256 blocks (5 × 136).
const maskBlocks = 5

// expandMaskNative is expandMaskNTT with the ℓ SHAKE256 streams of
// ExpandMask (FIPS 204, Algorithm 34) four at a time. Constant time.
func expandMaskNative(p *Params, yHat []NTTElement, ρpp *[64]byte, κ int) {
	var scratch [maskBlocks * keccak.RateSHAKE256]byte
	nb := (32*p.gamma1Bit + keccak.RateSHAKE256 - 1) / keccak.RateSHAKE256
	for e := 0; e < p.L; e += 4 {
		var seeds [4][66]byte
		var in, out [4][]byte
		var buf [4][maskBlocks * keccak.RateSHAKE256]byte
		for t := range 4 {
			copy(seeds[t][:], ρpp[:])
			r := κ + e + t
			seeds[t][64], seeds[t][65] = byte(r), byte(r>>8)
			in[t] = seeds[t][:]
			out[t] = buf[t][:nb*keccak.RateSHAKE256]
			if e+t >= p.L {
				out[t] = scratch[:nb*keccak.RateSHAKE256]
			}
		}
		var h keccak.SHAKEx4
		h.Init256(&in)
		h.SqueezeBlocks(&out)
		for t := 0; t < 4 && e+t < p.L; t++ {
			y := (*RingElement)(&yHat[e+t])
			bitUnpack((*[n]int32)(y), buf[t][:32*p.gamma1Bit], p.gamma1Bit, p.Gamma1)
			nttNative(&yHat[e+t], y)
		}
		clear(buf[:])
	}
	clear(scratch[:])
}

// SignNative is SignFast with the mask expanded four streams at a time.
func SignNative(p *Params, x *Expanded, K *[32]byte, μ *[MuSize]byte, rnd *[RndSize]byte, sig []byte) {
	sig = sig[:p.SignatureSize]
	ρpp := rhoPrimePrime(K, rnd, μ)
	var yHat [7]NTTElement
	for κ := 0; ; κ += p.L {
		expandMaskNative(p, yHat[:p.L], &ρpp, κ)
		if signAttemptNative(p, x, μ, yHat[:p.L], sig) {
			clear(yHat[:])
			return
		}
	}
}

// signAttemptNative is one iteration of Algorithm 7 after the mask, as
// signAttempt (fast.go), with the transforms on AVX2 where the processor
// has it (nttNative, invNTTNative, invNTTUnscaledNative). It is a copy so
// that a program that names Fast links none of the assembly, and neither ŷ
// nor the scratch escapes through a function value; it keeps the earlier
// form of signAttempt (k + ℓ inverse transforms for c·s1 and c·s2, y not
// decoded from sig), which gives the same signatures (TestNativeMatchesFast).
func signAttemptNative(p *Params, x *Expanded, μ *[MuSize]byte, yHat []NTTElement, sig []byte) bool {
	var w01 [8][n]int32 // w0·64 + w1 per coefficient
	var cHat, tmp NTTElement
	var a, cs2 RingElement
	var hints [8 * 8]uint32
	var cTilde [64]byte
	var w1buf [32 * 6]byte
	γ1β := p.Gamma1 - p.Beta
	var hs keccak.SHAKE256
	hs.Write(μ[:])
	for i := range p.K {
		innerProductNative(&tmp, x.AHat[i*p.L:(i+1)*p.L], yHat[:p.L])
		invNTTUnscaledNative(&a, &tmp)
		p.decomposeRow(&w01[i], &a)
		w1Encode(p, w1buf[:], &a)
		hs.Write(w1buf[:p.W1Bytes()])
	}
	hs.Read(cTilde[:p.CTildeSize()])
	SampleInBall(p, &a, cTilde[:p.CTildeSize()])
	nttNative(&cHat, &a)

	var bad int32
	// z = y + c·s1 = NTT^-1(ĉ∘ŝ1 + ŷ) in one inverse transform.
	for j := range p.L {
		y, s1 := &yHat[j], &x.S1Hat[j]
		for c := range tmp {
			tmp[c] = montReduce(int64(cHat[c])*int64(s1[c]) + int64(y[c]))
		}
		invNTTNative(&a, &tmp)
		for c := range a {
			z := centred(canon(a[c]))
			bad |= geMask(abs32(z), γ1β)
			a[c] = z
		}
		packZ(p, sig[p.sigZ(j):], &a)
	}
	var count int32
	for i := range p.K {
		multiplyNTTNative(&tmp, &cHat, &x.S2Hat[i])
		invNTTUnscaledNative(&cs2, &tmp)
		multiplyNTTNative(&tmp, &cHat, &x.T0Hat[i])
		invNTTUnscaledNative(&a, &tmp)
		b, cnt := p.signRow(&w01[i], &cs2, &a, hints[i*8:])
		bad |= b
		count += cnt
	}
	clear(w01[:])
	clear(cs2[:])
	bad |= geMask(count, int32(p.Omega)+1)
	if bad != 0 {
		return false
	}
	copy(sig, cTilde[:p.CTildeSize()])
	hintBitPackVarTime(p, sig[p.sigH():], hints[:])
	return true
}

// VerifyNative is VerifyFast (fast.go) with the transforms on AVX2 where
// the processor has it; a copy, as signAttemptNative.
func VerifyNative(p *Params, x *Expanded, μ *[MuSize]byte, sig []byte) bool {
	if len(sig) != p.SignatureSize || !hintCheckVarTime(p, sig[p.sigH():]) {
		return false
	}
	var zHat [7]NTTElement
	var cHat, tmp NTTElement
	var a RingElement
	var hrow [n]uint8
	var w1buf [32 * 6]byte
	for j := range p.L {
		z := (*RingElement)(&zHat[j])
		unpackZ(p, z, sig[p.sigZ(j):])
		for _, v := range z {
			if abs32(v) >= p.Gamma1-p.Beta {
				return false
			}
		}
		nttNative(&zHat[j], z)
	}
	cTilde := sig[:p.CTildeSize()]
	SampleInBall(p, &a, cTilde)
	nttNative(&cHat, &a)
	var negC NTTElement
	for c := range negC {
		negC[c] = -cHat[c]
	}
	var hs keccak.SHAKE256
	hs.Write(μ[:])
	for i := range p.K {
		row := x.AHat[i*p.L : (i+1)*p.L]
		t1 := &x.T1Hat[i]
		verifyRowNative(&tmp, row, zHat[:p.L], t1, &negC)
		invNTTUnscaledNative(&a, &tmp)
		hintRow(p, &hrow, sig[p.sigH():], i)
		for c := range a {
			a[c] = p.UseHint(hrow[c], canon(a[c]))
		}
		w1Encode(p, w1buf[:], &a)
		hs.Write(w1buf[:p.W1Bytes()])
	}
	var c2 [64]byte
	hs.Read(c2[:p.CTildeSize()])
	return subtle.ConstantTimeCompare(c2[:p.CTildeSize()], cTilde) == 1
}

// verifyRow is the row of VerifyFast's loop (Algorithm 8, line 9):
// tmp = montReduce(−ĉ·t̂1 + Σ_j row_j·ẑ_j) per coefficient, the sums
// exact in 64 bits, with negC = −ĉ (the Go form of verifyRowNative).
func verifyRow(tmp *NTTElement, row, zHat []NTTElement, t1, negC *NTTElement) {
	for c := range tmp {
		s := int64(negC[c]) * int64(t1[c])
		for j := range row {
			s += int64(row[j][c]) * int64(zHat[j][c])
		}
		tmp[c] = montReduce(s)
	}
}

// keyGenFromSamplesNative is keyGenFromSamples (fast.go) with the
// transforms and row products on AVX2 where the processor has it; a copy,
// as signAttemptNative.
func keyGenFromSamplesNative(p *Params, ρ, K *[32]byte, pk, sk []byte, x *Expanded) (Kout [32]byte, tr [TrSize]byte) {
	for j := range p.L {
		s := (*RingElement)(&x.S1Hat[j])
		if sk != nil {
			packEta(p, sk[p.skS1(j):], s)
		}
		nttNative(&x.S1Hat[j], s)
	}
	var t RingElement
	var tHat NTTElement
	for i := range p.K {
		s2 := (*RingElement)(&x.S2Hat[i])
		if sk != nil {
			packEta(p, sk[p.skS2(i):], s2)
		}
		innerProductNative(&tHat, x.AHat[i*p.L:(i+1)*p.L], x.S1Hat)
		invNTTUnscaledNative(&t, &tHat)
		t0 := (*RingElement)(&x.T0Hat[i])
		t1 := (*RingElement)(&x.T1Hat[i])
		for c := range t {
			t1[c], t0[c] = Power2Round(freeze(t[c] + s2[c]))
		}
		PackT1(pk[32+i*T1Bytes:], t1)
		if sk != nil {
			packT0(sk[p.skT0(i):], t0)
		}
		nttNative(&x.S2Hat[i], s2)
		nttNative(&x.T0Hat[i], t0)
		scaleNTTNative(&x.S2Hat[i])
		scaleNTTNative(&x.T0Hat[i])
		for c := range t1 {
			t1[c] <<= d
		}
		nttNative(&x.T1Hat[i], t1)
		scaleNTTNative(&x.T1Hat[i])
	}
	copy(pk, ρ[:])
	tr = Tr(pk[:p.PublicKeySize])
	if sk != nil {
		copy(sk, ρ[:])
		copy(sk[32:], K[:])
		copy(sk[64:], tr[:])
	}
	return *K, tr
}
