// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"encoding/binary"
	"hash"
)

// Variants of Digest256. The zero value is SHA-256, so a zero Digest256
// is an empty SHA-256 state.
const (
	variant256 uint8 = iota
	variant224
)

// Digest256 is the running state of SHA-224 or SHA-256; New224 and New256
// return one. It occupies 112 bytes: the hash value H (32), the pending
// partial block (64), the message length in bytes (8) and the variant (1,
// padded to 8). The number of pending bytes is not stored: it is the length
// modulo 64.
//
// A Digest256 may be copied by value to fork a computation. Its zero value
// is an empty SHA-256 state, usable without Reset.
//
// A nil *Digest256 holds no state and nothing can be written to it:
// Write, Clone, MarshalBinary, AppendBinary and UnmarshalBinary return an
// error, Size returns 0, Sum appends nothing (no digest of a message that
// was never absorbed can be mistaken for a real one) and Reset does
// nothing.
type Digest256 struct {
	h       [8]uint32          // H(i), FIPS 180-4 §6.2, in the order of toFlow
	x       [BlockSize256]byte // the first len%64 bytes are the unprocessed tail
	len     uint64             // bytes written so far
	variant uint8
}

func (d *Digest256) init(v uint8) {
	d.variant = v
	d.Reset()
}

// Reset returns d to the initial state of its variant (FIPS 180-4, §5.3.2 or
// §5.3.3).
func (d *Digest256) Reset() {
	if d == nil {
		return
	}
	d.h = d.flowIV()
	d.x = [BlockSize256]byte{}
	d.len = 0
}

// iv returns H(0) of d's variant.
func (d *Digest256) iv() [8]uint32 {
	if d.variant == variant224 {
		return iv224
	}
	return iv256
}

// The initial hash values in Digest256's order. A state starts as a
// whole copy of one (16-byte moves), so the assembly's 16-byte loads of
// it are forwarded from those stores: H reordered word by word in Go
// just before a call cannot be, and the processor then waits for the
// stores to reach the cache (about 18 ns a call on AMD EPYC, Zen 5).
var flowIV224, flowIV256 = toFlow(iv224), toFlow(iv256)

// flowIV returns H(0) of d's variant in Digest256's order.
func (d *Digest256) flowIV() [8]uint32 {
	if d.variant == variant224 {
		return flowIV224
	}
	return flowIV256
}

// hashValue returns H in the order of FIPS 180-4, or H(0) for a zero
// value that was never Reset: nothing written and H all zero, which no
// reachable state has (it would take a preimage of zero under the
// compression function).
func (d *Digest256) hashValue() [8]uint32 {
	if d.len == 0 && d.h == [8]uint32{} {
		return d.iv()
	}
	return fromFlow(d.h)
}

// Size returns the digest size: Size224 or Size256.
func (d *Digest256) Size() int {
	if d == nil {
		return 0
	}
	if d.variant == variant224 {
		return Size224
	}
	return Size256
}

// BlockSize returns BlockSize256.
func (d *Digest256) BlockSize() int { return BlockSize256 }

// Write absorbs p. It never allocates, and fails only on a nil d.
func (d *Digest256) Write(p []byte) (int, error) {
	if d == nil {
		return 0, errNilDigest
	}
	n := len(p)
	if d.len == 0 && d.h == [8]uint32{} {
		d.h = d.flowIV() // a zero value never Reset (see hashValue)
	}
	nx := int(d.len % BlockSize256)
	d.len += uint64(n)
	if nx > 0 {
		c := copy(d.x[nx:], p)
		if nx+c < BlockSize256 {
			return n, nil
		}
		flowBlock256(&d.h, d.x[:])
		p = p[c:]
	}
	full := len(p) &^ (BlockSize256 - 1)
	flowBlock256(&d.h, p[:full])
	copy(d.x[:], p[full:])
	return n, nil
}

// Sum appends the digest of everything written so far to b and returns the
// result. d is not changed, so writing may continue. It allocates only if b
// lacks room for Size() more bytes.
func (d *Digest256) Sum(b []byte) []byte {
	if d == nil {
		return b
	}
	var H [8]uint32
	if !sumFlowNI(d, &H) {
		H = d.hashValue()
		padSHA256(&H, d.x[:d.len%BlockSize256], d.len)
	}
	var out [Size256]byte
	putWords32(out[:], &H)
	return append(b, out[:d.Size()]...)
}

// Clone returns an independent copy of d (hash.Cloner). It allocates the copy.
func (d *Digest256) Clone() (hash.Cloner, error) {
	if d == nil {
		return nil, errNilDigest
	}
	c := *d
	return &c, nil
}

// Saved states use the layout of the Go standard library's crypto/sha256,
// so either package can resume the other's state: a 4-byte magic naming the
// variant, H(i) as eight big-endian words, the 64-byte block buffer (pending
// bytes then zeros) and the byte length, big-endian. 108 bytes.
const (
	magic224         = "sha\x02"
	magic256         = "sha\x03"
	marshaledSize256 = len(magic256) + 8*4 + BlockSize256 + 8
)

func (d *Digest256) magic() string {
	if d.variant == variant224 {
		return magic224
	}
	return magic256
}

// MarshalBinary saves the state (encoding.BinaryMarshaler). It allocates the
// 108-byte result.
func (d *Digest256) MarshalBinary() ([]byte, error) {
	if d == nil {
		return nil, errNilDigest
	}
	return d.AppendBinary(make([]byte, 0, marshaledSize256))
}

// AppendBinary appends the saved state to b (encoding.BinaryAppender); it
// allocates only if b lacks room for 108 more bytes.
func (d *Digest256) AppendBinary(b []byte) ([]byte, error) {
	if d == nil {
		return b, errNilDigest
	}
	b = append(b, d.magic()...)
	for _, w := range d.hashValue() {
		b = binary.BigEndian.AppendUint32(b, w)
	}
	nx := d.len % BlockSize256
	b = append(b, d.x[:nx]...)
	b = append(b, make([]byte, BlockSize256-nx)...) // zero-extends b; the compiler makes no temporary
	return binary.BigEndian.AppendUint64(b, d.len), nil
}

// UnmarshalBinary restores a state saved by AppendBinary or MarshalBinary
// (encoding.BinaryUnmarshaler) for the same variant as d. A state of another
// variant or of the wrong length is refused with an error and d is left
// unchanged. Bytes of the block buffer past the pending ones are ignored.
func (d *Digest256) UnmarshalBinary(b []byte) error {
	if d == nil {
		return errNilDigest
	}
	m := d.magic()
	if len(b) < len(m) || string(b[:len(m)]) != m {
		return errStateVariant
	}
	if len(b) != marshaledSize256 {
		return errStateSize
	}
	b = b[len(m):]
	var H [8]uint32
	for i := range H {
		H[i] = binary.BigEndian.Uint32(b[4*i:])
	}
	d.h = toFlow(H)
	b = b[8*4:]
	d.len = binary.BigEndian.Uint64(b[BlockSize256:])
	nx := d.len % BlockSize256
	d.x = [BlockSize256]byte{}
	copy(d.x[:], b[:nx])
	return nil
}

// sumSHA256 hashes a whole message: its full blocks straight from data,
// then the padded tail.
func sumSHA256(H *[8]uint32, data []byte) {
	full := len(data) &^ (BlockSize256 - 1)
	block256(H, data[:full])
	padSHA256(H, data[full:], uint64(len(data)))
}

// padSHA256 pads the final tail (fewer than 64 bytes) of an n-byte message
// as FIPS 180-4, §5.1.1 prescribes — a 1 bit, zeros, and the 64-bit message
// length in bits — and processes the resulting one or two blocks. The 128-byte
// buffer lives on the stack. With the SHA extensions padNI writes the
// padding instead (see padSHA256NI).
func padSHA256(H *[8]uint32, tail []byte, n uint64) {
	if padNI(H, tail, n) {
		return
	}
	var buf [2 * BlockSize256]byte
	k := copy(buf[:BlockSize256-1], tail)
	buf[k] = 0x80
	end := BlockSize256
	if k >= BlockSize256-8 {
		end = 2 * BlockSize256
	}
	binary.BigEndian.PutUint64(buf[end-8:end], n<<3)
	block256(H, buf[:end])
}

// putWords32 writes H big-endian into out, as many whole or truncated words
// as fit (the truncation of §6.3 for SHA-224).
func putWords32(out []byte, H *[8]uint32) {
	var full [32]byte
	for i, w := range H {
		binary.BigEndian.PutUint32(full[4*i:], w)
	}
	copy(out, full[:])
}
