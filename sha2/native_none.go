// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !(amd64 || arm64) || purego

package sha2

// Without assembly (another architecture, or the purego build tag) the
// unrolled Go compression functions are the only ones.

func block256(H *[8]uint32, p []byte) { blockSHA256(H, p) }

func block512(H *[8]uint64, p []byte) { blockSHA512(H, p) }

func implementation256() string { return "Go" }

func implementation512() string { return "Go" }

// Digest256 keeps H in the order of FIPS 180-4 on this build.
func toFlow(H [8]uint32) [8]uint32        { return H }
func fromFlow(F [8]uint32) [8]uint32      { return F }
func flowBlock256(F *[8]uint32, p []byte) { block256(F, p) }

// No padding in assembly on this build: padSHA256 and Digest256.Sum do it.
func padNI(H *[8]uint32, tail []byte, n uint64) bool { return false }
func sumFlowNI(d *Digest256, H *[8]uint32) bool      { return false }
