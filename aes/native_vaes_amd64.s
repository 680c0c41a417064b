//go:build !purego

#include "textflag.h"

// CBC decryption on VAES: the AES instructions on every 128-bit lane of a
// YMM (two blocks) or ZMM (four blocks) register. Eight registers per pass,
// as in the AES-NI code, carry 16 or 32 independent blocks; the round key
// is broadcast to every lane. The chaining XOR needs, for the blocks of
// one register, the ciphertext blocks one position earlier: memory at
// src-16 for all registers but the first, whose first lane is the previous
// pass's last ciphertext block (or the IV). That block is kept in the top
// lane of a register (Y9 or Z9) and shifted in below the pass's first
// ciphertext blocks with VPERM2I128 or VALIGNQ. Every function ends with
// VZEROUPPER or zeroes what held key or data.

// ROUNDY(off) is one AESDEC round of round key off(BX) on Y0-Y7.
#define ROUNDY(off) \
	VBROADCASTI128 off(BX), Y8 \
	VAESDEC        Y8, Y0, Y0 \
	VAESDEC        Y8, Y1, Y1 \
	VAESDEC        Y8, Y2, Y2 \
	VAESDEC        Y8, Y3, Y3 \
	VAESDEC        Y8, Y4, Y4 \
	VAESDEC        Y8, Y5, Y5 \
	VAESDEC        Y8, Y6, Y6 \
	VAESDEC        Y8, Y7, Y7

// ROUNDY4(off) is one AESDEC round of round key off(BX) on Y0-Y3.
#define ROUNDY4(off) \
	VBROADCASTI128 off(BX), Y8 \
	VAESDEC        Y8, Y0, Y0 \
	VAESDEC        Y8, Y1, Y1 \
	VAESDEC        Y8, Y2, Y2 \
	VAESDEC        Y8, Y3, Y3

// func nativeDecryptCBCVAES2(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
//
// CBC decryption of n bytes, a positive multiple of 128, with VAES on YMM
// registers (AVX2): 16 blocks per pass, then, if 128 bytes remain, one
// pass of 8 blocks in Y0-Y3. Same contract as nativeDecryptCBC.
//
// Speed knob: the 8-block pass is what a data flow's 128-byte chunk runs.
// Four YMM instructions per round on two AES units take two cycles, under
// the instruction's latency, so the pass costs about Nr AES latencies;
// AES-NI's eight instructions per round take four cycles.
TEXT ·nativeDecryptCBCVAES2(SB), NOSPLIT, $0-48
	MOVQ           nr+0(FP), AX
	MOVQ           xk+8(FP), BX
	MOVQ           iv+16(FP), CX
	MOVQ           dst+24(FP), DI
	MOVQ           src+32(FP), SI
	MOVQ           n+40(FP), DX
	VBROADCASTI128 (CX), Y9            // previous ciphertext block in the top lane
	MOVQ           AX, R8
	SHLQ           $4, R8
	VBROADCASTI128 (BX), Y10
	VBROADCASTI128 (BX)(R8*1), Y11

loopy:
	CMPQ    DX, $256
	JB      eighty
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU 128(SI), Y4
	VMOVDQU 160(SI), Y5
	VMOVDQU 192(SI), Y6
	VMOVDQU 224(SI), Y7
	VPXOR   Y10, Y0, Y0
	VPXOR   Y10, Y1, Y1
	VPXOR   Y10, Y2, Y2
	VPXOR   Y10, Y3, Y3
	VPXOR   Y10, Y4, Y4
	VPXOR   Y10, Y5, Y5
	VPXOR   Y10, Y6, Y6
	VPXOR   Y10, Y7, Y7
	ROUNDY(16)
	ROUNDY(32)
	ROUNDY(48)
	ROUNDY(64)
	ROUNDY(80)
	ROUNDY(96)
	ROUNDY(112)
	ROUNDY(128)
	ROUNDY(144)
	CMPQ    AX, $10
	JE      lasty
	ROUNDY(160)
	ROUNDY(176)
	CMPQ    AX, $12
	JE      lasty
	ROUNDY(192)
	ROUNDY(208)

lasty:
	VAESDECLAST Y11, Y0, Y0
	VAESDECLAST Y11, Y1, Y1
	VAESDECLAST Y11, Y2, Y2
	VAESDECLAST Y11, Y3, Y3
	VAESDECLAST Y11, Y4, Y4
	VAESDECLAST Y11, Y5, Y5
	VAESDECLAST Y11, Y6, Y6
	VAESDECLAST Y11, Y7, Y7
	VPERM2I128  $0x21, 0(SI), Y9, Y12 // (previous block, C0)
	VPXOR       Y12, Y0, Y0
	VPXOR       16(SI), Y1, Y1
	VPXOR       48(SI), Y2, Y2
	VPXOR       80(SI), Y3, Y3
	VPXOR       112(SI), Y4, Y4
	VPXOR       144(SI), Y5, Y5
	VPXOR       176(SI), Y6, Y6
	VPXOR       208(SI), Y7, Y7
	VMOVDQU     224(SI), Y9           // its top lane: the pass's last block
	VMOVDQU     Y0, 0(DI)
	VMOVDQU     Y1, 32(DI)
	VMOVDQU     Y2, 64(DI)
	VMOVDQU     Y3, 96(DI)
	VMOVDQU     Y4, 128(DI)
	VMOVDQU     Y5, 160(DI)
	VMOVDQU     Y6, 192(DI)
	VMOVDQU     Y7, 224(DI)
	ADDQ        $256, SI
	ADDQ        $256, DI
	SUBQ        $256, DX
	JMP         loopy

eighty:
	TESTQ   DX, DX
	JZ      doney
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VPXOR   Y10, Y0, Y0
	VPXOR   Y10, Y1, Y1
	VPXOR   Y10, Y2, Y2
	VPXOR   Y10, Y3, Y3
	ROUNDY4(16)
	ROUNDY4(32)
	ROUNDY4(48)
	ROUNDY4(64)
	ROUNDY4(80)
	ROUNDY4(96)
	ROUNDY4(112)
	ROUNDY4(128)
	ROUNDY4(144)
	CMPQ    AX, $10
	JE      last8y
	ROUNDY4(160)
	ROUNDY4(176)
	CMPQ    AX, $12
	JE      last8y
	ROUNDY4(192)
	ROUNDY4(208)

last8y:
	VAESDECLAST Y11, Y0, Y0
	VAESDECLAST Y11, Y1, Y1
	VAESDECLAST Y11, Y2, Y2
	VAESDECLAST Y11, Y3, Y3
	VPERM2I128  $0x21, 0(SI), Y9, Y12 // (previous block, C0)
	VPXOR       Y12, Y0, Y0
	VPXOR       16(SI), Y1, Y1
	VPXOR       48(SI), Y2, Y2
	VPXOR       80(SI), Y3, Y3
	VMOVDQU     96(SI), Y9            // its top lane: the pass's last block
	VMOVDQU     Y0, 0(DI)
	VMOVDQU     Y1, 32(DI)
	VMOVDQU     Y2, 64(DI)
	VMOVDQU     Y3, 96(DI)

doney:
	VEXTRACTI128 $1, Y9, X9
	VMOVDQU      X9, (CX)
	VPXOR        Y0, Y0, Y0           // key and data out of Y0-Y12: zero
	VPXOR        Y1, Y1, Y1           // idioms, which the processor drops
	VPXOR        Y2, Y2, Y2           // at renaming, where VZEROALL is
	VPXOR        Y3, Y3, Y3           // microcoded on AMD processors
	VPXOR        Y4, Y4, Y4
	VPXOR        Y5, Y5, Y5
	VPXOR        Y6, Y6, Y6
	VPXOR        Y7, Y7, Y7
	VPXOR        Y8, Y8, Y8
	VPXOR        Y9, Y9, Y9
	VPXOR        Y10, Y10, Y10
	VPXOR        Y11, Y11, Y11
	VPXOR        Y12, Y12, Y12
	VZEROUPPER
	RET

// ROUNDZ(off) is one AESDEC round of round key off(BX) on Z0-Z7.
#define ROUNDZ(off) \
	VBROADCASTI32X4 off(BX), Z8 \
	VAESDEC         Z8, Z0, Z0 \
	VAESDEC         Z8, Z1, Z1 \
	VAESDEC         Z8, Z2, Z2 \
	VAESDEC         Z8, Z3, Z3 \
	VAESDEC         Z8, Z4, Z4 \
	VAESDEC         Z8, Z5, Z5 \
	VAESDEC         Z8, Z6, Z6 \
	VAESDEC         Z8, Z7, Z7

// func nativeDecryptCBCVAES4(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
//
// CBC decryption of n bytes, a positive multiple of 512, with VAES on ZMM
// registers (AVX-512F): 32 blocks per pass. Same contract as
// nativeDecryptCBC.
TEXT ·nativeDecryptCBCVAES4(SB), NOSPLIT, $0-48
	MOVQ            nr+0(FP), AX
	MOVQ            xk+8(FP), BX
	MOVQ            iv+16(FP), CX
	MOVQ            dst+24(FP), DI
	MOVQ            src+32(FP), SI
	MOVQ            n+40(FP), DX
	VBROADCASTI32X4 (CX), Z9           // previous ciphertext block in the top lane
	MOVQ            AX, R8
	SHLQ            $4, R8
	VBROADCASTI32X4 (BX), Z10
	VBROADCASTI32X4 (BX)(R8*1), Z11

loopz:
	VMOVDQU64 0(SI), Z0
	VMOVDQU64 64(SI), Z1
	VMOVDQU64 128(SI), Z2
	VMOVDQU64 192(SI), Z3
	VMOVDQU64 256(SI), Z4
	VMOVDQU64 320(SI), Z5
	VMOVDQU64 384(SI), Z6
	VMOVDQU64 448(SI), Z7
	VPXORQ    Z10, Z0, Z0
	VPXORQ    Z10, Z1, Z1
	VPXORQ    Z10, Z2, Z2
	VPXORQ    Z10, Z3, Z3
	VPXORQ    Z10, Z4, Z4
	VPXORQ    Z10, Z5, Z5
	VPXORQ    Z10, Z6, Z6
	VPXORQ    Z10, Z7, Z7
	ROUNDZ(16)
	ROUNDZ(32)
	ROUNDZ(48)
	ROUNDZ(64)
	ROUNDZ(80)
	ROUNDZ(96)
	ROUNDZ(112)
	ROUNDZ(128)
	ROUNDZ(144)
	CMPQ      AX, $10
	JE        lastz
	ROUNDZ(160)
	ROUNDZ(176)
	CMPQ      AX, $12
	JE        lastz
	ROUNDZ(192)
	ROUNDZ(208)

lastz:
	VAESDECLAST Z11, Z0, Z0
	VAESDECLAST Z11, Z1, Z1
	VAESDECLAST Z11, Z2, Z2
	VAESDECLAST Z11, Z3, Z3
	VAESDECLAST Z11, Z4, Z4
	VAESDECLAST Z11, Z5, Z5
	VAESDECLAST Z11, Z6, Z6
	VAESDECLAST Z11, Z7, Z7
	VMOVDQU64   0(SI), Z12
	VALIGNQ     $6, Z9, Z12, Z12      // (previous block, C0, C1, C2)
	VPXORQ      Z12, Z0, Z0
	VPXORQ      48(SI), Z1, Z1
	VPXORQ      112(SI), Z2, Z2
	VPXORQ      176(SI), Z3, Z3
	VPXORQ      240(SI), Z4, Z4
	VPXORQ      304(SI), Z5, Z5
	VPXORQ      368(SI), Z6, Z6
	VPXORQ      432(SI), Z7, Z7
	VMOVDQU64   448(SI), Z9           // its top lane: the pass's last block
	VMOVDQU64   Z0, 0(DI)
	VMOVDQU64   Z1, 64(DI)
	VMOVDQU64   Z2, 128(DI)
	VMOVDQU64   Z3, 192(DI)
	VMOVDQU64   Z4, 256(DI)
	VMOVDQU64   Z5, 320(DI)
	VMOVDQU64   Z6, 384(DI)
	VMOVDQU64   Z7, 448(DI)
	ADDQ        $512, SI
	ADDQ        $512, DI
	SUBQ        $512, DX
	JNZ         loopz

	VEXTRACTI32X4 $3, Z9, X9
	VMOVDQU       X9, (CX)
	VPXORQ        Z0, Z0, Z0
	VPXORQ        Z1, Z1, Z1
	VPXORQ        Z2, Z2, Z2
	VPXORQ        Z3, Z3, Z3
	VPXORQ        Z4, Z4, Z4
	VPXORQ        Z5, Z5, Z5
	VPXORQ        Z6, Z6, Z6
	VPXORQ        Z7, Z7, Z7
	VPXORQ        Z8, Z8, Z8
	VPXORQ        Z9, Z9, Z9
	VPXORQ        Z10, Z10, Z10
	VPXORQ        Z11, Z11, Z11
	VPXORQ        Z12, Z12, Z12
	VZEROUPPER
	RET
