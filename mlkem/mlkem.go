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
//   - every constructor has a WithConfig variant taking a [Config] first,
//     the speed/memory trade-off of the key ([Small], [Fast], [Native];
//     [Default] is Fast);
//   - [EncapsulationKey768.EncapsulateTo] and [DecapsulationKey768.DecapsulateTo]
//     write into caller memory and do not allocate;
//   - [DecapsulationKey768.SetSeed] derives a key in place, also without
//     allocating: the zero value is usable (a key declared as a local
//     variable moves to the heap once, as it is passed to its strategy
//     through an interface);
//   - [DecapsulationKey768.Wipe] zeroes a key's secrets.
//
// Differences from crypto/mlkem: Encapsulate returns an error as well (for
// a nil or zero key, which crypto/mlkem cannot have); EncapsulationKey
// returns a copy; keys are handled by pointer (go vet reports copies, and
// see [DecapsulationKey768] for what a copy does).
//
// Derandomized encapsulation, for tests only, is in package mlkemtest.
//
// Input checks (FIPS 203, Section 7): encapsulation keys are checked for
// length and by the modulus check when parsed; ciphertexts for length. Every
// failure is an error, never a panic, and so is every call on a nil or zero
// key or with a nil Config (accessors return zero values). Decapsulation of a well-sized
// ciphertext always yields a key (implicit rejection).
//
// Constant time: no branch, table index or division depends on secret data;
// see internal/mlkem.
//
// The algorithms and the key types live in internal/mlkem, the algorithms
// shared by the three parameter sets; this package's per-set files and the
// internal key types are generated from two templates (gen.go) so that
// each set has arrays of exactly its sizes.
package mlkem

import (
	"crypto/rand"
	"errors"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	"github.com/cryptolab-go/cryptolab/internal/mlkem"
)

const (
	// SharedKeySize is the size of a shared key produced by ML-KEM.
	SharedKeySize = 32
	// SeedSize is the size of a seed d‖z used to derive a decapsulation key.
	SeedSize = 64
)

var (
	errUninitialized = mlkem.ErrUninitialized
	errConfig        = errors.New("mlkem: nil Config; use mlkem.Default(), mlkem.Small(), mlkem.Fast() or mlkem.Native()")
	errNilOutput     = errors.New("mlkem: nil output pointer")
)

// randRead fills b from crypto/rand (which never fails since Go 1.24).
func randRead(b []byte) { rand.Read(b) }

// Config selects how much a key caches, trading memory for speed: [Small],
// [Fast] or [Default]. Only this package implements it (it has unexported
// methods), and the values come from functions no other package can
// reassign. A key holds its configuration's strategy and reaches every
// algorithm through it, so a program that names only Small links none of
// Fast's code (linker_test.go). Both compute the same results (tested
// against each other, the NIST vectors, crypto/mlkem and circl).
//
// The two, side by side (orders of magnitude; the exact figures per
// parameter set are in the lab report and TestSmallStack's log; heap: what
// a decapsulation key holds, [Config.Memory]):
//
//	512 / 768 / 1024      Small                     Fast (= Default)
//	decapsulation key     about 1-2 KB              same + 4-12 KB expanded
//	stack, one operation  about 3-5 KB              about 3.5-7 KB
//	heap allocations      0 (EncapsulateTo, DecapsulateTo, SetSeed) in both
//	extra work per op     k² matrix samplings,      none
//	                      k ŝ resamplings
//	time                  Fast takes less time than Small, most for
//	                      encapsulation and decapsulation with a long-lived key
//
// Fast expands the key once, when it is generated or parsed: the matrix Â,
// t̂ and (for a decapsulation key) ŝ are kept in the NTT domain, allocated
// on the heap with the key. Every Encapsulate and Decapsulate then skips
// the k² SHAKE128 matrix samplings, the ŝ sampling and the decodings, and
// multiplies whole vectors with 32-bit accumulation (one reduction per
// coefficient instead of per product).
//
// Small keeps only the encoded encapsulation key, H(ek), d, z and σ. Each
// operation regenerates what it needs: each matrix coefficient pair is
// multiplied into an accumulator as SHAKE128 produces it, t̂ is decoded
// pair by pair, ŝ is resampled from σ, key generation runs column by
// column accumulating t̂ in the output key, and decapsulation compares its
// re-encryption one polynomial at a time. Stack plus working memory stays
// below the STM32 CMOX v5 figures (TestSmallStack).
//
// Native (amd64 with AVX2) is Fast with the SHAKE streams sampled four at
// a time and the NTT, its inverse and the row products in AVX2 (see
// [Native]). Time per operation of ML-KEM-512 / 768 / 1024 measured by
// the lab beside the peers of the same run (crypto/mlkem has no
// ML-KEM-512):
//
// Figures generated by lab/docfigures (block speed) from
// lab/docfigures/testdata/mlkem.json, a snapshot of "go run ./cmd/cryptolab
// run --suite mlkem --min-time 200ms" (AMD EPYC, go1.26.8, 2026-12-01; thread
// CPU time per operation, median of interleaved batches); do not edit: go
// generate ./lab/docfigures.
//
//	                               keygen                 encaps                 decaps
//	Small           17.9 / 31.1 / 48.9 µs  18.2 / 29.4 / 45.1 µs  29.0 / 43.6 / 63.0 µs
//	Fast            15.8 / 24.8 / 36.9 µs  12.4 / 16.9 / 22.5 µs  19.1 / 25.9 / 33.9 µs
//	Native          8.29 / 13.0 / 17.4 µs  4.33 / 3.80 / 4.52 µs  7.10 / 7.54 / 9.69 µs
//	crypto/mlkem       — / 42.7 / 64.6 µs     — / 32.0 / 46.8 µs     — / 46.4 / 70.0 µs
//	  -tags purego     — / 40.2 / 56.1 µs     — / 30.8 / 44.0 µs     — / 45.0 / 66.9 µs
//	circl           10.2 / 15.5 / 21.6 µs  5.01 / 6.30 / 7.74 µs  7.93 / 10.0 / 12.9 µs  (AVX2)
//	  -tags purego  19.9 / 31.6 / 48.1 µs  16.2 / 22.8 / 31.5 µs  23.8 / 33.7 / 44.9 µs
//
// End of generated figures.
//
// The rejection sampling of Â, the noise conversion, compression and the
// hashes outside the four-way batches are still Fast's Go code.
//
// Default is Fast: for a general-purpose server the 4-12 KB per key are
// negligible, an ephemeral key (one encapsulation or decapsulation) pays
// the expansion once either way, and a long-lived key gains on every use.
type Config interface {
	// String returns "Small", "Fast" or "Native" (Default says "Fast").
	String() string
	// Memory returns what a decapsulation key of ML-KEM-paramSet (512,
	// 768 or 1024) holds in this configuration, or the zero Memory for
	// another parameter set.
	Memory(paramSet int) Memory

	// config seals the interface. Each configuration also has a
	// strategyN method per parameter set, asserted by the per-set code
	// (configN in mlkemN.go).
	config()
}

// Memory is what a configuration keeps, in bytes (the shape every
// cryptolab package reports).
type Memory struct {
	// Key is one decapsulation key: the value (seed, σ, the encoded
	// encapsulation key, H(ek)) plus, in Fast, the expansion of Â, t̂ and
	// ŝ on the heap ((k²+2k)·512 bytes and its header).
	Key int
	// Context is 0: ML-KEM has no data-flow context.
	Context int
	// Tables is the precomputed data linked and shared by every key: the
	// NTT's ζ and γ tables, 512 bytes.
	Tables int
}

type smallConfig struct{}
type fastConfig struct{}
type nativeConfig struct{}

// Small returns the configuration that keeps the least memory: nothing
// cached beyond the encoded key, H(ek) and σ, the matrix regenerated on the
// fly.
func Small() Config { return smallConfig{} }

// Fast returns the configuration that caches Â, t̂ and ŝ in the key.
func Fast() Config { return fastConfig{} }

// Native returns the configuration that keeps Fast's key layout and runs
// the SHAKE streams of key generation (the k² streams of the matrix Â, the
// 2k of the noise) and of encryption (the 2k+1 noise streams, also in
// decapsulation's re-encryption) four at a time, and the NTT, inverse
// NTT and row products, in AVX2 assembly: on amd64 processors with AVX2. Elsewhere, and
// under the purego build tag, Native() returns Fast() (it prints as
// "Fast"). The results are those of Fast, bit for bit; the time per
// operation is in the lab report (BenchmarkMLKEM for a quick look). Its
// Memory adds the assembly's twiddle-factor table (4,640 bytes) to
// Tables.
func Native() Config {
	if cpu.X86.HasAVX2 {
		return nativeConfig{}
	}
	return Fast()
}

// Default returns the configuration the entry points without a Config
// use: Fast (Default() == Fast(), and it prints as "Fast").
func Default() Config { return Fast() }

func (smallConfig) String() string  { return "Small" }
func (fastConfig) String() string   { return "Fast" }
func (nativeConfig) String() string { return "Native" }

func (smallConfig) config()  {}
func (fastConfig) config()   {}
func (nativeConfig) config() {}

func (smallConfig) strategy512() mlkem.Strategy512    { return mlkem.Small512{} }
func (smallConfig) strategy768() mlkem.Strategy768    { return mlkem.Small768{} }
func (smallConfig) strategy1024() mlkem.Strategy1024  { return mlkem.Small1024{} }
func (fastConfig) strategy512() mlkem.Strategy512     { return mlkem.Fast512{} }
func (fastConfig) strategy768() mlkem.Strategy768     { return mlkem.Fast768{} }
func (fastConfig) strategy1024() mlkem.Strategy1024   { return mlkem.Fast1024{} }
func (nativeConfig) strategy512() mlkem.Strategy512   { return mlkem.Native512{} }
func (nativeConfig) strategy768() mlkem.Strategy768   { return mlkem.Native768{} }
func (nativeConfig) strategy1024() mlkem.Strategy1024 { return mlkem.Native1024{} }

func (smallConfig) Memory(paramSet int) Memory { return memory(paramSet, false) }
func (fastConfig) Memory(paramSet int) Memory  { return memory(paramSet, true) }
func (nativeConfig) Memory(paramSet int) Memory {
	m := memory(paramSet, true)
	if m.Tables != 0 {
		m.Tables += mlkem.NativeTablesBytes
	}
	return m
}

func memory(paramSet int, fast bool) Memory {
	var key, k int
	switch paramSet {
	case 512:
		key, k = int(unsafe.Sizeof(DecapsulationKey512{})), 2
	case 768:
		key, k = int(unsafe.Sizeof(DecapsulationKey768{})), 3
	case 1024:
		key, k = int(unsafe.Sizeof(DecapsulationKey1024{})), 4
	default:
		return Memory{}
	}
	if fast {
		key += (k*k+2*k)*mlkem.PolyBytes + int(unsafe.Sizeof(mlkem.Expanded{}))
	}
	return Memory{Key: key, Tables: 512}
}

// noCopy makes go vet's copylocks check report copies of the struct that
// holds it (it has the Lock and Unlock methods the check looks for), and
// makes it not comparable, so that no equality function is linked for it.
type noCopy struct{ _ [0]func() }

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}
