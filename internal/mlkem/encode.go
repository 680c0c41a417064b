// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import "encoding/binary"

// compressShift and compressMul turn the division by q of Compress_d into a
// multiplication: for 0 ≤ v < 2^23, floor(v/q) = (v·compressMul) >> 35,
// because compressMul = ceil(2^35/q) errs by less than v/2^35 < 1/q (checked
// exhaustively by TestCompress).
const (
	compressShift = 35
	compressMul   = ((1 << compressShift) + q - 1) / q
)

// Compress returns Compress_d(x) = round(2^d/q · x) mod 2^d (FIPS 203,
// Section 4.2.1, equation 4.7) for 0 ≤ x < q and 1 ≤ d ≤ 11, without
// division: round(y/q) = floor((y + (q-1)/2)/q) for odd q.
func Compress(x uint16, d uint8) uint16 {
	v := uint64(x)<<d + (q-1)/2
	return uint16((v*compressMul)>>compressShift) & (1<<d - 1)
}

// Decompress returns Decompress_d(y) = round(q/2^d · y) (FIPS 203, equation
// 4.8) for 0 ≤ y < 2^d; the result is in [0, q).
func Decompress(y uint16, d uint8) int16 {
	return int16((uint32(y)*q + 1<<(d-1)) >> d)
}

// ByteEncode12 writes the 384-byte ByteEncode_12(f) (FIPS 203, Algorithm 5)
// of a polynomial whose coefficients are in (-q, q): they are first mapped
// to [0, q), as T_q elements are encoded.
func ByteEncode12(b []byte, f *NTTPoly) {
	b = b[:384]
	for i := range 128 {
		x, y := canonical(f[2*i]), canonical(f[2*i+1])
		b[3*i] = byte(x)
		b[3*i+1] = byte(x>>8) | byte(y<<4)
		b[3*i+2] = byte(y >> 4)
	}
}

// ByteDecode12 reads ByteDecode_12 (FIPS 203, Algorithm 6) of the 384 bytes
// of b into f, reducing each 12-bit value mod q as the algorithm specifies
// (for secret input: branch-free). It returns 1 if every value was already
// below q, 0 otherwise: the modulus check of FIPS 203, Section 7.2.
func ByteDecode12(f *NTTPoly, b []byte) (ok uint16) {
	b = b[:384]
	var bad uint16
	for i := range 128 {
		x := uint16(b[3*i]) | uint16(b[3*i+1]&0x0f)<<8
		y := uint16(b[3*i+1]>>4) | uint16(b[3*i+2])<<4
		// x ≥ q exactly when x - q does not borrow.
		gx := ^uint16(int16(x-q)>>15) & 1
		gy := ^uint16(int16(y-q)>>15) & 1
		bad |= gx | gy
		f[2*i] = int16(x - gx*q)
		f[2*i+1] = int16(y - gy*q)
	}
	return bad ^ 1
}

// ByteEncodeCompress writes ByteEncode_d(Compress_d(f)) (FIPS 203,
// Algorithms 5 and 14, lines 22-23) of f, whose coefficients must be in
// (-q, q), into the 32·d bytes of b, for 1 ≤ d ≤ 11. The sizes ML-KEM uses
// (d = 1, 4, 5, 10, 11) pack a fixed group of coefficients into whole bytes
// with constant shifts; other sizes go through a bit buffer. Either way the
// data never steers a branch.
func ByteEncodeCompress(b []byte, f *Poly, d uint8) {
	b = b[:32*int(d)]
	c := func(i int) uint64 { return uint64(Compress(canonical(f[i]), d)) }
	switch d {
	case 1:
		for i := range 32 {
			var w uint64
			for j := range 8 {
				w |= c(8*i+j) << j
			}
			b[i] = byte(w)
		}
	case 4:
		for i := range 128 {
			b[i] = byte(c(2*i) | c(2*i+1)<<4)
		}
	case 5:
		for i := range 32 {
			w := c(8*i) | c(8*i+1)<<5 | c(8*i+2)<<10 | c(8*i+3)<<15 |
				c(8*i+4)<<20 | c(8*i+5)<<25 | c(8*i+6)<<30 | c(8*i+7)<<35
			o := b[5*i : 5*i+5]
			o[0], o[1], o[2], o[3], o[4] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24), byte(w>>32)
		}
	case 10:
		for i := range 64 {
			w := c(4*i) | c(4*i+1)<<10 | c(4*i+2)<<20 | c(4*i+3)<<30
			o := b[5*i : 5*i+5]
			o[0], o[1], o[2], o[3], o[4] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24), byte(w>>32)
		}
	case 11:
		for i := range 32 {
			c5 := c(8*i + 5)
			lo := c(8*i) | c(8*i+1)<<11 | c(8*i+2)<<22 | c(8*i+3)<<33 | c(8*i+4)<<44 | c5<<55
			hi := c5>>9 | c(8*i+6)<<2 | c(8*i+7)<<13
			o := b[11*i : 11*i+11]
			binary.LittleEndian.PutUint64(o, lo)
			o[8], o[9], o[10] = byte(hi), byte(hi>>8), byte(hi>>16)
		}
	default:
		var acc uint64
		var bits uint
		k := 0
		for i := range f {
			acc |= c(i) << bits
			bits += uint(d)
			for bits >= 8 {
				b[k] = byte(acc)
				k++
				acc >>= 8
				bits -= 8
			}
		}
	}
}

// ByteDecodeDecompress reads Decompress_d(ByteDecode_d(b)) (FIPS 203,
// Algorithm 15, lines 3-4) from the 32·d bytes of b into f, for
// 1 ≤ d ≤ 11. Outputs are in [0, q). As in ByteEncodeCompress, the sizes
// ML-KEM uses unpack fixed groups with constant shifts.
func ByteDecodeDecompress(f *Poly, b []byte, d uint8) {
	b = b[:32*int(d)]
	mask := uint64(1)<<d - 1
	put := func(i int, v uint64) { f[i] = Decompress(uint16(v&mask), d) }
	switch d {
	case 1:
		for i := range 32 {
			for j := range 8 {
				put(8*i+j, uint64(b[i]>>j))
			}
		}
	case 4:
		for i := range 128 {
			put(2*i, uint64(b[i]))
			put(2*i+1, uint64(b[i]>>4))
		}
	case 10:
		for i := range 64 {
			o := b[5*i : 5*i+5]
			w := uint64(o[0]) | uint64(o[1])<<8 | uint64(o[2])<<16 | uint64(o[3])<<24 | uint64(o[4])<<32
			put(4*i, w)
			put(4*i+1, w>>10)
			put(4*i+2, w>>20)
			put(4*i+3, w>>30)
		}
	case 11:
		for i := range 32 {
			o := b[11*i : 11*i+11]
			lo := binary.LittleEndian.Uint64(o)
			hi := uint64(o[8]) | uint64(o[9])<<8 | uint64(o[10])<<16
			put(8*i, lo)
			put(8*i+1, lo>>11)
			put(8*i+2, lo>>22)
			put(8*i+3, lo>>33)
			put(8*i+4, lo>>44)
			put(8*i+5, lo>>55|hi<<9)
			put(8*i+6, hi>>2)
			put(8*i+7, hi>>13)
		}
	default:
		var acc uint64
		var bits uint
		k := 0
		for i := range f {
			for bits < uint(d) {
				acc |= uint64(b[k]) << bits
				k++
				bits += 8
			}
			put(i, acc)
			acc >>= d
			bits -= uint(d)
		}
	}
}
