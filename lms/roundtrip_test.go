// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"github.com/cryptolab-go/cryptolab/lms"
)

// long reports whether the slow tests are enabled (CRYPTOLAB_LONG=1):
// key generation for h = 15 takes 2^15 one-time keys (seconds to minutes
// per parameter set), for h = 20 a million.
func long() bool { return os.Getenv("CRYPTOLAB_LONG") == "1" }

var configs = []lms.Config{lms.Small(), lms.Fast()}

// memStore is a Store that keeps every saved key in memory.
type memStore struct {
	mu    sync.Mutex
	saves [][]byte
	fail  error // returned (without saving) while set
}

func (s *memStore) Save(key []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
	}
	s.saves = append(s.saves, append([]byte(nil), key...))
	return nil
}

func (s *memStore) last() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.saves[len(s.saves)-1]
}

// seeded is a deterministic rand for key generation.
func seeded(seed uint64) *rand.ChaCha8 {
	var s [32]byte
	binary.LittleEndian.PutUint64(s[:], seed)
	return rand.NewChaCha8(s)
}

// allParams lists every LMS/LM-OTS pairing of SP 800-208 with h ≤ maxH.
func allParams(maxH int) []lms.Params {
	var ps []lms.Params
	for fam := 0; fam < 4; fam++ { // SHA256 M32, SHA256 M24, SHAKE M32, SHAKE M24
		for hi, h := range []int{5, 10, 15, 20, 25} {
			if h > maxH {
				continue
			}
			for w := 0; w < 4; w++ {
				ps = append(ps, lms.Params{
					LMS: lms.LMSType(5 + 5*fam + hi),
					OTS: lms.OTSType(1 + 4*fam + w),
				})
			}
		}
	}
	return ps
}

// genKey generates a one-level key with deterministic SEED and I, and
// returns them too.
func genKey(t testing.TB, cfg lms.Config, p lms.Params, opts lms.SignerOptions, st lms.Store, seed uint64) (sk *lms.PrivateKey, SEED, I []byte) {
	t.Helper()
	r := seeded(seed)
	n := 32
	if p.OTS >= 5 && p.OTS <= 8 || p.OTS >= 0x0d {
		n = 24
	}
	buf := make([]byte, n+16)
	seeded(seed).Read(buf)
	sk, err := lms.GenerateKey(cfg, []lms.Params{p}, opts, st, r)
	if err != nil {
		t.Fatal(err)
	}
	return sk, buf[:n], buf[n:]
}

// TestRoundTrip generates a key for every parameter set with h = 5 (all
// with h ≤ 15 under CRYPTOLAB_LONG=1, plus LMS_SHA256_M32_H10 with
// LMOTS_SHA256_N32_W1 in the normal run; with -short, W8 only for SHA-256
// M32), checks its public key against the
// independent reference (ref_test.go) where that is affordable, signs
// messages at the first two and the last leaves and verifies them
// with both configurations; a signature must not verify for another
// message.
func TestRoundTrip(t *testing.T) {
	var ps []lms.Params
	for _, p := range allParams(15) {
		lp := p.LMS
		h5 := lp == lms.LMS_SHA256_M32_H5 || lp == lms.LMS_SHA256_M24_H5 || lp == lms.LMS_SHAKE_M32_H5 || lp == lms.LMS_SHAKE_M24_H5
		h10 := lp == lms.LMS_SHA256_M32_H10 && p.OTS == lms.LMOTS_SHA256_N32_W1
		w8 := p.OTS%4 == 0
		switch {
		case long():
			ps = append(ps, p)
		case testing.Short():
			// -short (the arm64 step under emulation): h = 5, and W8 only
			// for SHA-256 M32.
			if h5 && (!w8 || lp == lms.LMS_SHA256_M32_H5) {
				ps = append(ps, p)
			}
		case h5 || h10:
			ps = append(ps, p)
		}
	}
	for i, p := range ps {
		cfg := configs[i%2]
		t.Run(p.String(), func(t *testing.T) {
			st := &memStore{}
			sk, SEED, I := genKey(t, cfg, p, lms.SignerOptions{Cache: lms.CacheAll, Reserve: 3}, st, uint64(i))
			pub := sk.Public().Bytes()
			if binary.BigEndian.Uint32(pub) != 1 {
				t.Fatal("L != 1")
			}
			h := map[lms.LMSType]int{5: 5, 6: 10, 7: 15, 0xa: 5, 0xb: 10, 0xc: 15, 0xf: 5, 0x10: 10, 0x11: 15, 0x14: 5, 0x15: 10, 0x16: 15}[p.LMS]
			if h == 5 || long() && h == 10 {
				want, err := refLMSPublicKey(uint32(p.LMS), uint32(p.OTS), SEED, I)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(pub[4:], want) {
					t.Fatalf("public key %x, reference %x", pub[4:], want)
				}
			}
			total := uint64(1) << h
			if sk.Remaining() != total {
				t.Fatalf("Remaining %d, want %d", sk.Remaining(), total)
			}
			// Skip to the last leaf by reloading at a later index (what a
			// store holding a higher bound does).
			checkSign(t, sk, 0)
			checkSign(t, sk, 1)
			end := reload(t, cfg, st, sk, total-1)
			checkSign(t, end, total-1)
			if _, err := end.Sign([]byte("one too many")); err != lms.ErrExhausted {
				t.Fatalf("after the last leaf: %v, want ErrExhausted", err)
			}
		})
	}
}

// reload returns sk loaded from its saved form with the reservation bound
// set to idx.
func reload(t *testing.T, cfg lms.Config, st *memStore, sk *lms.PrivateKey, idx uint64) *lms.PrivateKey {
	t.Helper()
	b := sk.Bytes()
	binary.BigEndian.PutUint64(b[len(b)-8:], idx)
	sk2, err := lms.LoadPrivateKey(cfg, b, lms.SignerOptions{Cache: lms.CacheTop(3)}, st)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sk2.Public().Bytes(), sk.Public().Bytes()) {
		t.Fatal("reloaded key has another public key")
	}
	return sk2
}

// checkSign signs with sk, whose next index must be idx, and verifies in
// both configurations.
func checkSign(t *testing.T, sk *lms.PrivateKey, idx uint64) {
	t.Helper()
	msg := []byte(fmt.Sprintf("message %d", idx))
	sig, err := sk.Sign(msg)
	if err != nil {
		t.Fatal(err)
	}
	if sk.Public().Levels() == 1 {
		if q := binary.BigEndian.Uint32(sig[4:]); uint64(q) != idx {
			t.Fatalf("signed with leaf %d, want %d", q, idx)
		}
	}
	for _, cfg := range configs {
		pk, err := lms.ParsePublicKey(cfg, sk.Public().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !pk.Verify(msg, sig) {
			t.Fatalf("%v: signature %d does not verify", cfg, idx)
		}
		if pk.Verify(append(msg, 0), sig) {
			t.Fatalf("%v: signature %d verifies another message", cfg, idx)
		}
	}
}

// TestHSS signs across child-tree boundaries with L = 2 and with every L up
// to 8, mixing hash functions and lengths across levels.
func TestHSS(t *testing.T) {
	mix := []lms.Params{
		{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W1},
		{LMS: lms.LMS_SHAKE_M24_H5, OTS: lms.LMOTS_SHAKE_N24_W1},
		{LMS: lms.LMS_SHA256_M24_H5, OTS: lms.LMOTS_SHA256_N24_W2},
		{LMS: lms.LMS_SHAKE_M32_H5, OTS: lms.LMOTS_SHAKE_N32_W1},
		{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W1},
		{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W2},
		{LMS: lms.LMS_SHA256_M24_H5, OTS: lms.LMOTS_SHA256_N24_W1},
		{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W1},
	}
	for L := 1; L <= 8; L++ {
		cfg := configs[L%2]
		st := &memStore{}
		sk, err := lms.GenerateKey(cfg, mix[:L], lms.SignerOptions{Cache: lms.CacheTop(2), Reserve: 16}, st, seeded(uint64(L)))
		if err != nil {
			t.Fatal(err)
		}
		if sk.Public().Levels() != L {
			t.Fatalf("L = %d", sk.Public().Levels())
		}
		n := 3
		if L == 2 {
			n = 40 // crosses into the second bottom tree at 32
		}
		for i := 0; i < n; i++ {
			checkSign(t, sk, uint64(i))
		}
	}
}

// TestH20 generates an LMS_SHA256_M32_H20 key with LMOTS_SHA256_N32_W1 (a
// million one-time keys: about 560 million compressions, a few minutes)
// with the top 10 levels cached, and signs and verifies a few messages at
// both ends of the tree. Only under CRYPTOLAB_LONG=1. H25 (32 times more)
// is not tested: its key generation takes hours.
func TestH20(t *testing.T) {
	if !long() {
		t.Skip("CRYPTOLAB_LONG=1: H20 key generation takes minutes")
	}
	st := &memStore{}
	p := lms.Params{LMS: lms.LMS_SHA256_M32_H20, OTS: lms.LMOTS_SHA256_N32_W1}
	sk, _, _ := genKey(t, lms.Fast(), p, lms.SignerOptions{Cache: lms.CacheTop(10), Reserve: 100}, st, 20)
	checkSign(t, sk, 0)
	checkSign(t, sk, 1)
	b := sk.Bytes()
	binary.BigEndian.PutUint64(b[len(b)-8:], 1<<20-1)
	end, err := lms.LoadPrivateKey(lms.Fast(), b, lms.SignerOptions{Cache: lms.CacheTop(10)}, st)
	if err != nil {
		t.Fatal(err)
	}
	checkSign(t, end, 1<<20-1)
}
