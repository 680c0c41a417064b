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
// only the configurations it names (TestLinkerVisibility).
//
//   - [Small] computes one Winternitz chain at a time with sha2's
//     compression function and hashes each chain's end into the candidate
//     key at once: nothing stored, no tables, no code of its own. Its time
//     is its count of SHA-256 compressions times the time of one, plus
//     little (BenchmarkHashBound reports the ratio).
//   - [Fast] (and [Default]) computes each chain step with a compression
//     function generated for the chain message (gen_lanes.go): it starts
//     from a per-signature midstate, skipping 5 of 64 rounds, and keeps the
//     chain value as words, with no byte conversion or padding per call.
//     About 17 KB more code than Small (TestLinkerVisibility logs the
//     programs' sizes) and 160 bytes more stack state. SHAKE256 parameter
//     sets verify as in Small. Interleaving 2 or 4 chains in pure Go was
//     measured slower per hash than one on amd64 (gen_lanes.go has the
//     figures), so Fast hashes one chain at a time.
//
// Verification involves no secret, so it is variable time (the number of
// hashes depends on the message digest). Names follow RFC 8554: the
// functions are named after its algorithms (algorithm4b, algorithm6a) and
// use its symbols (I, q, C, Q, K, T[r], p, ls, w).
package lms
