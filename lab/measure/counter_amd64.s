//go:build amd64 && !purego

#include "textflag.h"

// func readCounter() uint64
TEXT ·readCounter(SB), NOSPLIT, $0-8
	LFENCE
	RDTSC
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET

// The addend k is loaded from the argument frame, so no core can know its
// value at register rename: an immediate operand (ADDQ $1, AX) can be folded
// there, and Intel's Golden Cove and later cores run such chains several
// additions per cycle.
#define ADD8 ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX; ADDQ BX, AX

// func addChain(n, k uint64) uint64
TEXT ·addChain(SB), NOSPLIT, $0-24
	MOVQ n+0(FP), CX
	MOVQ k+8(FP), BX
	XORQ AX, AX
	TESTQ CX, CX
	JZ   adddone

addloop:
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	DECQ CX
	JNZ  addloop

adddone:
	MOVQ AX, ret+16(FP)
	RET

#define MUL8 IMULQ BX, AX; IMULQ BX, AX; IMULQ BX, AX; IMULQ BX, AX; IMULQ BX, AX; IMULQ BX, AX; IMULQ BX, AX; IMULQ BX, AX

// func crossChain(n, k uint64) uint64
TEXT ·crossChain(SB), NOSPLIT, $0-24
	MOVQ n+0(FP), CX
	MOVQ k+8(FP), BX
	MOVQ BX, AX
	TESTQ CX, CX
	JZ   muldone

mulloop:
	MUL8
	MUL8
	MUL8
	MUL8
	MUL8
	MUL8
	MUL8
	MUL8
	DECQ CX
	JNZ  mulloop

muldone:
	MOVQ AX, ret+16(FP)
	RET
