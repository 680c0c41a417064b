// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:generate go run gen.go

// Package mldsa implements ML-DSA, the module-lattice-based digital
// signature algorithm of FIPS 204, for the parameter sets ML-DSA-44,
// ML-DSA-65 and ML-DSA-87.
//
// Each set has its own key types with arrays of exactly its sizes
// ([PrivateKey65], [PublicKey65], and the same for 44 and 87), generated
// from one template (gen.go). A key is made in a [Config], the first
// argument of every constructor, and remembers it:
//
//	sk, err := mldsa.NewPrivateKey65(mldsa.Fast(), seed)   // from the 32-byte seed ξ
//	sig, err := sk.Sign(nil, msg, &mldsa.SignerOpts{Context: ctx})
//	err = sk.PublicKey().Verify(sig, msg, &mldsa.SignerOpts{Context: ctx})
//
// What is supported (FIPS 204, Sections 5 and 6):
//
//   - ML-DSA.KeyGen from the seed ξ ([NewPrivateKey65]) or from
//     crypto/rand ([GenerateKey65]); private keys are stored as the seed
//     ([PrivateKey65.Bytes], preferred) and can be imported from, and
//     exported to, the expanded encoding of Algorithm 24
//     ([NewPrivateKey65FromExpanded], [PrivateKey65.ExpandedBytes]).
//   - Pure ML-DSA with a context string of at most 255 bytes, HashML-DSA
//     with the pre-hash functions of Section 5.4 and their OIDs ([PreHash];
//     the caller hashes, as with crypto.Signer), and the external-μ
//     interface (sign and verify given μ); hedged signing by default and
//     deterministic signing on request ([SignerOpts]).
//   - *PrivateKey65 is a crypto.Signer: opts with HashFunc() == 0 (or
//     nil) is pure ML-DSA, a *[SignerOpts] carries the context, and a
//     crypto.Hash such as crypto.SHA512 selects HashML-DSA over the
//     digest given.
//   - SignTo and Verify do not allocate (the signature goes to caller
//     memory).
//
// Bad input is an error, never a panic: wrong lengths, coefficients of s1
// or s2 out of range or an inconsistent expanded private key, contexts
// over 255 bytes, nil Config, nil or zero keys. Verification returns
// [ErrVerification] for any signature that does not verify, including
// malformed hint encodings. On error the outputs are untouched.
//
// Constant time: see internal/mldsa. No branch, table index or division
// depends on secret data within a signing iteration; the number of
// iterations of the rejection loop varies (on average 4.25 / 5.1 / 3.85 for
// ML-DSA-44/65/87, FIPS 204, Table 1) and is the only signing-time
// variation.
package mldsa

import (
	"crypto"
	"errors"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	"github.com/cryptolab-go/cryptolab/internal/mldsa"
)

// Sizes shared by the parameter sets.
const (
	// SeedSize is the size of the seed ξ from which a key is derived.
	SeedSize = 32
	// MuSize is the size of μ for the external-μ interface.
	MuSize = 64
	// MaxContextSize is the longest context string FIPS 204 allows.
	MaxContextSize = 255
)

var (
	errNilConfig     = errors.New("mldsa: nil Config; use mldsa.Default(), mldsa.Fast(), mldsa.Native() or mldsa.LowRAM()")
	errUninitialized = errors.New("mldsa: use of a nil, zero or wiped key")
	errSeedLength    = errors.New("mldsa: the seed must be 32 bytes")
	errKeyLength     = errors.New("mldsa: wrong key encoding length")
	errSigLength     = errors.New("mldsa: wrong signature buffer length")
	errContext       = errors.New("mldsa: context longer than 255 bytes")
	errMuLength      = errors.New("mldsa: external μ must be 64 bytes")
	errDigestLength  = errors.New("mldsa: digest length does not match the pre-hash function")
	errPreHash       = errors.New("mldsa: unsupported pre-hash function")
	errMuAndPreHash  = errors.New("mldsa: ExternalMu and PreHash are exclusive")

	// ErrVerification is returned by Verify for a signature that is not
	// valid for the key, message and options.
	ErrVerification = errors.New("mldsa: invalid signature")
	// ErrPrivateKey is returned for an expanded private key encoding with
	// an out-of-range coefficient, or whose t0 or tr do not match s1, s2.
	ErrPrivateKey = mldsa.ErrPrivateKey
)

// Config is an implementation strategy of ML-DSA: [Fast], [LowRAM] or
// [Default]. Every key calls its operations through the Config it was made
// in, so a program links only the configurations it names (and only the
// parameter sets it uses; checked by linker_test.go). Only this package
// implements Config; a nil Config is an error.
//
// The two, side by side, for ML-DSA-44 / 65 / 87 (key: Config.Memory; stack:
// the lab's painted-stack probe, TestLowRAMStack):
//
//	                  Fast (= Default)                 LowRAM
//	private key       34,256 / 56,400 / 91,856 B       4,048 / 6,160 / 7,664 B
//	                  (Â, ŝ1, ŝ2, t̂0, t̂1·2^d in the   (the FIPS 204 encoding,
//	                  NTT domain)                      public key, tr, seed)
//	public key        Â, t̂1·2^d: +20 / 36 / 64 KiB     the encoding and tr
//	keygen stack      4,040 / 4,040 / 5,496 B           4,104 B (all sets)
//	sign stack        24,296 / 24,296 / 25,248 B        10,872 / 14,008 / 17,144 B
//	verify stack      12,320 B                          4,488 B
//	heap per op       0 (SignTo, Verify, SetSeed)       0
//
// Time per operation of ML-DSA-44 / 65 / 87, beside Native and the peers
// of the same run (signing is the median over batches of distinct
// messages; the shared machine moves runs by about 10 %):
//
// Figures generated by lab/docfigures (block speed) from
// lab/docfigures/testdata/mldsa.json, a snapshot of "go run ./cmd/cryptolab
// run --suite mldsa --min-time 200ms" (AMD EPYC, go1.26.8, 2026-12-01; thread
// CPU time per operation, median of interleaved batches); do not edit: go
// generate ./lab/docfigures.
//
//	                                 keygen                   sign                 verify
//	Fast               61.1 / 98.1 / 157 µs     160 / 261 / 271 µs  19.6 / 27.8 / 40.2 µs
//	Native            29.8 / 50.5 / 78.5 µs  53.4 / 76.8 / 79.1 µs  9.37 / 12.1 / 16.3 µs
//	LowRAM              69.3 / 118 / 207 µs     337 / 596 / 740 µs    60.1 / 103 / 175 µs
//	circl              43.8 / 76.9 / 119 µs    80.7 / 117 / 118 µs  11.9 / 14.3 / 20.1 µs  (AVX2)
//	  -tags purego      74.4 / 131 / 197 µs     200 / 309 / 329 µs  32.7 / 45.8 / 64.4 µs
//	filippo.io/mldsa     144 / 213 / 310 µs     270 / 447 / 483 µs    84.3 / 134 / 225 µs
//
// End of generated figures.
//
// LowRAM's stack plus the 64 bytes of tr it reads from the key stays within
// the STM32 CMOX v5 low-RAM working buffers (sign 11,340 / 15,436 / 19,532
// B, verify 4,812 / 4,828 / 5,100 B; keygen has no low-RAM row, its normal
// figure is 7,116 / 8,140 / 10,188 B). The price is time, and the budget
// sets a floor under it: it cannot hold Â (k·ℓ KB), so LowRAM samples the
// matrix again in every operation. Signing tests two candidates of the
// rejection loop per pass over Â (as many as the budget holds: a third
// candidate's w would not fit), 2.4 / 2.8 / 2.2 passes on average, and
// signs in 2.1-2.7× Fast's time; verification takes 3.1-4.5×. The floor,
// from BenchmarkLowRAMParts (internal/mldsa): one pass over Â takes 37 /
// 70 / 130 µs for signing (two accumulators), 26 / 49 / 92 µs for
// verification, nearly all of it the k·ℓ SHAKE128 streams, so even if
// everything else were as fast as Fast, signing would take at least 1.59 /
// 1.79 / 2.05× Fast's time (E·pass / Fast sign, E the expected passes) and
// verification 2.4 / 2.8 / 3.4×. The transforms of s1, s2 and t0, which
// the budget cannot hold either (2k NTTs per candidate tested), add about
// 0.2× to signing's floor. The 1.5× the configuration aims at is out of
// reach under the page's budget with this SHAKE128.
//
// Default is Fast: on a server the tens of kilobytes per key are cheap and
// every signature or verification with a long-lived key skips the k·ℓ
// SHAKE128 matrix samplings.
type Config interface {
	// String returns "Fast", "Native" or "LowRAM".
	String() string
	// Memory returns what a private key of ML-DSA-paramSet (44, 65 or 87)
	// holds, what a context holds (0: there is none) and the tables the
	// configuration links (the NTT twiddle factors, 2,048 bytes). It
	// returns the zero Memory for an unknown parameter set.
	Memory(paramSet int) Memory

	impl44
	impl65
	impl87
}

// Memory is the memory shape of a configuration, in bytes.
type Memory struct {
	Key     int // one private key object, expanded data included
	Context int // one data-flow context (none for ML-DSA)
	Tables  int // precomputed tables shared by all keys
}

type fastConfig struct{}
type lowRAMConfig struct{}
type nativeConfig struct{}

// Fast returns the configuration that expands a key once (Â, ŝ1, ŝ2, t̂0,
// t̂1·2^d in the NTT domain) so that each operation is transforms and
// pointwise products only.
func Fast() Config { return fastConfig{} }

// LowRAM returns the configuration that keeps keys encoded and streams the
// matrix row by row, so that stack plus working memory stay within the
// STM32 CMOX low-RAM figures, at the price of sampling Â in every
// operation.
func LowRAM() Config { return lowRAMConfig{} }

// Native returns the configuration that keeps Fast's cache and runs
// Fast's algorithms (fast.go in internal/mldsa, generated for Native with
// the primitives swapped) on AVX2: the independent SHAKE streams four at
// a time in assembly (the k·ℓ SHAKE128 streams of ExpandA and the ℓ + k
// SHAKE256 streams of ExpandS in key generation, ExpandA when a public key
// is parsed, the mask streams of signing four at a time across attempts),
// and the NTT, inverse NTTs, row products, scaling, Decompose, norm checks
// and hints in AVX2: on amd64 processors with AVX2. Elsewhere, and under
// the purego build tag, Native() returns Fast() (it prints as "Fast").
// Keys, signatures and verification decisions are Fast's bit for bit. Its
// Memory adds the transforms' table (10,304 bytes) to Tables. It runs key
// generation and verification in about half of Fast's time and signing in
// about a third, about 1.2-1.5× faster than circl's AVX2 code (the table
// at Config).
func Native() Config {
	if cpu.X86.HasAVX2 {
		return nativeConfig{}
	}
	return Fast()
}

// Default returns Fast.
func Default() Config { return Fast() }

func (fastConfig) String() string   { return "Fast" }
func (lowRAMConfig) String() string { return "LowRAM" }
func (nativeConfig) String() string { return "Native" }

func (nativeConfig) Memory(paramSet int) Memory {
	m := fastConfig{}.Memory(paramSet)
	if m.Tables != 0 {
		m.Tables += mldsa.NativeTablesBytes
	}
	return m
}

const tablesBytes = 2 * 256 * 4 // zetas, izetas (internal/mldsa)

func (fastConfig) Memory(paramSet int) Memory {
	switch paramSet {
	case 44:
		return Memory{Key: int(unsafe.Sizeof(PrivateKey44{})) + mldsa.MLDSA44.ExpandedBytes(true), Tables: tablesBytes}
	case 65:
		return Memory{Key: int(unsafe.Sizeof(PrivateKey65{})) + mldsa.MLDSA65.ExpandedBytes(true), Tables: tablesBytes}
	case 87:
		return Memory{Key: int(unsafe.Sizeof(PrivateKey87{})) + mldsa.MLDSA87.ExpandedBytes(true), Tables: tablesBytes}
	}
	return Memory{}
}

func (lowRAMConfig) Memory(paramSet int) Memory {
	switch paramSet {
	case 44:
		return Memory{Key: int(unsafe.Sizeof(PrivateKey44{})) + PrivateKeySize44, Tables: tablesBytes}
	case 65:
		return Memory{Key: int(unsafe.Sizeof(PrivateKey65{})) + PrivateKeySize65, Tables: tablesBytes}
	case 87:
		return Memory{Key: int(unsafe.Sizeof(PrivateKey87{})) + PrivateKeySize87, Tables: tablesBytes}
	}
	return Memory{}
}

// SignerOpts are the options of signing and verification. The zero value
// (or nil) is pure ML-DSA with an empty context and hedged signing.
// It implements crypto.SignerOpts.
type SignerOpts struct {
	// Context is the context string ctx, at most 255 bytes (FIPS 204,
	// Algorithms 2-5). Signer and verifier must use the same.
	Context []byte
	// PreHash, if not zero, selects HashML-DSA (FIPS 204, Section 5.4): the
	// message passed is then the digest PH(M), of the function's size.
	PreHash PreHash
	// ExternalMu means the message passed is μ itself (64 bytes), computed
	// by the caller as H(tr ‖ M′) (the ACVP external-μ interface);
	// Context and PreHash must then be empty.
	ExternalMu bool
	// Deterministic signs with rnd = 0 (FIPS 204, Section 3.4) instead of
	// 32 fresh random bytes. Verification ignores it.
	Deterministic bool
}

// HashFunc returns the crypto.Hash of PreHash, or 0 for pure ML-DSA or a
// SHAKE pre-hash (which crypto.Hash cannot name).
func (o *SignerOpts) HashFunc() crypto.Hash {
	if o == nil {
		return 0
	}
	return o.PreHash.cryptoHash()
}

// message turns the options and message into the representative that
// Sign_internal and Verify_internal hash into μ, checking lengths.
func (o *SignerOpts) message(message []byte) (mldsa.Message, error) {
	if o == nil {
		return mldsa.Message{Kind: mldsa.Pure, M: message}, nil
	}
	if len(o.Context) > MaxContextSize {
		return mldsa.Message{}, errContext
	}
	switch {
	case o.ExternalMu:
		if o.PreHash != 0 || len(o.Context) != 0 {
			return mldsa.Message{}, errMuAndPreHash
		}
		if len(message) != MuSize {
			return mldsa.Message{}, errMuLength
		}
		return mldsa.Message{Kind: mldsa.ExternalMu, M: message}, nil
	case o.PreHash != 0:
		info, ok := preHashes[o.PreHash]
		if !ok {
			return mldsa.Message{}, errPreHash
		}
		if len(message) != info.size {
			return mldsa.Message{}, errDigestLength
		}
		m := mldsa.Message{Kind: mldsa.PreHash, Ctx: o.Context, OID: info.oid, PHLen: info.size}
		copy(m.PH[:], message)
		return m, nil
	}
	return mldsa.Message{Kind: mldsa.Pure, Ctx: o.Context, M: message}, nil
}

// mu returns μ for message under the options (FIPS 204, Algorithm 7), computed here, before the call through the Config, so that
// only 64 bytes cross it (by value: nothing escapes).
func (o *SignerOpts) mu(tr *[64]byte, message []byte) (μ [MuSize]byte, err error) {
	m, err := o.message(message)
	if err != nil {
		return μ, err
	}
	return m.Mu(tr), nil
}

func (o *SignerOpts) deterministic() bool { return o != nil && o.Deterministic }

// signerOpts converts the crypto.SignerOpts of crypto.Signer.Sign: nil or
// HashFunc() == 0 is pure ML-DSA, a *SignerOpts is used as is, and any
// other crypto.Hash selects HashML-DSA with that function.
func signerOpts(opts crypto.SignerOpts) (*SignerOpts, error) {
	if opts == nil {
		return nil, nil
	}
	if o, ok := opts.(*SignerOpts); ok {
		return o, nil
	}
	h := opts.HashFunc()
	if h == 0 {
		return nil, nil
	}
	for ph, info := range preHashes {
		if info.hash == h && h != 0 {
			return &SignerOpts{PreHash: ph}, nil
		}
	}
	return nil, errPreHash
}
