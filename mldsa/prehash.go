// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"crypto"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
	"github.com/cryptolab-go/cryptolab/sha2"
)

// PreHash is the hash function of HashML-DSA (FIPS 204, Section 5.4). Its
// OID goes into M′ (Algorithm 4): the DER encoding of
// 2.16.840.1.101.3.4.2.x from NIST's Computer Security Objects Register
// (hashAlgs arc; FIPS 204, Section 5.4.1, spells out SHA-256, SHA-512 and
// SHAKE128 as examples; RFC 8702 the SHAKE arcs). SHAKE128 is used with 256
// bits of output and SHAKE256 with 512, as FIPS 204 specifies.
type PreHash uint8

// The pre-hash functions, with the last arc of their OIDs.
const (
	SHA224     PreHash = 1 + iota // 2.16.840.1.101.3.4.2.4
	SHA256                        // .1
	SHA384                        // .2
	SHA512                        // .3
	SHA512_224                    // .5
	SHA512_256                    // .6
	SHA3_224                      // .7
	SHA3_256                      // .8
	SHA3_384                      // .9
	SHA3_512                      // .10
	SHAKE128                      // .11, 32-byte output
	SHAKE256                      // .12, 64-byte output
)

type preHashInfo struct {
	name string
	oid  []byte
	size int
	hash crypto.Hash
}

func hashOID(arc byte) []byte {
	return []byte{0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, arc}
}

var preHashes = map[PreHash]preHashInfo{
	SHA224:     {"SHA-224", hashOID(4), 28, crypto.SHA224},
	SHA256:     {"SHA-256", hashOID(1), 32, crypto.SHA256},
	SHA384:     {"SHA-384", hashOID(2), 48, crypto.SHA384},
	SHA512:     {"SHA-512", hashOID(3), 64, crypto.SHA512},
	SHA512_224: {"SHA-512/224", hashOID(5), 28, crypto.SHA512_224},
	SHA512_256: {"SHA-512/256", hashOID(6), 32, crypto.SHA512_256},
	SHA3_224:   {"SHA3-224", hashOID(7), 28, crypto.SHA3_224},
	SHA3_256:   {"SHA3-256", hashOID(8), 32, crypto.SHA3_256},
	SHA3_384:   {"SHA3-384", hashOID(9), 48, crypto.SHA3_384},
	SHA3_512:   {"SHA3-512", hashOID(10), 64, crypto.SHA3_512},
	SHAKE128:   {"SHAKE128", hashOID(11), 32, 0},
	SHAKE256:   {"SHAKE256", hashOID(12), 64, 0},
}

// String returns the function's name, such as "SHA-512".
func (h PreHash) String() string {
	if info, ok := preHashes[h]; ok {
		return info.name
	}
	return "PreHash(?)"
}

// Size returns the digest size PH(M) must have, or 0 for an unknown value.
func (h PreHash) Size() int { return preHashes[h].size }

// OID returns the DER encoding of the function's object identifier, as it
// enters M′.
func (h PreHash) OID() []byte {
	info, ok := preHashes[h]
	if !ok {
		return nil
	}
	return append([]byte(nil), info.oid...)
}

func (h PreHash) cryptoHash() crypto.Hash { return preHashes[h].hash }

// Sum returns PH(message) with cryptolab's own hashes (package sha2 and
// internal/keccak), for passing to Sign or Verify with this PreHash.
func (h PreHash) Sum(message []byte) ([]byte, error) {
	switch h {
	case SHA224:
		d := sha2.Sum224(message)
		return d[:], nil
	case SHA256:
		d := sha2.Sum256(message)
		return d[:], nil
	case SHA384:
		d := sha2.Sum384(message)
		return d[:], nil
	case SHA512:
		d := sha2.Sum512(message)
		return d[:], nil
	case SHA512_224:
		d := sha2.Sum512_224(message)
		return d[:], nil
	case SHA512_256:
		d := sha2.Sum512_256(message)
		return d[:], nil
	case SHA3_224:
		var h keccak.SHA3_224
		var d [keccak.Size224]byte
		h.Write(message)
		h.SumTo(&d)
		return d[:], nil
	case SHA3_256:
		d := keccak.Sum256(message)
		return d[:], nil
	case SHA3_384:
		var h keccak.SHA3_384
		var d [keccak.Size384]byte
		h.Write(message)
		h.SumTo(&d)
		return d[:], nil
	case SHA3_512:
		d := keccak.Sum512(message)
		return d[:], nil
	case SHAKE128:
		d := make([]byte, 32)
		keccak.ShakeSum128(d, message)
		return d, nil
	case SHAKE256:
		d := make([]byte, 64)
		keccak.ShakeSum256(d, message)
		return d, nil
	}
	return nil, errPreHash
}
