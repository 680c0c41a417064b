// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

// Package mlkem implements the algorithms of FIPS 203 (ML-KEM) for the
// public package cryptolab/mlkem, over all three parameter sets.
//
// Functions are named after the standard's algorithms and cite them; the
// variables carry the standard's symbols (ρ, σ, Â written AHat, t̂ tHat, ...).
// One implementation serves the three parameter sets: the sizes come from a
// [Params] value and the key types (EncapsulationKeyN, DecapsulationKeyN in
// keysN.go, generated per set by mlkem/gen.go) hand in arrays of exactly
// the right size, so nothing is sized for the largest set and nothing
// allocates (except the Fast expansion, once per key, and the test-only
// expanded-key helpers). The algorithms read a key through a view
// (encapsulationKey, decapsulationKey) made for one call.
//
// Two strategies share every primitive. A key holds its strategy
// (SmallN or FastN, each implementing StrategyN) and calls the algorithms
// through it, so a program that names one links none of the other's code:
//
//   - Fast (kpke.go): an [Expanded] holds the matrix Â, t̂ and ŝ in the NTT
//     domain, computed once per key ((k²+2k)·512 bytes), and vectors are
//     multiplied with 32-bit accumulation ([InnerProductNTT]).
//   - Small (small.go): nothing is cached; each pair of matrix coefficients
//     is multiplied into an accumulator as SHAKE128 produces it
//     ([SampleNTTMulAccVarTime]), t̂ is decoded pair by pair, ŝ is regenerated
//     from σ, and key generation accumulates t̂ in the output key. Working
//     memory is ŷ plus one or two polynomials.
//
// Constant time: everything that touches a secret (seeds, ŝ, ŷ, messages,
// shared keys, ciphertext comparison) is branch- and index-free. Rejection
// sampling of Â (SampleNTTVarTime) branches on public data only.
package mlkem

// Params are the parameters of one ML-KEM parameter set (FIPS 203,
// Section 8, Table 2) and its byte sizes (Table 3).
type Params struct {
	Name       string
	K          int
	Eta1, Eta2 int
	Du, Dv     uint8

	EncapsulationKeySize int // 384k + 32
	DecapsulationKeySize int // 768k + 96, the expanded form of Algorithm 16
	CiphertextSize       int // 32(du·k + dv)
}

// The three parameter sets of FIPS 203, Table 2.
var (
	MLKEM512  = &Params{Name: "ML-KEM-512", K: 2, Eta1: 3, Eta2: 2, Du: 10, Dv: 4}
	MLKEM768  = &Params{Name: "ML-KEM-768", K: 3, Eta1: 2, Eta2: 2, Du: 10, Dv: 4}
	MLKEM1024 = &Params{Name: "ML-KEM-1024", K: 4, Eta1: 2, Eta2: 2, Du: 11, Dv: 5}
)

func init() {
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		p.EncapsulationKeySize = 384*p.K + 32
		p.DecapsulationKeySize = 768*p.K + 96
		p.CiphertextSize = 32 * (int(p.Du)*p.K + int(p.Dv))
	}
}

// Sizes shared by the parameter sets.
const (
	SeedSize      = 64 // d‖z
	SharedKeySize = 32
	MessageSize   = 32 // m of Algorithm 17
	PolyBytes     = 512
)
