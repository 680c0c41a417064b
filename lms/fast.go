// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:generate go run gen_lanes.go

package lms

import (
	"encoding/binary"
	"math/bits"
)

type fastConfig struct{}

func (*fastConfig) String() string { return "Fast" }

func (*fastConfig) Memory(p Params) Memory {
	if !p.Valid() {
		return Memory{}
	}
	return Memory{Key: publicKeyStruct + p.PublicKeySize(), Context: fastContextBytes}
}

func (*fastConfig) algorithm4b(t OTSType, I *[16]byte, q uint32, Qc digest, y []byte) (Kc [maxN]byte) {
	op := otsOf(t)
	if op.family == familySHAKE {
		algorithm4bSHAKE(Kc[:op.n], op, I, q, &Qc, y)
	} else {
		algorithm4bFast(Kc[:op.n], op, I, q, &Qc, y)
	}
	return Kc
}

// fastContextBytes is the working memory of algorithm4bFast beyond
// Small's: the midstate, the message words and the chain value as words.
const fastContextBytes = 32 + 16*4 + 2*32

// k0to4 are K_0..K_4 of FIPS 180-4, §4.2.2, for the midstate.
var k0to4 = [5]uint32{0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b}

// midstate runs rounds 0 to 4 of the SHA-256 compression (FIPS 180-4,
// §6.2.2, step 3) from H(0) on the message words I || u32str(q), the part
// of every chain hash message of a signature that does not change, and
// returns the working variables a..h.
func midstate(I *[16]byte, q uint32) (s [8]uint32) {
	W := [5]uint32{
		binary.BigEndian.Uint32(I[0:]), binary.BigEndian.Uint32(I[4:]),
		binary.BigEndian.Uint32(I[8:]), binary.BigEndian.Uint32(I[12:]), q,
	}
	s = iv256
	for t := 0; t < 5; t++ {
		a, b, c, d, e, f, g, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
		S1 := bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)
		ch := (e & f) ^ (^e & g)
		T1 := h + S1 + ch + k0to4[t] + W[t]
		S0 := bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)
		maj := (a & b) ^ (a & c) ^ (b & c)
		T2 := S0 + maj
		s = [8]uint32{T1 + T2, a, b, c, d + T1, e, f, g}
	}
	return s
}

// setWords writes message words 5..15 of the chain hash
// H(I || q || u16str(i) || u8str(j) || T) into W (words 0..4 are in the
// midstate): bytes 20..23 are i, j and T's first byte, T continues one
// byte off word alignment, then 0x80 and the bit length (23 + n)·8 of the
// padding (FIPS 180-4, §5.1.1). T is the chain value as n/4 big-endian
// words.
func setWords(W *[16]uint32, i, j int, T *[8]uint32, n int) {
	W[5] = uint32(i)<<16 | uint32(j)<<8 | T[0]>>24
	nw := n / 4
	for k := 1; k < nw; k++ {
		W[5+k] = T[k-1]<<8 | T[k]>>24
	}
	W[5+nw] = T[nw-1]<<8 | 0x80
	for k := 6 + nw; k < 15; k++ {
		W[k] = 0
	}
	W[15] = uint32(23+n) * 8
}

// algorithm4bFast is RFC 8554, Algorithm 4b, steps 3-4, for SHA-256
// parameter sets: as algorithm4b, one chain at a time, but each chain
// step is the generated blockLanes1 from the signature's midstate, on the
// chain value kept as words.
//
// Variable time over public data, as algorithm4b.
//
//go:noinline
func algorithm4bFast(Kc []byte, op *otsParams, I *[16]byte, q uint32, Qc *digest, y []byte) {
	n := op.n
	nw := n / 4
	end := 1<<op.w - 1

	var K sha256State
	K.reset()
	K.writePrefix(I, q, dPBLC)
	mid := midstate(I, q)
	var (
		W   [1][16]uint32
		out [1][8]uint32
		buf [maxN]byte
	)
	// Words 0..4, I || q, enter the rounds through the midstate and the
	// message schedule through W.
	for k := 0; k < 4; k++ {
		W[0][k] = binary.BigEndian.Uint32(I[4*k:])
	}
	W[0][4] = q
	T := &out[0]
	for i := 0; i < op.p; i++ {
		a := coef(Qc[:], i, op.w)
		if a == end { // z[i] = y[i]: no conversion
			K.write(y[i*n : (i+1)*n])
			continue
		}
		for k := 0; k < nw; k++ {
			T[k] = binary.BigEndian.Uint32(y[i*n+4*k:])
		}
		for j := a; j < end; j++ {
			setWords(&W[0], i, j, T, n)
			blockLanes1(&mid, &W, &out)
		}
		for k := 0; k < nw; k++ {
			binary.BigEndian.PutUint32(buf[4*k:], T[k])
		}
		K.write(buf[:n])
	}
	K.sum(Kc)
}

func (*fastConfig) algorithm1(op otsParams, I [16]byte, q uint32, seed [maxN]byte) [maxN]byte {
	var K [maxN]byte
	if op.family != familySHA256 {
		K = algorithm1(&op, &I, q, seed[:op.n])
	} else {
		K = algorithm1Fast(&op, &I, q, &seed)
	}
	clear(seed[:])
	return K
}

// algorithm1Fast is algorithm1 for SHA-256 parameter sets with the chain
// compression of algorithm4bFast: x_q[i] = H(I || q || i || 0xff || SEED)
// has the chain message's layout, so it is one more chain step at
// j = 0xff from SEED. Constant time (public loop bounds).
func algorithm1Fast(op *otsParams, I *[16]byte, q uint32, seed *[maxN]byte) (K [maxN]byte) {
	n := op.n
	nw := n / 4
	end := 1<<op.w - 1
	var h hasher
	h.init(op.family)
	h.writePrefix(I, q, dPBLC)
	mid := midstate(I, q)
	var (
		W   [1][16]uint32
		out [1][8]uint32
		S   [8]uint32
		buf [maxN]byte
	)
	for k := 0; k < 4; k++ {
		W[0][k] = binary.BigEndian.Uint32(I[4*k:])
	}
	W[0][4] = q
	for k := 0; k < nw; k++ {
		S[k] = binary.BigEndian.Uint32(seed[4*k:])
	}
	T := &out[0]
	for i := 0; i < op.p; i++ {
		setWords(&W[0], i, 0xff, &S, n)
		blockLanes1(&mid, &W, &out) // x_q[i]
		for j := 0; j < end; j++ {
			setWords(&W[0], i, j, T, n)
			blockLanes1(&mid, &W, &out)
		}
		for k := 0; k < nw; k++ {
			binary.BigEndian.PutUint32(buf[4*k:], T[k])
		}
		h.write(buf[:n])
	}
	clear(S[:])
	clear(W[0][:])
	clear(out[0][:])
	h.sum(K[:n])
	return K
}
