//go:build arm64 && !purego

#include "textflag.h"

// func readCounter() uint64
TEXT ·readCounter(SB), NOSPLIT, $0-8
	ISB  $15
	MRS  CNTVCT_EL0, R0
	MOVD R0, ret+0(FP)
	RET

#define ADD8 ADD $1, R0, R0; ADD $1, R0, R0; ADD $1, R0, R0; ADD $1, R0, R0; ADD $1, R0, R0; ADD $1, R0, R0; ADD $1, R0, R0; ADD $1, R0, R0

// func addChain(n uint64) uint64
TEXT ·addChain(SB), NOSPLIT, $0-16
	MOVD n+0(FP), R1
	MOVD $0, R0
	CBZ  R1, done

loop:
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	ADD8
	SUBS $1, R1, R1
	BNE  loop

done:
	MOVD R0, ret+8(FP)
	RET
