// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package keccak

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	"github.com/cryptolab-go/cryptolab/internal/gentest"
)

// TestGeneratedX4 checks that f1600x4_amd64.s is what gen_f1600x4.go writes.
func TestGeneratedX4(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_f1600x4.go", Args: []string{"-o", "$DIR/f1600x4_amd64.s"}}, "f1600x4_amd64.s")
}

// x4Paths runs f once per strategy of F1600x4 this machine has: as
// detected, and with AVX2 turned off (the generic fallback).
func x4Paths(t *testing.T, f func(t *testing.T)) {
	t.Run(X4Implementation(), f)
	if X4Implementation() == "generic" {
		return
	}
	restore, err := cpu.Disable("avx2")
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	if got := X4Implementation(); got != "generic" {
		t.Fatalf("with AVX2 disabled X4Implementation() = %q", got)
	}
	t.Run("generic", f)
}

// TestF1600x4 compares F1600x4 with F1600 on each of the four states, over
// random states (and chained: each output is the next input, so the
// states wander far from the random starts).
func TestF1600x4(t *testing.T) {
	x4Paths(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		for trial := range 200 {
			var s State4
			var ref [4][25]uint64
			for i := range s {
				s[i] = rng.Uint64()
				ref[i%4][i/4] = s[i]
			}
			for range 1 + trial%4 {
				F1600x4(&s)
				for j := range 4 {
					F1600(&ref[j])
				}
				for i := range s {
					if s[i] != ref[i%4][i/4] {
						t.Fatalf("trial %d: state %d lane %d: got %#x, want %#x", trial, i%4, i/4, s[i], ref[i%4][i/4])
					}
				}
			}
		}
		// The zero state: the first lane of Keccak-f[1600](0) is
		// 0xf1258f7940e1dde7 (the well-known zero-state test value of the
		// Keccak team's KeccakF-1600-IntermediateValues.txt).
		var z State4
		F1600x4(&z)
		for j := range 4 {
			if z[j] != 0xf1258f7940e1dde7 {
				t.Fatalf("zero state %d: lane 0 = %#x", j, z[j])
			}
		}
	})
}

// TestSHAKEx4 compares the four streams with SHAKE128 and SHAKE256 of
// each input, for every input length below the rate and several output
// lengths.
func TestSHAKEx4(t *testing.T) {
	x4Paths(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		for _, rate := range []int{RateSHAKE128, RateSHAKE256} {
			for n := 0; n < rate; n++ {
				var in, out [4][]byte
				blocks := 1 + n%3
				for j := range 4 {
					in[j] = make([]byte, n)
					for i := range in[j] {
						in[j][i] = byte(rng.Uint32())
					}
					out[j] = make([]byte, blocks*rate)
				}
				var s SHAKEx4
				if rate == RateSHAKE128 {
					s.Init128(&in)
				} else {
					s.Init256(&in)
				}
				if s.Rate() != rate {
					t.Fatalf("Rate() = %d, want %d", s.Rate(), rate)
				}
				// Squeeze in two calls when there are two or more blocks.
				if blocks > 1 {
					first := [4][]byte{out[0][:rate], out[1][:rate], out[2][:rate], out[3][:rate]}
					rest := [4][]byte{out[0][rate:], out[1][rate:], out[2][rate:], out[3][rate:]}
					s.SqueezeBlocks(&first)
					s.SqueezeBlocks(&rest)
				} else {
					s.SqueezeBlocks(&out)
				}
				for j := range 4 {
					want := make([]byte, blocks*rate)
					if rate == RateSHAKE128 {
						ShakeSum128(want, in[j])
					} else {
						ShakeSum256(want, in[j])
					}
					if !bytes.Equal(out[j], want) {
						t.Fatalf("rate %d, input length %d, stream %d: output differs", rate, n, j)
					}
				}
			}
		}
	})
}

func TestSHAKEx4Panics(t *testing.T) {
	mustPanic := func(name string, f func()) {
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", name)
			}
		}()
		f()
	}
	var s SHAKEx4
	mustPanic("unequal inputs", func() { s.Init128(&[4][]byte{make([]byte, 3), make([]byte, 3), make([]byte, 3), make([]byte, 4)}) })
	mustPanic("long input", func() {
		b := make([]byte, RateSHAKE256)
		s.Init256(&[4][]byte{b, b, b, b})
	})
	s.Init128(&[4][]byte{nil, nil, nil, nil})
	mustPanic("partial block", func() {
		b := make([]byte, 100)
		s.SqueezeBlocks(&[4][]byte{b, b, b, b})
	})
}

func TestSHAKEx4Allocs(t *testing.T) {
	var in, out [4][]byte
	for j := range 4 {
		in[j] = make([]byte, 34)
		out[j] = make([]byte, 3*RateSHAKE128)
	}
	var s SHAKEx4
	if a := testing.AllocsPerRun(10, func() {
		s.Init128(&in)
		s.SqueezeBlocks(&out)
	}); a != 0 {
		t.Fatalf("%v allocations", a)
	}
}

func BenchmarkF1600x4(b *testing.B) {
	var s State4
	b.Run(X4Implementation(), func(b *testing.B) {
		for b.Loop() {
			F1600x4(&s)
		}
	})
	b.Run("generic", func(b *testing.B) {
		for b.Loop() {
			f1600x4Generic(&s)
		}
	})
}
