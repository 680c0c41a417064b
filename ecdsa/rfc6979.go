package ecdsa

import (
	"crypto"
	"io"

	"github.com/cryptolab-go/cryptolab/internal/hmac"
	"github.com/cryptolab-go/cryptolab/internal/nist/ec"
	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
	"github.com/cryptolab-go/cryptolab/internal/sha2sum"
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

// hmacDRBG is the deterministic nonce generator of RFC 6979 §3.2 (HMAC_DRBG
// of SP 800-90A with the private key and the digest as seed). It keeps K and
// V in fixed arrays (2·64 bytes) and allocates nothing. Its HMAC runs on
// the SHA-2 compression functions of the key's configuration (Config.sha2):
// sha2's compact loops for Small, its instruction-set or unrolled code
// otherwise.
type hmacDRBG struct {
	h    hmac.Hash
	s    sha2sum.Strategy
	K, V [hmac.MaxSize]byte
}

// mac sets out = HMAC_K(parts...) with the current K (RFC 2104). The
// HMAC reads the parts where they lie (no concatenation buffer).
func (g *hmacDRBG) mac(out *[hmac.MaxSize]byte, parts ...[]byte) {
	hmac.Sum(g.h, g.s, out, g.K[:g.h.Size()], parts...)
}

// seed runs RFC 6979 §3.2 steps a-g for the private key d and e =
// bits2int(H(m)) mod n, hedged with ScalarSize bytes from random as the
// k' of §3.6 if hedged. The seed material, int2octets(d) ‖
// bits2octets(h1) ‖ k', is assembled here, in one buffer (one message
// part for the HMAC rather than three), in seed's frame, not in the
// signer's, which stays on the stack while the nonce is used; and seed
// calls the HMAC itself, with no helper frames between (stack: issue 17).
func (g *hmacDRBG) seed(h hmac.Hash, s sha2sum.Strategy, p *ec.Curve, d, e *mont.Elem, random io.Reader, hedged bool) error {
	size := p.Size
	var m [3 * 48]byte
	n := 2 * size
	if hedged {
		n = 3 * size
		if err := readRandom(random, m[2*size:n]); err != nil {
			return err
		}
	}
	p.Order.FillBytes(m[:size], d)       // int2octets(x)
	p.Order.FillBytes(m[size:2*size], e) // bits2octets(h1)
	g.h, g.s = h, s
	hs := h.Size()
	for i := 0; i < hs; i++ { // step b: V = 0x01 0x01 ...; step c: K = 0x00 0x00 ...
		g.V[i] = 0x01
		g.K[i] = 0x00
	}
	K, V := g.K[:hs], g.V[:hs]
	hmac.Sum(h, s, &g.K, K, V, []byte{0x00}, m[:n]) // step d
	hmac.Sum(h, s, &g.V, K, V)                      // step e
	hmac.Sum(h, s, &g.K, K, V, []byte{0x01}, m[:n]) // step f
	hmac.Sum(h, s, &g.V, K, V)                      // step g
	clear(m[:])
	return nil
}

// generate fills t (qlen/8 bytes) with the next candidate (step h.2).
func (g *hmacDRBG) generate(t []byte) {
	size := g.h.Size()
	for n := 0; n < len(t); {
		g.mac(&g.V, g.V[:size])
		n += copy(t[n:], g.V[:size])
	}
}

// candidate sets k to the next candidate of step h (h.1-h.2) and returns
// 1 if it lies in [1, n-1]; otherwise 0, after updating K and V for the
// next one (step h.3). The candidate's bytes stay in candidate's frame.
// The branch reveals only that a candidate was rejected (probability
// below 2^-32), never anything of the accepted one.
func (g *hmacDRBG) candidate(p *ec.Curve, k *mont.Elem) uint64 {
	var t [48]byte
	g.generate(t[:p.Size])
	ok := p.Order.SetBytes(k, t[:p.Size]) & (1 ^ p.Order.IsZero(k))
	clear(t[:])
	if ok != 1 {
		g.reject()
	}
	return ok
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
