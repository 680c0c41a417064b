// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"crypto/subtle"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// The LowRAM strategy keeps no expanded key: a private key is its FIPS 204
// encoding (plus the public key), and each operation regenerates what it
// needs. The matrix Â is never held: each entry is multiplied into a row
// accumulator as SHAKE128 produces it (RejNTTPolyMulAccVarTime). The
// buffers come from the caller (the generated per-set code declares them
// with exact sizes on its stack):
//
//	             buffers                               44 / 65 / 87 (bytes)
//	KeyGen       2 polys                               2,048 (all sets)
//	Sign         ŷ packed (768·ℓ), w packed (768·k),    8,320 / 10,688 / 13,824
//	             hint bitmaps (32·k), 2 polys
//	Verify       2 polys                               2,048 (all sets)
//
// plus SHAKE states and frames (TestLowRAMStack in package mldsa measures
// the whole). Packing ŷ, ŝ1 and w in 3 bytes a coefficient saves a quarter
// of each (1,280 bytes of ŷ for ML-DSA-65) for a few shifts per use.
// Key generation reads s1 back from the encoding it writes and transforms
// it for every row (see rowT). Costs beside Fast: Sign samples Â once
// per rejection-loop iteration (k·ℓ SHAKE128 streams) and decodes s1, s2, t0
// each iteration; Verify samples Â once and computes NTT(z_j) k times
// instead of once.

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
// yPack holds 768·ℓ bytes (ŷ packed), wPack 768·k bytes, hints 8·k words;
// cHat and a are scratch. Same masks and single branch per iteration as SignFast.
//
// Per iteration: ŷ (ExpandMask, NTT); for each row, w_i streamed from Â
// and ŷ, packed into wPack and its high bits absorbed into the c̃ hash; c̃,
// ĉ; z_j = NTT^-1(ĉ∘NTT(s1_j) + ŷ_j) packed into sig; for each row, r =
// w_i − c·s2_i written back into wPack, then c·t0_i and the hints.
func SignLowRAM(p *Params, sk []byte, μ *[MuSize]byte, rnd *[RndSize]byte, sig []byte,
	yPack, wPack []byte, hints []uint32, cHat, a *NTTElement) {
	sig = sig[:p.SignatureSize]
	ρ, K := (*[32]byte)(sk[:32]), (*[32]byte)(sk[32:64])
	ρpp := rhoPrimePrime(K, rnd, μ)
	var cTilde [64]byte
	γ1β := p.Gamma1 - p.Beta
	// w is kept as (w0 + γ2)·2^b + w1 with b = bitlen of w1's range, 3
	// bytes a coefficient; after c·s2 as (w0 − cs2 + γ2 + β)·2^b + w1.
	sh, mask := uint(p.w1Bits), int32(1)<<p.w1Bits-1
	ra := (*RingElement)(a)
	for κ := 0; ; κ += p.L {
		for j := range p.L {
			ExpandMaskPoly(p, ra, &ρpp, κ+j)
			NTTInPlace(a, ra)
			PackNTT24(yPack[j*3*n:], a)
		}
		var hs keccak.SHAKE256
		hs.Write(μ[:])
		for i := range p.K {
			*a = NTTElement{}
			for j := range p.L {
				RejNTTPolyMulAcc24VarTime(a, yPack[j*3*n:], ρ, i, j)
			}
			reducePoly((*[n]int32)(a))
			InvNTTInPlace(ra, a)
			row := wPack[i*W1PackSize : (i+1)*W1PackSize]
			for c := range ra {
				w1, w0 := p.Decompose(canon(ra[c]))
				put24(row[3*c:], (w0+p.Gamma2)<<sh|w1) // (w0 + γ2)·2^bits(w1) + w1 < 2^24
				ra[c] = w1
			}
			absorbW1(p, &hs, ra)
		}
		hs.Read(cTilde[:p.CTildeSize()])
		SampleInBall(p, (*RingElement)(cHat), cTilde[:p.CTildeSize()])
		NTTInPlace(cHat, (*RingElement)(cHat))

		var bad int32
		for j := range p.L {
			unpackEta(p, (*[n]int32)(a), sk[p.skS1(j):])
			NTTInPlace(a, ra)
			y := yPack[j*3*n : (j+1)*3*n]
			for c := range a {
				a[c] = montReduce(int64(cHat[c])*int64(a[c]) + int64(get24(y[3*c:])))
			}
			InvNTTInPlace(ra, a)
			for c := range ra {
				z := centred(canon(ra[c]))
				bad |= geMask(abs32(z), γ1β)
				ra[c] = z
			}
			packZ(p, sig[p.sigZ(j):], ra)
		}
		var count int32
		clear(hints[:8*p.K])
		for i := range p.K {
			row := wPack[i*W1PackSize : (i+1)*W1PackSize]
			// c·s2_i goes back into row as the w0 − cs2 it is used in, so
			// that c·t0_i can reuse a.
			unpackEta(p, (*[n]int32)(a), sk[p.skS2(i):])
			NTTInPlace(a, ra)
			MultiplyNTT(a, cHat, a)
			InvNTTInPlace(ra, a)
			for c := range ra {
				v := get24(row[3*c:])
				r0 := v>>sh - p.Gamma2 - centred(canon(ra[c]))
				put24(row[3*c:], (r0+p.Gamma2+p.Beta)<<sh|v&mask) // 0 ≤ r0 + γ2 + β ≤ 2γ2 + 2β < 2^24−bits(w1)
			}
			unpackT0(ra, sk[p.skT0(i):])
			NTTInPlace(a, ra)
			MultiplyNTT(a, cHat, a)
			InvNTTInPlace(ra, a)
			for c := range ra {
				v := get24(row[3*c:])
				b, h := p.signChecks(v>>sh-p.Gamma2-p.Beta, v&mask, 0, centred(canon(ra[c])))
				bad |= b
				hints[i*8+c/32] |= h << (c % 32)
				count += int32(h)
			}
		}
		bad |= geMask(count, int32(p.Omega)+1)
		if bad == 0 {
			copy(sig, cTilde[:p.CTildeSize()])
			hintBitPackVarTime(p, sig[p.sigH():], hints[:8*p.K])
			clear(wPack)
			return
		}
	}
}

// VerifyLowRAM is ML-DSA.Verify_internal (FIPS 204, Algorithm 8) from the
// encoded public key, given μ, with two polynomials of scratch: for each
// row i it starts the accumulator at −ĉ∘NTT(t1_i·2^d) (regenerating c from
// c̃, cheaper than keeping ĉ), then recomputes NTT(z_j) and streams Â[i][j]
// into it, and absorbs w1′_i into the hash. Public data: early returns are
// allowed.
func VerifyLowRAM(p *Params, pk []byte, μ *[MuSize]byte, sig []byte, acc, a *NTTElement) bool {
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
	for i := range p.K {
		SampleInBallVarTime(p, racc, cTilde)
		NTTInPlace(acc, racc)
		UnpackT1(ra, pk[32+i*T1Bytes:])
		for c := range ra {
			ra[c] <<= d
		}
		NTTInPlace(a, ra)
		for c := range acc {
			acc[c] = -fqmul(acc[c], a[c])
		}
		for j := range p.L {
			unpackZ(p, ra, sig[p.sigZ(j):])
			NTTInPlace(a, ra)
			RejNTTPolyMulAccVarTime(acc, a, ρ, i, j)
		}
		reducePoly((*[n]int32)(acc))
		InvNTTInPlace(racc, acc)
		hintRowInt32(p, (*[n]int32)(a), sig[p.sigH():], i)
		for c := range racc {
			racc[c] = p.UseHint(uint8(a[c]), canon(racc[c]))
		}
		absorbW1(p, &hs, racc)
	}
	var c2 [64]byte
	hs.Read(c2[:p.CTildeSize()])
	return subtle.ConstantTimeCompare(c2[:p.CTildeSize()], cTilde) == 1
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
