// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build !amd64 || purego

package keccak

func f1600x4(s *State4) { f1600x4Generic(s) }

// X4Implementation names the strategy F1600x4 runs: "generic" (four
// scalar permutations) on this architecture or under purego.
func X4Implementation() string { return "generic" }
