// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"encoding/binary"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// H is SHAKE256 and G is SHAKE128 (FIPS 204, Section 3.7); both are the
// zero-allocation value types of internal/keccak.

// rejNTTXOF sets g to G(ρ‖s‖r) ready to squeeze, the XOF of RejNTTPoly for
// Â[r][s] (FIPS 204, Algorithm 32, ExpandA).
func rejNTTXOF(g *keccak.SHAKE128, ρ *[32]byte, r, s int) {
	g.Write(ρ[:])
	g.Write([]byte{byte(s), byte(r)})
}

// RejNTTPolyVarTime sets aHat to Â[r][s] = RejNTTPoly(ρ‖s‖r) (FIPS 204,
// Algorithm 30, with CoeffFromThreeBytes, Algorithm 14): 23-bit candidates
// from SHAKE128, kept when below q. ρ is public (part of the public key),
// so the loop runs in variable time on public data only. Outputs in [0, q).
// Memory: a SHAKE128 state and one 168-byte block.
func RejNTTPolyVarTime(aHat *NTTElement, ρ *[32]byte, r, s int) {
	var g keccak.SHAKE128
	rejNTTXOF(&g, ρ, r, s)
	var C [keccak.RateSHAKE128]byte
	for j := 0; j < n; {
		g.Read(C[:])
		j = rejNTT(aHat, j, C[:])
	}
}

// RejNTTPolyMulAccVarTime adds Â[r][s] ∘ b̂ · R^-1 to ĥ, multiplying each
// coefficient of Â[r][s] as SHAKE128 produces it (RejNTTPoly, FIPS 204,
// Algorithm 30, fused with Algorithm 45 and the row sums of Algorithm 48):
// the matrix entry never exists as a polynomial. Variable time on public ρ
// only; the products with b̂ are constant time. Each call adds less than q
// to |ĥ[i]|; |b̂[i]| < 9q. Memory: a SHAKE128 state and 24 bytes (the
// output is read 8 candidates at a time, to keep the LowRAM stack small).
func RejNTTPolyMulAccVarTime(hHat, bHat *NTTElement, ρ *[32]byte, r, s int) {
	var g keccak.SHAKE128
	rejNTTXOF(&g, ρ, r, s)
	var C [24]byte
	for j := 0; j < n; {
		g.Read(C[:])
		for t := 0; t < len(C) && j < n; t += 3 {
			v := int32(C[t]) | int32(C[t+1])<<8 | int32(C[t+2]&0x7f)<<16
			if v < q {
				hHat[j] += fqmul(v, bHat[j])
				j++
			}
		}
	}
}

// RejNTTPolyMulAcc24VarTime is [RejNTTPolyMulAccVarTime] with b̂ packed by
// [PackNTT24] (3 bytes a coefficient, canonical).
func RejNTTPolyMulAcc24VarTime(hHat *NTTElement, b []byte, ρ *[32]byte, r, s int) {
	b = b[:3*n]
	var g keccak.SHAKE128
	rejNTTXOF(&g, ρ, r, s)
	var C [24]byte
	for j := 0; j < n; {
		g.Read(C[:])
		for t := 0; t < len(C) && j < n; t += 3 {
			v := int32(C[t]) | int32(C[t+1])<<8 | int32(C[t+2]&0x7f)<<16
			if v < q {
				hHat[j] += fqmul(v, get24(b[3*j:]))
				j++
			}
		}
	}
}

// PackNTT24 stores â canonically in 3 bytes a coefficient (768 bytes
// instead of 1,024): the LowRAM strategy keeps ŷ and ŝ1 this way.
func PackNTT24(dst []byte, aHat *NTTElement) {
	dst = dst[:3*n]
	for c, v := range aHat {
		put24(dst[3*c:], freeze(v))
	}
}

// ExpandA sets Â (row-major, Â[r][s] at r·l+s) from ρ (FIPS 204,
// Algorithm 32). Public data, variable time.
func ExpandA(p *Params, AHat []NTTElement, ρ *[32]byte) {
	for r := range p.K {
		for s := range p.L {
			RejNTTPolyVarTime(&AHat[r*p.L+s], ρ, r, s)
		}
	}
}

// RejBoundedPoly sets a to RejBoundedPoly(ρ′‖IntegerToBytes(r, 2)) (FIPS
// 204, Algorithm 31, with CoeffFromHalfByte, Algorithm 15): coefficients in
// [−η, η] from the half-bytes of SHAKE256 output. The only branch is on
// whether a half-byte is rejected (≥ 15 for η = 2, ≥ 9 for η = 4), which is
// independent of the values kept; the kept values are computed without
// division (b mod 5 = b − 5·⌊13b/64⌋ for b < 15). Outputs in [−η, η].
func RejBoundedPoly(a *RingElement, ρp *[64]byte, r int, η int32) {
	var h keccak.SHAKE256
	h.Write(ρp[:])
	h.Write([]byte{byte(r), byte(r >> 8)})
	var buf [keccak.RateSHAKE256]byte
	for j := 0; j < n; {
		h.Read(buf[:])
		j = rejBounded(a, j, buf[:], η)
	}
}

// ExpandS sets s1 and s2 from ρ′ (FIPS 204, Algorithm 33): s1[r] =
// RejBoundedPoly(ρ′‖r), s2[r] = RejBoundedPoly(ρ′‖(r+ℓ)).
func ExpandS(p *Params, s1, s2 []RingElement, ρp *[64]byte) {
	for r := range p.L {
		RejBoundedPoly(&s1[r], ρp, r, p.Eta)
	}
	for r := range p.K {
		RejBoundedPoly(&s2[r], ρp, p.L+r, p.Eta)
	}
}

// ExpandMaskPoly sets y to entry r of ExpandMask(ρ″, κ) (FIPS 204,
// Algorithm 34): BitUnpack(H(ρ″‖IntegerToBytes(κ+r, 2), 32c),
// γ1 − 1, γ1) with c = 1 + bitlen(γ1 − 1). Constant time. Outputs in
// (−γ1, γ1].
func ExpandMaskPoly(p *Params, y *RingElement, ρpp *[64]byte, κr int) {
	var v [32 * 20]byte
	buf := v[:32*p.gamma1Bit]
	expandMaskBytes(buf, ρpp, κr)
	bitUnpack((*[n]int32)(y), buf, p.gamma1Bit, p.Gamma1)
}

// expandMaskBytes fills dst (32·c bytes) with H(ρ″‖IntegerToBytes(κ+r, 2)),
// the bytes ExpandMaskPoly unpacks: the encoding of y[r] that packZ
// gives z.
func expandMaskBytes(dst []byte, ρpp *[64]byte, κr int) {
	var h keccak.SHAKE256
	h.Write(ρpp[:])
	h.Write([]byte{byte(κr), byte(κr >> 8)})
	h.Read(dst)
}

// SampleInBall sets c to SampleInBall(c̃) (FIPS 204, Algorithm 29): τ
// coefficients ±1, the rest 0. The loop rejects bytes j > i; that branch
// depends only on the rejected bytes. c̃ is public in verification but
// secret in signing until the iteration is accepted, so the swap
// c_i ← c_j, c_j ← ±1 touches every coefficient under masks: c is held as
// 256 two-bit fields (0 = 00, +1 = 01, −1 = 11) in 8 words, and each step
// scans the 8 words, selecting field j of word j/32 with a mask built by a
// shift (constant time on the targets Go supports). 8 word operations per
// coefficient set instead of up to 256.
func SampleInBall(p *Params, c *RingElement, cTilde []byte) {
	var h keccak.SHAKE256
	h.Write(cTilde)
	var buf [keccak.RateSHAKE256]byte
	h.Read(buf[:])
	signs := binary.LittleEndian.Uint64(buf[:8])
	pos := 8
	var c2 [n / 32]uint64
	for i := n - p.Tau; i < n; i++ {
		var j int
		for {
			if pos == len(buf) {
				h.Read(buf[:])
				pos = 0
			}
			j = int(buf[pos])
			pos++
			if j <= i {
				break
			}
		}
		sgn := 1 | 2&-(signs&1) // +1 (01) or −1 (11)
		signs >>= 1
		shift := uint(j&31) * 2
		fieldMask, sgnWord := uint64(3)<<shift, sgn<<shift
		jw := j >> 5
		var cj uint64
		for w := range c2 {
			m := uint64(int64(w^jw-1)>>63) & fieldMask // w^jw − 1 < 0 iff w = jw
			cj |= c2[w] & m
			c2[w] = c2[w]&^m | sgnWord&m
		}
		old := cj >> shift & 3
		eq := uint64(int64(eqMask(i, j)))
		v := old&^eq | sgn&eq
		is := uint(i&31) * 2
		c2[i>>5] = c2[i>>5]&^(3<<is) | v<<is
	}
	for t := range c {
		c[t] = int32(int64(c2[t>>5]<<(62-2*uint(t&31))) >> 62)
	}
}

// SampleInBallVarTime is [SampleInBall] for public c̃ (verification): the
// swap is done directly.
func SampleInBallVarTime(p *Params, c *RingElement, cTilde []byte) {
	var h keccak.SHAKE256
	h.Write(cTilde)
	var buf [keccak.RateSHAKE256]byte
	h.Read(buf[:])
	signs := binary.LittleEndian.Uint64(buf[:8])
	pos := 8
	*c = RingElement{}
	for i := n - p.Tau; i < n; i++ {
		var j int
		for {
			if pos == len(buf) {
				h.Read(buf[:])
				pos = 0
			}
			j = int(buf[pos])
			pos++
			if j <= i {
				break
			}
		}
		c[i] = c[j]
		c[j] = 1 - 2*int32(signs&1)
		signs >>= 1
	}
}

// eqMask returns −1 if a == b and 0 otherwise, for 0 ≤ a, b < 2^31,
// without a branch.
func eqMask(a, b int) int32 {
	x := uint32(a ^ b)
	return -int32(((x | -x) >> 31) ^ 1)
}
