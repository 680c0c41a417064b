//go:build arm64 && !purego

#include "textflag.h"

// func readCounter() uint64
TEXT ·readCounter(SB), NOSPLIT, $0-8
	ISB  $15
	MRS  CNTVCT_EL0, R0
	MOVD R0, ret+0(FP)
	RET

// The addend k (R2) comes from the argument frame, so its value is unknown
// at register rename and no core can fold the chain as it could an
// immediate operand.
#define ADD8 ADD R2, R0, R0; ADD R2, R0, R0; ADD R2, R0, R0; ADD R2, R0, R0; ADD R2, R0, R0; ADD R2, R0, R0; ADD R2, R0, R0; ADD R2, R0, R0

// func addChain(n, k uint64) uint64
TEXT ·addChain(SB), NOSPLIT, $0-24
	MOVD n+0(FP), R1
	MOVD k+8(FP), R2
	MOVD $0, R0
	CBZ  R1, adddone

addloop:
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	SUBS $1, R1, R1
	BNE  addloop

adddone:
	MOVD R0, ret+16(FP)
	RET

// Alternating EOR and ADD with two run-time operands: a different mix of
// single-cycle operations, which no fusion or folding of additions could
// shorten in the same proportion.
#define EA8 EOR R3, R0, R0; ADD R2, R0, R0; EOR R3, R0, R0; ADD R2, R0, R0; EOR R3, R0, R0; ADD R2, R0, R0; EOR R3, R0, R0; ADD R2, R0, R0

// func crossChain(n, k uint64) uint64
TEXT ·crossChain(SB), NOSPLIT, $0-24
	MOVD n+0(FP), R1
	MOVD k+8(FP), R2
	MVN  R2, R3
	MOVD $0, R0
	CBZ  R1, eadone

ealoop:
	EA8
	EA8
	EA8
	EA8
	EA8
	EA8
	EA8
	EA8
	SUBS $1, R1, R1
	BNE  ealoop

eadone:
	MOVD R0, ret+16(FP)
	RET
