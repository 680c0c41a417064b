// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !purego

#include "textflag.h"

// ROW adds x·y to z: SI = &x[0], DI = &z[0], CX = n, DX = y. On exit
// BX = the carry word. Clobbers AX, R8, R9, R10, R12, R13, SI, DI, CX, and
// DX. Blocks of four limbs keep the two carry chains (CF for the high
// words, OF for z) running from block to block: the loop control (LEAQ,
// JCXZQ, JMP) leaves the flags alone, and both chains are folded into the
// carry word once, before the n mod 4 remaining limbs (MULQ).
#define ROW \
	MOVQ DX, R10 \
	MOVQ CX, R12 \
	SHRQ $2, CX \
	XORQ BX, BX \
	XORQ R13, R13 \
	JCXZQ rowfold \
rowblock: \
	MULXQ 0(SI), R8, R9 \
	ADCXQ BX, R8 \
	ADOXQ 0(DI), R8 \
	MOVQ R8, 0(DI) \
	MULXQ 8(SI), R8, BX \
	ADCXQ R9, R8 \
	ADOXQ 8(DI), R8 \
	MOVQ R8, 8(DI) \
	MULXQ 16(SI), R8, R9 \
	ADCXQ BX, R8 \
	ADOXQ 16(DI), R8 \
	MOVQ R8, 16(DI) \
	MULXQ 24(SI), R8, BX \
	ADCXQ R9, R8 \
	ADOXQ 24(DI), R8 \
	MOVQ R8, 24(DI) \
	LEAQ 32(SI), SI \
	LEAQ 32(DI), DI \
	LEAQ -1(CX), CX \
	JCXZQ rowfold \
	JMP rowblock \
rowfold: \
	ADCXQ R13, BX \
	ADOXQ R13, BX \
	MOVQ R12, CX \
	ANDQ $3, CX \
	JZ rowdone \
rowtailloop: \
	MOVQ 0(SI), AX \
	MULQ R10 \
	ADDQ BX, AX \
	ADCQ $0, DX \
	ADDQ 0(DI), AX \
	ADCQ $0, DX \
	MOVQ AX, 0(DI) \
	MOVQ DX, BX \
	LEAQ 8(SI), SI \
	LEAQ 8(DI), DI \
	DECQ CX \
	JNZ rowtailloop \
rowdone:

// B4 adds x[o/8 : o/8+4]·DX into z at the same offset, continuing both
// carry chains (no loop control: the fixed-length rows below are
// straight-line sequences of B4).
#define B4(o) \
	MULXQ (o)(SI), R8, R9 \
	ADCXQ BX, R8 \
	ADOXQ (o)(DI), R8 \
	MOVQ R8, (o)(DI) \
	MULXQ (o+8)(SI), R8, BX \
	ADCXQ R9, R8 \
	ADOXQ (o+8)(DI), R8 \
	MOVQ R8, (o+8)(DI) \
	MULXQ (o+16)(SI), R8, R9 \
	ADCXQ BX, R8 \
	ADOXQ (o+16)(DI), R8 \
	MOVQ R8, (o+16)(DI) \
	MULXQ (o+24)(SI), R8, BX \
	ADCXQ R9, R8 \
	ADOXQ (o+24)(DI), R8 \
	MOVQ R8, (o+24)(DI)

#define ROW16 \
	XORQ BX, BX \
	XORQ R13, R13 \
	B4(0) \
	B4(32) \
	B4(64) \
	B4(96) \
	ADCXQ R13, BX \
	ADOXQ R13, BX

#define ROW24 \
	XORQ BX, BX \
	XORQ R13, R13 \
	B4(0) \
	B4(32) \
	B4(64) \
	B4(96) \
	B4(128) \
	B4(160) \
	ADCXQ R13, BX \
	ADOXQ R13, BX

#define ROW32 \
	XORQ BX, BX \
	XORQ R13, R13 \
	B4(0) \
	B4(32) \
	B4(64) \
	B4(96) \
	B4(128) \
	B4(160) \
	B4(192) \
	B4(224) \
	ADCXQ R13, BX \
	ADOXQ R13, BX

#define ROW48 \
	XORQ BX, BX \
	XORQ R13, R13 \
	B4(0) \
	B4(32) \
	B4(64) \
	B4(96) \
	B4(128) \
	B4(160) \
	B4(192) \
	B4(224) \
	B4(256) \
	B4(288) \
	B4(320) \
	B4(352) \
	ADCXQ R13, BX \
	ADOXQ R13, BX

#define ROW64 \
	XORQ BX, BX \
	XORQ R13, R13 \
	B4(0) \
	B4(32) \
	B4(64) \
	B4(96) \
	B4(128) \
	B4(160) \
	B4(192) \
	B4(224) \
	B4(256) \
	B4(288) \
	B4(320) \
	B4(352) \
	B4(384) \
	B4(416) \
	B4(448) \
	B4(480) \
	ADCXQ R13, BX \
	ADOXQ R13, BX

// MULROWS and REDCROWS are the loops of mulRowsADX and redcRowsADX
// around a fixed-length row macro.
#define MULROWS(ROWN) \
	MOVQ p_base+0(FP), R14 \
	MOVQ x_base+24(FP), R15 \
	MOVQ x_len+32(FP), R11 \
	MOVQ y_base+48(FP), AX \
	MOVQ AX, 0(SP) \
	MOVQ R11, 8(SP) \
mulouter: \
	MOVQ 0(SP), AX \
	MOVQ 0(AX), DX \
	MOVQ R14, DI \
	MOVQ R15, SI \
	ROWN \
	MOVQ BX, 0(R14)(R11*8) \
	ADDQ $8, R14 \
	ADDQ $8, 0(SP) \
	DECQ 8(SP) \
	JNZ mulouter \
	RET

#define REDCROWS(ROWN) \
	MOVQ p_base+0(FP), R14 \
	MOVQ n_base+24(FP), R15 \
	MOVQ n_len+32(FP), R11 \
	MOVQ $0, 0(SP) \
	MOVQ R11, 8(SP) \
redouter: \
	MOVQ 0(R14), DX \
	IMULQ n0+48(FP), DX \
	MOVQ R14, DI \
	MOVQ R15, SI \
	ROWN \
	XORQ DX, DX \
	ADDQ BX, 0(R14)(R11*8) \
	ADCQ $0, DX \
	MOVQ 0(SP), AX \
	ADDQ AX, 0(R14)(R11*8) \
	ADCQ $0, DX \
	MOVQ DX, 0(SP) \
	ADDQ $8, R14 \
	DECQ 8(SP) \
	JNZ redouter \
	MOVQ 0(SP), AX \
	MOVQ AX, top+56(FP) \
	RET


// func addMulVVWADX(z, x []uint64, y uint64) (c uint64)
//
// z[0:n] += x[0:n]·y, n = len(x), returning the carry word. Blocks of four
// limbs use MULX (flags untouched) with two carry chains, ADCX (CF) for
// the high words moving up and ADOX (OF) for the addition of z; at the end
// of a block both chains are folded into the carry word, so the loop
// control may clobber the flags. The remaining n mod 4 limbs use MULQ.
TEXT ·addMulVVWADX(SB), NOSPLIT, $0-64
	MOVQ z_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y+48(FP), R10
	XORQ BX, BX // carry word
	XORQ R13, R13 // zero
	MOVQ CX, R12
	SHRQ $2, R12 // blocks of 4
	JZ tail
	MOVQ R10, DX
block:
	XORQ R13, R13 // clears CF and OF
	MULXQ 0(SI), R8, R9
	ADCXQ BX, R8
	ADOXQ 0(DI), R8
	MOVQ R8, 0(DI)
	MULXQ 8(SI), R8, BX
	ADCXQ R9, R8
	ADOXQ 8(DI), R8
	MOVQ R8, 8(DI)
	MULXQ 16(SI), R8, R9
	ADCXQ BX, R8
	ADOXQ 16(DI), R8
	MOVQ R8, 16(DI)
	MULXQ 24(SI), R8, BX
	ADCXQ R9, R8
	ADOXQ 24(DI), R8
	MOVQ R8, 24(DI)
	ADCXQ R13, BX
	ADOXQ R13, BX
	LEAQ 32(SI), SI
	LEAQ 32(DI), DI
	DECQ R12
	JNZ block
tail:
	ANDQ $3, CX
	JZ done
tailloop:
	MOVQ 0(SI), AX
	MULQ R10
	ADDQ BX, AX
	ADCQ $0, DX
	ADDQ 0(DI), AX
	ADCQ $0, DX
	MOVQ AX, 0(DI)
	MOVQ DX, BX
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	DECQ CX
	JNZ tailloop
done:
	MOVQ BX, c+56(FP)
	RET

// func addMulVVWMULQ(z, x []uint64, y uint64) (c uint64)
//
// The same with MULQ alone, for processors without BMI2 and ADX.
TEXT ·addMulVVWMULQ(SB), NOSPLIT, $0-64
	MOVQ z_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y+48(FP), R10
	XORQ BX, BX
	TESTQ CX, CX
	JZ done
loop:
	MOVQ 0(SI), AX
	MULQ R10
	ADDQ BX, AX
	ADCQ $0, DX
	ADDQ 0(DI), AX
	ADCQ $0, DX
	MOVQ AX, 0(DI)
	MOVQ DX, BX
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	DECQ CX
	JNZ loop
done:
	MOVQ BX, c+56(FP)
	RET

// func mulRowsADX(p, x, y []uint64)
//
// p[0:2L] = x·y for L = len(x) = len(y), p zero on entry: row i adds
// x·y[i] at p[i:] and stores its carry word in p[i+L].
TEXT ·mulRowsADX(SB), NOSPLIT, $16-72
	MOVQ p_base+0(FP), R14
	MOVQ x_base+24(FP), R15
	MOVQ x_len+32(FP), R11
	MOVQ y_base+48(FP), AX
	MOVQ AX, 0(SP) // &y[i]
	MOVQ R11, 8(SP) // rows left
mulouter:
	MOVQ 0(SP), AX
	MOVQ 0(AX), DX
	MOVQ R14, DI
	MOVQ R15, SI
	MOVQ R11, CX
	ROW
	MOVQ BX, 0(R14)(R11*8)
	ADDQ $8, R14
	ADDQ $8, 0(SP)
	DECQ 8(SP)
	JNZ mulouter
	RET

// func sqrCrossADX(p, x []uint64)
//
// p[1:2L-1] = Σ_{i<j} x[i]·x[j]·2^(64(i+j)) for L = len(x) ≥ 2, p zero on
// entry: row i adds x[i+1:]·x[i] at p[2i+1:] and stores its carry word in
// p[i+L].
TEXT ·sqrCrossADX(SB), NOSPLIT, $24-48
	MOVQ p_base+0(FP), R14
	MOVQ x_base+24(FP), R15
	MOVQ x_len+32(FP), R11
	DECQ R11 // rows: L-1, row i has L-1-i limbs
	MOVQ R11, 8(SP) // rows left = row length
	LEAQ 8(R14), AX
	MOVQ AX, 16(SP) // &p[2i+1]
sqrouter:
	MOVQ 0(R15), DX // x[i]
	LEAQ 8(R15), SI // &x[i+1]
	MOVQ 16(SP), DI
	MOVQ 8(SP), CX
	ROW
	// p[i+L] = carry: &p[2i+1] + (L-1-i)·8 = &p[i+L].
	MOVQ 16(SP), AX
	MOVQ 8(SP), CX
	MOVQ BX, 0(AX)(CX*8)
	ADDQ $16, 16(SP)
	ADDQ $8, R15
	DECQ 8(SP)
	JNZ sqrouter
	RET

// func redcRowsADX(p, n []uint64, n0 uint64) (top uint64)
//
// The rows of the Montgomery reduction of p[0:2L], L = len(n): row i
// adds n·q at p[i:] with q = p[i]·n0 mod 2^64 and adds its carry word,
// with the running top carry, into p[i+L]. Returns the final top carry.
TEXT ·redcRowsADX(SB), NOSPLIT, $16-64
	MOVQ p_base+0(FP), R14
	MOVQ n_base+24(FP), R15
	MOVQ n_len+32(FP), R11
	MOVQ $0, 0(SP) // top
	MOVQ R11, 8(SP) // rows left
redouter:
	MOVQ 0(R14), DX
	IMULQ n0+48(FP), DX
	MOVQ R14, DI
	MOVQ R15, SI
	MOVQ R11, CX
	ROW
	XORQ DX, DX
	ADDQ BX, 0(R14)(R11*8)
	ADCQ $0, DX
	MOVQ 0(SP), AX
	ADDQ AX, 0(R14)(R11*8)
	ADCQ $0, DX
	MOVQ DX, 0(SP)
	ADDQ $8, R14
	DECQ 8(SP)
	JNZ redouter
	MOVQ 0(SP), AX
	MOVQ AX, top+56(FP)
	RET

// func mulRows16ADX(p, x, y []uint64): mulRowsADX for L = 16.
TEXT ·mulRows16ADX(SB), NOSPLIT, $16-72
	MULROWS(ROW16)

// func redcRows16ADX(p, n []uint64, n0 uint64) (top uint64): redcRowsADX
// for L = 16.
TEXT ·redcRows16ADX(SB), NOSPLIT, $16-64
	REDCROWS(ROW16)

// func mulRows24ADX(p, x, y []uint64): mulRowsADX for L = 24.
TEXT ·mulRows24ADX(SB), NOSPLIT, $16-72
	MULROWS(ROW24)

// func redcRows24ADX(p, n []uint64, n0 uint64) (top uint64): redcRowsADX
// for L = 24.
TEXT ·redcRows24ADX(SB), NOSPLIT, $16-64
	REDCROWS(ROW24)

// func mulRows32ADX(p, x, y []uint64): mulRowsADX for L = 32.
TEXT ·mulRows32ADX(SB), NOSPLIT, $16-72
	MULROWS(ROW32)

// func redcRows32ADX(p, n []uint64, n0 uint64) (top uint64): redcRowsADX
// for L = 32.
TEXT ·redcRows32ADX(SB), NOSPLIT, $16-64
	REDCROWS(ROW32)

// func mulRows48ADX(p, x, y []uint64): mulRowsADX for L = 48.
TEXT ·mulRows48ADX(SB), NOSPLIT, $16-72
	MULROWS(ROW48)

// func redcRows48ADX(p, n []uint64, n0 uint64) (top uint64): redcRowsADX
// for L = 48.
TEXT ·redcRows48ADX(SB), NOSPLIT, $16-64
	REDCROWS(ROW48)

// func mulRows64ADX(p, x, y []uint64): mulRowsADX for L = 64.
TEXT ·mulRows64ADX(SB), NOSPLIT, $16-72
	MULROWS(ROW64)

// func redcRows64ADX(p, n []uint64, n0 uint64) (top uint64): redcRowsADX
// for L = 64.
TEXT ·redcRows64ADX(SB), NOSPLIT, $16-64
	REDCROWS(ROW64)
