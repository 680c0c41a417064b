// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

// Config is a verification strategy: Small, Fast or Default. The
// configuration is the value itself, not a number to switch on: Verify
// calls the strategy through the Config its key holds, so a program that
// names only Small links none of Fast's code (TestLinkerVisibility). Only
// this package's values implement Config (it has an unexported method).
// A nil Config is an error, never a panic.
type Config interface {
	// String returns "Small" or "Fast" (Default() says "Fast").
	String() string
	// Memory returns what verification with parameters p holds: Key is
	// the size of a parsed PublicKey, Context the working memory one
	// verification keeps on its stack beyond the Small minimum (the
	// chain buffers of Fast), Tables what precomputed tables the
	// configuration links (none). Zero values for invalid p.
	Memory(p Params) Memory
	// algorithm4b is RFC 8554, Algorithm 4b, steps 3-4: the candidate
	// LM-OTS public key Kc from the chain values y[0..p-1] of an LM-OTS
	// signature of typecode t (checked) under I and q, and the message
	// digest Qc = Q || Cksm(Q). Being an interface call, its pointer
	// arguments escape: I points into a public key or signature, which
	// are on the heap already, never into the caller's stack.
	algorithm4b(t OTSType, I *[16]byte, q uint32, Qc digest, y []byte) [maxN]byte
	// algorithm1 is RFC 8554, Algorithm 1 with Appendix A: the LM-OTS
	// public key hash of leaf q of the tree (I, seed). Key generation and
	// signing with a partial tree cache spend their time here.
	algorithm1(op otsParams, I [16]byte, q uint32, seed [maxN]byte) [maxN]byte
}

// Memory is the memory shape of a configuration, in bytes: see
// Config.Memory.
type Memory struct {
	Key, Context, Tables int
}

// publicKeyStruct is the size of a PublicKey on 64-bit platforms (the
// Config interface, L, the parsed LMS key and a slice header); its
// encoding, 24+m bytes, is held beside it. TestMemory checks it with
// unsafe.Sizeof.
const publicKeyStruct = 160

// Small verifies with the least memory and code: it computes one
// Winternitz chain at a time with sha2's compression function, hashing each
// chain's end into the candidate public key as soon as it is known, so
// nothing is stored but one running hash. No tables. Its cost is the count
// of SHA-256 compressions plus little else (BenchmarkHashBound).
func Small() Config { return &smallConfig{} }

// Fast verifies SHA-256 parameter sets by hashing up to four independent
// Winternitz chains at once, interleaved round by round (see gen_lanes.go),
// starting each chain hash from a per-signature midstate that saves 5 of
// its 64 rounds. It keeps a window of up to 32 chain ends (1 KiB) on the
// stack so that the lanes can finish out of order while the candidate key
// is still hashed in order. SHAKE256 parameter sets are verified as Small
// does.
func Fast() Config { return &fastConfig{} }

// Default is the configuration to pick without a reason to choose: Fast
// (Default().String() == "Fast"; naming it links Fast's code).
func Default() Config { return &fastConfig{} }
