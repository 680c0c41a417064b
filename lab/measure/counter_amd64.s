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

#define ADD8 ADDQ $1, AX; ADDQ $1, AX; ADDQ $1, AX; ADDQ $1, AX; ADDQ $1, AX; ADDQ $1, AX; ADDQ $1, AX; ADDQ $1, AX

// func addChain(n uint64) uint64
TEXT ·addChain(SB), NOSPLIT, $0-16
	MOVQ n+0(FP), CX
	XORQ AX, AX
	TESTQ CX, CX
	JZ   done

loop:
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	DECQ CX
	JNZ  loop

done:
	MOVQ AX, ret+8(FP)
	RET
