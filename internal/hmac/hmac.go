// Package hmac is HMAC (RFC 2104, FIPS 198-1) over cryptolab's own SHA-2
// (package sha2), written once for every package that needs it (today the
// RFC 6979 nonce generator of package ecdsa).
//
// The SHA-2 compression functions are the caller's choice, a
// sha2sum.Strategy its configuration returns (sha2sum.Compact for the
// Small configurations, sha2sum.Native otherwise), so a program links the
// compression functions of the configurations it names and no others.
//
// It computes one MAC per call from whole inputs, with no running state:
// the message parts are hashed where they lie and the K0 ⊕ pad blocks are
// made inside the hash (sha2sum's SumKeyed), so nothing is allocated or
// concatenated; Sum's frame holds the inner hash (64 bytes, cleared).
package hmac

import (
	"github.com/cryptolab-go/cryptolab/internal/sha2sum"
	"github.com/cryptolab-go/cryptolab/sha2"
)

// Hash names the SHA-2 function HMAC is computed with (numbered as
// sha2sum.Variant).
type Hash uint8

const (
	SHA224 Hash = iota + 1
	SHA256
	SHA384
	SHA512
	SHA512_224
	SHA512_256
)

// MaxSize and MaxBlockSize bound Size and BlockSize over every Hash.
const (
	MaxSize      = sha2.Size512
	MaxBlockSize = sha2.BlockSize512
)

// Size returns the output length of h in bytes (0 for an unknown Hash).
func (h Hash) Size() int {
	switch h {
	case SHA224, SHA512_224:
		return sha2.Size224
	case SHA256, SHA512_256:
		return sha2.Size256
	case SHA384:
		return sha2.Size384
	case SHA512:
		return sha2.Size512
	}
	return 0
}

// BlockSize returns the block length of h in bytes (0 for an unknown Hash).
func (h Hash) BlockSize() int {
	switch h {
	case SHA224, SHA256:
		return sha2.BlockSize256
	case SHA384, SHA512, SHA512_224, SHA512_256:
		return sha2.BlockSize512
	}
	return 0
}

// Sum sets out[:h.Size()] to HMAC-h(key, m) where m is the concatenation
// of parts, computed on the compression functions of s, zeroes the rest
// of out, and returns h.Size(). A key longer than a block is hashed first
// (RFC 2104 §2). Sum returns 0, writing nothing, for an unknown Hash or
// the zero Strategy. out may alias key or any part (they are read before
// out is written).
// Constant time in the key and message bytes (lengths are public).
func Sum(h Hash, s sha2sum.Strategy, out *[MaxSize]byte, key []byte, parts ...[]byte) int {
	bs, size := h.BlockSize(), h.Size()
	v := sha2sum.Variant(h)
	if bs == 0 || !sha2sum.Valid(s) {
		return 0
	}
	if len(key) > bs {
		return sumLongKey(h, s, out, key, parts...)
	}
	// K0 is the key zero-padded to a block (FIPS 198-1 §4 steps 1-3);
	// SumKeyed makes each K0 ⊕ pad block as it hashes it, so this frame
	// holds no copy of the key. The inner hash H((K0 ⊕ ipad) ‖ m) goes to
	// inner, not out, since key may alias out; the outer hash
	// H((K0 ⊕ opad) ‖ inner) writes out last.
	var inner [MaxSize]byte
	sha2sum.SumKeyed(s, v, &inner, key, 0x36, parts...)
	sha2sum.SumKeyed(s, v, out, key, 0x5c, inner[:size])
	clear(inner[:])
	return size
}

// sumLongKey is Sum for a key longer than a block: the key is hashed
// first (RFC 2104 §2), here, so that Sum's frame, on the path of every
// HMAC, does not carry the buffer.
func sumLongKey(h Hash, s sha2sum.Strategy, out *[MaxSize]byte, key []byte, parts ...[]byte) int {
	var k0 [MaxSize]byte
	sha2sum.Sum(s, sha2sum.Variant(h), &k0, key)
	n := Sum(h, s, out, k0[:h.Size()], parts...)
	clear(k0[:])
	return n
}
