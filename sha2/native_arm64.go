// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !purego

package sha2

import "github.com/cryptolab-go/cryptolab/internal/cpu"

// blockSHA256ARM and blockSHA512ARM are blockSHA256 and blockSHA512 on the
// ARMv8 SHA-256 and ARMv8.2 SHA-512 instructions (sha2_arm64.s).
//
//go:noescape
func blockSHA256ARM(H *[8]uint32, p []byte)

//go:noescape
func blockSHA512ARM(H *[8]uint64, p []byte)

// block256 is the SHA-256 compression function every caller uses: the
// ARMv8 SHA-256 instructions where the processor has them (every ARMv8
// server and Apple processor), the unrolled Go code otherwise. The
// feature is read at each call, so tests can force the fallback with
// cpu.Disable.
func block256(H *[8]uint32, p []byte) {
	if len(p) < BlockSize256 {
		return
	}
	if cpu.ARM64.HasSHA2 {
		blockSHA256ARM(H, p)
		return
	}
	blockSHA256(H, p)
}

// block512 is the SHA-512 compression function every caller uses: the
// ARMv8.2 SHA-512 instructions where present (Neoverse, Apple M1 and
// later; read from HWCAP on Linux), the unrolled Go code otherwise.
func block512(H *[8]uint64, p []byte) {
	if len(p) < BlockSize512 {
		return
	}
	if cpu.ARM64.HasSHA512 {
		blockSHA512ARM(H, p)
		return
	}
	blockSHA512(H, p)
}

func implementation256() string {
	if cpu.ARM64.HasSHA2 {
		return "ARMv8"
	}
	return "Go"
}

func implementation512() string {
	if cpu.ARM64.HasSHA512 {
		return "ARMv8.2"
	}
	return "Go"
}

// Digest256 keeps H in the order of FIPS 180-4 on this build.
func toFlow(H [8]uint32) [8]uint32        { return H }
func fromFlow(F [8]uint32) [8]uint32      { return F }
func flowBlock256(F *[8]uint32, p []byte) { block256(F, p) }

// No padding in assembly on this build: padSHA256 and Digest256.Sum do it.
func padNI(H *[8]uint32, tail []byte, n uint64) bool { return false }
func sumFlowNI(d *Digest256, H *[8]uint32) bool      { return false }
