// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import "encoding/binary"

// Bit packing (FIPS 204, Section 7.1, Algorithms 16-21) and the key and
// signature encodings built on it (Section 7.2, Algorithms 22-28), one
// polynomial at a time so that the LowRAM strategy can stream them. The
// bit order is the standard's: coefficient i occupies bits [i·b, (i+1)·b)
// of the little-endian bit string. Every function here is constant time
// (the widths are public).

// simpleBitPack writes the 256 coefficients of a, each in [0, 2^bits), to
// dst (32·bits bytes) (FIPS 204, Algorithm 16).
func simpleBitPack(dst []byte, a *[n]int32, bits int) {
	packBits(dst, a, bits, 0, 1)
}

// bitPack writes b − a[i] for coefficients a[i] in [b − 2^bits + 1, b] to dst
// (32·bits bytes) (FIPS 204, Algorithm 17).
func bitPack(dst []byte, a *[n]int32, bits int, b int32) {
	packBits(dst, a, bits, b, -1)
}

// packBits64 is SimpleBitPack of 64 coefficients (8·bits bytes).
func packBits64(dst []byte, a []int32, bits int) {
	dst = dst[:8*bits]
	var acc uint64
	nb, o := 0, 0
	for _, x := range a[:64] {
		acc |= uint64(uint32(x)) << nb
		nb += bits
		for nb >= 8 {
			dst[o] = byte(acc)
			acc >>= 8
			nb -= 8
			o++
		}
	}
}

func packBits(dst []byte, a *[n]int32, bits int, off, sign int32) {
	// The widths of the signing loop's hot paths, specialized: z (20 and
	// 18 bits) and w1 (4 and 6 bits).
	switch bits {
	case 20:
		dst = dst[:640]
		for i := 0; i < n/2; i++ {
			v0 := uint32(off + sign*a[2*i])
			v1 := uint32(off + sign*a[2*i+1])
			d := dst[5*i : 5*i+5]
			d[0], d[1], d[2] = byte(v0), byte(v0>>8), byte(v0>>16&0x0f|v1<<4)
			d[3], d[4] = byte(v1>>4), byte(v1>>12)
		}
		return
	case 18:
		dst = dst[:576]
		for i := 0; i < n/4; i++ {
			x := (*[4]int32)(a[4*i : 4*i+4])
			v0 := uint64(uint32(off+sign*x[0]) & 0x3ffff)
			v1 := uint64(uint32(off+sign*x[1]) & 0x3ffff)
			v2 := uint64(uint32(off+sign*x[2]) & 0x3ffff)
			v3 := uint64(uint32(off+sign*x[3]) & 0x3ffff)
			w := v0 | v1<<18 | v2<<36 | v3<<54
			d := dst[9*i : 9*i+9]
			binary.LittleEndian.PutUint64(d, w)
			d[8] = byte(v3 >> 10)
		}
		return
	case 4:
		dst = dst[:128]
		for i := range dst {
			dst[i] = byte(off+sign*a[2*i]) | byte(off+sign*a[2*i+1])<<4
		}
		return
	case 6:
		dst = dst[:192]
		for i := 0; i < n/4; i++ {
			x := (*[4]int32)(a[4*i : 4*i+4])
			w := uint32(off+sign*x[0]) | uint32(off+sign*x[1])<<6 | uint32(off+sign*x[2])<<12 | uint32(off+sign*x[3])<<18
			d := dst[3*i : 3*i+3]
			d[0], d[1], d[2] = byte(w), byte(w>>8), byte(w>>16)
		}
		return
	}
	dst = dst[:32*bits]
	var acc uint64
	nb, o := 0, 0
	mask := uint64(1)<<bits - 1
	for _, x := range a {
		acc |= (uint64(uint32(off+sign*x)) & mask) << nb
		nb += bits
		for nb >= 8 {
			dst[o] = byte(acc)
			acc >>= 8
			nb -= 8
			o++
		}
	}
}

// simpleBitUnpack sets a[i] to the bits-bit values of src (FIPS 204,
// Algorithm 18).
func simpleBitUnpack(a *[n]int32, src []byte, bits int) {
	unpackBits(a, src, bits, 0, 1)
}

// bitUnpack sets a[i] = b − x_i for the bits-bit values x_i of src (FIPS
// 204, Algorithm 19). Outputs in [b − 2^bits + 1, b].
func bitUnpack(a *[n]int32, src []byte, bits int, b int32) {
	unpackBits(a, src, bits, b, -1)
}

func unpackBits(a *[n]int32, src []byte, bits int, off, sign int32) {
	switch bits {
	case 20:
		src = src[:640]
		for i := 0; i < n/2; i++ {
			d := src[5*i : 5*i+5]
			v0 := int32(d[0]) | int32(d[1])<<8 | int32(d[2]&0x0f)<<16
			v1 := int32(d[2]>>4) | int32(d[3])<<4 | int32(d[4])<<12
			a[2*i], a[2*i+1] = off+sign*v0, off+sign*v1
		}
		return
	case 18:
		src = src[:576]
		for i := 0; i < n/4; i++ {
			d := src[9*i : 9*i+9]
			w := binary.LittleEndian.Uint64(d)
			x := (*[4]int32)(a[4*i : 4*i+4])
			x[0] = off + sign*int32(w&0x3ffff)
			x[1] = off + sign*int32(w>>18&0x3ffff)
			x[2] = off + sign*int32(w>>36&0x3ffff)
			x[3] = off + sign*int32(w>>54|uint64(d[8])<<10)
		}
		return
	}
	src = src[:32*bits]
	var acc uint64
	nb, o := 0, 0
	mask := uint64(1)<<bits - 1
	for i := range a {
		for nb < bits {
			acc |= uint64(src[o]) << nb
			o++
			nb += 8
		}
		a[i] = off + sign*int32(acc&mask)
		acc >>= bits
		nb -= bits
	}
}

// unpackEta decodes one polynomial of s1 or s2 (FIPS 204, Algorithm 25) and returns 0 if every coefficient is in [−η, η], or −1 if an
// encoding is out of range (possible for η = 2, whose 3-bit field holds
// up to 7, and η = 4, whose 4-bit field holds up to 15): a malformed
// private key. Constant time.
func unpackEta(p *Params, a *[n]int32, src []byte) (bad int32) {
	bitUnpack(a, src, p.etaBits, p.Eta)
	for _, x := range a {
		bad |= (x + p.Eta) >> 31 // x < −η
	}
	return bad
}

// PackT1 and the other per-polynomial encoders below name the field they
// encode; the byte sizes are 32·bits.
func PackT1(dst []byte, t1 *RingElement) { simpleBitPack(dst, (*[n]int32)(t1), 10) }

// UnpackT1 decodes t1 (10 bits, any value valid).
func UnpackT1(t1 *RingElement, src []byte) { simpleBitUnpack((*[n]int32)(t1), src, 10) }

// T1Bytes, EtaBytes, T0Bytes, ZBytes and W1Bytes are the sizes of one
// encoded polynomial.
const (
	T1Bytes = 320
	T0Bytes = 32 * d
)

// EtaBytes is the size of one encoded polynomial of s1 or s2.
func (p *Params) EtaBytes() int { return 32 * p.etaBits }

// ZBytes is the size of one encoded polynomial of z.
func (p *Params) ZBytes() int { return 32 * p.gamma1Bit }

// W1Bytes is the size of one w1Encode'd polynomial.
func (p *Params) W1Bytes() int { return 32 * p.w1Bits }

// CTildeSize is λ/4, the size of c̃.
func (p *Params) CTildeSize() int { return p.Lambda / 4 }

func packEta(p *Params, dst []byte, s *RingElement) {
	bitPack(dst, (*[n]int32)(s), p.etaBits, p.Eta)
}

func packT0(dst []byte, t0 *RingElement) { bitPack(dst, (*[n]int32)(t0), d, 1<<(d-1)) }

func unpackT0(t0 *RingElement, src []byte) { bitUnpack((*[n]int32)(t0), src, d, 1<<(d-1)) }

// packZ encodes z[i] ∈ [−γ1 + 1, γ1] (FIPS 204, Algorithm 26).
func packZ(p *Params, dst []byte, z *RingElement) {
	bitPack(dst, (*[n]int32)(z), p.gamma1Bit, p.Gamma1)
}

// unpackZ decodes one z[i] (Algorithm 27); any encoding gives a
// value in [−γ1 + 1, γ1], and the norm check rejects the large ones.
func unpackZ(p *Params, z *RingElement, src []byte) {
	bitUnpack((*[n]int32)(z), src, p.gamma1Bit, p.Gamma1)
}

// w1Encode writes SimpleBitPack(w1, (q−1)/(2γ2) − 1) (FIPS 204,
// Algorithm 28) of one polynomial.
func w1Encode(p *Params, dst []byte, w1 *RingElement) {
	simpleBitPack(dst, (*[n]int32)(w1), p.w1Bits)
}

// Offsets of the fields of the private key encoding (FIPS 204, Algorithm
// 24): ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0.
func (p *Params) skS1(i int) int { return 128 + i*p.EtaBytes() }
func (p *Params) skS2(i int) int { return 128 + (p.L+i)*p.EtaBytes() }
func (p *Params) skT0(i int) int { return 128 + (p.L+p.K)*p.EtaBytes() + i*T0Bytes }

// Offsets of the signature encoding (Algorithm 26): c̃ ‖ z ‖ h.
func (p *Params) sigZ(i int) int { return p.CTildeSize() + i*p.ZBytes() }
func (p *Params) sigH() int      { return p.CTildeSize() + p.L*p.ZBytes() }

// hintBitPack writes the hints of k bitmaps (bit j of word row i·8+j/32
// set when h[i][j] = 1) to y, ω + k bytes (FIPS 204, Algorithm 20). The
// caller has checked that at most ω bits are set. It runs after the
// iteration is accepted, when h is part of the public signature, and
// branches on it.
func hintBitPackVarTime(p *Params, y []byte, hints []uint32) {
	y = y[:p.Omega+p.K]
	clear(y)
	index := 0
	for i := range p.K {
		for j := range n {
			if hints[i*8+j/32]>>(j%32)&1 == 1 {
				y[index] = byte(j)
				index++
			}
		}
		y[p.Omega+i] = byte(index)
	}
}

// hintRowVarTime checks the whole hint encoding y (FIPS 204, Algorithm 21:
// the counts non-decreasing and at most ω, the indices of each row strictly
// increasing, the unused bytes zero) and reports whether it is well formed.
// Public data.
func hintCheckVarTime(p *Params, y []byte) bool {
	y = y[:p.Omega+p.K]
	index := 0
	for i := range p.K {
		end := int(y[p.Omega+i])
		if end < index || end > p.Omega {
			return false
		}
		for t := index; t < end; t++ {
			if t > index && y[t-1] >= y[t] {
				return false
			}
		}
		index = end
	}
	for t := index; t < p.Omega; t++ {
		if y[t] != 0 {
			return false
		}
	}
	return true
}

// hintRow sets h to row i of the hints encoded in y, which hintCheckVarTime
// accepted (FIPS 204, Algorithm 21).
func hintRow(p *Params, h *[n]uint8, y []byte, i int) {
	clear(h[:])
	start := 0
	if i > 0 {
		start = int(y[p.Omega+i-1])
	}
	for t := start; t < int(y[p.Omega+i]); t++ {
		h[y[t]] = 1
	}
}
