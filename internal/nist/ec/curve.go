// Package ec is the elliptic-curve layer shared by cryptolab's NIST-curve
// code: the P-256 and P-384 curve constants, point arithmetic with the
// Renes–Costello–Batina complete formulas, constant-time fixed-base scalar
// multiplication with a Low or High precomputed table, variable-time
// double-scalar multiplication for verification, and SEC 1 point encoding.
//
// Two arithmetics drive the point code through a Field, chosen per call:
//
//	Small  internal/nist/mont      one generic CIOS loop for every modulus;
//	                               the point formulas of point.go and
//	                               verify.go call it through Field methods
//	Fast   internal/nist/unrolled  generated straight-line code per modulus;
//	                               gen_points.go copies the point formulas
//	                               per curve with direct calls into it
//
// For link-time selection the types SmallField, P256Fast and P384Fast
// (fields.go) carry every Field method with the arithmetic fixed by the
// type (fields_gen.go, written by gen_fields.go), and ops.go adds whole
// ECDSA operations per table; package ecdsa uses only those, so a program
// links one arithmetic and one table's code. Field itself, below, serves
// tests and callers that choose at run time, and links everything.
//
// Field dispatches with a switch on its kind, not through function values:
// an indirect call would make every temporary of the formulas escape to the
// heap. Both keep field elements and scalars in Montgomery form with the
// same R, so points, keys and precomputed tables are shared between them.
//
// Signing uses the complete projective formulas (constant time);
// verification uses Jacobian coordinates with incomplete formulas whose
// exceptions are branches on public data (verify.go).
//
// Fixed-base tables (signed radix-2^w Booth digits in [-2^(w-1), 2^(w-1)],
// 2^(w-1) affine multiples per window, x and y of N limbs each, 16·N bytes
// per entry):
//
//	Low   w = 5: 16 multiples d·G, d = 1..16: 1,024 B (P-256), 1,536 B
//	      (P-384). k·G costs 255 (P-256) or 380 (P-384) doublings and 52
//	      or 77 mixed additions.
//	High  w = 6: 32 multiples d·64^i·G for every window position i: 43
//	      windows, 88,064 B (P-256); 65 windows, 199,680 B (P-384). k·G
//	      costs 43 or 65 mixed additions and no doubling.
//
// Speed/size knobs lowBits and highBits: a wider window trades table bytes
// (about ×1.7 per bit for High, ×2 for Low) and scan time (every entry of a
// window is read) for fewer additions. Low keeps 5 bits, the smallest table
// that still beats unsigned 4-bit windows (52 additions against 64 for
// P-256); High takes 6 bits, 9 fewer additions than 5 bits for P-256 (12
// for P-384) at 88 KB instead of 53 KB.
//
// Tables are computed once, on first use, by the package's own code (a batch
// inversion turns the projective multiples affine) and kept on the heap, so
// a program that never uses High never pays its memory.
package ec

import (
	"sync"

	"github.com/cryptolab-go/cryptolab/internal/ct"
	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

// Scalars are recoded in signed radix 2^w (Booth): digits in [-2^(w-1),
// 2^(w-1)], so a window needs the multiples 1..2^(w-1) of its base and
// negates y for a negative digit.
const (
	lowBits  = 5 // Low: one window of 16 entries
	highBits = 6 // High: every window, 32 entries each
)

// entries returns the number of multiples a window of the given width holds.
func entries(bits int) int { return 1 << (bits - 1) }

// Curve holds the constants of one curve.
type Curve struct {
	Name string
	N    int // limbs of p and n
	Size int // bytes of a field element or scalar (32 or 48)

	P     *mont.Modulus // field prime p
	Order *mont.Modulus // group order n

	B      mont.Elem // b, Montgomery form
	Gx, Gy mont.Elem // generator, Montgomery form

	pMinus2, nMinus2, sqrtExp mont.Elem // exponents p-2, n-2, (p+1)/4 (plain)

	Small, Fast Field

	lowOnce, highOnce sync.Once
	low, high         []uint64
}

// Field is one arithmetic (Small or Fast) for one curve: field operations
// modulo p and scalar operations modulo n, in Montgomery form.
//
// The operations dispatch with a switch on a public kind to direct calls,
// not through function values: with an indirect call the compiler's escape
// analysis cannot see that the operands stay on the stack, and every
// temporary of the point formulas would be heap-allocated.
type Field struct {
	C    *Curve
	Name string
	kind kind
}

type kind uint8

const (
	small kind = iota
	fastP256
	fastP384
)

// Windows returns the number of signed windows of the given width for a
// scalar below 2^(64N): ceil((64N + 1) / bits) (one bit more than the
// scalar, for the carry of the top digit): 52 (P-256) and 77 (P-384) for
// 5 bits, 43 and 65 for 6 bits.
func (c *Curve) Windows(bits int) int { return (64*c.N + bits) / bits }

// LowTableBytes and HighTableBytes are the sizes of the fixed-base tables.
func (c *Curve) LowTableBytes() int { return entries(lowBits) * 2 * c.N * 8 }
func (c *Curve) HighTableBytes() int {
	return c.Windows(highBits) * entries(highBits) * 2 * c.N * 8
}

var p256, p384 *Curve

// P256 returns the NIST P-256 curve (FIPS 186-5, SP 800-186 §3.2.1.3).
func P256() *Curve { return p256 }

// P384 returns the NIST P-384 curve (SP 800-186 §3.2.1.4).
func P384() *Curve { return p384 }

func init() {
	p256 = newCurve("P-256",
		"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
		"ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
		"5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
		"6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
		"4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
		fastP256)
	p384 = newCurve("P-384",
		"fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
		"b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
		"aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
		"3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f",
		fastP384)
}

func unhex(s string) []byte {
	b := make([]byte, len(s)/2)
	for i := range b {
		b[i] = nib(s[2*i])<<4 | nib(s[2*i+1])
	}
	return b
}

func nib(c byte) byte {
	if c >= 'a' {
		return c - 'a' + 10
	}
	return c - '0'
}

func newCurve(name, p, n, b, gx, gy string, fast kind) *Curve {
	c := &Curve{Name: name}
	c.P = mont.NewModulus(unhex(p))
	c.Order = mont.NewModulus(unhex(n))
	c.N, c.Size = c.P.N, c.P.Bytes
	c.Small = Field{C: c, Name: "Small", kind: small}
	c.Fast = Field{C: c, Name: "Fast", kind: fast}
	var t mont.Elem
	c.P.SetBytes(&t, unhex(b))
	c.P.ToMont(&c.B, &t)
	c.P.SetBytes(&t, unhex(gx))
	c.P.ToMont(&c.Gx, &t)
	c.P.SetBytes(&t, unhex(gy))
	c.P.ToMont(&c.Gy, &t)
	// Exponents: m - 2 (m odd and > 2, no borrow past limb 0 unless limb 0 < 2)
	// and (p + 1) / 4 (both primes are 3 mod 4).
	sub2 := func(m *mont.Modulus) (e mont.Elem) {
		e = m.M
		var borrow uint64 = 2
		for i := 0; i < m.N && borrow != 0; i++ {
			old := e[i]
			e[i] -= borrow
			borrow = 0
			if e[i] > old {
				borrow = 1
			}
		}
		return e
	}
	c.pMinus2 = sub2(c.P)
	c.nMinus2 = sub2(c.Order)
	e := c.P.M
	carry := uint64(1)
	for i := 0; i < c.N; i++ {
		e[i] += carry
		if e[i] != 0 {
			carry = 0
		}
	}
	// p + 1 does not overflow N limbs: p is not 2^(64N) - 1.
	for i := 0; i < c.N; i++ {
		e[i] >>= 2
		if i+1 < c.N {
			e[i] |= e[i+1] << 62
		}
	}
	c.sqrtExp = e
	return c
}

// Field returns the Small or Fast arithmetic.
func (c *Curve) Field(fast bool) *Field {
	if fast {
		return &c.Fast
	}
	return &c.Small
}

// LowTable returns the Low table, computing it on first use.
func (c *Curve) LowTable() []uint64 { return c.Fast.lowTable() }

// HighTable returns the High table, computing it on first use.
func (c *Curve) HighTable() []uint64 { return c.Fast.highTable() }

// lowTable and highTable return the tables, computing them on first use
// with f's arithmetic (the values are the same for every arithmetic, so
// the two Fields share them): a Small program then links no Fast code to
// build its table.
func (f *Field) lowTable() []uint64 {
	c := f.C
	c.lowOnce.Do(func() { c.low = f.buildTable(1, lowBits) })
	return c.low
}

func (f *Field) highTable() []uint64 {
	c := f.C
	c.highOnce.Do(func() { c.high = f.buildTable(c.Windows(highBits), highBits) })
	return c.high
}

// buildTable computes windows × 2^(bits-1) affine multiples d·2^(bits·i)·G
// (d = 1..2^(bits-1)) with f's arithmetic, normalised with one batched
// inversion (Montgomery's trick).
func (f *Field) buildTable(windows, bits int) []uint64 {
	windowEntries := entries(bits)
	c := f.C
	n := c.N
	pts := make([]Point, windows*windowEntries)
	var base Point
	f.SetAffine(&base, &c.Gx, &c.Gy)
	for i := 0; i < windows; i++ {
		row := pts[i*windowEntries : (i+1)*windowEntries]
		row[0] = base
		for d := 1; d < windowEntries; d++ {
			f.PointAdd(&row[d], &row[d-1], &base)
		}
		f.PointAdd(&base, &row[windowEntries-1], &row[windowEntries-1]) // 2^bits·base
	}
	// Batch inversion of all Z: prefix products, one inversion, walk back.
	prefix := make([]mont.Elem, len(pts))
	acc := c.P.One
	for i := range pts {
		prefix[i] = acc
		f.Mul(&acc, &acc, &pts[i].Z)
	}
	var inv mont.Elem
	f.Invert(&inv, &acc)
	tbl := make([]uint64, len(pts)*2*n)
	for i := len(pts) - 1; i >= 0; i-- {
		var zinv, x, y mont.Elem
		f.Mul(&zinv, &inv, &prefix[i])
		f.Mul(&inv, &inv, &pts[i].Z)
		f.Mul(&x, &pts[i].X, &zinv)
		f.Mul(&y, &pts[i].Y, &zinv)
		copy(tbl[i*2*n:], x[:n])
		copy(tbl[i*2*n+n:], y[:n])
	}
	return tbl
}

// ScalarBaseMult sets r = k·G for a scalar k given as plain limbs
// (0 ≤ k < 2^(64N)), in constant time, with the High table if high is set
// and the Low table otherwise. Each window adds ±(table entry) with the
// complete mixed addition, reading every entry of the window (ct masks),
// negating y by a masked selection and discarding the sum for a zero digit.
func (f *Field) ScalarBaseMult(r *Point, k *mont.Elem, high bool) {
	if high {
		f.ScalarBaseMultHigh(r, k)
	} else {
		f.ScalarBaseMultLow(r, k)
	}
}

// ScalarBaseMultHigh is ScalarBaseMult with the High table.
func (f *Field) ScalarBaseMultHigh(r *Point, k *mont.Elem) {
	c := f.C
	var acc Point
	f.SetInfinity(&acc)
	tbl := f.highTable()
	w := c.Windows(highBits)
	stride := entries(highBits) * 2 * c.N
	for i := 0; i < w; i++ {
		f.addBooth(&acc, tbl[i*stride:(i+1)*stride], k, i, highBits)
	}
	*r = acc
}

// ScalarBaseMultLow is ScalarBaseMult with the Low table.
func (f *Field) ScalarBaseMultLow(r *Point, k *mont.Elem) {
	c := f.C
	var acc Point
	f.SetInfinity(&acc)
	tbl := f.lowTable()
	w := c.Windows(lowBits)
	for i := w - 1; i >= 0; i-- {
		if i != w-1 {
			for range lowBits {
				f.PointDouble(&acc, &acc)
			}
		}
		f.addBooth(&acc, tbl, k, i, lowBits)
	}
	*r = acc
}

// addBooth sets acc += d·B where d is the i-th signed digit of width bits
// of k and the window win holds 1·B .. 2^(bits-1)·B.
func (f *Field) addBooth(acc *Point, win []uint64, k *mont.Elem, i, bits int) {
	neg, mag := boothDigit(k, i, bits)
	var x, y, ny mont.Elem
	var t Point
	f.C.lookup(&x, &y, win, mag)
	var zero mont.Elem
	f.Sub(&ny, &zero, &y)
	mont.Select(&y, ct.Mask64(neg), &ny, &y)
	f.PointAddAffine(&t, acc, &x, &y)
	SelectPoint(acc, mask0(mag), acc, &t)
}

// boothDigit returns the sign (1 if negative) and magnitude (0..2^(bits-1))
// of the i-th signed radix-2^bits digit of k, b(w·i-1) + Σ_{j<w-1} 2^j·b(w·i+j)
// - 2^(w-1)·b(w·i+w-1) with w = bits, computed without branches on k.
func boothDigit(k *mont.Elem, i, bits int) (neg, mag uint64) {
	v := bitsAt(k, bits*i-1, bits+1)
	half := uint64(1) << (bits - 1)
	d := int64(v&1) + int64((v>>1)&(half-1)) - int64((v>>bits)*half)
	m := uint64(d >> 63) // all ones if negative
	return m & 1, (uint64(d) ^ m) - m
}

// bitsAt returns n ≤ 8 bits of k starting at bit position pos (which may be
// -1, or run past the top: missing bits are zero). pos is public.
func bitsAt(k *mont.Elem, pos, n int) uint64 {
	if pos < 0 {
		return (k[0] << uint(-pos)) & (1<<n - 1)
	}
	w, b := pos/64, pos%64
	var v uint64
	if w < len(k) {
		v = k[w] >> uint(b)
	}
	if b+n > 64 && w+1 < len(k) {
		v |= k[w+1] << uint(64-b)
	}
	return v & (1<<n - 1)
}

// mask0 returns ^0 if the digit d is zero (keep the accumulator) and 0
// otherwise (take the sum).
func mask0(d uint64) uint64 { return ct.Mask64(ct.IsZero64(d)) }

// NMinus2 returns n-2, the exponent of Fermat inversion modulo n.
func (c *Curve) NMinus2() *mont.Elem { return &c.nMinus2 }

//go:generate go run gen_points.go
