// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:generate go run gen_f1600.go

// Package keccak implements the Keccak-f[1600] permutation and the sponge
// functions of FIPS 202 that cryptolab's post-quantum and hash-based schemes
// need: SHA3-256, SHA3-512, SHAKE128 and SHAKE256.
//
// Every hash is a value type whose zero value is ready to use and which never
// allocates: a [SHA3_256] or a [SHAKE128] is 200 bytes of state plus two
// words, so it can live on the caller's stack. Write absorbs, Sum (for the
// fixed-length hashes) finishes a copy of the state, Read (for the XOFs)
// squeezes. Copying a value copies the state, so a prefix can be hashed
// once and its state reused (ML-DSA and LMS do this). The one-shot helpers
// [Sum256], [Sum512], [ShakeSum128] and [ShakeSum256] cover the common
// case.
//
// Speed: [F1600] is pure Go, generated straight-line code (two rounds per
// loop iteration, which measured faster than all 24 unrolled) with lane
// complementing; see BenchmarkF1600 for its cost beside the standard
// library's crypto/sha3 (assembly on amd64). Absorbing and squeezing move whole 64-bit lanes when
// the input is lane-aligned.
//
// Four states at once: [F1600x4] and [SHAKEx4] (x4.go) permute four
// interleaved states, with AVX2 on amd64 (about 3.4× the throughput of
// four F1600 calls, BenchmarkF1600x4) and by four F1600 calls elsewhere.
//
// Constant time: the permutation and the sponge have no data-dependent
// branches or indices; lengths are public.
package keccak

import (
	"encoding/binary"
	"errors"
)

// Rates in bytes (r/8 of FIPS 202, Section 6) and output sizes.
const (
	RateSHA3_224 = 144 // c = 448
	RateSHA3_256 = 136 // c = 512
	RateSHA3_384 = 104 // c = 768
	RateSHA3_512 = 72  // c = 1024
	RateSHAKE128 = 168 // c = 256
	RateSHAKE256 = 136 // c = 512

	Size224 = 28 // SHA3-224 output bytes
	Size256 = 32 // SHA3-256 output bytes
	Size384 = 48 // SHA3-384 output bytes
	Size512 = 64 // SHA3-512 output bytes
)

// Domain separation bits followed by the first bit of pad10*1 (FIPS 202,
// Section 6.1 and 6.2, and Appendix B.2 for the byte-level encoding).
const (
	dsSHA3  = 0x06 // M || 01, then 1
	dsSHAKE = 0x1f // M || 1111, then 1
)

// ErrWriteAfterRead is returned by the XOFs' Write once squeezing has begun.
var ErrWriteAfterRead = errors.New("keccak: write after read")

// sponge is the state of the sponge construction (FIPS 202, Algorithm 8)
// processed incrementally. The rate and padding are passed by the wrapper
// types as constants, which keeps the zero value valid.
type sponge struct {
	a         [25]uint64 // lane A[x, y] is a[x+5*y]
	n         int        // bytes absorbed into, or squeezed from, the current block
	squeezing bool
}

// xorByte XORs b into byte i of the state (byte i of lane i/8, little-endian).
func (s *sponge) xorByte(i int, b byte) { s.a[i>>3] ^= uint64(b) << (8 * (i & 7)) }

// getByte returns byte i of the state.
func (s *sponge) getByte(i int) byte { return byte(s.a[i>>3] >> (8 * (i & 7))) }

func (s *sponge) absorb(p []byte, rate int) {
	for len(p) > 0 {
		if s.n == 0 && len(p) >= rate {
			// Whole blocks, a lane at a time.
			for len(p) >= rate {
				for i := 0; i < rate/8; i++ {
					s.a[i] ^= binary.LittleEndian.Uint64(p[8*i:])
				}
				F1600(&s.a)
				p = p[rate:]
			}
			continue
		}
		// Partial block: lanes when aligned, bytes otherwise.
		for s.n < rate && len(p) > 0 {
			if s.n&7 == 0 && len(p) >= 8 && s.n+8 <= rate {
				s.a[s.n>>3] ^= binary.LittleEndian.Uint64(p)
				s.n += 8
				p = p[8:]
				continue
			}
			s.xorByte(s.n, p[0])
			s.n++
			p = p[1:]
		}
		if s.n == rate {
			F1600(&s.a)
			s.n = 0
		}
	}
}

// pad applies the domain bits and pad10*1 to the last block, permutes, and
// switches to squeezing.
func (s *sponge) pad(rate int, ds byte) {
	s.xorByte(s.n, ds)
	s.xorByte(rate-1, 0x80)
	F1600(&s.a)
	s.n = 0
	s.squeezing = true
}

func (s *sponge) squeeze(out []byte, rate int) {
	for len(out) > 0 {
		if s.n == rate {
			F1600(&s.a)
			s.n = 0
		}
		if s.n&7 == 0 && len(out) >= 8 {
			for s.n < rate && len(out) >= 8 {
				binary.LittleEndian.PutUint64(out, s.a[s.n>>3])
				s.n += 8
				out = out[8:]
			}
			continue
		}
		out[0] = s.getByte(s.n)
		s.n++
		out = out[1:]
	}
}

// SHA3_256 is SHA3-256 (FIPS 202, Section 6.1). The zero value is an empty
// hash. It implements hash.Hash without allocating (Sum appends to the
// caller's slice).
type SHA3_256 struct{ s sponge }

// Write absorbs p. It never fails.
func (h *SHA3_256) Write(p []byte) (int, error) { h.s.absorb(p, RateSHA3_256); return len(p), nil }

// Sum appends the digest of the data written so far to b; h is unchanged.
func (h *SHA3_256) Sum(b []byte) []byte {
	var d [Size256]byte
	h.SumTo(&d)
	return append(b, d[:]...)
}

// SumTo writes the digest of the data written so far to d; h is unchanged.
func (h *SHA3_256) SumTo(d *[Size256]byte) {
	c := h.s
	c.pad(RateSHA3_256, dsSHA3)
	c.squeeze(d[:], RateSHA3_256)
}

// Reset empties the hash.
func (h *SHA3_256) Reset() { *h = SHA3_256{} }

// Size returns 32.
func (h *SHA3_256) Size() int { return Size256 }

// BlockSize returns the rate, 136.
func (h *SHA3_256) BlockSize() int { return RateSHA3_256 }

// SHA3_224 is SHA3-224 (FIPS 202, Section 6.1), for RSA's
// DigestInfo and PSS. The zero value is an empty hash.
type SHA3_224 struct{ s sponge }

// Write absorbs p. It never fails.
func (h *SHA3_224) Write(p []byte) (int, error) { h.s.absorb(p, RateSHA3_224); return len(p), nil }

// Sum appends the digest of the data written so far to b; h is unchanged.
func (h *SHA3_224) Sum(b []byte) []byte {
	var d [Size224]byte
	h.SumTo(&d)
	return append(b, d[:]...)
}

// SumTo writes the digest of the data written so far to d; h is unchanged.
func (h *SHA3_224) SumTo(d *[Size224]byte) {
	c := h.s
	c.pad(RateSHA3_224, dsSHA3)
	c.squeeze(d[:], RateSHA3_224)
}

// Reset empties the hash.
func (h *SHA3_224) Reset() { *h = SHA3_224{} }

// Size returns 28.
func (h *SHA3_224) Size() int { return Size224 }

// BlockSize returns the rate.
func (h *SHA3_224) BlockSize() int { return RateSHA3_224 }

// SHA3_384 is SHA3-384 (FIPS 202, Section 6.1), for RSA's
// DigestInfo and PSS. The zero value is an empty hash.
type SHA3_384 struct{ s sponge }

// Write absorbs p. It never fails.
func (h *SHA3_384) Write(p []byte) (int, error) { h.s.absorb(p, RateSHA3_384); return len(p), nil }

// Sum appends the digest of the data written so far to b; h is unchanged.
func (h *SHA3_384) Sum(b []byte) []byte {
	var d [Size384]byte
	h.SumTo(&d)
	return append(b, d[:]...)
}

// SumTo writes the digest of the data written so far to d; h is unchanged.
func (h *SHA3_384) SumTo(d *[Size384]byte) {
	c := h.s
	c.pad(RateSHA3_384, dsSHA3)
	c.squeeze(d[:], RateSHA3_384)
}

// Reset empties the hash.
func (h *SHA3_384) Reset() { *h = SHA3_384{} }

// Size returns 48.
func (h *SHA3_384) Size() int { return Size384 }

// BlockSize returns the rate.
func (h *SHA3_384) BlockSize() int { return RateSHA3_384 }

// SHA3_512 is SHA3-512 (FIPS 202, Section 6.1). The zero value is an empty
// hash.
type SHA3_512 struct{ s sponge }

// Write absorbs p. It never fails.
func (h *SHA3_512) Write(p []byte) (int, error) { h.s.absorb(p, RateSHA3_512); return len(p), nil }

// Sum appends the digest of the data written so far to b; h is unchanged.
func (h *SHA3_512) Sum(b []byte) []byte {
	var d [Size512]byte
	h.SumTo(&d)
	return append(b, d[:]...)
}

// SumTo writes the digest of the data written so far to d; h is unchanged.
func (h *SHA3_512) SumTo(d *[Size512]byte) {
	c := h.s
	c.pad(RateSHA3_512, dsSHA3)
	c.squeeze(d[:], RateSHA3_512)
}

// Reset empties the hash.
func (h *SHA3_512) Reset() { *h = SHA3_512{} }

// Size returns 64.
func (h *SHA3_512) Size() int { return Size512 }

// BlockSize returns the rate, 72.
func (h *SHA3_512) BlockSize() int { return RateSHA3_512 }

// SHAKE128 is the SHAKE128 extendable-output function (FIPS 202, Section
// 6.2). Write absorbs; the first Read pads and every Read continues the
// output stream. The zero value is ready to use.
type SHAKE128 struct{ s sponge }

// Write absorbs p; after the first Read it returns ErrWriteAfterRead.
func (h *SHAKE128) Write(p []byte) (int, error) {
	if h.s.squeezing {
		return 0, ErrWriteAfterRead
	}
	h.s.absorb(p, RateSHAKE128)
	return len(p), nil
}

// Read fills p with the next len(p) output bytes. It never fails.
func (h *SHAKE128) Read(p []byte) (int, error) {
	if !h.s.squeezing {
		h.s.pad(RateSHAKE128, dsSHAKE)
	}
	h.s.squeeze(p, RateSHAKE128)
	return len(p), nil
}

// Reset empties the function.
func (h *SHAKE128) Reset() { *h = SHAKE128{} }

// BlockSize returns the rate, 168.
func (h *SHAKE128) BlockSize() int { return RateSHAKE128 }

// SHAKE256 is the SHAKE256 extendable-output function (FIPS 202, Section
// 6.2). The zero value is ready to use.
type SHAKE256 struct{ s sponge }

// Write absorbs p; after the first Read it returns ErrWriteAfterRead.
func (h *SHAKE256) Write(p []byte) (int, error) {
	if h.s.squeezing {
		return 0, ErrWriteAfterRead
	}
	h.s.absorb(p, RateSHAKE256)
	return len(p), nil
}

// Read fills p with the next len(p) output bytes. It never fails.
func (h *SHAKE256) Read(p []byte) (int, error) {
	if !h.s.squeezing {
		h.s.pad(RateSHAKE256, dsSHAKE)
	}
	h.s.squeeze(p, RateSHAKE256)
	return len(p), nil
}

// Reset empties the function.
func (h *SHAKE256) Reset() { *h = SHAKE256{} }

// BlockSize returns the rate, 136.
func (h *SHAKE256) BlockSize() int { return RateSHAKE256 }

// Sum256 returns SHA3-256(data).
func Sum256(data []byte) [Size256]byte {
	var h SHA3_256
	var d [Size256]byte
	h.Write(data)
	h.SumTo(&d)
	return d
}

// Sum512 returns SHA3-512(data).
func Sum512(data []byte) [Size512]byte {
	var h SHA3_512
	var d [Size512]byte
	h.Write(data)
	h.SumTo(&d)
	return d
}

// ShakeSum128 fills out with SHAKE128(data, 8*len(out)).
func ShakeSum128(out, data []byte) {
	var h SHAKE128
	h.Write(data)
	h.Read(out)
}

// ShakeSum256 fills out with SHAKE256(data, 8*len(out)).
func ShakeSum256(out, data []byte) {
	var h SHAKE256
	h.Write(data)
	h.Read(out)
}
