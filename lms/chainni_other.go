// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !amd64 || purego

package lms

import "unsafe"

// hasChainNI is false: chainSHA256NI and the chainsNI functions are amd64
// assembly.
func hasChainNI() bool { return false }

// chainSHA256NI is chainSHA256 here, where nothing chooses it.
func chainSHA256NI(c *chainBlock, x *byte, ij uint32, steps int) {
	j := int(ij >> 8 & 0xff)
	c.chainSHA256(int(ij>>16), unsafe.Slice(x, c.n), j, j+steps)
}

// chainNI is chainSHA256 here, where nothing chooses it.
func (c *chainBlock) chainNI(i int, x []byte, a, end int) { c.chainSHA256(i, x, a, end) }
