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
//     write into caller memory and do not allocate;
//   - [DecapsulationKey768.SetSeed] derives a key in place, also without
//     allocating: the zero value is usable, so a Small key can live on the
//     stack.
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
// The two, side by side (stack: high-water mark of one operation, measured
// with the lab's painted-stack probe, TestSmallStack; heap: what a
// decapsulation key holds; time: see BenchmarkMLKEM and the README, where
// Fast takes 5-50% less time than Small and runs 1.4-2.6x as fast as
// crypto/mlkem):
//
//	512 / 768 / 1024      Small                     Fast (= Default)
//	decapsulation key     944 / 1,328 / 1,712 B     same + 4,096 / 7,680 / 12,288 B expanded
//	keygen stack          2,760 B (all sets)        3,512 B (all sets)
//	encaps stack          3,616 / 4,128 / 4,640 B   4,472 / 4,984 / 5,496 B
//	decaps stack          3,552 / 4,064 / 4,576 B   6,080 / 6,592 / 7,104 B
//	heap allocations      0 (EncapsulateTo, DecapsulateTo, SetSeed) in both
//	extra work per op     k² matrix samplings,      none
//	                      k ŝ resamplings
//
// Fast expands the key once, when it is generated or parsed: the matrix Â,
// t̂ and (for a decapsulation key) ŝ are kept in the NTT domain, allocated
// on the heap with the key ([Config.ExpandedKeyBytes]). Every Encapsulate
// and Decapsulate then skips the k² SHAKE128 matrix samplings, the ŝ
// sampling and the decodings, and multiplies whole vectors with 32-bit
// accumulation (one reduction per coefficient instead of per product).
// Encapsulation keys alone take (k²+k)·512 bytes: 3,072 / 6,144 / 10,240.
//
// Small keeps only the encoded encapsulation key, H(ek), d, z and σ (the
// struct sizes above). Each operation regenerates what it needs: each
// matrix coefficient pair is multiplied into an accumulator as SHAKE128
// produces it, t̂ is decoded pair by pair, ŝ is resampled from σ, key
// generation runs column by column accumulating t̂ in the output key, and
// decapsulation compares its re-encryption one polynomial at a time. Stack
// plus working memory stays below the STM32 CMOX v5 figures (3,060-6,508
// bytes).
//
// Default is Fast: for a general-purpose server the 4-12 KB per key are
// negligible, an ephemeral key (one encapsulation or decapsulation) pays
// the expansion once either way, and a long-lived key gains on every use.
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
