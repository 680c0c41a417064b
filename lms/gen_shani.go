// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// gen_shani writes chains_amd64.s: Winternitz chains of RFC 8554 run on
// the SHA extensions (SHA-NI), one, two or four chains interleaved in one
// loop, for the Fast configuration on amd64; and chainni_amd64.s, the
// one-chain form Small runs (see chainNI below).
//
// Why several: SHA256RNDS2 (two rounds) has a latency of 4 to 5 cycles
// but starts every 2 cycles (measured on AMD Zen 5: 4.4-4.9 cycles per
// instruction in one dependency chain, 2.3-2.7 with two independent
// chains, 2.3 with four). One SHA-256 compression is a chain of 32 of
// them, so a single chain leaves the unit idle half the time. Two chains
// measured 1.73 times the chain steps per second of one, four 2.16 times
// (BenchmarkChainsNI, interleaved): the message words, the schedule and
// the additions between steps lengthen each chain's dependency path, and
// four chains cover it where two do not. The SHA instructions have only
// legacy SSE encodings, so they address X0..X15: one or two chains keep
// their six registers each (state and four message registers) in
// registers; four keep only their state there and the message registers
// in the frame (chainsNI4).
//
// What one step of one chain does, tmp = H(I || u32str(q) || u16str(i) ||
// u8str(j) || tmp) (one block, 55 bytes and the padding):
//
//   - the chain value stays in registers from step to step, in the
//     order SHA256RNDS2 works in, S1 = (f, e, b, a) and S2 = (h, g, d, c)
//     (dword 0 first): no bytes are stored or reloaded between steps;
//   - message words 4..15 are made from it by byte shuffles: word 5+k
//     is H[k-1]<<8 | H[k]>>24 (tmp starts at byte 23, one byte off word
//     alignment), each message register being PSHUFB of S1 OR PSHUFB of
//     S2 OR a constant (q, i, j, the 0x80 and the bit length); the
//     masks and constants are per hash length n (24 or 32) and come in
//     the shared block with the midstate;
//   - rounds 0..3 only see I, the same for every chain of a signature:
//     they are done once (the midstate) and each step runs rounds 4..63,
//     30 SHA256RNDS2 instead of 32; words 0..3 still enter the message
//     schedule, from the shared block;
//   - the schedule is sha2's (SHA256MSG1, PALIGNR, PADDD, SHA256MSG2);
//     the constants K are this file's own table;
//   - at the end H(0) is added, and j, in the lane's counter, goes up by
//     one.
//
// Memory: shared block (mid, words 0..3, masks, constants; 160 bytes) and
// one lane block per chain (its state and counter; 48 bytes), laid out as
// niShared and niLane in shani_amd64.go.
//
// Constant time: no branch or address depends on the data (key
// generation and signing run secret values through it).
//
// Run with "go generate" in this directory.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// K are the SHA-256 constants of FIPS 180-4, §4.2.2.
var K = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// iv is H(0) of SHA-256, FIPS 180-4, §5.3.3.
var iv = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// Offsets in the shared block (niShared) and a lane block (niLane).
const (
	offMid = 0   // midstate after round 3: (f, e, b, a), (h, g, d, c)
	offW0  = 32  // message words 0..3
	offK1a = 48  // PSHUFB masks: message register 1 from S1,
	offK1b = 64  //   from S2,
	offK2a = 80  //   register 2 from S1,
	offK2b = 96  //   from S2,
	offK3b = 112 //   register 3 from S2
	offC2  = 128 // constants ORed into message registers 2 and 3
	offC3  = 144

	offS   = 0  // lane: S1, S2
	offCtr = 32 // lane: (q, i<<16 | j<<8, 0, 0), message register 1's constant part
)

var outDir = flag.String("o", ".", "output directory")

var b bytes.Buffer

func p(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }

// lane names one chain's registers: its state S1, S2, its four message
// registers M[0..3] (words 4g..4g+3 in M[g mod 4]), a scratch register
// and the register holding its lane block's address.
type lane struct {
	S1, S2 string
	M      [4]string
	T      string
	ptr    string
	arg    string
}

var lanes = []lane{
	{S1: "X1", S2: "X2", M: [4]string{"X3", "X4", "X5", "X6"}, T: "X7", ptr: "SI", arg: "l0"},
	{S1: "X8", S2: "X9", M: [4]string{"X10", "X11", "X12", "X13"}, T: "X14", ptr: "DI", arg: "l1"},
}

// scratch is shared by the lanes (every use starts with a full write, so
// renaming keeps the lanes independent); X0 is SHA256RNDS2's implicit
// operand, W+K.
const scratch = "X15"

// messages emits lane l's message registers 1..3 from its state and the
// shared masks, and register 0 (words 0..3) from the shared block.
func messages(l lane) {
	S1, S2, T := l.S1, l.S2, l.T
	M := l.M
	p("\t// Message words 4..15 from the chain value, 0..3 from I.")
	p("\tMOVOU %s, %s", S1, M[1])
	p("\tMOVOU %d(DX), %s", offK1a, T)
	p("\tPSHUFB %s, %s", T, M[1])
	p("\tMOVOU %s, %s", S2, T)
	p("\tMOVOU %d(DX), %s", offK1b, scratch)
	p("\tPSHUFB %s, %s", scratch, T)
	p("\tPOR %s, %s", T, M[1])
	p("\tMOVOU %d(%s), %s", offCtr, l.ptr, T)
	p("\tPOR %s, %s", T, M[1])
	p("\tMOVOU %s, %s", S1, M[2])
	p("\tMOVOU %d(DX), %s", offK2a, T)
	p("\tPSHUFB %s, %s", T, M[2])
	p("\tMOVOU %s, %s", S2, T)
	p("\tMOVOU %d(DX), %s", offK2b, scratch)
	p("\tPSHUFB %s, %s", scratch, T)
	p("\tPOR %s, %s", T, M[2])
	p("\tMOVOU %d(DX), %s", offC2, T)
	p("\tPOR %s, %s", T, M[2])
	p("\tMOVOU %s, %s", S2, M[3])
	p("\tMOVOU %d(DX), %s", offK3b, T)
	p("\tPSHUFB %s, %s", T, M[3])
	p("\tMOVOU %d(DX), %s", offC3, T)
	p("\tPOR %s, %s", T, M[3])
	p("\tMOVOU %d(DX), %s", offW0, M[0])
	p("\t// j + 1 for the next step.")
	p("\tMOVOU %d(%s), %s", offCtr, l.ptr, T)
	p("\tMOVOU jstep<>(SB), %s", scratch)
	p("\tPADDD %s, %s", scratch, T)
	p("\tMOVOU %s, %d(%s)", T, offCtr, l.ptr)
	p("\t// The working variables start from the midstate.")
	p("\tMOVOU %d(DX), %s", offMid, S1)
	p("\tMOVOU %d(DX), %s", offMid+16, S2)
}

// schedule emits words 4g..4g+3 into M[g mod 4] (g ≥ 4), FIPS 180-4,
// §6.2.2, step 1: σ0 terms by SHA256MSG1, W[t-7] by a byte shift of the
// two newest registers, σ1 terms by SHA256MSG2.
func schedule(l lane, g int) {
	m0, m1, m2, m3 := l.M[g%4], l.M[(g+1)%4], l.M[(g+2)%4], l.M[(g+3)%4]
	p("\tSHA256MSG1 %s, %s", m1, m0)
	p("\tMOVOU %s, %s", m3, l.T)
	p("\tPALIGNR $4, %s, %s", m2, l.T)
	p("\tPADDD %s, %s", l.T, m0)
	p("\tSHA256MSG2 %s, %s", m3, m0)
}

// rounds4 emits rounds 4g..4g+3: W+K into X0, two rounds on its low half,
// two on its high half (the two calls swap S1 and S2 and swap them back).
func rounds4(l lane, g int) {
	p("\tMOVOU %d(AX), X0", 16*g)
	p("\tPADDD %s, X0", l.M[g%4])
	p("\tSHA256RNDS2 X0, %s, %s", l.S1, l.S2)
	p("\tPSHUFD $0x0e, X0, X0")
	p("\tSHA256RNDS2 X0, %s, %s", l.S2, l.S1)
}

// chains emits chainsNI<n>(s *niShared, l0, …, *niLane, steps int).
func chains(n int) {
	ls := lanes[:n]
	args := ""
	for _, l := range ls {
		args += l.arg + ", "
	}
	p("")
	p("// func chainsNI%d(s *niShared, %s*niLane, steps int)", n, args)
	p("TEXT ·chainsNI%d(SB), NOSPLIT, $0-%d", n, 8*(n+2))
	p("\tMOVQ s+0(FP), DX")
	for i, l := range ls {
		p("\tMOVQ %s+%d(FP), %s", l.arg, 8*(i+1), l.ptr)
	}
	p("\tMOVQ steps+%d(FP), CX", 8*(n+1))
	p("\tTESTQ CX, CX")
	p("\tJZ done")
	p("\tLEAQ kni<>(SB), AX")
	for _, l := range ls {
		p("\tMOVOU %d(%s), %s", offS, l.ptr, l.S1)
		p("\tMOVOU %d(%s), %s", offS+16, l.ptr, l.S2)
	}
	p("")
	p("loop:")
	for _, l := range ls {
		messages(l)
	}
	for g := 1; g < 16; g++ {
		p("\t// Rounds %d..%d.", 4*g, 4*g+3)
		for _, l := range ls {
			if g >= 4 {
				schedule(l, g)
			}
		}
		for _, l := range ls {
			rounds4(l, g)
		}
	}
	p("\t// H(1) = H(0) + the working variables.")
	p("\tMOVOU ivni<>+0(SB), %s", scratch)
	for _, l := range ls {
		p("\tPADDD %s, %s", scratch, l.S1)
	}
	p("\tMOVOU ivni<>+16(SB), %s", scratch)
	for _, l := range ls {
		p("\tPADDD %s, %s", scratch, l.S2)
	}
	p("\tDECQ CX")
	p("\tJNZ loop")
	p("")
	for _, l := range ls {
		p("\tMOVOU %s, %d(%s)", l.S1, offS, l.ptr)
		p("\tMOVOU %s, %d(%s)", l.S2, offS+16, l.ptr)
	}
	p("\t// Key generation and signing pass secret values through here.")
	for r := 0; r < 16; r++ {
		p("\tPXOR X%d, X%d", r, r)
	}
	p("")
	p("done:")
	p("\tRET")
}

// Four chains do not fit the sixteen registers with their message
// registers, so chainsNI4 keeps each chain's four message registers in an
// aligned 256-byte area of its frame (the SHA and SSE instructions read
// their 16-byte memory operands from there) and only the chain values in
// registers: lane L's S1, S2 in X(2L+1), X(2L+2). X9, X10 carry one
// group's schedule words, X11, X12 and X15 are scratch; BX is the area.

// slot is lane l's message register k in the frame area.
func slot(l, k int) string { return fmt.Sprintf("%d(BX)", 64*l+16*k) }

// messages4 is messages for lane l of chainsNI4: registers 1..3 from the
// lane's state into their slots, register 0 from the shared block.
func messages4(l int, ptr string) {
	S1, S2 := fmt.Sprintf("X%d", 2*l+1), fmt.Sprintf("X%d", 2*l+2)
	for _, r := range []struct {
		k          int
		a, b, c    int // offsets of the S1 mask, the S2 mask and the constant; -1 for none
		withCtrReg bool
	}{{1, offK1a, offK1b, -1, true}, {2, offK2a, offK2b, offC2, false}, {3, -1, offK3b, offC3, false}} {
		if r.a >= 0 {
			p("	MOVOU %s, X9", S1)
			p("	MOVOU %d(DX), X11", r.a)
			p("	PSHUFB X11, X9")
			p("	MOVOU %s, X10", S2)
			p("	MOVOU %d(DX), X12", r.b)
			p("	PSHUFB X12, X10")
			p("	POR X10, X9")
		} else {
			p("	MOVOU %s, X9", S2)
			p("	MOVOU %d(DX), X11", r.b)
			p("	PSHUFB X11, X9")
		}
		if r.withCtrReg {
			p("	MOVOU %d(%s), X12", offCtr, ptr)
		} else {
			p("	MOVOU %d(DX), X12", r.c)
		}
		p("	POR X12, X9")
		p("	MOVOU X9, %s", slot(l, r.k))
	}
	p("	MOVOU %d(DX), X9", offW0)
	p("	MOVOU X9, %s", slot(l, 0))
	p("	MOVOU %d(%s), X12", offCtr, ptr)
	p("	MOVOU jstep<>(SB), X15")
	p("	PADDD X15, X12")
	p("	MOVOU X12, %d(%s)", offCtr, ptr)
	p("	MOVOU %d(DX), %s", offMid, S1)
	p("	MOVOU %d(DX), %s", offMid+16, S2)
}

// group4 emits lane l's rounds 4g..4g+3 of chainsNI4, with the schedule
// for g ≥ 4 computed from the slots (the newest word back into its slot).
func group4(l, g int) {
	S1, S2 := fmt.Sprintf("X%d", 2*l+1), fmt.Sprintf("X%d", 2*l+2)
	p("	MOVOU %d(AX), X0", 16*g)
	if g < 4 {
		p("	PADDD %s, X0", slot(l, g))
	} else {
		p("	MOVOU %s, X9", slot(l, g%4))
		p("	SHA256MSG1 %s, X9", slot(l, (g+1)%4))
		p("	MOVOU %s, X10", slot(l, (g+3)%4))
		p("	PALIGNR $4, %s, X10", slot(l, (g+2)%4))
		p("	PADDD X10, X9")
		p("	SHA256MSG2 %s, X9", slot(l, (g+3)%4))
		p("	MOVOU X9, %s", slot(l, g%4))
		p("	PADDD X9, X0")
	}
	p("	SHA256RNDS2 X0, %s, %s", S1, S2)
	p("	PSHUFD $0x0e, X0, X0")
	p("	SHA256RNDS2 X0, %s, %s", S2, S1)
}

// chains4 emits chainsNI4(s *niShared, l0, l1, l2, l3 *niLane, steps int).
func chains4() {
	ptrs := []string{"SI", "DI", "R8", "R9"}
	p("")
	p("// func chainsNI4(s *niShared, l0, l1, l2, l3 *niLane, steps int)")
	p("TEXT ·chainsNI4(SB), NOSPLIT, $272-48")
	p("	MOVQ s+0(FP), DX")
	for l, r := range ptrs {
		p("	MOVQ l%d+%d(FP), %s", l, 8*(l+1), r)
	}
	p("	MOVQ steps+40(FP), CX")
	p("	TESTQ CX, CX")
	p("	JZ done")
	p("	LEAQ kni<>(SB), AX")
	p("	// The message area, 16-byte aligned.")
	p("	LEAQ 15(SP), BX")
	p("	ANDQ $~15, BX")
	for l, r := range ptrs {
		p("	MOVOU %d(%s), X%d", offS, r, 2*l+1)
		p("	MOVOU %d(%s), X%d", offS+16, r, 2*l+2)
	}
	p("")
	p("loop:")
	for l, r := range ptrs {
		messages4(l, r)
	}
	for g := 1; g < 16; g++ {
		p("	// Rounds %d..%d.", 4*g, 4*g+3)
		for l := range ptrs {
			group4(l, g)
		}
	}
	p("	// H(1) = H(0) + the working variables.")
	p("	MOVOU ivni<>+0(SB), X15")
	p("	MOVOU ivni<>+16(SB), X11")
	for l := range ptrs {
		p("	PADDD X15, X%d", 2*l+1)
		p("	PADDD X11, X%d", 2*l+2)
	}
	p("	DECQ CX")
	p("	JNZ loop")
	p("")
	for l, r := range ptrs {
		p("	MOVOU X%d, %d(%s)", 2*l+1, offS, r)
		p("	MOVOU X%d, %d(%s)", 2*l+2, offS+16, r)
	}
	p("	// Key generation and signing pass secret values through here.")
	for r := 0; r < 16; r++ {
		p("	PXOR X%d, X%d", r, r)
	}
	p("	MOVQ $0, CX")
	p("clear:")
	p("	MOVOU X0, 0(BX)(CX*1)")
	p("	ADDQ $16, CX")
	p("	CMPQ CX, $256")
	p("	JNE clear")
	p("")
	p("done:")
	p("	RET")
}

func main() {
	flag.Parse()
	p("// Code generated by gen_shani.go; DO NOT EDIT.")
	p("")
	p("//go:build !purego")
	p("")
	p("#include \"textflag.h\"")
	p("")
	p("// K_0..K_63 of FIPS 180-4, §4.2.2, four per 16 bytes as SHA256RNDS2 takes them.")
	for i, k := range K {
		p("DATA kni<>+%d(SB)/4, $0x%08x", 4*i, k)
	}
	p("GLOBL kni<>(SB), RODATA|NOPTR, $256")
	p("")
	p("// H(0) of FIPS 180-4, §5.3.3, as (f, e, b, a), (h, g, d, c).")
	for i, r := range []int{5, 4, 1, 0, 7, 6, 3, 2} {
		p("DATA ivni<>+%d(SB)/4, $0x%08x", 4*i, iv[r])
	}
	p("GLOBL ivni<>(SB), RODATA|NOPTR, $32")
	p("")
	p("// One step of j in a lane's counter: dword 1 is i<<16 | j<<8.")
	p("DATA jstep<>+0(SB)/4, $0")
	p("DATA jstep<>+4(SB)/4, $0x100")
	p("DATA jstep<>+8(SB)/4, $0")
	p("DATA jstep<>+12(SB)/4, $0")
	p("GLOBL jstep<>(SB), RODATA|NOPTR, $16")
	chains(1)
	chains(2)
	chains4()
	write("chains_amd64.s")
	b.Reset()
	chainNI()
	write("chainni_amd64.s")
}

func write(name string) {
	if err := os.WriteFile(filepath.Join(*outDir, name), b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// The one-chain step of chainBlock.chainSHA256 (chainni_amd64.s,
// chainSHA256NI), which Small runs for every chain and Fast where it runs
// one chain at a time: the step of chainsNI1 — chain value in registers
// in SHA256RNDS2's order, message words 4..15 made from it by PSHUFB —
// without the per-signature midstate or shared block: each step is a
// whole compression from H(0), rounds 0..3 on I included, as the
// hash-count bound counts it. I and q are read from the chain block
// (written once per leaf), the chain's start from x; the masks, I's words
// and the counter stay in registers, and the result goes to the block's
// tmp field (bytes 23..23+n) in two stores that the hash taking it next
// reads back whole. Rounds 16..63 are one loop of 16 rounds run three
// times (the message registers rotate through X3..X6 once per 16
// rounds), about a third of the code of the unrolled form: one chain is
// bound by SHA256RNDS2's latency, and the loop's instructions ride
// alongside.
//
// Registers: X1, X2 the state; X3..X6 the message; X7 scratch; X8 the
// counter (q, i<<16 | j<<8, 0, 0), from R11; X9 message words 0..3 (I);
// X10..X14 the masks k1a, k1b, k2a, k2b, k3b; X15 the constant c3; X0
// W+K. AX the constants K, BX the masks, R8 the masks for n, R9 K in the
// loop.
func chainNI() {
	p("// Code generated by gen_shani.go; DO NOT EDIT.")
	p("")
	p("//go:build !purego")
	p("")
	p("#include \"textflag.h\"")
	p("")
	p("// K_0..K_63 of FIPS 180-4, §4.2.2, four per 16 bytes as SHA256RNDS2 takes them.")
	for i, k := range K {
		p("DATA kchain<>+%d(SB)/4, $0x%08x", 4*i, k)
	}
	p("GLOBL kchain<>(SB), RODATA|NOPTR, $256")
	p("")
	p("// Masks and constants: at 0 the byte order between the chain value's")
	p("// two 16-byte halves, unpacked by quadword, and (f, e, b, a), (h, g, d,")
	p("// c); at 16 the byte order of I's big-endian words; at 32, 48, 64 the")
	p("// masks k1a, k1b, k2a; at 80 (n = 32) and 144 (n = 24) k2b, k3b, c2,")
	p("// c3 (see shani.go); at 208 H(0) as (f, e, b, a), (h, g, d, c).")
	var m []byte
	m = append(m, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8)
	m = append(m, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)
	m = append(m, niK1a[:]...)
	m = append(m, niK1b[:]...)
	m = append(m, niK2a[:]...)
	m = append(m, niK2b32[:]...)
	m = append(m, niK3b32[:]...)
	m = append(m, le(0, 0, 0, 0)...)
	m = append(m, le(0, 0x80, 0, (23+32)*8)...)
	m = append(m, niK2b24[:]...)
	m = append(m, niK3b24[:]...)
	m = append(m, le(0, 0, 0, 0x80)...)
	m = append(m, le(0, 0, 0, (23+24)*8)...)
	m = append(m, le(iv[5], iv[4], iv[1], iv[0])...)
	m = append(m, le(iv[7], iv[6], iv[3], iv[2])...)
	for i := 0; i < len(m); i += 8 {
		var v uint64
		for k := 7; k >= 0; k-- {
			v = v<<8 | uint64(m[i+k])
		}
		p("DATA chainm<>+%d(SB)/8, $0x%016x", i, v)
	}
	p("GLOBL chainm<>(SB), RODATA|NOPTR, $%d", len(m))
	M := [4]string{"X3", "X4", "X5", "X6"}
	round4 := func(k string, g int) {
		p("	MOVOU %s, X0", k)
		p("	PADDD %s, X0", M[g%4])
		p("	SHA256RNDS2 X0, X1, X2")
		p("	PSHUFD $0x0e, X0, X0")
		p("	SHA256RNDS2 X0, X2, X1")
	}
	p("")
	p("// func chainSHA256NI(c *chainBlock, x *byte, ij uint32, steps int)")
	p("TEXT ·chainSHA256NI(SB), NOSPLIT, $0-32")
	p("	MOVQ c+0(FP), DX")
	p("	MOVQ x+8(FP), SI")
	p("	MOVQ steps+24(FP), CX")
	p("	TESTQ CX, CX")
	p("	JZ done")
	p("	LEAQ kchain<>(SB), AX")
	p("	LEAQ chainm<>(SB), BX")
	p("	// The chain value from x's big-endian words (n bytes, n = c.n).")
	p("	MOVOU 0(SI), X7")
	p("	CMPQ 64(DX), $32")
	p("	JNE n24")
	p("	LEAQ 80(BX), R8")
	p("	MOVOU 16(SI), X15")
	p("	JMP loaded")
	p("")
	p("n24:")
	p("	LEAQ 144(BX), R8")
	p("	MOVQ 16(SI), X15")
	p("")
	p("loaded:")
	p("	// To (f, e, b, a), (h, g, d, c).")
	p("	MOVOU 0(BX), X0")
	p("	MOVOU X15, X1")
	p("	PUNPCKLQDQ X7, X1")
	p("	PSHUFB X0, X1")
	p("	MOVOU X15, X2")
	p("	PUNPCKHQDQ X7, X2")
	p("	PSHUFB X0, X2")
	p("	// I's words from the block; R11 = q | (i<<16 | j<<8)<<32.")
	p("	MOVOU 0(DX), X9")
	p("	MOVOU 16(BX), X0")
	p("	PSHUFB X0, X9")
	p("	MOVL 16(DX), R11")
	p("	BSWAPL R11")
	p("	MOVL ij+16(FP), R12")
	p("	SHLQ $32, R12")
	p("	ORQ R12, R11")
	p("	MOVQ $0x10000000000, R12")
	p("	MOVOU 32(BX), X10")
	p("	MOVOU 48(BX), X11")
	p("	MOVOU 64(BX), X12")
	p("	MOVOU 0(R8), X13")
	p("	MOVOU 16(R8), X14")
	p("	MOVOU 48(R8), X15")
	p("")
	p("loop:")
	p("	// Message words 4..15 from the chain value and the counter, 0..3 from I.")
	p("	MOVQ R11, X8")
	p("	ADDQ R12, R11")
	p("	MOVOU X1, X4")
	p("	PSHUFB X10, X4")
	p("	MOVOU X2, X7")
	p("	PSHUFB X11, X7")
	p("	POR X7, X4")
	p("	POR X8, X4")
	p("	MOVOU X1, X5")
	p("	PSHUFB X12, X5")
	p("	MOVOU X2, X7")
	p("	PSHUFB X13, X7")
	p("	POR X7, X5")
	p("	MOVOU 32(R8), X7")
	p("	POR X7, X5")
	p("	MOVOU X2, X6")
	p("	PSHUFB X14, X6")
	p("	POR X15, X6")
	p("	MOVOU X9, X3")
	p("	// The working variables start from H(0).")
	p("	MOVOU 208(BX), X1")
	p("	MOVOU 224(BX), X2")
	for g := 0; g < 4; g++ {
		p("	// Rounds %d..%d.", 4*g, 4*g+3)
		round4(fmt.Sprintf("%d(AX)", 16*g), g)
	}
	p("	// Rounds 16..63, sixteen at a time.")
	p("	LEAQ 64(AX), R9")
	p("	MOVQ $3, R10")
	p("")
	p("rounds:")
	for g := 4; g < 8; g++ {
		m0, m1, m2, m3 := M[g%4], M[(g+1)%4], M[(g+2)%4], M[(g+3)%4]
		p("	SHA256MSG1 %s, %s", m1, m0)
		p("	MOVOU %s, X7", m3)
		p("	PALIGNR $4, %s, X7", m2)
		p("	PADDD X7, %s", m0)
		p("	SHA256MSG2 %s, %s", m3, m0)
		round4(fmt.Sprintf("%d(R9)", 16*(g-4)), g)
	}
	p("	ADDQ $64, R9")
	p("	DECQ R10")
	p("	JNZ rounds")
	p("	// H(1) = H(0) + the working variables.")
	p("	MOVOU 208(BX), X7")
	p("	PADDD X7, X1")
	p("	MOVOU 224(BX), X7")
	p("	PADDD X7, X2")
	p("	DECQ CX")
	p("	JNZ loop")
	p("")
	p("	// Back to big-endian words, into the block's tmp (bytes 23..23+n).")
	p("	MOVOU 0(BX), X0")
	p("	PSHUFB X0, X1")
	p("	PSHUFB X0, X2")
	p("	MOVOU X1, X7")
	p("	PUNPCKHQDQ X2, X7")
	p("	MOVOU X7, 23(DX)")
	p("	PUNPCKLQDQ X2, X1")
	p("	CMPQ 64(DX), $32")
	p("	JNE s24")
	p("	MOVOU X1, 39(DX)")
	p("	JMP clear")
	p("")
	p("s24:")
	p("	MOVQ X1, 39(DX)")
	p("")
	p("clear:")
	p("	// The chain value and what was made from it (the rest is I, q,")
	p("	// the counter and constants), should a secret value pass through.")
	for r := 0; r < 8; r++ {
		p("	PXOR X%d, X%d", r, r)
	}
	p("")
	p("done:")
	p("	RET")
}

// The PSHUFB masks of shani.go (niK1a, …; see there): a mask byte is a
// byte of S1 = (f, e, b, a) or S2 = (h, g, d, c), or z for zero.
const z = 0x80

var (
	niK1a   = [16]byte{z, z, z, z, 15, z, z, z, 11, 12, 13, 14, z, 8, 9, 10}
	niK1b   = [16]byte{z, z, z, z, z, z, z, z, z, z, z, z, 15, z, z, z}
	niK2a   = [16]byte{z, z, z, z, 7, z, z, z, 3, 4, 5, 6, z, 0, 1, 2}
	niK2b32 = [16]byte{11, 12, 13, 14, z, 8, 9, 10, z, z, z, z, 7, z, z, z}
	niK3b32 = [16]byte{3, 4, 5, 6, z, 0, 1, 2, z, z, z, z, z, z, z, z}
	niK2b24 = [16]byte{11, 12, 13, 14, z, 8, 9, 10, z, z, z, z, z, z, z, z}
	niK3b24 = [16]byte{z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z}
)

// le returns four 32-bit words, little-endian.
func le(w ...uint32) []byte {
	var o []byte
	for _, x := range w {
		o = append(o, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return o
}
