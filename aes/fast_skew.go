package aes

import "math/bits"

// down1Skew1 gives byte (r, p) the value of byte (r+1, p+1).
func down1Skew1(x uint64) uint64 {
	return bits.RotateLeft64(x, -20)&0x0FFF0FFF0FFF0FFF | bits.RotateLeft64(x, -4)&0xF000F000F000F000
}

// down2Skew1 gives byte (r, p) the value of byte (r+2, p+2).
func down2Skew1(x uint64) uint64 {
	return (bits.RotateLeft64(x, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(x, -24)&0xFF00FF00FF00FF00)
}

// mixColumnsSkew1 is mixColumns64 on a state of skew 1.
func mixColumnsSkew1(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	r0, r1, r2, r3 := down1Skew1(q0), down1Skew1(q1), down1Skew1(q2), down1Skew1(q3)
	r4, r5, r6, r7 := down1Skew1(q4), down1Skew1(q5), down1Skew1(q6), down1Skew1(q7)
	t0, t1, t2, t3 := q0^r0, q1^r1, q2^r2, q3^r3
	t4, t5, t6, t7 := q4^r4, q5^r5, q6^r6, q7^r7
	return t7 ^ r0 ^ down2Skew1(t0), t0 ^ t7 ^ r1 ^ down2Skew1(t1), t1 ^ r2 ^ down2Skew1(t2), t2 ^ t7 ^ r3 ^ down2Skew1(t3),
		t3 ^ t7 ^ r4 ^ down2Skew1(t4), t4 ^ r5 ^ down2Skew1(t5), t5 ^ r6 ^ down2Skew1(t6), t6 ^ r7 ^ down2Skew1(t7)
}

// invMixColumnsSkew1 is InvMixColumns on a state of skew 1, factored
// as in invMixColumns64.
func invMixColumnsSkew1(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	u0, u1, u2, u3 := q0^down2Skew1(q0), q1^down2Skew1(q1), q2^down2Skew1(q2), q3^down2Skew1(q3)
	u4, u5, u6, u7 := q4^down2Skew1(q4), q5^down2Skew1(q5), q6^down2Skew1(q6), q7^down2Skew1(q7)
	return mixColumnsSkew1(q0^u6, q1^u6^u7, q2^u0^u7, q3^u1^u6, q4^u2^u6^u7, q5^u3^u7, q6^u4, q7^u5)
}

// down1Skew2 gives byte (r, p) the value of byte (r+1, p+2).
func down1Skew2(x uint64) uint64 {
	return bits.RotateLeft64(x, -24)&0x00FF00FF00FF00FF | bits.RotateLeft64(x, -8)&0xFF00FF00FF00FF00
}

// down2Skew2 gives byte (r, p) the value of byte (r+2, p+4).
func down2Skew2(x uint64) uint64 { return bits.RotateLeft64(x, 32) }

// mixColumnsSkew2 is mixColumns64 on a state of skew 2.
func mixColumnsSkew2(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	r0, r1, r2, r3 := down1Skew2(q0), down1Skew2(q1), down1Skew2(q2), down1Skew2(q3)
	r4, r5, r6, r7 := down1Skew2(q4), down1Skew2(q5), down1Skew2(q6), down1Skew2(q7)
	t0, t1, t2, t3 := q0^r0, q1^r1, q2^r2, q3^r3
	t4, t5, t6, t7 := q4^r4, q5^r5, q6^r6, q7^r7
	return t7 ^ r0 ^ down2Skew2(t0), t0 ^ t7 ^ r1 ^ down2Skew2(t1), t1 ^ r2 ^ down2Skew2(t2), t2 ^ t7 ^ r3 ^ down2Skew2(t3),
		t3 ^ t7 ^ r4 ^ down2Skew2(t4), t4 ^ r5 ^ down2Skew2(t5), t5 ^ r6 ^ down2Skew2(t6), t6 ^ r7 ^ down2Skew2(t7)
}

// invMixColumnsSkew2 is InvMixColumns on a state of skew 2, factored
// as in invMixColumns64.
func invMixColumnsSkew2(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	u0, u1, u2, u3 := q0^down2Skew2(q0), q1^down2Skew2(q1), q2^down2Skew2(q2), q3^down2Skew2(q3)
	u4, u5, u6, u7 := q4^down2Skew2(q4), q5^down2Skew2(q5), q6^down2Skew2(q6), q7^down2Skew2(q7)
	return mixColumnsSkew2(q0^u6, q1^u6^u7, q2^u0^u7, q3^u1^u6, q4^u2^u6^u7, q5^u3^u7, q6^u4, q7^u5)
}

// down1Skew3 gives byte (r, p) the value of byte (r+1, p+3).
func down1Skew3(x uint64) uint64 {
	return bits.RotateLeft64(x, -28)&0x000F000F000F000F | bits.RotateLeft64(x, -12)&0xFFF0FFF0FFF0FFF0
}

// down2Skew3 gives byte (r, p) the value of byte (r+2, p+6).
func down2Skew3(x uint64) uint64 {
	return (bits.RotateLeft64(x, -40)&0x00FF00FF00FF00FF | bits.RotateLeft64(x, -24)&0xFF00FF00FF00FF00)
}

// mixColumnsSkew3 is mixColumns64 on a state of skew 3.
func mixColumnsSkew3(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	r0, r1, r2, r3 := down1Skew3(q0), down1Skew3(q1), down1Skew3(q2), down1Skew3(q3)
	r4, r5, r6, r7 := down1Skew3(q4), down1Skew3(q5), down1Skew3(q6), down1Skew3(q7)
	t0, t1, t2, t3 := q0^r0, q1^r1, q2^r2, q3^r3
	t4, t5, t6, t7 := q4^r4, q5^r5, q6^r6, q7^r7
	return t7 ^ r0 ^ down2Skew3(t0), t0 ^ t7 ^ r1 ^ down2Skew3(t1), t1 ^ r2 ^ down2Skew3(t2), t2 ^ t7 ^ r3 ^ down2Skew3(t3),
		t3 ^ t7 ^ r4 ^ down2Skew3(t4), t4 ^ r5 ^ down2Skew3(t5), t5 ^ r6 ^ down2Skew3(t6), t6 ^ r7 ^ down2Skew3(t7)
}

// invMixColumnsSkew3 is InvMixColumns on a state of skew 3, factored
// as in invMixColumns64.
func invMixColumnsSkew3(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	u0, u1, u2, u3 := q0^down2Skew3(q0), q1^down2Skew3(q1), q2^down2Skew3(q2), q3^down2Skew3(q3)
	u4, u5, u6, u7 := q4^down2Skew3(q4), q5^down2Skew3(q5), q6^down2Skew3(q6), q7^down2Skew3(q7)
	return mixColumnsSkew3(q0^u6, q1^u6^u7, q2^u0^u7, q3^u1^u6, q4^u2^u6^u7, q5^u3^u7, q6^u4, q7^u5)
}
