// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/sha256block"
)

// BenchmarkVectors verifies RFC 8554 Test Cases 1 and 2 in both
// configurations.
func BenchmarkVectors(b *testing.B) {
	for _, v := range loadVectors(b)[:2] {
		for _, cfg := range configs {
			pk, _ := ParsePublicKey(cfg, v.pub)
			b.Run(v.name[len("RFC 8554 "):]+"/"+cfg.String(), func(b *testing.B) {
				for b.Loop() {
					if !pk.Verify(v.msg, v.sig) {
						b.Fatal("invalid")
					}
				}
			})
		}
	}
}

// BenchmarkCompress is one SHA-256 compression of sha2, the unit of the
// hash-count bound.
func BenchmarkCompress(b *testing.B) {
	var H [8]uint32
	var blk [64]byte
	for b.Loop() {
		sha256block.Block(&H, blk[:])
	}
}

// BenchmarkChainStep is one chain hash of Fast (blockLanes1).
func BenchmarkChainStep(b *testing.B) {
	var mid [8]uint32
	var W [1][16]uint32
	var out [1][8]uint32
	for b.Loop() {
		blockLanes1(&mid, &W, &out)
	}
}
