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

// SampleNTT sets aHat to the element of T_q that SampleNTT(ρ‖j‖i) (FIPS 203,
// Algorithm 7) produces: rejection sampling of 12-bit values below q from
// SHAKE128. The input is public (ρ is part of the encapsulation key), so the
// data-dependent loop and the rejection branch are allowed: this function
// runs in variable time on public data only. Outputs are in [0, q).
// Memory: a SHAKE128 state (216 bytes) and one 168-byte block.
func SampleNTT(aHat *Poly, ρ *[32]byte, j, i byte) {
	var xof keccak.SHAKE128
	var seed [34]byte
	copy(seed[:], ρ[:])
	seed[32], seed[33] = j, i
	xof.Write(seed[:])
	var C [keccak.RateSHAKE128]byte
	k := 0
	for k < n {
		xof.Read(C[:])
		for t := 0; t < len(C) && k < n; t += 3 {
			d1 := uint16(C[t]) | uint16(C[t+1]&0x0f)<<8
			d2 := uint16(C[t+1]>>4) | uint16(C[t+2])<<4
			if d1 < q {
				aHat[k] = int16(d1)
				k++
			}
			if d2 < q && k < n {
				aHat[k] = int16(d2)
				k++
			}
		}
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
	put := func(i int, v int16) {
		if add {
			f[i] = barrettReduce(f[i] + v)
		} else {
			f[i] = v
		}
	}
	switch η {
	case 2:
		// 4 bytes give 8 coefficients of 2+2 bits.
		for i := range 32 {
			t := binary.LittleEndian.Uint32(B[4*i:])
			d := t&0x55555555 + (t>>1)&0x55555555
			for j := range 8 {
				x := int16(d>>(4*j)) & 3
				y := int16(d>>(4*j+2)) & 3
				put(8*i+j, x-y)
			}
		}
	case 3:
		// 3 bytes give 4 coefficients of 3+3 bits.
		for i := range 64 {
			t := uint32(B[3*i]) | uint32(B[3*i+1])<<8 | uint32(B[3*i+2])<<16
			d := t&0x249249 + (t>>1)&0x249249 + (t>>2)&0x249249
			for j := range 4 {
				x := int16(d>>(6*j)) & 7
				y := int16(d>>(6*j+3)) & 7
				put(4*i+j, x-y)
			}
		}
	default:
		panic("mlkem: unsupported η")
	}
}
