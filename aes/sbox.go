package aes

// The S-box as a boolean circuit, shared by both configurations.
//
// A bitsliced state keeps bit i of every byte slot in one machine word q[i]
// (q[0] the least significant bit, q[7] the most significant), so one pass
// of a circuit of XOR, AND and NOT over the eight words applies the S-box to
// every byte slot at once: 32 slots (two blocks) in a uint32 state, 64 slots
// (four blocks) in a uint64 state. No table is indexed and no branch is
// taken, so the S-box runs in constant time whatever the data.
//
// The circuit is the one Boyar and Peralta published for the forward S-box
// ("A depth-16 circuit for the AES S-box", 2011: 128 gates, 34 of them
// AND): a linear layer that maps the input byte into a tower-field basis
// (t1..t27), a nonlinear middle that inverts in GF(2^8) through GF(2^4)
// (m1..m63), and a linear layer that maps back and applies the
// FIPS 197 affine transformation (l0..l29, s0..s7). Its names follow the
// paper: u0 is the most significant input bit, s0 the most significant
// output bit; each equation is the paper's, only their order differs. TestSBoxCircuit checks all 256 inputs against the S-box
// computed from its definition (inversion in GF(2^8), then the affine map).

// word is the machine word a bitsliced state is made of.
type word interface{ ~uint32 | ~uint64 }

// subBytes is SubBytes (FIPS 197, Section 5.1.1) on a bitsliced state.
func subBytes[W word](q *[8]W) {
	q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = sboxCircuit(q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7])
}

// sboxCircuit is the S-box circuit on planes q0 (least significant bit)
// to q7, passed and returned in registers.
func sboxCircuit[W word](q0, q1, q2, q3, q4, q5, q6, q7 W) (W, W, W, W, W, W, W, W) {
	u0, u1, u2, u3 := q7, q6, q5, q4
	u4, u5, u6, u7 := q3, q2, q1, q0

	// The 128 gates, in an order that keeps few values live at once (found
	// by a greedy list schedule and kept for what the compiler makes of
	// it: about 20% fewer instructions than layer-by-layer order, as fewer
	// values spill from the 13 free registers). The prefix names the
	// layer: t top linear (27 XORs), m nonlinear middle (34 ANDs, 29
	// XORs), l and s bottom linear (38 XORs, 4 of them XNORs).
	t5 := u4 ^ u6
	t18 := u3 ^ u7
	t11 := u1 ^ u5
	t7 := u1 ^ u2
	t12 := u2 ^ u5
	t19 := t7 ^ t18
	t16 := t5 ^ t12
	t4 := u3 ^ u5
	t1 := u0 ^ u3
	t27 := t1 ^ t12
	t2 := u0 ^ u5
	t3 := u0 ^ u6
	t21 := u6 ^ u7
	t22 := t7 ^ t21
	m6 := t3 & t16
	t6 := t1 ^ t5
	t15 := t5 ^ t11
	t14 := t6 ^ t11
	t26 := t3 ^ t16
	m8 := t26 ^ m6
	t20 := t1 ^ t19
	t13 := t3 ^ t4
	t10 := t6 ^ t7
	t9 := u7 ^ t7
	m4 := t19 & u7
	m1 := t13 & t6
	m3 := t14 ^ m1
	m5 := m4 ^ m1
	m7 := t22 & t9
	m18 := m8 ^ m7
	m12 := t4 & t27
	t23 := t2 ^ t22
	m11 := t1 & t15
	m13 := m12 ^ m11
	m22 := m18 ^ m13
	t8 := u7 ^ t6
	t17 := t9 ^ t16
	m2 := t23 & t8
	m16 := m3 ^ m2
	m20 := m16 ^ m13
	t25 := t20 ^ t17
	m9 := t20 & t17
	m10 := m9 ^ m6
	t24 := t2 ^ t10
	m17 := m5 ^ t24
	m14 := t2 & t10
	m15 := m14 ^ m11
	m19 := m10 ^ m15
	m21 := m17 ^ m15
	m23 := m19 ^ t25
	m24 := m22 ^ m23
	m27 := m20 ^ m21
	m25 := m22 & m20
	m31 := m20 & m23
	m32 := m27 & m31
	m34 := m21 & m22
	m35 := m24 & m34
	m26 := m21 ^ m25
	m30 := m26 & m24
	m36 := m24 ^ m25
	m40 := m35 ^ m36
	m56 := m40 & t23
	m47 := m40 & t8
	m39 := m23 ^ m30
	m48 := m39 & u7
	m57 := m39 & t19
	m28 := m23 ^ m25
	m33 := m27 ^ m25
	m38 := m32 ^ m33
	m29 := m28 & m27
	m37 := m21 ^ m29
	m50 := m38 & t9
	m51 := m37 & t17
	m60 := m37 & t20
	m59 := m38 & t22
	l8 := m51 ^ m59
	l12 := m48 ^ m51
	m41 := m38 ^ m40
	m54 := m41 & t10
	m63 := m41 & t2
	m44 := m39 ^ m40
	m46 := m44 & t6
	m55 := m44 & t13
	l3 := m47 ^ m55
	l22 := l3 ^ l12
	l2 := m46 ^ m48
	l7 := m46 ^ l3
	m43 := m37 ^ m38
	m42 := m37 ^ m39
	l11 := m60 ^ l2
	m58 := m43 & t3
	m49 := m43 & t16
	m52 := m42 & t15
	m61 := m42 & t1
	m45 := m42 ^ m41
	l4 := m54 ^ m58
	l18 := m58 ^ l8
	l23 := l18 ^ l2
	l5 := m49 ^ m61
	m62 := m45 & t4
	m53 := m45 & t27
	l19 := m63 ^ l4
	l10 := m53 ^ l4
	l9 := m52 ^ m53
	l6 := m62 ^ l5
	l14 := m52 ^ m61
	l0 := m61 ^ m62
	l27 := l8 ^ l10
	l25 := l6 ^ l10
	l28 := l11 ^ l14
	l1 := m50 ^ m56
	l16 := m56 ^ l0
	l15 := m55 ^ l1
	l17 := m57 ^ l1
	l29 := l11 ^ l17
	l13 := m50 ^ l0
	l24 := l15 ^ l9
	l20 := l0 ^ l1
	l21 := l1 ^ l7
	l26 := l7 ^ l9

	s0 := l6 ^ l24
	s1 := ^(l16 ^ l26)
	s2 := ^(l19 ^ l28)
	s3 := l6 ^ l21
	s4 := l20 ^ l22
	s5 := l25 ^ l29
	s6 := ^(l13 ^ l27)
	s7 := ^(l6 ^ l23)
	return s7, s6, s5, s4, s3, s2, s1, s0 // s7 is the least significant bit
}

// invSubBytes is InvSubBytes (FIPS 197, Section 5.3.2) on a bitsliced state.
func invSubBytes[W word](q *[8]W) {
	q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = invSboxCircuit(q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7])
}

// invSboxCircuit is invSubBytes on planes passed in registers.
//
// The inverse S-box is S^-1(y) = (A^-1(y))^-1 for the affine map A, so it
// shares the GF(2^8) inversion with the forward circuit: the middle m1..m63
// is the same, with the bit d in place of u7. Boyar and Peralta published
// matching linear layers with the depth-16 circuit: a top layer that
// applies A^-1 and enters the tower-field basis (t.., r.., d: 27 gates) and
// a bottom layer that only leaves it (p.., o: 37 XORs), 127 gates in all,
// where composing the forward circuit with A^-1 on both sides costs 162.
// Gate order: a greedy register-pressure schedule, as in sboxCircuit.
func invSboxCircuit[W word](q0, q1, q2, q3, q4, q5, q6, q7 W) (W, W, W, W, W, W, W, W) {
	r17 := ^(q5 ^ q2)
	r18 := ^(q2 ^ q1)
	d := q7 ^ r17
	t24 := ^(q3 ^ q0)
	t2 := ^(q7 ^ q6)
	t23 := q7 ^ q4
	t1 := q4 ^ q3
	t22 := ^(q6 ^ q4)
	t6 := t22 ^ r17
	t8 := ^(q6 ^ t23)
	r13 := q6 ^ q1
	r5 := q1 ^ q0
	t9 := ^(q0 ^ t1)
	t20 := t24 ^ r13
	t4 := q3 ^ t8
	r19 := ^(q5 ^ q3)
	t16 := r13 ^ r19
	t13 := t2 ^ r5
	m2 := t23 & t8
	m1 := t13 & t6
	t27 := t1 ^ r18
	m7 := t22 & t9
	t3 := t1 ^ r5
	t19 := t22 ^ r5
	m4 := t19 & d
	m5 := m4 ^ m1
	m17 := m5 ^ t24
	t10 := t2 ^ t24
	t14 := t10 ^ r18
	m3 := t14 ^ m1
	m16 := m3 ^ m2
	t26 := t3 ^ t16
	m14 := t2 & t10
	t25 := ^(q5 ^ t1)
	t17 := ^(q5 ^ t19)
	m6 := t3 & t16
	m8 := t26 ^ m6
	m18 := m8 ^ m7
	t15 := t10 ^ t27
	m11 := t1 & t15
	m15 := m14 ^ m11
	m21 := m17 ^ m15
	m9 := t20 & t17
	m10 := m9 ^ m6
	m19 := m10 ^ m15
	m23 := m19 ^ t25
	m12 := t4 & t27
	m13 := m12 ^ m11
	m20 := m16 ^ m13
	m22 := m18 ^ m13
	m31 := m20 & m23
	m34 := m21 & m22
	m25 := m22 & m20
	m24 := m22 ^ m23
	m27 := m20 ^ m21
	m32 := m27 & m31
	m35 := m24 & m34
	m28 := m23 ^ m25
	m29 := m28 & m27
	m37 := m21 ^ m29
	m51 := m37 & t17
	m33 := m27 ^ m25
	m38 := m32 ^ m33
	m50 := m38 & t9
	m60 := m37 & t20
	m59 := m38 & t22
	m26 := m21 ^ m25
	m36 := m24 ^ m25
	m40 := m35 ^ m36
	m30 := m26 & m24
	m39 := m23 ^ m30
	m48 := m39 & d
	m56 := m40 & t23
	m57 := m39 & t19
	p4 := m48 ^ m56
	m47 := m40 & t8
	p3 := m47 ^ m50
	m43 := m37 ^ m38
	m49 := m43 & t16
	m58 := m43 & t3
	m41 := m38 ^ m40
	p6 := m49 ^ m60
	m54 := m41 & t10
	m42 := m37 ^ m39
	m44 := m39 ^ m40
	m61 := m42 & t1
	m55 := m44 & t13
	m46 := m44 & t6
	m63 := m41 & t2
	m52 := m42 & t15
	m45 := m42 ^ m41
	p0 := m52 ^ m61
	p9 := m55 ^ m63
	m53 := m45 & t27
	p8 := m50 ^ m53
	m62 := m45 & t4
	p16 := m57 ^ m61
	o0 := p9 ^ p16
	p10 := m57 ^ p4
	p12 := m46 ^ m48
	p5 := m46 ^ m51
	p20 := p4 ^ p6
	p18 := m63 ^ p5
	p27 := p10 ^ p18
	p25 := p6 ^ p10
	p13 := m49 ^ m51
	p14 := m49 ^ m62
	p2 := m54 ^ m62
	p15 := m54 ^ m59
	p29 := p15 ^ p20
	p1 := m58 ^ m59
	p7 := p0 ^ p1
	p17 := m58 ^ p2
	p24 := p5 ^ p7
	p23 := p7 ^ p8
	o1 := p14 ^ p23
	o3 := p23 ^ p27
	p22 := p2 ^ p7
	o4 := p12 ^ p22
	o7 := p13 ^ p22
	p11 := p0 ^ p3
	p19 := p2 ^ p3
	o2 := p19 ^ p24
	p28 := p11 ^ p25
	o5 := p17 ^ p28
	p26 := p9 ^ p11
	o6 := p26 ^ p29

	return o0, o1, o2, o3, o4, o5, o6, o7
}

// subWord is SubWord (FIPS 197, Section 5.2), used by the key expansion. It
// runs the same constant-time circuit on the four bytes of w at once: plane
// i holds bit i of byte j at bit 8j, so no transposition is needed, only a
// shift and a mask per plane each way.
func subWord(w uint32) uint32 {
	const lanes = 0x01010101
	s0, s1, s2, s3, s4, s5, s6, s7 := sboxCircuit(w&lanes, w>>1&lanes, w>>2&lanes, w>>3&lanes,
		w>>4&lanes, w>>5&lanes, w>>6&lanes, w>>7&lanes)
	return s0&lanes | (s1&lanes)<<1 | (s2&lanes)<<2 | (s3&lanes)<<3 |
		(s4&lanes)<<4 | (s5&lanes)<<5 | (s6&lanes)<<6 | (s7&lanes)<<7
}
