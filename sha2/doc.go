// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package sha2 implements the SHA-2 hash functions of FIPS 180-4: SHA-224,
// SHA-256, SHA-384, SHA-512, SHA-512/224 and SHA-512/256: on the processor's
// SHA instructions where it has them (see Speed), in pure Go elsewhere.
//
// # API
//
// Sole buffer: [Sum224], [Sum256], [Sum384], [Sum512], [Sum512_224] and
// [Sum512_256] hash a message held in memory and return the digest as an
// array.
//
// Data flow: [New224], [New256], [New384], [New512], [New512_224] and
// [New512_256] return a [hash.Hash] that accepts the message in Writes of
// any size. Sum(b) appends the digest of what has been written so far
// without changing the state, so hashing may continue; Reset starts over
// with the same function. The dynamic types are [*Digest256] (SHA-224,
// SHA-256) and [*Digest512] (the other four); both also implement
// [encoding.BinaryMarshaler], [encoding.BinaryAppender],
// [encoding.BinaryUnmarshaler] and [hash.Cloner], to save an intermediate
// state and resume it later. A saved state starts with a 4-byte magic that
// names the function, and UnmarshalBinary refuses, with an error, a state of
// another function or of the wrong length. The layout is the Go standard
// library's (108 bytes for the SHA-256 family, 204 for the SHA-512 family),
// so states move between this package and crypto/sha256 or crypto/sha512
// in both directions.
//
// # Memory
//
// A [Digest256] is 112 bytes and a [Digest512] 208 bytes: the hash value H,
// one block of pending input, a 64-bit byte count and the variant. They are
// plain values with no pointers, so they can live on the stack or be copied
// to fork a computation; the zero value is an empty SHA-256 or SHA-512
// state, usable without Reset. The sole-buffer functions use no state object at all: full blocks
// are compressed straight from the caller's slice and only the final padded
// block or two are assembled in a stack buffer (128 or 256 bytes; with the
// SHA extensions the SHA-256 one-shots first copy the tail to a 64-byte
// buffer, which padSHA256NI reads whole). The
// unrolled compression functions keep their working variables and message
// schedule in registers and a stack frame of about 340 bytes (336 for
// blockSHA256, 360 for blockSHA512 with Go 1.26 on amd64); blockSHA256NI
// and the arm64 functions keep everything in registers, and blockSHA512AVX
// keeps the next sixteen W_t + K_t and two pointers in a 144-byte frame.
//
// # Allocations
//
// The SumXXX functions, Write, Reset, UnmarshalBinary, Sum into a buffer
// with room for the digest and AppendBinary into a buffer with room for the
// state allocate nothing. NewXXX, MarshalBinary and Clone allocate once
// each (the state or the saved bytes). The tests pin these counts with
// testing.AllocsPerRun.
//
// # Speed
//
// Every function of the package runs one compression function per hash
// family, chosen at each call from what internal/cpu reports
// ([Implementation256] and [Implementation512] name it):
//
//   - SHA-224/SHA-256: "SHA-NI" on amd64 processors with the SHA
//     extensions (sha256_amd64.s: SHA256RNDS2, SHA256MSG1/2, about 6
//     times the unrolled Go code's speed on 8 KiB), "ARMv8" on arm64
//     with the SHA-256 instructions (sha2_arm64.s: SHA256H/H2, SHA256SU0/1).
//   - SHA-384/SHA-512/SHA-512/t: on amd64 (Intel's SHA-512 extension,
//     VSHA512RNDS2 on its newest client processors, is not used), the
//     rounds on general registers with
//     BMI2's RORX and the message schedule in vector registers beside
//     them (sha512_amd64.s), "AVX": each round's chain from e to the new
//     e and from a to the new a is four instructions, about 1.8 times the
//     unrolled Go code's speed on 8 KiB. "ARMv8.2" on arm64 with the SHA-512
//     instructions (sha2_arm64.s: SHA512H/H2, SHA512SU0/1).
//   - Otherwise, and in every build with the purego tag (which removes all
//     assembly), "Go": blockSHA256 (FIPS 180-4, §6.2.2) and blockSHA512
//     (§6.4.2) with every round written out by gen_block.go: the working
//     variables rename their roles instead of moving, and the message
//     schedule is sixteen locals reused modulo 16. This costs code size
//     (about 13 KiB and 16 KiB of machine code on amd64, against under
//     1 KiB each rolled) and buys speed over a rolled loop.
//
// The package also holds rolled compression loops, blockSHA256Compact and
// blockSHA512Compact (compact.go: about 0.5 KiB each against 13 and
// 16 KiB, 1.6 and 1.75 times the unrolled code's instructions), which no
// public function runs: the module's Small configurations reach them
// through internal/sha2sum (strategy.go), so their programs link neither
// the unrolled functions nor the assembly.
//
// Code size on amd64: blockSHA256NI 872 bytes (one-shots, and other
// packages through internal/sha256block) and blockSHA256NIFlow 820 bytes
// (Digest256's Writes, H kept in the SHA-NI order), padSHA256NI 310 bytes
// (the padded final block or two, written with whole 16-byte stores so
// that the compression function's loads of them are forwarded from the
// stores: a 32-byte one-shot in about 36 ns against 56 ns with the
// padding written in Go, the tag of a Digest256 39 ns against 60; AMD
// EPYC, Zen 5; about 1 KB more code in a program using both),
// blockSHA512AVX about 13 KiB
// (every round written out, as in the Go code); a program links the Go
// functions too, as the fallback.
//
// The assembly is hand-written: each function is one straight sequence of
// macro calls whose only choices are the rotating register roles, short
// enough to read against the instruction set's description. Reading the
// features costs a load and a branch per call; reading them at each call
// lets the tests turn an extension off (internal/cpu's Disable) and run
// every test on each fallback. The benchmarks in bench_test.go compare
// the package with the standard library (its assembly by default, its
// portable code under purego); BenchmarkPaths compares the paths.
//
// # Constant time
//
// SHA-2 has no secret-dependent branches or memory indices by construction:
// every operation is an addition, rotation, shift or bitwise function of
// fixed 32- or 64-bit words, the constants are indexed by round number, and
// the control flow depends only on the message length. The SHA
// instructions take the same time whatever their operands, and the
// assembly has no data-dependent branch or address; it clears the vector
// registers that held the state and message before returning (HMAC's
// keyed states pass through them). So the functions run
// in time that depends on the length of the input and not its content,
// which is what HMAC and the signature schemes built on this package need.
// The length itself is treated as public.
package sha2
