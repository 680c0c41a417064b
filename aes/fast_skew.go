package aes

import "math/bits"

// MixColumns and InvMixColumns of fixsliced Fast (see fast.go), one copy
// per skew k = 0..3 of the state, with constant rotations and masks.
// "down1" fetches, for byte (r, p), byte (r+1, p+k); "down2" fetches byte
// (r+2, p+2k). For k = 0 both are single rotations; otherwise a fetch is
// two rotations merged under a mask, as columns p+k past 3 wrap around.
//
// The four copies differ only in those constants; keep them in step. The
// planes are processed in the order that keeps the fewest values live (the
// x86-64 register file holds 14 of them): spilling costs more here than
// the operations themselves.

// mixColumnsSkew0 is MixColumns (FIPS 197, Section 5.1.3) on a state of
// skew 0: s'[r] = 2·(s[r] ^ s[r+1]) ^ s[r+1] ^ (s[r+2] ^ s[r+3]), with
// t = s ^ down1(s) so that the last term is down2(t). Doubling on bit planes
// moves plane i to i+1 and XORs plane 7 into planes 0, 1, 3, 4 (0x1b).
func mixColumnsSkew0(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	r7 := bits.RotateLeft64(q7, -16)
	t7 := q7 ^ r7
	r0 := bits.RotateLeft64(q0, -16)
	t0 := q0 ^ r0
	o0 := t7 ^ r0 ^ bits.RotateLeft64(t0, 32)
	r1 := bits.RotateLeft64(q1, -16)
	t1 := q1 ^ r1
	o1 := t0 ^ t7 ^ r1 ^ bits.RotateLeft64(t1, 32)
	r2 := bits.RotateLeft64(q2, -16)
	t2 := q2 ^ r2
	o2 := t1 ^ r2 ^ bits.RotateLeft64(t2, 32)
	r3 := bits.RotateLeft64(q3, -16)
	t3 := q3 ^ r3
	o3 := t2 ^ t7 ^ r3 ^ bits.RotateLeft64(t3, 32)
	r4 := bits.RotateLeft64(q4, -16)
	t4 := q4 ^ r4
	o4 := t3 ^ t7 ^ r4 ^ bits.RotateLeft64(t4, 32)
	r5 := bits.RotateLeft64(q5, -16)
	t5 := q5 ^ r5
	o5 := t4 ^ r5 ^ bits.RotateLeft64(t5, 32)
	r6 := bits.RotateLeft64(q6, -16)
	t6 := q6 ^ r6
	o6 := t5 ^ r6 ^ bits.RotateLeft64(t6, 32)
	o7 := t6 ^ r7 ^ bits.RotateLeft64(t7, 32)
	return o0, o1, o2, o3, o4, o5, o6, o7
}

// invMixColumnsSkew0 is InvMixColumns (FIPS 197, Section 5.3.3) on a
// state of skew 0. The inverse matrix factors as MixColumns times the
// column polynomial 04·x^2 + 05 ({0e,0b,0d,09} = {02,03,01,01}·
// {05,00,04,00} mod x^4+1): p = s ^ 4·(s ^ down2(s)), then MixColumns(p),
// 28 operations more than MixColumns instead of a second full matrix.
func invMixColumnsSkew0(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	u6 := q6 ^ bits.RotateLeft64(q6, 32)
	u7 := q7 ^ bits.RotateLeft64(q7, 32)
	p0 := q0 ^ u6
	p1 := q1 ^ u6 ^ u7
	u0 := q0 ^ bits.RotateLeft64(q0, 32)
	p2 := q2 ^ u0 ^ u7
	u1 := q1 ^ bits.RotateLeft64(q1, 32)
	p3 := q3 ^ u1 ^ u6
	u2 := q2 ^ bits.RotateLeft64(q2, 32)
	p4 := q4 ^ u2 ^ u6 ^ u7
	u3 := q3 ^ bits.RotateLeft64(q3, 32)
	p5 := q5 ^ u3 ^ u7
	u4 := q4 ^ bits.RotateLeft64(q4, 32)
	p6 := q6 ^ u4
	u5 := q5 ^ bits.RotateLeft64(q5, 32)
	p7 := q7 ^ u5
	return mixColumnsSkew0(p0, p1, p2, p3, p4, p5, p6, p7)
}

// mixColumnsSkew1 is MixColumns (FIPS 197, Section 5.1.3) on a state of
// skew 1: s'[r] = 2·(s[r] ^ s[r+1]) ^ s[r+1] ^ (s[r+2] ^ s[r+3]), with
// t = s ^ down1(s) so that the last term is down2(t). Doubling on bit planes
// moves plane i to i+1 and XORs plane 7 into planes 0, 1, 3, 4 (0x1b).
func mixColumnsSkew1(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	r7 := bits.RotateLeft64(q7, -20)&0x0FFF0FFF0FFF0FFF | bits.RotateLeft64(q7, -4)&0xF000F000F000F000
	t7 := q7 ^ r7
	r0 := bits.RotateLeft64(q0, -20)&0x0FFF0FFF0FFF0FFF | bits.RotateLeft64(q0, -4)&0xF000F000F000F000
	t0 := q0 ^ r0
	o0 := t7 ^ r0 ^ (bits.RotateLeft64(t0, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t0, -24)&0xFF00FF00FF00FF00)
	r1 := bits.RotateLeft64(q1, -20)&0x0FFF0FFF0FFF0FFF | bits.RotateLeft64(q1, -4)&0xF000F000F000F000
	t1 := q1 ^ r1
	o1 := t0 ^ t7 ^ r1 ^ (bits.RotateLeft64(t1, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t1, -24)&0xFF00FF00FF00FF00)
	r2 := bits.RotateLeft64(q2, -20)&0x0FFF0FFF0FFF0FFF | bits.RotateLeft64(q2, -4)&0xF000F000F000F000
	t2 := q2 ^ r2
	o2 := t1 ^ r2 ^ (bits.RotateLeft64(t2, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t2, -24)&0xFF00FF00FF00FF00)
	r3 := bits.RotateLeft64(q3, -20)&0x0FFF0FFF0FFF0FFF | bits.RotateLeft64(q3, -4)&0xF000F000F000F000
	t3 := q3 ^ r3
	o3 := t2 ^ t7 ^ r3 ^ (bits.RotateLeft64(t3, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t3, -24)&0xFF00FF00FF00FF00)
	r4 := bits.RotateLeft64(q4, -20)&0x0FFF0FFF0FFF0FFF | bits.RotateLeft64(q4, -4)&0xF000F000F000F000
	t4 := q4 ^ r4
	o4 := t3 ^ t7 ^ r4 ^ (bits.RotateLeft64(t4, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t4, -24)&0xFF00FF00FF00FF00)
	r5 := bits.RotateLeft64(q5, -20)&0x0FFF0FFF0FFF0FFF | bits.RotateLeft64(q5, -4)&0xF000F000F000F000
	t5 := q5 ^ r5
	o5 := t4 ^ r5 ^ (bits.RotateLeft64(t5, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t5, -24)&0xFF00FF00FF00FF00)
	r6 := bits.RotateLeft64(q6, -20)&0x0FFF0FFF0FFF0FFF | bits.RotateLeft64(q6, -4)&0xF000F000F000F000
	t6 := q6 ^ r6
	o6 := t5 ^ r6 ^ (bits.RotateLeft64(t6, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t6, -24)&0xFF00FF00FF00FF00)
	o7 := t6 ^ r7 ^ (bits.RotateLeft64(t7, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t7, -24)&0xFF00FF00FF00FF00)
	return o0, o1, o2, o3, o4, o5, o6, o7
}

// invMixColumnsSkew1 is InvMixColumns (FIPS 197, Section 5.3.3) on a
// state of skew 1. The inverse matrix factors as MixColumns times the
// column polynomial 04·x^2 + 05 ({0e,0b,0d,09} = {02,03,01,01}·
// {05,00,04,00} mod x^4+1): p = s ^ 4·(s ^ down2(s)), then MixColumns(p),
// 28 operations more than MixColumns instead of a second full matrix.
func invMixColumnsSkew1(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	u6 := q6 ^ (bits.RotateLeft64(q6, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q6, -24)&0xFF00FF00FF00FF00)
	u7 := q7 ^ (bits.RotateLeft64(q7, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q7, -24)&0xFF00FF00FF00FF00)
	p0 := q0 ^ u6
	p1 := q1 ^ u6 ^ u7
	u0 := q0 ^ (bits.RotateLeft64(q0, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q0, -24)&0xFF00FF00FF00FF00)
	p2 := q2 ^ u0 ^ u7
	u1 := q1 ^ (bits.RotateLeft64(q1, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q1, -24)&0xFF00FF00FF00FF00)
	p3 := q3 ^ u1 ^ u6
	u2 := q2 ^ (bits.RotateLeft64(q2, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q2, -24)&0xFF00FF00FF00FF00)
	p4 := q4 ^ u2 ^ u6 ^ u7
	u3 := q3 ^ (bits.RotateLeft64(q3, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q3, -24)&0xFF00FF00FF00FF00)
	p5 := q5 ^ u3 ^ u7
	u4 := q4 ^ (bits.RotateLeft64(q4, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q4, -24)&0xFF00FF00FF00FF00)
	p6 := q6 ^ u4
	u5 := q5 ^ (bits.RotateLeft64(q5, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q5, -24)&0xFF00FF00FF00FF00)
	p7 := q7 ^ u5
	return mixColumnsSkew1(p0, p1, p2, p3, p4, p5, p6, p7)
}

// mixColumnsSkew2 is MixColumns (FIPS 197, Section 5.1.3) on a state of
// skew 2: s'[r] = 2·(s[r] ^ s[r+1]) ^ s[r+1] ^ (s[r+2] ^ s[r+3]), with
// t = s ^ down1(s) so that the last term is down2(t). Doubling on bit planes
// moves plane i to i+1 and XORs plane 7 into planes 0, 1, 3, 4 (0x1b).
func mixColumnsSkew2(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	r7 := bits.RotateLeft64(q7, -24)&0x00FF00FF00FF00FF | bits.RotateLeft64(q7, -8)&0xFF00FF00FF00FF00
	t7 := q7 ^ r7
	r0 := bits.RotateLeft64(q0, -24)&0x00FF00FF00FF00FF | bits.RotateLeft64(q0, -8)&0xFF00FF00FF00FF00
	t0 := q0 ^ r0
	o0 := t7 ^ r0 ^ bits.RotateLeft64(t0, 32)
	r1 := bits.RotateLeft64(q1, -24)&0x00FF00FF00FF00FF | bits.RotateLeft64(q1, -8)&0xFF00FF00FF00FF00
	t1 := q1 ^ r1
	o1 := t0 ^ t7 ^ r1 ^ bits.RotateLeft64(t1, 32)
	r2 := bits.RotateLeft64(q2, -24)&0x00FF00FF00FF00FF | bits.RotateLeft64(q2, -8)&0xFF00FF00FF00FF00
	t2 := q2 ^ r2
	o2 := t1 ^ r2 ^ bits.RotateLeft64(t2, 32)
	r3 := bits.RotateLeft64(q3, -24)&0x00FF00FF00FF00FF | bits.RotateLeft64(q3, -8)&0xFF00FF00FF00FF00
	t3 := q3 ^ r3
	o3 := t2 ^ t7 ^ r3 ^ bits.RotateLeft64(t3, 32)
	r4 := bits.RotateLeft64(q4, -24)&0x00FF00FF00FF00FF | bits.RotateLeft64(q4, -8)&0xFF00FF00FF00FF00
	t4 := q4 ^ r4
	o4 := t3 ^ t7 ^ r4 ^ bits.RotateLeft64(t4, 32)
	r5 := bits.RotateLeft64(q5, -24)&0x00FF00FF00FF00FF | bits.RotateLeft64(q5, -8)&0xFF00FF00FF00FF00
	t5 := q5 ^ r5
	o5 := t4 ^ r5 ^ bits.RotateLeft64(t5, 32)
	r6 := bits.RotateLeft64(q6, -24)&0x00FF00FF00FF00FF | bits.RotateLeft64(q6, -8)&0xFF00FF00FF00FF00
	t6 := q6 ^ r6
	o6 := t5 ^ r6 ^ bits.RotateLeft64(t6, 32)
	o7 := t6 ^ r7 ^ bits.RotateLeft64(t7, 32)
	return o0, o1, o2, o3, o4, o5, o6, o7
}

// invMixColumnsSkew2 is InvMixColumns (FIPS 197, Section 5.3.3) on a
// state of skew 2. The inverse matrix factors as MixColumns times the
// column polynomial 04·x^2 + 05 ({0e,0b,0d,09} = {02,03,01,01}·
// {05,00,04,00} mod x^4+1): p = s ^ 4·(s ^ down2(s)), then MixColumns(p),
// 28 operations more than MixColumns instead of a second full matrix.
func invMixColumnsSkew2(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	u6 := q6 ^ bits.RotateLeft64(q6, 32)
	u7 := q7 ^ bits.RotateLeft64(q7, 32)
	p0 := q0 ^ u6
	p1 := q1 ^ u6 ^ u7
	u0 := q0 ^ bits.RotateLeft64(q0, 32)
	p2 := q2 ^ u0 ^ u7
	u1 := q1 ^ bits.RotateLeft64(q1, 32)
	p3 := q3 ^ u1 ^ u6
	u2 := q2 ^ bits.RotateLeft64(q2, 32)
	p4 := q4 ^ u2 ^ u6 ^ u7
	u3 := q3 ^ bits.RotateLeft64(q3, 32)
	p5 := q5 ^ u3 ^ u7
	u4 := q4 ^ bits.RotateLeft64(q4, 32)
	p6 := q6 ^ u4
	u5 := q5 ^ bits.RotateLeft64(q5, 32)
	p7 := q7 ^ u5
	return mixColumnsSkew2(p0, p1, p2, p3, p4, p5, p6, p7)
}

// mixColumnsSkew3 is MixColumns (FIPS 197, Section 5.1.3) on a state of
// skew 3: s'[r] = 2·(s[r] ^ s[r+1]) ^ s[r+1] ^ (s[r+2] ^ s[r+3]), with
// t = s ^ down1(s) so that the last term is down2(t). Doubling on bit planes
// moves plane i to i+1 and XORs plane 7 into planes 0, 1, 3, 4 (0x1b).
func mixColumnsSkew3(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	r7 := bits.RotateLeft64(q7, -28)&0x000F000F000F000F | bits.RotateLeft64(q7, -12)&0xFFF0FFF0FFF0FFF0
	t7 := q7 ^ r7
	r0 := bits.RotateLeft64(q0, -28)&0x000F000F000F000F | bits.RotateLeft64(q0, -12)&0xFFF0FFF0FFF0FFF0
	t0 := q0 ^ r0
	o0 := t7 ^ r0 ^ (bits.RotateLeft64(t0, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t0, -24)&0xFF00FF00FF00FF00)
	r1 := bits.RotateLeft64(q1, -28)&0x000F000F000F000F | bits.RotateLeft64(q1, -12)&0xFFF0FFF0FFF0FFF0
	t1 := q1 ^ r1
	o1 := t0 ^ t7 ^ r1 ^ (bits.RotateLeft64(t1, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t1, -24)&0xFF00FF00FF00FF00)
	r2 := bits.RotateLeft64(q2, -28)&0x000F000F000F000F | bits.RotateLeft64(q2, -12)&0xFFF0FFF0FFF0FFF0
	t2 := q2 ^ r2
	o2 := t1 ^ r2 ^ (bits.RotateLeft64(t2, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t2, -24)&0xFF00FF00FF00FF00)
	r3 := bits.RotateLeft64(q3, -28)&0x000F000F000F000F | bits.RotateLeft64(q3, -12)&0xFFF0FFF0FFF0FFF0
	t3 := q3 ^ r3
	o3 := t2 ^ t7 ^ r3 ^ (bits.RotateLeft64(t3, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t3, -24)&0xFF00FF00FF00FF00)
	r4 := bits.RotateLeft64(q4, -28)&0x000F000F000F000F | bits.RotateLeft64(q4, -12)&0xFFF0FFF0FFF0FFF0
	t4 := q4 ^ r4
	o4 := t3 ^ t7 ^ r4 ^ (bits.RotateLeft64(t4, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t4, -24)&0xFF00FF00FF00FF00)
	r5 := bits.RotateLeft64(q5, -28)&0x000F000F000F000F | bits.RotateLeft64(q5, -12)&0xFFF0FFF0FFF0FFF0
	t5 := q5 ^ r5
	o5 := t4 ^ r5 ^ (bits.RotateLeft64(t5, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t5, -24)&0xFF00FF00FF00FF00)
	r6 := bits.RotateLeft64(q6, -28)&0x000F000F000F000F | bits.RotateLeft64(q6, -12)&0xFFF0FFF0FFF0FFF0
	t6 := q6 ^ r6
	o6 := t5 ^ r6 ^ (bits.RotateLeft64(t6, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t6, -24)&0xFF00FF00FF00FF00)
	o7 := t6 ^ r7 ^ (bits.RotateLeft64(t7, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(t7, -24)&0xFF00FF00FF00FF00)
	return o0, o1, o2, o3, o4, o5, o6, o7
}

// invMixColumnsSkew3 is InvMixColumns (FIPS 197, Section 5.3.3) on a
// state of skew 3. The inverse matrix factors as MixColumns times the
// column polynomial 04·x^2 + 05 ({0e,0b,0d,09} = {02,03,01,01}·
// {05,00,04,00} mod x^4+1): p = s ^ 4·(s ^ down2(s)), then MixColumns(p),
// 28 operations more than MixColumns instead of a second full matrix.
func invMixColumnsSkew3(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	u6 := q6 ^ (bits.RotateLeft64(q6, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q6, -24)&0xFF00FF00FF00FF00)
	u7 := q7 ^ (bits.RotateLeft64(q7, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q7, -24)&0xFF00FF00FF00FF00)
	p0 := q0 ^ u6
	p1 := q1 ^ u6 ^ u7
	u0 := q0 ^ (bits.RotateLeft64(q0, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q0, -24)&0xFF00FF00FF00FF00)
	p2 := q2 ^ u0 ^ u7
	u1 := q1 ^ (bits.RotateLeft64(q1, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q1, -24)&0xFF00FF00FF00FF00)
	p3 := q3 ^ u1 ^ u6
	u2 := q2 ^ (bits.RotateLeft64(q2, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q2, -24)&0xFF00FF00FF00FF00)
	p4 := q4 ^ u2 ^ u6 ^ u7
	u3 := q3 ^ (bits.RotateLeft64(q3, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q3, -24)&0xFF00FF00FF00FF00)
	p5 := q5 ^ u3 ^ u7
	u4 := q4 ^ (bits.RotateLeft64(q4, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q4, -24)&0xFF00FF00FF00FF00)
	p6 := q6 ^ u4
	u5 := q5 ^ (bits.RotateLeft64(q5, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(q5, -24)&0xFF00FF00FF00FF00)
	p7 := q7 ^ u5
	return mixColumnsSkew3(p0, p1, p2, p3, p4, p5, p6, p7)
}
