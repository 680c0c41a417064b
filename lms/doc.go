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
// parses and verifies is 57.9 KB with Small, 104.6 KB with Fast on amd64).
//
//   - [Small] computes one Winternitz chain at a time with sha2's
//     compression function (lent through internal/sha256block) on a block
//     kept ready — I, q and the padding written once — and hashes each
//     chain's end into the candidate key at once: nothing stored, no
//     tables, no code of its own. Its time is its count of SHA-256
//     compressions times the time of one, plus 4 to 13 %
//     (BenchmarkHashBound: small/bound 1.04 for W8, 1.06 W4, 1.10 W2, 1.13
//     W1 with LMS_SHA256_M32_H10). Stack: 1,536 bytes for an HSS
//     signature, 1,344 for a bare LMS one (TestVerifyStack, Go 1.26 amd64,
//     including the runtime's share), within the 1,668 bytes CMOX states.
//   - [Fast] (and [Default]) computes chain steps with compression
//     functions generated for the chain message: they start from a
//     per-signature midstate (5 of 64 rounds saved) and take and return
//     the chain value as words (no byte conversion or padding per call).
//     On amd64 with AVX2 (detected at first use; not with -tags purego)
//     eight chains advance at once, one per 32-bit lane (lanes8_amd64.s,
//     from gen_avx2.go), scheduled through a ring of 32 chain ends so that
//     the candidate key is still hashed in order: W8 verification is 4.0
//     times faster than Small, W4 2.9, W2 1.8, W1 1.35 (BenchmarkHashBound
//     small/fast; W1 and W2 are dominated by the message and candidate-key
//     hashes, which stay sequential). Stack 3,736 bytes (the ring, the
//     vector frame), 47 KB more code than Small. Elsewhere one chain at a
//     time with a pure-Go compression (gen_lanes.go): 133 ns per step
//     against 205 for sha2's compression (BenchmarkChainStep,
//     BenchmarkCompress), W8 1.45 times faster than Small, stack 1,632
//     bytes. Interleaving 2 or 4 chains in pure Go was measured slower
//     than one (gen_lanes.go has the figures). SHAKE256 parameter sets
//     verify as in Small. Key generation uses the same code (about 5 times
//     faster than Small's for W8 with AVX2).
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
// signature is computed. [LoadPrivateKey] resumes from the saved
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
