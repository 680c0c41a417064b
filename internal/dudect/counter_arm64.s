//go:build arm64 && !purego

#include "textflag.h"

// func ticks() uint64
//
// ISB makes the counter read wait for the instructions before it.
TEXT ·ticks(SB), NOSPLIT, $0-8
	ISB  $15
	MRS  CNTVCT_EL0, R0
	MOVD R0, ret+0(FP)
	RET
