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

// blockSHA512AVX is blockSHA512 on one block, the rounds on general
// registers (BMI2's RORX) and the message schedule on AVX, side by side
// (sha512_amd64.s).
//
//go:noescape
func blockSHA512AVX(H *[8]uint64, M *[BlockSize512]byte)

func hasAVXBMI2() bool { return cpu.X86.HasAVX && cpu.X86.HasBMI2 }

// block512 is the SHA-512 compression function every caller uses:
// blockSHA512AVX block by block where the processor has AVX and BMI2
// (Intel since Haswell, AMD since Excavator), the unrolled Go code
// otherwise.
func block512(H *[8]uint64, p []byte) {
	if !hasAVXBMI2() {
		blockSHA512(H, p)
		return
	}
	for ; len(p) >= BlockSize512; p = p[BlockSize512:] {
		blockSHA512AVX(H, (*[BlockSize512]byte)(p))
	}
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
