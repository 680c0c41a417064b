// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms_test

// An independent, slow reference for LMS key generation, written from
// RFC 8554 (Sections 3.1, 4.3, 5.3, Algorithm 1, Appendix A) and
// SP 800-208 (Section 4: SHA-256/192 is SHA-256 truncated to 24 bytes,
// SHAKE256/192 and SHAKE256/256 are SHAKE256 with 24- and 32-byte
// outputs), with the standard library's crypto/sha256 and crypto/sha3. It
// shares nothing with the package but the public API it checks: every
// message is built with append, every hash is a one-shot call, the tree is
// computed bottom-up level by level into a slice.

import (
	"crypto/sha256"
	"crypto/sha3"
	"encoding/binary"
	"fmt"
)

type refParams struct {
	shake bool
	n     int // = m
	w     int
	p     int
	ls    int
	h     int
}

// refLookup decodes the typecodes from the registry tables of RFC 8554
// (Sections 4.1, 5.1) and SP 800-208 (Section 4), by listing them.
func refLookup(lmsType, otsType uint32) (refParams, error) {
	type ots struct {
		shake   bool
		n, w, p int
		ls      int
	}
	otsTable := map[uint32]ots{
		0x01: {false, 32, 1, 265, 7}, 0x02: {false, 32, 2, 133, 6}, 0x03: {false, 32, 4, 67, 4}, 0x04: {false, 32, 8, 34, 0},
		0x05: {false, 24, 1, 200, 8}, 0x06: {false, 24, 2, 101, 6}, 0x07: {false, 24, 4, 51, 4}, 0x08: {false, 24, 8, 26, 0},
		0x09: {true, 32, 1, 265, 7}, 0x0a: {true, 32, 2, 133, 6}, 0x0b: {true, 32, 4, 67, 4}, 0x0c: {true, 32, 8, 34, 0},
		0x0d: {true, 24, 1, 200, 8}, 0x0e: {true, 24, 2, 101, 6}, 0x0f: {true, 24, 4, 51, 4}, 0x10: {true, 24, 8, 26, 0},
	}
	type lms struct {
		shake bool
		m, h  int
	}
	lmsTable := map[uint32]lms{}
	for i, h := range []int{5, 10, 15, 20, 25} {
		lmsTable[0x05+uint32(i)] = lms{false, 32, h}
		lmsTable[0x0a+uint32(i)] = lms{false, 24, h}
		lmsTable[0x0f+uint32(i)] = lms{true, 32, h}
		lmsTable[0x14+uint32(i)] = lms{true, 24, h}
	}
	o, ok1 := otsTable[otsType]
	l, ok2 := lmsTable[lmsType]
	if !ok1 || !ok2 || o.shake != l.shake || o.n != l.m {
		return refParams{}, fmt.Errorf("unsupported %x/%x", lmsType, otsType)
	}
	return refParams{shake: o.shake, n: o.n, w: o.w, p: o.p, ls: o.ls, h: l.h}, nil
}

func (rp refParams) H(msg []byte) []byte {
	if rp.shake {
		return sha3.SumSHAKE256(msg, rp.n)
	}
	d := sha256.Sum256(msg)
	return d[:rp.n]
}

func u32(x uint32) []byte { return binary.BigEndian.AppendUint32(nil, x) }
func u16(x uint16) []byte { return binary.BigEndian.AppendUint16(nil, x) }

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// refOTSPublicHash is Algorithm 1 with x_q[i] from Appendix A.
func refOTSPublicHash(rp refParams, I, seed []byte, q uint32) []byte {
	var ys []byte
	for i := 0; i < rp.p; i++ {
		tmp := rp.H(cat(I, u32(q), u16(uint16(i)), []byte{0xff}, seed))
		for j := 0; j < 1<<rp.w-1; j++ {
			tmp = rp.H(cat(I, u32(q), u16(uint16(i)), []byte{byte(j)}, tmp))
		}
		ys = append(ys, tmp...)
	}
	return rp.H(cat(I, u32(q), u16(0x8080), ys))
}

// refLMSPublicKey returns u32str(type) || u32str(otstype) || I || T[1]
// (Section 5.3), computing the tree level by level.
func refLMSPublicKey(lmsType, otsType uint32, seed, I []byte) ([]byte, error) {
	rp, err := refLookup(lmsType, otsType)
	if err != nil {
		return nil, err
	}
	leaves := 1 << rp.h
	level := make([][]byte, leaves)
	for q := 0; q < leaves; q++ {
		r := uint32(leaves + q)
		level[q] = rp.H(cat(I, u32(r), u16(0x8282), refOTSPublicHash(rp, I, seed, uint32(q))))
	}
	for width := leaves / 2; width >= 1; width /= 2 {
		up := make([][]byte, width)
		for k := 0; k < width; k++ {
			r := uint32(width + k)
			up[k] = rp.H(cat(I, u32(r), u16(0x8383), level[2*k], level[2*k+1]))
		}
		level = up
	}
	return cat(u32(lmsType), u32(otsType), I, level[0]), nil
}
