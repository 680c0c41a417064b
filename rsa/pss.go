// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"io"
)

// Salt lengths with a special meaning in PSSOptions.SaltLength.
const (
	// PSSSaltLengthEqualsHash (the zero value) uses a salt as long as the
	// digest, as FIPS 186-5 recommends.
	PSSSaltLengthEqualsHash = 0
	// PSSSaltLengthAuto accepts any salt length on verification; on
	// signing it uses the longest salt that fits (emLen - hLen - 2).
	PSSSaltLengthAuto = -1
	// PSSSaltLengthNone uses the empty salt (deterministic signatures).
	PSSSaltLengthNone = -2
)

// PSSOptions are the parameters of RSASSA-PSS. A nil *PSSOptions means all
// defaults.
type PSSOptions struct {
	// SaltLength is the salt length in bytes (positive), or one of the
	// PSSSaltLength constants.
	SaltLength int
	// Hash is the hash function of the digest, for crypto.Signer's Sign
	// (the functions of this package take it as an argument).
	Hash crypto.Hash
	// MGFHash is the hash function of MGF1; nil means the digest's.
	MGFHash Hash
}

// HashFunc returns o.Hash, so a *PSSOptions is a crypto.SignerOpts. A nil
// o names no hash: HashFunc returns 0, which every signing and verifying
// function refuses with an error.
func (o *PSSOptions) HashFunc() crypto.Hash {
	if o == nil {
		return 0
	}
	return o.Hash
}

func (o *PSSOptions) saltLength() int {
	if o == nil {
		return PSSSaltLengthEqualsHash
	}
	return o.SaltLength
}

func (o *PSSOptions) mgfHash(h Hash) Hash {
	if o == nil || o.MGFHash == nil {
		return h
	}
	return o.MGFHash
}

// maxSalt bounds a salt: emLen - hLen - 2 < 512.
const maxSalt = maxBytes

// SignPSS signs digest, the hash h of a message, with RSASSA-PSS (RFC 8017,
// Section 8.1.1; EMSA-PSS-ENCODE, Section 9.1.1) and appends the signature
// (priv.Size() bytes) to dst. h is a value such as SHA256(); a nil h is an
// error. The salt comes from rand (crypto/rand if
// nil). Nothing is allocated when dst has room and rand is nil or
// crypto/rand.Reader. On error dst is returned unchanged, with any bytes
// written past its length zeroed.
func SignPSS(dst []byte, rand io.Reader, priv *PrivateKey, h Hash, digest []byte, opts *PSSOptions) ([]byte, error) {
	if !priv.valid() {
		return dst, errNilKey
	}
	mgfHash := opts.mgfHash(h)
	if h == nil || mgfHash == nil {
		return dst, errHash
	}
	hLen := h.HashFunc().Size()
	if len(digest) != hLen {
		return dst, errDigestSize
	}
	k := &priv.pub
	emBits := k.n.Bits - 1
	emLen := (emBits + 7) / 8
	sLen := opts.saltLength()
	switch {
	case sLen == PSSSaltLengthEqualsHash:
		sLen = hLen
	case sLen == PSSSaltLengthAuto:
		sLen = emLen - hLen - 2
	case sLen == PSSSaltLengthNone:
		sLen = 0
	case sLen < 0:
		return dst, errSaltLength
	}
	if emLen < hLen+sLen+2 {
		return dst, errSaltLength
	}
	ret, out := sliceForAppend(dst, k.size)
	clear(out[:k.size-emLen])
	em := out[k.size-emLen:]
	dbLen := emLen - hLen - 1
	db, H := em[:dbLen], em[dbLen:emLen-1]
	salt := db[dbLen-sLen:]
	if err := readRandom(rand, salt); err != nil {
		clear(out)
		return dst, err
	}
	pssHashM(H, h, digest, salt)
	em[emLen-1] = 0xbc
	// DB = PS || 0x01 || salt, masked with MGF(H), the bits beyond emBits
	// cleared.
	clear(db[:dbLen-sLen-1])
	db[dbLen-sLen-1] = 0x01
	mgf1XOR(db, mgfHash, H)
	db[0] &= 0xff >> (8*emLen - emBits)
	if err := priv.privateTo(out, out); err != nil {
		clear(out)
		return dst, err
	}
	return ret, nil
}

// pssHashM sets H = Hash(M') with M' = (0x)00 00 00 00 00 00 00 00 ||
// mHash || salt (RFC 8017, Section 9.1.1, steps 5 and 6). It is its own
// function, not inlined, so that M' (584 B) and the hash's frame are off
// the stack while SignPSS and VerifyPSS run the RSA operation.
//
//go:noinline
func pssHashM(H []byte, h Hash, digest, salt []byte) {
	var mPrime [maxHashInput]byte
	copy(mPrime[8:], digest)
	copy(mPrime[8+len(digest):], salt)
	hv := h.sum(mPrime, 8+len(digest)+len(salt), nil)
	copy(H, hv[:len(H)])
}

// VerifyPSS reports whether sig is a valid RSASSA-PSS signature of digest
// under pub (RFC 8017, Section 8.1.2; EMSA-PSS-VERIFY, Section 9.1.2):
// nil if it is, ErrVerification (or an error about the parameters) if not.
// It works on public data and runs in variable time.
func VerifyPSS(pub *PublicKey, h Hash, digest, sig []byte, opts *PSSOptions) error {
	if !pub.valid() {
		return errNilKey
	}
	mgfHash := opts.mgfHash(h)
	if h == nil || mgfHash == nil {
		return errHash
	}
	hLen := h.HashFunc().Size()
	if len(digest) != hLen {
		return errDigestSize
	}
	if len(sig) != pub.size {
		return ErrVerification
	}
	m, err := pub.cfg.publicVarTime(pub, sig)
	if err != nil {
		return ErrVerification
	}
	emBits := pub.n.Bits - 1
	emLen := (emBits + 7) / 8
	if pub.size > emLen && m[0] != 0 {
		return ErrVerification
	}
	em := m[pub.size-emLen : pub.size]
	sLen := opts.saltLength()
	switch {
	case sLen == PSSSaltLengthEqualsHash:
		sLen = hLen
	case sLen == PSSSaltLengthNone:
		sLen = 0
	case sLen < PSSSaltLengthNone:
		return errSaltLength
	}
	if emLen < hLen+max(sLen, 0)+2 || em[emLen-1] != 0xbc {
		return ErrVerification
	}
	dbLen := emLen - hLen - 1
	db, H := em[:dbLen], em[dbLen:emLen-1]
	topMask := byte(0xff >> (8*emLen - emBits))
	if db[0]&^topMask != 0 {
		return ErrVerification
	}
	mgf1XOR(db, mgfHash, H)
	db[0] &= topMask
	if sLen == PSSSaltLengthAuto {
		i := 0
		for i < dbLen && db[i] == 0 {
			i++
		}
		if i == dbLen || db[i] != 0x01 {
			return ErrVerification
		}
		sLen = dbLen - i - 1
	} else {
		for _, b := range db[:dbLen-sLen-1] {
			if b != 0 {
				return ErrVerification
			}
		}
		if db[dbLen-sLen-1] != 0x01 {
			return ErrVerification
		}
	}
	var hv [maxHashSize]byte
	pssHashM(hv[:hLen], h, digest, db[dbLen-sLen:])
	if subtle.ConstantTimeCompare(hv[:hLen], H) != 1 {
		return ErrVerification
	}
	return nil
}

// readRandom fills b from r, or from crypto/rand when r is nil or
// crypto/rand.Reader (called directly: no interface call, so b, which may
// be on the caller's stack, does not escape through it).
func readRandom(r io.Reader, b []byte) error {
	if r == nil || r == rand.Reader {
		rand.Read(b)
		return nil
	}
	_, err := io.ReadFull(r, b)
	return err
}

// sliceForAppend extends in by n bytes, returning the whole slice and the
// new tail.
func sliceForAppend(in []byte, n int) (head, tail []byte) {
	if total := len(in) + n; cap(in) >= total {
		head = in[:total]
	} else {
		head = make([]byte, total)
		copy(head, in)
	}
	tail = head[len(in):]
	return
}
