// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto/subtle"
	"errors"
	"io"
)

// RSAES-PKCS1-v1_5 (RFC 8017, Section 7.2) is kept for old protocols. Its
// decryption is a padding oracle by design (Bleichenbacher 1998; Marvin,
// 2023, is the same attack through timing): whoever can tell a well-padded
// ciphertext from another, by an error, a time or a later protocol
// failure, can decrypt or sign with the key. This package does what it
// can and says what it cannot:
//
//   - The private operation and the padding check run in constant time
//     (no branch or index on the decrypted bytes until the single
//     valid/invalid outcome), so the time to reach the outcome does not
//     depend on where the padding fails.
//   - DecryptPKCS1v15 still returns ErrDecryption on bad padding: the error
//     itself is an oracle, and it is the caller's to hide.
//   - DecryptPKCS1v15SessionKey is the form for protocols (TLS-RSA key
//     transport): the caller fills key with random bytes first; the
//     function overwrites them, in constant time, only if the padding is
//     valid and the message has exactly len(key) bytes, and returns no
//     error either way, so the protocol continues with a random key and
//     fails later in the same way as with a wrong one.
//
// Use OAEP for anything new.

// EncryptPKCS1v15 encrypts msg with RSAES-PKCS1-v1_5 (RFC 8017, Section
// 7.2.1) and appends the ciphertext to dst: EM = 0x00 0x02 PS 0x00 M with
// PS at least 8 random nonzero bytes. msg may be at most Size() - 11
// bytes.
func EncryptPKCS1v15(dst []byte, rand io.Reader, pub *PublicKey, msg []byte) ([]byte, error) {
	if !pub.valid() {
		return dst, errNilKey
	}
	k := pub.size
	if len(msg) > k-11 {
		return dst, ErrMessageTooLong
	}
	ret, em := sliceForAppend(dst, k)
	em[0], em[1] = 0, 2
	ps := em[2 : k-len(msg)-1]
	if err := readRandom(rand, ps); err != nil {
		clear(em)
		return dst, err
	}
	for i := range ps {
		for ps[i] == 0 { // public randomness, discarded zeros
			if err := readRandom(rand, ps[i:i+1]); err != nil {
				clear(em)
				return dst, err
			}
		}
	}
	em[k-len(msg)-1] = 0
	copy(em[k-len(msg):], msg)
	c, err := pub.cfg.publicVarTime(pub, em)
	if err != nil {
		clear(em)
		return dst, err
	}
	copy(em, c[:k])
	return ret, nil
}

// decryptPKCS1v15 runs the private operation and checks the padding in
// constant time. It returns valid (1 or 0), the index of the message in
// em, and em.
func decryptPKCS1v15(priv *PrivateKey, ciphertext []byte) (valid, index int, em [maxBytes]byte, err error) {
	k := priv.pub.size
	if len(ciphertext) != k || k < 11 {
		return 0, 0, em, ErrDecryption
	}
	em, err = priv.private(ciphertext)
	if err != nil {
		return 0, 0, em, ErrDecryption
	}
	valid = subtle.ConstantTimeByteEq(em[0], 0) & subtle.ConstantTimeByteEq(em[1], 2)
	// The first zero byte after the two leading bytes ends PS.
	looking, zeroIndex := 1, 0
	for i := 2; i < k; i++ {
		isZero := subtle.ConstantTimeByteEq(em[i], 0)
		zeroIndex = subtle.ConstantTimeSelect(looking&isZero, i, zeroIndex)
		looking &= 1 ^ isZero
	}
	// PS must be at least 8 bytes: the zero at index 10 or later.
	valid &= (1 ^ looking) & subtle.ConstantTimeLessOrEq(10, zeroIndex)
	return valid, zeroIndex + 1, em, nil
}

// DecryptPKCS1v15 decrypts ciphertext with RSAES-PKCS1-v1_5 (RFC 8017,
// Section 7.2.2) and appends the message to dst. The decryption and the
// padding check run in constant time, but the returned ErrDecryption is a
// padding oracle if an attacker can observe it: see
// DecryptPKCS1v15SessionKey.
func DecryptPKCS1v15(dst []byte, priv *PrivateKey, ciphertext []byte) ([]byte, error) {
	if !priv.valid() {
		return dst, errNilKey
	}
	valid, index, em, err := decryptPKCS1v15(priv, ciphertext)
	if err != nil {
		return dst, err
	}
	if valid != 1 {
		clear(em[:])
		return dst, ErrDecryption
	}
	ret := append(dst, em[index:priv.pub.size]...)
	clear(em[:])
	return ret, nil
}

var errSessionKey = errors.New("rsa: session key too long for the modulus")

// DecryptPKCS1v15SessionKey decrypts ciphertext with RSAES-PKCS1-v1_5 and,
// in constant time, copies the message into key if the padding is valid
// and the message is exactly len(key) bytes; otherwise key is left as it
// was. The caller must fill key with random bytes beforehand. It returns
// an error only for public problems (nil or wiped key, ciphertext of the
// wrong length, key longer than Size() - 11), never for the padding.
func DecryptPKCS1v15SessionKey(priv *PrivateKey, ciphertext, key []byte) error {
	if !priv.valid() {
		return errNilKey
	}
	k := priv.pub.size
	if len(key) > k-11 {
		return errSessionKey
	}
	valid, index, em, err := decryptPKCS1v15(priv, ciphertext)
	if err != nil {
		return err
	}
	valid &= subtle.ConstantTimeEq(int32(k-index), int32(len(key)))
	subtle.ConstantTimeCopy(valid, key, em[k-len(key):k])
	clear(em[:])
	return nil
}
