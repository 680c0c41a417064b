// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import "github.com/cryptolab-go/cryptolab/internal/keccak"

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
//     instead of being written out whole (768-1,568 bytes).
// What remains: ŷ (k polynomials, supplied by the caller), one accumulator,
// and the SHAKE states.

// SampleNTTMulAccVarTime adds SampleNTT(ρ‖j‖i) ∘ b̂ · R^-1 to acc (FIPS 203,
// Algorithms 7 and 11 fused): every accepted pair of matrix coefficients is
// multiplied (BaseCaseMultiply, Algorithm 12) into the accumulator at once,
// so the matrix entry is never stored. Like SampleNTTVarTime it branches on the
// public XOF output only. Bounds as MultiplyNTTsAcc: |b̂| < q, adds < 2q.
func SampleNTTMulAccVarTime(acc *Poly, ρ *[32]byte, j, i byte, bHat *Poly) {
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
func byteDecode12MulAcc(acc *Poly, b []byte, gHat *Poly) {
	b = b[:384]
	for i := range 128 {
		x := int16(uint16(b[3*i]) | uint16(b[3*i+1]&0x0f)<<8)
		y := int16(uint16(b[3*i+1]>>4) | uint16(b[3*i+2])<<4)
		c0, c1 := baseCaseMultiply(x, y, gHat[2*i], gHat[2*i+1], gammas[i])
		acc[2*i] += c0
		acc[2*i+1] += c1
	}
}

func kpkeKeyGenSmall(p *Params, ρ, σ *[32]byte, ek []byte) {
	k := p.K
	var sHat, acc Poly
	for j := range k {
		SamplePolyCBD(&sHat, σ, byte(j), p.Eta1)
		NTT(&sHat)
		for i := range k {
			// Partial sum of t̂[i] = ê[i] + Σ_j Â[i, j] ∘ ŝ[j], kept in
			// the R^-1 domain of the products until the last column.
			if j == 0 {
				SamplePolyCBD(&acc, σ, byte(k+i), p.Eta1)
				NTT(&acc)
				for c := range acc {
					acc[c] = fqmul(acc[c], 1) // ê·R^-1
				}
			} else {
				ByteDecode12(&acc, ek[384*i:])
			}
			SampleNTTMulAccVarTime(&acc, ρ, byte(j), byte(i), &sHat)
			if j == k-1 {
				polyToMont(&acc)
			}
			polyReduce(&acc)
			ByteEncode12(ek[384*i:], &acc)
		}
	}
}

// kpkeEncryptSmall writes the ciphertext to c, or, if cmp is non-nil,
// compares it with cmp instead and returns 1 if they differ (0 if equal)
// without writing anything: the decapsulation's re-encryption check.
func kpkeEncryptSmall(p *Params, c, cmp []byte, ek []byte, m, r *[32]byte, yHat []Poly) (differ uint32) {
	k := p.K
	yHat = yHat[:k]
	for i := range k {
		SamplePolyCBD(&yHat[i], r, byte(i), p.Eta1)
		NTT(&yHat[i])
	}
	ρ := rho(p, ek)
	var acc Poly
	var buf [32 * 11]byte
	var diff byte
	emit := func(off int, d uint8) {
		out := buf[:32*int(d)]
		ByteEncodeCompress(out, &acc, d)
		if cmp == nil {
			copy(c[off:], out)
			return
		}
		for t, b := range out {
			diff |= b ^ cmp[off+t]
		}
	}
	for i := range k {
		// u[i] = NTT^-1(Σ_j Â[j, i] ∘ ŷ[j]) + e1[i]
		acc = Poly{}
		for j := range k {
			SampleNTTMulAccVarTime(&acc, ρ, byte(i), byte(j), &yHat[j])
		}
		polyReduce(&acc) // sums of k products, < 8q
		NTTInverse(&acc)
		SamplePolyCBDAdd(&acc, r, byte(k+i), p.Eta2)
		emit(32*int(p.Du)*i, p.Du)
	}
	// v = NTT^-1(t̂ᵀ ∘ ŷ) + e2 + μ
	acc = Poly{}
	for j := range k {
		byteDecode12MulAcc(&acc, ek[384*j:], &yHat[j])
	}
	polyReduce(&acc)
	NTTInverse(&acc)
	SamplePolyCBDAdd(&acc, r, byte(2*k), p.Eta2)
	addMessage(&acc, m)
	emit(32*int(p.Du)*k, p.Dv)
	d := uint32(diff)
	return (d | -d) >> 31
}

// kpkeDecryptSmall regenerates ŝ from σ or, if dkPKE is non-nil (an
// expanded decapsulation key from a test vector), decodes it from dkPKE =
// ByteEncode_12(ŝ), one polynomial at a time.
func kpkeDecryptSmall(p *Params, c []byte, σ *[32]byte, dkPKE []byte, tmp []Poly) (m [32]byte) {
	// One NTT(u'[i]) and one ŝ[i] at a time.
	uHat, sHat := &tmp[0], &tmp[1]
	var w Poly
	for i := range p.K {
		ByteDecodeDecompress(uHat, c[32*int(p.Du)*i:], p.Du)
		NTT(uHat)
		if dkPKE != nil {
			ByteDecode12(sHat, dkPKE[384*i:])
		} else {
			SamplePolyCBD(sHat, σ, byte(i), p.Eta1)
			NTT(sHat)
		}
		MultiplyNTTsAcc(&w, uHat, sHat)
	}
	polyReduce(&w)
	NTTInverse(&w)
	return decodeMessage(p, c, &w, uHat)
}
