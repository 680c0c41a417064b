package ecdsa

import (
	"io"

	"github.com/cryptolab-go/cryptolab/internal/hmac"
	"github.com/cryptolab-go/cryptolab/internal/nist/ec"
	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

// sign is FIPS 186-5 §6.4.1 with the nonce of RFC 6979 (§3.2, or §3.6
// with ScalarSize bytes from random if hedged). It is constant time in d
// and k: the only branches are on the rejection of a candidate nonce
// (probability < 2^-32) and on r or s being zero (probability about
// 2^-256). Its frame holds only what lives across the curve operation
// (the generator, e, k and the results); the seed and the candidates'
// bytes are in the frames of seed and candidate (stack: issue 17).
func sign(dst []byte, priv *PrivateKey, h hmac.Hash, digest []byte, random io.Reader, hedged bool, format Format) ([]byte, error) {
	p := priv.pub.curve.params()
	var e mont.Elem
	bits2intModN(p, &e, digest) // steps 2-3: e = bits2int(H) mod n

	var g hmacDRBG
	if err := g.seed(h, priv.pub.cfg.sha2(), p, &priv.d, &e, random, hedged); err != nil {
		return dst, err
	}
	var k mont.Elem
	for range 64 {
		if g.candidate(p, &k) != 1 {
			continue
		}
		// Steps 5-6: R = k·G, r = x_R mod n, s = k^-1 (e + r·d) mod n.
		r, s := priv.pub.impl.Sign(k, e, &priv.dm)
		if p.Order.IsZero(&r)|p.Order.IsZero(&s) != 0 {
			g.reject()
			continue
		}
		clear(k[:])
		g.wipe()
		return appendSignature(dst, p, &r, &s, format), nil
	}
	clear(k[:])
	g.wipe()
	return dst, errSign
}

// appendSignature encodes (r, s), both in [1, n-1].
func appendSignature(dst []byte, p *ec.Curve, r, s *mont.Elem, format Format) []byte {
	var rb, sb [48]byte
	size := p.Size
	p.Order.FillBytes(rb[:size], r)
	p.Order.FillBytes(sb[:size], s)
	if format == Raw {
		dst = append(dst, rb[:size]...)
		return append(dst, sb[:size]...)
	}
	ri, si := derInteger(rb[:size]), derInteger(sb[:size])
	n := 4 + len(ri) + len(si) + int(ri[0]>>7) + int(si[0]>>7) // a zero byte keeps a set top bit positive
	dst = append(dst, 0x30, byte(n))
	dst = appendDERInteger(dst, ri)
	return appendDERInteger(dst, si)
}

// derInteger strips leading zero bytes (r and s are public).
func derInteger(b []byte) []byte {
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

func appendDERInteger(dst, b []byte) []byte {
	if b[0]&0x80 != 0 {
		dst = append(dst, 0x02, byte(len(b)+1), 0)
	} else {
		dst = append(dst, 0x02, byte(len(b)))
	}
	return append(dst, b...)
}

// parseSignature decodes a signature into r and s (plain limbs) and checks
// that both lie in [1, n-1]. DER is parsed strictly (X.690 §10): one
// SEQUENCE of two INTEGERs, short-form lengths (every ECDSA signature on
// these curves is shorter than 128 bytes), minimal positive integers, no
// trailing data.
func parseSignature(p *ec.Curve, sig []byte, format Format, r, s *mont.Elem) bool {
	size := p.Size
	var rb, sb [48]byte
	switch format {
	case Raw:
		if len(sig) != 2*size {
			return false
		}
		copy(rb[:size], sig[:size])
		copy(sb[:size], sig[size:])
	case ASN1:
		if len(sig) < 2 || sig[0] != 0x30 || sig[1] >= 0x80 || int(sig[1]) != len(sig)-2 {
			return false
		}
		rest := sig[2:]
		var ok bool
		if rest, ok = parseDERInteger(rest, rb[:size]); !ok {
			return false
		}
		if rest, ok = parseDERInteger(rest, sb[:size]); !ok || len(rest) != 0 {
			return false
		}
	default:
		return false
	}
	okr := p.Order.SetBytes(r, rb[:size]) & (1 ^ p.Order.IsZero(r))
	oks := p.Order.SetBytes(s, sb[:size]) & (1 ^ p.Order.IsZero(s))
	return okr&oks == 1
}

// parseDERInteger reads one INTEGER from der into out (left-padded).
func parseDERInteger(der, out []byte) ([]byte, bool) {
	if len(der) < 2 || der[0] != 0x02 || der[1] >= 0x80 {
		return nil, false
	}
	n := int(der[1])
	if n == 0 || len(der) < 2+n {
		return nil, false
	}
	v := der[2 : 2+n]
	if v[0]&0x80 != 0 { // negative
		return nil, false
	}
	if len(v) > 1 && v[0] == 0 && v[1]&0x80 == 0 { // non-minimal
		return nil, false
	}
	if v[0] == 0 && len(v) > 1 {
		v = v[1:]
	}
	if len(v) > len(out) {
		return nil, false
	}
	copy(out[len(out)-len(v):], v)
	return der[2+n:], true
}

// Verify reports whether sig is a valid signature of digest by pub (FIPS
// 186-5 §6.4.2) in the given format. It runs in variable time (public
// inputs) and never panics; any malformed or out-of-range signature is
// simply invalid.
func Verify(pub *PublicKey, digest, sig []byte, format Format) bool {
	if pub == nil {
		return false
	}
	p := pub.curve.params()
	if p == nil {
		return false
	}
	if pub.impl == nil {
		return false
	}
	var r, s mont.Elem
	if !parseSignature(p, sig, format, &r, &s) {
		return false
	}
	// One frame: r, s and e go from here to the call's arguments (a
	// helper taking them by pointer cost two more copies, 96 B of stack).
	var e mont.Elem
	bits2intModN(p, &e, digest)
	return pub.impl.VerifyVarTime(e, r, s, &pub.x, &pub.y)
}
