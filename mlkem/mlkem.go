// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:generate go run gen.go

// Package mlkem implements ML-KEM, the module-lattice-based key-encapsulation
// mechanism of FIPS 203, for the parameter sets ML-KEM-512, ML-KEM-768 and
// ML-KEM-1024.
//
// The API follows the standard library's crypto/mlkem, so code can switch
// by changing the import: [GenerateKey768], [NewDecapsulationKey768] (from the
// 64-byte seed), [DecapsulationKey768.EncapsulationKey], [NewEncapsulationKey768],
// [EncapsulationKey768.Encapsulate], [DecapsulationKey768.Decapsulate], and the
// same for 512 and 1024. In addition:
//
//   - every constructor has a WithConfig variant taking a [Config], the
//     speed/memory trade-off of the key (Small, Fast; Default = Fast);
//   - [EncapsulationKey768.EncapsulateTo] and [DecapsulationKey768.DecapsulateTo]
//     write into caller memory and do not allocate.
//
// Derandomized encapsulation, for tests only, is in package mlkemtest.
//
// Input checks (FIPS 203, Section 7): encapsulation keys are checked for
// length and by the modulus check when parsed; ciphertexts for length. Every
// failure is an error, never a panic. Decapsulation of a well-sized
// ciphertext always yields a key (implicit rejection).
//
// Constant time: no branch, table index or division depends on secret data;
// see internal/mlkem.
//
// The algorithms live in internal/mlkem, shared by the three parameter
// sets; this package's per-set files are generated from one template
// (gen.go) so that each set has arrays of exactly its sizes.
package mlkem

import "errors"

const (
	// SharedKeySize is the size of a shared key produced by ML-KEM.
	SharedKeySize = 32
	// SeedSize is the size of a seed d‖z used to derive a decapsulation key.
	SeedSize = 64
)

var (
	errUninitialized = errors.New("mlkem: use of an uninitialized (zero) key")
	errConfig        = errors.New("mlkem: unknown configuration")
)

// Config selects how much a key caches, trading memory for speed. Both
// configurations compute the same results (tested against each other, the
// NIST vectors, crypto/mlkem and circl).
//
// Fast expands the key once, when it is generated or parsed: the matrix Â,
// t̂ and (for a decapsulation key) ŝ are kept in the NTT domain, allocated
// on the heap with the key. Every Encapsulate and Decapsulate then skips
// the k² SHAKE128 matrix samplings, the ŝ sampling and the decodings.
// Per-key memory, on top of the struct:
//
//	                   Â + t̂ (encaps key)   + ŝ (decaps key)
//	ML-KEM-512          3,072 bytes           4,096 bytes
//	ML-KEM-768          6,144 bytes           7,680 bytes
//	ML-KEM-1024        10,240 bytes          12,288 bytes
//
// Small keeps only the encoded encapsulation key, H(ek), d, z and σ
// (EncapsulationKeySize + 64 bytes for an encapsulation key, 96 more for a
// decapsulation key). Each operation regenerates what it needs on the fly:
// Â one entry at a time (one 512-byte polynomial), t̂ decoded one
// polynomial at a time, ŝ resampled from σ. Stack and working memory per
// operation stay within a few kilobytes and nothing is allocated; the price
// is the matrix sampling on every operation.
//
// Default is Fast: for a general-purpose server the 4-12 KB per key are
// negligible, an ephemeral key (one encapsulation or decapsulation) pays
// the expansion once either way, and a long-lived key gains on every use.
//
// Measured costs (time per operation, stack and heap) are in the README's
// mlkem section and in BenchmarkMLKEM; the lab reports them beside the
// STM32 figures.
type Config uint8

const (
	Default Config = iota // Fast, see above
	Small                 // least memory: regenerate on the fly
	Fast                  // cache Â, t̂, ŝ in the key
)

// String returns "Default", "Small" or "Fast".
func (c Config) String() string {
	switch c {
	case Default:
		return "Default"
	case Small:
		return "Small"
	case Fast:
		return "Fast"
	}
	return "Config(?)"
}

// ExpandedKeyBytes returns the bytes of expanded key material that a key of
// configuration c keeps on the heap beside its struct, for the parameter set
// ML-KEM-paramSet (512, 768 or 1024) and a decapsulation key (true) or an
// encapsulation key alone (false): 0 for Small, (k²+k)·512 or (k²+2k)·512
// for Fast and Default. It returns 0 for an unknown parameter set.
func (c Config) ExpandedKeyBytes(paramSet int, decapsulationKey bool) int {
	if !c.fast() {
		return 0
	}
	k := map[int]int{512: 2, 768: 3, 1024: 4}[paramSet]
	polys := k*k + k
	if decapsulationKey {
		polys += k
	}
	return polys * 512
}

func (c Config) check() error {
	if c > Fast {
		return errConfig
	}
	return nil
}

func (c Config) fast() bool { return c != Small }
