// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import (
	"github.com/cryptolab-go/cryptolab/internal/ct"
	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// The Native strategy: the Fast strategy's key layout (Expanded: Â, t̂, ŝ
// in the NTT domain) and arithmetic, with every batch of independent
// SHAKE streams run four at a time on keccak.SHAKEx4 (AVX2 on amd64):
// the k² SampleNTT streams of Â and the PRF streams of the noise vectors;
// and the NTT, its inverse and the inner products of Â, t̂, ŝ with a
// vector in AVX2 (nttNative, nttInverseNative, innerProductNative:
// ntt_amd64.s, the same int16 results as NTT, NTTInverse and
// InnerProductNTT).
// Outputs are those of the Fast strategy bit for bit (the same streams,
// parsed the same way; TestNativeMatchesFast). The public package offers
// it only where the four-way permutation is in assembly; elsewhere it
// still computes correctly, on four scalar permutations per batch.
//
// Memory: the batches' output blocks on the stack, 4 × 504 bytes for the
// matrix and 4 × 272 for the noise, the noise vectors e1, e2 of
// encryption as bytes (up to 5 × 272), and the vector multiplied by a
// row as up to four polyγ2 (4 KB, where Fast keeps 1 KB of polyγ).

// sampleNTTBlocks is how many SHAKE128 blocks a first squeeze takes for
// SampleNTT: three blocks (168 12-bit pairs, 336 candidates) give 256
// coefficients below q with probability about 0.992 (each 12-bit value is
// kept with probability 3329/4096; the binomial tail below 256 kept is
// 0.0083, about 2^-6.9), so a further block is needed for about one
// matrix entry in 120.
const sampleNTTBlocks = 3

// sampleNTTx4VarTime sets out[t] to SampleNTT(ρ‖idx[t][0]‖idx[t][1])
// (FIPS 203, Algorithm 7) for the t < len(out) with out[t] != nil, from
// four SHAKE128 streams squeezed in lockstep; lanes without an output
// sample into scratch. Public inputs only, as SampleNTTVarTime.
func sampleNTTx4VarTime(out *[4]*NTTPoly, ρ *[32]byte, idx *[4][2]byte) {
	var seeds [4][34]byte
	var in [4][]byte
	for t := range 4 {
		copy(seeds[t][:], ρ[:])
		seeds[t][32], seeds[t][33] = idx[t][0], idx[t][1]
		in[t] = seeds[t][:]
	}
	var xof keccak.SHAKEx4
	xof.Init128(&in)
	var buf [4][sampleNTTBlocks * keccak.RateSHAKE128]byte
	var scratch NTTPoly
	var dst [4]*NTTPoly
	var k [4]int
	for t := range 4 {
		dst[t] = out[t]
		if dst[t] == nil {
			dst[t] = &scratch
			k[t] = n // nothing to do for this lane
		}
	}
	blocks := [4][]byte{buf[0][:], buf[1][:], buf[2][:], buf[3][:]}
	for k[0] < n || k[1] < n || k[2] < n || k[3] < n {
		xof.SqueezeBlocks(&blocks)
		for t := range 4 {
			k[t] = rejectionSample(dst[t], k[t], blocks[t])
		}
		// After the first squeeze, one block at a time.
		for t := range 4 {
			blocks[t] = buf[t][:keccak.RateSHAKE128]
		}
	}
}

// rejectionSample is the loop of FIPS 203, Algorithm 7, lines 5-15, over
// the bytes C, continuing at coefficient k of aHat; it returns the new k.
// Variable time on public data.
func rejectionSample(aHat *NTTPoly, k int, C []byte) int {
	for t := 0; t+2 < len(C) && k < n; t += 3 {
		d1 := uint16(C[t]) | uint16(C[t+1]&0x0f)<<8
		d2 := uint16(C[t+1]>>4) | uint16(C[t+2])<<4
		if d1 < q {
			aHat[k] = int16(d1)
			k++
		}
		if d2 < q && k < n {
			aHat[k] = int16(d2)
			k++
		}
	}
	return k
}

// sampleMatrixNative fills Â (k² entries, Â[i, j] = SampleNTT(ρ‖j‖i))
// four entries at a time.
func sampleMatrixNative(p *Params, ρ *[32]byte, aHat []NTTPoly) {
	k := p.K
	for e := 0; e < k*k; e += 4 {
		var out [4]*NTTPoly
		var idx [4][2]byte
		for t := range 4 {
			if e+t < k*k {
				i, j := (e+t)/k, (e+t)%k
				out[t] = &aHat[e+t]
				idx[t] = [2]byte{byte(j), byte(i)}
			}
		}
		sampleNTTx4VarTime(&out, ρ, &idx)
	}
}

// prfBytes is room for PRF_η output rounded up to whole SHAKE256 blocks:
// 64η ≤ 192 bytes, two blocks of 136.
const prfBytes = 2 * keccak.RateSHAKE256

// prfNative sets B[t][:64η] to PRF_η(s, N0+t) = SHAKE256(s‖N0+t, 8·64η)
// (FIPS 203, equation 4.3) for t < len(B), four streams at a time (a
// batch of one uses the scalar SHAKE256, a batch of two or three fills
// its spare lanes with scratch). Constant time: the stream count and η
// are public.
func prfNative(s *[32]byte, N0 byte, B [][prfBytes]byte, η int) {
	blocks := (64*η + keccak.RateSHAKE256 - 1) / keccak.RateSHAKE256
	var scratch [prfBytes]byte
	for b := 0; b < len(B); b += 4 {
		c := min(4, len(B)-b)
		if c == 1 {
			var x keccak.SHAKE256
			N := [1]byte{N0 + byte(b)}
			x.Write(s[:])
			x.Write(N[:])
			x.Read(B[b][:64*η])
			continue
		}
		var seeds [4][33]byte
		var in, out [4][]byte
		for t := range 4 {
			copy(seeds[t][:], s[:])
			seeds[t][32] = N0 + byte(b+t)
			in[t] = seeds[t][:]
			if t < c {
				out[t] = B[b+t][:blocks*keccak.RateSHAKE256]
			} else {
				out[t] = scratch[:blocks*keccak.RateSHAKE256]
			}
		}
		var x keccak.SHAKEx4
		x.Init256(&in)
		x.SqueezeBlocks(&out)
	}
}

// kpkeKeyGenNative is kpkeKeyGenFast with Â and the noise (ŝ, e) sampled
// four streams at a time.
func kpkeKeyGenNative(p *Params, d *[32]byte, ek []byte, x *Expanded) (σ [32]byte) {
	ρ, σ := kpkeSeeds(p, d)
	k := p.K
	sHat := x.SHat[:k]
	var noise [8][prfBytes]byte // s then e: PRF_η1(σ, 0 .. 2k−1)
	prfNative(&σ, 0, noise[:2*k], p.Eta1)
	var sγ [4]polyγ2
	for j := range k {
		samplePolyCBDNative((*Poly)(&sHat[j]), noise[j][:64*p.Eta1], p.Eta1, false)
		nttNative((*Poly)(&sHat[j]))
		precomputeγ2Native(&sγ[j], &sHat[j])
	}
	sampleMatrixNative(p, &ρ, x.AHat[:k*k])
	var e Poly
	for i := range k {
		tHat := &x.THat[i]
		innerProductNative(tHat, x.AHat[i*k:], 1, sγ[:k])
		polyToMont(tHat)
		samplePolyCBDNative(&e, noise[k+i][:64*p.Eta1], p.Eta1, false)
		polyAdd(tHat, nttNative(&e))
		for c := range tHat {
			tHat[c] = int16(canonical(barrettReduce(tHat[c])))
		}
		ByteEncode12(ek[384*i:], tHat)
	}
	copy(ek[384*k:], ρ[:])
	return σ
}

// keyGenNative is keyGenFast on kpkeKeyGenNative.
func keyGenNative(p *Params, d *[32]byte, ek []byte, x *Expanded) (h, σ [32]byte) {
	σ = kpkeKeyGenNative(p, d, ek, x)
	h = H(ek)
	x.h = h
	return h, σ
}

// expandPublicNative is expandPublic with Â sampled four entries at a time.
func expandPublicNative(p *Params, ek []byte, x *Expanded) {
	k := p.K
	for i := range k {
		ByteDecode12(&x.THat[i], ek[384*i:])
	}
	sampleMatrixNative(p, (*[32]byte)(ek[384*k:]), x.AHat[:k*k])
}

// kpkeEncryptNative is kpkeEncryptFast with the noise y, e1 and e2 sampled
// four streams at a time.
func kpkeEncryptNative(p *Params, x *Expanded, c []byte, m, r *[32]byte, yHat []NTTPoly) {
	k := p.K
	yHat = yHat[:k]
	var yNoise [4][prfBytes]byte // PRF_η1(r, 0 .. k−1)
	var eNoise [5][prfBytes]byte // PRF_η2(r, k .. 2k): e1, then e2
	prfNative(r, 0, yNoise[:k], p.Eta1)
	prfNative(r, byte(k), eNoise[:k+1], p.Eta2)
	var yγ [4]polyγ2
	for i := range k {
		samplePolyCBDNative((*Poly)(&yHat[i]), yNoise[i][:64*p.Eta1], p.Eta1, false)
		nttNative((*Poly)(&yHat[i]))
		precomputeγ2Native(&yγ[i], &yHat[i])
	}
	var acc NTTPoly
	for i := range k {
		innerProductNative(&acc, x.AHat[i:], k, yγ[:k])
		u := nttInverseNative(&acc)
		samplePolyCBDNative(u, eNoise[i][:64*p.Eta2], p.Eta2, true)
		ByteEncodeCompress(c[32*int(p.Du)*i:], u, p.Du)
	}
	innerProductNative(&acc, x.THat, 1, yγ[:k])
	v := nttInverseNative(&acc)
	samplePolyCBDNative(v, eNoise[k][:64*p.Eta2], p.Eta2, true)
	addMessage(v, m)
	ByteEncodeCompress(c[32*int(p.Du)*k:], v, p.Dv)
}

func encapsNative(ek encapsulationKey, x *Expanded, K *[32]byte, c []byte, m *[32]byte, yHat []NTTPoly) {
	Kr, r := G(m[:], ek.h[:])
	kpkeEncryptNative(ek.p, x, c, m, &r, yHat)
	*K = Kr
}

func decapsNative(dk decapsulationKey, x *Expanded, K *[32]byte, c []byte, scratch []NTTPoly) {
	m := kpkeDecryptNative(dk.p, x, c, scratch)
	KPrime, r := G(m[:], dk.h[:])
	var cPrime [1568]byte // the largest ciphertext
	kpkeEncryptNative(dk.p, x, cPrime[:len(c)], &m, &r, scratch)
	implicitReject(K, &KPrime, dk.z, c, ct.EqBytes(c, cPrime[:len(c)])^1)
}

// kpkeDecryptNative is kpkeDecryptFast on the Native NTTs.
func kpkeDecryptNative(p *Params, x *Expanded, c []byte, tmp []NTTPoly) (m [32]byte) {
	k := p.K
	var uγ [4]polyγ2
	for i := range k {
		u := (*Poly)(&tmp[i])
		ByteDecodeDecompress(u, c[32*int(p.Du)*i:], p.Du)
		precomputeγ2Native(&uγ[i], nttNative(u))
	}
	var wHat NTTPoly
	innerProductNative(&wHat, x.SHat, 1, uγ[:k])
	return decodeMessage(p, c, nttInverseNative(&wHat), (*Poly)(&tmp[0]))
}

// polyγ2 is ĝ arranged for the Native inner product (the form VPMADDWD
// multiplies): [0] holds the pairs (ĝ[2i], ĝ[2i+1]·γ_i) and [1] the pairs
// (ĝ[2i+1], ĝ[2i]), so that the products with (f̂[2i], f̂[2i+1]) summed
// pairwise are the two coefficients of Algorithm 12. 1,024 bytes, four
// times polyγ: the price of the vector products.
type polyγ2 [2][n]int16

// precomputeγ2 fills g2 from ĝ (|ĝ[i]| < 2^15); the γ products |·| < q.
func precomputeγ2(g2 *polyγ2, gHat *NTTPoly) {
	for i := range 128 {
		b0, b1 := gHat[2*i], gHat[2*i+1]
		g2[0][2*i], g2[0][2*i+1] = b0, fqmul(b1, gammas[i])
		g2[1][2*i], g2[1][2*i+1] = b1, b0
	}
}

// innerProductγ2 is InnerProductNTT reading ĝ_j and ĝ_j·γ from g2 (the
// Go form of innerProductAVX2): the same sums, the same results.
func innerProductγ2(hHat *NTTPoly, fHat []NTTPoly, stride int, g2 []polyγ2) {
	var c [n]int32
	for j := range g2 {
		f, e, o := &fHat[j*stride], &g2[j][0], &g2[j][1]
		for i := range 128 {
			a0, a1 := int32(f[2*i]), int32(f[2*i+1])
			c[2*i] += a0*int32(e[2*i]) + a1*int32(e[2*i+1])
			c[2*i+1] += a0*int32(o[2*i]) + a1*int32(o[2*i+1])
		}
	}
	for i := range c {
		hHat[i] = montgomeryReduce(c[i])
	}
}
