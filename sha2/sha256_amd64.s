//go:build !purego

#include "textflag.h"

// blockSHA256NI is the hash computation of FIPS 180-4, §6.2.2, on the
// SHA extensions (SHA-NI): SHA256RNDS2 does two rounds, SHA256MSG1 and
// SHA256MSG2 the two halves of the message schedule of §6.2.2, step 1,
// four words at a time. Hand-written: one straight sequence of sixteen
// four-round groups, whose only choices are the register roles.
//
// Speed bound: the 32 SHA256RNDS2 of a block form one dependency chain
// (each takes both halves of the state the previous one wrote), closed by
// the PADDD of H(i-1); everything else (message loads, schedule, K) runs
// beside it. SHA256RNDS2's latency is 4 cycles on AMD Zen 5 (a chain of
// them, timed against a chain of ADDs), so one stream cannot go below
// 32 x 4 + 1 = 129 cycles a block; this loop measures 129-131 cycles
// (32.1-32.3 ns at 4.0 GHz, 128-block calls, thread CPU time).
//
// Registers:
//	X1, X2   the working variables as SHA256RNDS2 wants them: X1 holds
//	         (A, B, E, F) and X2 (C, D, G, H), A in the top dword
//	X3..X6   the last sixteen schedule words W_t, four per register,
//	         W_t in the dword t mod 4, used in turn
//	X0       W_t + K_t of the next four rounds (SHA256RNDS2 reads X0)
//	X7       scratch; X8 the byte-swap mask; X9, X10 H at block start
//	AX       _K256; SI the block; DI the end of the whole blocks

// One four-round group: X0 = m + K_{4k..4k+3}, two rounds on the low
// half of X0, two on the high half. The two calls swap the roles of X1
// and X2 and swap them back.
#define ROUNDS4(m, k) \
	MOVOU (k*16)(AX), X0; \
	PADDD m, X0; \
	SHA256RNDS2 X0, X1, X2; \
	PSHUFD $0x0e, X0, X0; \
	SHA256RNDS2 X0, X2, X1

// The next four schedule words into m0, from the sixteen in m0..m3
// (W_{t-16} in the low dword of m0): σ0 terms by SHA256MSG1, the
// W_{t-7} terms by a byte shift of m2:m3, σ1 terms by SHA256MSG2.
#define SCHEDULE(m0, m1, m2, m3) \
	SHA256MSG1 m1, m0; \
	MOVOU m3, X7; \
	PALIGNR $4, m2, X7; \
	PADDD X7, m0; \
	SHA256MSG2 m3, m0

// The sixteen four-round groups on the block at SI, X1 and X2 in and
// out (§6.2.2, steps 1-4, H(i) added at the end).
#define BLOCK \
	MOVOU X1, X9; \
	MOVOU X2, X10; \
	MOVOU 0(SI), X3; \
	PSHUFB X8, X3; \
	ROUNDS4(X3, 0); \
	MOVOU 16(SI), X4; \
	PSHUFB X8, X4; \
	ROUNDS4(X4, 1); \
	MOVOU 32(SI), X5; \
	PSHUFB X8, X5; \
	ROUNDS4(X5, 2); \
	MOVOU 48(SI), X6; \
	PSHUFB X8, X6; \
	ROUNDS4(X6, 3); \
	SCHEDULE(X3, X4, X5, X6); \
	ROUNDS4(X3, 4); \
	SCHEDULE(X4, X5, X6, X3); \
	ROUNDS4(X4, 5); \
	SCHEDULE(X5, X6, X3, X4); \
	ROUNDS4(X5, 6); \
	SCHEDULE(X6, X3, X4, X5); \
	ROUNDS4(X6, 7); \
	SCHEDULE(X3, X4, X5, X6); \
	ROUNDS4(X3, 8); \
	SCHEDULE(X4, X5, X6, X3); \
	ROUNDS4(X4, 9); \
	SCHEDULE(X5, X6, X3, X4); \
	ROUNDS4(X5, 10); \
	SCHEDULE(X6, X3, X4, X5); \
	ROUNDS4(X6, 11); \
	SCHEDULE(X3, X4, X5, X6); \
	ROUNDS4(X3, 12); \
	SCHEDULE(X4, X5, X6, X3); \
	ROUNDS4(X4, 13); \
	SCHEDULE(X5, X6, X3, X4); \
	ROUNDS4(X5, 14); \
	SCHEDULE(X6, X3, X4, X5); \
	ROUNDS4(X6, 15); \
	PADDD X9, X1; \
	PADDD X10, X2

// The message words and working variables are not secret in SHA-2
// itself, but HMAC's keyed states pass through here: clear them.
#define CLEAR \
	PXOR X0, X0; \
	PXOR X1, X1; \
	PXOR X2, X2; \
	PXOR X3, X3; \
	PXOR X4, X4; \
	PXOR X5, X5; \
	PXOR X6, X6; \
	PXOR X7, X7; \
	PXOR X9, X9; \
	PXOR X10, X10

// func blockSHA256NI(H *[8]uint32, p []byte)
TEXT ·blockSHA256NI(SB), NOSPLIT, $0-32
	MOVQ H+0(FP), DX
	MOVQ p_base+8(FP), SI
	MOVQ p_len+16(FP), DI
	ANDQ $~63, DI
	JZ   done
	ADDQ SI, DI
	LEAQ ·_K256(SB), AX
	MOVOU bswap32<>(SB), X8

	// (a, b, c, d), (e, f, g, h) in memory order -> (A, B, E, F), (C, D, G, H).
	MOVOU 0(DX), X1
	MOVOU 16(DX), X2
	PSHUFD $0xb1, X1, X1 // (b, a, d, c)
	PSHUFD $0x1b, X2, X2 // (h, g, f, e)
	MOVOU X1, X7
	PALIGNR $8, X2, X1   // (f, e, b, a)
	PBLENDW $0xf0, X7, X2 // (h, g, d, c)

loop:
	BLOCK
	ADDQ $64, SI
	CMPQ SI, DI
	JNE  loop

	// Back to memory order: (A, B, E, F), (C, D, G, H) -> (a, b, c, d), (e, f, g, h).
	PSHUFD $0x1b, X1, X1 // (a, b, e, f)
	PSHUFD $0xb1, X2, X2 // (g, h, c, d)
	MOVOU X1, X7
	PBLENDW $0xf0, X2, X1 // (a, b, c, d)
	PALIGNR $8, X7, X2    // (e, f, g, h)
	MOVOU X1, 0(DX)
	MOVOU X2, 16(DX)

	CLEAR

done:
	RET

// blockSHA256NIFlow is blockSHA256NI with H in the order SHA256RNDS2
// wants it, the order Digest256 keeps (toFlow): H[0..3] = (f, e, b, a),
// H[4..7] = (h, g, d, c), which is X1, X2 as they are loaded. The four
// shuffles blockSHA256NI does on entry and exit are on the chain from one
// call's last round to the next call's first; without them a call costs
// about 2 ns less (AMD EPYC, 64- and 128-byte Writes).
//
// func blockSHA256NIFlow(H *[8]uint32, p []byte)
TEXT ·blockSHA256NIFlow(SB), NOSPLIT, $0-32
	MOVQ H+0(FP), DX
	MOVQ p_base+8(FP), SI
	MOVQ p_len+16(FP), DI
	ANDQ $~63, DI
	JZ   flowdone
	ADDQ SI, DI
	LEAQ ·_K256(SB), AX
	MOVOU bswap32<>(SB), X8
	MOVOU 0(DX), X1
	MOVOU 16(DX), X2

flowloop:
	BLOCK
	ADDQ $64, SI
	CMPQ SI, DI
	JNE  flowloop

	MOVOU X1, 0(DX)
	MOVOU X2, 16(DX)
	CLEAR

flowdone:
	RET

// padSHA256NI writes the padded final block or two of a message (FIPS
// 180-4, §5.1.1) to buf: the tail x[:nx] (nx < 64; x is read whole, its
// bytes from nx on are ignored), the byte 0x80, zeros, and the length in
// bits big-endian in the last 8 bytes of the first block if nx < 56, else
// of the second. Every byte of the block or two is written by one of four
// or eight 16-byte stores, so the compression function's 16-byte loads
// of them are forwarded from the stores. Padding assembled in Go (the
// tail copied, then byte and 8-byte stores) cannot be, and the processor
// then waits for the stores to reach the cache: one block from a buffer
// built so took 41 ns, from a static buffer 23 ns (AMD EPYC, Zen 5).
//
// The bytes of each 16-byte word of x from nx on are cleared by a mask
// (byte index < nx) and the byte at nx becomes 0x80, all in registers.
//
// func padSHA256NI(buf *[128]byte, x *[64]byte, nx uint64, bits uint64)
TEXT ·padSHA256NI(SB), NOSPLIT, $0-32
	MOVQ buf+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ nx+16(FP), CX
	MOVQ bits+24(FP), BX
	BSWAPQ BX

	// X11 = nx in every byte, X12 = 0x80 in every byte, X0 = 0.
	MOVQ CX, X11
	PXOR X0, X0
	PSHUFB X0, X11
	MOVOU pad80<>(SB), X12

	// The message word at off: bytes below nx kept, 0x80 at nx, zeros
	// above.
#define TAILWORD(m, off) \
	MOVOU off(SI), m; \
	MOVOU byteidx<>+off(SB), X13; \
	MOVOU X11, X7; \
	PCMPGTB X13, X7; \
	PAND X7, m; \
	PCMPEQB X11, X13; \
	PAND X12, X13; \
	POR X13, m

	TAILWORD(X3, 0)
	TAILWORD(X4, 16)
	TAILWORD(X5, 32)
	TAILWORD(X6, 48)
#undef TAILWORD

	MOVOU X3, 0(DI)
	MOVOU X4, 16(DI)
	MOVOU X5, 32(DI)
	CMPQ CX, $56
	JAE  padtwo
	PINSRQ $1, BX, X6
	MOVOU X6, 48(DI)
	JMP  paddone

padtwo:
	MOVOU X6, 48(DI)
	MOVOU X0, 64(DI)
	MOVOU X0, 80(DI)
	MOVOU X0, 96(DI)
	PINSRQ $1, BX, X0
	MOVOU X0, 112(DI)

paddone:
	// The tail may be secret (HMAC's keyed blocks).
	PXOR X3, X3
	PXOR X4, X4
	PXOR X5, X5
	PXOR X6, X6
	PXOR X7, X7
	PXOR X13, X13
	RET

// Byte indices 0..63, for the tail mask of padSHA256NI.
DATA byteidx<>+0(SB)/8, $0x0706050403020100
DATA byteidx<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA byteidx<>+16(SB)/8, $0x1716151413121110
DATA byteidx<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA byteidx<>+32(SB)/8, $0x2726252423222120
DATA byteidx<>+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA byteidx<>+48(SB)/8, $0x3736353433323130
DATA byteidx<>+56(SB)/8, $0x3f3e3d3c3b3a3938
GLOBL byteidx<>(SB), RODATA|NOPTR, $64

DATA pad80<>+0(SB)/8, $0x8080808080808080
DATA pad80<>+8(SB)/8, $0x8080808080808080
GLOBL pad80<>(SB), RODATA|NOPTR, $16

// PSHUFB mask reversing the bytes of each dword (big-endian words).
DATA bswap32<>+0(SB)/8, $0x0405060700010203
DATA bswap32<>+8(SB)/8, $0x0c0d0e0f08090a0b
GLOBL bswap32<>(SB), RODATA|NOPTR, $16
