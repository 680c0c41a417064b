// Package ec is the elliptic-curve layer of cryptolab's NIST-curve code:
// the P-256 and P-384 curve constants, and for each (curve, arithmetic)
// pair the whole operations of ECDSA — key, sign, verify — per fixed-base
// table, written by gen.go from one template:
//
//	p256_fast.go  P256FastLow, P256FastHigh   internal/nist/unrolled, 4-limb elements
//	p384_fast.go  P384FastLow, P384FastHigh   internal/nist/unrolled, 6-limb elements
//	small.go      SmallP256Low ... SmallP384High  internal/nist/mont (CIOS), one
//	              arithmetic for both curves
//
// Each instantiation has its own types (field element, plain and
// Montgomery scalar, projective and Jacobian point) and calls its
// arithmetic statically, so a program links only the instantiations its
// configuration names. Every arithmetic keeps values in Montgomery form
// with the same R, so the tables are shared between them, and what runs
// once per key or per process — SEC 1 decoding and encoding
// ([Curve.SetBytes], [Curve.AppendBytes]), computing the tables — is
// written once (shared.go) on the generic multiplier of internal/nist/mont.
//
// Signing uses the Renes–Costello–Batina complete projective formulas with
// full table scans (constant time); verification uses Jacobian coordinates
// with incomplete formulas whose exceptions are branches on public data.
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
// Tables are computed once, on first use (a batch inversion turns the
// projective multiples affine), and kept on the heap, so a program that
// never uses High never pays its memory.
package ec

import (
	"errors"
	"sync"

	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

//go:generate go run gen.go

// Scalars are recoded in signed radix 2^w (Booth): digits in [-2^(w-1),
// 2^(w-1)], so a window needs the multiples 1..2^(w-1) of its base and
// negates y for a negative digit.
const (
	lowBits  = 5 // Low: one window of 16 entries
	highBits = 6 // High: every window, 32 entries each
)

// entries returns the number of multiples a window of the given width holds.
func entries(bits int) int { return 1 << (bits - 1) }

// windows returns the number of signed windows of the given width for a
// scalar below 2^(64·limbs): ceil((64·limbs + 1) / bits) (one bit more than
// the scalar, for the carry of the top digit): 52 (P-256) and 77 (P-384)
// for 5 bits, 43 and 65 for 6 bits.
func windows(limbs, bits int) int { return (64*limbs + bits) / bits }

// Errors of SetBytes.
var (
	ErrPointEncoding = errors.New("ec: invalid point encoding")
	ErrNotOnCurve    = errors.New("ec: point not on curve")
)

// Curve holds the constants of one curve: the moduli (used by the Small
// arithmetic and, for scalar parsing and range checks, by package ecdsa),
// the Montgomery-form constants of the Small arithmetic, and the tables.
type Curve struct {
	Name string
	N    int // limbs of p and n
	Size int // bytes of a field element or scalar (32 or 48)

	P     *mont.Modulus // field prime p
	Order *mont.Modulus // group order n

	B, Gx, Gy         mont.Elem // b and the generator, Montgomery form
	nMinus2, sqrtExp  mont.Elem // exponents n-2 and (p+1)/4 (plain)
	lowOnce, highOnce sync.Once
	low, high         []uint64
}

// LowTableBytes and HighTableBytes are the sizes of the fixed-base tables.
func (c *Curve) LowTableBytes() int { return entries(lowBits) * 2 * c.N * 8 }
func (c *Curve) HighTableBytes() int {
	return windows(c.N, highBits) * entries(highBits) * 2 * c.N * 8
}

// P256 returns the NIST P-256 curve (FIPS 186-5, SP 800-186 §3.2.1.3).
func P256() *Curve { return p256 }

// P384 returns the NIST P-384 curve (SP 800-186 §3.2.1.4).
func P384() *Curve { return p384 }

var p256 = newCurve("P-256",
	"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
	"ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
	"5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
	"6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
	"4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")

var p384 = newCurve("P-384",
	"fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
	"ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
	"b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
	"aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
	"3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f")

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

func newCurve(name, p, n, b, gx, gy string) *Curve {
	c := &Curve{Name: name}
	c.P = mont.NewModulus(unhex(p))
	c.Order = mont.NewModulus(unhex(n))
	c.N, c.Size = c.P.N, c.P.Bytes
	var t mont.Elem
	c.P.SetBytes(&t, unhex(b))
	c.P.ToMont(&c.B, &t)
	c.P.SetBytes(&t, unhex(gx))
	c.P.ToMont(&c.Gx, &t)
	c.P.SetBytes(&t, unhex(gy))
	c.P.ToMont(&c.Gy, &t)
	// n - 2: n is odd with a low limb above 2, so no borrow.
	c.nMinus2 = c.Order.M
	c.nMinus2[0] -= 2
	// (p + 1) / 4: p + 1 does not overflow N limbs (p is not 2^(64N) - 1).
	e := c.P.M
	for i := 0; i < c.N; i++ {
		e[i]++
		if e[i] != 0 {
			break
		}
	}
	for i := 0; i < c.N; i++ {
		e[i] >>= 2
		if i+1 < c.N {
			e[i] |= e[i+1] << 62
		}
	}
	c.sqrtExp = e
	return c
}

// boothDigit returns the sign (1 if negative) and magnitude (0..2^(bits-1))
// of the i-th signed radix-2^bits digit of k, b(w·i-1) + Σ_{j<w-1} 2^j·b(w·i+j)
// - 2^(w-1)·b(w·i+w-1) with w = bits, computed without branches on k.
func boothDigit(k []uint64, i, bits int) (neg, mag uint64) {
	v := bitsAt(k, bits*i-1, bits+1)
	half := uint64(1) << (bits - 1)
	d := int64(v&1) + int64((v>>1)&(half-1)) - int64((v>>bits)*half)
	m := uint64(d >> 63) // all ones if negative
	return m & 1, (uint64(d) ^ m) - m
}

// bitsAt returns n ≤ 8 bits of k starting at bit position pos (which may be
// -1, or run past the top: missing bits are zero). pos is public.
func bitsAt(k []uint64, pos, n int) uint64 {
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

// wnafVarTime writes the width-w NAF of the public scalar k (little-endian
// limbs) to out, least significant digit first, and returns the number of
// digits: odd digits in [-(2^(w-1)-1), 2^(w-1)-1], at least w-1 zeros after
// each non-zero one. One pass over the bit positions that reads k in
// place (no shifted copy), a window at a time at each non-zero digit. Not
// inlined: its locals would otherwise stay in the caller's frame
// (combinedMultVarTime) under every point addition.
//
//go:noinline
func wnafVarTime(out []int8, k []uint64, w int) int {
	// Left to right over the bits of k, with a carry c: the rest to
	// write is k/2^pos + c. When its low bit (bit pos of k, plus c) is
	// even the digit is 0; otherwise the w bits from pos plus c, odd,
	// become a digit in (-2^(w-1), 2^(w-1)), with a carry of 1 when it is
	// negative, and the w-1 digits after it are 0.
	nbits := 64 * len(k)
	bitsAt := func(pos int) uint64 { // the 64 bits of k from pos (zeros past the end)
		i, o := pos/64, uint(pos%64)
		var v uint64
		if i < len(k) {
			v = k[i] >> o
			if o != 0 && i+1 < len(k) {
				v |= k[i+1] << (64 - o)
			}
		}
		return v
	}
	c := uint64(0)
	last := 0
	for pos := 0; pos <= nbits; {
		v := bitsAt(pos)
		if v&1 == c {
			out[pos] = 0
			pos++
			continue
		}
		win := v&(1<<w-1) + c
		d := int(win)
		c = 0
		if win >= 1<<(w-1) {
			d -= 1 << w
			c = 1
		}
		out[pos] = int8(d)
		last = pos + 1
		for j := 1; j < w && pos+j <= nbits; j++ {
			out[pos+j] = 0
		}
		pos += w
	}
	return last
}
