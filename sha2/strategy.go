// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"encoding/binary"
	_ "unsafe" // go:linkname
)

// One-shot sums on a compression strategy the caller chooses, lent to the
// module's other packages through internal/sha2sum (bound there by
// go:linkname, so they stay out of this package's API; renaming them or
// changing a signature breaks that package's build).
//
// A configuration of another package (ecdsa's Small ones) picks the pair
// of compression functions its hashing runs on — the compact loops of
// compact.go, or block256 and block512, the processor's instructions or
// the unrolled Go code — and hands it down as two function values, so a
// program links the pair its configurations name and no other. The
// functions are in value form: the hash value and one block in, the new
// hash value out. A call through a function value makes the compiler
// assume that its pointer arguments escape, so only values cross it, and
// the callers' hash values, padding blocks and messages stay on their
// stacks. What that costs: the block is copied into the call's arguments
// (64 or 128 bytes a block; the arguments and result take 128 or 256
// bytes of the caller's frame), and Native's SHA-256 runs one block per
// call instead of all of them in one.

// block256Func and block512Func are a compression function in value form:
// FIPS 180-4 §6.2.2 or §6.4.2 steps 1-4 on one block M, from H(i-1) to
// H(i).
type (
	block256Func = func(H [8]uint32, M [BlockSize256]byte) [8]uint32
	block512Func = func(H [8]uint64, M [BlockSize512]byte) [8]uint64
)

//go:linkname nativeBlock256
func nativeBlock256(H [8]uint32, M [BlockSize256]byte) [8]uint32 {
	block256(&H, M[:])
	return H
}

//go:linkname nativeBlock512
func nativeBlock512(H [8]uint64, M [BlockSize512]byte) [8]uint64 {
	block512(&H, M[:])
	return H
}

// sum256With and sum512With set out[:size] to the digest, under the hash
// function v (1 SHA-224, 2 SHA-256 for sum256With; 3 SHA-384, 4 SHA-512,
// 5 SHA-512/224, 6 SHA-512/256 for sum512With: internal/sha2sum's
// numbering), of the concatenation of parts, preceded, if pad is not 0,
// by one block K0 ⊕ pad, where K0 is key zero-extended to a block (HMAC's
// inner and outer hashes, FIPS 198-1 §4: the block is made as it is
// hashed, so no caller holds it). They compute with block, zero
// out[size:] and return size, or 0 (writing nothing) for another v, a nil
// block or a key longer than a block. out may alias key or a part: it is
// written last. Every block goes through M and the one call site, so the
// copies into the call's arguments are written once (code size); M is
// cleared at the end, since the message may be keyed.
//
//go:linkname sum256With
func sum256With(v uint8, block block256Func, out *[Size512]byte, key []byte, pad byte, parts [][]byte) int {
	H, size := iv256, Size256
	if v == 1 {
		H, size = iv224, Size224
	}
	if v < 1 || v > 2 || block == nil || len(key) > BlockSize256 {
		return 0
	}
	var f feed // set field by field: a composite literal is built in a temporary first (96 B of stack)
	f.key, f.xor, f.keyed, f.parts = key, pad, pad != 0, parts
	var M [BlockSize256]byte
	for last := false; !last; {
		last = f.next(M[:])
		H = block(H, M)
	}
	clear(M[:])
	for i, w := range &H { // by pointer: ranging over the array copies it
		binary.BigEndian.PutUint32(out[4*i:], w)
	}
	clear(out[size:])
	return size
}

//go:linkname sum512With
func sum512With(v uint8, block block512Func, out *[Size512]byte, key []byte, pad byte, parts [][]byte) int {
	var H [8]uint64
	var size int
	switch v {
	case 3:
		H, size = iv384, Size384
	case 4:
		H, size = iv512, Size512
	case 5:
		H, size = iv512_224, Size224
	case 6:
		H, size = iv512_256, Size256
	default:
		return 0
	}
	if block == nil || len(key) > BlockSize512 {
		return 0
	}
	var f feed // set field by field: a composite literal is built in a temporary first (96 B of stack)
	f.key, f.xor, f.keyed, f.parts = key, pad, pad != 0, parts
	var M [BlockSize512]byte
	for last := false; !last; {
		last = f.next(M[:])
		H = block(H, M)
	}
	clear(M[:])
	for i, w := range &H {
		binary.BigEndian.PutUint64(out[8*i:], w)
	}
	clear(out[size:])
	return size
}

// feed hands out a message, given in parts, one block at a time, then
// its padding (FIPS 180-4 §5.1.1 and §5.1.2): a 1 bit, zeros, and the
// length in bits in the last 8 bytes of a 64-byte block or the last 16 of
// a 128-byte one.
type feed struct {
	key   []byte   // K0 before zero-extension, if keyed
	xor   byte     // ipad or opad
	keyed bool     // K0 ⊕ xor is the first block still to hand out
	p     []byte   // the rest of the part being read
	parts [][]byte // the parts after it
	n     uint64   // message bytes handed out
	pad   bool     // the 1 bit is written
}

// next fills M with the next block and reports whether it is the last.
// Its branches depend on the lengths only.
func (f *feed) next(M []byte) bool {
	if f.keyed { // the branch on i < len(key) depends on the key's length only
		for i := range M {
			var b byte
			if i < len(f.key) {
				b = f.key[i]
			}
			M[i] = b ^ f.xor
		}
		f.keyed = false
		f.n += uint64(len(M))
		return false
	}
	k := 0
	for k < len(M) {
		if len(f.p) == 0 {
			if len(f.parts) == 0 {
				break
			}
			f.p, f.parts = f.parts[0], f.parts[1:]
			continue
		}
		c := copy(M[k:], f.p)
		k += c
		f.p = f.p[c:]
		f.n += uint64(c)
	}
	if k == len(M) {
		return false
	}
	if !f.pad {
		M[k] = 0x80
		k++
		f.pad = true
	}
	clear(M[k:])
	lenSize := len(M) / 8 // 8 or 16 bytes
	if k > len(M)-lenSize {
		return false // no room for the length: one more block
	}
	binary.BigEndian.PutUint64(M[len(M)-8:], f.n<<3)
	if lenSize == 16 {
		binary.BigEndian.PutUint64(M[len(M)-16:], f.n>>61) // high 64 bits of 8n
	}
	return true
}
