// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto/subtle"
	"io"
)

// EncryptOAEP encrypts msg with RSAES-OAEP (RFC 8017, Section 7.1.1;
// EME-OAEP encoding, step 2) under pub, with hash h for the label and
// mgfHash for MGF1 (nil: h), values such as SHA256(), and appends the
// ciphertext (pub.Size() bytes)
// to dst. The seed comes from rand (crypto/rand if nil). msg may be at most
// Size() - 2·hLen - 2 bytes. On error dst is returned unchanged.
func EncryptOAEP(dst []byte, rand io.Reader, pub *PublicKey, h, mgfHash Hash, msg, label []byte) ([]byte, error) {
	if !pub.valid() {
		return dst, errNilKey
	}
	if mgfHash == nil {
		mgfHash = h
	}
	if h == nil {
		return dst, errHash
	}
	hLen := h.HashFunc().Size()
	k := pub.size
	if len(msg) > k-2*hLen-2 {
		return dst, ErrMessageTooLong
	}
	ret, em := sliceForAppend(dst, k)
	// EM = 0x00 || maskedSeed || maskedDB, DB = lHash || PS || 0x01 || M.
	em[0] = 0
	seed, db := em[1:1+hLen], em[1+hLen:]
	lHash := labelHash(h, label)
	copy(db, lHash[:hLen])
	clear(db[hLen : len(db)-len(msg)-1])
	db[len(db)-len(msg)-1] = 0x01
	copy(db[len(db)-len(msg):], msg)
	if err := readRandom(rand, seed); err != nil {
		clear(em)
		return dst, err
	}
	mgf1XOR(db, mgfHash, seed)
	mgf1XOR(seed, mgfHash, db)
	c, err := pub.cfg.publicVarTime(pub, em)
	if err != nil {
		clear(em)
		return dst, err
	}
	copy(em, c[:k])
	return ret, nil
}

// DecryptOAEP decrypts ciphertext with RSAES-OAEP (RFC 8017, Section
// 7.1.2) and appends the message to dst. Every check of the decoding (the
// leading zero byte, lHash, the zero padding and the 0x01 separator) is
// made in constant time and merged into one result, and any failure
// returns ErrDecryption alone, so the time and the error tell nothing of
// which check failed (Manger's attack). On error dst is returned unchanged.
func DecryptOAEP(dst []byte, priv *PrivateKey, h, mgfHash Hash, ciphertext, label []byte) ([]byte, error) {
	if !priv.valid() {
		return dst, errNilKey
	}
	if mgfHash == nil {
		mgfHash = h
	}
	if h == nil {
		return dst, errHash
	}
	hLen := h.HashFunc().Size()
	k := priv.pub.size
	if len(ciphertext) != k || k < 2*hLen+2 {
		return dst, ErrDecryption
	}
	m, err := priv.private(ciphertext)
	if err != nil {
		return dst, ErrDecryption
	}
	em := m[:k]
	lHash := labelHash(h, label)
	seed, db := em[1:1+hLen], em[1+hLen:]
	mgf1XOR(seed, mgfHash, db)
	mgf1XOR(db, mgfHash, seed)
	good := subtle.ConstantTimeByteEq(em[0], 0)
	good &= subtle.ConstantTimeCompare(db[:hLen], lHash[:hLen])
	// Find the 0x01 after the zero padding without branching on the
	// bytes: index is the position of the first nonzero byte, which must
	// be 0x01.
	looking, index, invalid := 1, 0, 0
	rest := db[hLen:]
	for i, b := range rest {
		isZero := subtle.ConstantTimeByteEq(b, 0)
		isOne := subtle.ConstantTimeByteEq(b, 1)
		index = subtle.ConstantTimeSelect(looking&isOne, i, index)
		invalid |= looking & (1 ^ isZero) & (1 ^ isOne)
		looking &= isZero
	}
	good &= (1 ^ looking) & (1 ^ invalid)
	if good != 1 {
		clear(m[:])
		return dst, ErrDecryption
	}
	msg := rest[index+1:]
	ret := append(dst, msg...)
	clear(m[:])
	return ret, nil
}

// labelHash returns lHash = Hash(L) (RFC 8017, Section 7.1.1, step 2.a). A
// label of more than maxHashInput bytes is hashed from a heap copy (one
// allocation), so that label itself does not escape through the interface
// call (see Hash.sum).
func labelHash(h Hash, label []byte) [maxHashSize]byte {
	if len(label) > maxHashInput {
		return h.sum([maxHashInput]byte{}, 0, append([]byte(nil), label...))
	}
	var in [maxHashInput]byte
	n := copy(in[:], label)
	return h.sum(in, n, nil)
}
