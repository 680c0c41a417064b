package ecdsa

import (
	"crypto"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
)

// hmacDRBG is the deterministic nonce generator of RFC 6979 §3.2 (HMAC_DRBG
// of SP 800-90A with the private key and the digest as seed). It keeps K and
// V in fixed arrays and builds every HMAC input in a buffer on the stack, so
// it allocates nothing: 2·64 bytes of state plus a 448-byte work buffer.
type hmacDRBG struct {
	h           crypto.Hash
	size, block int // hash output and block sizes in bytes
	K, V        [64]byte
	buf         [448]byte // block ‖ message; message ≤ 64+1+48+48+48 bytes
}

// hashSize returns the output size of the hashes HMAC can use here, or 0.
func hashSize(h crypto.Hash) int {
	switch h {
	case crypto.SHA1:
		return 20
	case crypto.SHA224, crypto.SHA512_224:
		return 28
	case crypto.SHA256, crypto.SHA512_256:
		return 32
	case crypto.SHA384:
		return 48
	case crypto.SHA512:
		return 64
	}
	return 0
}

// sum writes H(data) to out and returns its length.
func (g *hmacDRBG) sum(out *[64]byte, data []byte) {
	switch g.h {
	case crypto.SHA1:
		s := sha1.Sum(data)
		copy(out[:], s[:])
	case crypto.SHA224:
		s := sha256.Sum224(data)
		copy(out[:], s[:])
	case crypto.SHA256:
		s := sha256.Sum256(data)
		copy(out[:], s[:])
	case crypto.SHA384:
		s := sha512.Sum384(data)
		copy(out[:], s[:])
	case crypto.SHA512:
		s := sha512.Sum512(data)
		copy(out[:], s[:])
	case crypto.SHA512_224:
		s := sha512.Sum512_224(data)
		copy(out[:], s[:])
	case crypto.SHA512_256:
		s := sha512.Sum512_256(data)
		copy(out[:], s[:])
	}
}

// hmac sets out = HMAC_K(a ‖ b ‖ c ‖ d ‖ e) (RFC 2104) with the current K,
// which is never longer than a block.
func (g *hmacDRBG) hmac(out *[64]byte, a, b, c, d, e []byte) {
	bs := g.block
	for i := 0; i < bs; i++ {
		g.buf[i] = 0x36
	}
	for i := 0; i < g.size; i++ {
		g.buf[i] ^= g.K[i]
	}
	n := bs
	n += copy(g.buf[n:], a)
	n += copy(g.buf[n:], b)
	n += copy(g.buf[n:], c)
	n += copy(g.buf[n:], d)
	n += copy(g.buf[n:], e)
	var inner [64]byte
	g.sum(&inner, g.buf[:n])
	for i := 0; i < bs; i++ {
		g.buf[i] = 0x5c
	}
	for i := 0; i < g.size; i++ {
		g.buf[i] ^= g.K[i]
	}
	n = bs + copy(g.buf[bs:], inner[:g.size])
	g.sum(out, g.buf[:n])
	clear(g.buf[:])
}

// init runs RFC 6979 §3.2 steps b-g with x = int2octets(d), h = bits2octets(h1)
// and extra the additional data k' of §3.6 (nil for deterministic signing).
func (g *hmacDRBG) init(h crypto.Hash, x, hb, extra []byte) {
	g.h = h
	g.size = hashSize(h)
	g.block = 64
	if g.size == 48 || g.size == 64 || h == crypto.SHA512_224 || h == crypto.SHA512_256 {
		g.block = 128
	}
	for i := 0; i < g.size; i++ {
		g.V[i] = 0x01
		g.K[i] = 0x00
	}
	v := g.V[:g.size]
	g.hmac(&g.K, v, []byte{0x00}, x, hb, extra) // step d
	g.hmac(&g.V, v, nil, nil, nil, nil)         // step e
	g.hmac(&g.K, v, []byte{0x01}, x, hb, extra) // step f
	g.hmac(&g.V, v, nil, nil, nil, nil)         // step g
}

// generate fills t (qlen/8 bytes) with the next candidate (step h.2).
func (g *hmacDRBG) generate(t []byte) {
	for n := 0; n < len(t); {
		g.hmac(&g.V, g.V[:g.size], nil, nil, nil, nil)
		n += copy(t[n:], g.V[:g.size])
	}
}

// reject updates K and V after a rejected candidate (step h.3).
func (g *hmacDRBG) reject() {
	g.hmac(&g.K, g.V[:g.size], []byte{0x00}, nil, nil, nil)
	g.hmac(&g.V, g.V[:g.size], nil, nil, nil, nil)
}

// wipe clears the generator state.
func (g *hmacDRBG) wipe() {
	clear(g.K[:])
	clear(g.V[:])
	clear(g.buf[:])
}
