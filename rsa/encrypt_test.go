// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"bytes"
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"testing"
)

// TestDifferentialOAEP: OAEP ciphertexts made here decrypt with crypto/rsa
// and the reverse, with and without labels and with another MGF1 hash, in
// every configuration, CRT and no CRT; PKCS #1 v1.5 the same.
func TestDifferentialOAEP(t *testing.T) {
	msg := []byte("a secret message")
	for _, cfg := range allConfigs {
		for _, kc := range keyCases(t, cfg, keyNamesFor(cfg, "key2048", "key3072")...) {
			t.Run(cfg.String()+"/"+kc.name, func(t *testing.T) {
				pub, std := kc.priv.PublicKey(), kc.std
				for _, p := range []struct {
					h, mgf crypto.Hash
					label  []byte
				}{{crypto.SHA256, 0, nil}, {crypto.SHA256, 0, []byte("label")}, {crypto.SHA384, crypto.SHA256, []byte("another label")}} {
					mgf := p.mgf
					if mgf == 0 {
						mgf = p.h
					}
					ct, err := EncryptOAEP(nil, nil, pub, hashFor(p.h), hashFor(p.mgf), msg, p.label)
					if err != nil {
						t.Fatal(err)
					}
					pt, err := stdrsa.DecryptOAEP(p.h.New(), nil, std, ct, p.label)
					if p.mgf != 0 && p.mgf != p.h {
						pt, err = std.Decrypt(nil, ct, &stdrsa.OAEPOptions{Hash: p.h, MGFHash: mgf, Label: p.label})
					}
					if err != nil || !bytes.Equal(pt, msg) {
						t.Errorf("crypto/rsa cannot decrypt our OAEP (%v/%v): %v", p.h, mgf, err)
					}
					sct, err := stdrsa.EncryptOAEPWithOptions(rand.Reader, &std.PublicKey, msg, &stdrsa.OAEPOptions{Hash: p.h, MGFHash: mgf, Label: p.label})
					if err != nil {
						t.Fatal(err)
					}
					pt, err = DecryptOAEP(nil, kc.priv, hashFor(p.h), hashFor(p.mgf), sct, p.label)
					if err != nil || !bytes.Equal(pt, msg) {
						t.Errorf("cannot decrypt crypto/rsa OAEP: %v", err)
					}
					if _, err := DecryptOAEP(nil, kc.priv, hashFor(p.h), hashFor(p.mgf), sct, []byte("wrong")); err != ErrDecryption {
						t.Errorf("wrong label: %v", err)
					}
				}
				ct, err := EncryptPKCS1v15(nil, nil, pub, msg)
				if err != nil {
					t.Fatal(err)
				}
				if pt, err := stdrsa.DecryptPKCS1v15(nil, std, ct); err != nil || !bytes.Equal(pt, msg) {
					t.Errorf("crypto/rsa cannot decrypt our v1.5: %v", err)
				}
				sct, _ := stdrsa.EncryptPKCS1v15(rand.Reader, &std.PublicKey, msg)
				if pt, err := DecryptPKCS1v15(nil, kc.priv, sct); err != nil || !bytes.Equal(pt, msg) {
					t.Errorf("cannot decrypt crypto/rsa v1.5: %v", err)
				}
				key := bytes.Repeat([]byte{0xaa}, len(msg))
				if err := DecryptPKCS1v15SessionKey(kc.priv, sct, key); err != nil || !bytes.Equal(key, msg) {
					t.Errorf("session key: %v", err)
				}
			})
		}
	}
}

// TestDecryptionFailures: every kind of bad padding gives ErrDecryption
// alone (OAEP, v1.5) or leaves the session key untouched without an error.
func TestDecryptionFailures(t *testing.T) {
	std := stdKey(t, "key2048")
	priv := fromStd(t, FastLow(), std, true)
	pub := priv.PublicKey()
	k := pub.Size()
	// raw encrypts an arbitrary encoded message.
	raw := func(em []byte) []byte {
		c, err := pub.cfg.publicVarTime(pub, em)
		if err != nil {
			t.Fatal(err)
		}
		return c[:k]
	}
	v15 := func(mod func(em []byte)) []byte {
		em := make([]byte, k)
		em[1] = 2
		for i := 2; i < k-17; i++ {
			em[i] = 0x55
		}
		copy(em[k-16:], "0123456789abcdef")
		mod(em)
		return raw(em)
	}
	cases := map[string][]byte{
		"first byte":  v15(func(em []byte) { em[0] = 1 }),
		"block type":  v15(func(em []byte) { em[1] = 1 }),
		"no zero":     v15(func(em []byte) { em[k-17] = 0x55 }),
		"short PS":    v15(func(em []byte) { em[5] = 0 }),
		"PS of 7":     v15(func(em []byte) { em[9] = 0 }),
		"all zero":    v15(func(em []byte) { clear(em) }),
		"ct = n":      std.N.Bytes(),
		"short ct":    make([]byte, k-1),
		"long ct":     make([]byte, k+1),
		"empty ct":    nil,
		"ct all ones": bytes.Repeat([]byte{0xff}, k),
	}
	for name, c := range cases {
		buf := []byte("dst")
		out, err := DecryptPKCS1v15(buf, priv, c)
		if err != ErrDecryption || !bytes.Equal(out, []byte("dst")) {
			t.Errorf("v1.5 %s: %v %q", name, err, out)
		}
		key := bytes.Repeat([]byte{7}, 16)
		err = DecryptPKCS1v15SessionKey(priv, c, key)
		if !bytes.Equal(key, bytes.Repeat([]byte{7}, 16)) {
			t.Errorf("session key %s: key changed", name)
		}
		if err != nil && len(c) == k && name != "ct = n" && name != "ct all ones" {
			t.Errorf("session key %s: error %v for bad padding", name, err)
		}
		if _, err := DecryptOAEP(nil, priv, SHA256(), nil, c, nil); err != ErrDecryption {
			t.Errorf("OAEP %s: %v", name, err)
		}
	}
	// A PS of exactly 8 bytes is valid; the session key must match its
	// length.
	em := make([]byte, k)
	em[1] = 2
	for i := 2; i < 10; i++ {
		em[i] = 1
	}
	for i := 11; i < k; i++ {
		em[i] = 0x42
	}
	c := raw(em)
	if m, err := DecryptPKCS1v15(nil, priv, c); err != nil || len(m) != k-11 {
		t.Errorf("PS of 8: %v", err)
	}
	key := make([]byte, 16)
	DecryptPKCS1v15SessionKey(priv, c, key)
	if !bytes.Equal(key, make([]byte, 16)) {
		t.Error("session key of the wrong length copied")
	}
	// OAEP encodings broken one field at a time.
	good, _ := EncryptOAEP(nil, nil, pub, SHA256(), nil, []byte("m"), nil)
	m, _ := priv.private(good)
	for _, pos := range []int{0, 1, 33, 40, k - 3, k - 2, k - 1} {
		bad := m
		bad[pos] ^= 0x80
		if _, err := DecryptOAEP(nil, priv, SHA256(), nil, raw(bad[:k]), nil); err != ErrDecryption {
			t.Errorf("OAEP byte %d flipped: %v", pos, err)
		}
	}
	if _, err := EncryptOAEP(nil, nil, pub, SHA256(), nil, make([]byte, k-2*32-1), nil); err != ErrMessageTooLong {
		t.Errorf("long OAEP message: %v", err)
	}
	if _, err := EncryptPKCS1v15(nil, nil, pub, make([]byte, k-10)); err != ErrMessageTooLong {
		t.Errorf("long v1.5 message: %v", err)
	}
	if err := DecryptPKCS1v15SessionKey(priv, c, make([]byte, k)); err == nil {
		t.Error("oversized session key accepted")
	}
}

// TestSignerDecrypter: the crypto.Signer and crypto.Decrypter methods.
func TestSignerDecrypter(t *testing.T) {
	std := stdKey(t, "key2048")
	priv := fromStd(t, Default(), std, true)
	var s crypto.Signer = priv
	digest := make([]byte, 32)
	sig, err := s.Sign(rand.Reader, digest, &PSSOptions{Hash: crypto.SHA256})
	if err != nil || stdrsa.VerifyPSS(&std.PublicKey, crypto.SHA256, digest, sig, nil) != nil {
		t.Errorf("Sign PSS: %v", err)
	}
	sig, err = s.Sign(rand.Reader, digest, crypto.SHA256)
	if err != nil || stdrsa.VerifyPKCS1v15(&std.PublicKey, crypto.SHA256, digest, sig) != nil {
		t.Errorf("Sign v1.5: %v", err)
	}
	if _, err := s.Sign(rand.Reader, digest, nil); err == nil {
		t.Error("nil opts accepted")
	}
	if !s.Public().(*PublicKey).Equal(priv.PublicKey()) {
		t.Error("Public")
	}
	var d crypto.Decrypter = priv
	ct, _ := stdrsa.EncryptOAEP(crypto.SHA256.New(), rand.Reader, &std.PublicKey, []byte("x"), []byte("L"))
	if pt, err := d.Decrypt(nil, ct, &OAEPOptions{Hash: crypto.SHA256, Label: []byte("L")}); err != nil || string(pt) != "x" {
		t.Errorf("Decrypt OAEP: %v", err)
	}
	ct, _ = stdrsa.EncryptPKCS1v15(rand.Reader, &std.PublicKey, []byte("0123456789abcdef"))
	if pt, err := d.Decrypt(nil, ct, nil); err != nil || string(pt) != "0123456789abcdef" {
		t.Errorf("Decrypt v1.5: %v", err)
	}
	if pt, err := d.Decrypt(rand.Reader, ct, &PKCS1v15DecryptOptions{SessionKeyLen: 16}); err != nil || string(pt) != "0123456789abcdef" {
		t.Errorf("Decrypt v1.5 session key: %v", err)
	}
	if pt, err := d.Decrypt(rand.Reader, ct, &PKCS1v15DecryptOptions{SessionKeyLen: 15}); err != nil || len(pt) != 15 || string(pt) == "0123456789abcde" {
		t.Errorf("Decrypt v1.5 session key of the wrong length: %v %q", err, pt)
	}
	if _, err := d.Decrypt(nil, ct, &stdrsa.OAEPOptions{}); err == nil {
		t.Error("foreign options accepted")
	}
}
