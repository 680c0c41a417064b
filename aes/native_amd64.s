//go:build !purego

#include "textflag.h"

// The Native strategy on amd64: AES-NI (Intel, "Advanced Encryption
// Standard (AES) New Instructions Set", rev. 3.01, 2012). Key expansion,
// CBC encryption and CBC decryption. Legacy SSE encoding throughout, so
// that a processor with AES-NI but no AVX runs it; every memory operand is
// loaded with MOVOU first, as legacy-encoded AES instructions fault on a
// memory operand that is not 16-byte aligned and Go gives no alignment.
//
// A round key is the 16 bytes AddRoundKey XORs into the state, in input
// order; a schedule is Nr+1 of them (at most 240 bytes). Every function
// zeroes the XMM registers that held key or data before it returns (X15,
// Go's zero register, is restored to zero by the ABI wrapper anyway).

// PREFIX(x, t) replaces the words (a, b, c, d) of x, least significant
// first, by their running XOR (a, a^b, a^b^c, a^b^c^d), the part of
// KeyExpansion (FIPS 197, Algorithm 2) that chains w[i] = w[i-Nk] ^ ...
// through one round key. t is clobbered.
#define PREFIX(x, t) \
	MOVOU x, t \
	PSLLDQ $4, t \
	PXOR t, x \
	PSLLDQ $4, t \
	PXOR t, x \
	PSLLDQ $4, t \
	PXOR t, x

// EXPAND128(rcon, off): the next AES-128 round key from the one in X1,
// stored at off(DI). AESKEYGENASSIST puts SubWord(RotWord(w[i-1])) ^ Rcon in
// word 3 of X2; PSHUFD spreads it over the four words.
#define EXPAND128(rcon, off) \
	AESKEYGENASSIST $rcon, X1, X2 \
	PSHUFD $0xff, X2, X2 \
	PREFIX(X1, X4) \
	PXOR X2, X1 \
	MOVOU X1, off(DI)

// STEP192(rcon): six more words of the AES-192 schedule from the last
// six, w[i-6..i-3] in X1 and w[i-2..i-1] in the low half of X3, into the
// same registers. Word 1 of AESKEYGENASSIST's result is
// SubWord(RotWord(w[i-1])) ^ Rcon, t below. The last two words chain from
// w[i+3] = w[i-6]^...^w[i-3]^t, taken as the top word of X1's running XOR
// (X5, all four words) XORed with t, not from the new X1: t reaches the
// new X1 and X3 in one XOR each, so that a step's dependency chain is
// AESKEYGENASSIST, PSHUFD and PXOR, as with AES-128 and AES-256.
#define STEP192(rcon) \
	AESKEYGENASSIST $rcon, X3, X2 \
	PSHUFD $0x55, X2, X2 \
	PREFIX(X1, X4) \
	PSHUFD $0xff, X1, X5 \
	MOVOU X3, X4 \
	PSLLDQ $4, X4 \
	PXOR X4, X3 \
	PXOR X5, X3 \
	PXOR X2, X1 \
	PXOR X2, X3

// EXPAND192A(rcon, off) and EXPAND192B(rcon, off): two steps make three
// round keys, each stored whole, 16 bytes at a time (a round key loaded
// from two narrower stores would miss store-to-load forwarding and wait
// for the stores to reach the cache, which held a sole-buffer call's first
// block back by the whole expansion). A: the words carried over in X3
// (saved in X6) and the first two new ones at off(DI), the last four new
// ones at off+16(DI). B: the first four new ones at off(DI).
#define EXPAND192A(rcon, off) \
	MOVOU X3, X6 \
	STEP192(rcon) \
	PUNPCKLQDQ X1, X6 \
	MOVOU X6, off(DI) \
	MOVOU X1, X7 \
	SHUFPS $0x4e, X3, X7 \
	MOVOU X7, off+16(DI)

#define EXPAND192B(rcon, off) \
	STEP192(rcon) \
	MOVOU X1, off(DI)

// EXPAND256A(rcon, off) and EXPAND256B(off): the next even (X1, from
// SubWord(RotWord(w[i-1])) ^ Rcon of X3's word 3) and odd (X3, from
// SubWord(w[i-1]), word 2 of AESKEYGENASSIST on X1: Nk = 8 applies SubWord
// without RotWord at i mod 8 = 4) AES-256 round keys, stored at off(DI).
#define EXPAND256A(rcon, off) \
	AESKEYGENASSIST $rcon, X3, X2 \
	PSHUFD $0xff, X2, X2 \
	PREFIX(X1, X4) \
	PXOR X2, X1 \
	MOVOU X1, off(DI)

#define EXPAND256B(off) \
	AESKEYGENASSIST $0, X1, X2 \
	PSHUFD $0xaa, X2, X2 \
	PREFIX(X3, X4) \
	PXOR X2, X3 \
	MOVOU X3, off(DI)

// func nativeExpandKey(nr int, key *byte, enc, dec *byte)
//
// KeyExpansion (FIPS 197, Algorithm 2) into enc, then, if dec is not nil,
// the schedule of the equivalent inverse cipher (FIPS 197, Section 5.3.5,
// KeyExpansionEIC) into dec: enc's round keys in reverse order, those
// between the first and the last through InvMixColumns (AESIMC), as AESDEC
// wants them. enc and dec have room for 15 round keys.
TEXT ·nativeExpandKey(SB), NOSPLIT, $0-32
	MOVQ nr+0(FP), AX
	MOVQ key+8(FP), SI
	MOVQ enc+16(FP), DI
	MOVQ dec+24(FP), DX
	CMPQ AX, $12
	JB   exp128
	JE   exp192

	MOVOU (SI), X1
	MOVOU 16(SI), X3
	MOVOU X1, 0(DI)
	MOVOU X3, 16(DI)
	EXPAND256A(0x01, 32)
	EXPAND256B(48)
	EXPAND256A(0x02, 64)
	EXPAND256B(80)
	EXPAND256A(0x04, 96)
	EXPAND256B(112)
	EXPAND256A(0x08, 128)
	EXPAND256B(144)
	EXPAND256A(0x10, 160)
	EXPAND256B(176)
	EXPAND256A(0x20, 192)
	EXPAND256B(208)
	EXPAND256A(0x40, 224)
	JMP  inverse

exp192:
	MOVOU (SI), X1
	MOVQ  16(SI), X3
	MOVOU X1, 0(DI)
	EXPAND192A(0x01, 16)
	EXPAND192B(0x02, 48)
	EXPAND192A(0x04, 64)
	EXPAND192B(0x08, 96)
	EXPAND192A(0x10, 112)
	EXPAND192B(0x20, 144)
	EXPAND192A(0x40, 160)
	EXPAND192B(0x80, 192)
	JMP   inverse

exp128:
	MOVOU (SI), X1
	MOVOU X1, 0(DI)
	EXPAND128(0x01, 16)
	EXPAND128(0x02, 32)
	EXPAND128(0x04, 48)
	EXPAND128(0x08, 64)
	EXPAND128(0x10, 80)
	EXPAND128(0x20, 96)
	EXPAND128(0x40, 112)
	EXPAND128(0x80, 128)
	EXPAND128(0x1b, 144)
	EXPAND128(0x36, 160)

inverse:
	TESTQ DX, DX
	JZ    expdone
	MOVQ  AX, R8
	SHLQ  $4, R8         // R8 = 16*Nr: enc's last round key, dec's
	MOVOU (DI)(R8*1), X0
	MOVOU X0, (DX)
	MOVOU (DI), X0
	MOVOU X0, (DX)(R8*1)
	MOVQ  $16, R9        // dec offset, up
	SUBQ  $16, R8        // enc offset, down to 16

invloop:
	MOVOU  (DI)(R8*1), X0
	AESIMC X0, X0
	MOVOU  X0, (DX)(R9*1)
	ADDQ   $16, R9
	SUBQ   $16, R8
	JNZ    invloop

expdone:
	PXOR X0, X0
	PXOR X1, X1
	PXOR X2, X2
	PXOR X3, X3
	PXOR X4, X4
	PXOR X5, X5
	PXOR X6, X6
	PXOR X7, X7
	RET

// func nativeEncryptCBC(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
//
// CBC encryption (SP 800-38A, Section 6.2) of n bytes (a positive multiple
// of 16) from src to dst (equal or not overlapping) with the schedule xk;
// iv is updated to the last ciphertext block. C[j] = CIPH(P[j] ^ C[j-1]) is
// a chain: one block at a time, the time per block the latency of Nr AES
// rounds. The round keys stay in X2-X15 (AES-256's last, with a copy of it
// XORed with k0, in an aligned stack slot, as legacy SSE needs for a memory
// operand).
//
// Nothing but AES rounds is on the chain: the next block's input
// P[j+1] ^ C[j] ^ k0 is AESENCLAST's output with the round key
// K' = k[Nr] ^ k0 ^ P[j+1] (AESENCLAST ends with the XOR of its key), K'
// computed ahead from the plaintext; C[j] then comes off the chain as that
// output ^ K' ^ k[Nr]. The last block ends with AESENCLAST on k[Nr] alone.
// The first block's input is P[0] ^ IV ^ k0.
TEXT ·nativeEncryptCBC(SB), NOSPLIT, $48-48
	MOVQ  nr+0(FP), AX
	MOVQ  xk+8(FP), BX
	MOVQ  iv+16(FP), CX
	MOVQ  dst+24(FP), DI
	MOVQ  src+32(FP), SI
	MOVQ  n+40(FP), DX
	MOVOU (CX), X0
	MOVOU 0(BX), X2
	MOVOU 16(BX), X3
	MOVOU 32(BX), X4
	MOVOU 48(BX), X5
	MOVOU 64(BX), X6
	MOVOU 80(BX), X7
	MOVOU 96(BX), X8
	MOVOU 112(BX), X9
	MOVOU 128(BX), X10
	MOVOU 144(BX), X11
	MOVOU 160(BX), X12
	MOVOU (SI), X1
	PXOR  X2, X1
	PXOR  X1, X0           // P[0] ^ IV ^ k0
	CMPQ  AX, $12
	JB    enc128
	MOVOU 176(BX), X13
	MOVOU 192(BX), X14
	JE    enc192
	MOVOU 208(BX), X15
	LEAQ  15(SP), R9
	ANDQ  $-16, R9         // 32 aligned bytes in the frame
	MOVOU 224(BX), X1
	MOVO  X1, 0(R9)        // k14
	PXOR  X2, X1
	MOVO  X1, 16(R9)       // k14 ^ k0
	SUBQ  $16, DX
	JZ    enc256last

enc256:
	MOVOU      16(SI), X1
	PXOR       16(R9), X1  // K'
	AESENC     X3, X0
	AESENC     X4, X0
	AESENC     X5, X0
	AESENC     X6, X0
	AESENC     X7, X0
	AESENC     X8, X0
	AESENC     X9, X0
	AESENC     X10, X0
	AESENC     X11, X0
	AESENC     X12, X0
	AESENC     X13, X0
	AESENC     X14, X0
	AESENC     X15, X0
	AESENCLAST X1, X0
	PXOR       X0, X1
	PXOR       0(R9), X1   // C[j]
	MOVOU      X1, (DI)
	ADDQ       $16, SI
	ADDQ       $16, DI
	SUBQ       $16, DX
	JNZ        enc256

enc256last:
	AESENC     X3, X0
	AESENC     X4, X0
	AESENC     X5, X0
	AESENC     X6, X0
	AESENC     X7, X0
	AESENC     X8, X0
	AESENC     X9, X0
	AESENC     X10, X0
	AESENC     X11, X0
	AESENC     X12, X0
	AESENC     X13, X0
	AESENC     X14, X0
	AESENC     X15, X0
	MOVO       0(R9), X1
	AESENCLAST X1, X0
	MOVOU      X0, (DI)
	PXOR       X1, X1
	MOVO       X1, 0(R9)
	MOVO       X1, 16(R9)
	JMP        encdone

enc192:
	MOVOU X14, X15
	PXOR  X2, X15          // k12 ^ k0
	SUBQ  $16, DX
	JZ    enc192last

enc192loop:
	MOVOU      16(SI), X1
	PXOR       X15, X1     // K'
	AESENC     X3, X0
	AESENC     X4, X0
	AESENC     X5, X0
	AESENC     X6, X0
	AESENC     X7, X0
	AESENC     X8, X0
	AESENC     X9, X0
	AESENC     X10, X0
	AESENC     X11, X0
	AESENC     X12, X0
	AESENC     X13, X0
	AESENCLAST X1, X0
	PXOR       X0, X1
	PXOR       X14, X1     // C[j]
	MOVOU      X1, (DI)
	ADDQ       $16, SI
	ADDQ       $16, DI
	SUBQ       $16, DX
	JNZ        enc192loop

enc192last:
	AESENC     X3, X0
	AESENC     X4, X0
	AESENC     X5, X0
	AESENC     X6, X0
	AESENC     X7, X0
	AESENC     X8, X0
	AESENC     X9, X0
	AESENC     X10, X0
	AESENC     X11, X0
	AESENC     X12, X0
	AESENC     X13, X0
	AESENCLAST X14, X0
	MOVOU      X0, (DI)
	JMP        encdone

enc128:
	MOVOU X12, X13
	PXOR  X2, X13          // k10 ^ k0
	SUBQ  $16, DX
	JZ    enc128last

enc128loop:
	MOVOU      16(SI), X1
	PXOR       X13, X1     // K'
	AESENC     X3, X0
	AESENC     X4, X0
	AESENC     X5, X0
	AESENC     X6, X0
	AESENC     X7, X0
	AESENC     X8, X0
	AESENC     X9, X0
	AESENC     X10, X0
	AESENC     X11, X0
	AESENCLAST X1, X0
	PXOR       X0, X1
	PXOR       X12, X1     // C[j]
	MOVOU      X1, (DI)
	ADDQ       $16, SI
	ADDQ       $16, DI
	SUBQ       $16, DX
	JNZ        enc128loop

enc128last:
	AESENC     X3, X0
	AESENC     X4, X0
	AESENC     X5, X0
	AESENC     X6, X0
	AESENC     X7, X0
	AESENC     X8, X0
	AESENC     X9, X0
	AESENC     X10, X0
	AESENC     X11, X0
	AESENCLAST X12, X0
	MOVOU      X0, (DI)

encdone:
	MOVOU X0, (CX)
	PXOR  X0, X0
	PXOR  X1, X1
	PXOR  X2, X2
	PXOR  X3, X3
	PXOR  X4, X4
	PXOR  X5, X5
	PXOR  X6, X6
	PXOR  X7, X7
	PXOR  X8, X8
	PXOR  X9, X9
	PXOR  X10, X10
	PXOR  X11, X11
	PXOR  X12, X12
	PXOR  X13, X13
	PXOR  X14, X14
	PXOR  X15, X15
	RET

// DECROUND8(off) loads round key off(BX) into X8 and runs one AESDEC
// (a round of the equivalent inverse cipher) of it on X0-X7; DECROUND4 on
// X0-X3.
#define DECROUND8(off) \
	MOVOU  off(BX), X8 \
	AESDEC X8, X0 \
	AESDEC X8, X1 \
	AESDEC X8, X2 \
	AESDEC X8, X3 \
	AESDEC X8, X4 \
	AESDEC X8, X5 \
	AESDEC X8, X6 \
	AESDEC X8, X7

#define DECROUND4(off) \
	MOVOU  off(BX), X8 \
	AESDEC X8, X0 \
	AESDEC X8, X1 \
	AESDEC X8, X2 \
	AESDEC X8, X3

#define DECROUND1(off) \
	MOVOU  off(BX), X8 \
	AESDEC X8, X0

// func nativeDecryptCBC(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)
//
// CBC decryption (SP 800-38A, Section 6.2) of n bytes (a positive multiple
// of 16) from src to dst (equal or not overlapping) with the equivalent
// inverse cipher's schedule xk; iv is updated to the last ciphertext
// block. P[j] = CIPH^-1(C[j]) ^ C[j-1] has no chain through the cipher:
// eight blocks per pass in X0-X7, so that eight AESDECs are in flight
// behind each round key (two AES units of four-cycle latency stay busy),
// then four, then one at a time. The first and last round keys stay in
// X10 and X11, the others are loaded as used; X9 holds the chaining value.
// A pass reads all its ciphertext (its blocks and the previous ones it
// XORs in) before writing any plaintext, so dst may equal src.
TEXT ·nativeDecryptCBC(SB), NOSPLIT, $0-48
	MOVQ  nr+0(FP), AX
	MOVQ  xk+8(FP), BX
	MOVQ  iv+16(FP), CX
	MOVQ  dst+24(FP), DI
	MOVQ  src+32(FP), SI
	MOVQ  n+40(FP), DX
	MOVOU (CX), X9
	MOVOU 0(BX), X10
	MOVQ  AX, R8
	SHLQ  $4, R8
	MOVOU (BX)(R8*1), X11

dec8:
	CMPQ  DX, $128
	JB    dec4
	MOVOU 0(SI), X0
	MOVOU 16(SI), X1
	MOVOU 32(SI), X2
	MOVOU 48(SI), X3
	MOVOU 64(SI), X4
	MOVOU 80(SI), X5
	MOVOU 96(SI), X6
	MOVOU 112(SI), X7
	PXOR  X10, X0
	PXOR  X10, X1
	PXOR  X10, X2
	PXOR  X10, X3
	PXOR  X10, X4
	PXOR  X10, X5
	PXOR  X10, X6
	PXOR  X10, X7
	DECROUND8(16)
	DECROUND8(32)
	DECROUND8(48)
	DECROUND8(64)
	DECROUND8(80)
	DECROUND8(96)
	DECROUND8(112)
	DECROUND8(128)
	DECROUND8(144)
	CMPQ  AX, $10
	JE    dec8last
	DECROUND8(160)
	DECROUND8(176)
	CMPQ  AX, $12
	JE    dec8last
	DECROUND8(192)
	DECROUND8(208)

dec8last:
	AESDECLAST X11, X0
	AESDECLAST X11, X1
	AESDECLAST X11, X2
	AESDECLAST X11, X3
	AESDECLAST X11, X4
	AESDECLAST X11, X5
	AESDECLAST X11, X6
	AESDECLAST X11, X7
	PXOR       X9, X0
	MOVOU      0(SI), X8
	PXOR       X8, X1
	MOVOU      16(SI), X8
	PXOR       X8, X2
	MOVOU      32(SI), X8
	PXOR       X8, X3
	MOVOU      48(SI), X8
	PXOR       X8, X4
	MOVOU      64(SI), X8
	PXOR       X8, X5
	MOVOU      80(SI), X8
	PXOR       X8, X6
	MOVOU      96(SI), X8
	PXOR       X8, X7
	MOVOU      112(SI), X9
	MOVOU      X0, 0(DI)
	MOVOU      X1, 16(DI)
	MOVOU      X2, 32(DI)
	MOVOU      X3, 48(DI)
	MOVOU      X4, 64(DI)
	MOVOU      X5, 80(DI)
	MOVOU      X6, 96(DI)
	MOVOU      X7, 112(DI)
	ADDQ       $128, SI
	ADDQ       $128, DI
	SUBQ       $128, DX
	JMP        dec8

dec4:
	CMPQ  DX, $64
	JB    dec1
	MOVOU 0(SI), X0
	MOVOU 16(SI), X1
	MOVOU 32(SI), X2
	MOVOU 48(SI), X3
	PXOR  X10, X0
	PXOR  X10, X1
	PXOR  X10, X2
	PXOR  X10, X3
	DECROUND4(16)
	DECROUND4(32)
	DECROUND4(48)
	DECROUND4(64)
	DECROUND4(80)
	DECROUND4(96)
	DECROUND4(112)
	DECROUND4(128)
	DECROUND4(144)
	CMPQ  AX, $10
	JE    dec4last
	DECROUND4(160)
	DECROUND4(176)
	CMPQ  AX, $12
	JE    dec4last
	DECROUND4(192)
	DECROUND4(208)

dec4last:
	AESDECLAST X11, X0
	AESDECLAST X11, X1
	AESDECLAST X11, X2
	AESDECLAST X11, X3
	PXOR       X9, X0
	MOVOU      0(SI), X8
	PXOR       X8, X1
	MOVOU      16(SI), X8
	PXOR       X8, X2
	MOVOU      32(SI), X8
	PXOR       X8, X3
	MOVOU      48(SI), X9
	MOVOU      X0, 0(DI)
	MOVOU      X1, 16(DI)
	MOVOU      X2, 32(DI)
	MOVOU      X3, 48(DI)
	ADDQ       $64, SI
	ADDQ       $64, DI
	SUBQ       $64, DX

dec1:
	TESTQ DX, DX
	JZ    decdone
	MOVOU (SI), X0
	MOVOU X0, X12
	PXOR  X10, X0
	DECROUND1(16)
	DECROUND1(32)
	DECROUND1(48)
	DECROUND1(64)
	DECROUND1(80)
	DECROUND1(96)
	DECROUND1(112)
	DECROUND1(128)
	DECROUND1(144)
	CMPQ  AX, $10
	JE    dec1last
	DECROUND1(160)
	DECROUND1(176)
	CMPQ  AX, $12
	JE    dec1last
	DECROUND1(192)
	DECROUND1(208)

dec1last:
	AESDECLAST X11, X0
	PXOR       X9, X0
	MOVOU      X12, X9
	MOVOU      X0, (DI)
	ADDQ       $16, SI
	ADDQ       $16, DI
	SUBQ       $16, DX
	JMP        dec1

decdone:
	MOVOU X9, (CX)
	PXOR  X0, X0
	PXOR  X1, X1
	PXOR  X2, X2
	PXOR  X3, X3
	PXOR  X4, X4
	PXOR  X5, X5
	PXOR  X6, X6
	PXOR  X7, X7
	PXOR  X8, X8
	PXOR  X9, X9
	PXOR  X10, X10
	PXOR  X11, X11
	PXOR  X12, X12
	RET

// func nativeEncryptCBCKey(nr int, key, iv, dst, src *byte, n int)
//
// The sole-buffer CBC encryption: nativeExpandKey of key into a schedule
// in this frame (16-byte aligned), nativeEncryptCBC of n bytes (a positive
// multiple of 16) from src to dst on it with a copy of the 16-byte iv (iv
// itself is not written), then the schedule wiped. Nothing of the key is
// left in the Go caller's frame, which neither zeroes a schedule before
// the call nor clears it after.
//
// Speed knob: the expansion is not interleaved by hand with the first
// block's rounds: the processor's out-of-order window (hundreds of
// instructions) already starts round i of the first block when round key
// i is stored. Measured with AES-128 (go test -bench on this package's
// internals): expansion then 8 blocks took the time of the 8 blocks alone
// on a schedule expanded earlier (78 ns); a sole call's cost beyond the
// chain of Nr*8 AES rounds is the Go code around it.
TEXT ·nativeEncryptCBCKey(SB), NOSPLIT, $320-48
	MOVQ  nr+0(FP), AX
	MOVQ  key+8(FP), SI
	LEAQ  79(SP), DI
	ANDQ  $-16, DI                // schedule: 240 aligned bytes from 64(SP) on
	MOVQ  AX, 0(SP)
	MOVQ  SI, 8(SP)
	MOVQ  DI, 16(SP)
	MOVQ  $0, 24(SP)
	CALL  ·nativeExpandKey(SB)
	MOVQ  iv+16(FP), CX
	MOVOU (CX), X0
	MOVOU X0, 48(SP)              // the chaining value, updated in the frame
	MOVQ  nr+0(FP), AX
	MOVQ  AX, 0(SP)
	LEAQ  79(SP), DI
	ANDQ  $-16, DI
	MOVQ  DI, 8(SP)
	LEAQ  48(SP), CX
	MOVQ  CX, 16(SP)
	MOVQ  dst+24(FP), AX
	MOVQ  AX, 24(SP)
	MOVQ  src+32(FP), AX
	MOVQ  AX, 32(SP)
	MOVQ  n+40(FP), AX
	MOVQ  AX, 40(SP)
	CALL  ·nativeEncryptCBC(SB)
	LEAQ  79(SP), DI
	ANDQ  $-16, DI
	PXOR  X0, X0
	MOVO  X0, 0(DI)
	MOVO  X0, 16(DI)
	MOVO  X0, 32(DI)
	MOVO  X0, 48(DI)
	MOVO  X0, 64(DI)
	MOVO  X0, 80(DI)
	MOVO  X0, 96(DI)
	MOVO  X0, 112(DI)
	MOVO  X0, 128(DI)
	MOVO  X0, 144(DI)
	MOVO  X0, 160(DI)
	MOVO  X0, 176(DI)
	MOVO  X0, 192(DI)
	MOVO  X0, 208(DI)
	MOVO  X0, 224(DI)
	RET
