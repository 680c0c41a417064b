// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"errors"
	"hash"
)

//go:generate go run gen_block.go

// Digest and block sizes in bytes (FIPS 180-4, §1, Figure 1).
const (
	Size224 = 28 // SHA-224 and SHA-512/224
	Size256 = 32 // SHA-256 and SHA-512/256
	Size384 = 48 // SHA-384
	Size512 = 64 // SHA-512

	BlockSize256 = 64  // SHA-224 and SHA-256 process 512-bit blocks
	BlockSize512 = 128 // SHA-384, SHA-512, SHA-512/224, SHA-512/256: 1024-bit blocks
)

// Errors of UnmarshalBinary and of methods on a nil digest. They are kept unexported: a caller needs to know
// that a saved state was refused, not to tell the two reasons apart.
var (
	errStateVariant = errors.New("sha2: saved state is not of this hash variant")
	errStateSize    = errors.New("sha2: saved state has the wrong length")
	errNilDigest    = errors.New("sha2: nil *Digest256 or *Digest512")
)

// Sole buffer: each SumXXX hashes a whole message held in memory and returns
// the digest as an array, so nothing is allocated. The full blocks are
// compressed straight from data; only the last one or two (padded) blocks
// are assembled in a stack buffer.

// Sum224 returns the SHA-224 digest of data (FIPS 180-4, §6.3).
func Sum224(data []byte) [Size224]byte {
	H := iv224
	sumSHA256(&H, data)
	var out [Size224]byte
	putWords32(out[:], &H)
	return out
}

// Sum256 returns the SHA-256 digest of data (FIPS 180-4, §6.2).
func Sum256(data []byte) [Size256]byte {
	H := iv256
	sumSHA256(&H, data)
	var out [Size256]byte
	putWords32(out[:], &H)
	return out
}

// Sum384 returns the SHA-384 digest of data (FIPS 180-4, §6.5).
func Sum384(data []byte) [Size384]byte {
	H := iv384
	sumSHA512(&H, data)
	var out [Size384]byte
	putWords64(out[:], &H)
	return out
}

// Sum512 returns the SHA-512 digest of data (FIPS 180-4, §6.4).
func Sum512(data []byte) [Size512]byte {
	H := iv512
	sumSHA512(&H, data)
	var out [Size512]byte
	putWords64(out[:], &H)
	return out
}

// Sum512_224 returns the SHA-512/224 digest of data (FIPS 180-4, §6.6).
func Sum512_224(data []byte) [Size224]byte {
	H := iv512_224
	sumSHA512(&H, data)
	var out [Size224]byte
	putWords64(out[:], &H)
	return out
}

// Sum512_256 returns the SHA-512/256 digest of data (FIPS 180-4, §6.7).
func Sum512_256(data []byte) [Size256]byte {
	H := iv512_256
	sumSHA512(&H, data)
	var out [Size256]byte
	putWords64(out[:], &H)
	return out
}

// Data flow: each NewXXX returns a fresh running state as a hash.Hash. The
// dynamic type is *Digest256 (SHA-224, SHA-256) or *Digest512 (the others),
// which also implement encoding.BinaryMarshaler, encoding.BinaryAppender,
// encoding.BinaryUnmarshaler and hash.Cloner. NewXXX allocates the state
// once (112 or 208 bytes); Write, Sum into a buffer with room and Reset
// allocate nothing after that.

// New224 returns a new SHA-224 hash.
func New224() hash.Hash { d := new(Digest256); d.init(variant224); return d }

// New256 returns a new SHA-256 hash.
func New256() hash.Hash { d := new(Digest256); d.init(variant256); return d }

// New384 returns a new SHA-384 hash.
func New384() hash.Hash { d := new(Digest512); d.init(variant384); return d }

// New512 returns a new SHA-512 hash.
func New512() hash.Hash { d := new(Digest512); d.init(variant512); return d }

// New512_224 returns a new SHA-512/224 hash.
func New512_224() hash.Hash { d := new(Digest512); d.init(variant512_224); return d }

// New512_256 returns a new SHA-512/256 hash.
func New512_256() hash.Hash { d := new(Digest512); d.init(variant512_256); return d }

// Implementation256 names the SHA-224 and SHA-256 compression function
// that runs on this processor: "SHA-NI" (the amd64 SHA extensions),
// "ARMv8" (the ARMv8 SHA-256 instructions) or "Go" (the unrolled Go code:
// other processors, and every build with the purego tag). The choice is
// made at each call from internal/cpu; see the package documentation.
func Implementation256() string { return implementation256() }

// Implementation512 names the SHA-384, SHA-512, SHA-512/224 and
// SHA-512/256 compression function that runs on this processor: "AVX"
// (amd64 with AVX and BMI2: the message schedule in vector registers
// beside the rounds), "ARMv8.2" (the ARMv8.2 SHA-512 instructions) or "Go"
// (the unrolled Go code).
func Implementation512() string { return implementation512() }
