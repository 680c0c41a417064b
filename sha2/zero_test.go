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
