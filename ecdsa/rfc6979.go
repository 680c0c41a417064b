package ecdsa

import (
	"crypto"

	"github.com/cryptolab-go/cryptolab/internal/hmac"
)

// hmacHash returns the HMAC hash for a crypto.Hash that RFC 6979 signing
// supports here: the SHA-2 functions of package sha2 (SHA-224, SHA-256,
// SHA-384, SHA-512, SHA-512/224, SHA-512/256), or 0. SHA-1 is not among
// them: supporting it would link a SHA-1 implementation into every signer.
func hmacHash(h crypto.Hash) hmac.Hash {
	switch h {
	case crypto.SHA224:
		return hmac.SHA224
	case crypto.SHA256:
		return hmac.SHA256
	case crypto.SHA384:
		return hmac.SHA384
	case crypto.SHA512:
		return hmac.SHA512
	case crypto.SHA512_224:
		return hmac.SHA512_224
	case crypto.SHA512_256:
		return hmac.SHA512_256
	}
	return 0
}

// maxDRBGMessage is the longest HMAC message of the generator: V ‖ 0x01 ‖
// int2octets(x) ‖ bits2octets(h1) ‖ k' (RFC 6979 §3.2 step f, §3.6).
const maxDRBGMessage = hmac.MaxSize + 1 + 3*48

// hmacDRBG is the deterministic nonce generator of RFC 6979 §3.2 (HMAC_DRBG
// of SP 800-90A with the private key and the digest as seed). It keeps K and
// V in fixed arrays (2·64 bytes) and allocates nothing.
type hmacDRBG struct {
	h    hmac.Hash
	K, V [hmac.MaxSize]byte
}

// mac sets out = HMAC_K(parts...) with the current K (RFC 2104). Its
// 337-byte scratch (a 128-byte block and the longest message) is on mac's
// own stack frame, live only during the HMAC, rather than in the
// generator, whose frame stays live while the nonce is used: that keeps it
// off the deepest path of signing (stack: issue 17). hmac.Sum clears it.
func (g *hmacDRBG) mac(out *[hmac.MaxSize]byte, parts ...[]byte) {
	var scratch [hmac.MaxBlockSize + maxDRBGMessage]byte
	hmac.Sum(g.h, out, g.K[:g.h.Size()], scratch[:], parts...)
}

// init runs RFC 6979 §3.2 steps b-g with x = int2octets(d), h = bits2octets(h1)
// and extra the additional data k' of §3.6 (nil for deterministic signing).
func (g *hmacDRBG) init(h hmac.Hash, x, hb, extra []byte) {
	g.h = h
	size := h.Size()
	for i := 0; i < size; i++ {
		g.V[i] = 0x01
		g.K[i] = 0x00
	}
	v := g.V[:size]
	g.mac(&g.K, v, []byte{0x00}, x, hb, extra) // step d
	g.mac(&g.V, v)                             // step e
	g.mac(&g.K, v, []byte{0x01}, x, hb, extra) // step f
	g.mac(&g.V, v)                             // step g
}

// generate fills t (qlen/8 bytes) with the next candidate (step h.2).
func (g *hmacDRBG) generate(t []byte) {
	size := g.h.Size()
	for n := 0; n < len(t); {
		g.mac(&g.V, g.V[:size])
		n += copy(t[n:], g.V[:size])
	}
}

// reject updates K and V after a rejected candidate (step h.3).
func (g *hmacDRBG) reject() {
	size := g.h.Size()
	g.mac(&g.K, g.V[:size], []byte{0x00})
	g.mac(&g.V, g.V[:size])
}

// wipe clears the generator state.
func (g *hmacDRBG) wipe() {
	clear(g.K[:])
	clear(g.V[:])
}
