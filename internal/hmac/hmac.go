// Package hmac is HMAC (RFC 2104, FIPS 198-1) over cryptolab's own SHA-2
// (package sha2), written once for every package that needs it (today the
// RFC 6979 nonce generator of package ecdsa).
//
// It computes one MAC per call from whole inputs, with no running state:
// the caller passes a scratch buffer that holds a block and the message
// (sha2's one-shot Sum functions hash it from there), so nothing is
// allocated and the caller decides where the bytes live. The scratch is
// cleared before Sum returns, since it held the key.
package hmac

import "github.com/cryptolab-go/cryptolab/sha2"

// Hash names the SHA-2 function HMAC is computed with.
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

// sum writes h(data) to the first h.Size() bytes of out. Each case
// assigns the digest straight into out (no temporary per case on the
// stack).
func (h Hash) sum(out *[MaxSize]byte, data []byte) {
	switch h {
	case SHA224:
		*(*[sha2.Size224]byte)(out[:]) = sha2.Sum224(data)
	case SHA256:
		*(*[sha2.Size256]byte)(out[:]) = sha2.Sum256(data)
	case SHA384:
		*(*[sha2.Size384]byte)(out[:]) = sha2.Sum384(data)
	case SHA512:
		*out = sha2.Sum512(data)
	case SHA512_224:
		*(*[sha2.Size224]byte)(out[:]) = sha2.Sum512_224(data)
	case SHA512_256:
		*(*[sha2.Size256]byte)(out[:]) = sha2.Sum512_256(data)
	}
}

// ScratchSize returns the scratch length Sum needs for a message of n
// bytes: one block and the longer of the message and h's output.
func (h Hash) ScratchSize(n int) int { return h.BlockSize() + max(n, h.Size()) }

// Sum sets out[:h.Size()] to HMAC-h(key, m) where m is the concatenation of
// parts, and returns h.Size(). A key longer than a block is hashed first
// (RFC 2104 §2). scratch must hold at least h.ScratchSize(len(m)) bytes;
// Sum returns 0, writing nothing, for a shorter scratch or an unknown
// Hash. out may alias key or any part (they are read before out is
// written). Constant time in the key and message bytes (lengths are
// public).
func Sum(h Hash, out *[MaxSize]byte, key, scratch []byte, parts ...[]byte) int {
	bs, size := h.BlockSize(), h.Size()
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if bs == 0 || len(scratch) < h.ScratchSize(n) {
		return 0
	}
	// K0 ⊕ ipad in scratch[:bs]: the key, hashed first (into out) if longer
	// than a block, zero-padded (FIPS 198-1 §4 steps 1-4). out serves as
	// the only temporary, for the hashed key and then the inner hash, so
	// the frame holds no copy of the key (stack: issue 17).
	if len(key) > bs {
		h.sum(out, key)
		key = out[:size]
	}
	for i := 0; i < bs; i++ {
		var k byte
		if i < len(key) {
			k = key[i]
		}
		scratch[i] = k ^ 0x36
	}
	// Inner hash: H((K0 ⊕ ipad) ‖ m).
	off := bs
	for _, p := range parts {
		off += copy(scratch[off:], p)
	}
	h.sum(out, scratch[:off])
	// Outer hash: H((K0 ⊕ opad) ‖ inner), turning the ipad block into the
	// opad block in place.
	for i := 0; i < bs; i++ {
		scratch[i] ^= 0x36 ^ 0x5c
	}
	copy(scratch[bs:], out[:size])
	h.sum(out, scratch[:bs+size])
	clear(scratch)
	return size
}
