// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package sha2sum gives cryptolab's other packages the one-shot SHA-2
// functions of package sha2 on a compression strategy their configuration
// chooses, without adding the choice to sha2's public API.
//
// A [Strategy] is a pair of compression functions, one per family
// (SHA-224/256 and SHA-384/512/512t), held as function values:
//
//	Compact  sha2's rolled loops (compact.go): about 1 KiB of machine code
//	         for both families on amd64, 1.6x (SHA-256) and 1.75x (SHA-512)
//	         the unrolled code's instructions. For the Small
//	         configurations.
//	Native   what sha2's own functions run (block256, block512): the
//	         processor's SHA instructions where it has them, else the
//	         unrolled Go code; about 29 KiB of Go and, on amd64, 14 KiB of
//	         assembly. For every other configuration.
//
// The configuration value returns its Strategy (ecdsa's and ed25519's
// Config do), and the shared code below it (internal/hmac and the RFC 6979
// generator; ed25519's key derivation and hashToScalar) calls through it,
// so a program links only the strategies its configurations name: a
// program that uses only ecdsa.SmallLow or ed25519.SmallOptLow links
// neither sha2's unrolled functions nor its assembly (the packages' linker
// tests check it).
//
// The functions cross the call by value (see sha2/strategy.go): a call
// through a function value would otherwise move every caller's hash state
// and buffers to the heap.
package sha2sum

import (
	_ "unsafe" // go:linkname

	_ "github.com/cryptolab-go/cryptolab/sha2" // defines the linked functions
)

// Variant names a SHA-2 function; the numbering is that of sha2's sum256With
// and sum512With (sha2/strategy.go).
type Variant uint8

const (
	SHA224 Variant = iota + 1
	SHA256
	SHA384
	SHA512
	SHA512_224
	SHA512_256
)

// Strategy is a pair of SHA-2 compression functions. The zero Strategy
// computes nothing: Sum returns 0. It has no methods (Sum, SumKeyed and
// Valid are functions): a configuration's method returns a Strategy, so
// its type descriptor is in every program of the configuration, and
// methods would add their names and types to it (129 B).
type Strategy struct {
	block256 func(H [8]uint32, M [64]byte) [8]uint32
	block512 func(H [8]uint64, M [128]byte) [8]uint64
}

// Compact returns sha2's rolled compression loops.
func Compact() Strategy { return Strategy{compactBlock256, compactBlock512} }

// Native returns the compression functions of sha2's public API.
func Native() Strategy { return Strategy{nativeBlock256, nativeBlock512} }

// Valid reports whether s is Compact or Native (not the zero Strategy).
func Valid(s Strategy) bool { return s.block256 != nil && s.block512 != nil }

// Sum sets out[:n] to the digest under v of the concatenation of parts,
// zeroes out[n:], and returns n, the digest size of v, or 0 (writing
// nothing) for an unknown Variant or the zero Strategy. out may alias a
// part (it is written last). Sum allocates nothing, copies one block at a
// time, and runs in time that depends on the lengths only.
func Sum(s Strategy, v Variant, out *[64]byte, parts ...[]byte) int {
	return SumKeyed(s, v, out, nil, 0, parts...)
}

// SumKeyed is Sum with one more block before the parts, K0 ⊕ pad, where
// K0 is key zero-extended to the block size of v (FIPS 198-1 §4: HMAC's
// inner hash with pad 0x36, its outer hash with 0x5c). The block is made
// as it is hashed, in the block buffer the padding uses, so the caller
// holds no copy of it. A key longer than a block returns 0 (HMAC hashes
// such a key first); pad 0 means no such block (Sum).
func SumKeyed(s Strategy, v Variant, out *[64]byte, key []byte, pad byte, parts ...[]byte) int {
	if v <= SHA256 {
		return sum256With(uint8(v), s.block256, out, key, pad, parts)
	}
	return sum512With(uint8(v), s.block512, out, key, pad, parts)
}

//go:noescape
//go:linkname sum256With github.com/cryptolab-go/cryptolab/sha2.sum256With
func sum256With(v uint8, block func([8]uint32, [64]byte) [8]uint32, out *[64]byte, key []byte, pad byte, parts [][]byte) int

//go:noescape
//go:linkname sum512With github.com/cryptolab-go/cryptolab/sha2.sum512With
func sum512With(v uint8, block func([8]uint64, [128]byte) [8]uint64, out *[64]byte, key []byte, pad byte, parts [][]byte) int

//go:linkname compactBlock256 github.com/cryptolab-go/cryptolab/sha2.blockSHA256Compact
func compactBlock256(H [8]uint32, M [64]byte) [8]uint32

//go:linkname compactBlock512 github.com/cryptolab-go/cryptolab/sha2.blockSHA512Compact
func compactBlock512(H [8]uint64, M [128]byte) [8]uint64

//go:linkname nativeBlock256 github.com/cryptolab-go/cryptolab/sha2.nativeBlock256
func nativeBlock256(H [8]uint32, M [64]byte) [8]uint32

//go:linkname nativeBlock512 github.com/cryptolab-go/cryptolab/sha2.nativeBlock512
func nativeBlock512(H [8]uint64, M [128]byte) [8]uint64
