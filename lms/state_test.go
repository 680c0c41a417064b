// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms_test

import (
	"encoding/binary"
	"errors"
	"sync"
	"testing"

	"github.com/cryptolab-go/cryptolab/lms"
)

var h5w1 = lms.Params{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W1}

// leafOf returns q of a one-level HSS signature.
func leafOf(sig []byte) uint64 { return uint64(binary.BigEndian.Uint32(sig[4:])) }

// savedBound returns the reservation bound of a saved key.
func savedBound(key []byte) uint64 { return binary.BigEndian.Uint64(key[len(key)-8:]) }

// TestFailingStore: while Save fails, Sign returns the error and no
// signature and uses no index; once it succeeds again, signing resumes with
// the index that was refused, and every stored bound covers every released
// index.
func TestFailingStore(t *testing.T) {
	st := &memStore{}
	sk, err := lms.GenerateKey(lms.Small(), []lms.Params{h5w1}, lms.SignerOptions{Reserve: 2}, st, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	var released []uint64
	sign := func() ([]byte, error) {
		sig, err := sk.Sign([]byte("m"))
		if err == nil {
			released = append(released, leafOf(sig))
			if b := savedBound(st.last()); leafOf(sig) >= b {
				t.Fatalf("released leaf %d above the stored bound %d", leafOf(sig), b)
			}
		}
		return sig, err
	}
	for i := 0; i < 2; i++ { // covered by the first reservation [0, 2)
		if _, err := sign(); err != nil {
			t.Fatal(err)
		}
	}
	boom := errors.New("disk full")
	st.fail = boom
	for i := 0; i < 3; i++ {
		sig, err := sign()
		if !errors.Is(err, boom) || sig != nil {
			t.Fatalf("Sign with a failing store: %v, %d bytes", err, len(sig))
		}
	}
	if sk.Remaining() != 30 {
		t.Fatalf("Remaining %d after refused signatures, want 30", sk.Remaining())
	}
	st.fail = nil
	for i := 0; i < 5; i++ {
		if _, err := sign(); err != nil {
			t.Fatal(err)
		}
	}
	for i, q := range released {
		if q != uint64(i) {
			t.Fatalf("leaves %v, want 0, 1, 2, ...", released)
		}
	}
	// GenerateKey with a failing store returns no key.
	if _, err := lms.GenerateKey(lms.Small(), []lms.Params{h5w1}, lms.SignerOptions{}, &memStore{fail: boom}, seeded(2)); !errors.Is(err, boom) {
		t.Fatalf("GenerateKey with a failing store: %v", err)
	}
}

// crashStore writes the key and then fails, as when the write reaches the
// disk but the process dies (or fsync reports an error) before Save
// returns: the stored bound has moved, the signer was told it failed.
type crashStore struct {
	memStore
	crashAt int // Save number (counting from 1) that stores and then fails
	n       int
}

func (s *crashStore) Save(key []byte) error {
	if err := s.memStore.Save(key); err != nil {
		return err
	}
	s.n++
	if s.n == s.crashAt {
		return errors.New("crashed after writing")
	}
	return nil
}

// TestCrashingStore: a key that dies at any step — after a Save that wrote
// and failed, after signatures made from a reservation, between a Save
// and its signature — and is reloaded from what its store holds never
// signs again with an index it may have released.
func TestCrashingStore(t *testing.T) {
	for crashAt := 2; crashAt <= 5; crashAt++ {
		st := &crashStore{crashAt: crashAt}
		opts := lms.SignerOptions{Reserve: 3}
		sk, err := lms.GenerateKey(lms.Fast(), []lms.Params{h5w1}, opts, st, seeded(3))
		if err != nil {
			t.Fatal(err)
		}
		used := map[uint64]bool{}
		maxReleased := int64(-1)
		// Run until the crash, then "restart": load from the store and go
		// on, three times over.
		for life := 0; life < 3; life++ {
			for i := 0; i < 4; i++ {
				sig, err := sk.Sign([]byte("m"))
				if err != nil {
					break // the crash: abandon this key
				}
				q := leafOf(sig)
				if used[q] {
					t.Fatalf("crashAt %d: leaf %d signed twice", crashAt, q)
				}
				used[q] = true
				maxReleased = max(maxReleased, int64(q))
			}
			sk, err = lms.LoadPrivateKey(lms.Fast(), st.last(), opts, st)
			if err != nil {
				t.Fatal(err)
			}
			if b := savedBound(st.last()); int64(b) <= maxReleased {
				t.Fatalf("crashAt %d: stored bound %d does not cover released leaf %d", crashAt, b, maxReleased)
			}
		}
	}
}

// panicStore panics inside Save, once.
type panicStore struct {
	memStore
	armed bool
}

func (s *panicStore) Save(key []byte) error {
	if s.armed {
		s.armed = false
		panic("store panicked")
	}
	return s.memStore.Save(key)
}

// TestPanickingStore: a Save that panics leaves the key usable and consumes
// no index that could then be reused.
func TestPanickingStore(t *testing.T) {
	st := &panicStore{}
	sk, err := lms.GenerateKey(lms.Small(), []lms.Params{h5w1}, lms.SignerOptions{}, st, seeded(4))
	if err != nil {
		t.Fatal(err)
	}
	sig, _ := sk.Sign([]byte("a"))
	st.armed = true
	func() {
		defer func() { recover() }()
		sk.Sign([]byte("b"))
	}()
	sig2, err := sk.Sign([]byte("c"))
	if err != nil {
		t.Fatal(err)
	}
	if leafOf(sig2) <= leafOf(sig) {
		t.Fatalf("leaf %d after leaf %d", leafOf(sig2), leafOf(sig))
	}
}

// TestConcurrentSigners signs with one key from many goroutines until it
// is exhausted: every leaf is used exactly once, then ErrExhausted.
func TestConcurrentSigners(t *testing.T) {
	st := &memStore{}
	sk, err := lms.GenerateKey(lms.Fast(), []lms.Params{h5w1}, lms.SignerOptions{Cache: lms.CacheAll, Reserve: 5}, st, seeded(5))
	if err != nil {
		t.Fatal(err)
	}
	pk := sk.Public()
	var (
		mu    sync.Mutex
		seen  = map[uint64]int{}
		wg    sync.WaitGroup
		extra int
	)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				msg := []byte{byte(g)}
				sig, err := sk.Sign(msg)
				if err == lms.ErrExhausted {
					mu.Lock()
					extra++
					mu.Unlock()
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
				if !pk.Verify(msg, sig) {
					t.Error("invalid signature")
				}
				mu.Lock()
				seen[leafOf(sig)]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(seen) != 32 || extra != 8 {
		t.Fatalf("%d distinct leaves, %d exhausted signers", len(seen), extra)
	}
	for q, c := range seen {
		if c != 1 {
			t.Fatalf("leaf %d used %d times", q, c)
		}
	}
	// 1 save at generation, then one per reservation of 5: ceil(32/5) = 7.
	if len(st.saves) != 8 {
		t.Fatalf("%d saves, want 8", len(st.saves))
	}
	if sk.Remaining() != 0 {
		t.Fatal("Remaining != 0")
	}
}

// TestWipeAndNil: a wiped key refuses to sign and forgets its secrets;
// nil keys and Configs are errors, not panics.
func TestWipeAndNil(t *testing.T) {
	st := &memStore{}
	sk, err := lms.GenerateKey(lms.Small(), []lms.Params{h5w1}, lms.SignerOptions{}, st, seeded(6))
	if err != nil {
		t.Fatal(err)
	}
	sk.Wipe()
	if _, err := sk.Sign([]byte("m")); err == nil {
		t.Fatal("wiped key signed")
	}
	if sk.Bytes() != nil || sk.Remaining() != 0 {
		t.Fatal("wiped key still has state")
	}
	var nilKey *lms.PrivateKey
	if _, err := nilKey.Sign(nil); err == nil {
		t.Fatal("nil key signed")
	}
	nilKey.Wipe()
	if nilKey.Public() != nil || nilKey.Bytes() != nil || nilKey.Remaining() != 0 {
		t.Fatal("nil key accessors")
	}
	var nilPub *lms.PublicKey
	if nilPub.Verify(nil, nil) || nilPub.Bytes() != nil || nilPub.Levels() != 0 {
		t.Fatal("nil public key")
	}
	if _, err := lms.GenerateKey(nil, []lms.Params{h5w1}, lms.SignerOptions{}, st, nil); err == nil {
		t.Fatal("nil Config accepted")
	}
	if _, err := lms.GenerateKey(lms.Small(), []lms.Params{h5w1}, lms.SignerOptions{}, nil, nil); err == nil {
		t.Fatal("nil Store accepted")
	}
	if _, err := lms.ParsePublicKey(nil, nil); err == nil {
		t.Fatal("nil Config accepted")
	}
	for _, levels := range [][]lms.Params{nil, make([]lms.Params, 9), {{LMS: 5, OTS: 5}},
		{{LMS: lms.LMS_SHA256_M32_H25, OTS: 1}, {LMS: lms.LMS_SHA256_M32_H25, OTS: 1}, {LMS: lms.LMS_SHA256_M32_H15, OTS: 1}}} {
		if _, err := lms.GenerateKey(lms.Small(), levels, lms.SignerOptions{}, st, nil); err == nil {
			t.Fatalf("levels %v accepted", levels)
		}
	}
	for _, bad := range [][]byte{nil, []byte("LMSK"), append([]byte("LMSK\x00\x00\x00\x01\x00\x00\x00\x05\x00\x00\x00\x01"), make([]byte, 55)...)} {
		if _, err := lms.LoadPrivateKey(lms.Small(), bad, lms.SignerOptions{}, st); err == nil {
			t.Fatalf("key %x accepted", bad)
		}
	}
}
