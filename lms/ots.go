// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"encoding/binary"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// coef is RFC 8554, Section 3.1.3: the i-th w-bit digit of S, most
// significant first. w divides 8, so the digit starts at bit i·w, in byte
// i·w/8 at bit (i·w mod 8) from the top: shifts, no division.
func coef(S []byte, i int, w uint) int {
	off := uint(i) * w
	return int(S[off/8]>>(8-w-off%8)) & (1<<w - 1)
}

// cksm is the checksum of RFC 8554, Section 4.4 (Algorithm 2), over the n
// bytes of Q: the sum of (2^w - 1 - coef(Q, i, w)) over its 8n/w digits,
// shifted left by ls. The digits of each byte are summed by shifts.
func cksm(Q []byte, w, ls uint) uint16 {
	var sum uint32
	max := uint32(1)<<w - 1
	for _, b := range Q {
		for s := uint(0); s < 8; s += w {
			sum += max - uint32(b>>s)&max
		}
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
//
//go:noinline
func messageDigest(op *otsParams, I *[16]byte, q uint32, C, msg []byte) (Qc digest) {
	if op.family == familySHAKE {
		messageHashSHAKE(Qc[:op.n], I, q, C, msg)
	} else {
		messageHashSHA256(Qc[:op.n], I, q, C, msg)
	}
	binary.BigEndian.PutUint16(Qc[op.n:], cksm(Qc[:op.n], op.w, op.ls))
	return Qc
}

// The hashes of verification come in one function per hash function, so
// that a frame holds the state of one: 104 bytes for SHA-256 (sha256State)
// or 216 for SHAKE256, never both (the stack figure of Small is measured
// by TestVerifyStack). noinline keeps the two out of a common caller's
// frame.

//go:noinline
func messageHashSHA256(Q []byte, I *[16]byte, q uint32, C, msg []byte) {
	var s sha256State
	s.reset()
	s.writePrefix(I, q, dMESG)
	s.write(C)
	s.write(msg)
	s.sum(Q)
}

//go:noinline
func messageHashSHAKE(Q []byte, I *[16]byte, q uint32, C, msg []byte) {
	var k keccak.SHAKE256
	writePrefixSHAKE(&k, I, q, dMESG)
	k.Write(C)
	k.Write(msg)
	k.Read(Q)
}

// algorithm4bSHA256 and algorithm4bSHAKE are RFC 8554, Algorithm 4b,
// steps 3 and 4, one chain at a time (the Small strategy, and Fast's for
// SHAKE256): each computes z[i] from y[i] and hashes it into Kc = H(I ||
// u32str(q) || u16str(D_PBLC) || z[0] || … || z[p-1]) as soon as it is
// known, so nothing is stored but the running hash. y holds the p chain
// values of a signature whose typecode and length have been checked.
// algorithm4bSHA256 runs each chain in chainSHA256NI on amd64 with the
// SHA extensions (the chain value kept in registers: with sha2's
// compression on SHA-NI, chainSHA256's store into the block before each
// step costs a store-forwarding stall, BenchmarkChainStore), in
// chainSHA256 elsewhere.
//
// Variable time: the number of steps of each chain depends on the message
// digest, which is public. Verification involves no secret.
//
//go:noinline
func algorithm4bSHA256(Kc []byte, op *otsParams, I *[16]byte, q uint32, Qc *digest, y []byte) {
	n := op.n
	var K sha256State
	K.reset()
	K.writePrefix(I, q, dPBLC)
	var c chainBlock
	c.init(I, q, n)
	end := 1<<op.w - 1
	for i := 0; i < op.p; i++ {
		a, yi := coef(Qc[:], i, op.w), y[i*n:(i+1)*n]
		if a == end { // z[i] = y[i]
			K.write(yi)
			continue
		}
		if hasChainNI() {
			c.chainNI(i, yi, a, end)
		} else {
			c.chainSHA256(i, yi, a, end)
		}
		K.write(c.b[23 : 23+n])
	}
	K.sum(Kc)
}

//go:noinline
func algorithm4bSHAKE(Kc []byte, op *otsParams, I *[16]byte, q uint32, Qc *digest, y []byte) {
	n := op.n
	var K keccak.SHAKE256
	writePrefixSHAKE(&K, I, q, dPBLC)
	var c chainBlock
	c.init(I, q, n)
	end := 1<<op.w - 1
	for i := 0; i < op.p; i++ {
		c.chainSHAKE(i, y[i*n:(i+1)*n], coef(Qc[:], i, op.w), end)
		K.Write(c.b[23 : 23+n])
	}
	K.Read(Kc)
}
