// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"encoding/binary"
	"math/bits"
)

// The compact strategy: the hash computations of FIPS 180-4, §6.2.2 and
// §6.4.2, as the rolled loops the standard writes, for programs that
// count bytes rather than nanoseconds. No public function of this package
// runs them; the module's Small configurations reach them through
// internal/sha2sum (ecdsa's RFC 6979 HMAC_DRBG), so a program that names
// only those configurations links these two loops instead of the
// unrolled functions and the assembly.
//
// Size against the unrolled code, on amd64 with go1.26: blockSHA256Compact
// 513 bytes of machine code against 13 KiB for blockSHA256, and
// blockSHA512Compact 702 bytes against 16 KiB for blockSHA512 (and
// 13 KiB more for blockSHA512AVX). Speed: SHA-256 about 1.5 times and
// SHA-512 about 2 times the unrolled code's time (BenchmarkStrategy in
// strategy_test.go, 1 KiB, minimum of 4 runs on a loaded AMD EPYC: 9.0
// against 6.2 us, 6.8 against 3.2 us): the eight working variables move
// every round instead of renaming, and W_t and K_t are loads.
//
// Memory: the message schedule is a 16-word ring (64 or 128 bytes), W_t
// in w[t mod 16], as in the unrolled code; frames of 0 (SHA-256, all in
// registers) and 200 bytes (SHA-512). The constants are ranged over by
// pointer: ranging over the array value would copy it (640 bytes for
// SHA-512) into the frame.
//
// Constant time as the unrolled code: the loop bounds and the indices
// into w and K depend on the round number only.

// blockSHA256Compact is blockSHA256 as a loop over the 64 rounds.
func blockSHA256Compact(H *[8]uint32, p []byte) {
	var w [16]uint32
	for len(p) >= BlockSize256 {
		for i := range w {
			w[i] = binary.BigEndian.Uint32(p[4*i:])
		}
		a, b, c, d, e, f, g, h := H[0], H[1], H[2], H[3], H[4], H[5], H[6], H[7]
		for t, k := range &_K256 { // by pointer: ranging over the array would copy it to the stack
			if t >= 16 {
				// W_t = σ1(W_t-2) + W_t-7 + σ0(W_t-15) + W_t-16 (§6.2.2 step 1).
				w2, w15 := w[(t-2)&15], w[(t-15)&15]
				s1 := bits.RotateLeft32(w2, -17) ^ bits.RotateLeft32(w2, -19) ^ w2>>10
				s0 := bits.RotateLeft32(w15, -7) ^ bits.RotateLeft32(w15, -18) ^ w15>>3
				w[t&15] += s1 + w[(t-7)&15] + s0
			}
			// Step 3: T1, T2 and the shift of the working variables.
			T1 := h + (bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)) +
				(g ^ (e & (f ^ g))) + k + w[t&15]
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
		p = p[BlockSize256:]
	}
}

// blockSHA512Compact is blockSHA512 as a loop over the 80 rounds.
func blockSHA512Compact(H *[8]uint64, p []byte) {
	var w [16]uint64
	for len(p) >= BlockSize512 {
		for i := range w {
			w[i] = binary.BigEndian.Uint64(p[8*i:])
		}
		a, b, c, d, e, f, g, h := H[0], H[1], H[2], H[3], H[4], H[5], H[6], H[7]
		for t, k := range &_K512 {
			if t >= 16 {
				// W_t = σ1(W_t-2) + W_t-7 + σ0(W_t-15) + W_t-16 (§6.4.2 step 1).
				w2, w15 := w[(t-2)&15], w[(t-15)&15]
				s1 := bits.RotateLeft64(w2, -19) ^ bits.RotateLeft64(w2, -61) ^ w2>>6
				s0 := bits.RotateLeft64(w15, -1) ^ bits.RotateLeft64(w15, -8) ^ w15>>7
				w[t&15] += s1 + w[(t-7)&15] + s0
			}
			T1 := h + (bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)) +
				(g ^ (e & (f ^ g))) + k + w[t&15]
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
		p = p[BlockSize512:]
	}
}
