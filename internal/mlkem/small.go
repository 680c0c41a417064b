// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import (
	"github.com/cryptolab-go/cryptolab/internal/ct"
	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// The Small strategy: nothing of a key is cached beyond its encoding, σ and
// H(ek), and every pass over the matrix streams it.
//
// Memory knobs, in the order they were turned:
//   - Â is never stored, not even one entry: SampleNTTMulAccVarTime multiplies each
//     pair of coefficients into the accumulator as SHAKE128 produces it
//     (saves the 512-byte entry a row-streaming implementation keeps).
//   - Key generation runs column by column (j outer): one ŝ[j] is live at a
//     time and the k partial sums t̂[i] are kept, canonical, in the output
//     encapsulation key itself (decoded, accumulated, re-encoded k² times:
//     a few microseconds) instead of in k polynomials on the stack.
//   - t̂[j] is decoded from the key and multiplied pair by pair, e1, e2 and
//     μ are added coefficient by coefficient from their samplers, without
//     a polynomial of their own.
//   - During decapsulation the re-encryption is compared with the received
//     ciphertext one encoded polynomial at a time (at most 352 bytes)
//     instead of being written out whole (768-1,568 bytes):
//     kpkeReencryptDiffersSmall.
// What remains: ŷ (k polynomials, supplied by the caller), one accumulator,
// and the SHAKE states.

// SampleNTTMulAccVarTime adds SampleNTT(ρ‖j‖i) ∘ b̂ · R^-1 to acc (FIPS 203,
// Algorithms 7 and 11 fused): every accepted pair of matrix coefficients is
// multiplied (BaseCaseMultiply, Algorithm 12) into the accumulator at once,
// so the matrix entry is never stored. Like SampleNTTVarTime it branches on the
// public XOF output only. Bounds as MultiplyNTTsAcc: |b̂| < q, adds < 2q.
func SampleNTTMulAccVarTime(acc *NTTPoly, ρ *[32]byte, j, i byte, bHat *NTTPoly) {
	var xof keccak.SHAKE128
	var seed [34]byte
	copy(seed[:], ρ[:])
	seed[32], seed[33] = j, i
	xof.Write(seed[:])
	var C [keccak.RateSHAKE128]byte
	var a0 int16
	k := 0
	for k < n {
		xof.Read(C[:])
		for t := 0; t+3 <= len(C) && k < n; t += 3 {
			d := [2]uint16{
				uint16(C[t]) | uint16(C[t+1]&0x0f)<<8,
				uint16(C[t+1]>>4) | uint16(C[t+2])<<4,
			}
			for _, dk := range d {
				if dk >= q || k >= n {
					continue
				}
				if k&1 == 0 {
					a0 = int16(dk)
				} else {
					c0, c1 := baseCaseMultiply(a0, int16(dk), bHat[k-1], bHat[k], gammas[k>>1])
					acc[k-1] += c0
					acc[k] += c1
				}
				k++
			}
		}
	}
}

// byteDecode12MulAcc adds ByteDecode_12(b) ∘ ĝ · R^-1 to acc, decoding the
// 384 bytes of b pair by pair (b is a checked encapsulation key: values
// below q).
func byteDecode12MulAcc(acc *NTTPoly, b []byte, gHat *NTTPoly) {
	b = b[:384]
	for i := range 128 {
		x := int16(uint16(b[3*i]) | uint16(b[3*i+1]&0x0f)<<8)
		y := int16(uint16(b[3*i+1]>>4) | uint16(b[3*i+2])<<4)
		c0, c1 := baseCaseMultiply(x, y, gHat[2*i], gHat[2*i+1], gammas[i])
		acc[2*i] += c0
		acc[2*i+1] += c1
	}
}

// kpkeKeyGenSmall is K-PKE.KeyGen (FIPS 203, Algorithm 13) in the Small
// strategy: it writes ek_PKE = ByteEncode_12(t̂)‖ρ to ek and returns σ,
// from which ŝ is regenerated when needed (a key keeps σ instead of
// dk_PKE = ByteEncode_12(ŝ)).
func kpkeKeyGenSmall(p *Params, d *[32]byte, ek []byte) (σ [32]byte) {
	ρ, σ := kpkeSeeds(p, d)
	k := p.K
	var s Poly
	var acc NTTPoly
	for j := range k {
		SamplePolyCBD(&s, &σ, byte(j), p.Eta1)
		sHat := NTT(&s)
		for i := range k {
			// Partial sum of t̂[i] = ê[i] + Σ_j Â[i, j] ∘ ŝ[j], kept in
			// the R^-1 domain of the products until the last column.
			if j == 0 {
				e := (*Poly)(&acc)
				SamplePolyCBD(e, &σ, byte(k+i), p.Eta1)
				NTT(e)
				for c := range acc {
					acc[c] = fqmul(acc[c], 1) // ê·R^-1
				}
			} else {
				ByteDecode12(&acc, ek[384*i:])
			}
			SampleNTTMulAccVarTime(&acc, &ρ, byte(j), byte(i), sHat)
			if j == k-1 {
				polyToMont(&acc)
			}
			polyReduce(&acc)
			ByteEncode12(ek[384*i:], &acc)
		}
	}
	copy(ek[384*k:], ρ[:])
	return σ
}

// sampleY is lines 9-12 of K-PKE.Encrypt (FIPS 203, Algorithm 14):
// ŷ = NTT(y) with y[i] = SamplePolyCBD_η1(PRF(r, i)).
func sampleY(p *Params, r *[32]byte, yHat []NTTPoly) {
	for i := range yHat {
		SamplePolyCBD((*Poly)(&yHat[i]), r, byte(i), p.Eta1)
		NTT((*Poly)(&yHat[i]))
	}
}

// ciphertextPolySmall computes polynomial i of the ciphertext of
// K-PKE.Encrypt (FIPS 203, Algorithm 14) in the Small strategy, into acc:
// u[i] = NTT^-1(Σ_j Â[j, i] ∘ ŷ[j]) + e1[i] for i < k (lines 19 and 22),
// v = NTT^-1(t̂ᵀ ∘ ŷ) + e2 + μ for i = k (lines 21 and 23). It returns the
// polynomial's offset in the ciphertext and its compression d. Â[j, i] is
// sampled and multiplied as SHAKE128 produces it, t̂[j] decoded from ek as
// it is used.
func ciphertextPolySmall(ek encapsulationKey, i int, m, r *[32]byte, yHat []NTTPoly, acc *NTTPoly) (off int, d uint8) {
	p := ek.p
	k := p.K
	*acc = NTTPoly{}
	if i < k {
		ρ := ek.ρ()
		for j := range k {
			SampleNTTMulAccVarTime(acc, ρ, byte(i), byte(j), &yHat[j])
		}
	} else {
		for j := range k {
			byteDecode12MulAcc(acc, ek.ek[384*j:], &yHat[j])
		}
	}
	polyReduce(acc) // sums of k products, < 8q
	f := NTTInverse(acc)
	SamplePolyCBDAdd(f, r, byte(k+i), p.Eta2) // e1[i], or e2 at i = k (PRF(r, 2k))
	if i < k {
		return 32 * int(p.Du) * i, p.Du
	}
	addMessage(f, m)
	return 32 * int(p.Du) * k, p.Dv
}

// kpkeEncryptSmall is K-PKE.Encrypt (FIPS 203, Algorithm 14) in the Small
// strategy: it writes the ciphertext of m with randomness r to c. yHat is
// k polynomials of scratch.
func kpkeEncryptSmall(ek encapsulationKey, c []byte, m, r *[32]byte, yHat []NTTPoly) {
	yHat = yHat[:ek.p.K]
	sampleY(ek.p, r, yHat)
	var acc NTTPoly
	for i := range ek.p.K + 1 {
		off, d := ciphertextPolySmall(ek, i, m, r, yHat, &acc)
		ByteEncodeCompress(c[off:off+32*int(d)], (*Poly)(&acc), d)
	}
}

// kpkeReencryptDiffersSmall is the re-encryption check of
// ML-KEM.Decaps_internal (FIPS 203, Algorithm 18, lines 8-9) in the Small
// strategy: it returns 1 if K-PKE.Encrypt(ek, m, r) differs from c and 0
// if it equals c, comparing one encoded polynomial at a time in constant
// time without writing the re-encryption out. yHat is k polynomials of
// scratch.
func kpkeReencryptDiffersSmall(ek encapsulationKey, c []byte, m, r *[32]byte, yHat []NTTPoly) uint32 {
	yHat = yHat[:ek.p.K]
	sampleY(ek.p, r, yHat)
	var acc NTTPoly
	var buf [32 * 11]byte
	equal := uint32(1)
	for i := range ek.p.K + 1 {
		off, d := ciphertextPolySmall(ek, i, m, r, yHat, &acc)
		out := buf[:32*int(d)]
		ByteEncodeCompress(out, (*Poly)(&acc), d)
		equal &= ct.EqBytes(out, c[off:off+len(out)])
	}
	return equal ^ 1
}

// kpkeDecryptSmall is K-PKE.Decrypt (FIPS 203, Algorithm 15) in the Small
// strategy: each ŝ[i] is regenerated from σ as it is used. tmp is two
// polynomials of scratch.
func kpkeDecryptSmall(p *Params, σ *[32]byte, c []byte, tmp []NTTPoly) [32]byte {
	var wHat NTTPoly
	for i := range p.K {
		s := (*Poly)(&tmp[1])
		SamplePolyCBD(s, σ, byte(i), p.Eta1)
		decryptTerm(p, c, i, &wHat, &tmp[0], NTT(s))
	}
	return decryptFinish(p, c, &wHat, &tmp[0])
}

// kpkeDecryptEncoded is K-PKE.Decrypt (FIPS 203, Algorithm 15) with
// dk_PKE = ByteEncode_12(ŝ) given, as in the expanded decapsulation key of
// a test vector, decoding one ŝ[i] at a time as the Small strategy does.
// tmp is two polynomials of scratch.
func kpkeDecryptEncoded(p *Params, dkPKE []byte, c []byte, tmp []NTTPoly) [32]byte {
	var wHat NTTPoly
	for i := range p.K {
		ByteDecode12(&tmp[1], dkPKE[384*i:])
		decryptTerm(p, c, i, &wHat, &tmp[0], &tmp[1])
	}
	return decryptFinish(p, c, &wHat, &tmp[0])
}

// decryptTerm adds NTT(u'[i]) ∘ ŝ[i] to ŵ (Algorithm 15, lines 3 and 6,
// one term of ŝᵀ ∘ NTT(u')), decoding u'[i] from c into tmp.
func decryptTerm(p *Params, c []byte, i int, wHat, tmp, sHat *NTTPoly) {
	u := (*Poly)(tmp)
	ByteDecodeDecompress(u, c[32*int(p.Du)*i:], p.Du)
	MultiplyNTTsAcc(wHat, NTT(u), sHat)
}

// decryptFinish is the rest of Algorithm 15 once ŵ = ŝᵀ ∘ NTT(u') is
// summed: w = NTT^-1(ŵ) and the message decoded against v'.
func decryptFinish(p *Params, c []byte, wHat, tmp *NTTPoly) [32]byte {
	polyReduce(wHat)
	return decodeMessage(p, c, NTTInverse(wHat), (*Poly)(tmp))
}
