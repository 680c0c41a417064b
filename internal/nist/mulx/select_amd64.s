//go:build !purego

#include "textflag.h"

// Constant-time table scans on AVX2 for the fixed-base windows: every
// entry is read, and the one whose 1-based number equals d is kept by
// masks from VPCMPEQQ (no branch or address depends on d). The loop runs
// over the public number of entries.

// func Select8(out *[8]uint64, table *uint64, entries int, d uint64)
TEXT ·Select8(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ table+8(FP), SI
	MOVQ entries+16(FP), CX
	MOVQ $1, AX
	MOVQ AX, X13
	VPBROADCASTQ X13, Y13 // 1 in every lane: the increment
	VMOVDQU Y13, Y14      // the entry number, from 1
	MOVQ d+24(FP), AX
	MOVQ AX, X15
	VPBROADCASTQ X15, Y15 // d in every lane
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	TESTQ CX, CX
	JZ done8

loop8:
	VPCMPEQQ Y15, Y14, Y2 // all ones where the entry number is d
	VPAND 0(SI), Y2, Y3
	VPOR Y3, Y0, Y0
	VPAND 32(SI), Y2, Y4
	VPOR Y4, Y1, Y1
	VPADDQ Y13, Y14, Y14
	ADDQ $64, SI
	DECQ CX
	JNZ loop8

done8:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VZEROUPPER
	RET

// func Select12(out *[12]uint64, table *uint64, entries int, d uint64)
TEXT ·Select12(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ table+8(FP), SI
	MOVQ entries+16(FP), CX
	MOVQ $1, AX
	MOVQ AX, X13
	VPBROADCASTQ X13, Y13
	VMOVDQU Y13, Y14
	MOVQ d+24(FP), AX
	MOVQ AX, X15
	VPBROADCASTQ X15, Y15
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y5, Y5, Y5
	TESTQ CX, CX
	JZ done12

loop12:
	VPCMPEQQ Y15, Y14, Y2
	VPAND 0(SI), Y2, Y3
	VPOR Y3, Y0, Y0
	VPAND 32(SI), Y2, Y4
	VPOR Y4, Y1, Y1
	VPAND 64(SI), Y2, Y6
	VPOR Y6, Y5, Y5
	VPADDQ Y13, Y14, Y14
	ADDQ $96, SI
	DECQ CX
	JNZ loop12

done12:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y5, 64(DI)
	VZEROUPPER
	RET
