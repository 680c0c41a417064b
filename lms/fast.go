// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:generate go run gen_lanes.go
//go:generate go run gen_avx2.go

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
	ctx := fastContextBytes
	switch {
	case hasChainNI():
		ctx = niContextBytes
	case hasAVX2():
		ctx = lanes8ContextBytes
	}
	return Memory{Key: publicKeyStruct + p.PublicKeySize(), Context: ctx}
}

// The strategies of Fast, in the order it picks them for SHA-256
// parameter sets (at each call, from internal/cpu, so that tests can turn
// features off): the SHA-NI chains, up to four at a time (shani.go),
// wherever amd64 has the SHA extensions (for W1 and W2, Small's code,
// one chain at a time in chainSHA256NI, see below); sha2's compression on the SHA-256 instructions one chain at a
// time (Small's code) on arm64; the eight
// lanes of AVX-512VL or AVX2 (lanes8_amd64.s) on amd64 without the SHA
// extensions; one chain at a time with the generated Go compression
// (algorithm4bFast) elsewhere. SHAKE256 parameter sets run as in Small.

func (*fastConfig) algorithm4b(t OTSType, I *[16]byte, q uint32, Qc digest, y []byte) (Kc [maxN]byte) {
	op := otsOf(t)
	switch {
	case op.family == familySHAKE:
		algorithm4bSHAKE(Kc[:op.n], op, I, q, &Qc, y)
	case hasChainNI() && op.w >= 4:
		// With W1 and W2 a chain is 0 to 3 steps, and the candidate
		// key's 133 or 67 blocks weigh as much as the chains: the
		// scheduler's work per chain made it slower than one chain at a
		// time in chainSHA256NI (BenchmarkHashBound: Small/Fast 0.87 with
		// W2).
		algorithm4bNI(Kc[:op.n], op, I, q, &Qc, y)
	case shaExtensions():
		algorithm4bSHA256(Kc[:op.n], op, I, q, &Qc, y)
	case hasAVX2():
		algorithm4bLanes8(Kc[:op.n], op, I, q, &Qc, y)
	default:
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
func midstate(I *[16]byte, q uint32) [8]uint32 { return midstateRounds(I, q, 5) }

// midstateRounds is midstate after rounds 0..r-1 (r ≤ 5): the SHA-NI
// chains take rounds two at a time and stop at 4.
func midstateRounds(I *[16]byte, q uint32, r int) (s [8]uint32) {
	W := [5]uint32{
		binary.BigEndian.Uint32(I[0:]), binary.BigEndian.Uint32(I[4:]),
		binary.BigEndian.Uint32(I[8:]), binary.BigEndian.Uint32(I[12:]), q,
	}
	s = iv256
	for t := 0; t < r; t++ {
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
	switch {
	case op.family != familySHA256:
		K = algorithm1(&op, &I, q, seed[:op.n])
	case hasChainNI():
		K = algorithm1NI(&op, &I, q, &seed)
	case shaExtensions():
		K = algorithm1(&op, &I, q, seed[:op.n])
	case hasAVX2():
		K = algorithm1Lanes8(&op, &I, q, &seed)
	default:
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

// blockLanes8Go is the eight-lane compression (transposed, as
// blockLanes8AVX2) as eight calls of blockLanes1: the fallback where there
// is no AVX2, and the reference its test compares with.
func blockLanes8Go(mid *[8]uint32, W *[16][8]uint32, out *[8][8]uint32) {
	var w [1][16]uint32
	var o [1][8]uint32
	for l := 0; l < 8; l++ {
		for k := 0; k < 16; k++ {
			w[0][k] = W[k][l]
		}
		blockLanes1(mid, &w, &o)
		for r := 0; r < 8; r++ {
			out[r][l] = o[0][r]
		}
	}
}

// ring8 is the number of chain ends algorithm4bLanes8 keeps: chains start
// in order but finish out of order, and the candidate key hashes them in
// order, so a chain may start only while it is fewer than ring8 chains
// ahead of the oldest unfinished one. 32 × 32 bytes.
const ring8 = 32

// lanes8ContextBytes is the working memory of algorithm4bLanes8: the ring
// of chain ends and its flags, and the transposed message words and
// chain values.
const lanes8ContextBytes = ring8*maxN + ring8 + 16*8*4 + 8*8*4 + 2*8*8

// setWords8 writes message words 5..5+n/4 of lane l's chain hash
// H(I || q || u16str(i) || u8str(j) || T), T being lane l of out, into the
// transposed W (the other words are constant; see setWords).
func setWords8(W *[16][8]uint32, l, i, j int, out *[8][8]uint32, nw int) {
	W[5][l] = uint32(i)<<16 | uint32(j)<<8 | out[0][l]>>24
	for k := 1; k < nw; k++ {
		W[5+k][l] = out[k-1][l]<<8 | out[k][l]>>24
	}
	W[5+nw][l] = out[nw-1][l]<<8 | 0x80
}

// initWords8 writes the words common to every chain hash of the
// signature into all eight lanes of W: I || q (words 0..4, which also
// made the midstate), the zero padding and the bit length (23+n)·8.
func initWords8(W *[16][8]uint32, I *[16]byte, q uint32, n int) {
	for l := 0; l < 8; l++ {
		for k := 0; k < 4; k++ {
			W[k][l] = binary.BigEndian.Uint32(I[4*k:])
		}
		W[4][l] = q
		for k := 6 + n/4; k < 15; k++ {
			W[k][l] = 0
		}
		W[15][l] = uint32(23+n) * 8
	}
}

// algorithm4bLanes8 is RFC 8554, Algorithm 4b, steps 3-4, for SHA-256
// parameter sets on processors with AVX2: up to eight chains advance one
// step per blockLanes8 call. Chains are started in order; a lane whose
// chain ends stores z[i] in a ring of chain ends and takes the next chain;
// the ends are hashed into Kc in order as soon as they are contiguous.
// When one chain is left running (the tail, or the ring full behind a long
// chain) it goes on with blockLanes1, which costs less than an eight-lane
// call.
//
// Variable time over public data, as algorithm4bSHA256.
//
//go:noinline
func algorithm4bLanes8(Kc []byte, op *otsParams, I *[16]byte, q uint32, Qc *digest, y []byte) {
	n, p := op.n, op.p
	nw := n / 4
	end := 1<<op.w - 1
	var K sha256State
	K.reset()
	K.writePrefix(I, q, dPBLC)
	mid := midstate(I, q)
	var (
		W       [16][8]uint32
		out     [8][8]uint32
		ends    [ring8][maxN]byte
		done    [ring8]bool
		chain   [8]int // chain of each lane, -1 when idle
		step    [8]int // its next step j
		next    int    // next chain to start
		emitted int    // next chain end to hash into Kc
		W1      [1][16]uint32
		out1    [1][8]uint32
	)
	initWords8(&W, I, q, n)
	for k := 0; k < 16; k++ {
		W1[0][k] = W[k][0]
	}
	for l := range chain {
		chain[l] = -1
	}
	for {
		for l := 0; l < 8; l++ {
			for chain[l] < 0 && next < p && next < emitted+ring8 {
				i := next
				next++
				a := coef(Qc[:], i, op.w)
				if a == end { // z[i] = y[i]
					copy(ends[i%ring8][:n], y[i*n:(i+1)*n])
					done[i%ring8] = true
					continue
				}
				chain[l], step[l] = i, a
				for k := 0; k < nw; k++ {
					out[k][l] = binary.BigEndian.Uint32(y[i*n+4*k:])
				}
			}
		}
		for emitted < next && done[emitted%ring8] {
			K.write(ends[emitted%ring8][:n])
			done[emitted%ring8] = false
			emitted++
		}
		active, last := 0, 0
		for l := 0; l < 8; l++ {
			if chain[l] >= 0 {
				setWords8(&W, l, chain[l], step[l], &out, nw)
				active++
				last = l
			}
		}
		switch active {
		case 0:
			if emitted == p {
				K.sum(Kc)
				return
			}
			continue
		case 1:
			for k := 5; k < 6+nw; k++ {
				W1[0][k] = W[k][last]
			}
			blockLanes1(&mid, &W1, &out1)
			for r := 0; r < 8; r++ {
				out[r][last] = out1[0][r]
			}
		default:
			blockLanes8(&mid, &W, &out)
		}
		for l := 0; l < 8; l++ {
			if chain[l] < 0 {
				continue
			}
			step[l]++
			if step[l] == end {
				i := chain[l]
				for k := 0; k < nw; k++ {
					binary.BigEndian.PutUint32(ends[i%ring8][4*k:], out[k][l])
				}
				done[i%ring8] = true
				chain[l] = -1
			}
		}
	}
}

// algorithm1Lanes8 is algorithm1Fast with eight chains in step: chains
// i0..i0+7 derive x_q[i] (one step at j = 0xff from SEED) and run their
// 2^w - 1 steps together in blockLanes8 calls, and their ends are hashed
// into K in order. The last group's unused lanes hash whatever they hold.
// Constant time (public loop bounds).
func algorithm1Lanes8(op *otsParams, I *[16]byte, q uint32, seed *[maxN]byte) (K [maxN]byte) {
	n, p := op.n, op.p
	nw := n / 4
	end := 1<<op.w - 1
	var h sha256State
	h.reset()
	h.writePrefix(I, q, dPBLC)
	mid := midstate(I, q)
	var (
		W   [16][8]uint32
		out [8][8]uint32
		buf [maxN]byte
	)
	initWords8(&W, I, q, n)
	for i0 := 0; i0 < p; i0 += 8 {
		for l := 0; l < 8; l++ {
			for k := 0; k < nw; k++ {
				out[k][l] = binary.BigEndian.Uint32(seed[4*k:])
			}
			setWords8(&W, l, i0+l, 0xff, &out, nw)
		}
		blockLanes8(&mid, &W, &out) // x_q[i0+l]
		for j := 0; j < end; j++ {
			for l := 0; l < 8; l++ {
				setWords8(&W, l, i0+l, j, &out, nw)
			}
			blockLanes8(&mid, &W, &out)
		}
		for l := 0; l < 8 && i0+l < p; l++ {
			for k := 0; k < nw; k++ {
				binary.BigEndian.PutUint32(buf[4*k:], out[k][l])
			}
			h.write(buf[:n])
		}
	}
	clear(out[:])
	clear(W[:])
	clear(buf[:])
	h.sum(K[:n])
	return K
}

func (*fastConfig) algorithm3(dst []byte, op *otsParams, I *[16]byte, q uint32, seed, C, msg []byte) []byte {
	switch {
	case op.family != familySHA256:
		return algorithm3(dst, op, I, q, seed, C, msg)
	case hasChainNI():
		return algorithm3NI(dst, op, I, q, seed, C, msg)
	case hasAVX2():
		return algorithm3Lanes8(dst, op, I, q, seed, C, msg)
	}
	return algorithm3(dst, op, I, q, seed, C, msg)
}

// algorithm3Lanes8 is algorithm3 with eight chains in step: chains
// i0..i0+7 derive x_q[i] together and then run until the longest of them
// has taken its a_i steps, each lane's value being taken after its own
// a_i; the lanes that are done, and the unused ones of the last group,
// hash values that are thrown away. The a_i come from the message digest,
// which the signature reveals; the secret values enter only the hashes.
func algorithm3Lanes8(dst []byte, op *otsParams, I *[16]byte, q uint32, seed, C, msg []byte) []byte {
	n, p := op.n, op.p
	nw := n / 4
	Qc := messageDigest(op, I, q, C, msg)
	dst = binary.BigEndian.AppendUint32(dst, uint32(op.typ))
	dst = append(dst, C...)
	mid := midstate(I, q)
	var (
		W   [16][8]uint32
		out [8][8]uint32
		a   [8]int
		y   [8][8]uint32
	)
	initWords8(&W, I, q, n)
	for i0 := 0; i0 < p; i0 += 8 {
		steps := 0
		for l := 0; l < 8; l++ {
			for k := 0; k < nw; k++ {
				out[k][l] = binary.BigEndian.Uint32(seed[4*k:])
			}
			setWords8(&W, l, i0+l, 0xff, &out, nw)
			a[l] = 0
			if i0+l < p {
				a[l] = coef(Qc[:], i0+l, op.w)
			}
			steps = max(steps, a[l])
		}
		blockLanes8(&mid, &W, &out) // x_q[i0+l]
		for l := 0; l < 8; l++ {
			if a[l] == 0 {
				for k := 0; k < nw; k++ {
					y[l][k] = out[k][l]
				}
			}
		}
		for j := 0; j < steps; j++ {
			for l := 0; l < 8; l++ {
				setWords8(&W, l, i0+l, j, &out, nw)
			}
			blockLanes8(&mid, &W, &out)
			for l := 0; l < 8; l++ {
				if a[l] == j+1 {
					for k := 0; k < nw; k++ {
						y[l][k] = out[k][l]
					}
				}
			}
		}
		for l := 0; l < 8 && i0+l < p; l++ {
			for k := 0; k < nw; k++ {
				dst = binary.BigEndian.AppendUint32(dst, y[l][k])
			}
		}
	}
	clear(out[:])
	clear(W[:])
	clear(y[:])
	return dst
}
