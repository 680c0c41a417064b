// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"testing"
)

// TestZeroValueUsable: a zero Digest256 or Digest512 used without Reset is
// SHA-256 or SHA-512, in Write, Sum and AppendBinary. It used to hash from
// an all-zero H(0) and return a wrong digest without any error.
func TestZeroValueUsable(t *testing.T) {
	for _, msg := range [][]byte{nil, []byte("zero value"), bytes.Repeat([]byte{7}, 300)} {
		var d256 Digest256
		if want := sha256.Sum256(nil); !bytes.Equal(d256.Sum(nil), want[:]) {
			t.Error("Sum of a zero Digest256 is not SHA-256 of the empty string")
		}
		d256.Write(msg)
		if want := sha256.Sum256(msg); !bytes.Equal(d256.Sum(nil), want[:]) {
			t.Errorf("zero Digest256 after Write(%d bytes) is not SHA-256", len(msg))
		}
		var d512 Digest512
		if want := sha512.Sum512(nil); !bytes.Equal(d512.Sum(nil), want[:]) {
			t.Error("Sum of a zero Digest512 is not SHA-512 of the empty string")
		}
		d512.Write(msg)
		if want := sha512.Sum512(msg); !bytes.Equal(d512.Sum(nil), want[:]) {
			t.Errorf("zero Digest512 after Write(%d bytes) is not SHA-512", len(msg))
		}
	}
	var z256 Digest256
	var z512 Digest512
	s256, _ := z256.AppendBinary(nil)
	s512, _ := z512.AppendBinary(nil)
	f256, _ := New256().(*Digest256).MarshalBinary()
	f512, _ := New512().(*Digest512).MarshalBinary()
	if !bytes.Equal(s256, f256) || !bytes.Equal(s512, f512) {
		t.Error("saved state of a zero value differs from that of a fresh hash")
	}
}

// TestNilDigest: every method of a nil *Digest256 or *Digest512 returns an
// error or does nothing, as the type documentation says; they used to
// panic (issue 10, item 3).
func TestNilDigest(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("nil digest panicked: %v", r)
		}
	}()
	type state interface {
		Write([]byte) (int, error)
		Sum([]byte) []byte
		Reset()
		Size() int
		BlockSize() int
		MarshalBinary() ([]byte, error)
		AppendBinary([]byte) ([]byte, error)
		UnmarshalBinary([]byte) error
	}
	for _, tc := range []struct {
		name  string
		d     state
		clone func() error
		block int
		saved []byte
	}{
		{"Digest256", (*Digest256)(nil), func() error { _, err := (*Digest256)(nil).Clone(); return err }, BlockSize256, mustMarshal(t, New256())},
		{"Digest512", (*Digest512)(nil), func() error { _, err := (*Digest512)(nil).Clone(); return err }, BlockSize512, mustMarshal(t, New512())},
	} {
		d := tc.d
		d.Reset()
		if n, err := d.Write([]byte("abc")); n != 0 || err == nil {
			t.Errorf("%s Write = %d, %v; want 0 and an error", tc.name, n, err)
		}
		b := []byte("prefix")
		if got := d.Sum(b); !bytes.Equal(got, b) {
			t.Errorf("%s Sum appended %x", tc.name, got[len(b):])
		}
		if d.Size() != 0 || d.BlockSize() != tc.block {
			t.Errorf("%s Size, BlockSize = %d, %d", tc.name, d.Size(), d.BlockSize())
		}
		if s, err := d.MarshalBinary(); s != nil || err == nil {
			t.Errorf("%s MarshalBinary = %x, %v", tc.name, s, err)
		}
		if s, err := d.AppendBinary(b); !bytes.Equal(s, b) || err == nil {
			t.Errorf("%s AppendBinary = %x, %v", tc.name, s, err)
		}
		if err := d.UnmarshalBinary(tc.saved); err == nil {
			t.Errorf("%s UnmarshalBinary of a valid state: no error", tc.name)
		}
		if tc.clone() == nil {
			t.Errorf("%s Clone: no error", tc.name)
		}
	}
}

func mustMarshal(t *testing.T, h any) []byte {
	t.Helper()
	s, err := h.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return s
}
