//go:build !purego

#include "textflag.h"

// Constant-time table scans on AVX2 for the fixed-base windows: every
// entry is read, and the one whose 1-based number equals d is kept by
// masks from VPCMPEQQ (no branch or address depends on d). The loop runs
// over the public number of entries.

// func Select8(out *[8]uint64, table *uint64, entries int, d uint64)
//
// Two entries per pass into two pairs of accumulators (P-256's signing
// scans 32 entries 43 times): the OR chains of the two halves run side by
// side, and the loop costs half as many jumps. An odd last entry gets a
// pass of its own.
TEXT ·Select8(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ table+8(FP), SI
	MOVQ entries+16(FP), CX
	MOVQ $1, AX
	MOVQ AX, X13
	VPBROADCASTQ X13, Y13 // 1 in every lane
	VPADDQ Y13, Y13, Y12  // 2 in every lane: the increment per pass
	VMOVDQU Y13, Y14      // the entry number, from 1
	MOVQ d+24(FP), AX
	MOVQ AX, X15
	VPBROADCASTQ X15, Y15 // d in every lane
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y7, Y7, Y7
	VPXOR Y8, Y8, Y8
	MOVQ CX, BX
	SHRQ $1, BX // passes of two entries
	JZ single8

pair8:
	VPCMPEQQ Y15, Y14, Y2 // all ones where the first entry's number is d
	VPADDQ Y13, Y14, Y9
	VPCMPEQQ Y15, Y9, Y5  // and the second's
	VPAND 0(SI), Y2, Y3
	VPOR Y3, Y0, Y0
	VPAND 32(SI), Y2, Y4
	VPOR Y4, Y1, Y1
	VPAND 64(SI), Y5, Y6
	VPOR Y6, Y7, Y7
	VPAND 96(SI), Y5, Y11
	VPOR Y11, Y8, Y8
	VPADDQ Y12, Y14, Y14
	ADDQ $128, SI
	DECQ BX
	JNZ pair8

single8:
	TESTQ $1, CX
	JZ done8
	VPCMPEQQ Y15, Y14, Y2
	VPAND 0(SI), Y2, Y3
	VPOR Y3, Y0, Y0
	VPAND 32(SI), Y2, Y4
	VPOR Y4, Y1, Y1

done8:
	VPOR Y7, Y0, Y0
	VPOR Y8, Y1, Y1
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VZEROUPPER

	// Prefetch the entries·64 bytes that follow the table into L1: the
	// High table's next window, which signing scans after a point
	// addition (about 150 ns) instead of streaming it from L2 then.
	// PREFETCHT0 is a hint: it does not fault past the end of the table.
	// The addresses depend only on the table's place and size.
	MOVQ entries+16(FP), CX
	TESTQ CX, CX
	JZ noprefetch8

prefetch8:
	PREFETCHT0 (SI)
	ADDQ $64, SI
	DECQ CX
	JNZ prefetch8

noprefetch8:
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
