// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"encoding/binary"
	"math/bits"
)

// TreeCache is how many levels of each LMS tree a private key keeps in
// memory, counted from the root: the nodes T[r] of depth at most k (r <
// 2^(k+1)). Each signature recomputes the other nodes of its
// authentication path, which means 2^(h-k) - 1 one-time public keys.
//
// Memory per tree: 2^(k+1)·m bytes (m = 32: 64 B for CacheNone, 64 KiB
// for h = 10 cached whole, 2 MiB for h = 15, 64 MiB for h = 20). Hash cost
// per signature, beyond the one-time signature itself (Q, p derivations
// and about p(2^w-1)/2 chain steps): (2^(h-k) - 1) one-time public keys of
// p derivations, p(2^w - 1) chain steps and ⌈(22+pn+9)/64⌉ blocks each,
// plus a leaf block each and 2 blocks per interior node. For LMS_SHA256_M32_H10
// with LMOTS_SHA256_N32_W8 that is about 8.9 million compressions per
// signature with CacheNone (1,023 one-time public keys of about 8,720
// each), about 4,400 with CacheAll (the one-time signature alone: C, Q,
// 34 derivations and about 4,300 chain steps on average).
//
// Key generation and loading a key compute the whole tree (2^h one-time
// public keys) whatever the cache; so does each new lower-level tree of
// HSS, which a signature makes every 2^h signatures of the level below.
type TreeCache int

const (
	// CacheNone keeps the root only.
	CacheNone TreeCache = 0
	// CacheAll keeps the whole tree: a signature computes its one-time
	// signature only.
	CacheAll TreeCache = maxH
)

// CacheTop keeps the top k levels below the root (k ≥ h is CacheAll).
func CacheTop(k int) TreeCache { return TreeCache(max(k, 0)) }

// lmsTree is the private state of one LMS tree: its parameters, I, SEED
// (Appendix A) and the cached nodes.
type lmsTree struct {
	lp    lmsParams
	op    otsParams
	I     [16]byte
	seed  [maxN]byte
	C     [maxN]byte // the randomizer of the signature being made (public)
	k     uint       // levels cached below the root, ≤ h
	nodes []byte     // T[r] at r·m for 1 ≤ r < 2^(k+1)
	pub   []byte     // the encoded LMS public key (Section 5.3)
}

// build computes the whole tree (RFC 8554, Section 5.3), keeping the
// cached levels, and sets pub; a tree built again (a lower level of HSS)
// reuses its cache and pub.
func (t *lmsTree) build(cfg Config, cache TreeCache) {
	t.k = min(uint(max(cache, 0)), t.lp.h)
	if n := (1 << (t.k + 1)) * t.lp.m; cap(t.nodes) >= n {
		t.nodes = t.nodes[:n]
	} else {
		t.nodes = make([]byte, n)
	}
	root := t.node(cfg, 1, true)
	k := lmsPublicKey{lp: t.lp, op: t.op, I: t.I, T1: root}
	t.pub = k.append(t.pub[:0])
}

// node returns T[r] (RFC 8554, Section 5.3): for a leaf r ≥ 2^h,
// H(I || u32str(r) || u16str(D_LEAF) || OTS_PUB_HASH[r-2^h]), otherwise
// H(I || u32str(r) || u16str(D_INTR) || T[2r] || T[2r+1]). Cached nodes
// are read from the cache, unless record is set, in which case every node
// is computed and the cached levels are stored.
func (t *lmsTree) node(cfg Config, r uint32, record bool) (v [maxN]byte) {
	h, m := t.lp.h, t.lp.m
	depth := uint(bits.Len32(r) - 1)
	if !record && depth <= t.k {
		copy(v[:m], t.nodes[int(r)*m:])
		return v
	}
	var hs hasher
	if r >= 1<<h {
		K := cfg.algorithm1(t.op, t.I, r-1<<h, t.seed)
		hs.init(t.lp.family)
		hs.writePrefix(&t.I, r, dLEAF)
		hs.write(K[:m])
	} else {
		L := t.node(cfg, 2*r, record)
		R := t.node(cfg, 2*r+1, record)
		hs.init(t.lp.family)
		hs.writePrefix(&t.I, r, dINTR)
		hs.write(L[:m])
		hs.write(R[:m])
	}
	hs.sum(v[:m])
	if record && depth <= t.k {
		copy(t.nodes[int(r)*m:], v[:m])
	}
	return v
}

// sign appends the LMS signature (RFC 8554, Algorithm 5 and Section 5.4)
// of msg with leaf q to dst: u32str(q) || the LM-OTS signature ||
// u32str(type) || path[0..h-1], path[i] = T[(2^h + q)/2^i XOR 1].
// C is derived into the tree's own field, not a local: slices handed to
// the configuration (an interface) escape, and a local C would be a heap
// allocation per signature.
func (t *lmsTree) sign(cfg Config, dst []byte, q uint32, msg []byte) []byte {
	t.C = derive(t.op.family, t.op.n, &t.I, q, deriveC, t.seed[:t.op.n])
	return t.signWithC(cfg, dst, q, t.C[:t.op.n], msg)
}

// signWithC is sign with the randomizer C given (RFC 8554's test cases
// have their own).
func (t *lmsTree) signWithC(cfg Config, dst []byte, q uint32, C, msg []byte) []byte {
	dst = binary.BigEndian.AppendUint32(dst, q)
	dst = cfg.algorithm3(dst, &t.op, &t.I, q, t.seed[:t.op.n], C, msg)
	dst = binary.BigEndian.AppendUint32(dst, uint32(t.lp.typ))
	r := uint32(1)<<t.lp.h + q
	for i := uint(0); i < t.lp.h; i++ {
		v := t.node(cfg, (r>>i)^1, false)
		dst = append(dst, v[:t.lp.m]...)
	}
	return dst
}

// wipe clears the secret SEED.
func (t *lmsTree) wipe() {
	clear(t.seed[:])
}
