// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
	"github.com/cryptolab-go/cryptolab/sha2"
)

// Hash is a hash function of PSS, OAEP, MGF1 and PKCS #1 v1.5 signatures,
// computed with cryptolab's own sha2 and internal/keccak. It is a sealed
// value named by a function, as a [Config] is: [SHA224], [SHA256],
// [SHA384], [SHA512], [SHA512_224], [SHA512_256], [SHA3_224], [SHA3_256],
// [SHA3_384] and [SHA3_512]. Each is its own type calling one hash
// statically, so a program links only the hash functions it names:
// signing RSA-3072 PSS with SHA256() links SHA-256 alone, 42 KB less than
// when every hash was reachable (linker_test.go, TestLinkerHashes).
// [HashFor] maps a crypto.Hash to its Hash and so links all ten, and the
// ten types' methods and descriptors cost such a program 12 KB more than
// the former switch did; crypto.Signer's Sign, crypto.Decrypter's Decrypt
// and package stdrsa go through it, since a crypto.SignerOpts names its
// hash by number.
//
// A Hash is also a crypto.SignerOpts (its HashFunc is the crypto.Hash it
// computes): (*PrivateKey).Sign(rand, digest, rsa.SHA256()) signs with
// RSASSA-PKCS1-v1_5.
type Hash interface {
	// HashFunc returns the crypto.Hash this function computes (its Size
	// is the digest length).
	HashFunc() crypto.Hash
	// sum returns the digest of in[:n], or of long when it is not nil.
	// The input comes by value, not as a slice: the call goes through an
	// interface, whose arguments escape to the heap (the compiler cannot
	// see the method), so a slice of the callers' stack scratch would move
	// that scratch to the heap on every operation. Copying in costs about
	// 25 ns a call (BenchmarkHashSum: 88 against 61 ns for SHA-256 of 36
	// bytes, best of 4 runs), 13 calls to sign or verify RSA-3072 PSS
	// with SHA-256, under 1% of verification; long is for what does not
	// fit (OAEP labels of more than maxHashInput bytes, passed as a heap
	// copy).
	sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte
}

// maxHashSize is the largest digest, SHA-512's.
const maxHashSize = 64

// maxHashInput is the largest input hashed by value: PSS's M' (8 zero
// bytes, the digest and a salt of at most maxSalt bytes), longer than
// MGF1's seed || counter (at most maxBytes + 4).
const maxHashInput = 8 + maxHashSize + maxSalt

// The ten hash types: zero-size, with pointer receivers (a value receiver
// would add a pointer wrapper of each method to every program), their
// Hash values pointers to the variables below, so that naming one
// allocates nothing.
type (
	sha224Hash     struct{}
	sha256Hash     struct{}
	sha384Hash     struct{}
	sha512Hash     struct{}
	sha512_224Hash struct{}
	sha512_256Hash struct{}
	sha3_224Hash   struct{}
	sha3_256Hash   struct{}
	sha3_384Hash   struct{}
	sha3_512Hash   struct{}
)

// SHA224 returns SHA-224 (FIPS 180-4).
func SHA224() Hash { return &sha224Value }

// SHA256 returns SHA-256 (FIPS 180-4).
func SHA256() Hash { return &sha256Value }

// SHA384 returns SHA-384 (FIPS 180-4).
func SHA384() Hash { return &sha384Value }

// SHA512 returns SHA-512 (FIPS 180-4).
func SHA512() Hash { return &sha512Value }

// SHA512_224 returns SHA-512/224 (FIPS 180-4).
func SHA512_224() Hash { return &sha512_224Value }

// SHA512_256 returns SHA-512/256 (FIPS 180-4).
func SHA512_256() Hash { return &sha512_256Value }

// SHA3_224 returns SHA3-224 (FIPS 202).
func SHA3_224() Hash { return &sha3_224Value }

// SHA3_256 returns SHA3-256 (FIPS 202).
func SHA3_256() Hash { return &sha3_256Value }

// SHA3_384 returns SHA3-384 (FIPS 202).
func SHA3_384() Hash { return &sha3_384Value }

// SHA3_512 returns SHA3-512 (FIPS 202).
func SHA3_512() Hash { return &sha3_512Value }

var (
	sha224Value     sha224Hash
	sha256Value     sha256Hash
	sha384Value     sha384Hash
	sha512Value     sha512Hash
	sha512_224Value sha512_224Hash
	sha512_256Value sha512_256Hash
	sha3_224Value   sha3_224Hash
	sha3_256Value   sha3_256Hash
	sha3_384Value   sha3_384Hash
	sha3_512Value   sha3_512Hash
)

// HashFor returns the Hash that computes h, or nil when h is 0 or a hash
// function this package does not support (MD5, SHA-1, …). It names every
// supported hash function, so a program that calls it links all of them.
func HashFor(h crypto.Hash) Hash {
	switch h {
	case crypto.SHA224:
		return SHA224()
	case crypto.SHA256:
		return SHA256()
	case crypto.SHA384:
		return SHA384()
	case crypto.SHA512:
		return SHA512()
	case crypto.SHA512_224:
		return SHA512_224()
	case crypto.SHA512_256:
		return SHA512_256()
	case crypto.SHA3_224:
		return SHA3_224()
	case crypto.SHA3_256:
		return SHA3_256()
	case crypto.SHA3_384:
		return SHA3_384()
	case crypto.SHA3_512:
		return SHA3_512()
	}
	return nil
}

func (*sha224Hash) HashFunc() crypto.Hash     { return crypto.SHA224 }
func (*sha256Hash) HashFunc() crypto.Hash     { return crypto.SHA256 }
func (*sha384Hash) HashFunc() crypto.Hash     { return crypto.SHA384 }
func (*sha512Hash) HashFunc() crypto.Hash     { return crypto.SHA512 }
func (*sha512_224Hash) HashFunc() crypto.Hash { return crypto.SHA512_224 }
func (*sha512_256Hash) HashFunc() crypto.Hash { return crypto.SHA512_256 }
func (*sha3_224Hash) HashFunc() crypto.Hash   { return crypto.SHA3_224 }
func (*sha3_256Hash) HashFunc() crypto.Hash   { return crypto.SHA3_256 }
func (*sha3_384Hash) HashFunc() crypto.Hash   { return crypto.SHA3_384 }
func (*sha3_512Hash) HashFunc() crypto.Hash   { return crypto.SHA3_512 }

func (*sha224Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	d := sha2.Sum224(data)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

func (*sha256Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	d := sha2.Sum256(data)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

func (*sha384Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	d := sha2.Sum384(data)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

func (*sha512Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	d := sha2.Sum512(data)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

func (*sha512_224Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	d := sha2.Sum512_224(data)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

func (*sha512_256Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	d := sha2.Sum512_256(data)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

func (*sha3_224Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	var s keccak.SHA3_224
	s.Write(data)
	var d [keccak.Size224]byte
	s.SumTo(&d)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

func (*sha3_256Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	var s keccak.SHA3_256
	s.Write(data)
	var d [keccak.Size256]byte
	s.SumTo(&d)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

func (*sha3_384Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	var s keccak.SHA3_384
	s.Write(data)
	var d [keccak.Size384]byte
	s.SumTo(&d)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

func (*sha3_512Hash) sum(in [maxHashInput]byte, n int, long []byte) [maxHashSize]byte {
	data := in[:n]
	if long != nil {
		data = long
	}
	var s keccak.SHA3_512
	s.Write(data)
	var d [keccak.Size512]byte
	s.SumTo(&d)
	var out [maxHashSize]byte
	copy(out[:], d[:])
	return out
}

// mgf1XOR XORs into out the mask MGF1(seed, len(out)) under h (RFC 8017,
// Appendix B.2.1): the digests of seed || C for the 4-byte counters C = 0,
// 1, … concatenated.
func mgf1XOR(out []byte, h Hash, seed []byte) {
	var buf [maxHashInput]byte // the seed is H (PSS), the OAEP seed or maskedDB
	n := copy(buf[:], seed)
	for c := uint32(0); len(out) > 0; c++ {
		buf[n], buf[n+1], buf[n+2], buf[n+3] = byte(c>>24), byte(c>>16), byte(c>>8), byte(c)
		d := h.sum(buf, n+4, nil)
		m := min(h.HashFunc().Size(), len(out))
		for i := 0; i < m; i++ {
			out[i] ^= d[i]
		}
		out = out[m:]
	}
}

// digestInfoPrefix returns the DER encoding of the DigestInfo of h up to
// the digest (RFC 8017, Section 9.2, Note 1; the SHA-3 and SHA-512/t
// object identifiers are 2.16.840.1.101.3.4.2.{5,6,7,8,9,10} from NIST's
// Computer Security Objects Register), or nil for another hash. A switch
// on the number: it names the ten 19-byte prefixes (190 B of data), not
// the hash functions.
func digestInfoPrefix(h crypto.Hash) []byte {
	switch h {
	case crypto.SHA224:
		return prefixSHA224
	case crypto.SHA256:
		return prefixSHA256
	case crypto.SHA384:
		return prefixSHA384
	case crypto.SHA512:
		return prefixSHA512
	case crypto.SHA512_224:
		return prefixSHA512_224
	case crypto.SHA512_256:
		return prefixSHA512_256
	case crypto.SHA3_224:
		return prefixSHA3_224
	case crypto.SHA3_256:
		return prefixSHA3_256
	case crypto.SHA3_384:
		return prefixSHA3_384
	case crypto.SHA3_512:
		return prefixSHA3_512
	}
	return nil
}

// DigestInfo prefixes, package variables so that returning one allocates
// nothing.
var (
	prefixSHA224     = []byte{0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c}
	prefixSHA256     = []byte{0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20}
	prefixSHA384     = []byte{0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30}
	prefixSHA512     = []byte{0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40}
	prefixSHA512_224 = []byte{0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x05, 0x05, 0x00, 0x04, 0x1c}
	prefixSHA512_256 = []byte{0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x06, 0x05, 0x00, 0x04, 0x20}
	prefixSHA3_224   = []byte{0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x07, 0x05, 0x00, 0x04, 0x1c}
	prefixSHA3_256   = []byte{0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x08, 0x05, 0x00, 0x04, 0x20}
	prefixSHA3_384   = []byte{0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x09, 0x05, 0x00, 0x04, 0x30}
	prefixSHA3_512   = []byte{0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x0a, 0x05, 0x00, 0x04, 0x40}
)
