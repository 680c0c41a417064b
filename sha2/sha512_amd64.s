//go:build !purego

#include "textflag.h"

// blockSHA512AVX is the hash computation of FIPS 180-4, §6.4.2, on the
// whole 128-byte blocks of p, with the rounds on general registers (RORX from BMI2
// for the rotations, which leaves its source intact) and the message
// schedule in vector registers (AVX, two 64-bit words per XMM register),
// interleaved so that the processor runs both at once: before every
// two rounds t, t+1 (t < 64) the schedule words W_{t+16}, W_{t+17} are
// computed and stored, with K added, in the frame, in the slots that
// rounds t and t+1 have just read. Hand-written, as one
// straight sequence of macro calls whose only choices are the rotating
// register roles.
//
// All the whole blocks of p in one call. H goes back to memory after
// each block and the next block reloads it: keeping the working
// variables in registers across blocks (adding H from memory into them
// and storing the sums) cost about 400 cycles at every turn of the loop
// when a call had few blocks (measured on AMD EPYC, Zen 5: 2-block calls
// took 1.8x the time of 1-block calls per block; the cause was not
// pinned down), while the round trip through memory costs nothing
// measurable. One call per Write instead of one per block saves about
// 2 % of an 8,000-byte flow in 512-byte or larger Writes.
//
// Registers:
//	AX, BX, CX, DX, R8..R11   the working variables; each round renames
//	                          their roles (listed at each ROUND call)
//	R12, R13                  scratch for Σ and Ch
//	R14, R15                  b XOR c of the round, then a XOR b for the
//	                          next round (its b XOR c)
//	SI, DI                    b AND c of the round, then a AND b for the
//	                          next round (SI holds the block until all
//	                          of it is loaded)
//	X0..X7                    the last sixteen W_t, two per register
//	X8..X11 scratch, X12 the byte-swap mask
//	frame: W_t + K_t for the next sixteen rounds, W_t + K_t in slot
//	       t mod 16 (128 bytes; memory knob: the whole schedule, 640
//	       bytes, measured no faster), then the next block's address
//	       at 128(SP) and the end of the whole blocks at 136(SP)

// One round (§6.4.2, step 3): d becomes e = d + T1 and h becomes
// a = T1 + T2, where
//
//	T1 = h + Σ1(e) + Ch(e, f, g) + K_t + W_t
//	Ch(e, f, g)  = g XOR (e AND (f XOR g))
//	T2 = Σ0(a) + Maj(a, b, c)
//	Maj(a, b, c) = (a AND (b XOR c)) + (b AND c)
//
// (the two terms of Maj share no bit, so the OR of FIPS 180-4 can be an
// addition). b XOR c and b AND c come in xi and ai, computed by the round
// before as its a XOR b and a AND b; this round leaves its own in xo, ao
// (scratch until then).
//
// Latency knob: the new e is the chain that bounds the speed (each
// round's Σ1 and Ch wait for the previous round's e), and the new a the
// other. d + h + K_t + W_t is summed first, without e; then Ch and Σ1 are
// added to it, so the chain from e to the new e is four operations (RORX,
// XOR, XOR, ADD) instead of the five of summing T1 first. T1 itself is
// never formed: the new a is the new e minus the old d plus T2, so
// Maj(a, b, c) - d is summed in ai (b AND c less d, taken before d is
// overwritten, plus a AND (b XOR c)), added to the new e by one LEA, and
// Σ0 last; the chain from a to the new a stays four operations (RORX,
// XOR, XOR for Σ0, ADD).
//
// Throughput knob: a round is 24 integer operations besides three moves
// the renamer absorbs, and at 5.3 cycles a round (AMD Zen 5) it is their
// number, not the chains (4 cycles), that sets the pace. Adding Ch and
// Σ1 to h as well as to d (T1 summed twice, 25 operations) measured 446
// cycles a block; this form 427. Shortening further at the cost of a
// chain measured slower: T1 summed once (+7 %), Maj as ((a^b)&(b^c))^b
// (+1.5 %), Σ0 added to ai before the LEA (a chain of five from a, +5 %).
#define ROUND(a, b, c, d, e, f, g, h, xi, xo, ai, ao, off) \
	SUBQ d, ai; \
	ADDQ off(SP), h; \
	MOVQ f, R12; \
	XORQ g, R12; \
	ADDQ h, d; \
	ANDQ e, R12; \
	RORXQ $14, e, R13; \
	RORXQ $18, e, xo; \
	XORQ g, R12; \
	XORQ xo, R13; \
	RORXQ $41, e, xo; \
	ADDQ R12, d; \
	XORQ xo, R13; \
	ADDQ R13, d; \
	ANDQ a, xi; \
	RORXQ $28, a, R12; \
	RORXQ $34, a, R13; \
	ADDQ xi, ai; \
	XORQ R13, R12; \
	RORXQ $39, a, R13; \
	LEAQ (d)(ai*1), h; \
	XORQ R13, R12; \
	ADDQ R12, h; \
	MOVQ a, xo; \
	XORQ b, xo; \
	MOVQ a, ao; \
	ANDQ b, ao

// W_t, W_{t+1} into m0 (which held W_{t-16}, W_{t-15}) by §6.4.2, step 1:
// σ0 of W_{t-15}, W_{t-14} (straddling m0 and m1), W_{t-7}, W_{t-6}
// (straddling m4 and m5) and σ1 of W_{t-2}, W_{t-1} (m7); then W + K
// (K_t at koff in _K512) to the frame at off. On AVX a rotation is two shifts whose results share
// no bit, so σ is five shifts XORed together (25 instructions a step).
// (AVX-512VL's VPRORQ and VPTERNLOGQ make it 15; that variant measured no
// faster, 7.1 µs per 8 KiB either way on AMD Zen 5, where the rounds'
// chains set the pace, so it is not kept. Nor would AVX2's schedule of two
// blocks at once, as OpenSSL's: with SCHEDULE emptied altogether, wrong
// digests but the same rounds, a block took the same 104 ns: the
// rounds' integer operations set the pace (see ROUND's knobs), 427
// cycles a block.)
#define SCHEDULE(m0, m1, m4, m5, m7, koff, off) \
	VPALIGNR $8, m0, m1, X8; \
	VPALIGNR $8, m4, m5, X9; \
	VPADDQ X9, m0, m0; \
	VPSRLQ $1, X8, X10; \
	VPSRLQ $8, X8, X11; \
	VPXOR X11, X10, X10; \
	VPSRLQ $7, X8, X11; \
	VPXOR X11, X10, X10; \
	VPSLLQ $63, X8, X11; \
	VPXOR X11, X10, X10; \
	VPSLLQ $56, X8, X11; \
	VPXOR X11, X10, X10; \
	VPADDQ X10, m0, m0; \
	VPSRLQ $19, m7, X10; \
	VPSRLQ $61, m7, X11; \
	VPXOR X11, X10, X10; \
	VPSRLQ $6, m7, X11; \
	VPXOR X11, X10, X10; \
	VPSLLQ $45, m7, X11; \
	VPXOR X11, X10, X10; \
	VPSLLQ $3, m7, X11; \
	VPXOR X11, X10, X10; \
	VPADDQ X10, m0, m0; \
	VPADDQ ·_K512+koff(SB), m0, X10; \
	VMOVDQU X10, off(SP)

// Two message words of the block, byte-swapped, into m; W + K to the frame.
#define LOAD(m, off) \
	VMOVDQU off(SI), m; \
	VPSHUFB X12, m, m; \
	VPADDQ ·_K512+off(SB), m, X10; \
	VMOVDQU X10, off(SP)

// func blockSHA512AVX(H *[8]uint64, p []byte)
TEXT ·blockSHA512AVX(SB), 0, $144-32
	MOVQ p_base+8(FP), SI
	MOVQ p_len+16(FP), DI
	ANDQ $~127, DI
	JZ   loopdone
	ADDQ SI, DI
	MOVQ DI, 136(SP)
	VMOVDQU bswap64<>(SB), X12

	PCALIGN $64
blockloop:
	LOAD(X0, 0)
	LOAD(X1, 16)
	LOAD(X2, 32)
	LOAD(X3, 48)
	LOAD(X4, 64)
	LOAD(X5, 80)
	LOAD(X6, 96)
	LOAD(X7, 112)
	ADDQ $128, SI
	MOVQ SI, 128(SP)
	// H(i-1) into the working variables (§6.4.2, step 2).
	MOVQ H+0(FP), R12
	MOVQ 0(R12), AX
	MOVQ 8(R12), BX
	MOVQ 16(R12), CX
	MOVQ 24(R12), DX
	MOVQ 32(R12), R8
	MOVQ 40(R12), R9
	MOVQ 48(R12), R10
	MOVQ 56(R12), R11
	MOVQ BX, R14
	XORQ CX, R14
	MOVQ BX, SI
	ANDQ CX, SI

	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 0)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 8)
	SCHEDULE(X0, X1, X4, X5, X7, 128, 0)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 16)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 24)
	SCHEDULE(X1, X2, X5, X6, X0, 144, 16)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 32)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 40)
	SCHEDULE(X2, X3, X6, X7, X1, 160, 32)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 48)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 56)
	SCHEDULE(X3, X4, X7, X0, X2, 176, 48)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 64)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 72)
	SCHEDULE(X4, X5, X0, X1, X3, 192, 64)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 80)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 88)
	SCHEDULE(X5, X6, X1, X2, X4, 208, 80)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 96)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 104)
	SCHEDULE(X6, X7, X2, X3, X5, 224, 96)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 112)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 120)
	SCHEDULE(X7, X0, X3, X4, X6, 240, 112)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 0)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 8)
	SCHEDULE(X0, X1, X4, X5, X7, 256, 0)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 16)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 24)
	SCHEDULE(X1, X2, X5, X6, X0, 272, 16)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 32)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 40)
	SCHEDULE(X2, X3, X6, X7, X1, 288, 32)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 48)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 56)
	SCHEDULE(X3, X4, X7, X0, X2, 304, 48)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 64)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 72)
	SCHEDULE(X4, X5, X0, X1, X3, 320, 64)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 80)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 88)
	SCHEDULE(X5, X6, X1, X2, X4, 336, 80)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 96)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 104)
	SCHEDULE(X6, X7, X2, X3, X5, 352, 96)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 112)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 120)
	SCHEDULE(X7, X0, X3, X4, X6, 368, 112)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 0)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 8)
	SCHEDULE(X0, X1, X4, X5, X7, 384, 0)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 16)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 24)
	SCHEDULE(X1, X2, X5, X6, X0, 400, 16)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 32)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 40)
	SCHEDULE(X2, X3, X6, X7, X1, 416, 32)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 48)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 56)
	SCHEDULE(X3, X4, X7, X0, X2, 432, 48)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 64)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 72)
	SCHEDULE(X4, X5, X0, X1, X3, 448, 64)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 80)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 88)
	SCHEDULE(X5, X6, X1, X2, X4, 464, 80)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 96)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 104)
	SCHEDULE(X6, X7, X2, X3, X5, 480, 96)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 112)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 120)
	SCHEDULE(X7, X0, X3, X4, X6, 496, 112)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 0)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 8)
	SCHEDULE(X0, X1, X4, X5, X7, 512, 0)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 16)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 24)
	SCHEDULE(X1, X2, X5, X6, X0, 528, 16)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 32)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 40)
	SCHEDULE(X2, X3, X6, X7, X1, 544, 32)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 48)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 56)
	SCHEDULE(X3, X4, X7, X0, X2, 560, 48)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 64)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 72)
	SCHEDULE(X4, X5, X0, X1, X3, 576, 64)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 80)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 88)
	SCHEDULE(X5, X6, X1, X2, X4, 592, 80)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 96)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 104)
	SCHEDULE(X6, X7, X2, X3, X5, 608, 96)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 112)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 120)
	SCHEDULE(X7, X0, X3, X4, X6, 624, 112)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 0)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 8)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 16)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 24)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 32)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 40)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 48)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 56)
	ROUND(AX, BX, CX, DX, R8, R9, R10, R11, R14, R15, SI, DI, 64)
	ROUND(R11, AX, BX, CX, DX, R8, R9, R10, R15, R14, DI, SI, 72)
	ROUND(R10, R11, AX, BX, CX, DX, R8, R9, R14, R15, SI, DI, 80)
	ROUND(R9, R10, R11, AX, BX, CX, DX, R8, R15, R14, DI, SI, 88)
	ROUND(R8, R9, R10, R11, AX, BX, CX, DX, R14, R15, SI, DI, 96)
	ROUND(DX, R8, R9, R10, R11, AX, BX, CX, R15, R14, DI, SI, 104)
	ROUND(CX, DX, R8, R9, R10, R11, AX, BX, R14, R15, SI, DI, 112)
	ROUND(BX, CX, DX, R8, R9, R10, R11, AX, R15, R14, DI, SI, 120)

	// H(i) = H(i-1) + the working variables (§6.4.2, step 4).
	MOVQ H+0(FP), R12
	ADDQ AX, 0(R12)
	ADDQ BX, 8(R12)
	ADDQ CX, 16(R12)
	ADDQ DX, 24(R12)
	ADDQ R8, 32(R12)
	ADDQ R9, 40(R12)
	ADDQ R10, 48(R12)
	ADDQ R11, 56(R12)
	MOVQ 128(SP), SI
	CMPQ SI, 136(SP)
	JNE  blockloop

	// Clear the vector registers that held message words (HMAC's keyed
	// blocks pass through here). The frame's W + K words are left, as
	// the Go code leaves its own.
	VPXOR X0, X0, X0
	VPXOR X1, X1, X1
	VPXOR X2, X2, X2
	VPXOR X3, X3, X3
	VPXOR X4, X4, X4
	VPXOR X5, X5, X5
	VPXOR X6, X6, X6
	VPXOR X7, X7, X7
	VPXOR X8, X8, X8
	VPXOR X9, X9, X9
	VPXOR X10, X10, X10
	VPXOR X11, X11, X11

loopdone:
	RET

// VPSHUFB mask reversing the bytes of each 64-bit word (big-endian words).
DATA bswap64<>+0(SB)/8, $0x0001020304050607
DATA bswap64<>+8(SB)/8, $0x08090a0b0c0d0e0f
GLOBL bswap64<>(SB), RODATA|NOPTR, $16
