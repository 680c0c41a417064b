//go:build !purego

#include "textflag.h"

// The matrix updates of the safegcd inversions (invert.go's updateFGGo
// and updateDEGo, the same values) on BMI2 and ADX, each in one function:
// the signed 5-word values by signed 64-bit factors with MULX, the two
// products summed on the ADCX and ADOX carry chains, the division by 2^62
// by double shifts. No branch, no address depending on the values.

// LINCOMB sets R8-R13 to A·x + B·y mod 2^384 for x at SI and y at DI
// (5-word two's complement) and signed 64-bit A and B (read from the
// frame at those offsets), as lincomb: the
// unsigned products by the bits of A and B, minus A·2^320 where x is
// negative and B·2^320 where y is, minus x·2^64 where A is negative and
// y·2^64 where B is. Clobbers AX, BX, CX, DX, R14, SI and DI.
#define LINCOMB(A, B) \
	MOVQ A(SP), DX \
	MULXQ 0(SI), R8, R9 \
	MULXQ 8(SI), AX, R10 \
	ADDQ AX, R9 \
	MULXQ 16(SI), AX, R11 \
	ADCQ AX, R10 \
	MULXQ 24(SI), AX, R12 \
	ADCQ AX, R11 \
	MULXQ 32(SI), AX, R13 \
	ADCQ AX, R12 \
	ADCQ $0, R13 \
	MOVQ 32(SI), CX \
	SARQ $63, CX \
	ANDQ DX, CX \
	SUBQ CX, R13 \
	MOVQ B(SP), DX \
	XORQ CX, CX \
	MULXQ 0(DI), AX, BX \
	ADCXQ AX, R8 \
	ADOXQ BX, R9 \
	MULXQ 8(DI), AX, BX \
	ADCXQ AX, R9 \
	ADOXQ BX, R10 \
	MULXQ 16(DI), AX, BX \
	ADCXQ AX, R10 \
	ADOXQ BX, R11 \
	MULXQ 24(DI), AX, BX \
	ADCXQ AX, R11 \
	ADOXQ BX, R12 \
	MULXQ 32(DI), AX, BX \
	ADCXQ AX, R12 \
	ADOXQ BX, R13 \
	ADCXQ CX, R13 \
	MOVQ 32(DI), CX \
	SARQ $63, CX \
	ANDQ DX, CX \
	SUBQ CX, R13 \
	MOVQ A(SP), CX \
	SARQ $63, CX \
	MOVQ 0(SI), AX \
	ANDQ CX, AX \
	MOVQ 8(SI), BX \
	ANDQ CX, BX \
	MOVQ 16(SI), DX \
	ANDQ CX, DX \
	MOVQ 24(SI), R14 \
	ANDQ CX, R14 \
	MOVQ 32(SI), SI \
	ANDQ CX, SI \
	SUBQ AX, R9 \
	SBBQ BX, R10 \
	SBBQ DX, R11 \
	SBBQ R14, R12 \
	SBBQ SI, R13 \
	MOVQ B(SP), CX \
	SARQ $63, CX \
	MOVQ 0(DI), AX \
	ANDQ CX, AX \
	MOVQ 8(DI), BX \
	ANDQ CX, BX \
	MOVQ 16(DI), DX \
	ANDQ CX, DX \
	MOVQ 24(DI), R14 \
	ANDQ CX, R14 \
	MOVQ 32(DI), DI \
	ANDQ CX, DI \
	SUBQ AX, R9 \
	SBBQ BX, R10 \
	SBBQ DX, R11 \
	SBBQ R14, R12 \
	SBBQ DI, R13

// SHIFT62 sets R8-R12 to R8-R13 / 2^62 (the low 62 bits are zero), as
// shift62.
#define SHIFT62 \
	SHRQ $62, R9, R8 \
	SHRQ $62, R10, R9 \
	SHRQ $62, R11, R10 \
	SHRQ $62, R12, R11 \
	SHRQ $62, R13, R12

// STORE5 writes R8-R12 to the five words at P.
#define STORE5(P) \
	MOVQ R8, 0(P) \
	MOVQ R9, 8(P) \
	MOVQ R10, 16(P) \
	MOVQ R11, 24(P) \
	MOVQ R12, 32(P)

// COPY5 copies five words from S to D through AX.
#define COPY5(S, D) \
	MOVQ 0(S), AX \
	MOVQ AX, 0(D) \
	MOVQ 8(S), AX \
	MOVQ AX, 8(D) \
	MOVQ 16(S), AX \
	MOVQ AX, 16(D) \
	MOVQ 24(S), AX \
	MOVQ AX, 24(D) \
	MOVQ 32(S), AX \
	MOVQ AX, 32(D)

// ADDMNEG adds the modulus at DI (top word zero) to the five words at SI
// if they are negative, as addMIfNegative.
#define ADDMNEG \
	MOVQ 32(SI), CX \
	SARQ $63, CX \
	MOVQ 0(DI), AX \
	ANDQ CX, AX \
	MOVQ 8(DI), BX \
	ANDQ CX, BX \
	MOVQ 16(DI), DX \
	ANDQ CX, DX \
	MOVQ 24(DI), R14 \
	ANDQ CX, R14 \
	ADDQ AX, 0(SI) \
	ADCQ BX, 8(SI) \
	ADCQ DX, 16(SI) \
	ADCQ R14, 24(SI) \
	ADCQ $0, 32(SI)

// ADDKMSHIFT sets R8-R12 to (R8-R13 + k·m)/2^62 - m for the modulus at DI
// (top word zero) and k = R8·negInv62 mod 2^62 (negInv62 in DX), as
// addKM, shift62 and subM.
#define ADDKMSHIFT \
	IMULQ R8, DX \
	MOVQ $0x3fffffffffffffff, AX \
	ANDQ AX, DX \
	XORQ CX, CX \
	MULXQ 0(DI), AX, BX \
	ADCXQ AX, R8 \
	ADOXQ BX, R9 \
	MULXQ 8(DI), AX, BX \
	ADCXQ AX, R9 \
	ADOXQ BX, R10 \
	MULXQ 16(DI), AX, BX \
	ADCXQ AX, R10 \
	ADOXQ BX, R11 \
	MULXQ 24(DI), AX, BX \
	ADCXQ AX, R11 \
	ADOXQ BX, R12 \
	ADCXQ CX, R12 \
	ADCXQ CX, R13 \
	ADOXQ CX, R13 \
	SHIFT62 \
	SUBQ 0(DI), R8 \
	SBBQ 8(DI), R9 \
	SBBQ 16(DI), R10 \
	SBBQ 24(DI), R11 \
	SBBQ $0, R12

// The factors go through the frame (40-64(SP)) into LINCOMB: go vet
// reads a macro's FP operands as operands of one instruction.
#define FACTORS \
	MOVQ u+16(FP), AX \
	MOVQ AX, 40(SP) \
	MOVQ v+24(FP), AX \
	MOVQ AX, 48(SP) \
	MOVQ q+32(FP), AX \
	MOVQ AX, 56(SP) \
	MOVQ r+40(FP), AX \
	MOVQ AX, 64(SP)

// func updateFG(fv, gv *sint, u, v, q, r int64)
TEXT ·updateFG(SB), NOSPLIT, $72-48
	FACTORS
	MOVQ fv+0(FP), SI
	MOVQ gv+8(FP), DI
	LINCOMB(40, 48)
	SHIFT62
	STORE5(SP)
	MOVQ fv+0(FP), SI
	MOVQ gv+8(FP), DI
	LINCOMB(56, 64)
	SHIFT62
	MOVQ gv+8(FP), DI
	STORE5(DI)
	MOVQ fv+0(FP), DI
	COPY5(SP, DI)
	RET

// func updateDE62(d, e *sint, u, v, q, r int64, m *sint, negInv62 uint64)
TEXT ·updateDE62(SB), NOSPLIT, $72-64
	FACTORS
	MOVQ m+48(FP), DI
	MOVQ d+0(FP), SI
	ADDMNEG
	MOVQ e+8(FP), SI
	ADDMNEG
	MOVQ d+0(FP), SI
	MOVQ e+8(FP), DI
	LINCOMB(40, 48)
	MOVQ m+48(FP), DI
	MOVQ negInv62+56(FP), DX
	ADDKMSHIFT
	STORE5(SP)
	MOVQ d+0(FP), SI
	MOVQ e+8(FP), DI
	LINCOMB(56, 64)
	MOVQ m+48(FP), DI
	MOVQ negInv62+56(FP), DX
	ADDKMSHIFT
	MOVQ e+8(FP), DI
	STORE5(DI)
	MOVQ d+0(FP), DI
	COPY5(SP, DI)
	RET
