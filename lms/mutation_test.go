// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms_test

import (
	"encoding/binary"
	"sync"
	"testing"

	"github.com/cryptolab-go/cryptolab/lms"
)

// mutationCase is a valid (public key, message, signature).
type mutationCase struct {
	name          string
	pub, msg, sig []byte
}

var (
	mutationOnce  sync.Once
	mutationSet   []mutationCase
	mutationError error
)

// mutationCases returns the valid signatures the mutation tests start
// from, made once per test binary.
func mutationCases(t *testing.T) []mutationCase {
	mutationOnce.Do(func() { mutationSet, mutationError = makeMutationCases() })
	if mutationError != nil {
		t.Fatal(mutationError)
	}
	return mutationSet
}

func makeMutationCases() ([]mutationCase, error) {
	st := &memStore{}
	sk, err := lms.GenerateKey(lms.Fast(), []lms.Params{{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W8}}, lms.SignerOptions{Cache: lms.CacheAll}, st, seeded(7))
	if err != nil {
		return nil, err
	}
	msg := []byte("mutate me")
	sk.Sign(msg) // leaf 0; mutate the signature of leaf 1
	sig, err := sk.Sign(msg)
	if err != nil {
		return nil, err
	}
	sk2, err := lms.GenerateKey(lms.Small(), []lms.Params{
		{LMS: lms.LMS_SHA256_M24_H5, OTS: lms.LMOTS_SHA256_N24_W4},
		{LMS: lms.LMS_SHAKE_M24_H5, OTS: lms.LMOTS_SHAKE_N24_W4},
	}, lms.SignerOptions{Cache: lms.CacheAll}, st, seeded(8))
	if err != nil {
		return nil, err
	}
	sig2, err := sk2.Sign(msg)
	if err != nil {
		return nil, err
	}
	return []mutationCase{
		{"HSS L=1 SHA256 M32 H5 W8", sk.Public().Bytes(), msg, sig},
		{"HSS L=2 SHA256/192 W4 over SHAKE256/192 W4", sk2.Public().Bytes(), msg, sig2},
	}, nil
}

// TestMutations changes every byte (every 7th in the middle unless
// CRYPTOLAB_LONG=1) of valid signatures (and of their
// public keys), truncates them at every length, extends them, and sets
// every typecode, q and Nspk field to out-of-range and other valid values:
// nothing but the original verifies, in either configuration, and nothing
// panics.
func TestMutations(t *testing.T) {
	for _, c := range mutationCases(t) {
		for _, cfg := range configs {
			pk, err := lms.ParsePublicKey(cfg, c.pub)
			if err != nil {
				t.Fatal(err)
			}
			if !pk.Verify(c.msg, c.sig) {
				t.Fatalf("%s: original rejected", c.name)
			}
			mut := make([]byte, len(c.sig))
			for i := range c.sig {
				// Every byte under CRYPTOLAB_LONG=1; otherwise the
				// headers, the last 64 bytes and every 7th byte
				// between (37th with -short).
				stride := 7
				if testing.Short() {
					stride = 37
				}
				if !long() && i >= 48 && i < len(c.sig)-64 && i%stride != 0 {
					continue
				}
				copy(mut, c.sig)
				mut[i] ^= 1 << (i % 8)
				if pk.Verify(c.msg, mut) {
					t.Fatalf("%s %v: byte %d flipped, accepted", c.name, cfg, i)
				}
			}
			for l := 0; l < len(c.sig); l++ {
				if pk.Verify(c.msg, c.sig[:l]) {
					t.Fatalf("%s %v: truncated to %d, accepted", c.name, cfg, l)
				}
			}
			if pk.Verify(c.msg, append(append([]byte(nil), c.sig...), 0)) {
				t.Fatalf("%s %v: trailing byte accepted", c.name, cfg)
			}
			// Fields: Nspk, then the first LMS signature's q, LM-OTS type.
			for _, f := range []struct {
				off  int
				vals []uint32
			}{
				{0, []uint32{0, 1, 2, 7, 8, 0xffffffff}},
				{4, []uint32{31, 32, 33, 1 << 31, 0xffffffff}},
				{8, []uint32{0, 1, 2, 3, 4, 5, 6, 7, 8, 0x0c, 0x10, 0x11, 0xffffffff}},
			} {
				orig := binary.BigEndian.Uint32(c.sig[f.off:])
				for _, v := range f.vals {
					if v == orig {
						continue
					}
					copy(mut, c.sig)
					binary.BigEndian.PutUint32(mut[f.off:], v)
					if pk.Verify(c.msg, mut) {
						t.Fatalf("%s %v: field at %d set to %#x, accepted", c.name, cfg, f.off, v)
					}
				}
			}
			// Public key: every byte flipped: unparsable or not verifying.
			for i := range c.pub {
				if testing.Short() && i%5 != 0 {
					continue
				}
				mp := append([]byte(nil), c.pub...)
				mp[i] ^= 0x80 >> (i % 8)
				if pk2, err := lms.ParsePublicKey(cfg, mp); err == nil && pk2.Verify(c.msg, c.sig) {
					t.Fatalf("%s %v: public key byte %d flipped, accepted", c.name, cfg, i)
				}
			}
			for l := 0; l < len(c.pub); l++ {
				if _, err := lms.ParsePublicKey(cfg, c.pub[:l]); err == nil {
					t.Fatalf("%s: public key truncated to %d parsed", c.name, l)
				}
			}
			if _, err := lms.ParsePublicKey(cfg, append(append([]byte(nil), c.pub...), 0)); err == nil {
				t.Fatalf("%s: public key with a trailing byte parsed", c.name)
			}
			for _, L := range []uint32{0, 9, 0xffffffff} {
				mp := append([]byte(nil), c.pub...)
				binary.BigEndian.PutUint32(mp, L)
				if _, err := lms.ParsePublicKey(cfg, mp); err == nil {
					t.Fatalf("%s: L = %d parsed", c.name, L)
				}
			}
		}
	}
}

// TestBareLMS checks ParseLMSPublicKey and bare LMS signatures (RFC 8554,
// Sections 5.3 and 5.4): the inner signature of a one-level HSS signature
// verifies under the inner public key, and not as an HSS signature.
func TestBareLMS(t *testing.T) {
	c := mutationCases(t)[0]
	for _, cfg := range configs {
		pk, err := lms.ParseLMSPublicKey(cfg, c.pub[4:])
		if err != nil {
			t.Fatal(err)
		}
		if pk.Levels() != 0 || string(pk.Bytes()) != string(c.pub[4:]) {
			t.Fatal("bare key round trip")
		}
		if !pk.Verify(c.msg, c.sig[4:]) {
			t.Fatal("bare LMS signature rejected")
		}
		if pk.Verify(c.msg, c.sig) {
			t.Fatal("HSS signature accepted by a bare key")
		}
		if _, err := lms.ParseLMSPublicKey(cfg, c.pub); err == nil {
			t.Fatal("HSS key parsed as bare LMS")
		}
	}
}
