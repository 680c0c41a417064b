package edwards25519

import (
	"encoding/binary"
	"math/bits"
)

// Scalar is an integer modulo the group order
// L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032, Section
// 5.1), held fully reduced in four little-endian 64-bit words. Both
// mathematics configurations share it: it is a few microseconds of a
// signature, against tens for the point arithmetic.
//
// Products use word-serial Montgomery multiplication (CIOS) with R = 2^256:
// constant time, no division, no math/big.
type Scalar struct{ l [4]uint64 }

// L in words, -L⁻¹ mod 2^64, and R² and R³ mod L (checked by the tests).
var (
	scL     = [4]uint64{0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000}
	scR2    = [4]uint64{0xa40611e3449c0f01, 0xd00e1ba768859347, 0xceec73d217f5be65, 0x399411b7c309a3d}
	scR3    = [4]uint64{0x2a9e49687b83a2db, 0x278324e6aef7f3ec, 0x8065dc6c04ec5b65, 0xe530b773599cec7}
	scLPrim = uint64(0xd2b51da312547e1b)
)

// montMul returns a·b·2^-256 mod L for a < 2^256 and b < L (then a·b <
// 2^256·L, the result before the final subtraction is below 2L, and one
// conditional subtraction reduces it).
func montMul(a, b *[4]uint64) [4]uint64 {
	var t [6]uint64
	for i := 0; i < 4; i++ {
		var c uint64
		for j := 0; j < 4; j++ {
			hi, lo := bits.Mul64(a[j], b[i])
			var cc uint64
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j], c = lo, hi
		}
		var cc uint64
		t[4], cc = bits.Add64(t[4], c, 0)
		t[5] = cc
		m := t[0] * scLPrim
		hi, lo := bits.Mul64(m, scL[0])
		_, cc = bits.Add64(lo, t[0], 0)
		c = hi + cc
		for j := 1; j < 4; j++ {
			hi, lo := bits.Mul64(m, scL[j])
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j-1], c = lo, hi
		}
		t[3], cc = bits.Add64(t[4], c, 0)
		t[4] = t[5] + cc
	}
	return condSubL([5]uint64{t[0], t[1], t[2], t[3], t[4]})
}

// condSubL returns t - L if t ≥ L and t otherwise, for t < 2L, in
// constant time.
func condSubL(t [5]uint64) [4]uint64 {
	var d [4]uint64
	var b uint64
	for j := 0; j < 4; j++ {
		d[j], b = bits.Sub64(t[j], scL[j], b)
	}
	_, b = bits.Sub64(t[4], 0, b)
	// b = 1: t < L, keep t.
	keep := -b
	for j := 0; j < 4; j++ {
		d[j] = d[j]&^keep | t[j]&keep
	}
	return d
}

// SetUniformBytes sets s = x mod L for the 512-bit little-endian x (a
// SHA-512 output, RFC 8032, Section 5.1.6, steps 2 and 4): with x = x0 +
// x1·2^256, x·R mod L = montMul(x0, R²) + montMul(x1, R³), and one more
// montMul by 1 leaves the Montgomery domain. Constant time.
func (s *Scalar) SetUniformBytes(x *[64]byte) *Scalar {
	var x0, x1 [4]uint64
	for i := 0; i < 4; i++ {
		x0[i] = binary.LittleEndian.Uint64(x[8*i:])
		x1[i] = binary.LittleEndian.Uint64(x[32+8*i:])
	}
	a := montMul(&x0, &scR2)
	b := montMul(&x1, &scR3)
	s.l = addModL(&a, &b)
	one := [4]uint64{1}
	s.l = montMul(&one, &s.l)
	return s
}

func addModL(a, b *[4]uint64) [4]uint64 {
	var t [5]uint64
	var c uint64
	for j := 0; j < 4; j++ {
		t[j], c = bits.Add64(a[j], b[j], c)
	}
	t[4] = c
	return condSubL(t)
}

// SetCanonicalBytes sets s to the little-endian x and reports whether x <
// L; on false s is unchanged. Variable time in where x and L first differ
// (for public values such as a signature's S).
func (s *Scalar) SetCanonicalBytes(x *[32]byte) bool {
	var l [4]uint64
	for i := 0; i < 4; i++ {
		l[i] = binary.LittleEndian.Uint64(x[8*i:])
	}
	for i := 3; i >= 0; i-- {
		if l[i] < scL[i] {
			s.l = l
			return true
		}
		if l[i] > scL[i] {
			return false
		}
	}
	return false // x = L
}

// MulAdd sets s = a·b + c mod L, where a is any 256-bit little-endian
// integer (the clamped secret scalar of RFC 8032, which is not reduced)
// and b, c are reduced: S = (r + k·s) mod L of Section 5.1.6, step 5.
// Constant time.
func (s *Scalar) MulAdd(a *[32]byte, b, c *Scalar) *Scalar {
	var x [4]uint64
	for i := 0; i < 4; i++ {
		x[i] = binary.LittleEndian.Uint64(a[8*i:])
	}
	p := montMul(&x, &b.l) // a·b/R
	p = montMul(&p, &scR2) // a·b
	s.l = addModL(&p, &c.l)
	return s
}

// Bytes returns the 32-byte little-endian encoding of s.
func (s *Scalar) Bytes() [32]byte {
	var b [32]byte
	for i := 0; i < 4; i++ {
		binary.LittleEndian.PutUint64(b[8*i:], s.l[i])
	}
	return b
}

// Wipe zeroes s.
func (s *Scalar) Wipe() { s.l = [4]uint64{} }

// signedRadix16 returns the digits e_i in [-8, 8) (e_63 in [0, 8]) with
// s = Σ e_i·16^i, for s < 2^255, in constant time.
func signedRadix16(s *[32]byte) [64]int8 {
	var e [64]int8
	for i, b := range s {
		e[2*i] = int8(b & 15)
		e[2*i+1] = int8(b >> 4)
	}
	var carry int8
	for i := 0; i < 63; i++ {
		e[i] += carry
		carry = (e[i] + 8) >> 4
		e[i] -= carry << 4
	}
	e[63] += carry
	return e
}

// nafDigits holds the nonzero digits of a width-w non-adjacent form
// (w ≥ 4), lowest first: d[j] at bit position pos[j], n of them. Two
// nonzero digits are at least w positions apart, so a scalar below 2^256
// has at most 64: 136 bytes where the whole form, a digit per bit, takes
// 256 (verification holds two, and the precomputed High verification
// four, through the whole Straus loop).
type nafDigits struct {
	pos [64]uint8
	d   [64]int8
	n   int
}

// nafVarTime returns the width-w non-adjacent form of s (< 2^255) digit
// by digit (nafDigitsVarTime spread over 256 positions; for the tests).
func nafVarTime(s *[32]byte, w uint) [256]int8 {
	var naf [256]int8
	nd := nafDigitsVarTime(s, w)
	for j := 0; j < nd.n; j++ {
		naf[nd.pos[j]] = nd.d[j]
	}
	return naf
}

// nafDigitsVarTime returns the nonzero digits of the width-w (4 ≤ w ≤ 8)
// non-adjacent form of s (< 2^255): digits zero or odd with |d| <
// 2^(w-1), at most one nonzero in any w consecutive, s = Σ d_i·2^i. Runs
// of zero bits are skipped a word at a time, and after each digit the w
// bits it cleared. Variable time: public scalars only.
func nafDigitsVarTime(s *[32]byte, w uint) (nd nafDigits) {
	var x [5]uint64
	for i := 0; i < 4; i++ {
		x[i] = binary.LittleEndian.Uint64(s[8*i:])
	}
	width := uint64(1) << w
	for i := 0; i < 256; {
		if x[0] == 0 {
			if x == [5]uint64{} {
				break
			}
			shr320(&x, 63)
			i += 63
			continue
		}
		if tz := uint(bits.TrailingZeros64(x[0])); tz > 0 {
			shr320(&x, tz)
			i += int(tz)
			continue
		}
		d := int64(x[0] & (width - 1))
		if d >= int64(width/2) {
			d -= int64(width)
		}
		nd.pos[nd.n], nd.d[nd.n] = uint8(i), int8(d)
		nd.n++
		// x -= d: the low w bits become zero.
		var c uint64
		if d > 0 {
			x[0], c = bits.Sub64(x[0], uint64(d), 0)
			for j := 1; j < 5 && c != 0; j++ {
				x[j], c = bits.Sub64(x[j], 0, c)
			}
		} else {
			x[0], c = bits.Add64(x[0], uint64(-d), 0)
			for j := 1; j < 5 && c != 0; j++ {
				x[j], c = bits.Add64(x[j], 0, c)
			}
		}
		shr320(&x, w)
		i += int(w)
	}
	return nd
}

// topVarTime returns the position of the highest nonzero digit, -1 if
// there is none.
func (nd *nafDigits) topVarTime() int {
	if nd.n == 0 {
		return -1
	}
	return int(nd.pos[nd.n-1])
}

// nextVarTime returns the digit at position i when nd's highest digit not
// yet taken is there (and takes it), 0 otherwise: the Straus loops walk
// their positions from the top down and take each digit as they pass it.
func (nd *nafDigits) nextVarTime(i int) int8 {
	if nd.n == 0 || int(nd.pos[nd.n-1]) != i {
		return 0
	}
	nd.n--
	return nd.d[nd.n]
}

// shr320 sets x >>= n for 0 < n < 64.
func shr320(x *[5]uint64, n uint) {
	x[0] = x[0]>>n | x[1]<<(64-n)
	x[1] = x[1]>>n | x[2]<<(64-n)
	x[2] = x[2]>>n | x[3]<<(64-n)
	x[3] = x[3]>>n | x[4]<<(64-n)
	x[4] >>= n
}

// baseBytes is the encoding of the base point B, RFC 8032, Section 5.1:
// y = 4/5, x even.
var baseBytes = [32]byte{
	0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
	0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
	0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
	0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
}

// Precomputed is what a public key can keep to verify faster: the odd
// multiples -A, -3A, ..., -15A and the same of -2^128·A in cached form,
// each coordinate as its 32-byte canonical encoding (so that one type
// serves both fields): 2,048 bytes. Verification then skips decoding A (a
// square root) and building the multiples, and halves its doublings (see
// VerifyPrecomputedHighVarTime51).
type Precomputed [16][4][32]byte
