// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import "encoding/binary"

// Pseudorandom derivation (RFC 8554, Appendix A). The LM-OTS private
// values of leaf q are
//
//	x_q[i] = H(I || u32str(q) || u16str(i) || u8str(0xff) || SEED),
//
// for 0 ≤ i < p ≤ 265. This package derives, in the same form, with i
// values above any chain index:
//
//	C of leaf q              i = 0xfffd (the randomizer of Algorithm 3)
//	SEED of the child tree   i = 0xfffe (HSS, under leaf q of this tree)
//	I of the child tree      i = 0xffff (its first 16 bytes)
//
// so a private key is one SEED and one I, and signing is deterministic.
// Determinism matters for HSS: after a restart a child tree is rebuilt
// and its public key signed again by the same parent leaf; with a derived
// C that signature is the same bytes as before, not a second one-time
// signature of a different digest. The child values use the child's
// hash function, so that they have its length.
const (
	deriveC     = 0xfffd
	deriveSeed  = 0xfffe
	deriveIdent = 0xffff
)

// derive returns H(I || u32str(q) || u16str(i) || u8str(0xff) || seed)
// with the hash of family f, n bytes of it used.
func derive(f hashFamily, n int, I *[16]byte, q uint32, i uint16, seed []byte) (out [maxN]byte) {
	var h hasher
	h.init(f)
	h.writePrefix(I, q, i)
	h.write([]byte{0xff})
	h.write(seed)
	h.sum(out[:n])
	h.wipe()
	return out
}

// algorithm1 is RFC 8554, Algorithm 1 with the private key of Appendix A:
// the LM-OTS public key hash K = H(I || u32str(q) || u16str(D_PBLC) ||
// y[0] || … || y[p-1]), where y[i] is the end of chain i from x_q[i]. One
// chain at a time; its z values are hashed into K as they are computed.
// Constant time in the secret values (public loop bounds).
func algorithm1(op *otsParams, I *[16]byte, q uint32, seed []byte) (K [maxN]byte) {
	n := op.n
	var h hasher
	h.init(op.family)
	h.writePrefix(I, q, dPBLC)
	var c chainBlock
	c.init(I, q, n)
	var tmp [maxN]byte
	end := 1<<op.w - 1
	for i := 0; i < op.p; i++ {
		c.chain(op.family, i, seed, 0xff, 0x100, tmp[:n]) // x_q[i]
		c.chain(op.family, i, tmp[:n], 0, end, tmp[:n])
		h.write(tmp[:n])
	}
	clear(tmp[:])
	clear(c.b[:])
	h.sum(K[:n])
	return K
}

// algorithm3 is RFC 8554, Algorithm 3: the LM-OTS signature of msg with
// the key of leaf q and randomizer C (n bytes), appended to dst. The
// chain lengths depend on the message digest, which the signature reveals;
// the private values enter only the hash function.
func algorithm3(dst []byte, op *otsParams, I *[16]byte, q uint32, seed, C, msg []byte) []byte {
	n := op.n
	Qc := messageDigest(op, I, q, C, msg)
	dst = binary.BigEndian.AppendUint32(dst, uint32(op.typ))
	dst = append(dst, C...)
	var c chainBlock
	c.init(I, q, n)
	var tmp [maxN]byte
	for i := 0; i < op.p; i++ {
		c.chain(op.family, i, seed, 0xff, 0x100, tmp[:n]) // x_q[i]
		c.chain(op.family, i, tmp[:n], 0, coef(Qc[:], i, op.w), tmp[:n])
		dst = append(dst, tmp[:n]...)
	}
	clear(tmp[:])
	clear(c.b[:])
	return dst
}
