//go:build !purego

#include "textflag.h"

// The ARMv8 Cryptographic Extension's SHA-2 instructions. Hand-written:
// each function is one straight sequence of macro calls whose only
// choices are the register roles, which rotate (listed at each call).

// blockSHA256ARM is the hash computation of FIPS 180-4, §6.2.2, on
// SHA256H and SHA256H2 (four rounds each, on the two halves of the
// working variables) and SHA256SU0 and SHA256SU1 (the message schedule of
// §6.2.2, step 1, four words at a time).
//
// Registers:
//	V0, V1     (a, b, c, d) and (e, f, g, h), a in lane 0
//	V2, V3     H at block start
//	V4..V7     the last sixteen schedule words W_t, W_t in lane t mod 4
//	V8         W_t + K_t of the next four rounds; V9 a copy of V0
//	V16..V31   K_0..K_63
//	R0 H, R1 the block, R2 the end of the whole blocks, R3 the constants

// Four rounds: V8 = m + k, (a, b, c, d) by SHA256H from the old value of
// both halves, (e, f, g, h) by SHA256H2 from the old (a, b, c, d) in V9.
#define ROUNDS4(m, k) \
	VADD k.S4, m.S4, V8.S4; \
	VMOV V0.B16, V9.B16; \
	SHA256H V8.S4, V1, V0; \
	SHA256H2 V8.S4, V9, V1

// The next four schedule words into m0 from the sixteen in m0..m3
// (W_{t-16} in lane 0 of m0): the σ0 terms by SHA256SU0, the W_{t-7}
// and σ1 terms by SHA256SU1.
#define SCHEDULE(m0, m1, m2, m3) \
	SHA256SU0 m1.S4, m0.S4; \
	SHA256SU1 m3.S4, m2.S4, m0.S4

// func blockSHA256ARM(H *[8]uint32, p []byte)
TEXT ·blockSHA256ARM(SB), NOSPLIT, $0-32
	MOVD H+0(FP), R0
	MOVD p_base+8(FP), R1
	MOVD p_len+16(FP), R2
	BIC  $63, R2, R2
	CBZ  R2, done256
	ADD  R1, R2, R2
	MOVD $·_K256(SB), R3
	VLD1.P 64(R3), [V16.S4, V17.S4, V18.S4, V19.S4]
	VLD1.P 64(R3), [V20.S4, V21.S4, V22.S4, V23.S4]
	VLD1.P 64(R3), [V24.S4, V25.S4, V26.S4, V27.S4]
	VLD1   (R3), [V28.S4, V29.S4, V30.S4, V31.S4]
	VLD1   (R0), [V0.S4, V1.S4]

loop256:
	VMOV V0.B16, V2.B16
	VMOV V1.B16, V3.B16
	VLD1.P 64(R1), [V4.S4, V5.S4, V6.S4, V7.S4]
	VREV32 V4.B16, V4.B16
	VREV32 V5.B16, V5.B16
	VREV32 V6.B16, V6.B16
	VREV32 V7.B16, V7.B16
	ROUNDS4(V4, V16)
	ROUNDS4(V5, V17)
	ROUNDS4(V6, V18)
	ROUNDS4(V7, V19)
	SCHEDULE(V4, V5, V6, V7)
	ROUNDS4(V4, V20)
	SCHEDULE(V5, V6, V7, V4)
	ROUNDS4(V5, V21)
	SCHEDULE(V6, V7, V4, V5)
	ROUNDS4(V6, V22)
	SCHEDULE(V7, V4, V5, V6)
	ROUNDS4(V7, V23)
	SCHEDULE(V4, V5, V6, V7)
	ROUNDS4(V4, V24)
	SCHEDULE(V5, V6, V7, V4)
	ROUNDS4(V5, V25)
	SCHEDULE(V6, V7, V4, V5)
	ROUNDS4(V6, V26)
	SCHEDULE(V7, V4, V5, V6)
	ROUNDS4(V7, V27)
	SCHEDULE(V4, V5, V6, V7)
	ROUNDS4(V4, V28)
	SCHEDULE(V5, V6, V7, V4)
	ROUNDS4(V5, V29)
	SCHEDULE(V6, V7, V4, V5)
	ROUNDS4(V6, V30)
	SCHEDULE(V7, V4, V5, V6)
	ROUNDS4(V7, V31)

	// H(i) = H(i-1) + the working variables (§6.2.2, step 4).
	VADD V2.S4, V0.S4, V0.S4
	VADD V3.S4, V1.S4, V1.S4
	CMP  R1, R2
	BNE  loop256

	VST1 [V0.S4, V1.S4], (R0)
	VEOR V0.B16, V0.B16, V0.B16
	VEOR V1.B16, V1.B16, V1.B16
	VEOR V2.B16, V2.B16, V2.B16
	VEOR V3.B16, V3.B16, V3.B16
	VEOR V4.B16, V4.B16, V4.B16
	VEOR V5.B16, V5.B16, V5.B16
	VEOR V6.B16, V6.B16, V6.B16
	VEOR V7.B16, V7.B16, V7.B16
	VEOR V8.B16, V8.B16, V8.B16
	VEOR V9.B16, V9.B16, V9.B16

done256:
	RET

// blockSHA512ARM is the hash computation of FIPS 180-4, §6.4.2, on the
// ARMv8.2 SHA-512 instructions, two rounds per SHA512H and SHA512H2 pair.
// The working variables are held in pairs (a, b), (c, d), (e, f),
// (g, h), the first of each in lane 0. For rounds t and t+1, with
// kw = (K_t + W_t, K_{t+1} + W_{t+1}):
//
//	SHA512H  on (g, h) + (kw swapped), (f, g), (d, e) gives T1 of round
//	         t in lane 1 and of round t+1 in lane 0 (it forms e_{t+1} =
//	         d + T1 itself);
//	(c, d) + that is the new (e, f);
//	SHA512H2 on it, (c, d), (a, b) gives the new (a, b);
//	the old (a, b) is the new (c, d) and the old (e, f) the new (g, h).
//
// So the pairs only change roles: five registers V0..V4 rotate through
// them (the fifth receives the new (e, f)), back in place after five
// double rounds; 40 double rounds make 80.
//
// Registers:
//	V0..V4     the pairs, roles listed at each ROUNDS2 call
//	V16..V23   the last sixteen schedule words, two per register
//	V24..V27   H at block start
//	V5 kw, V6 (f, g), V7 (d, e), V28 K, V29 (W_{t-7}, W_{t-6})
//	R0 H, R1 the block, R2 the end of the whole blocks, R3 K_t, R4 _K512

// Two rounds with schedule words m; the new (a, b) is written to gh and
// the new (e, f) to fr (see above).
#define ROUNDS2(ab, cd, ef, gh, fr, m) \
	VLD1.P 16(R3), [V28.D2]; \
	VADD V28.D2, m.D2, V5.D2; \
	VEXT $8, V5.B16, V5.B16, V5.B16; \
	VEXT $8, gh.B16, ef.B16, V6.B16; \
	VEXT $8, ef.B16, cd.B16, V7.B16; \
	VADD V5.D2, gh.D2, gh.D2; \
	SHA512H V7.D2, V6, gh; \
	VADD gh.D2, cd.D2, fr.D2; \
	SHA512H2 ab.D2, cd, gh

// The next two schedule words into m0 from the sixteen in m0..m7
// (W_{t-16} in lane 0 of m0): the σ0 terms by SHA512SU0, the W_{t-7}
// (from m4 and m5) and σ1 (from m7) terms by SHA512SU1.
#define SCHEDULE2(m0, m1, m4, m5, m7) \
	VEXT $8, m5.B16, m4.B16, V29.B16; \
	SHA512SU0 m1.D2, m0.D2; \
	SHA512SU1 V29.D2, m7.D2, m0.D2

// func blockSHA512ARM(H *[8]uint64, p []byte)
TEXT ·blockSHA512ARM(SB), NOSPLIT, $0-32
	MOVD H+0(FP), R0
	MOVD p_base+8(FP), R1
	MOVD p_len+16(FP), R2
	BIC  $127, R2, R2
	CBZ  R2, done512
	ADD  R1, R2, R2
	MOVD $·_K512(SB), R4
	VLD1 (R0), [V0.D2, V1.D2, V2.D2, V3.D2]

loop512:
	MOVD R4, R3
	VMOV V0.B16, V24.B16
	VMOV V1.B16, V25.B16
	VMOV V2.B16, V26.B16
	VMOV V3.B16, V27.B16
	VLD1.P 64(R1), [V16.D2, V17.D2, V18.D2, V19.D2]
	VLD1.P 64(R1), [V20.D2, V21.D2, V22.D2, V23.D2]
	VREV64 V16.B16, V16.B16
	VREV64 V17.B16, V17.B16
	VREV64 V18.B16, V18.B16
	VREV64 V19.B16, V19.B16
	VREV64 V20.B16, V20.B16
	VREV64 V21.B16, V21.B16
	VREV64 V22.B16, V22.B16
	VREV64 V23.B16, V23.B16
	ROUNDS2(V0, V1, V2, V3, V4, V16)
	ROUNDS2(V3, V0, V4, V2, V1, V17)
	ROUNDS2(V2, V3, V1, V4, V0, V18)
	ROUNDS2(V4, V2, V0, V1, V3, V19)
	ROUNDS2(V1, V4, V3, V0, V2, V20)
	ROUNDS2(V0, V1, V2, V3, V4, V21)
	ROUNDS2(V3, V0, V4, V2, V1, V22)
	ROUNDS2(V2, V3, V1, V4, V0, V23)
	SCHEDULE2(V16, V17, V20, V21, V23)
	ROUNDS2(V4, V2, V0, V1, V3, V16)
	SCHEDULE2(V17, V18, V21, V22, V16)
	ROUNDS2(V1, V4, V3, V0, V2, V17)
	SCHEDULE2(V18, V19, V22, V23, V17)
	ROUNDS2(V0, V1, V2, V3, V4, V18)
	SCHEDULE2(V19, V20, V23, V16, V18)
	ROUNDS2(V3, V0, V4, V2, V1, V19)
	SCHEDULE2(V20, V21, V16, V17, V19)
	ROUNDS2(V2, V3, V1, V4, V0, V20)
	SCHEDULE2(V21, V22, V17, V18, V20)
	ROUNDS2(V4, V2, V0, V1, V3, V21)
	SCHEDULE2(V22, V23, V18, V19, V21)
	ROUNDS2(V1, V4, V3, V0, V2, V22)
	SCHEDULE2(V23, V16, V19, V20, V22)
	ROUNDS2(V0, V1, V2, V3, V4, V23)
	SCHEDULE2(V16, V17, V20, V21, V23)
	ROUNDS2(V3, V0, V4, V2, V1, V16)
	SCHEDULE2(V17, V18, V21, V22, V16)
	ROUNDS2(V2, V3, V1, V4, V0, V17)
	SCHEDULE2(V18, V19, V22, V23, V17)
	ROUNDS2(V4, V2, V0, V1, V3, V18)
	SCHEDULE2(V19, V20, V23, V16, V18)
	ROUNDS2(V1, V4, V3, V0, V2, V19)
	SCHEDULE2(V20, V21, V16, V17, V19)
	ROUNDS2(V0, V1, V2, V3, V4, V20)
	SCHEDULE2(V21, V22, V17, V18, V20)
	ROUNDS2(V3, V0, V4, V2, V1, V21)
	SCHEDULE2(V22, V23, V18, V19, V21)
	ROUNDS2(V2, V3, V1, V4, V0, V22)
	SCHEDULE2(V23, V16, V19, V20, V22)
	ROUNDS2(V4, V2, V0, V1, V3, V23)
	SCHEDULE2(V16, V17, V20, V21, V23)
	ROUNDS2(V1, V4, V3, V0, V2, V16)
	SCHEDULE2(V17, V18, V21, V22, V16)
	ROUNDS2(V0, V1, V2, V3, V4, V17)
	SCHEDULE2(V18, V19, V22, V23, V17)
	ROUNDS2(V3, V0, V4, V2, V1, V18)
	SCHEDULE2(V19, V20, V23, V16, V18)
	ROUNDS2(V2, V3, V1, V4, V0, V19)
	SCHEDULE2(V20, V21, V16, V17, V19)
	ROUNDS2(V4, V2, V0, V1, V3, V20)
	SCHEDULE2(V21, V22, V17, V18, V20)
	ROUNDS2(V1, V4, V3, V0, V2, V21)
	SCHEDULE2(V22, V23, V18, V19, V21)
	ROUNDS2(V0, V1, V2, V3, V4, V22)
	SCHEDULE2(V23, V16, V19, V20, V22)
	ROUNDS2(V3, V0, V4, V2, V1, V23)
	SCHEDULE2(V16, V17, V20, V21, V23)
	ROUNDS2(V2, V3, V1, V4, V0, V16)
	SCHEDULE2(V17, V18, V21, V22, V16)
	ROUNDS2(V4, V2, V0, V1, V3, V17)
	SCHEDULE2(V18, V19, V22, V23, V17)
	ROUNDS2(V1, V4, V3, V0, V2, V18)
	SCHEDULE2(V19, V20, V23, V16, V18)
	ROUNDS2(V0, V1, V2, V3, V4, V19)
	SCHEDULE2(V20, V21, V16, V17, V19)
	ROUNDS2(V3, V0, V4, V2, V1, V20)
	SCHEDULE2(V21, V22, V17, V18, V20)
	ROUNDS2(V2, V3, V1, V4, V0, V21)
	SCHEDULE2(V22, V23, V18, V19, V21)
	ROUNDS2(V4, V2, V0, V1, V3, V22)
	SCHEDULE2(V23, V16, V19, V20, V22)
	ROUNDS2(V1, V4, V3, V0, V2, V23)

	// H(i) = H(i-1) + the working variables (§6.4.2, step 4).
	VADD V24.D2, V0.D2, V0.D2
	VADD V25.D2, V1.D2, V1.D2
	VADD V26.D2, V2.D2, V2.D2
	VADD V27.D2, V3.D2, V3.D2
	CMP  R1, R2
	BNE  loop512

	VST1 [V0.D2, V1.D2, V2.D2, V3.D2], (R0)
	VEOR V0.B16, V0.B16, V0.B16
	VEOR V1.B16, V1.B16, V1.B16
	VEOR V2.B16, V2.B16, V2.B16
	VEOR V3.B16, V3.B16, V3.B16
	VEOR V4.B16, V4.B16, V4.B16
	VEOR V5.B16, V5.B16, V5.B16
	VEOR V6.B16, V6.B16, V6.B16
	VEOR V7.B16, V7.B16, V7.B16
	VEOR V16.B16, V16.B16, V16.B16
	VEOR V17.B16, V17.B16, V17.B16
	VEOR V18.B16, V18.B16, V18.B16
	VEOR V19.B16, V19.B16, V19.B16
	VEOR V20.B16, V20.B16, V20.B16
	VEOR V21.B16, V21.B16, V21.B16
	VEOR V22.B16, V22.B16, V22.B16
	VEOR V23.B16, V23.B16, V23.B16
	VEOR V24.B16, V24.B16, V24.B16
	VEOR V25.B16, V25.B16, V25.B16
	VEOR V26.B16, V26.B16, V26.B16
	VEOR V27.B16, V27.B16, V27.B16
	VEOR V29.B16, V29.B16, V29.B16

done512:
	RET
