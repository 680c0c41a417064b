//go:build amd64 && !purego

#include "textflag.h"

// func ticks() uint64
//
// LFENCE keeps RDTSC from being executed before the instructions that
// precede it have completed, so a reading after the timed call is not
// taken while the call is still in flight.
TEXT ·ticks(SB), NOSPLIT, $0-8
	LFENCE
	RDTSC
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET
