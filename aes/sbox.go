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
//
// With S(x) = A(x^-1) for the affine map A, the inverse S-box is
// S^-1(y) = (A^-1(y))^-1 and the inversion itself is x^-1 = A^-1(S(x)), so
// S^-1 = A^-1 ∘ S ∘ A^-1: the forward circuit between two inverse affine
// layers, where A^-1 is b'[i] = b[i+2] ^ b[i+5] ^ b[i+7] ^ d[i], d = 0x05,
// indices mod 8 (FIPS 197, Section 5.3.2). Size knob: no second circuit to
// design or verify, at the price of 32 XORs and 2 NOTs per call, a quarter
// more than the forward S-box; a dedicated inverse circuit would save most
// of them.
func invSubBytes[W word](q *[8]W) {
	q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = invSboxCircuit(q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7])
}

// invSboxCircuit is invSubBytes on planes passed in registers: the forward
// circuit between the two inverse affine layers, as one straight-line
// program. The affine constants cancel at the output (A^-1 maps 0x63 to 0),
// so the four XNORs of the forward circuit become XORs and the output
// layer has no NOT; p/v are the input layer, e/o the output layer. The
// order is a greedy register-pressure schedule, as in sboxCircuit.
func invSboxCircuit[W word](q0, q1, q2, q3, q4, q5, q6, q7 W) (W, W, W, W, W, W, W, W) {
	p3 := q5 ^ q0
	v3 := p3 ^ q2
	p5 := q7 ^ q2
	p0 := q2 ^ q5
	v0 := ^(p0 ^ q7)
	v5 := p5 ^ q4
	p2 := q4 ^ q7
	v2 := ^(p2 ^ q1)
	p7 := q1 ^ q4
	v7 := p7 ^ q6
	p4 := q6 ^ q1
	p1 := q3 ^ q6
	v4 := p4 ^ q3
	v1 := p1 ^ q0
	p6 := q0 ^ q3
	v6 := p6 ^ q5
	t5 := v3 ^ v1
	t4 := v4 ^ v2
	t3 := v7 ^ v1
	t21 := v1 ^ v0
	t11 := v6 ^ v2
	t7 := v6 ^ v5
	t22 := t7 ^ t21
	t12 := v5 ^ v2
	t2 := v7 ^ v2
	t1 := v7 ^ v4
	t18 := v4 ^ v0
	t19 := t7 ^ t18
	t13 := t3 ^ t4
	t6 := t1 ^ t5
	t8 := v0 ^ t6
	t20 := t1 ^ t19
	t14 := t6 ^ t11
	t15 := t5 ^ t11
	t16 := t5 ^ t12
	t27 := t1 ^ t12
	m1 := t13 & t6
	m3 := t14 ^ m1
	t23 := t2 ^ t22
	t26 := t3 ^ t16
	t10 := t6 ^ t7
	t9 := v0 ^ t7
	m4 := t19 & v0
	m5 := m4 ^ m1
	t17 := t9 ^ t16
	m11 := t1 & t15
	t25 := t20 ^ t17
	m12 := t4 & t27
	m13 := m12 ^ m11
	m2 := t23 & t8
	m16 := m3 ^ m2
	m20 := m16 ^ m13
	m14 := t2 & t10
	m15 := m14 ^ m11
	m9 := t20 & t17
	m7 := t22 & t9
	t24 := t2 ^ t10
	m17 := m5 ^ t24
	m21 := m17 ^ m15
	m27 := m20 ^ m21
	m6 := t3 & t16
	m10 := m9 ^ m6
	m19 := m10 ^ m15
	m8 := t26 ^ m6
	m18 := m8 ^ m7
	m22 := m18 ^ m13
	m23 := m19 ^ t25
	m31 := m20 & m23
	m25 := m22 & m20
	m32 := m27 & m31
	m26 := m21 ^ m25
	m34 := m21 & m22
	m24 := m22 ^ m23
	m30 := m26 & m24
	m39 := m23 ^ m30
	m28 := m23 ^ m25
	m57 := m39 & t19
	m35 := m24 & m34
	m29 := m28 & m27
	m37 := m21 ^ m29
	m33 := m27 ^ m25
	m38 := m32 ^ m33
	m36 := m24 ^ m25
	m40 := m35 ^ m36
	m51 := m37 & t17
	m60 := m37 & t20
	m47 := m40 & t8
	m48 := m39 & v0
	m50 := m38 & t9
	m59 := m38 & t22
	l8 := m51 ^ m59
	l12 := m48 ^ m51
	m56 := m40 & t23
	m42 := m37 ^ m39
	m44 := m39 ^ m40
	m55 := m44 & t13
	m46 := m44 & t6
	m52 := m42 & t15
	l2 := m46 ^ m48
	l11 := m60 ^ l2
	l3 := m47 ^ m55
	m61 := m42 & t1
	l22 := l3 ^ l12
	l7 := m46 ^ l3
	m41 := m38 ^ m40
	m43 := m37 ^ m38
	m63 := m41 & t2
	m45 := m42 ^ m41
	m54 := m41 & t10
	m62 := m45 & t4
	m53 := m45 & t27
	m58 := m43 & t3
	m49 := m43 & t16
	l4 := m54 ^ m58
	l18 := m58 ^ l8
	l23 := l18 ^ l2
	l19 := m63 ^ l4
	l5 := m49 ^ m61
	l6 := m62 ^ l5
	l0 := m61 ^ m62
	l14 := m52 ^ m61
	l28 := l11 ^ l14
	s2 := l19 ^ l28
	l10 := m53 ^ l4
	l9 := m52 ^ m53
	s7 := l6 ^ l23
	l27 := l8 ^ l10
	l25 := l6 ^ l10
	l1 := m50 ^ m56
	l17 := m57 ^ l1
	l29 := l11 ^ l17
	s5 := l25 ^ l29
	l13 := m50 ^ l0
	s6 := l13 ^ l27
	l16 := m56 ^ l0
	l20 := l0 ^ l1
	s4 := l20 ^ l22
	l15 := m55 ^ l1
	l24 := l15 ^ l9
	s0 := l6 ^ l24
	l21 := l1 ^ l7
	s3 := l6 ^ l21
	l26 := l7 ^ l9
	s1 := l16 ^ l26
	e6 := s7 ^ s4
	o6 := e6 ^ s2
	e1 := s4 ^ s1
	o1 := e1 ^ s7
	e3 := s2 ^ s7
	o3 := e3 ^ s5
	e0 := s5 ^ s2
	o0 := e0 ^ s0
	e5 := s0 ^ s5
	o5 := e5 ^ s3
	e2 := s3 ^ s0
	o2 := e2 ^ s6
	e7 := s6 ^ s3
	o7 := e7 ^ s1
	e4 := s1 ^ s6
	o4 := e4 ^ s4

	return o0, o1, o2, o3, o4, o5, o6, o7
}

// subWord is SubWord (FIPS 197, Section 5.2), used by the key expansion. It
// runs the same constant-time circuit on the four bytes of w, bitsliced
// into byte lane 0 of a 32-bit state.
func subWord(w uint32) uint32 {
	var q [8]uint32
	for m := range 4 {
		q[m] = w >> (8 * m) & 0xFF
	}
	ortho32(&q) // bit i of byte m -> bit m of q[i]
	subBytes(&q)
	ortho32(&q)
	return q[0]&0xFF | (q[1]&0xFF)<<8 | (q[2]&0xFF)<<16 | (q[3]&0xFF)<<24
}
