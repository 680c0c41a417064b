// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import (
	"encoding/binary"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// G is SHA3-512 split into two 32-byte halves (FIPS 203, Section 4.1,
// equation 4.5), applied to the concatenation of a and b.
func G(a, b []byte) (g1, g2 [32]byte) {
	var h keccak.SHA3_512
	var out [64]byte
	h.Write(a)
	h.Write(b)
	h.SumTo(&out)
	copy(g1[:], out[:32])
	copy(g2[:], out[32:])
	return
}

// H is SHA3-256 (FIPS 203, equation 4.4).
func H(s []byte) [32]byte { return keccak.Sum256(s) }

// J is SHAKE256(a‖b, 8·32) (FIPS 203, equation 4.4), here of z‖c.
func J(a, b []byte) (out [32]byte) {
	var x keccak.SHAKE256
	x.Write(a)
	x.Write(b)
	x.Read(out[:])
	return
}

// SampleNTTVarTime sets aHat to the element of T_q that SampleNTT(ρ‖j‖i) (FIPS 203,
// Algorithm 7) produces: rejection sampling of 12-bit values below q from
// SHAKE128. The input is public (ρ is part of the encapsulation key), so the
// data-dependent loop and the rejection branch are allowed: this function
// runs in variable time on public data only. Outputs are in [0, q).
// Memory: a SHAKE128 state (216 bytes) and one 168-byte block.
func SampleNTTVarTime(aHat *NTTPoly, ρ *[32]byte, j, i byte) {
	var xof keccak.SHAKE128
	var seed [34]byte
	copy(seed[:], ρ[:])
	seed[32], seed[33] = j, i
	xof.Write(seed[:])
	var C [keccak.RateSHAKE128]byte
	k := 0
	for k < n {
		xof.Read(C[:])
		k = rejectionSample(aHat, k, C[:])
	}
}

// SamplePolyCBD sets f to SamplePolyCBD_η(PRF_η(s, b)) (FIPS 203,
// Algorithms 8 and equation 4.3) for η ∈ {2, 3}: each coefficient is the
// difference of two sums of η bits, computed for all coefficients at once
// with masks, branch-free. Outputs are in [-η, η].
func SamplePolyCBD(f *Poly, s *[32]byte, b byte, η int) { samplePolyCBD(f, s, b, η, false) }

// SamplePolyCBDAdd adds SamplePolyCBD_η(PRF_η(s, b)) to f and
// Barrett-reduces the sums (|f| < q on input; output |f| ≤ q/2): the e1, e2
// terms of Algorithm 14 without a polynomial of their own.
func SamplePolyCBDAdd(f *Poly, s *[32]byte, b byte, η int) { samplePolyCBD(f, s, b, η, true) }

func samplePolyCBD(f *Poly, s *[32]byte, b byte, η int, add bool) {
	var prf keccak.SHAKE256
	prf.Write(s[:])
	N := [1]byte{b}
	prf.Write(N[:])
	var B [64 * 3]byte
	prf.Read(B[:64*η])
	samplePolyCBDBytes(f, B[:64*η], η, add)
}

// samplePolyCBDBytes is SamplePolyCBD_η (FIPS 203, Algorithm 8) of the
// 64η bytes B, stored into f or (add) added to f and Barrett-reduced.
func samplePolyCBDBytes(f *Poly, B []byte, η int, add bool) {
	_ = B[64*η-1]
	// The four loops differ only in η and in storing or adding; they are
	// written out so that no flag is tested per coefficient.
	switch {
	case η == 2 && !add:
		for i := range 32 {
			d := cbd2(B[4*i:])
			for j := range 8 {
				f[8*i+j] = int16(d>>(4*j))&3 - int16(d>>(4*j+2))&3
			}
		}
	case η == 2:
		for i := range 32 {
			d := cbd2(B[4*i:])
			for j := range 8 {
				f[8*i+j] = barrettReduce(f[8*i+j] + int16(d>>(4*j))&3 - int16(d>>(4*j+2))&3)
			}
		}
	case η == 3 && !add:
		for i := range 64 {
			d := cbd3(B[3*i:])
			for j := range 4 {
				f[4*i+j] = int16(d>>(6*j))&7 - int16(d>>(6*j+3))&7
			}
		}
	case η == 3:
		for i := range 64 {
			d := cbd3(B[3*i:])
			for j := range 4 {
				f[4*i+j] = barrettReduce(f[4*i+j] + int16(d>>(6*j))&7 - int16(d>>(6*j+3))&7)
			}
		}
	default:
		panic("mlkem: unsupported η")
	}
}

// cbd2 turns 4 bytes into 8 coefficients of CBD_2 (2+2 bits each): every
// 2-bit group of the result holds the sum of the two bits it replaces.
func cbd2(b []byte) uint32 {
	t := binary.LittleEndian.Uint32(b)
	return t&0x55555555 + (t>>1)&0x55555555
}

// cbd3 turns 3 bytes into 4 coefficients of CBD_3 (3+3 bits each): every
// 3-bit group holds the sum of its three bits.
func cbd3(b []byte) uint32 {
	t := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
	return t&0x249249 + (t>>1)&0x249249 + (t>>2)&0x249249
}
