// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/cryptolab-go/cryptolab/lms"
)

// discardStore accepts every save and keeps nothing.
type discardStore struct{}

func (discardStore) Save([]byte) error { return nil }

// TestSignAllocs pins that signing into caller memory allocates nothing in
// steady state, in both configurations: AppendSign with SignatureSize
// bytes of spare capacity, for one-level keys with the whole tree cached,
// part of it and none, saving the key before every signature (Reserve 1:
// the encoded state goes to the Store in the key's own buffer); and for a
// two-level HSS key across bottom-tree changes (every 32 signatures),
// once its bottom level has had a first tree (later ones are built in its
// memory).
func TestSignAllocs(t *testing.T) {
	h5w4 := lms.Params{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W4}
	h5shake := lms.Params{LMS: lms.LMS_SHAKE_M24_H5, OTS: lms.LMOTS_SHAKE_N24_W4}
	msg := []byte("allocation-free signing")
	for _, cfg := range configs {
		for _, tc := range []struct {
			levels []lms.Params
			cache  lms.TreeCache
			runs   int
		}{
			{[]lms.Params{h5w4}, lms.CacheAll, 12},
			{[]lms.Params{h5w4}, lms.CacheTop(3), 12},
			{[]lms.Params{h5shake}, lms.CacheNone, 12},
			{[]lms.Params{h5w4, h5shake}, lms.CacheAll, 40}, // 41..80: a new bottom tree at 64
		} {
			name := fmt.Sprintf("%v %v cache %d", cfg, tc.levels, tc.cache)
			sk, err := lms.GenerateKey(cfg, tc.levels, lms.SignerOptions{Cache: tc.cache, Reserve: 1}, discardStore{}, seeded(7))
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 0, sk.SignatureSize())
			var sig []byte
			// The first signature makes the lower levels' first trees.
			if sig, err = sk.AppendSign(buf, msg); err != nil {
				t.Fatal(err)
			}
			// One run of tc.runs signatures (after one such run to warm
			// up), so that the count is the total: AllocsPerRun's
			// average rounds down.
			a := testing.AllocsPerRun(1, func() {
				for range tc.runs {
					sig, err = sk.AppendSign(buf[:0], msg)
				}
			})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if a != 0 {
				t.Errorf("%s: %d signatures allocate %v times", name, tc.runs, a)
			}
			if len(sig) != sk.SignatureSize() || &sig[0] != &buf[:1][0] {
				t.Errorf("%s: signature of %d bytes (SignatureSize %d), in the caller's buffer: %v", name, len(sig), sk.SignatureSize(), &sig[0] == &buf[:1][0])
			}
			if !sk.Public().Verify(msg, sig) {
				t.Errorf("%s: the last signature does not verify", name)
			}
		}
	}
}

// TestAppendSign checks AppendSign against Sign: two keys from one seed
// give the same signatures whether each comes in a new slice (Sign) or is
// appended to a reused buffer with a prefix (AppendSign), which it keeps;
// SignatureSize is every signature's length, for one to three levels; and
// on errors (a failing store, an exhausted or nil key) AppendSign returns
// dst as it was and writes nothing into its spare capacity.
func TestAppendSign(t *testing.T) {
	h5w4 := lms.Params{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W4}
	h5m24 := lms.Params{LMS: lms.LMS_SHA256_M24_H5, OTS: lms.LMOTS_SHA256_N24_W2}
	for L := 1; L <= 3; L++ {
		levels := []lms.Params{h5w4, h5m24, h5w4}[:L]
		a, err := lms.GenerateKey(lms.Fast(), levels, lms.SignerOptions{Cache: lms.CacheTop(2)}, &memStore{}, seeded(11))
		if err != nil {
			t.Fatal(err)
		}
		b, err := lms.GenerateKey(lms.Small(), levels, lms.SignerOptions{Cache: lms.CacheTop(2)}, &memStore{}, seeded(11))
		if err != nil {
			t.Fatal(err)
		}
		prefix := []byte("prefix")
		buf := make([]byte, 0, len(prefix)+b.SignatureSize())
		for i := range min(40, int(a.Remaining())) { // crosses a bottom tree at 32 for L ≥ 2
			msg := []byte(fmt.Sprintf("message %d", i))
			want, err := a.Sign(msg)
			if err != nil {
				t.Fatal(err)
			}
			got, err := b.AppendSign(append(buf[:0], prefix...), msg)
			if err != nil {
				t.Fatal(err)
			}
			if len(want) != a.SignatureSize() || !bytes.Equal(got[:len(prefix)], prefix) || !bytes.Equal(got[len(prefix):], want) {
				t.Fatalf("L = %d, signature %d: AppendSign differs from Sign (lengths %d, %d; SignatureSize %d)", L, i, len(got)-len(prefix), len(want), a.SignatureSize())
			}
			if !a.Public().Verify(msg, want) {
				t.Fatalf("L = %d, signature %d does not verify", L, i)
			}
		}
	}

	// Errors leave dst and its spare capacity as they were.
	boom := errors.New("disk full")
	st := &memStore{}
	sk, err := lms.GenerateKey(lms.Small(), []lms.Params{h5w4}, lms.SignerOptions{}, st, seeded(12))
	if err != nil {
		t.Fatal(err)
	}
	dst := bytes.Repeat([]byte{0xa5}, 8+sk.SignatureSize())[:8]
	untouched := func(what string, got []byte, err error, want error) {
		t.Helper()
		if !errors.Is(err, want) || len(got) != 8 || &got[0] != &dst[0] || bytes.Count(dst[:cap(dst)], []byte{0xa5}) != cap(dst) {
			t.Errorf("%s: err %v, %d bytes, buffer changed: %v", what, err, len(got), bytes.Count(dst[:cap(dst)], []byte{0xa5}) != cap(dst))
		}
	}
	st.fail = boom
	got, err := sk.AppendSign(dst, []byte("m"))
	untouched("failing store", got, err, boom)
	st.fail = nil
	for sk.Remaining() > 0 {
		if _, err := sk.Sign([]byte("m")); err != nil {
			t.Fatal(err)
		}
	}
	got, err = sk.AppendSign(dst, []byte("m"))
	untouched("exhausted key", got, err, lms.ErrExhausted)
	var nilKey *lms.PrivateKey
	if got, err := nilKey.AppendSign(dst, []byte("m")); err == nil || len(got) != 8 || nilKey.SignatureSize() != 0 {
		t.Errorf("nil key: %v, %d bytes, SignatureSize %d", err, len(got), nilKey.SignatureSize())
	}
}

// keepStore keeps the slices Save is given, not copies: the key's buffer,
// which holds the SEED while Save runs.
type keepStore struct {
	kept   [][]byte
	copies [][]byte
}

func (s *keepStore) Save(key []byte) error {
	s.kept = append(s.kept, key)
	s.copies = append(s.copies, bytes.Clone(key))
	return nil
}

// TestSaveBuffer checks the Store contract on the buffer Save is given: it
// holds the encoded key while Save runs (the same bytes as Bytes), and is
// cleared when Save returns, so no copy of the SEED stays in the key
// between saves.
func TestSaveBuffer(t *testing.T) {
	st := &keepStore{}
	sk, err := lms.GenerateKey(lms.Fast(), []lms.Params{h5w1}, lms.SignerOptions{Reserve: 1}, st, seeded(13))
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := sk.AppendSign(nil, []byte("m")); err != nil {
			t.Fatal(err)
		}
	}
	if len(st.kept) != 4 {
		t.Fatalf("%d saves, want 4 (generation and three signatures)", len(st.kept))
	}
	if !bytes.Equal(st.copies[3], sk.Bytes()) {
		t.Error("the last save is not the key's encoding")
	}
	for i, k := range st.kept {
		if savedBound(st.copies[i]) != uint64(i) {
			t.Errorf("save %d: bound %d", i, savedBound(st.copies[i]))
		}
		if bytes.Count(k, []byte{0}) != len(k) {
			t.Errorf("save %d: the buffer Save was given is not cleared after it returned", i)
		}
	}
}
