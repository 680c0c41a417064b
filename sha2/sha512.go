// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"encoding/binary"
	"hash"
)

// Variants of Digest512. The zero value is SHA-512, so a zero Digest512
// is an empty SHA-512 state.
const (
	variant512 uint8 = iota
	variant384
	variant512_224
	variant512_256
)

// Digest512 is the running state of SHA-384, SHA-512, SHA-512/224 or
// SHA-512/256; New384, New512, New512_224 and New512_256 return one. It
// occupies 208 bytes: the hash value H (64), the pending partial block
// (128), the message length in bytes (8) and the variant (1, padded to 8).
// The number of pending bytes is not stored: it is the length modulo 128.
//
// The length is counted in bytes in 64 bits, so messages up to 2^64-1 bytes
// are hashed exactly; FIPS 180-4 allows up to 2^128-1 bits, which no real
// message reaches. The 128-bit length field of the padding is derived from it.
//
// A Digest512 may be copied by value to fork a computation. Its zero value
// is an empty SHA-512 state, usable without Reset.
//
// A nil *Digest512 holds no state and nothing can be written to it:
// Write, Clone, MarshalBinary, AppendBinary and UnmarshalBinary return an
// error, Size returns 0, Sum appends nothing (no digest of a message that
// was never absorbed can be mistaken for a real one) and Reset does
// nothing.
type Digest512 struct {
	h       [8]uint64          // H(i), FIPS 180-4 §6.4
	x       [BlockSize512]byte // the first len%128 bytes are the unprocessed tail
	len     uint64             // bytes written so far
	variant uint8
}

func (d *Digest512) init(v uint8) {
	d.variant = v
	d.Reset()
}

// Reset returns d to the initial state of its variant (FIPS 180-4, §5.3.4,
// §5.3.5 or §5.3.6).
func (d *Digest512) Reset() {
	if d == nil {
		return
	}
	d.h = d.iv()
	d.x = [BlockSize512]byte{}
	d.len = 0
}

// iv returns H(0) of d's variant.
func (d *Digest512) iv() [8]uint64 {
	switch d.variant {
	case variant384:
		return iv384
	case variant512_224:
		return iv512_224
	case variant512_256:
		return iv512_256
	}
	return iv512
}

// hashValue returns H, or H(0) for a zero value that was never Reset:
// nothing written and H all zero, which no reachable state has (it would
// take a preimage of zero under the compression function).
func (d *Digest512) hashValue() [8]uint64 {
	if d.len == 0 && d.h == [8]uint64{} {
		return d.iv()
	}
	return d.h
}

// Size returns the digest size: Size384, Size512, Size224 or Size256.
func (d *Digest512) Size() int {
	if d == nil {
		return 0
	}
	switch d.variant {
	case variant384:
		return Size384
	case variant512_224:
		return Size224
	case variant512_256:
		return Size256
	default:
		return Size512
	}
}

// BlockSize returns BlockSize512.
func (d *Digest512) BlockSize() int { return BlockSize512 }

// Write absorbs p. It never allocates, and fails only on a nil d.
func (d *Digest512) Write(p []byte) (int, error) {
	if d == nil {
		return 0, errNilDigest
	}
	n := len(p)
	if d.len == 0 {
		d.h = d.hashValue()
	}
	nx := int(d.len % BlockSize512)
	d.len += uint64(n)
	if nx > 0 {
		c := copy(d.x[nx:], p)
		if nx+c < BlockSize512 {
			return n, nil
		}
		block512(&d.h, d.x[:])
		p = p[c:]
	}
	full := len(p) &^ (BlockSize512 - 1)
	block512(&d.h, p[:full])
	copy(d.x[:], p[full:])
	return n, nil
}

// Sum appends the digest of everything written so far to b and returns the
// result. d is not changed, so writing may continue. It allocates only if b
// lacks room for Size() more bytes.
func (d *Digest512) Sum(b []byte) []byte {
	if d == nil {
		return b
	}
	H := d.hashValue()
	padSHA512(&H, d.x[:d.len%BlockSize512], d.len)
	var out [Size512]byte
	putWords64(out[:], &H)
	return append(b, out[:d.Size()]...)
}

// Clone returns an independent copy of d (hash.Cloner). It allocates the copy.
func (d *Digest512) Clone() (hash.Cloner, error) {
	if d == nil {
		return nil, errNilDigest
	}
	c := *d
	return &c, nil
}

// Saved states use the layout of the Go standard library's crypto/sha512,
// so either package can resume the other's state: a 4-byte magic naming the
// variant, H(i) as eight big-endian words, the 128-byte block buffer
// (pending bytes then zeros) and the byte length, big-endian. 204 bytes.
const (
	magic384         = "sha\x04"
	magic512_224     = "sha\x05"
	magic512_256     = "sha\x06"
	magic512         = "sha\x07"
	marshaledSize512 = len(magic512) + 8*8 + BlockSize512 + 8
)

func (d *Digest512) magic() string {
	switch d.variant {
	case variant384:
		return magic384
	case variant512_224:
		return magic512_224
	case variant512_256:
		return magic512_256
	default:
		return magic512
	}
}

// MarshalBinary saves the state (encoding.BinaryMarshaler). It allocates the
// 204-byte result.
func (d *Digest512) MarshalBinary() ([]byte, error) {
	if d == nil {
		return nil, errNilDigest
	}
	return d.AppendBinary(make([]byte, 0, marshaledSize512))
}

// AppendBinary appends the saved state to b (encoding.BinaryAppender); it
// allocates only if b lacks room for 204 more bytes.
func (d *Digest512) AppendBinary(b []byte) ([]byte, error) {
	if d == nil {
		return b, errNilDigest
	}
	b = append(b, d.magic()...)
	for _, w := range d.hashValue() {
		b = binary.BigEndian.AppendUint64(b, w)
	}
	nx := d.len % BlockSize512
	b = append(b, d.x[:nx]...)
	b = append(b, make([]byte, BlockSize512-nx)...) // zero-extends b; the compiler makes no temporary
	return binary.BigEndian.AppendUint64(b, d.len), nil
}

// UnmarshalBinary restores a state saved by AppendBinary or MarshalBinary
// (encoding.BinaryUnmarshaler) for the same variant as d. A state of another
// variant or of the wrong length is refused with an error and d is left
// unchanged. Bytes of the block buffer past the pending ones are ignored.
func (d *Digest512) UnmarshalBinary(b []byte) error {
	if d == nil {
		return errNilDigest
	}
	m := d.magic()
	if len(b) < len(m) || string(b[:len(m)]) != m {
		return errStateVariant
	}
	if len(b) != marshaledSize512 {
		return errStateSize
	}
	b = b[len(m):]
	for i := range d.h {
		d.h[i] = binary.BigEndian.Uint64(b[8*i:])
	}
	b = b[8*8:]
	d.len = binary.BigEndian.Uint64(b[BlockSize512:])
	nx := d.len % BlockSize512
	d.x = [BlockSize512]byte{}
	copy(d.x[:], b[:nx])
	return nil
}

// sumSHA512 hashes a whole message: its full blocks straight from data,
// then the padded tail.
func sumSHA512(H *[8]uint64, data []byte) {
	full := len(data) &^ (BlockSize512 - 1)
	block512(H, data[:full])
	padSHA512(H, data[full:], uint64(len(data)))
}

// padSHA512 pads the final tail (fewer than 128 bytes) of an n-byte message
// as FIPS 180-4, §5.1.2 prescribes — a 1 bit, zeros, and the 128-bit message
// length in bits — and processes the resulting one or two blocks. The
// 256-byte buffer lives on the stack. (Writing it in assembly with whole
// 16-byte stores, as padSHA256NI does for SHA-256, so the block's loads
// are forwarded from the stores, measured no faster for SHA-512: 128 ns
// for a 32-byte Sum384 either way in go test's benchmark, and 129-133 ns
// either way in four alternating lab runs with the peers on AMD EPYC Zen 5;
// the wait is small against a 440-cycle block. Not kept.)
func padSHA512(H *[8]uint64, tail []byte, n uint64) {
	var buf [2 * BlockSize512]byte
	k := copy(buf[:BlockSize512-1], tail)
	buf[k] = 0x80
	end := BlockSize512
	if k >= BlockSize512-16 {
		end = 2 * BlockSize512
	}
	binary.BigEndian.PutUint64(buf[end-16:end-8], n>>61) // high 64 bits of 8n
	binary.BigEndian.PutUint64(buf[end-8:end], n<<3)
	block512(H, buf[:end])
}

// putWords64 writes H big-endian into out, as many whole or truncated words
// as fit (the truncations of §6.5-§6.7: SHA-512/224 ends mid-word).
func putWords64(out []byte, H *[8]uint64) {
	var full [64]byte
	for i, w := range H {
		binary.BigEndian.PutUint64(full[8*i:], w)
	}
	copy(out, full[:])
}
