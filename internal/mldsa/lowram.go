// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"crypto/subtle"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// The LowRAM strategy keeps no expanded key: a private key is its FIPS 204
// encoding (plus the public key), and each operation regenerates what it
// needs. The matrix Â is never held: each entry is multiplied into row
// accumulators as SHAKE128 produces it (RejNTTPolyMulAccVarTime,
// RejNTTPolyMulAcc2VarTime). The buffers come from the caller (the
// generated per-set code declares them with exact sizes on its stack):
//
//	             buffers                               44 / 65 / 87 (bytes)
//	KeyGen       2 polys                               2,048 (all sets)
//	Sign         two candidates' w packed (2·768·k),   8,320 / 11,456 / 14,592
//	             hint bitmaps (32·k), 2 polys
//	Verify       2 polys                               2,048 (all sets)
//
// plus SHAKE states and frames (TestLowRAMStack in package mldsa measures
// the whole). Packing w in 3 bytes a coefficient saves a quarter of it for
// a few shifts per use. Key generation reads s1 back from the encoding it
// writes and transforms it for every row (see rowT). Costs beside Fast:
// Sign samples Â once per pass (k·ℓ SHAKE128 streams; a pass serves two
// candidates of the rejection loop, see SignLowRAM) and decodes and
// transforms s1, s2, t0 for each candidate tested; Verify samples Â once
// and computes NTT(z_j) k times instead of once.

// rowT sets acc to t_i = NTT^-1(Σ_j Â[i][j]∘NTT(s1_j)) (Algorithm 6, row i, without s2), |t_i| < q, as a RingElement, with the matrix
// streamed and s1_j decoded from the private key encoding sk and
// transformed into tmp for each j: ℓ NTTs a row instead of keeping ŝ1
// (k·ℓ NTTs in all instead of ℓ, about 15 µs more for ML-DSA-65; it keeps
// key generation well inside the page's figure instead of 28 bytes under
// it for ML-DSA-44).
func rowT(p *Params, ρ *[32]byte, sk []byte, i int, acc, tmp *NTTElement) *RingElement {
	*acc = NTTElement{}
	for j := range p.L {
		unpackEta(p, (*[n]int32)(tmp), sk[p.skS1(j):])
		NTTInPlace(tmp, (*RingElement)(tmp))
		RejNTTPolyMulAccVarTime(acc, tmp, ρ, i, j)
	}
	reducePoly((*[n]int32)(acc))
	t := (*RingElement)(acc)
	InvNTTInPlace(t, acc)
	return t
}

// KeyGenLowRAM is ML-DSA.KeyGen_internal (FIPS 204, Algorithm 6) streamed
// row by row: it writes the public key encoding to pk and the private key
// encoding to sk (whose s1 it then reads back) and returns tr. acc and a
// are scratch: the whole working memory is two polynomials.
func KeyGenLowRAM(p *Params, ξ *[SeedSize]byte, pk, sk []byte, acc, a *NTTElement) (tr [TrSize]byte) {
	ρ, ρp, K := expandSeed(p, ξ)
	ra := (*RingElement)(a)
	for j := range p.L {
		RejBoundedPoly(ra, &ρp, j, p.Eta)
		packEta(p, sk[p.skS1(j):], ra)
	}
	for i := range p.K {
		t := rowT(p, &ρ, sk, i, acc, a)
		s2 := ra
		RejBoundedPoly(s2, &ρp, p.L+i, p.Eta)
		packEta(p, sk[p.skS2(i):], s2)
		t0 := s2
		for c := range t {
			t[c], t0[c] = Power2Round(freeze(t[c] + s2[c]))
		}
		PackT1(pk[32+i*T1Bytes:], t)
		packT0(sk[p.skT0(i):], t0)
	}
	copy(pk, ρ[:])
	tr = Tr(pk[:p.PublicKeySize])
	copy(sk, ρ[:])
	copy(sk[32:], K[:])
	copy(sk[64:], tr[:])
	return tr
}

// ImportLowRAM checks an encoded private key (FIPS 204, Algorithm 25) as
// ImportFast does (coefficient ranges of s1 and s2, t0 and tr consistent
// with A·s1 + s2) with two polynomials of scratch, and writes its public
// key to pk.
func ImportLowRAM(p *Params, sk, pk []byte, acc, a *NTTElement) error {
	ρ := (*[32]byte)(sk[:32])
	ra := (*RingElement)(a)
	var bad int32
	for j := range p.L {
		bad |= unpackEta(p, (*[n]int32)(ra), sk[p.skS1(j):])
	}
	var enc [T0Bytes]byte
	var diff int
	for i := range p.K {
		t := rowT(p, ρ, sk, i, acc, a)
		s2 := ra
		bad |= unpackEta(p, (*[n]int32)(s2), sk[p.skS2(i):])
		t0 := s2
		for c := range t {
			t[c], t0[c] = Power2Round(freeze(t[c] + s2[c]))
		}
		PackT1(pk[32+i*T1Bytes:], t)
		packT0(enc[:], t0)
		diff |= 1 ^ subtle.ConstantTimeCompare(enc[:], sk[p.skT0(i):p.skT0(i)+T0Bytes])
	}
	copy(pk, ρ[:])
	tr := Tr(pk[:p.PublicKeySize])
	diff |= 1 ^ subtle.ConstantTimeCompare(tr[:], sk[64:128])
	if bad != 0 || diff != 0 {
		return ErrPrivateKey
	}
	return nil
}

// put24 and get24 store a coefficient in [0, q) in 3 bytes: w is kept this
// way between the commitment and the hints (768 bytes a row instead of
// 1,024).
func put24(b []byte, v int32) {
	_ = b[2]
	b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16)
}

func get24(b []byte) int32 {
	_ = b[2]
	return int32(b[0]) | int32(b[1])<<8 | int32(b[2])<<16
}

// SignLowRAM is ML-DSA.Sign_internal (FIPS 204, Algorithm 7) from the
// encoded private key sk, given μ and rnd, writing the signature to sig.
// wPack holds 2·768·k bytes (two candidates' w, see below), hints 8·k
// words; cHat and a are scratch. Same masks and single branch per
// candidate as SignFast.
//
// Two candidates per pass over Â. The budget cannot hold Â, so every
// pass regenerates its k·ℓ entries (k·ℓ SHAKE128 streams, most of the
// time of a pass); each pass therefore computes w = A·y for two
// consecutive candidates of the rejection loop, κ and κ + ℓ, and tests
// them in order, which returns the same signature as one candidate per
// pass (the first accepted in κ order) with 1/(1 − (1 − p)²) passes
// instead of 1/p for an acceptance probability p: ML-DSA-44/65/87, 2.4 /
// 2.8 / 2.2 passes instead of 4.25 / 5.1 / 3.85 (FIPS 204, Table 1). Â is
// streamed column by column (lowRAMCommit2) so that neither candidate's
// ŷ is stored: ŷ_j of both is computed once, when column j is streamed
// into the two candidates' accumulators, which are w itself (3 bytes a
// coefficient, canonical, in the NTT domain). The first candidate's y stays
// encoded in sig's z fields (ExpandMask's bytes are z's encoding, as in
// SignFast); the second's is regenerated there (ℓ SHAKE256 streams) only
// if the first is rejected. Memory beside one candidate per pass: 768·k
// bytes more for the second w, 768·ℓ bytes fewer for ŷ.
//
// Per tested candidate (lowRAMAttempt): the rows of w (inverse NTT,
// Decompose, w1 hashed into c̃), c and ĉ, then per row c·s1 and c·s2 from
// one transform of s1_i + 2^10·s2_i (as SignFast), c·t0, the checks and
// the hints.
func SignLowRAM(p *Params, sk []byte, μ *[MuSize]byte, rnd *[RndSize]byte, sig []byte,
	wPack []byte, hints []uint32, cHat, a *NTTElement) {
	sig = sig[:p.SignatureSize]
	ρ, K := (*[32]byte)(sk[:32]), (*[32]byte)(sk[32:64])
	ρpp := rhoPrimePrime(K, rnd, μ)
	wBytes := p.K * W1PackSize
	wA, wB := wPack[:wBytes], wPack[wBytes:2*wBytes]
	for κ := 0; ; κ += 2 * p.L {
		lowRAMCommit2(p, ρ, &ρpp, κ, sig, wA, wB, cHat, a)
		if lowRAMAttempt(p, sk, μ, sig, wA, hints, cHat, a) {
			break
		}
		for j := range p.L {
			expandMaskBytes(sig[p.sigZ(j):p.sigZ(j)+p.ZBytes()], &ρpp, κ+p.L+j)
		}
		if lowRAMAttempt(p, sk, μ, sig, wB, hints, cHat, a) {
			break
		}
	}
	clear(wPack)
}

// lowRAMCommit2 sets wA and wB to Â∘ŷ (FIPS 204, Algorithm 7, line 12,
// before the inverse NTT) for the candidates y = ExpandMask(ρ″, κ) and
// ExpandMask(ρ″, κ + ℓ), each row i at i·768 packed canonically
// (PackNTT24 form), streaming Â column by column: for each j, ŷ_j of both
// candidates into yA and yB, then Â[i][j] for every row i multiplied into
// both accumulators as SHAKE128 produces it. The first candidate's y_j is
// left encoded in the z_j field of sig.
func lowRAMCommit2(p *Params, ρ *[32]byte, ρpp *[64]byte, κ int, sig, wA, wB []byte, yA, yB *NTTElement) {
	for j := range p.L {
		zb := sig[p.sigZ(j) : p.sigZ(j)+p.ZBytes()]
		expandMaskBytes(zb, ρpp, κ+j)
		unpackZ(p, (*RingElement)(yA), zb)
		NTTInPlace(yA, (*RingElement)(yA))
		ExpandMaskPoly(p, (*RingElement)(yB), ρpp, κ+p.L+j)
		NTTInPlace(yB, (*RingElement)(yB))
		for i := range p.K {
			RejNTTPolyMulAcc2VarTime(wA[i*W1PackSize:], wB[i*W1PackSize:], yA, yB, ρ, i, j, j == 0)
		}
	}
}

// RejNTTPolyMulAcc2VarTime is [RejNTTPolyMulAccVarTime] into two
// accumulators at once, packed by [PackNTT24] (3 bytes a coefficient,
// canonical): ĥA += Â[r][s] ∘ b̂A · R^-1 and ĥB += Â[r][s] ∘ b̂B · R^-1,
// or = instead of += if first. |b̂A[i]|, |b̂B[i]| < 9q.
func RejNTTPolyMulAcc2VarTime(hA, hB []byte, bA, bB *NTTElement, ρ *[32]byte, r, s int, first bool) {
	hA, hB = hA[:3*n], hB[:3*n]
	var g keccak.SHAKE128
	rejNTTXOF(&g, ρ, r, s)
	var C [keccak.RateSHAKE128]byte
	for j := 0; j < n; {
		g.Read(C[:])
		for t := 0; t < len(C) && j < n; t += 3 {
			v := int32(C[t]) | int32(C[t+1])<<8 | int32(C[t+2]&0x7f)<<16
			if v < q {
				x, y := fqmul(v, bA[j]), fqmul(v, bB[j])
				if !first {
					x += get24(hA[3*j:])
					y += get24(hB[3*j:])
				}
				put24(hA[3*j:], canon2(x))
				put24(hB[3*j:], canon2(y))
				j++
			}
		}
	}
}

// canon2 returns the representative in [0, q) of a in (−q, 2q).
func canon2(a int32) int32 {
	a += (a >> 31) & q
	a -= q
	return a + (a>>31)&q
}

// zField returns coefficient c of the z[i]-encoded field zb as the bits
// BitPack stored (γ1 − z), and setZField stores x there: 3 bytes hold
// every coefficient's bits (offsets 0 or 4 for 20 bits, 0-6 for 18).
func zField(zb []byte, c, bits int) int32 {
	o, sh := c*bits>>3, uint(c*bits&7)
	b := zb[o : o+3]
	v := int32(b[0]) | int32(b[1])<<8 | int32(b[2])<<16
	return v >> sh & (1<<bits - 1)
}

func setZField(zb []byte, c, bits int, x int32) {
	o, sh := c*bits>>3, uint(c*bits&7)
	b := zb[o : o+3]
	m := int32(1<<bits-1) << sh
	v := int32(b[0]) | int32(b[1])<<8 | int32(b[2])<<16
	v = v&^m | x<<sh&m
	b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16)
}

// unpackEtaShifted adds (η − x_i)·2^10 to a[i] for the η-encoded values
// x_i of src (s2_i added to s1_i for their shared transform).
func unpackEtaShifted(p *Params, a *[n]int32, src []byte) {
	bits := p.etaBits
	src = src[:32*bits]
	var acc uint32
	nb, o := 0, 0
	for i := range a {
		for nb < bits {
			acc |= uint32(src[o]) << nb
			o++
			nb += 8
		}
		a[i] += (p.Eta - int32(acc&(1<<bits-1))) << 10
		acc >>= bits
		nb -= bits
	}
}

// lowRAMAttempt tests the candidate whose w is in w (Â∘ŷ per row, as
// lowRAMCommit2 left it) and whose y is encoded in sig's z fields: it
// writes z and, if the candidate is accepted, c̃ and the hints to sig, and
// reports whether it was. cHat and a are scratch; hints holds 8·k words.
func lowRAMAttempt(p *Params, sk []byte, μ *[MuSize]byte, sig, w []byte, hints []uint32, cHat, a *NTTElement) bool {
	ra := (*RingElement)(a)
	// w is kept as (w0 + γ2)·2^b + w1 with b = bitlen of w1's range, 3
	// bytes a coefficient; after c·s2 as (w0 − cs2 + γ2 + β)·2^b + w1.
	sh, mask := uint(p.w1Bits), int32(1)<<p.w1Bits-1
	var hs keccak.SHAKE256
	hs.Write(μ[:])
	w01 := (*[n]int32)(cHat) // scratch until c is known
	for i := range p.K {
		row := w[i*W1PackSize : (i+1)*W1PackSize]
		for c := range a {
			a[c] = get24(row[3*c:])
		}
		InvNTTInPlace(ra, a)
		p.decomposeRow(w01, ra) // ra = w1
		for c := range w01 {
			w0, w1 := unpackW01(w01[c])
			put24(row[3*c:], (w0+p.Gamma2)<<sh|w1) // (w0 + γ2)·2^bits(w1) + w1 < 2^24
		}
		absorbW1(p, &hs, ra)
	}
	var cTilde [64]byte
	hs.Read(cTilde[:p.CTildeSize()])
	SampleInBall(p, (*RingElement)(cHat), cTilde[:p.CTildeSize()])
	NTTInPlace(cHat, (*RingElement)(cHat))

	var bad, count int32
	γ1β, γ2, γ2β := p.Gamma1-p.Beta, p.Gamma2, p.Gamma2-p.Beta
	bits := p.gamma1Bit
	clear(hints[:8*p.K])
	for i := range p.K {
		row := w[i*W1PackSize : (i+1)*W1PackSize]
		if i < p.L {
			// v = c·s1_i + 2^10·c·s2_i from one transform (see
			// signAttempt): z_i = y_i + c·s1_i over y_i in sig, and
			// c·s2_i left in ra.
			unpackEta(p, (*[n]int32)(a), sk[p.skS1(i):])
			unpackEtaShifted(p, (*[n]int32)(a), sk[p.skS2(i):])
			NTTInPlace(a, ra)
			MultiplyNTT(a, cHat, a)
			InvNTTInPlace(ra, a)
			zb := sig[p.sigZ(i) : p.sigZ(i)+p.ZBytes()]
			for c := range ra {
				v := reduce32(ra[c])
				cs1 := v << 22 >> 22
				ra[c] = (v - cs1) >> 10
				z := p.Gamma1 - zField(zb, c, bits) + cs1 // z = y + c·s1
				bad |= geMask(abs32(z), γ1β)
				setZField(zb, c, bits, p.Gamma1-z)
			}
		} else {
			unpackEta(p, (*[n]int32)(a), sk[p.skS2(i):])
			NTTInPlace(a, ra)
			MultiplyNTT(a, cHat, a)
			InvNTTInPlace(ra, a)
			for c := range ra {
				ra[c] = reduce32(ra[c]) // centred: |c·s2| ≤ β (see signRow)
			}
		}
		// c·s2_i goes into row as the w0 − cs2 it is used in, so that
		// c·t0_i can reuse a.
		for c := range ra {
			v := get24(row[3*c:])
			r0 := v>>sh - γ2 - ra[c]
			put24(row[3*c:], (r0+γ2+p.Beta)<<sh|v&mask) // 0 ≤ r0 + γ2 + β ≤ 2γ2 + 2β < 2^(24−bits(w1))
		}
		unpackT0(ra, sk[p.skT0(i):])
		NTTInPlace(a, ra)
		MultiplyNTT(a, cHat, a)
		InvNTTInPlace(ra, a)
		// The checks and hints of signRow on the packed row.
		var acc int32
		for wd := range 8 {
			var hw uint32
			for c := range 32 {
				v := get24(row[3*(32*wd+c):])
				w1 := v & mask
				r0 := v>>sh - γ2 - p.Beta
				t0 := reduce32(ra[32*wd+c])
				acc |= (γ2β - 1 - abs32(r0)) | (γ2 - 1 - abs32(t0))
				u := r0 + t0
				w1nz := int32(uint32(-w1) >> 31)
				hw |= uint32((γ2-u)|(u+γ2-w1nz)) >> 31 << c
			}
			hints[i*8+wd] = hw
			count += popCount32(hw)
		}
		bad |= acc >> 31
	}
	bad |= geMask(count, int32(p.Omega)+1)
	if bad != 0 {
		return false
	}
	copy(sig, cTilde[:p.CTildeSize()])
	hintBitPackVarTime(p, sig[p.sigH():], hints[:8*p.K])
	return true
}

// VerifyLowRAM is ML-DSA.Verify_internal (FIPS 204, Algorithm 8) from the
// encoded public key, given μ, with two polynomials of scratch and acc2
// (768 bytes): rows are computed two at a time, so that each NTT(z_j) serves
// both (ℓ·⌈k/2⌉ transforms of z instead of ℓ·k). For rows i and i + 1 it
// starts acc at −ĉ∘NTT(t1_i·2^d) (regenerating c from c̃, cheaper than
// keeping ĉ), streams Â[i][j] and Â[i+1][j] into acc and acc2 (packed, 3
// bytes a coefficient) for each NTT(z_j), finishes row i (inverse NTT,
// UseHint, w1′_i absorbed into the hash), then subtracts ĉ∘NTT(t1_{i+1}·2^d)
// from acc2 in the freed buffers and finishes row i + 1. Public data:
// early returns are allowed.
func VerifyLowRAM(p *Params, pk []byte, μ *[MuSize]byte, sig []byte, acc, a *NTTElement, acc2 []byte) bool {
	if len(sig) != p.SignatureSize || !hintCheckVarTime(p, sig[p.sigH():]) {
		return false
	}
	ra, racc := (*RingElement)(a), (*RingElement)(acc)
	for j := range p.L {
		unpackZ(p, ra, sig[p.sigZ(j):])
		for _, v := range ra {
			if abs32(v) >= p.Gamma1-p.Beta {
				return false
			}
		}
	}
	cTilde := sig[:p.CTildeSize()]
	ρ := (*[32]byte)(pk[:32])
	var hs keccak.SHAKE256
	hs.Write(μ[:])
	for i := 0; i < p.K; i += 2 {
		for r := i; r < min(i+2, p.K); r++ {
			// acc = ĉ∘NTT(t1_r·2^d)·R^-1.
			SampleInBallVarTime(p, racc, cTilde)
			NTTInPlace(acc, racc)
			UnpackT1(ra, pk[32+r*T1Bytes:])
			for c := range ra {
				ra[c] <<= d
			}
			NTTInPlace(a, ra)
			MultiplyNTT(acc, acc, a)
			if r == i {
				for c := range acc {
					acc[c] = -acc[c]
				}
				for j := range p.L {
					unpackZ(p, ra, sig[p.sigZ(j):])
					NTTInPlace(a, ra)
					RejNTTPolyMulAccVarTime(acc, a, ρ, i, j)
					if i+1 < p.K {
						RejNTTPolyMulAccPackedVarTime(acc2, a, ρ, i+1, j, j == 0)
					}
				}
			} else {
				for c := range acc {
					acc[c] = get24(acc2[3*c:]) - acc[c]
				}
			}
			reducePoly((*[n]int32)(acc))
			InvNTTInPlace(racc, acc)
			hintRowInt32(p, (*[n]int32)(a), sig[p.sigH():], r)
			for c := range racc {
				racc[c] = p.UseHint(uint8(a[c]), canon(racc[c]))
			}
			absorbW1(p, &hs, racc)
		}
	}
	var c2 [64]byte
	hs.Read(c2[:p.CTildeSize()])
	return subtle.ConstantTimeCompare(c2[:p.CTildeSize()], cTilde) == 1
}

// RejNTTPolyMulAccPackedVarTime is [RejNTTPolyMulAcc2VarTime] for one
// accumulator: ĥ (+)= Â[r][s] ∘ b̂ · R^-1, ĥ packed canonically.
func RejNTTPolyMulAccPackedVarTime(h []byte, bHat *NTTElement, ρ *[32]byte, r, s int, first bool) {
	h = h[:3*n]
	var g keccak.SHAKE128
	rejNTTXOF(&g, ρ, r, s)
	var C [24]byte
	for j := 0; j < n; {
		g.Read(C[:])
		for t := 0; t < len(C) && j < n; t += 3 {
			v := int32(C[t]) | int32(C[t+1])<<8 | int32(C[t+2]&0x7f)<<16
			if v < q {
				x := fqmul(v, bHat[j])
				if !first {
					x += get24(h[3*j:])
				}
				put24(h[3*j:], canon2(x))
				j++
			}
		}
	}
}

// absorbW1 writes w1Encode(w1) (FIPS 204, Algorithm 28) of one polynomial
// into the hash, 64 coefficients at a time (a 48-byte buffer instead of
// 192).
func absorbW1(p *Params, hs *keccak.SHAKE256, w1 *RingElement) {
	var buf [48]byte
	b := p.w1Bits * 8
	for c := 0; c < n; c += 64 {
		packBits64(buf[:b], w1[c:c+64], p.w1Bits)
		hs.Write(buf[:b])
	}
}

// hintRowInt32 is hintRow into int32 flags (reusing a polynomial buffer).
func hintRowInt32(p *Params, h *[n]int32, y []byte, i int) {
	clear(h[:])
	start := 0
	if i > 0 {
		start = int(y[p.Omega+i-1])
	}
	for t := start; t < int(y[p.Omega+i]); t++ {
		h[y[t]] = 1
	}
}
