// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package lms implements the Leighton-Micali hash-based signatures of
// RFC 8554 — LM-OTS one-time signatures, LMS Merkle trees and the HSS
// hierarchy — with the parameter sets of NIST SP 800-208: SHA-256 (M32)
// and SHA-256/192 (M24), SHAKE256 with 32- and 24-byte outputs, tree
// heights 5 to 25, Winternitz parameters 1, 2, 4 and 8, and HSS with 1 to
// 8 levels.
//
// # Verification
//
// [ParsePublicKey] parses an HSS public key (RFC 8554, Section 6.1) and
// [ParseLMSPublicKey] a bare LMS one (Section 5.3); [PublicKey.Verify]
// checks a signature. Every typecode, length and the leaf index q are
// checked; malformed, truncated or over-long input is invalid, never a
// panic. Verify allocates nothing. An LMS tree must pair LMS and LM-OTS
// parameter sets of the same hash function and output length (n = m), as
// every pairing SP 800-208 defines does; the levels of an HSS key may use
// different parameter sets.
//
// # Configurations
//
// The key is parsed with a [Config] and verifies with it; a program links
// only the configurations it names (TestLinkerVisibility: a program that
// parses and verifies is 62.1 KB with Small, 127.0 KB with Fast on amd64).
//
//   - [Small] computes one Winternitz chain at a time with sha2's
//     compression function (lent through internal/sha256block; it runs
//     on the processor's SHA-256 instructions where sha2 uses them) on a
//     block kept ready — I, q and the padding written once — and hashes
//     each chain's end into the candidate key at once: nothing stored, no
//     tables, no code of its own. Its time against its hash-count bound
//     (the count of SHA-256 compressions times the time of one, measured
//     interleaved by BenchmarkHashBound, LMS_SHA256_M32_H10) is 1.02 (W8),
//     1.04 (W4), 1.07 (W2) and 1.10 (W1) with sha2's Go compression, and
//     1.20, 1.25, 1.35 and 1.47 with its SHA-NI one (about 40 ns a
//     compression, against which the fixed work per chain and per Merkle
//     node weighs five times more). Stack: 1,272 bytes for an HSS
//     signature, 1,080 for a bare LMS one with sha2 on SHA-NI, 1,536 and
//     1,344 with its Go compression (TestVerifyStack, Go 1.26 amd64,
//     including the runtime's share), within the 1,668 bytes CMOX states.
//   - [Fast] (and [Default]) hashes chains with compression functions
//     generated for the chain message: they start from a per-signature
//     midstate (5 of 64 rounds saved) and take and return the chain value
//     as words (no byte conversion or padding per call). On amd64 (not
//     with -tags purego) eight chains advance at once, one per 32-bit lane
//     of the vector registers (lanes8_amd64.s from gen_avx2.go, in AVX2
//     and in AVX-512VL, which has rotations and three-input logic), and a
//     ring of 32 chain ends keeps the candidate key hashed in order. Fast
//     picks, per processor (internal/cpu), what measured fastest: the
//     AVX-512VL lanes (for W4 and W8 when sha2 has SHA-NI), else sha2 on
//     SHA-NI one chain at a time (Small's code), else the AVX2 lanes, else
//     one chain at a time in Go (gen_lanes.go). W8 verification against
//     Small, measured interleaved on AMD Zen 4 (BenchmarkHashBound
//     small/fast): 1.22 with SHA-NI present (AVX-512VL lanes against
//     SHA-NI; W4 1.15, W1 and W2 1.0); 5.4 against sha2's Go compression
//     (W4 3.4, W2 1.9, W1 1.4; the message and candidate-key hashes stay
//     sequential); with the Go chain compression alone 1.45. Stack 3,728
//     bytes where the lanes run (the ring, the vector frame), Small's or
//     1,632 otherwise. Interleaving 2 or 4 chains in pure Go was measured slower
//     than one (gen_lanes.go has the figures). SHAKE256 parameter sets
//     verify as in Small. Key generation uses the lanes where they are
//     chosen.
//
// Verification involves no secret, so it is variable time (the number of
// hashes depends on the message digest).
//
// # Signing and state
//
// [GenerateKey] makes an HSS key of 1 to 8 levels (one level for plain
// LMS, wrapped in HSS as RFC 8554 does) from one SEED and one I (Appendix
// A); lower trees, the randomizers C and everything else are derived from
// them (keygen.go), so signing is deterministic. [PrivateKey.Sign] takes
// the next index under a lock, makes sure it is covered by a reservation
// that a [Store] has durably saved — saving opts.Reserve more indices when
// it is not — and only then computes and returns the signature; a failed
// Save returns an error and no signature. The index is consumed before the
// signature is computed. [PrivateKey.AppendSign] does the same into the
// caller's memory and allocates nothing (the state is encoded for Save in a
// buffer the key owns); Sign is AppendSign with a new slice of
// [PrivateKey.SignatureSize] bytes. [LoadPrivateKey] resumes from the saved
// reservation bound: unused reserved indices are skipped, never reused. It
// refuses to sign when every index is used ([ErrExhausted]). What it
// cannot detect is a copy of its state (a cloned machine, a restored
// backup, two signers loaded from one file): see [PrivateKey].
//
// [TreeCache] trades memory for signing time: with k cached levels a tree
// keeps 2^(k+1)·m bytes and a signature computes 2^(h-k) - 1 one-time
// public keys for the rest of its path; see its documentation for the hash
// counts. Signing is constant time in the secret SEED and one-time
// private values (they only enter SHA-256 or SHAKE256; loop bounds come
// from the public message digest); the signature's C and the child trees'
// SEED and I are derived, not drawn, so only key generation reads
// randomness. [PrivateKey.Wipe] zeroes the seeds.
//
// Names follow RFC 8554: the functions are named after its algorithms
// (algorithm1, algorithm3, algorithm4b, algorithm6a) and use its symbols
// (I, q, C, Q, K, T[r], p, ls, w).
package lms
