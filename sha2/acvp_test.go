// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/acvp"
)

// TestACVP runs the NIST ACVP SHA-2 vector sets (SHA2-224 ... SHA2-512-256):
// the Algorithm Functional Tests (AFT), one message each, and the Monte
// Carlo Test (MCT, mctVersion "standard"), 100 checkpoints of 1000 chained
// hashes each.
//
// The ACVP "len" field is the message length in bits. This API hashes whole
// bytes, so a vector whose length is not a multiple of 8, or disagrees with
// the hex message, fails the test rather than being skipped; the pinned
// files contain only byte-aligned messages.
func TestACVP(t *testing.T) {
	for _, v := range variants {
		t.Run(v.testName(), func(t *testing.T) {
			var aft, mct int
			for _, vs := range acvp.Load(t, v.acvp) {
				if vs.Algorithm != "SHA2-"+v.name[len("SHA-"):] {
					t.Fatalf("vector set for %q in %s", vs.Algorithm, v.acvp)
				}
				for _, g := range vs.Groups {
					switch typ := g.Fields.String("testType"); typ {
					case "AFT":
						for _, tc := range g.Tests {
							aft++
							msg := tc.Hex("msg")
							if bits := tc.Int("len"); bits%8 != 0 || bits/8 != len(msg) {
								t.Fatalf("tcId %d: len %d bits for a %d-byte message", tc.TcID, bits, len(msg))
							}
							want := tc.Hex("md")
							if got := v.sum(msg); !bytes.Equal(got, want) {
								t.Errorf("tcId %d: sole buffer %x, want %x", tc.TcID, got, want)
							}
							h := v.newHash()
							for p := msg; len(p) > 0; {
								n := min(len(p), 1+tc.TcID%200) // an odd, vector-dependent chunking
								h.Write(p[:n])
								p = p[n:]
							}
							if got := h.Sum(nil); !bytes.Equal(got, want) {
								t.Errorf("tcId %d: data flow %x, want %x", tc.TcID, got, want)
							}
						}
					case "MCT":
						if mv := g.Fields.String("mctVersion"); mv != "standard" {
							t.Fatalf("tgId %d: MCT version %q not implemented", g.TgID, mv)
						}
						for _, tc := range g.Tests {
							seed := tc.Hex("msg")
							if bits := tc.Int("len"); bits != 8*len(seed) || len(seed) != v.size {
								t.Fatalf("tcId %d: MCT seed of %d bytes, len %d bits", tc.TcID, len(seed), bits)
							}
							var results []struct {
								MD string `json:"md"`
							}
							if err := tc.Expected.Decode("resultsArray", &results); err != nil {
								t.Fatal(err)
							}
							if len(results) != 100 {
								t.Fatalf("tcId %d: %d MCT results, want 100", tc.TcID, len(results))
							}
							for j, md := range monteCarlo(v, seed) {
								mct++
								want, err := hex.DecodeString(results[j].MD)
								if err != nil {
									t.Fatal(err)
								}
								if !bytes.Equal(md, want) {
									t.Fatalf("tcId %d: MCT checkpoint %d = %x, want %x", tc.TcID, j, md, want)
								}
							}
						}
					default:
						t.Fatalf("tgId %d: unknown test type %q", g.TgID, typ)
					}
				}
			}
			if aft == 0 || mct != 100 {
				t.Fatalf("checked %d AFT vectors and %d MCT checkpoints; want some AFT and 100 MCT", aft, mct)
			}
			t.Logf("%d AFT vectors, %d MCT checkpoints", aft, mct)
		})
	}
}

// monteCarlo is the standard SHA-1/SHA-2 Monte Carlo Test of the ACVP
// Secure Hash Algorithm JSON specification (draft-celi-acvp-sha, "Monte
// Carlo tests for SHA-1 and SHA-2"):
//
//	for j = 0 to 99:
//	    MD[0] = MD[1] = MD[2] = seed
//	    for i = 3 to 1002:
//	        MD[i] = SHA(MD[i-3] || MD[i-2] || MD[i-1])
//	    output MD[1002]; seed = MD[1002]
//
// The three-digest message is kept in one buffer that slides by one digest
// per step.
func monteCarlo(v variant, seed []byte) [][]byte {
	n := v.size
	out := make([][]byte, 0, 100)
	buf := make([]byte, 3*n)
	md := append([]byte{}, seed...)
	for range 100 {
		copy(buf[0:], md)
		copy(buf[n:], md)
		copy(buf[2*n:], md)
		for range 1000 {
			md = v.sum(buf)
			copy(buf, buf[n:])
			copy(buf[2*n:], md)
		}
		out = append(out, md)
	}
	return out
}
