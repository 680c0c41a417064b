// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import "encoding/binary"

// coef is RFC 8554, Section 3.1.3: the i-th w-bit digit of S, most
// significant first.
func coef(S []byte, i int, w uint) int {
	bitsPerByte := 8 / int(w)
	shift := 8 - (w*uint(i%bitsPerByte) + w)
	return int(S[i/bitsPerByte]>>shift) & (1<<w - 1)
}

// cksm is the checksum of RFC 8554, Section 4.4 (Algorithm 2), over the n
// bytes of Q: the sum of (2^w - 1 - coef(Q, i, w)) over its 8n/w digits,
// shifted left by ls.
func cksm(Q []byte, w, ls uint) uint16 {
	var sum uint32
	max := uint32(1)<<w - 1
	for i := 0; i < len(Q)*8/int(w); i++ {
		sum += max - uint32(coef(Q, i, w))
	}
	return uint16(sum << ls)
}

// digest is Q || Cksm(Q): the message digest of RFC 8554, Algorithm 3,
// step 5 and Algorithm 4b, step 3, whose w-bit digits give the chain
// positions. n + 2 bytes are used.
type digest [maxN + 2]byte

// messageDigest computes Q = H(I || u32str(q) || u16str(D_MESG) || C ||
// message) and appends Cksm(Q) (Algorithm 3, step 5; Algorithm 4b,
// step 3).
func messageDigest(op *otsParams, I *[16]byte, q uint32, C, msg []byte) (Qc digest) {
	var h hasher
	h.init(op.family)
	h.writePrefix(I, q, dMESG)
	h.write(C)
	h.write(msg)
	h.sum(Qc[:op.n])
	binary.BigEndian.PutUint16(Qc[op.n:], cksm(Qc[:op.n], op.w, op.ls))
	return Qc
}

// otsSignature splits an LM-OTS signature (RFC 8554, Section 4.5) whose
// typecode has been checked: C (n bytes) and y[0..p-1] (n bytes each).
func otsSplit(op *otsParams, sig []byte) (C, y []byte) {
	return sig[4 : 4+op.n], sig[4+op.n : op.sigLen()]
}

// algorithm4b is RFC 8554, Algorithm 4b, steps 3 and 4, one chain at
// a time (the Small strategy, and Fast's for SHAKE256): it computes each z[i] from y[i] and hashes it into
// Kc = H(I || u32str(q) || u16str(D_PBLC) || z[0] || … || z[p-1]) as soon
// as it is known, so nothing is stored but the running hash. The
// signature's typecode and length have been checked by the caller.
//
// Variable time: the number of steps of each chain depends on the message
// digest, which is public. Verification involves no secret.
func algorithm4b(op *otsParams, I *[16]byte, q uint32, sig, msg []byte) (Kc [maxN]byte) {
	C, y := otsSplit(op, sig)
	Qc := messageDigest(op, I, q, C, msg)
	n := op.n
	var K hasher
	K.init(op.family)
	K.writePrefix(I, q, dPBLC)
	var c chainBlock
	c.init(I, q, n)
	var tmp [maxN]byte
	end := 1<<op.w - 1
	for i := 0; i < op.p; i++ {
		a := coef(Qc[:], i, op.w)
		copy(tmp[:n], y[i*n:])
		c.chain(op.family, i, tmp[:n], a, end)
		K.write(tmp[:n])
	}
	K.sum(Kc[:n])
	return Kc
}
