package edwards25519

import "github.com/cryptolab-go/cryptolab/internal/ct"

// fe25 is an element of GF(2^255-19) in radix 2^25.5: ten limbs of 26 and
// 25 bits alternately (limb i starts at bit ⌈25.5·i⌉). This is the Small
// strategy: products are 32×32→64 bits, which every 32-bit CPU has, and
// every operation is one short loop rather than unrolled code, for the
// least code. Every operation carries its result back below 2^26 (limb 0)
// and 2^25+2^15 (limb 1), so any output can be the input of any operation.
//
// Constant time: loops run over limb indices only, which are public, and
// no branch or memory index depends on the value. 40 bytes.
type fe25 [10]uint32

// Constants in radix 2^25.5 (checked by the tests against their
// definitions): d, 2d and sqrt(-1), RFC 8032, Section 5.1.
var (
	d25      = fe25{0x35978a3, 0xd37284, 0x3156ebd, 0x6a0a0e, 0x1c029, 0x179e898, 0x3a03cbb, 0x1ce7198, 0x2e2b6ff, 0x1480db3}
	d2_25    = fe25{0x2b2f159, 0x1a6e509, 0x22add7a, 0xd4141d, 0x38052, 0xf3d130, 0x3407977, 0x19ce331, 0x1c56dff, 0x901b67}
	sqrtM125 = fe25{0x20ea0b0, 0x186c9d2, 0x8f189d, 0x35697f, 0xbd0c60, 0x1fbd7a7, 0x2804c9e, 0x1e16569, 0x4fc1d, 0xae0c92}
)

// width25 returns the width in bits of limb i: 26 for even i, 25 for odd.
func width25(i int) uint { return 26 - uint(i&1) }

func (v *fe25) zero() { *v = fe25{} }
func (v *fe25) one()  { *v = fe25{1} }

// carry25 reduces ten column sums (each below 2^63) into v: one pass
// carrying each limb into the next, the carry out of limb 9 folded into
// limb 0 with 2^255 ≡ 19, then limb 0 carried once more into limb 1.
func (v *fe25) carry25(h *[10]uint64) {
	for i := 0; i < 9; i++ {
		h[i+1] += h[i] >> width25(i)
		h[i] &= 1<<width25(i) - 1
	}
	h[0] += 19 * (h[9] >> 25)
	h[9] &= 1<<25 - 1
	h[1] += h[0] >> 26
	h[0] &= 1<<26 - 1
	for i := range v {
		v[i] = uint32(h[i])
	}
}

func (v *fe25) add(a, b *fe25) {
	var h [10]uint64
	for i := range h {
		h[i] = uint64(a[i]) + uint64(b[i])
	}
	v.carry25(&h)
}

// sub computes a + 2p - b; limbs of b are below 2p's limbs (2^27-38,
// 2^26-2, 2^27-2, ...), so nothing underflows.
func (v *fe25) sub(a, b *fe25) {
	var h [10]uint64
	for i := range h {
		h[i] = uint64(a[i]) + 2<<width25(i) - 2 - uint64(b[i])
	}
	h[0] -= 36
	v.carry25(&h)
}

// addLazy and subLazy are add and sub: the Small field carries every
// result (the SuperFast field skips the carry where only a product
// follows).
func (v *fe25) addLazy(a, b *fe25) { v.add(a, b) }
func (v *fe25) subLazy(a, b *fe25) { v.sub(a, b) }

func (v *fe25) neg(a *fe25) {
	var z fe25
	v.sub(&z, a)
}

// mul sets v = a·b by product scanning: column k of the product holds
// a_i·b_j for i+j = k, doubled when i and j are both odd (their offsets
// round up by half a bit each), and 19·a_i·b_j for i+j = k+10 (2^255 ≡
// 19); each column is summed in a register and stored once. Every column
// stays below 10·19·2^53.1 < 2^61.
func (v *fe25) mul(a, b *fe25) {
	var b19 [10]uint64
	for j := range b19 {
		b19[j] = 19 * uint64(b[j])
	}
	var h [10]uint64
	for k := 0; k < 10; k++ {
		var acc uint64
		for i := 0; i <= k; i++ {
			j := k - i
			acc += uint64(a[i]) * uint64(b[j]) << uint(i&j&1)
		}
		for i := k + 1; i < 10; i++ {
			j := k + 10 - i
			acc += uint64(a[i]) * b19[j] << uint(i&j&1)
		}
		h[k] = acc
	}
	v.carry25(&h)
}

// square sets v = a² by product scanning over the 55 distinct products:
// a cross product a_i·a_j (i < j) counts twice, a square once, with mul's
// doubling and folding rules; about 55% of mul's work.
func (v *fe25) square(a *fe25) {
	var h [10]uint64
	for k := 0; k < 10; k++ {
		var acc, hi uint64
		for i := 0; 2*i < k; i++ {
			j := k - i
			acc += 2 * uint64(a[i]) * uint64(a[j]) << uint(i&j&1)
		}
		for i := k + 1; 2*i < k+10; i++ {
			j := k + 10 - i
			hi += 2 * uint64(a[i]) * uint64(a[j]) << uint(i&j&1)
		}
		if k%2 == 0 {
			i := k / 2
			acc += uint64(a[i]) * uint64(a[i]) << uint(i&1)
			i += 5
			hi += uint64(a[i]) * uint64(a[i]) << uint(i&1)
		}
		h[k] = acc + 19*hi
	}
	v.carry25(&h)
}

// mul121665 sets v = a·121665 ((A-2)/4 of RFC 7748, Section 5).
func (v *fe25) mul121665(a *fe25) {
	var h [10]uint64
	for i := range h {
		h[i] = uint64(a[i]) * 121665
	}
	v.carry25(&h)
}

// setBytes sets v to the little-endian 255-bit value of b, ignoring the
// top bit; values from p to 2^255-1 act as their residue.
func (v *fe25) setBytes(b *[32]byte) {
	off := uint(0)
	for i := range v {
		w := width25(i)
		// Gather the (at most 4) bytes that hold bits off..off+w-1.
		var x uint64
		for k := uint(0); k < 5 && off/8+k < 32; k++ {
			x |= uint64(b[off/8+k]) << (8 * k)
		}
		v[i] = uint32(x>>(off%8)) & (1<<w - 1)
		off += w
	}
}

// bytes returns the canonical little-endian encoding of v (below p).
func (v *fe25) bytes() [32]byte {
	var h [10]uint64
	for i := range h {
		h[i] = uint64(v[i])
	}
	var t fe25
	t.carry25(&h)
	// q = 1 exactly when t ≥ p: the carry out of bit 255 of t + 19.
	q := (uint64(t[0]) + 19) >> 26
	for i := 1; i < 10; i++ {
		q = (uint64(t[i]) + q) >> width25(i)
	}
	h[0] = uint64(t[0]) + 19*q
	for i := 1; i < 10; i++ {
		h[i] = uint64(t[i])
	}
	for i := 0; i < 9; i++ {
		h[i+1] += h[i] >> width25(i)
		h[i] &= 1<<width25(i) - 1
	}
	h[9] &= 1<<25 - 1
	var b [32]byte
	off := uint(0)
	for i := range h {
		x := h[i] << (off % 8)
		for k := uint(0); k < 5 && off/8+k < 32; k++ {
			b[off/8+k] |= byte(x >> (8 * k))
		}
		off += width25(i)
	}
	return b
}

// invert25 sets v = 1/z = z^(p-2) = z^(2^255-21) (0 for z = 0): Fermat,
// on the squarings and multiplications the strategy already has (the
// least code; SuperFast's invert51 uses divsteps instead).
func invert25(v, z *fe25) {
	r, z11 := pow2_250_1_25(z)
	squareN25(&r, &r, 5) // 2^255-32
	v.mul(&r, &z11)
}

// selectFrom sets v = a where mask is all ones and leaves v where it is
// zero.
func (v *fe25) selectFrom(a *fe25, mask uint64) {
	m := uint32(mask)
	for i := range v {
		v[i] ^= m & (v[i] ^ a[i])
	}
}

// swap exchanges v and a where mask is all ones.
func (v *fe25) swap(a *fe25, mask uint64) {
	m := uint32(mask)
	for i := range v {
		t := m & (v[i] ^ a[i])
		v[i] ^= t
		a[i] ^= t
	}
}

// lookup sets v = e·P for e in [-8, 8], where table[j] = (j+1)·P, by
// reading all eight entries (a full-table scan) and selecting under masks,
// then negating under a mask: constant time in e.
func (v *niels25) lookup(table *[8]niels25, e int8) {
	neg := uint64(uint8(e) >> 7)
	abs := uint64(uint8((e ^ -int8(neg)) + int8(neg)))
	v.identity()
	for j := range table {
		m := ct.Mask64(ct.Eq64(abs, uint64(j+1)))
		v.YplusX.selectFrom(&table[j].YplusX, m)
		v.YminusX.selectFrom(&table[j].YminusX, m)
		v.T2d.selectFrom(&table[j].T2d, m)
	}
	var t fe25
	t.neg(&v.T2d)
	m := ct.Mask64(neg)
	v.YplusX.swap(&v.YminusX, m)
	v.T2d.selectFrom(&t, m)
}
