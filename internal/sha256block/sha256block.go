// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package sha256block gives cryptolab's other packages the SHA-256
// compression function of package sha2 (FIPS 180-4, §6.2.2), without
// exporting it from sha2's public API.
//
// Hash-based signatures (package lms) hash millions of messages that fit
// one 64-byte block and whose layout is fixed; calling the compression
// function on a block they keep ready, rather than going through Write and
// Sum, removes the copying and padding from every call.
//
// Block is sha2's block256 itself, bound by go:linkname (sha2 marks it
// with the one-argument form of the directive): the processor's SHA-256
// instructions where sha2 uses them, its unrolled Go code otherwise. A function, not a function
// variable: a call through a variable would make the compiler assume that
// its pointer arguments escape, and every caller's hash state would move
// to the heap. The empty block.s lets the declaration have no body.
package sha256block

import (
	_ "unsafe" // go:linkname

	_ "github.com/cryptolab-go/cryptolab/sha2" // defines the linked function
)

// Block applies the hash computation of FIPS 180-4, §6.2.2 to each 64-byte
// block of p in turn, updating the hash value H in place. len(p) must be a
// multiple of 64; a shorter tail is ignored. It is constant time, allocates
// nothing and keeps neither argument.
//
//go:noescape
//go:linkname Block github.com/cryptolab-go/cryptolab/sha2.block256
func Block(H *[8]uint32, p []byte)
