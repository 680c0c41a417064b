// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto"
	"errors"
	"io"
)

// OAEPOptions selects RSAES-OAEP in Decrypt.
type OAEPOptions struct {
	Hash    crypto.Hash // hash of the label
	MGFHash crypto.Hash // hash of MGF1; 0 means Hash
	Label   []byte
}

// PKCS1v15DecryptOptions selects RSAES-PKCS1-v1_5 in Decrypt. With
// SessionKeyLen > 0, Decrypt returns SessionKeyLen bytes that are the
// message if the padding is valid and the message that long, and random
// bytes otherwise, without an error (DecryptPKCS1v15SessionKey).
type PKCS1v15DecryptOptions struct {
	SessionKeyLen int
}

var errOpts = errors.New("rsa: unsupported options")

// Sign implements crypto.Signer: RSASSA-PSS when opts is a *PSSOptions
// (its Hash names the digest's hash; a nil one names none and is an
// error), RSASSA-PKCS1-v1_5 with opts.HashFunc() otherwise (0 signs the
// digest as it is). The hash is named by number, so Sign goes through
// HashFor and a program that calls it links every hash function; the
// functions SignPSS and SignPKCS1v15 link only the Hash they are given.
func (k *PrivateKey) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	if opts == nil {
		return nil, errOpts
	}
	h := HashFor(opts.HashFunc())
	if o, ok := opts.(*PSSOptions); ok {
		return SignPSS(nil, rand, k, h, digest, o)
	}
	if h == nil && opts.HashFunc() != 0 {
		return nil, errHash
	}
	return SignPKCS1v15(nil, k, h, digest)
}

// HashFor of OAEPOptions' hashes: nil for 0 (MGFHash: the label's hash),
// an error for an unsupported one.
func oaepHashes(o *OAEPOptions) (h, mgfHash Hash, err error) {
	h, mgfHash = HashFor(o.Hash), HashFor(o.MGFHash)
	if h == nil || (mgfHash == nil && o.MGFHash != 0) {
		return nil, nil, errHash
	}
	return h, mgfHash, nil
}

// Decrypt implements crypto.Decrypter: RSAES-OAEP with *OAEPOptions,
// RSAES-PKCS1-v1_5 with nil or *PKCS1v15DecryptOptions. A nil pointer of
// either options type is an error.
func (k *PrivateKey) Decrypt(rand io.Reader, ciphertext []byte, opts crypto.DecrypterOpts) ([]byte, error) {
	switch o := opts.(type) {
	case *OAEPOptions:
		if o == nil {
			return nil, errOpts
		}
		h, mgfHash, err := oaepHashes(o)
		if err != nil {
			return nil, err
		}
		return DecryptOAEP(nil, k, h, mgfHash, ciphertext, o.Label)
	case nil:
		return DecryptPKCS1v15(nil, k, ciphertext)
	case *PKCS1v15DecryptOptions:
		if o == nil {
			return nil, errOpts
		}
		if o.SessionKeyLen <= 0 {
			return DecryptPKCS1v15(nil, k, ciphertext)
		}
		key := make([]byte, o.SessionKeyLen)
		if err := readRandom(rand, key); err != nil {
			return nil, err
		}
		if err := DecryptPKCS1v15SessionKey(k, ciphertext, key); err != nil {
			return nil, err
		}
		return key, nil
	}
	return nil, errOpts
}

var (
	_ crypto.Signer    = (*PrivateKey)(nil)
	_ crypto.Decrypter = (*PrivateKey)(nil)
)
