// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

//go:generate go run gen_ops.go

import "math/bits"

// CRTKey is the private key of RSA in CRT form (RFC 8017, Section 3.2,
// second representation, two primes), with the primes' Montgomery
// constants precomputed.
type CRTKey struct {
	P, Q   *Modulus
	DP, DQ []uint64 // d mod (p-1), d mod (q-1): len(P.N) and len(Q.N) limbs
	QInv   []uint64 // q⁻¹ mod p, normal form, len(P.N) limbs
}

// window returns the w bits of e starting at bit position pos (public),
// bits beyond e reading as zero.
func window(e []uint64, pos int, w uint) uint64 {
	i, s := pos/64, uint(pos%64)
	v := e[i] >> s
	if s+w > 64 && i+1 < len(e) {
		v |= e[i+1] << (64 - s)
	}
	return v & (1<<w - 1)
}

// lookup sets sel = table[idx] (entries of L limbs) reading every entry:
// the index is secret.
func lookup(sel, table []uint64, idx uint64, L int) {
	clear(sel)
	n := len(table) / L
	for i := 0; i < n; i++ {
		d := uint64(i) ^ idx
		mask := ((d | -d) >> 63) - 1 // ^0 if i == idx
		row := table[i*L : (i+1)*L]
		for j := range sel {
			sel[j] |= row[j] & mask
		}
	}
}

// leadingZeros is bits.LeadingZeros64 (the exponent is public).
func leadingZeros(e uint64) int { return bits.LeadingZeros64(e) }

// TableLimbs is the number of limbs of the exponentiation buffer for a
// window of w bits modulo an L-limb modulus: 2^w table entries, the
// accumulator and the selected entry.
func TableLimbs(L int, w uint) int { return (1<<w + 2) * L }
