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
// parses and verifies is 64.6 KB with Small, 147.1 KB with Fast on amd64).
// Ratios below: LMS_SHA256_M32_H10, from BenchmarkHashBound or the lab
// (its times in the table at the end of this section), on a 2-core AMD
// EPYC (Zen 5) VM shared with other work, Go 1.26.
//
//   - [Small] computes one Winternitz chain at a time and hashes each
//     chain's end into the candidate key at once: nothing stored, no
//     tables. On amd64 with the SHA extensions a chain runs in
//     chainSHA256NI (chainni_amd64.s from gen_shani.go): the chain value
//     stays in registers from step to step in SHA256RNDS2's order, the
//     message words are made from it by byte shuffles, and each step is
//     one whole SHA-256 compression (rounds 0-63 from H(0), a loop of 16
//     rounds run three times after the first 16: 699 bytes of code and
//     496 of constants, shared with Fast's one-chain cases). Elsewhere
//     (arm64, amd64 without SHA-NI, -tags purego) a chain runs on sha2's
//     compression function (lent through internal/sha256block) over a
//     block kept ready — I, q and the padding written once, each step
//     storing j and the chain value. Against its hash-count bound (the
//     count of SHA-256 compressions of the signature times the time of
//     one sha2 compression, measured interleaved with it): 1.07 (W1),
//     1.01 (W2), 1.01 (W4) and 1.01 (W8) with SHA-NI (lab;
//     BenchmarkHashBound 1.06, 1.01, 1.01, 1.01); 1.07, 1.05, 1.03 and
//     1.02 with sha2's Go compression (BenchmarkHashBound sha2=go). With
//     W1 a chain is one step or none, and the candidate key's 133
//     blocks, fed 32 bytes at a time, weigh as much as the chains. The
//     store the generic chain makes before each compression is what the
//     register chain avoids: with sha2 on SHA-NI, whose compression
//     reads the block back at once in 16-byte loads the processor cannot
//     take from the narrower stores just made (the chain value starts at
//     byte 23), BenchmarkChainStore measures
//     255 such chain steps at 1.19 times the bound (1.16 with only the
//     byte j stored) and 255 steps of chainSHA256NI at 1.00. Stack:
//     1,296 bytes for an HSS signature, 1,104 for a bare LMS one on
//     SHA-NI (TestVerifyStack, including the runtime's share), 1,592 on
//     the generic chains (the lab's probe), within the 1,668 bytes CMOX
//     states.
//   - [Fast] (and [Default]) runs several chains at once, with chain
//     hashes specialised for the chain message from a per-signature
//     midstate, and picks per call (internal/cpu) among: on amd64 with
//     the SHA extensions, up to four chains interleaved on SHA-NI
//     (chains_amd64.s from gen_shani.go): SHA256RNDS2 takes 4 to 5
//     cycles but can start every 2, so one chain leaves the unit idle
//     half the time; with the chain values in registers between steps,
//     the message words made by byte shuffles of them and rounds 0-3,
//     which see only I, done once per signature, two chains run 1.73 and
//     four 2.16 times the chain steps per second of one
//     (BenchmarkChainsNI, interleaved). A lane takes the next chain as
//     soon as its own ends, and the last chains go longest first, so the
//     lanes run out of work together. Against Small: 2.05 (W8) and 1.37
//     to 1.41 (W4) (BenchmarkHashBound; the lab's run below 2.01 and
//     1.39 before the longest-first tail); against the hash-count bound
//     0.49 and 0.72: the message, candidate-key and tree hashes stay
//     sequential. Four chains fill the SHA unit: SHA256RNDS2 issues
//     every 2 cycles, half its latency, and the message schedule's
//     SHA256MSG1, SHA256MSG2 and shuffles take some of its slots, so a
//     step of four chains costs about 17 ns where one of Small's costs
//     35 (30 against 32 SHA256RNDS2): W8, nearly all chain steps, stays
//     near 2.1. With W1
//     and W2, where a chain is 0 to 3 steps, the scheduler's per-chain
//     work made it slower than one chain at a time in chainSHA256NI
//     (Small/Fast 0.87 with W2), which Fast then runs. On amd64 without the SHA extensions, eight chains
//     in the 32-bit lanes of AVX-512VL or AVX2 (lanes8_amd64.s from
//     gen_avx2.go): against Small on sha2's Go compression 5.6 (W8), 3.5
//     (W4), 1.9 (W2), 1.4 (W1) (BenchmarkHashBound sha2=go). On arm64
//     with the SHA-256 instructions, Small's code. Elsewhere, and with
//     -tags purego, one chain at a time with a generated Go compression
//     (gen_lanes.go; interleaving 2 or 4 chains in pure Go measured
//     slower, figures there). A ring of chain ends (16 on SHA-NI, 32 for
//     the lanes) lets chains finish out of order while the candidate key
//     is hashed in order. Stack: 2,704 bytes on SHA-NI, 3,728 with the
//     lanes. SHAKE256 parameter sets verify as in Small. Key generation
//     and signing use the same chains (lab, LMS_SHA256_M32_H5 W8: Fast
//     generates a key about 2.5× and signs with the whole tree cached
//     about 2× faster than Small).
//
// Measured by the lab (verification of LMS_SHA256_M32_H10 with W = 1,
// 2, 4 and 8; key generation and signing of LMS_SHA256_M32_H5 W8 with
// the whole tree cached):
//
// Figures generated by lab/docfigures (block speed) from
// lab/docfigures/testdata/lms.json, a snapshot of "go run ./cmd/cryptolab run
// --suite lms --min-time 300ms" (AMD EPYC, go1.26.8, 2026-12-01; thread CPU
// time per operation, median of interleaved batches); do not edit: go generate
// ./lab/docfigures.
//
//	       verify H10 W1 / W2 / W4 / W8  keygen H5 W8  sign H5 W8
//	Small   10.9 / 10.1 / 19.9 / 161 µs       11.8 ms      178 µs
//	Fast   10.9 / 10.1 / 14.3 / 80.0 µs       4.71 ms     90.1 µs
//
// End of generated figures.
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
