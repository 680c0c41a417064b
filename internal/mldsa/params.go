// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

// Package mldsa implements the algorithms of FIPS 204 (ML-DSA) for the
// public package cryptolab/mldsa, over all three parameter sets.
//
// Functions are named after the standard's algorithms and cite them; the
// variables carry the standard's symbols (ρ, ρ′ written ρp, K, tr, μ, Â
// written AHat, ŝ1, c̃ written cTilde, ...). Two strategies share every
// primitive:
//
//   - Fast (fast.go): an [Expanded] key holds Â, ŝ1, ŝ2, t̂0 and
//     t̂1·2^d in the NTT domain, computed once per key; each signing
//     iteration is then NTTs, pointwise products and rounding only.
//   - LowRAM (lowram.go): nothing is cached; the matrix is regenerated and
//     multiplied as SHAKE128 produces it (column by column into two
//     signing candidates' w per pass, which are kept packed, 3 bytes a
//     coefficient; two rows at a time in verification), s1, s2 and t0 are
//     decoded from the encoded private key one polynomial at a time, the
//     hints are kept as bitmaps, and verification recomputes NTT(z_j) for
//     every pair of rows instead of keeping ẑ.
//
// The callers (the generated per-set code of the public package) hand in
// buffers of exactly the right size, so nothing is sized for the largest
// set and nothing allocates (except the Fast cache, once per key).
//
// Constant time: no branch, table index or division depends on secret data
// within a signing iteration; every norm check and the hint count are
// combined into one mask, and only the iteration's accept/reject outcome is
// branched on (peers such as circl stop an iteration at its first failed
// check, which reveals which check failed; computing every iteration in
// full costs, in an iteration that fails the z check, the 2k inverse NTTs and hint computations such peers skip). The number of iterations
// (the rejection loop of FIPS 204, Algorithm 7) therefore varies with the
// key, message and randomness, as in every implementation of the standard:
// that count is all the signing time reveals. The candidates of rejected
// iterations never leave the function's stack, except z, which goes to the
// caller's signature buffer and is overwritten by the accepted one before
// the function returns. Rejection sampling of secrets (RejBoundedPoly,
// SampleInBall) branches only on whether a candidate is rejected, which is
// independent of the values kept; SampleInBall's swaps are scans under
// masks, so the positions of c are not revealed by memory accesses.
// Verification works on public data.
package mldsa

import "errors"

// Params are the parameters of one ML-DSA parameter set (FIPS 204,
// Section 4, Table 1) and its byte sizes (Table 2).
type Params struct {
	Name   string
	K, L   int
	Eta    int32
	Tau    int
	Lambda int // collision strength in bits: c̃ is λ/4 bytes
	Gamma1 int32
	Gamma2 int32
	Omega  int

	Beta           int32 // τ·η
	PublicKeySize  int
	PrivateKeySize int
	SignatureSize  int

	etaBits   int // bitlen(2η)
	gamma1Bit int // 1 + bitlen(γ1 − 1)
	w1Bits    int // bitlen((q−1)/(2γ2) − 1)
}

// The three parameter sets of FIPS 204, Table 1.
var (
	MLDSA44 = &Params{Name: "ML-DSA-44", K: 4, L: 4, Eta: 2, Tau: 39, Lambda: 128, Gamma1: 1 << 17, Gamma2: (q - 1) / 88, Omega: 80}
	MLDSA65 = &Params{Name: "ML-DSA-65", K: 6, L: 5, Eta: 4, Tau: 49, Lambda: 192, Gamma1: 1 << 19, Gamma2: (q - 1) / 32, Omega: 55}
	MLDSA87 = &Params{Name: "ML-DSA-87", K: 8, L: 7, Eta: 2, Tau: 60, Lambda: 256, Gamma1: 1 << 19, Gamma2: (q - 1) / 32, Omega: 75}
)

func init() {
	for _, p := range []*Params{MLDSA44, MLDSA65, MLDSA87} {
		p.Beta = int32(p.Tau) * p.Eta
		p.etaBits = 3
		if p.Eta == 4 {
			p.etaBits = 4
		}
		p.gamma1Bit = 18
		if p.Gamma1 == 1<<19 {
			p.gamma1Bit = 20
		}
		p.w1Bits = 6
		if p.Gamma2 == (q-1)/32 {
			p.w1Bits = 4
		}
		// FIPS 204, Table 2.
		p.PublicKeySize = 32 + 32*p.K*10
		p.PrivateKeySize = 32 + 32 + 64 + 32*((p.K+p.L)*p.etaBits+d*p.K)
		p.SignatureSize = p.Lambda/4 + p.L*32*p.gamma1Bit + p.Omega + p.K
	}
}

// Sizes shared by the parameter sets.
const (
	SeedSize   = 32    // ξ
	TrSize     = 64    // tr = H(pk, 64)
	MuSize     = 64    // μ
	RndSize    = 32    // rnd
	W1PackSize = 3 * n // one w_i kept packed by LowRAM signing
)

// Errors of the decoders.
var (
	ErrPrivateKey = errors.New("mldsa: malformed private key encoding")
	ErrPublicKey  = errors.New("mldsa: malformed public key encoding")
)
