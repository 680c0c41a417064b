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

// block512 is the SHA-512 compression function every caller uses.
func block512(H *[8]uint64, p []byte) {
	blockSHA512(H, p)
}

func implementation256() string {
	if hasSHANI() {
		return "SHA-NI"
	}
	return "Go"
}

func implementation512() string { return "Go" }
