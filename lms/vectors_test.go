// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
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

// TestFastPaths runs the vectors through Fast with the processor
// features it chooses by turned off in turn (internal/cpu.Disable), so
// that each of its paths — the SHA-NI chains, the AVX-512VL lanes, the
// AVX2 lanes, the pure-Go chain compression — is checked on a machine
// that has them all, and generates a key and signs with each.
func TestFastPaths(t *testing.T) {
	for _, off := range [][]string{nil, {"sha"}, {"sha", "avx512f"}, {"sha", "avx512f", "avx2"}, {"ssse3"}} {
		restore, err := cpu.Disable(off...)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range loadVectors(t) {
			pk, err := ParsePublicKey(Fast(), v.pub)
			if err != nil {
				t.Fatal(err)
			}
			if !pk.Verify(v.msg, v.sig) {
				t.Errorf("features %v off: %s rejected", off, v.name)
			}
		}
		p := []Params{{LMS: LMS_SHA256_M32_H5, OTS: LMOTS_SHA256_N32_W4}}
		sk, err := GenerateKey(Fast(), p, SignerOptions{Cache: CacheAll}, nopStore{}, bytes.NewReader(make([]byte, 48)))
		if err != nil {
			t.Fatal(err)
		}
		sig, err := sk.Sign([]byte("m"))
		if err != nil {
			t.Fatal(err)
		}
		small, _ := ParsePublicKey(Small(), sk.Public().Bytes())
		if !small.Verify([]byte("m"), sig) {
			t.Errorf("features %v off: Fast's signature rejected by Small", off)
		}
		restore()
	}
}
