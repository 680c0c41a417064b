// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !purego

package sha2

import "github.com/cryptolab-go/cryptolab/internal/cpu"

// blockSHA256NI is blockSHA256 on the SHA extensions (sha256_amd64.s).
//
//go:noescape
func blockSHA256NI(H *[8]uint32, p []byte)

// hasSHANI reports whether blockSHA256NI runs here: SHA256RNDS2 and
// friends, with PSHUFB (SSSE3) and PBLENDW (SSE4.1) around them.
func hasSHANI() bool { return cpu.X86.HasSHA && cpu.X86.HasSSSE3 && cpu.X86.HasSSE41 }

// block256 is the SHA-256 compression function every caller uses: the
// SHA extensions where the processor has them, the unrolled Go code
// otherwise. The features are read at each call (a load and a branch), so
// tests can force the fallback with cpu.Disable.
func block256(H *[8]uint32, p []byte) {
	if len(p) < BlockSize256 {
		return
	}
	if hasSHANI() {
		blockSHA256NI(H, p)
		return
	}
	blockSHA256(H, p)
}

// blockSHA256NIFlow is blockSHA256NI on H in flow order (toFlow).
//
//go:noescape
func blockSHA256NIFlow(H *[8]uint32, p []byte)

// Digest256 keeps H in the order SHA256RNDS2 works in, so that a Write
// hands it to the assembly and back without the shuffles (about 2 ns a
// Write, measured with 64- and 128-byte Writes on AMD EPYC, 3 to 6 % of
// an 8,000-byte flow): words (f, e, b, a, h, g, d, c) of (a, b, ..., h).
// The order is fixed for the build, whatever the processor, so a state
// stays valid when the features read at each call change (cpu.Disable).

// toFlow returns H, in the order of FIPS 180-4, in Digest256's order.
func toFlow(H [8]uint32) [8]uint32 {
	return [8]uint32{H[5], H[4], H[1], H[0], H[7], H[6], H[3], H[2]}
}

// fromFlow undoes toFlow.
func fromFlow(F [8]uint32) [8]uint32 {
	return [8]uint32{F[3], F[2], F[7], F[6], F[1], F[0], F[5], F[4]}
}

// flowBlock256 is block256 on H in Digest256's order: the SHA extensions
// straight on it, or the Go code between two reorderings (8 words each
// way, against a Go block's few hundred nanoseconds).
func flowBlock256(F *[8]uint32, p []byte) {
	if len(p) < BlockSize256 {
		return
	}
	if hasSHANI() {
		blockSHA256NIFlow(F, p)
		return
	}
	H := fromFlow(*F)
	blockSHA256(&H, p)
	*F = toFlow(H)
}

// blockSHA512AVX is blockSHA512, the rounds on general registers (BMI2's
// RORX) and the message schedule on AVX, side by side (sha512_amd64.s).
//
//go:noescape
func blockSHA512AVX(H *[8]uint64, p []byte)

func hasAVXBMI2() bool { return cpu.X86.HasAVX && cpu.X86.HasBMI2 }

// block512 is the SHA-512 compression function every caller uses:
// blockSHA512AVX where the processor has AVX and BMI2 (Intel since
// Haswell, AMD since Excavator), the unrolled Go code otherwise.
func block512(H *[8]uint64, p []byte) {
	if hasAVXBMI2() {
		blockSHA512AVX(H, p)
		return
	}
	blockSHA512(H, p)
}

func implementation256() string {
	if hasSHANI() {
		return "SHA-NI"
	}
	return "Go"
}

func implementation512() string {
	if hasAVXBMI2() {
		return "AVX"
	}
	return "Go"
}
