// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !amd64 || purego

package lms

// hasAVX2 is false where there is no AVX2 code.
func hasAVX2() bool { return false }

// blockLanes8 is blockLanes8Go where there is no AVX2 code.
func blockLanes8(mid *[8]uint32, W *[16][8]uint32, out *[8][8]uint32) {
	blockLanes8Go(mid, W, out)
}

// hasAVX512VL is false where there is no AVX-512 code.
func hasAVX512VL() bool { return false }
