// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"testing"
)

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// TestRFC8554Case2Signing reproduces RFC 8554, Appendix F, Test Case 2
// byte for byte from its private keys: the RFC gives SEED and I of both
// trees (top: LMS_SHA256_M32_H10 with LMOTS_SHA256_N32_W4, leaf 3;
// bottom: LMS_SHA256_M32_H5 with LMOTS_SHA256_N32_W8, leaf 4). The public
// keys computed from them must be the RFC's, and the LMS signatures made
// with the RFC's randomizers C must be the RFC's signatures. Both
// configurations (their key generation differs).
func TestRFC8554Case2Signing(t *testing.T) {
	v := loadVectors(t)[1]
	// RFC 8554, Appendix F, Test Case 2: the private keys' SEED and I.
	topSeed := mustHex("558b8966c48ae9cb898b423c83443aae014a72f1b1ab5cc85cf1d892903b5439")
	topI := mustHex("d08fabd4a2091ff0a8cb4ed834e74534")
	childSeed := mustHex("a1c4696e2608035a886100d05cd99945eb3370731884a8235e2fb3d4d71f2547")
	childI := mustHex("215f83b7ccb9acbcd08db97b0d04dc2b")

	// Split the HSS signature: Nspk = 1, sig[0], pub[1], sig[1].
	sig := v.sig[4:]
	l0, ok := lmsSigLen(sig)
	if !ok {
		t.Fatal("cannot parse")
	}
	sig0, rest := sig[:l0], sig[l0:]
	pub1, sig1 := rest[:56], rest[56:]

	cfgs := configs
	if testing.Short() {
		cfgs = configs[1:] // Fast; Small's key generation is checked against it in TestAlgorithm1Lanes8
	}
	for _, cfg := range cfgs {
		top := newTestTree(t, Params{LMS_SHA256_M32_H10, LMOTS_SHA256_N32_W4}, topSeed, topI)
		top.build(cfg, CacheAll)
		if !bytes.Equal(top.pub, v.pub[4:]) {
			t.Fatalf("%v: top public key %x, want %x", cfg, top.pub, v.pub[4:])
		}
		child := newTestTree(t, Params{LMS_SHA256_M32_H5, LMOTS_SHA256_N32_W8}, childSeed, childI)
		child.build(cfg, CacheNone)
		if !bytes.Equal(child.pub, pub1) {
			t.Fatalf("%v: child public key %x, want %x", cfg, child.pub, pub1)
		}
		got0 := top.signWithC(cfg, nil, binary.BigEndian.Uint32(sig0), sig0[8:40], pub1)
		if !bytes.Equal(got0, sig0) {
			t.Errorf("%v: top signature differs from the RFC's", cfg)
		}
		got1 := child.signWithC(cfg, nil, binary.BigEndian.Uint32(sig1), sig1[8:40], v.msg)
		if !bytes.Equal(got1, sig1) {
			t.Errorf("%v: bottom signature differs from the RFC's", cfg)
		}
	}
}

func newTestTree(t *testing.T, p Params, seed, I []byte) *lmsTree {
	lp, op, ok := p.lookup()
	if !ok {
		t.Fatal(p)
	}
	tr := &lmsTree{lp: lp, op: op}
	copy(tr.seed[:], seed)
	copy(tr.I[:], I)
	return tr
}
