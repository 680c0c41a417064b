// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:generate go run gen_shani.go

package lms

import (
	"encoding/binary"

	"github.com/cryptolab-go/cryptolab/internal/sha256block"
)

// niShared is what the chains of one signature share in chainsNI1 and
// chainsNI2 (layout fixed by gen_shani.go): the working variables after
// rounds 0..3, which only see I, in SHA256RNDS2's order (f, e, b, a), (h,
// g, d, c); message words 0..3 (I); the PSHUFB masks and constants that
// make message words 4..15 from a chain value, for the hash length n.
// 160 bytes.
type niShared struct {
	mid                     [8]uint32
	w0                      [4]uint32
	k1a, k1b, k2a, k2b, k3b [16]byte
	c2, c3                  [4]uint32
}

// niLane is one chain in chainsNI1 and chainsNI2: its value in
// SHA256RNDS2's order and its counter (q, i<<16 | j<<8, 0, 0), message
// words 4..7's constant part. 48 bytes.
type niLane struct {
	S   [8]uint32
	ctr [4]uint32
}

// toNI and fromNI reorder a hash value (a, …, h) to SHA256RNDS2's order
// (f, e, b, a, h, g, d, c) and back.
func toNI(H *[8]uint32) [8]uint32 {
	return [8]uint32{H[5], H[4], H[1], H[0], H[7], H[6], H[3], H[2]}
}

func fromNI(S *[8]uint32) [8]uint32 {
	return [8]uint32{S[3], S[2], S[7], S[6], S[1], S[0], S[5], S[4]}
}

// The masks: byte k of a message register is byte mask[k] of S1 = (f, e,
// b, a) or of S2 = (h, g, d, c) (word x's byte b, least significant
// first, at 4·(x's place) + b), or zero for 0x80. Word 5+k of the chain
// message is H[k-1]<<8 | H[k]>>24 (FIPS 180-4 words, big-endian bytes;
// tmp starts at byte 23): for example word 6 = a<<8 | b>>24 takes b's top
// byte (S1 byte 11) and a's three low ones (S1 bytes 12..14).
const z = 0x80

var (
	niK1a = [16]byte{z, z, z, z, 15, z, z, z, 11, 12, 13, 14, z, 8, 9, 10} // words 4..7 from a, b
	niK1b = [16]byte{z, z, z, z, z, z, z, z, z, z, z, z, 15, z, z, z}      // word 7's c
	niK2a = [16]byte{z, z, z, z, 7, z, z, z, 3, 4, 5, 6, z, 0, 1, 2}       // words 8..11 from e, f
	// n = 32: words 8..11 from c, d, g; word 12 = g<<8 | h>>24, word 13
	// = h<<8 | 0x80.
	niK2b32 = [16]byte{11, 12, 13, 14, z, 8, 9, 10, z, z, z, z, 7, z, z, z}
	niK3b32 = [16]byte{3, 4, 5, 6, z, 0, 1, 2, z, z, z, z, z, z, z, z}
	// n = 24: word 11 = f<<8 | 0x80 and nothing of g, h.
	niK2b24 = [16]byte{11, 12, 13, 14, z, 8, 9, 10, z, z, z, z, z, z, z, z}
	niK3b24 = [16]byte{z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z}
)

// init prepares s for the chains of leaf q of key I with hash length n:
// the midstate, words 0..3, and the masks and constants (the 0x80 and the
// bit length (23+n)·8 of the padding, FIPS 180-4 §5.1.1).
func (s *niShared) init(I *[16]byte, q uint32, n int) {
	m := midstateRounds(I, q, 4)
	s.mid = toNI(&m)
	for k := range 4 {
		s.w0[k] = binary.BigEndian.Uint32(I[4*k:])
	}
	s.k1a, s.k1b, s.k2a = niK1a, niK1b, niK2a
	if n == 32 {
		s.k2b, s.k3b = niK2b32, niK3b32
		s.c2 = [4]uint32{}
		s.c3 = [4]uint32{0, 0x80, 0, (23 + 32) * 8}
	} else {
		s.k2b, s.k3b = niK2b24, niK3b24
		s.c2 = [4]uint32{0, 0, 0, 0x80}
		s.c3 = [4]uint32{0, 0, 0, (23 + 24) * 8}
	}
}

// set starts l on chain i at step j from x (n bytes).
func (l *niLane) set(x []byte, q uint32, i, j int) {
	var H [8]uint32
	for k := 0; k < len(x)/4; k++ {
		H[k] = binary.BigEndian.Uint32(x[4*k:])
	}
	l.S = toNI(&H)
	l.ctr = [4]uint32{q, uint32(i)<<16 | uint32(j)<<8, 0, 0}
}

// put writes l's chain value to out (n bytes).
func (l *niLane) put(out []byte) {
	H := fromNI(&l.S)
	for k := 0; k < len(out)/4; k++ {
		binary.BigEndian.PutUint32(out[4*k:], H[k])
	}
}

// chainsNIGo is one lane of chainsNI1 written from the chain message's
// definition with sha2's compression function, not from the masks: the
// reference the assembly is tested against. n is read from the padding
// constant.
func chainsNIGo(s *niShared, l *niLane, steps int) {
	n := 32
	if s.c3[3] == (23+24)*8 {
		n = 24
	}
	var c chainBlock
	var I [16]byte
	for k := range 4 {
		binary.BigEndian.PutUint32(I[4*k:], s.w0[k])
	}
	c.init(&I, l.ctr[0], n)
	i, j := int(l.ctr[1]>>16), int(l.ctr[1]>>8&0xff)
	for range steps {
		var x [maxN]byte
		l.put(x[:n])
		binary.BigEndian.PutUint16(c.b[20:], uint16(i))
		c.b[22] = byte(j)
		copy(c.b[23:23+n], x[:n])
		H := iv256
		sha256block.Block(&H, c.b[:])
		l.S = toNI(&H)
		l.ctr[1] += 0x100
		j = int(l.ctr[1] >> 8 & 0xff)
		i = int(l.ctr[1] >> 16)
	}
}

// niLanes is the number of chains algorithm4bNI, algorithm1NI and
// algorithm3NI keep in flight: four (chainsNI4), which measured 1.25
// times the chain steps per second of two (BenchmarkChainsNI, AMD Zen 5).
const niLanes = 4

// runNI advances each lane l[k] by steps[k] chain steps (lanes with 0
// steps are left alone): chainsNI4 while three or four lanes have steps
// left (an idle lane's place taken by a scratch lane whose result is
// dropped: three chains in chainsNI4 still beat two in chainsNI2 and one
// in chainsNI1 after it), chainsNI2 for two, chainsNI1 for one, each time
// for the smallest number of steps left. The step counts are public.
func runNI(s *niShared, l *[niLanes]niLane, steps *[niLanes]int) {
	var spare niLane
	for {
		var act [niLanes]*niLane
		n, m := 0, 0
		for k := range niLanes {
			if steps[k] > 0 {
				act[n] = &l[k]
				n++
				if m == 0 || steps[k] < m {
					m = steps[k]
				}
			}
		}
		switch n {
		case 0:
			clear(spare.S[:])
			return
		case 1:
			chainsNI1(s, act[0], m)
		case 2:
			chainsNI2(s, act[0], act[1], m)
		case 3:
			chainsNI4(s, act[0], act[1], act[2], &spare, m)
		default:
			chainsNI4(s, act[0], act[1], act[2], act[3], m)
		}
		for k := range niLanes {
			if steps[k] > 0 {
				steps[k] -= m
			}
		}
	}
}

// ringNI is the number of chain ends algorithm4bNI keeps (see ring8).
const ringNI = 16

// niContextBytes is the working memory of algorithm4bNI: the ring of
// chain ends with each chain's state and step count, the shared block,
// the lanes and a spare, and chainsNI4's frame.
const niContextBytes = ringNI*maxN + ringNI + ringNI*8 + 160 + (niLanes+1)*48 + 272

// algorithm4bNI is RFC 8554, Algorithm 4b, steps 3-4, for SHA-256
// parameter sets on the SHA extensions, up to four chains at a time: a
// lane that finishes its chain stores the end z[i] in a ring and takes
// another chain at once; each call advances the busy lanes by the steps
// the shortest has left (runNI's choice of chainsNI4, 2 or 1). The ends
// are hashed into Kc in order as soon as they are contiguous, so a chain
// may start only while it is within ringNI chains of the oldest end not
// yet hashed. Lanes take the chains in order until every chain left fits
// in that window; from then on (W8) a free lane takes the longest chain not
// started (longest processing time first), so that the lanes run out of
// work together instead of one or two long chains finishing alone on
// chainsNI2 or chainsNI1 (W8: 34 chains of 0 to 255 steps; Fast/Small
// 2.00 with every chain taken in order, 2.05 longest first at the end,
// BenchmarkHashBound; a ring of 32 ends, longest first for nearly all of
// W8's chains, measured no better). With W4 a chain is at most 15 steps,
// too few for the order to matter against the search for the longest,
// so W4 takes its chains in order throughout.
//
// Variable time over public data, as algorithm4bSHA256.
//
//go:noinline
func algorithm4bNI(Kc []byte, op *otsParams, I *[16]byte, q uint32, Qc *digest, y []byte) {
	n, p := op.n, op.p

	end := 1<<op.w - 1
	var K sha256State
	K.reset()
	K.writePrefix(I, q, dPBLC)
	var (
		s       niShared
		ln      [niLanes]niLane
		chain   [niLanes]int // chain of each lane, -1 when idle
		left    [niLanes]int // its steps left
		ends    [ringNI][maxN]byte
		state   [ringNI]uint8 // of chain i at i%ringNI: niWaiting, niRunning or niDone
		steps   [ringNI]int   // its steps, 2^w - 1 - a_i
		next    int           // first chain of the window not known to have started
		emitted int           // next chain end to hash into Kc
	)
	for l := range chain {
		chain[l] = -1
	}
	s.init(I, q, n)
	for i := range min(p, ringNI) {
		niEnter(&ends, &state, &steps, i, op, Qc, y)
	}
	for {
		for l := range niLanes {
			if chain[l] >= 0 {
				continue
			}
			// The window of chains that may start is [emitted, hi);
			// those before next have started.
			hi := min(p, emitted+ringNI)
			next = max(next, emitted)
			for next < hi && state[next%ringNI] != niWaiting {
				next++
			}
			if next == hi {
				break
			}
			best := next
			if op.w == 8 && emitted+ringNI >= p { // the tail: longest first
				for i := next + 1; i < hi; i++ {
					if r := i % ringNI; state[r] == niWaiting && steps[r] > steps[best%ringNI] {
						best = i
					}
				}
			}
			r := best % ringNI
			ln[l].set(y[best*n:(best+1)*n], q, best, end-steps[r])
			chain[l], left[l] = best, steps[r]
			state[r] = niRunning
		}
		for emitted < p && state[emitted%ringNI] == niDone {
			K.write(ends[emitted%ringNI][:n])
			if emitted+ringNI < p {
				niEnter(&ends, &state, &steps, emitted+ringNI, op, Qc, y)
			}
			emitted++
		}
		busy := false
		for l := range niLanes {
			busy = busy || chain[l] >= 0
		}
		if !busy {
			// Every chain is hashed, or the window held only chains
			// that needed no steps until the emission above moved it.
			if emitted == p {
				K.sum(Kc)
				return
			}
			continue
		}
		// Run until the first lane is done (runNI would run them all).
		st := left
		m := 0
		for l := range niLanes {
			if st[l] > 0 && (m == 0 || st[l] < m) {
				m = st[l]
			}
		}
		for l := range niLanes {
			st[l] = min(st[l], m)
		}
		runNI(&s, &ln, &st)
		for l := range niLanes {
			if chain[l] < 0 {
				continue
			}
			if left[l] -= m; left[l] == 0 {
				i := chain[l]
				ln[l].put(ends[i%ringNI][:n])
				state[i%ringNI] = niDone
				chain[l] = -1
			}
		}
	}
}

// niEnter puts chain i into algorithm4bNI's window (its slot i%ringNI in
// ends, state and steps): a chain of no steps, z[i] = y[i], is done at
// once.
func niEnter(ends *[ringNI][maxN]byte, state *[ringNI]uint8, steps *[ringNI]int, i int, op *otsParams, Qc *digest, y []byte) {
	r := i % ringNI
	steps[r] = 1<<op.w - 1 - coef(Qc[:], i, op.w)
	state[r] = niWaiting
	if steps[r] == 0 {
		copy(ends[r][:op.n], y[i*op.n:(i+1)*op.n])
		state[r] = niDone
	}
}

// The states of a chain in algorithm4bNI's window.
const (
	niWaiting = iota // not started
	niRunning
	niDone // its end is in the ring, waiting to be hashed into Kc
)

// algorithm1NI is algorithm1 (RFC 8554, Algorithm 1 with Appendix A) on
// the SHA extensions, four chains at a time: chains i..i+3 derive x_q[i]
// = H(I || q || i || 0xff || SEED) (one chain step at j = 0xff) and run
// their 2^w - 1 steps together (runNI); their ends are hashed into K in
// order. Constant time (public loop bounds; the secret values only pass
// through the hash).
func algorithm1NI(op *otsParams, I *[16]byte, q uint32, seed *[maxN]byte) (K [maxN]byte) {
	n, p := op.n, op.p
	end := 1<<op.w - 1
	var h sha256State
	h.reset()
	h.writePrefix(I, q, dPBLC)
	var (
		s     niShared
		ln    [niLanes]niLane
		steps [niLanes]int
		buf   [maxN]byte
	)
	s.init(I, q, n)
	for i0 := 0; i0 < p; i0 += niLanes {
		g := min(niLanes, p-i0)
		for l := range niLanes {
			steps[l] = 0
			if l < g {
				ln[l].set(seed[:n], q, i0+l, 0xff)
				steps[l] = 1
			}
		}
		runNI(&s, &ln, &steps) // x_q[i]
		for l := range g {
			ln[l].ctr[1] = uint32(i0+l) << 16 // j = 0
			steps[l] = end
		}
		runNI(&s, &ln, &steps)
		for l := range g {
			ln[l].put(buf[:n])
			h.write(buf[:n])
		}
	}
	clear(ln[:])
	clear(buf[:])
	h.sum(K[:n])
	return K
}

// algorithm3NI is algorithm3 (RFC 8554, Algorithm 3) on the SHA
// extensions, four chains at a time: chains i..i+3 derive their x_q
// together and run their a_i steps (runNI). The a_i come from the message
// digest, which the signature reveals; the secret values only pass
// through the hash.
func algorithm3NI(dst []byte, op *otsParams, I *[16]byte, q uint32, seed, C, msg []byte) []byte {
	n, p := op.n, op.p
	Qc := messageDigest(op, I, q, C, msg)
	dst = binary.BigEndian.AppendUint32(dst, uint32(op.typ))
	dst = append(dst, C...)
	var (
		s     niShared
		ln    [niLanes]niLane
		steps [niLanes]int
		buf   [maxN]byte
	)
	s.init(I, q, n)
	for i0 := 0; i0 < p; i0 += niLanes {
		g := min(niLanes, p-i0)
		for l := range niLanes {
			steps[l] = 0
			if l < g {
				ln[l].set(seed, q, i0+l, 0xff)
				steps[l] = 1
			}
		}
		runNI(&s, &ln, &steps) // x_q[i]
		for l := range g {
			ln[l].ctr[1] = uint32(i0+l) << 16 // j = 0
			steps[l] = coef(Qc[:], i0+l, op.w)
		}
		runNI(&s, &ln, &steps)
		for l := range g {
			ln[l].put(buf[:n])
			dst = append(dst, buf[:n]...)
		}
	}
	clear(ln[:])
	clear(buf[:])
	return dst
}
