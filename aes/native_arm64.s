//go:build !purego

#include "textflag.h"

// The Native strategy on arm64: the ARMv8 Cryptographic Extension (Arm
// Architecture Reference Manual for A-profile, AESE, AESD, AESMC, AESIMC).
// AESE k, s computes ShiftRows(SubBytes(s ^ k)) and AESMC MixColumns, so a
// cipher round is AESE with the round key then AESMC, and the cipher
// (FIPS 197, Algorithm 1) is Nr-1 such pairs, one AESE and a last XOR.
// AESD and AESIMC do the same for the equivalent inverse cipher (FIPS 197,
// Section 5.3.5) with the schedule nativeExpandKey writes into dec.
//
// A round key is the 16 bytes AddRoundKey XORs into the state, in input
// order; a schedule has room for 15 (240 bytes), and the functions load
// all 15 into registers whatever Nr (the unused ones are never applied).
// Every function zeroes the vector registers that held key or data
// before it returns.

// SUBWORD(r) replaces the 32-bit word in r by SubWord of it (FIPS 197,
// Section 5.2): the word goes to all four columns of V1, where ShiftRows
// moves nothing, AESE with the zero key in V0 applies the S-box, and
// column 0 comes back.
#define SUBWORD(r) \
	VDUP r, V1.S4 \
	AESE V0.B16, V1.B16 \
	VMOV V1.S[0], r

// func nativeExpandKey(nr int, key *byte, enc, dec *byte)
//
// KeyExpansion (FIPS 197, Algorithm 2) one word at a time, as the
// specification writes it (branches on the word index and Nk only), then,
// if dec is not nil, the equivalent inverse cipher's schedule: enc's round
// keys in reverse order, those between the first and the last through
// InvMixColumns (AESIMC). Words are little-endian loads of the key bytes,
// so RotWord is a right rotation by 8 bits and Rcon goes to the low byte.
TEXT ·nativeExpandKey(SB), NOSPLIT, $0-32
	MOVD nr+0(FP), R0
	MOVD key+8(FP), R1
	MOVD enc+16(FP), R2
	MOVD dec+24(FP), R3
	SUB  $6, R0, R4           // Nk
	ADD  $1, R0, R5
	LSL  $2, R5, R5           // 4*(Nr+1) words
	MOVD R2, R6               // &w[i]
	MOVD R4, R7

copy:
	MOVWU.P 4(R1), R8
	MOVW.P  R8, 4(R6)
	SUB     $1, R7
	CBNZ    R7, copy

	VEOR V0.B16, V0.B16, V0.B16
	MOVD R4, R9               // i
	MOVD $0, R10              // i mod Nk
	MOVD $1, R11              // Rcon[i/Nk]

expand:
	CMP   R5, R9
	BGE   inverse
	MOVWU -4(R6), R8          // temp = w[i-1]
	CBNZ  R10, notfirst
	RORW  $8, R8, R8          // RotWord
	SUBWORD(R8)
	EORW  R11, R8, R8
	AND   $0x80, R11, R12     // Rcon doubles in GF(2^8) (public)
	LSL   $1, R11, R11
	AND   $0xff, R11, R11
	CBZ   R12, xor
	EOR   $0x1b, R11, R11
	B     xor

notfirst:
	CMP  $8, R4
	BNE  xor
	CMP  $4, R10
	BNE  xor
	SUBWORD(R8)

xor:
	SUB     R4<<2, R6, R12    // &w[i-Nk]
	MOVWU   (R12), R13
	EORW    R13, R8, R8
	MOVW.P  R8, 4(R6)
	ADD     $1, R9
	ADD     $1, R10
	CMP     R4, R10
	BNE     expand
	MOVD    $0, R10
	B       expand

inverse:
	CBZ   R3, expdone
	LSL   $4, R0, R8
	ADD   R8, R2, R9          // &enc[Nr]
	VLD1  (R9), [V1.B16]
	VST1.P [V1.B16], 16(R3)
	SUB   $1, R0, R10

invloop:
	SUB    $16, R9
	VLD1   (R9), [V1.B16]
	AESIMC V1.B16, V1.B16
	VST1.P [V1.B16], 16(R3)
	SUB    $1, R10
	CBNZ   R10, invloop
	VLD1   (R2), [V1.B16]
	VST1   [V1.B16], (R3)

expdone:
	VEOR V1.B16, V1.B16, V1.B16
	MOVD ZR, R8
	MOVD ZR, R13
	RET

// LOADKEYS loads the 15 round-key slots at R1 into V16-V30.
#define LOADKEYS \
	VLD1.P 64(R1), [V16.B16, V17.B16, V18.B16, V19.B16] \
	VLD1.P 64(R1), [V20.B16, V21.B16, V22.B16, V23.B16] \
	VLD1.P 64(R1), [V24.B16, V25.B16, V26.B16, V27.B16] \
	VLD1   (R1), [V28.B16, V29.B16, V30.B16]

#define ZEROKEYS \
	VEOR V16.B16, V16.B16, V16.B16 \
	VEOR V17.B16, V17.B16, V17.B16 \
	VEOR V18.B16, V18.B16, V18.B16 \
	VEOR V19.B16, V19.B16, V19.B16 \
	VEOR V20.B16, V20.B16, V20.B16 \
	VEOR V21.B16, V21.B16, V21.B16 \
	VEOR V22.B16, V22.B16, V22.B16 \
	VEOR V23.B16, V23.B16, V23.B16 \
	VEOR V24.B16, V24.B16, V24.B16 \
	VEOR V25.B16, V25.B16, V25.B16 \
	VEOR V26.B16, V26.B16, V26.B16 \
	VEOR V27.B16, V27.B16, V27.B16 \
	VEOR V28.B16, V28.B16, V28.B16 \
	VEOR V29.B16, V29.B16, V29.B16 \
	VEOR V30.B16, V30.B16, V30.B16

#define ER1(k) \
	AESE  k, V0.B16 \
	AESMC V0.B16, V0.B16

// ENCROUNDS(l128, l192, done) runs on V0 every round but the last XOR:
// AESE-AESMC with k0..k[Nr-2], AESE with k[Nr-1]; l128, l192 and done are
// labels of the caller's for the branches on Nr.
#define ENCROUNDS(l128, l192, done) \
	ER1(V16.B16) \
	ER1(V17.B16) \
	ER1(V18.B16) \
	ER1(V19.B16) \
	ER1(V20.B16) \
	ER1(V21.B16) \
	ER1(V22.B16) \
	ER1(V23.B16) \
	ER1(V24.B16) \
	CMP  $10, R0 \
	BEQ  l128 \
	ER1(V25.B16) \
	ER1(V26.B16) \
	CMP  $12, R0 \
	BEQ  l192 \
	ER1(V27.B16) \
	ER1(V28.B16) \
	AESE V29.B16, V0.B16 \
	B    done \
l192: \
	AESE V27.B16, V0.B16 \
	B    done \
l128: \
	AESE V25.B16, V0.B16 \
done:

// func nativeEncryptCBC(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
//
// CBC encryption (SP 800-38A, Section 6.2) of n bytes (a positive multiple
// of 16), one block at a time (the chain allows no more), all round keys
// in registers. dst may equal src. Only the rounds are on the chain: the
// last XOR of block j uses k[Nr] ^ P[j+1] (V2, computed ahead), which
// yields block j+1's input C[j] ^ P[j+1] directly, and C[j] is that ^
// P[j+1], off the chain. V31 holds k[Nr].
TEXT ·nativeEncryptCBC(SB), NOSPLIT, $0-48
	MOVD nr+0(FP), R0
	MOVD xk+8(FP), R1
	MOVD iv+16(FP), R2
	MOVD dst+24(FP), R3
	MOVD src+32(FP), R4
	MOVD n+40(FP), R5
	LSL  $4, R0, R6
	ADD  R1, R6, R6
	VLD1 (R6), [V31.B16]      // k[Nr]
	LOADKEYS
	VLD1 (R2), [V0.B16]
	VLD1.P 16(R4), [V1.B16]
	VEOR   V1.B16, V0.B16, V0.B16
	SUBS   $16, R5, R5
	BEQ    enclast

encloop:
	VLD1.P 16(R4), [V1.B16]   // P[j+1]
	VEOR   V1.B16, V31.B16, V2.B16
	ENCROUNDS(encl128, encl192, encldone)
	VEOR   V2.B16, V0.B16, V0.B16  // C[j] ^ P[j+1]
	VEOR   V1.B16, V0.B16, V3.B16  // C[j]
	VST1.P [V3.B16], 16(R3)
	SUBS   $16, R5, R5
	BNE    encloop

enclast:
	ENCROUNDS(enclast128, enclast192, enclastdone)
	VEOR   V31.B16, V0.B16, V0.B16
	VST1.P [V0.B16], 16(R3)
	VST1   [V0.B16], (R2)
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	VEOR   V31.B16, V31.B16, V31.B16
	ZEROKEYS
	RET

// DR4(k) is one AESD-AESIMC round of key k on the four blocks V0-V3; DL4(k)
// the last AESD.
#define DR4(k) \
	AESD   k, V0.B16 \
	AESIMC V0.B16, V0.B16 \
	AESD   k, V1.B16 \
	AESIMC V1.B16, V1.B16 \
	AESD   k, V2.B16 \
	AESIMC V2.B16, V2.B16 \
	AESD   k, V3.B16 \
	AESIMC V3.B16, V3.B16

#define DL4(k, last) \
	AESD k, V0.B16 \
	AESD k, V1.B16 \
	AESD k, V2.B16 \
	AESD k, V3.B16 \
	VEOR last, V0.B16, V0.B16 \
	VEOR last, V1.B16, V1.B16 \
	VEOR last, V2.B16, V2.B16 \
	VEOR last, V3.B16, V3.B16

// DR8(k) and DL8(k, last) are DR4 and DL4 on the eight blocks V0-V7.
#define DR8(k) \
	DR4(k) \
	AESD   k, V4.B16 \
	AESIMC V4.B16, V4.B16 \
	AESD   k, V5.B16 \
	AESIMC V5.B16, V5.B16 \
	AESD   k, V6.B16 \
	AESIMC V6.B16, V6.B16 \
	AESD   k, V7.B16 \
	AESIMC V7.B16, V7.B16

#define DL8(k, last) \
	DL4(k, last) \
	AESD k, V4.B16 \
	AESD k, V5.B16 \
	AESD k, V6.B16 \
	AESD k, V7.B16 \
	VEOR last, V4.B16, V4.B16 \
	VEOR last, V5.B16, V5.B16 \
	VEOR last, V6.B16, V6.B16 \
	VEOR last, V7.B16, V7.B16

#define DR1(k) \
	AESD   k, V0.B16 \
	AESIMC V0.B16, V0.B16

// func nativeDecryptCBC(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
//
// CBC decryption (SP 800-38A, Section 6.2) of n bytes (a positive multiple
// of 16) with the equivalent inverse cipher's schedule: eight independent
// blocks per pass (V0-V7, their ciphertext kept in V8-V15 for the chaining
// XOR, so dst may equal src; AESD and AESIMC adjacent, as cores that fuse
// the pair want them), then four, then one at a time. V31 is the chaining
// value; the round keys fill V16-V30.
TEXT ·nativeDecryptCBC(SB), NOSPLIT, $0-48
	MOVD nr+0(FP), R0
	MOVD xk+8(FP), R1
	MOVD iv+16(FP), R2
	MOVD dst+24(FP), R3
	MOVD src+32(FP), R4
	MOVD n+40(FP), R5
	LOADKEYS
	VLD1 (R2), [V31.B16]

dec8:
	CMP    $128, R5
	BLT    dec4
	VLD1.P 64(R4), [V0.B16, V1.B16, V2.B16, V3.B16]
	VLD1.P 64(R4), [V4.B16, V5.B16, V6.B16, V7.B16]
	VMOV   V0.B16, V8.B16
	VMOV   V1.B16, V9.B16
	VMOV   V2.B16, V10.B16
	VMOV   V3.B16, V11.B16
	VMOV   V4.B16, V12.B16
	VMOV   V5.B16, V13.B16
	VMOV   V6.B16, V14.B16
	VMOV   V7.B16, V15.B16
	DR8(V16.B16)
	DR8(V17.B16)
	DR8(V18.B16)
	DR8(V19.B16)
	DR8(V20.B16)
	DR8(V21.B16)
	DR8(V22.B16)
	DR8(V23.B16)
	DR8(V24.B16)
	CMP    $10, R0
	BEQ    dec8k128
	DR8(V25.B16)
	DR8(V26.B16)
	CMP    $12, R0
	BEQ    dec8k192
	DR8(V27.B16)
	DR8(V28.B16)
	DL8(V29.B16, V30.B16)
	B      dec8xor

dec8k192:
	DL8(V27.B16, V28.B16)
	B dec8xor

dec8k128:
	DL8(V25.B16, V26.B16)

dec8xor:
	VEOR   V31.B16, V0.B16, V0.B16
	VEOR   V8.B16, V1.B16, V1.B16
	VEOR   V9.B16, V2.B16, V2.B16
	VEOR   V10.B16, V3.B16, V3.B16
	VEOR   V11.B16, V4.B16, V4.B16
	VEOR   V12.B16, V5.B16, V5.B16
	VEOR   V13.B16, V6.B16, V6.B16
	VEOR   V14.B16, V7.B16, V7.B16
	VMOV   V15.B16, V31.B16
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R3)
	VST1.P [V4.B16, V5.B16, V6.B16, V7.B16], 64(R3)
	SUB    $128, R5
	B      dec8

dec4:
	CMP    $64, R5
	BLT    dec1
	VLD1.P 64(R4), [V0.B16, V1.B16, V2.B16, V3.B16]
	VMOV   V0.B16, V4.B16
	VMOV   V1.B16, V5.B16
	VMOV   V2.B16, V6.B16
	VMOV   V3.B16, V7.B16
	DR4(V16.B16)
	DR4(V17.B16)
	DR4(V18.B16)
	DR4(V19.B16)
	DR4(V20.B16)
	DR4(V21.B16)
	DR4(V22.B16)
	DR4(V23.B16)
	DR4(V24.B16)
	CMP    $10, R0
	BEQ    dec4k128
	DR4(V25.B16)
	DR4(V26.B16)
	CMP    $12, R0
	BEQ    dec4k192
	DR4(V27.B16)
	DR4(V28.B16)
	DL4(V29.B16, V30.B16)
	B      dec4xor

dec4k192:
	DL4(V27.B16, V28.B16)
	B dec4xor

dec4k128:
	DL4(V25.B16, V26.B16)

dec4xor:
	VEOR   V31.B16, V0.B16, V0.B16
	VEOR   V4.B16, V1.B16, V1.B16
	VEOR   V5.B16, V2.B16, V2.B16
	VEOR   V6.B16, V3.B16, V3.B16
	VMOV   V7.B16, V31.B16
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R3)
	SUB    $64, R5
	B      dec4

dec1:
	CBZ    R5, decdone
	VLD1.P 16(R4), [V0.B16]
	VMOV   V0.B16, V4.B16
	DR1(V16.B16)
	DR1(V17.B16)
	DR1(V18.B16)
	DR1(V19.B16)
	DR1(V20.B16)
	DR1(V21.B16)
	DR1(V22.B16)
	DR1(V23.B16)
	DR1(V24.B16)
	CMP    $10, R0
	BEQ    dec1k128
	DR1(V25.B16)
	DR1(V26.B16)
	CMP    $12, R0
	BEQ    dec1k192
	DR1(V27.B16)
	DR1(V28.B16)
	AESD   V29.B16, V0.B16
	VEOR   V30.B16, V0.B16, V0.B16
	B      dec1xor

dec1k192:
	AESD V27.B16, V0.B16
	VEOR V28.B16, V0.B16, V0.B16
	B    dec1xor

dec1k128:
	AESD V25.B16, V0.B16
	VEOR V26.B16, V0.B16, V0.B16

dec1xor:
	VEOR   V31.B16, V0.B16, V0.B16
	VMOV   V4.B16, V31.B16
	VST1.P [V0.B16], 16(R3)
	SUB    $16, R5
	B      dec1

decdone:
	VST1 [V31.B16], (R2)
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
	VEOR V10.B16, V10.B16, V10.B16
	VEOR V11.B16, V11.B16, V11.B16
	VEOR V12.B16, V12.B16, V12.B16
	VEOR V13.B16, V13.B16, V13.B16
	VEOR V14.B16, V14.B16, V14.B16
	VEOR V15.B16, V15.B16, V15.B16
	VEOR V31.B16, V31.B16, V31.B16
	ZEROKEYS
	RET
