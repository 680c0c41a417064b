// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"bufio"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// vector is one case of testdata/rfc8554.txt (see its header for
// provenance).
type vector struct {
	name          string
	pub, msg, sig []byte
}

func loadVectors(t testing.TB) []vector {
	t.Helper()
	f, err := os.Open("testdata/rfc8554.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		line := s.Text()
		if name, ok := strings.CutPrefix(line, "# "); ok && (strings.HasPrefix(name, "RFC 8554 Test") || strings.HasPrefix(name, "RFC 9858 Test")) {
			vs = append(vs, vector{name: name})
			continue
		}
		k, v, ok := strings.Cut(line, " = ")
		if !ok || len(vs) == 0 {
			continue
		}
		b, err := hex.DecodeString(v)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		cur := &vs[len(vs)-1]
		switch k {
		case "PublicKey":
			cur.pub = b
		case "Msg":
			cur.msg = b
		case "Signature":
			cur.sig = b
		}
	}
	if len(vs) != 5 {
		t.Fatalf("loaded %d vectors, want 5", len(vs))
	}
	return vs
}

var configs = []Config{Small(), Fast()}

// TestVectors verifies RFC 8554 Appendix F Test Cases 1 and 2 (HSS, two
// levels, SHA-256) and the three test cases of RFC 9858 (SHA-256/192,
// SHAKE256/192, SHAKE256/256), in both configurations, and checks that the
// public keys round-trip through Bytes.
func TestVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		for _, cfg := range configs {
			pk, err := ParsePublicKey(cfg, v.pub)
			if err != nil {
				t.Fatalf("%s: %v", v.name, err)
			}
			if string(pk.Bytes()) != string(v.pub) {
				t.Errorf("%s: Bytes does not round-trip", v.name)
			}
			if !pk.Verify(v.msg, v.sig) {
				t.Errorf("%s %v: valid signature rejected", v.name, cfg)
			}
			bad := append([]byte(nil), v.msg...)
			bad[0] ^= 1
			if pk.Verify(bad, v.sig) {
				t.Errorf("%s %v: signature of another message accepted", v.name, cfg)
			}
		}
	}
}
