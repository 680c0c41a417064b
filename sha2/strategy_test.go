// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"bytes"
	stdhmac "crypto/hmac"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/acvp"
)

// strategies are the two pairs of compression functions internal/sha2sum
// hands out, in the value form its sums call.
var strategies = []struct {
	name string
	b256 block256Func
	b512 block512Func
}{
	{"Compact", blockSHA256Compact, blockSHA512Compact},
	{"Native", nativeBlock256, nativeBlock512},
}

// strategySum returns the sum of variant number v (1..6, the order of
// variants) on b256 or b512: the path of internal/sha2sum's Sum, with the
// message split in three parts.
func strategySum(v uint8, b256 block256Func, b512 block512Func) func([]byte) []byte {
	return func(m []byte) []byte {
		var out [Size512]byte
		parts := [][]byte{m[:len(m)/3], nil, m[len(m)/3:]}
		var n int
		if v <= 2 {
			n = sum256With(v, b256, &out, nil, 0, parts)
		} else {
			n = sum512With(v, b512, &out, nil, 0, parts)
		}
		if !bytes.Equal(out[n:], make([]byte, Size512-n)) {
			panic("out past the digest not zeroed")
		}
		return out[:n]
	}
}

// TestStrategyVectors runs every vector of the package's tests through
// both strategies: the FIPS 180-4 examples, all ACVP AFT vectors and the
// 100 Monte Carlo checkpoints of each function (the compact loops are
// reached by no public function, so they are tested here).
func TestStrategyVectors(t *testing.T) {
	for _, s := range strategies {
		t.Run(s.name, func(t *testing.T) {
			sums := make(map[string]func([]byte) []byte)
			for i, v := range variants {
				sums[v.name] = strategySum(uint8(i+1), s.b256, s.b512)
			}
			for _, tc := range fipsExamples {
				if got, want := sums[tc.variant]([]byte(tc.msg)), unhex(tc.md); !bytes.Equal(got, want) {
					t.Errorf("%s(%.10q...): %x, want %x", tc.variant, tc.msg, got, want)
				}
			}
			for _, v := range variants {
				var aft, mct int
				for _, vs := range acvp.Load(t, v.acvp) {
					for _, g := range vs.Groups {
						for _, tc := range g.Tests {
							switch g.Fields.String("testType") {
							case "AFT":
								aft++
								if got, want := sums[v.name](tc.Hex("msg")), tc.Hex("md"); !bytes.Equal(got, want) {
									t.Errorf("%s tcId %d: %x, want %x", v.name, tc.TcID, got, want)
								}
							case "MCT":
								var results []struct {
									MD string `json:"md"`
								}
								if err := tc.Expected.Decode("resultsArray", &results); err != nil {
									t.Fatal(err)
								}
								vv := v
								vv.sum = sums[v.name]
								for j, md := range monteCarlo(vv, tc.Hex("msg")) {
									mct++
									if want, _ := hex.DecodeString(results[j].MD); !bytes.Equal(md, want) {
										t.Fatalf("%s tcId %d: MCT checkpoint %d = %x, want %x", v.name, tc.TcID, j, md, want)
									}
								}
							}
						}
					}
				}
				if aft == 0 || mct != 100 {
					t.Fatalf("%s: %d AFT vectors and %d MCT checkpoints", v.name, aft, mct)
				}
			}
		})
	}
}

// TestStrategyDifferential compares both strategies with the standard
// library on every length up to three blocks and random lengths beyond,
// in parts, and their keyed form (HMAC's K0 ⊕ pad block) with
// crypto/hmac's inner and outer hashes rebuilt by hand.
func TestStrategyDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, s := range strategies {
		for i, v := range variants {
			sum := strategySum(uint8(i+1), s.b256, s.b512)
			for n := range 3*v.blockSize + 2 + 50 {
				if n > 3*v.blockSize+2 {
					n = rng.IntN(3000)
				}
				msg := make([]byte, n)
				for j := range msg {
					msg[j] = byte(rng.Uint32())
				}
				if got, want := sum(msg), v.stdSum(msg); !bytes.Equal(got, want) {
					t.Fatalf("%s %s len %d: %x, want %x", s.name, v.name, n, got, want)
				}
				// Keyed: HMAC-v(key, msg) from two keyed sums.
				key := msg[:min(n, rng.IntN(v.blockSize+1))]
				var inner, out [Size512]byte
				var k, o int
				if i < 2 {
					k = sum256With(uint8(i+1), s.b256, &inner, key, 0x36, [][]byte{msg})
					o = sum256With(uint8(i+1), s.b256, &out, key, 0x5c, [][]byte{inner[:k]})
				} else {
					k = sum512With(uint8(i+1), s.b512, &inner, key, 0x36, [][]byte{msg})
					o = sum512With(uint8(i+1), s.b512, &out, key, 0x5c, [][]byte{inner[:k]})
				}
				m := stdhmac.New(v.stdNewHash, key)
				m.Write(msg)
				if want := m.Sum(nil); o != len(want) || !bytes.Equal(out[:o], want) {
					t.Fatalf("%s %s keyed, key %d msg %d: %x, want %x", s.name, v.name, len(key), n, out[:o], want)
				}
			}
		}
	}
}

// TestStrategyBadArguments: another variant number, a nil compression
// function or a key longer than a block writes nothing and returns 0.
func TestStrategyBadArguments(t *testing.T) {
	var out [Size512]byte
	long := make([]byte, BlockSize512+1)
	for _, n := range []int{
		sum256With(0, blockSHA256Compact, &out, nil, 0, nil), sum256With(3, blockSHA256Compact, &out, nil, 0, nil),
		sum512With(2, blockSHA512Compact, &out, nil, 0, nil), sum512With(7, blockSHA512Compact, &out, nil, 0, nil),
		sum256With(2, nil, &out, nil, 0, nil), sum512With(4, nil, &out, nil, 0, nil),
		sum256With(2, blockSHA256Compact, &out, long[:BlockSize256+1], 0x36, nil), sum512With(4, blockSHA512Compact, &out, long, 0x36, nil),
	} {
		if n != 0 || out != [Size512]byte{} {
			t.Fatalf("returned %d, out %x", n, out)
		}
	}
}

// TestStrategyAllocations: the strategy sums allocate nothing.
func TestStrategyAllocations(t *testing.T) {
	msg := make([]byte, 300)
	var out [Size512]byte
	for _, s := range strategies {
		if a := testing.AllocsPerRun(10, func() {
			sum256With(2, s.b256, &out, msg[:20], 0x36, [][]byte{msg})
			sum512With(3, s.b512, &out, msg[:20], 0x36, [][]byte{msg})
		}); a != 0 {
			t.Errorf("%s: %v allocations", s.name, a)
		}
	}
}

// BenchmarkStrategy compares the strategies' compression functions on a
// 1 KiB message through the sums internal/sha2sum calls (value form, one
// block per call):
//
//	BenchmarkStrategy/SHA-256/Compact
//	BenchmarkStrategy/SHA-512/Native
func BenchmarkStrategy(b *testing.B) {
	msg := make([]byte, 1024)
	var out [Size512]byte
	// Unrolled: the unrolled Go functions, which Native runs without the
	// instructions (and under purego), for the compact loops' cost.
	unrolled := struct {
		name string
		b256 block256Func
		b512 block512Func
	}{"Unrolled",
		func(H [8]uint32, M [BlockSize256]byte) [8]uint32 { blockSHA256(&H, M[:]); return H },
		func(H [8]uint64, M [BlockSize512]byte) [8]uint64 { blockSHA512(&H, M[:]); return H }}
	for _, s := range append(strategies, unrolled) {
		b.Run("SHA-256/"+s.name, func(b *testing.B) {
			b.SetBytes(int64(len(msg)))
			for b.Loop() {
				sum256With(2, s.b256, &out, nil, 0, [][]byte{msg})
			}
		})
		b.Run("SHA-512/"+s.name, func(b *testing.B) {
			b.SetBytes(int64(len(msg)))
			for b.Loop() {
				sum512With(4, s.b512, &out, nil, 0, [][]byte{msg})
			}
		})
	}
}
