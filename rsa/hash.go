// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
	"github.com/cryptolab-go/cryptolab/sha2"
)

// The hash functions of PSS, OAEP, MGF1 and PKCS #1 v1.5 signatures,
// computed with cryptolab's own sha2 and internal/keccak: SHA-224, SHA-256,
// SHA-384, SHA-512, SHA-512/224, SHA-512/256, SHA3-224, SHA3-256, SHA3-384
// and SHA3-512. A switch on the crypto.Hash picks one, so every program
// that signs or verifies links all of them: about 29 KB of SHA-2 and 3 KB
// of Keccak code, half of a minimal signing program's cryptolab code.

// maxHashSize is the largest digest, SHA-512's.
const maxHashSize = 64

// sha1ForTest is set only by the tests, to run the RSA Laboratories
// example vectors, which use SHA-1 (with crypto/sha1). The library itself
// does not support SHA-1.
var sha1ForTest func([]byte) [20]byte

// hashSize returns the digest length of h, or 0 if h is not supported.
func hashSize(h crypto.Hash) int {
	switch h {
	case crypto.SHA1:
		if sha1ForTest != nil {
			return 20
		}
	case crypto.SHA224, crypto.SHA512_224, crypto.SHA3_224:
		return 28
	case crypto.SHA256, crypto.SHA512_256, crypto.SHA3_256:
		return 32
	case crypto.SHA384, crypto.SHA3_384:
		return 48
	case crypto.SHA512, crypto.SHA3_512:
		return 64
	}
	return 0
}

// hashSum sets out to the digest of data under h (supported, checked by the
// caller) and returns its length. It allocates nothing.
func hashSum(h crypto.Hash, out *[maxHashSize]byte, data []byte) int {
	switch h {
	case crypto.SHA1:
		// A copy, so that data does not escape through the function
		// value in the other cases (which must not allocate).
		d := sha1ForTest(append([]byte(nil), data...))
		return copy(out[:], d[:])
	case crypto.SHA224:
		d := sha2.Sum224(data)
		return copy(out[:], d[:])
	case crypto.SHA256:
		d := sha2.Sum256(data)
		return copy(out[:], d[:])
	case crypto.SHA384:
		d := sha2.Sum384(data)
		return copy(out[:], d[:])
	case crypto.SHA512:
		d := sha2.Sum512(data)
		return copy(out[:], d[:])
	case crypto.SHA512_224:
		d := sha2.Sum512_224(data)
		return copy(out[:], d[:])
	case crypto.SHA512_256:
		d := sha2.Sum512_256(data)
		return copy(out[:], d[:])
	case crypto.SHA3_224:
		var s keccak.SHA3_224
		s.Write(data)
		var d [keccak.Size224]byte
		s.SumTo(&d)
		return copy(out[:], d[:])
	case crypto.SHA3_256:
		var s keccak.SHA3_256
		s.Write(data)
		var d [keccak.Size256]byte
		s.SumTo(&d)
		return copy(out[:], d[:])
	case crypto.SHA3_384:
		var s keccak.SHA3_384
		s.Write(data)
		var d [keccak.Size384]byte
		s.SumTo(&d)
		return copy(out[:], d[:])
	case crypto.SHA3_512:
		var s keccak.SHA3_512
		s.Write(data)
		var d [keccak.Size512]byte
		s.SumTo(&d)
		return copy(out[:], d[:])
	}
	return 0
}

// mgf1XOR XORs into out the mask MGF1(seed, len(out)) under h (RFC 8017,
// Appendix B.2.1): the digests of seed || C for the 4-byte counters C = 0,
// 1, … concatenated.
func mgf1XOR(out []byte, h crypto.Hash, seed []byte) {
	var buf [maxBytes + 4]byte // the seed is H (PSS), the OAEP seed or maskedDB
	n := copy(buf[:], seed)
	var d [maxHashSize]byte
	for c := uint32(0); len(out) > 0; c++ {
		buf[n], buf[n+1], buf[n+2], buf[n+3] = byte(c>>24), byte(c>>16), byte(c>>8), byte(c)
		hl := hashSum(h, &d, buf[:n+4])
		m := min(hl, len(out))
		for i := 0; i < m; i++ {
			out[i] ^= d[i]
		}
		out = out[m:]
	}
}

// digestInfoPrefix returns the DER encoding of the DigestInfo of h up to
// the digest (RFC 8017, Section 9.2, Note 1; the SHA-3 and SHA-512/t
// object identifiers are 2.16.840.1.101.3.4.2.{5,6,7,8,9,10} from NIST's
// Computer Security Objects Register).
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
