// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"encoding/binary"
	"math/bits"
	_ "unsafe" // go:linkname
)

// The compact strategy: the hash computations of FIPS 180-4, §6.2.2 and
// §6.4.2, as the rolled loops the standard writes, for programs that
// count bytes rather than nanoseconds. No public function of this package
// runs them; the module's Small configurations reach them through
// internal/sha2sum (ecdsa's RFC 6979 HMAC_DRBG, ed25519's SHA-512), so a
// program that names only those configurations links these two loops
// instead of the unrolled functions and the assembly. They take one
// block, in the value form of strategy.go, directly (no wrapper).
//
// Size against the unrolled code, on amd64 with go1.26: blockSHA256Compact
// 493 bytes of machine code against 13 KiB for blockSHA256, and
// blockSHA512Compact 542 bytes against 16 KiB for blockSHA512 (and
// 13 KiB more for blockSHA512AVX). Speed: callgrind counts 1.6 times
// (SHA-256) and 1.75 times (SHA-512) the unrolled code's instructions
// per 1 KiB message through the strategy sums (BenchmarkStrategy in
// strategy_test.go, 1,000 iterations: 96.6 against 60.1 thousand, 65.4
// against 37.4 thousand): the eight working variables move every round
// instead of renaming, and W_t and K_t are loads.
//
// Memory: the message schedule's 16-word ring is the block argument itself
// (the call's own copy), W_t big-endian at word t mod 16, so the frames
// hold no second block: 32 and 40 bytes. The constants are ranged over by
// pointer: ranging over the array value would copy it (640 bytes for
// SHA-512) into the frame.
//
// Constant time as the unrolled code: the loop bounds and the indices
// into w and K depend on the round number only.

// blockSHA256Compact is blockSHA256 on one block M as a loop over the
// 64 rounds, in the value form of strategy.go (bound there for
// internal/sha2sum as its Compact SHA-256 compression), with M itself as
// the message schedule's ring, as blockSHA512Compact below.
//
//go:linkname blockSHA256Compact
func blockSHA256Compact(H [8]uint32, M [BlockSize256]byte) [8]uint32 {
	w := func(t int) uint32 { return binary.BigEndian.Uint32(M[4*(t&15):]) }
	a, b, c, d, e, f, g, h := H[0], H[1], H[2], H[3], H[4], H[5], H[6], H[7]
	for t, k := range &_K256 { // by pointer: ranging over the array would copy it to the stack
		if t >= 16 {
			// W_t = σ1(W_t-2) + W_t-7 + σ0(W_t-15) + W_t-16 (§6.2.2 step 1).
			w2, w15 := w(t-2), w(t-15)
			s1 := bits.RotateLeft32(w2, -17) ^ bits.RotateLeft32(w2, -19) ^ w2>>10
			s0 := bits.RotateLeft32(w15, -7) ^ bits.RotateLeft32(w15, -18) ^ w15>>3
			binary.BigEndian.PutUint32(M[4*(t&15):], w(t)+s1+w(t-7)+s0)
		}
		// Step 3: T1, T2 and the shift of the working variables.
		T1 := h + (bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)) +
			(g ^ (e & (f ^ g))) + k + w(t)
		T2 := (bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)) +
			((a & b) | (c & (a | b)))
		h, g, f, e, d, c, b, a = g, f, e, d+T1, c, b, a, T1+T2
	}
	// Step 4: the intermediate hash value H(i).
	H[0] += a
	H[1] += b
	H[2] += c
	H[3] += d
	H[4] += e
	H[5] += f
	H[6] += g
	H[7] += h
	return H
}

// blockSHA512Compact is blockSHA512 on one block M as a loop over the
// 80 rounds, in the value form of strategy.go (bound there for
// internal/sha2sum as its Compact SHA-512 compression). The message
// schedule's 16-word ring is M itself, W_t big-endian in bytes
// 8(t mod 16) to 8(t mod 16)+7: M is this call's own copy of the block
// (its arguments), so the frame holds no second 128-byte ring, on the
// deepest calls of P-384 signing (RFC 6979's HMAC-SHA-384). The byte
// swaps this costs are a few percent of a round.
//
//go:linkname blockSHA512Compact
func blockSHA512Compact(H [8]uint64, M [BlockSize512]byte) [8]uint64 {
	w := func(t int) uint64 { return binary.BigEndian.Uint64(M[8*(t&15):]) }
	a, b, c, d, e, f, g, h := H[0], H[1], H[2], H[3], H[4], H[5], H[6], H[7]
	for t, k := range &_K512 {
		if t >= 16 {
			// W_t = σ1(W_t-2) + W_t-7 + σ0(W_t-15) + W_t-16 (§6.4.2 step 1).
			w2, w15 := w(t-2), w(t-15)
			s1 := bits.RotateLeft64(w2, -19) ^ bits.RotateLeft64(w2, -61) ^ w2>>6
			s0 := bits.RotateLeft64(w15, -1) ^ bits.RotateLeft64(w15, -8) ^ w15>>7
			binary.BigEndian.PutUint64(M[8*(t&15):], w(t)+s1+w(t-7)+s0)
		}
		T1 := h + (bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)) +
			(g ^ (e & (f ^ g))) + k + w(t)
		T2 := (bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)) +
			((a & b) | (c & (a | b)))
		h, g, f, e, d, c, b, a = g, f, e, d+T1, c, b, a, T1+T2
	}
	H[0] += a
	H[1] += b
	H[2] += c
	H[3] += d
	H[4] += e
	H[5] += f
	H[6] += g
	H[7] += h
	return H
}
