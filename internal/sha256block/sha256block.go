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
// Block is set by package sha2 when it is initialised, so a package that
// uses it must also import sha2 (a blank import suffices); Go initialises
// imported packages first, so Block is set before any code of the
// importing package runs.
package sha256block

// Block is sha2's blockSHA256: it applies the hash computation of FIPS
// 180-4, §6.2.2 to each 64-byte block of p in turn, updating the hash value
// H in place. len(p) must be a multiple of 64; a shorter tail is ignored.
// It is constant time and allocates nothing.
var Block func(H *[8]uint32, p []byte)
