// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"bytes"
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"testing"

	_ "crypto/sha256" // crypto.Hash.New in TestHashes
	_ "crypto/sha3"
	_ "crypto/sha512"
)

// TestDifferentialSign checks, in every configuration and for CRT and
// no-CRT keys of 2048, 3072 and 4096 bits (and e = 3; see keyNamesFor for
// which run without CRYPTOLAB_LONG=1): PSS and PKCS #1
// v1.5 signatures made here verify with crypto/rsa, signatures made by
// crypto/rsa verify here, and v1.5 signatures are equal byte for byte.
func TestDifferentialSign(t *testing.T) {
	msg := []byte("differential")
	d256 := sha256.Sum256(msg)
	d512 := sha512.Sum512(msg)
	type hd struct {
		h crypto.Hash
		d []byte
	}
	hs := []hd{{crypto.SHA256, d256[:]}, {crypto.SHA512, d512[:]}}
	for _, cfg := range allConfigs {
		for _, kc := range keyCases(t, cfg, keyNamesFor(cfg, testKeyNames...)...) {
			t.Run(cfg.String()+"/"+kc.name, func(t *testing.T) {
				pub := kc.priv.PublicKey()
				std := kc.std
				for _, x := range hs[:1+len(kc.name)%2] {
					sig, err := SignPSS(nil, nil, kc.priv, hashFor(x.h), x.d, nil)
					if err != nil {
						t.Fatal(err)
					}
					if err := stdrsa.VerifyPSS(&std.PublicKey, x.h, x.d, sig, &stdrsa.PSSOptions{SaltLength: stdrsa.PSSSaltLengthEqualsHash}); err != nil {
						t.Errorf("crypto/rsa rejects our PSS signature: %v", err)
					}
					if err := VerifyPSS(pub, hashFor(x.h), x.d, sig, nil); err != nil {
						t.Errorf("our PSS signature does not verify: %v", err)
					}
					ssig, _ := stdrsa.SignPSS(rand.Reader, std, x.h, x.d, nil)
					if err := VerifyPSS(pub, hashFor(x.h), x.d, ssig, &PSSOptions{SaltLength: PSSSaltLengthAuto}); err != nil {
						t.Errorf("crypto/rsa PSS signature rejected: %v", err)
					}
					v15, err := SignPKCS1v15(nil, kc.priv, hashFor(x.h), x.d)
					if err != nil {
						t.Fatal(err)
					}
					sv15, _ := stdrsa.SignPKCS1v15(nil, std, x.h, x.d)
					if !bytes.Equal(v15, sv15) {
						t.Errorf("PKCS #1 v1.5 signatures differ")
					}
					if err := VerifyPKCS1v15(pub, hashFor(x.h), x.d, sv15); err != nil {
						t.Errorf("crypto/rsa v1.5 signature rejected: %v", err)
					}
					sig[10] ^= 1
					if VerifyPSS(pub, hashFor(x.h), x.d, sig, nil) == nil {
						t.Errorf("corrupted PSS signature accepted")
					}
					v15[10] ^= 1
					if VerifyPKCS1v15(pub, hashFor(x.h), x.d, v15) == nil {
						t.Errorf("corrupted v1.5 signature accepted")
					}
				}
			})
		}
	}
}

// TestPSSParameters covers the salt lengths, MGF1 hashes and hash
// functions, against crypto/rsa where it supports them.
func TestPSSParameters(t *testing.T) {
	std := stdKey(t, "key2048")
	priv := fromStd(t, FastMid(), std, true)
	pub := priv.PublicKey()
	hashes := []crypto.Hash{crypto.SHA224, crypto.SHA256, crypto.SHA384, crypto.SHA512, crypto.SHA512_224, crypto.SHA512_256, crypto.SHA3_224, crypto.SHA3_256, crypto.SHA3_384, crypto.SHA3_512}
	for _, h := range hashes {
		hh := h.New()
		hh.Write([]byte("m"))
		d := hh.Sum(nil)
		for _, sl := range []int{PSSSaltLengthEqualsHash, PSSSaltLengthNone, 1, 20, PSSSaltLengthAuto} {
			sig, err := SignPSS(nil, nil, priv, hashFor(h), d, &PSSOptions{SaltLength: sl})
			if err != nil {
				t.Fatal(h, sl, err)
			}
			stdSL := sl
			switch sl {
			case PSSSaltLengthEqualsHash:
				stdSL = stdrsa.PSSSaltLengthEqualsHash
			case PSSSaltLengthNone:
				stdSL = 0 // auto in crypto/rsa; verifying a 0-length salt with auto works
			case PSSSaltLengthAuto:
				stdSL = stdrsa.PSSSaltLengthAuto
			}
			if err := stdrsa.VerifyPSS(&std.PublicKey, h, d, sig, &stdrsa.PSSOptions{SaltLength: stdSL}); err != nil {
				t.Errorf("%v salt %d: crypto/rsa rejects: %v", h, sl, err)
			}
			if err := VerifyPSS(pub, hashFor(h), d, sig, &PSSOptions{SaltLength: sl}); err != nil {
				t.Errorf("%v salt %d: rejects own: %v", h, sl, err)
			}
			if err := VerifyPSS(pub, hashFor(h), d, sig, &PSSOptions{SaltLength: PSSSaltLengthAuto}); err != nil {
				t.Errorf("%v salt %d: auto rejects: %v", h, sl, err)
			}
			if sl == 20 && h != crypto.SHA224 && h != crypto.SHA512_224 {
				if VerifyPSS(pub, hashFor(h), d, sig, nil) == nil {
					t.Errorf("%v: salt 20 accepted as hash length", h)
				}
			}
		}
		// A different MGF1 hash.
		sig, err := SignPSS(nil, nil, priv, hashFor(h), d, &PSSOptions{MGFHash: SHA384()})
		if err != nil {
			t.Fatal(err)
		}
		if VerifyPSS(pub, hashFor(h), d, sig, &PSSOptions{MGFHash: SHA384()}) != nil {
			t.Errorf("%v with MGF1-SHA-384 rejected", h)
		}
		if h != crypto.SHA384 && VerifyPSS(pub, hashFor(h), d, sig, nil) == nil {
			t.Errorf("%v with MGF1-SHA-384 accepted with MGF1-%v", h, h)
		}
		// v1.5 with every DigestInfo, against crypto/rsa.
		v15, err := SignPKCS1v15(nil, priv, hashFor(h), d)
		if err != nil {
			t.Fatal(h, err)
		}
		sv15, err := stdrsa.SignPKCS1v15(nil, std, h, d)
		if err != nil {
			t.Fatal(h, err)
		}
		if !bytes.Equal(v15, sv15) {
			t.Errorf("%v: v1.5 signature differs from crypto/rsa", h)
		}
	}
}

// TestHashes checks each Hash against the standard library's
// implementation of the same crypto.Hash (digest, Size, HashFunc), and
// HashFor both ways: every supported crypto.Hash maps to the Hash that
// computes it, 0 and unsupported ones to nil.
func TestHashes(t *testing.T) {
	hashes := []Hash{SHA224(), SHA256(), SHA384(), SHA512(), SHA512_224(), SHA512_256(),
		SHA3_224(), SHA3_256(), SHA3_384(), SHA3_512()}
	msg := make([]byte, 300)
	for i := range msg {
		msg[i] = byte(i * 7)
	}
	for _, h := range hashes {
		std := h.HashFunc().New()
		std.Write(msg)
		want := std.Sum(nil)
		var in [maxHashInput]byte
		copy(in[:], msg)
		out := h.sum(in, len(msg), nil)
		long := h.sum(in, 0, msg) // the long path gives the same
		if n := h.HashFunc().Size(); !bytes.Equal(out[:n], want) || n != len(want) || out != long {
			t.Errorf("%v: digest %x, want %x", h.HashFunc(), out[:n], want)
		}
		if HashFor(h.HashFunc()) != h {
			t.Errorf("HashFor(%v) = %v", h.HashFunc(), HashFor(h.HashFunc()))
		}
		if p := digestInfoPrefix(h.HashFunc()); len(p) != 19 || int(p[len(p)-1]) != h.HashFunc().Size() {
			t.Errorf("%v: DigestInfo prefix %x", h.HashFunc(), p)
		}
	}
	for _, h := range []crypto.Hash{0, crypto.MD5, crypto.SHA1, crypto.MD5SHA1, crypto.BLAKE2b_256, 99} {
		if HashFor(h) != nil {
			t.Errorf("HashFor(%v) is not nil", h)
		}
	}
}
