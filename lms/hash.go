// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"encoding/binary"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
	"github.com/cryptolab-go/cryptolab/internal/sha256block"
)

// Domain separation fields of RFC 8554, Section 3.2.
const (
	dPBLC = 0x8080 // LM-OTS public key (Algorithm 1)
	dMESG = 0x8181 // message (Algorithm 3)
	dLEAF = 0x8282 // Merkle leaf (Section 5.3)
	dINTR = 0x8383 // Merkle interior node (Section 5.3)
)

// hasher is the hash function H of RFC 8554 (Section 3.1) for a parameter
// set, computed incrementally: SHA-256 truncated to n bytes (n = 32, and
// n = 24 for SP 800-208's SHA-256/192) or SHAKE256 with an n-byte output.
// Both states are held so that the value lives on the stack without an
// interface (which would send it to the heap): 112 bytes of SHA-256 state
// and 216 of SHAKE256 state.
type hasher struct {
	family hashFamily
	s      sha256State
	k      keccak.SHAKE256
}

func (h *hasher) init(f hashFamily) {
	h.family = f
	if f == familySHAKE {
		h.k.Reset()
	} else {
		h.s.reset()
	}
}

func (h *hasher) write(p []byte) {
	if h.family == familySHAKE {
		h.k.Write(p)
	} else {
		h.s.write(p)
	}
}

// writePrefix absorbs I || u32str(q) || u16str(d), the prefix every hash of
// RFC 8554 starts with.
func (h *hasher) writePrefix(I *[16]byte, q uint32, d uint16) {
	b := prefix(I, q, d)
	h.write(b[:])
}

// prefix returns I || u32str(q) || u16str(d).
func prefix(I *[16]byte, q uint32, d uint16) (b [22]byte) {
	copy(b[:16], I[:])
	binary.BigEndian.PutUint32(b[16:], q)
	binary.BigEndian.PutUint16(b[20:], d)
	return b
}

// wipe clears the state (which may hold secret input).
func (h *hasher) wipe() { *h = hasher{} }

// sum writes the first len(out) bytes of the hash to out (len(out) ≤ 32).
func (h *hasher) sum(out []byte) {
	if h.family == familySHAKE {
		h.k.Read(out)
	} else {
		h.s.sum(out)
	}
}

// sha256State is an incremental SHA-256 over sha2's compression function:
// the hash value, a block buffer and the byte count (104 bytes). It is
// smaller than sha2.Digest256 and needs no variant.
type sha256State struct {
	H   [8]uint32
	x   [64]byte
	len uint64
}

// iv256 is H(0) of SHA-256, FIPS 180-4, §5.3.3.
var iv256 = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// writePrefix absorbs I || u32str(q) || u16str(d).
func (s *sha256State) writePrefix(I *[16]byte, q uint32, d uint16) {
	b := prefix(I, q, d)
	s.write(b[:])
}

// writePrefixSHAKE absorbs I || u32str(q) || u16str(d) into k.
func writePrefixSHAKE(k *keccak.SHAKE256, I *[16]byte, q uint32, d uint16) {
	b := prefix(I, q, d)
	k.Write(b[:])
}

func (s *sha256State) reset() {
	s.H = iv256
	s.len = 0
}

func (s *sha256State) write(p []byte) {
	nx := int(s.len % 64)
	s.len += uint64(len(p))
	if nx > 0 {
		c := copy(s.x[nx:], p)
		if nx+c < 64 {
			return
		}
		sha256block.Block(&s.H, s.x[:])
		p = p[c:]
	}
	full := len(p) &^ 63
	if full > 0 {
		sha256block.Block(&s.H, p[:full])
	}
	copy(s.x[:], p[full:])
}

// sum pads (FIPS 180-4, §5.1.1), finishes and writes the first len(out)
// bytes of the digest; s is consumed.
func (s *sha256State) sum(out []byte) {
	n := s.len
	nx := int(n % 64)
	s.x[nx] = 0x80
	clear(s.x[nx+1:])
	if nx >= 56 {
		sha256block.Block(&s.H, s.x[:])
		clear(s.x[:])
	}
	binary.BigEndian.PutUint64(s.x[56:], n<<3)
	sha256block.Block(&s.H, s.x[:])
	putH(out, &s.H)
}

// putH writes the first len(out) bytes of H, big-endian (len(out) is 24 or
// 32).
func putH(out []byte, H *[8]uint32) {
	for i := 0; i < len(out)/4; i++ {
		binary.BigEndian.PutUint32(out[4*i:], H[i])
	}
}

// The Winternitz chain hash of RFC 8554, Algorithms 1, 3 and 4b,
//
//	tmp = H(I || u32str(q) || u16str(i) || u8str(j) || tmp),
//
// and the secret derivation of Appendix A,
//
//	x_q[i] = H(I || u32str(q) || u16str(i) || u8str(0xff) || SEED),
//
// hash 23 + n bytes: one SHA-256 block once padded (55 + 9 = 64 for
// n = 32). chainBlock keeps that block ready — I and q written once, the
// padding and length fixed — so that each step writes i, j and tmp and
// calls the compression function, with no copying or padding per call.
type chainBlock struct {
	b [64]byte
	n int
}

// init prepares the block for key I, leaf q and hash length n.
func (c *chainBlock) init(I *[16]byte, q uint32, n int) {
	c.n = n
	copy(c.b[:16], I[:])
	binary.BigEndian.PutUint32(c.b[16:], q)
	c.b[23+n] = 0x80
	clear(c.b[24+n:])
	binary.BigEndian.PutUint64(c.b[56:], uint64(23+n)*8)
}

// chainSHA256 runs chain i from step a to step end-1 starting from x (n
// bytes): tmp = H(I || q || i || j || tmp) for j = a, …, end-1 (the inner
// loop of RFC 8554, Algorithm 4b, step 3, and of Algorithms 1 and 3), and
// leaves the result in c.b[23:23+n] (x may be that very slice). The
// number of steps is public (it depends on the message digest only); the
// values may be secret, and SHA-256 is constant time.
func (c *chainBlock) chainSHA256(i int, x []byte, a, end int) {
	n := c.n
	b := &c.b
	binary.BigEndian.PutUint16(b[20:], uint16(i))
	copy(b[23:23+n], x)
	// The step's own work around the compression is kept to storing j
	// and the result (fixed offsets, no bounds checks): with sha2 on the
	// SHA extensions a compression is about 40 ns, and this is what the
	// hash-count bound compares against.
	t := (*[32]byte)(b[23:55])
	for j := a; j < end; j++ {
		b[22] = byte(j)
		H := iv256
		sha256block.Block(&H, b[:])
		binary.BigEndian.PutUint32(t[0:], H[0])
		binary.BigEndian.PutUint32(t[4:], H[1])
		binary.BigEndian.PutUint32(t[8:], H[2])
		binary.BigEndian.PutUint32(t[12:], H[3])
		binary.BigEndian.PutUint32(t[16:], H[4])
		binary.BigEndian.PutUint32(t[20:], H[5])
		if n == 32 {
			binary.BigEndian.PutUint32(t[24:], H[6])
			binary.BigEndian.PutUint32(t[28:], H[7])
		}
	}
}

// chainSHAKE is chainSHA256 for SHAKE256.
//
//go:noinline
func (c *chainBlock) chainSHAKE(i int, x []byte, a, end int) {
	n := c.n
	binary.BigEndian.PutUint16(c.b[20:], uint16(i))
	copy(c.b[23:23+n], x)
	for j := a; j < end; j++ {
		c.b[22] = byte(j)
		var k keccak.SHAKE256
		k.Write(c.b[:23+n])
		k.Read(c.b[23 : 23+n])
	}
}

// chain runs chainSHA256 or chainSHAKE and copies the result to out.
func (c *chainBlock) chain(f hashFamily, i int, x []byte, a, end int, out []byte) {
	if f == familySHAKE {
		c.chainSHAKE(i, x, a, end)
	} else {
		c.chainSHA256(i, x, a, end)
	}
	copy(out, c.b[23:23+c.n])
}
