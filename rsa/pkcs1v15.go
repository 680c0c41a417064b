// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto/subtle"
)

// pkcs1v15T returns the DigestInfo prefix of h (nil for a nil h, which
// signs the digest as it is, as TLS 1.0's MD5+SHA-1 did) and checks the
// digest length.
func pkcs1v15T(h Hash, digest []byte) ([]byte, error) {
	if h == nil {
		return nil, nil
	}
	prefix := digestInfoPrefix(h.HashFunc())
	if prefix == nil {
		return nil, errHash
	}
	if len(digest) != h.HashFunc().Size() {
		return nil, errDigestSize
	}
	return prefix, nil
}

// emsaPKCS1v15 writes EMSA-PKCS1-v1_5 (RFC 8017, Section 9.2) of prefix ||
// digest into em: 0x00 0x01 FF…FF 0x00 T.
func emsaPKCS1v15(em, prefix, digest []byte) error {
	tLen := len(prefix) + len(digest)
	if len(em) < tLen+11 {
		return ErrMessageTooLong
	}
	em[0], em[1] = 0x00, 0x01
	ps := em[2 : len(em)-tLen-1]
	for i := range ps {
		ps[i] = 0xff
	}
	em[len(em)-tLen-1] = 0x00
	copy(em[len(em)-tLen:], prefix)
	copy(em[len(em)-len(digest):], digest)
	return nil
}

// SignPKCS1v15 signs digest, the hash h of a message, with
// RSASSA-PKCS1-v1_5 (RFC 8017, Section 8.2.1) and appends the signature
// (priv.Size() bytes) to dst. h is a value such as SHA256(); a nil h
// signs digest as it is, without a
// DigestInfo. The signature is deterministic. Nothing is allocated when
// dst has room; on error dst is returned unchanged.
func SignPKCS1v15(dst []byte, priv *PrivateKey, h Hash, digest []byte) ([]byte, error) {
	if !priv.valid() {
		return dst, errNilKey
	}
	prefix, err := pkcs1v15T(h, digest)
	if err != nil {
		return dst, err
	}
	k := &priv.pub
	if k.size < len(prefix)+len(digest)+11 {
		return dst, ErrMessageTooLong
	}
	ret, out := sliceForAppend(dst, k.size)
	emsaPKCS1v15(out, prefix, digest)
	if err := priv.privateTo(out, out); err != nil {
		clear(out)
		return dst, err
	}
	return ret, nil
}

// VerifyPKCS1v15 reports whether sig is a valid RSASSA-PKCS1-v1_5
// signature of digest under pub (RFC 8017, Section 8.2.2): the encoding of
// the expected message is built and compared whole, so no parser sees the
// signature's padding. nil if valid, ErrVerification if not.
func VerifyPKCS1v15(pub *PublicKey, h Hash, digest, sig []byte) error {
	if !pub.valid() {
		return errNilKey
	}
	prefix, err := pkcs1v15T(h, digest)
	if err != nil {
		return err
	}
	if len(sig) != pub.size {
		return ErrVerification
	}
	if pub.size < len(prefix)+len(digest)+11 {
		return ErrVerification
	}
	m, err := pub.cfg.publicVarTime(pub, sig)
	if err != nil {
		return ErrVerification
	}
	var want [maxBytes]byte
	emsaPKCS1v15(want[:pub.size], prefix, digest)
	if subtle.ConstantTimeCompare(m[:pub.size], want[:pub.size]) != 1 {
		return ErrVerification
	}
	return nil
}
