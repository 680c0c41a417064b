//go:build amd64 && !purego

#include "textflag.h"

// func clientRequest(args *[6]uint64, def uint64) uint64
//
// Valgrind's client-request sequence for amd64 (an ABI documented in
// valgrind.h): RAX points at the request and its five arguments, RDX holds
// the default result, and the four rotations of RDI (by 3, 13, 61 and 51
// bits: 128 in all, so RDI is unchanged) followed by xchg %rbx,%rbx tell
// Valgrind's translator to run the request and leave its result in RDX. On
// a real CPU the sequence changes nothing and RDX keeps the default. The
// bytes are spelled out because Valgrind matches them exactly.
TEXT ·clientRequest(SB), NOSPLIT, $0-24
	MOVQ args+0(FP), AX
	MOVQ def+8(FP), DX
	BYTE $0x48; BYTE $0xc1; BYTE $0xc7; BYTE $0x03 // rolq $3, %rdi
	BYTE $0x48; BYTE $0xc1; BYTE $0xc7; BYTE $0x0d // rolq $13, %rdi
	BYTE $0x48; BYTE $0xc1; BYTE $0xc7; BYTE $0x3d // rolq $61, %rdi
	BYTE $0x48; BYTE $0xc1; BYTE $0xc7; BYTE $0x33 // rolq $51, %rdi
	BYTE $0x48; BYTE $0x87; BYTE $0xdb             // xchgq %rbx, %rbx
	MOVQ DX, ret+16(FP)
	RET
