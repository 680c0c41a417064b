// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build !purego

package keccak

import "github.com/cryptolab-go/cryptolab/internal/cpu"

// f1600x4AVX2 is F1600x4 in AVX2 (f1600x4_amd64.s); rc is the table of
// round constants.
//
//go:noescape
func f1600x4AVX2(a *State4, rc *[24]uint64)

func f1600x4(s *State4) {
	if cpu.X86.HasAVX2 {
		f1600x4AVX2(s, &roundConstants)
		return
	}
	f1600x4Generic(s)
}

// X4Implementation names the strategy F1600x4 runs now: "avx2" or
// "generic" (four scalar permutations).
func X4Implementation() string {
	if cpu.X86.HasAVX2 {
		return "avx2"
	}
	return "generic"
}
