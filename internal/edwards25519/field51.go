package edwards25519

import (
	"encoding/binary"
	"math/bits"

	"github.com/cryptolab-go/cryptolab/internal/ct"
)

// fe51 is an element of GF(2^255-19) in radix 2^51: the value is
// l[0] + l[1]·2^51 + l[2]·2^102 + l[3]·2^153 + l[4]·2^204. This is the
// SuperFast strategy: products are 64×64→128 bits (math/bits.Mul64, one MUL
// instruction on amd64 and arm64), multiplication and squaring are written
// out limb by limb (25 and 15 products), and every operation leaves its
// limbs below 2^51 plus a small excess (at most 2^13), so that any output
// can be the input of any operation without overflow.
//
// Every method is constant time: no branch or memory index depends on the
// value. 40 bytes.
type fe51 [5]uint64

const mask51 = 1<<51 - 1

// Constants in radix 2^51 (their values are checked by the tests against
// their definitions): d = -121665/121666, 2d, and sqrt(-1) = 2^((p-1)/4),
// RFC 8032, Section 5.1.
var (
	d51      = fe51{0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029, 0x739c663a03cbb, 0x52036cee2b6ff}
	d2_51    = fe51{0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977, 0x2406d9dc56dff}
	sqrtM151 = fe51{0x61b274a0ea0b0, 0xd5a5fc8f189d, 0x7ef5e9cbd0c60, 0x78595a6804c9e, 0x2b8324804fc1d}
)

func (v *fe51) zero() { *v = fe51{} }
func (v *fe51) one()  { *v = fe51{1} }

// carry brings every limb below 2^51 (plus at most 19·2^13 on limb 0),
// folding the carry out of the top limb back with 2^255 ≡ 19. The carries
// are taken from all five limbs before any is added, so the five steps are
// independent (one carry pass, not a ripple).
func (v *fe51) carry() {
	l0, l1, l2, l3, l4 := v[0], v[1], v[2], v[3], v[4]
	v[0] = l0&mask51 + (l4>>51)*19
	v[1] = l1&mask51 + l0>>51
	v[2] = l2&mask51 + l1>>51
	v[3] = l3&mask51 + l2>>51
	v[4] = l4&mask51 + l3>>51
}

// add sets v = a + b, carried (as every operation here, so that the
// result is a valid input to sub).
func (v *fe51) add(a, b *fe51) {
	l0, l1, l2, l3, l4 := a[0]+b[0], a[1]+b[1], a[2]+b[2], a[3]+b[3], a[4]+b[4]
	v[0] = l0&mask51 + (l4>>51)*19
	v[1] = l1&mask51 + l0>>51
	v[2] = l2&mask51 + l1>>51
	v[3] = l3&mask51 + l2>>51
	v[4] = l4&mask51 + l3>>51
}

// sub computes a - b as a + 2p - b, which cannot underflow for limbs of
// b below 2^52-38 (every output here is below 2^51+2^18).
func (v *fe51) sub(a, b *fe51) {
	l0 := a[0] + (2*(1<<51) - 38) - b[0]
	l1 := a[1] + (2*(1<<51) - 2) - b[1]
	l2 := a[2] + (2*(1<<51) - 2) - b[2]
	l3 := a[3] + (2*(1<<51) - 2) - b[3]
	l4 := a[4] + (2*(1<<51) - 2) - b[4]
	v[0] = l0&mask51 + (l4>>51)*19
	v[1] = l1&mask51 + l0>>51
	v[2] = l2&mask51 + l1>>51
	v[3] = l3&mask51 + l2>>51
	v[4] = l4&mask51 + l3>>51
}

// addLazy sets v = a + b without carrying. For inputs with limbs below
// 2^52 the limbs stay below 2^53: the result may only be multiplied,
// squared, or be the first operand of subLazy.
func (v *fe51) addLazy(a, b *fe51) {
	v[0] = a[0] + b[0]
	v[1] = a[1] + b[1]
	v[2] = a[2] + b[2]
	v[3] = a[3] + b[3]
	v[4] = a[4] + b[4]
}

// subLazy sets v = a + 2p - b without carrying: b must be carried (limbs
// below 2^52-38), a may be lazy; the limbs stay below 2^54, and the result
// may only be multiplied or squared. mul and square accept limbs up to
// 2^54: their column sums stay below 2^115.
func (v *fe51) subLazy(a, b *fe51) {
	v[0] = a[0] + (2*(1<<51) - 38) - b[0]
	v[1] = a[1] + (2*(1<<51) - 2) - b[1]
	v[2] = a[2] + (2*(1<<51) - 2) - b[2]
	v[3] = a[3] + (2*(1<<51) - 2) - b[3]
	v[4] = a[4] + (2*(1<<51) - 2) - b[4]
}

func (v *fe51) neg(a *fe51) {
	var z fe51
	v.sub(&z, a)
}

// u128 is an accumulator of limb products.
type u128 struct{ lo, hi uint64 }

func mul64(a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	return u128{lo, hi}
}

func addMul64(s u128, a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	var c uint64
	s.lo, c = bits.Add64(s.lo, lo, 0)
	s.hi, _ = bits.Add64(s.hi, hi, c) // ADC: measured 15% faster than s.hi += hi + c
	return s
}

// mul sets v = a·b: schoolbook on five limbs, the products that land at
// 2^255 and above folded with 2^255 ≡ 19 (b's limbs premultiplied by 19),
// then two carry passes written out (the first over 128-bit column sums
// below 2^115, the second over 64-bit limbs), all in one function so that
// nothing spills to a call.
func (v *fe51) mul(a, b *fe51) {
	a0, a1, a2, a3, a4 := a[0], a[1], a[2], a[3], a[4]
	b0, b1, b2, b3, b4 := b[0], b[1], b[2], b[3], b[4]
	b1x, b2x, b3x, b4x := b1*19, b2*19, b3*19, b4*19

	r0 := mul64(a0, b0)
	r0 = addMul64(r0, a1, b4x)
	r0 = addMul64(r0, a2, b3x)
	r0 = addMul64(r0, a3, b2x)
	r0 = addMul64(r0, a4, b1x)

	r1 := mul64(a0, b1)
	r1 = addMul64(r1, a1, b0)
	r1 = addMul64(r1, a2, b4x)
	r1 = addMul64(r1, a3, b3x)
	r1 = addMul64(r1, a4, b2x)

	r2 := mul64(a0, b2)
	r2 = addMul64(r2, a1, b1)
	r2 = addMul64(r2, a2, b0)
	r2 = addMul64(r2, a3, b4x)
	r2 = addMul64(r2, a4, b3x)

	r3 := mul64(a0, b3)
	r3 = addMul64(r3, a1, b2)
	r3 = addMul64(r3, a2, b1)
	r3 = addMul64(r3, a3, b0)
	r3 = addMul64(r3, a4, b4x)

	r4 := mul64(a0, b4)
	r4 = addMul64(r4, a1, b3)
	r4 = addMul64(r4, a2, b2)
	r4 = addMul64(r4, a3, b1)
	r4 = addMul64(r4, a4, b0)

	l0 := r0.lo&mask51 + (r4.hi<<13|r4.lo>>51)*19
	l1 := r1.lo&mask51 + (r0.hi<<13 | r0.lo>>51)
	l2 := r2.lo&mask51 + (r1.hi<<13 | r1.lo>>51)
	l3 := r3.lo&mask51 + (r2.hi<<13 | r2.lo>>51)
	l4 := r4.lo&mask51 + (r3.hi<<13 | r3.lo>>51)
	v[0] = l0&mask51 + (l4>>51)*19
	v[1] = l1&mask51 + l0>>51
	v[2] = l2&mask51 + l1>>51
	v[3] = l3&mask51 + l2>>51
	v[4] = l4&mask51 + l3>>51
}

// square sets v = a²: the 15 distinct products, cross terms doubled by
// doubling one factor, and the carries of mul.
func (v *fe51) square(a *fe51) {
	a0, a1, a2, a3, a4 := a[0], a[1], a[2], a[3], a[4]
	a0d, a1d := a0*2, a1*2
	a3x, a4x := a3*19, a4*19
	a3x2, a4x2 := a3*38, a4*38

	r0 := mul64(a0, a0)
	r0 = addMul64(r0, a1, a4x2)
	r0 = addMul64(r0, a2, a3x2)

	r1 := mul64(a0d, a1)
	r1 = addMul64(r1, a2, a4x2)
	r1 = addMul64(r1, a3, a3x)

	r2 := mul64(a0d, a2)
	r2 = addMul64(r2, a1, a1)
	r2 = addMul64(r2, a3, a4x2)

	r3 := mul64(a0d, a3)
	r3 = addMul64(r3, a1d, a2)
	r3 = addMul64(r3, a4, a4x)

	r4 := mul64(a0d, a4)
	r4 = addMul64(r4, a1d, a3)
	r4 = addMul64(r4, a2, a2)

	l0 := r0.lo&mask51 + (r4.hi<<13|r4.lo>>51)*19
	l1 := r1.lo&mask51 + (r0.hi<<13 | r0.lo>>51)
	l2 := r2.lo&mask51 + (r1.hi<<13 | r1.lo>>51)
	l3 := r3.lo&mask51 + (r2.hi<<13 | r2.lo>>51)
	l4 := r4.lo&mask51 + (r3.hi<<13 | r3.lo>>51)
	v[0] = l0&mask51 + (l4>>51)*19
	v[1] = l1&mask51 + l0>>51
	v[2] = l2&mask51 + l1>>51
	v[3] = l3&mask51 + l2>>51
	v[4] = l4&mask51 + l3>>51
}

// mul121665 sets v = a·121665, the constant (A-2)/4 of the Montgomery
// ladder (RFC 7748, Section 5).
func (v *fe51) mul121665(a *fe51) {
	// Each product is below 2^69: its carry fits in 64 bits after >> 51.
	r0, r1, r2, r3, r4 := mul64(a[0], 121665), mul64(a[1], 121665), mul64(a[2], 121665), mul64(a[3], 121665), mul64(a[4], 121665)
	l0 := r0.lo&mask51 + (r4.hi<<13|r4.lo>>51)*19
	l1 := r1.lo&mask51 + (r0.hi<<13 | r0.lo>>51)
	l2 := r2.lo&mask51 + (r1.hi<<13 | r1.lo>>51)
	l3 := r3.lo&mask51 + (r2.hi<<13 | r2.lo>>51)
	l4 := r4.lo&mask51 + (r3.hi<<13 | r3.lo>>51)
	v[0] = l0&mask51 + (l4>>51)*19
	v[1] = l1&mask51 + l0>>51
	v[2] = l2&mask51 + l1>>51
	v[3] = l3&mask51 + l2>>51
	v[4] = l4&mask51 + l3>>51
}

// setBytes sets v to the little-endian 255-bit value of b, ignoring the
// top bit (RFC 7748, Section 5; RFC 8032, Section 5.1.3 takes the top bit
// as the sign of x). Values from p to 2^255-1 are accepted and act as
// their residue.
func (v *fe51) setBytes(b *[32]byte) {
	v[0] = binary.LittleEndian.Uint64(b[0:8]) & mask51
	v[1] = binary.LittleEndian.Uint64(b[6:14]) >> 3 & mask51
	v[2] = binary.LittleEndian.Uint64(b[12:20]) >> 6 & mask51
	v[3] = binary.LittleEndian.Uint64(b[19:27]) >> 1 & mask51
	v[4] = binary.LittleEndian.Uint64(b[24:32]) >> 12 & mask51
}

// bytes returns the canonical little-endian encoding of v (the residue
// below p), RFC 8032, Section 5.1.2.
func (v *fe51) bytes() [32]byte {
	t := *v
	t.carry()
	t.carry()
	// q = 1 exactly when t ≥ p: the carry out of bit 255 of t + 19.
	q := (t[0] + 19) >> 51
	q = (t[1] + q) >> 51
	q = (t[2] + q) >> 51
	q = (t[3] + q) >> 51
	q = (t[4] + q) >> 51
	t[0] += 19 * q
	t[1] += t[0] >> 51
	t[0] &= mask51
	t[2] += t[1] >> 51
	t[1] &= mask51
	t[3] += t[2] >> 51
	t[2] &= mask51
	t[4] += t[3] >> 51
	t[3] &= mask51
	t[4] &= mask51
	var b [32]byte
	binary.LittleEndian.PutUint64(b[0:8], t[0]|t[1]<<51)
	binary.LittleEndian.PutUint64(b[8:16], t[1]>>13|t[2]<<38)
	binary.LittleEndian.PutUint64(b[16:24], t[2]>>26|t[3]<<25)
	binary.LittleEndian.PutUint64(b[24:32], t[3]>>39|t[4]<<12)
	return b
}

// invert51 sets v = 1/z (0 for z = 0) by Bernstein–Yang divsteps on the
// canonical value (safegcd.go): about three quarters of the time of
// Fermat's z^(p-2), which the Small strategy uses (invert25).
func invert51(v, z *fe51) {
	b := z.bytes()
	x := [4]uint64{
		binary.LittleEndian.Uint64(b[0:8]),
		binary.LittleEndian.Uint64(b[8:16]),
		binary.LittleEndian.Uint64(b[16:24]),
		binary.LittleEndian.Uint64(b[24:32]),
	}
	w := invertWords(&x)
	v[0] = w[0] & mask51
	v[1] = (w[0]>>51 | w[1]<<13) & mask51
	v[2] = (w[1]>>38 | w[2]<<26) & mask51
	v[3] = (w[2]>>25 | w[3]<<39) & mask51
	v[4] = w[3] >> 12
}

// selectFrom sets v = a where mask is all ones and leaves v where it is
// zero.
func (v *fe51) selectFrom(a *fe51, mask uint64) {
	v[0] ^= mask & (v[0] ^ a[0])
	v[1] ^= mask & (v[1] ^ a[1])
	v[2] ^= mask & (v[2] ^ a[2])
	v[3] ^= mask & (v[3] ^ a[3])
	v[4] ^= mask & (v[4] ^ a[4])
}

// swap exchanges v and a where mask is all ones.
func (v *fe51) swap(a *fe51, mask uint64) {
	t0 := mask & (v[0] ^ a[0])
	t1 := mask & (v[1] ^ a[1])
	t2 := mask & (v[2] ^ a[2])
	t3 := mask & (v[3] ^ a[3])
	t4 := mask & (v[4] ^ a[4])
	v[0], v[1], v[2], v[3], v[4] = v[0]^t0, v[1]^t1, v[2]^t2, v[3]^t3, v[4]^t4
	a[0], a[1], a[2], a[3], a[4] = a[0]^t0, a[1]^t1, a[2]^t2, a[3]^t3, a[4]^t4
}

// lookup sets v = e·P for e in [-8, 8], where table[j] = (j+1)·P: all
// eight entries are read (a full-table scan) and combined under masks,
// one coordinate at a time so that the five accumulators stay in
// registers, then negated under a mask. Constant time in e.
func (v *niels51) lookup(table *[8]niels51, e int8) {
	neg := uint64(uint8(e) >> 7)
	abs := uint64(uint8((e ^ -int8(neg)) + int8(neg)))
	var m [8]uint64
	for j := range m {
		m[j] = ct.Mask64(ct.Eq64(abs, uint64(j+1)))
	}
	id := ct.Mask64(ct.IsZero64(abs)) & 1 // the identity (1, 1, 0) for e = 0
	var p, q, t fe51
	p[0], q[0] = id, id
	for j := range table {
		e := &table[j]
		mj := m[j]
		p[0] |= mj & e.YplusX[0]
		p[1] |= mj & e.YplusX[1]
		p[2] |= mj & e.YplusX[2]
		p[3] |= mj & e.YplusX[3]
		p[4] |= mj & e.YplusX[4]
	}
	for j := range table {
		e := &table[j]
		mj := m[j]
		q[0] |= mj & e.YminusX[0]
		q[1] |= mj & e.YminusX[1]
		q[2] |= mj & e.YminusX[2]
		q[3] |= mj & e.YminusX[3]
		q[4] |= mj & e.YminusX[4]
	}
	for j := range table {
		e := &table[j]
		mj := m[j]
		t[0] |= mj & e.T2d[0]
		t[1] |= mj & e.T2d[1]
		t[2] |= mj & e.T2d[2]
		t[3] |= mj & e.T2d[3]
		t[4] |= mj & e.T2d[4]
	}
	// Negation: Y+X and Y-X exchanged, 2d·T negated as 2p - 2d·T without
	// carrying (limbs below 2^52: T2d is only ever a factor of mul).
	mn := ct.Mask64(neg)
	var nt fe51
	nt.subLazy(&nt, &t)
	for i := range v.YplusX {
		d := mn & (p[i] ^ q[i])
		v.YplusX[i] = p[i] ^ d
		v.YminusX[i] = q[i] ^ d
		v.T2d[i] = t[i] ^ mn&(t[i]^nt[i])
	}
}
