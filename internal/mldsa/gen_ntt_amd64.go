// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build ignore

// gen_ntt_amd64 writes ntt_amd64.s: the NTT and inverse NTT of FIPS 204
// (Algorithms 41 and 42) in AVX2 for the Native strategy, eight int32
// coefficients per YMM register, computing exactly the int32 values of
// NTTInPlace, InvNTTInPlace and InvNTTUnscaledInPlace (ntt.go): the same
// butterflies with the same (absent) reductions; only the order of
// independent butterflies differs.
//
//   - Montgomery product by z (with zq = z·q^-1 mod 2^32): VPMULDQ forms
//     the 64-bit products a·z and t·q (t the low half of a·zq) of the even
//     lanes, and of the odd lanes moved down by VPSRLQ; a·z − t·q has a
//     zero low half, so its high half is montReduce(a·z) exactly.
//   - Layers len ≥ 8 pair whole registers with one broadcast z; for
//     len = 4, 2, 1 the two registers of a 16-coefficient block are
//     exchanged by VPERM2I128, VPUNPCKL/HQDQ and a 32-bit shift-and-blend
//     swap (each its own inverse) and take vectors of z from the table
//     nttTable (ntt_amd64.go).
//
// Constant time: no branch or address depends on the data.
//
// Run with "go generate" in this directory.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
)

var out = flag.String("o", "ntt_amd64.s", "output file")

var b bytes.Buffer

func p(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }

// Byte offsets into nttTable (int32 indices × 4, as ntt_amd64.go lays it
// out): broadcast zetas and izetas with their q^-1 multiples, then per
// register pair g (16 of them) the vectors of the forward layers len = 4,
// 2, 1 and the inverse ones, each with its q^-1 multiples 128 entries
// later, and the constants.
const (
	offZ   = 0 * 4
	offZQ  = 256 * 4
	offIZ  = 512 * 4
	offIZQ = 768 * 4
	offF4  = 1024 * 4 // + 128: q^-1 multiples
	offF2  = 1280 * 4
	offF1  = 1536 * 4
	offI1  = 1792 * 4
	offI2  = 2048 * 4
	offI4  = 2304 * 4
	offC   = 2560 * 4 // q, F, FQ, LZ, LZQ, 2^22, q^-1
	vecQ   = 128 * 4  // distance from a vector table to its q^-1 multiples
)

// Registers: Y0-Y7 data, Y8-Y11 scratch of the products, Y12 q, Y13 and
// Y14 the twiddle factor and its q^-1 multiple, Y15 exchange scratch.
const (
	rq, rz, rzq, rs = "Y12", "Y13", "Y14", "Y15"
)

// zvec is set while the twiddle factors in rz, rzq vary by lane.
var zvec bool

func y(i int) string { return fmt.Sprintf("Y%d", i) }

// montmul sets dst = montReduce(src·z) lane by lane (dst may be src).
// VPMULDQ reads the even lanes; for the odd ones src is shifted down, and
// so are z and zq when they vary from lane to lane (zvec).
func montmul(dst, src, z, zq string) {
	p("\tVPMULDQ %s, %s, Y8", z, src)
	p("\tVPMULDQ %s, %s, Y9", zq, src)
	p("\tVPMULDQ %s, Y9, Y9", rq)
	p("\tVPSUBQ Y9, Y8, Y8")
	p("\tVPSRLQ $32, %s, Y10", src)
	oz, ozq := z, zq
	if zvec {
		p("\tVPSRLQ $32, %s, Y9", z)
		oz = "Y9"
	}
	p("\tVPMULDQ %s, Y10, Y11", oz)
	if zvec {
		p("\tVPSRLQ $32, %s, Y9", zq)
		ozq = "Y9"
	}
	p("\tVPMULDQ %s, Y10, Y10", ozq)
	p("\tVPMULDQ %s, Y10, Y10", rq)
	p("\tVPSUBQ Y10, Y11, Y11")
	p("\tVPSRLQ $32, Y8, Y8")
	p("\tVPBLENDD $0xaa, Y11, Y8, %s", dst)
}

// ct: t = a1·z; a1 = a0 − t; a0 = a0 + t.
func ct(a0, a1 string) {
	montmul(rs, a1, rz, rzq)
	p("\tVPSUBD %s, %s, %s", rs, a0, a1)
	p("\tVPADDD %s, %s, %s", rs, a0, a0)
}

// gs: a0, a1 = a0 + a1, (a0 − a1)·z.
func gs(a0, a1 string) {
	p("\tVPSUBD %s, %s, %s", a1, a0, rs)
	p("\tVPADDD %s, %s, %s", a1, a0, a0)
	montmul(a1, rs, rz, rzq)
}

// bcast broadcasts the twiddle factor at table byte offset disp (plus
// the index expression idx, e.g. "(R9*2)", if not empty) and its q^-1
// multiple 1,024 bytes further.
func bcast(disp int, idx string) {
	zvec = false
	p("\tVPBROADCASTD %d(DX)%s, %s", disp, idx, rz)
	p("\tVPBROADCASTD %d(DX)%s, %s", disp+1024, idx, rzq)
}

// vec loads a vector of twiddle factors and its q^-1 multiples.
func vec(disp int, idx string) {
	zvec = true
	p("\tVMOVDQU %d(DX)%s, %s", disp, idx, rz)
	p("\tVMOVDQU %d(DX)%s, %s", disp+vecQ, idx, rzq)
}

var labels int

func label() string { labels++; return fmt.Sprintf("L%d", labels) }

func perm128(a, bb string) {
	p("\tVPERM2I128 $0x20, %s, %s, %s", bb, a, rs)
	p("\tVPERM2I128 $0x31, %s, %s, %s", bb, a, bb)
	p("\tVMOVDQA %s, %s", rs, a)
}

func unpack64(a, bb string) {
	p("\tVPUNPCKLQDQ %s, %s, %s", bb, a, rs)
	p("\tVPUNPCKHQDQ %s, %s, %s", bb, a, bb)
	p("\tVMOVDQA %s, %s", rs, a)
}

func swap32(a, bb string) {
	p("\tVPSLLQ $32, %s, %s", bb, rs)
	p("\tVPBLENDD $0xaa, %s, %s, %s", rs, a, rs)
	p("\tVPSRLQ $32, %s, %s", a, a)
	p("\tVPBLENDD $0xaa, %s, %s, %s", bb, a, bb)
	p("\tVMOVDQA %s, %s", rs, a)
}

func header(name string) {
	p("// func %s(a *[256]int32, t *[nttTableLen]int32)", name)
	p("TEXT ·%s(SB), NOSPLIT, $0-16", name)
	p("\tMOVQ a+0(FP), DI")
	p("\tMOVQ t+8(FP), DX")
	p("\tVPBROADCASTD %d(DX), %s", offC, rq)
}

// memPass runs one layer on pairs (v_j, v_{j+d}) of registers loaded from
// memory, four pairs per loop iteration, for each block of 2d registers
// with the broadcast ζ at table offset disp(blk).
func memPass(d int, disp func(blk int) int, fwd bool) {
	for blk := 0; blk < 32/(2*d); blk++ {
		bcast(disp(blk), "")
		p("\tLEAQ %d(DI), SI", 32*2*d*blk)
		p("\tMOVQ $%d, CX", d/4)
		l := label()
		p("%s:", l)
		for i := 0; i < 4; i++ {
			p("\tVMOVDQU %d(SI), %s", 32*i, y(2*i))
			p("\tVMOVDQU %d(SI), %s", 32*(i+d), y(2*i+1))
		}
		for i := 0; i < 4; i++ {
			if fwd {
				ct(y(2*i), y(2*i+1))
			} else {
				gs(y(2*i), y(2*i+1))
			}
		}
		for i := 0; i < 4; i++ {
			p("\tVMOVDQU %s, %d(SI)", y(2*i), 32*i)
			p("\tVMOVDQU %s, %d(SI)", y(2*i+1), 32*(i+d))
		}
		p("\tADDQ $128, SI")
		p("\tDECQ CX")
		p("\tJNZ %s", l)
	}
}

// blockLoop emits a loop over the four blocks of 8 registers (64
// coefficients) at SI, with R9 = 4·block and R10 = 128·block for the
// table offsets, around body.
func blockLoop(body func()) {
	p("\tMOVQ DI, SI")
	p("\tXORQ R9, R9")
	p("\tXORQ R10, R10")
	l := label()
	p("%s:", l)
	for j := 0; j < 8; j++ {
		p("\tVMOVDQU %d(SI), %s", 32*j, y(j))
	}
	body()
	for j := 0; j < 8; j++ {
		p("\tVMOVDQU %s, %d(SI)", y(j), 32*j)
	}
	p("\tADDQ $256, SI")
	p("\tADDQ $4, R9")
	p("\tADDQ $128, R10")
	p("\tCMPQ R9, $16")
	p("\tJB %s", l)
}

func forward() {
	header("nttAVX2")
	// len = 128 (16 registers apart), 64 (8 apart): ζ index 1, 2 + block.
	memPass(16, func(int) int { return offZ + 4*1 }, true)
	memPass(8, func(blk int) int { return offZ + 4*(2+blk) }, true)
	blockLoop(func() {
		// len = 32: ζ index 4 + block (R9 = 4·block).
		bcast(offZ+4*4, "(R9*1)")
		for j := 0; j < 4; j++ {
			ct(y(j), y(j+4))
		}
		// len = 16: ζ index 8 + 2·block + h.
		for h := 0; h < 2; h++ {
			bcast(offZ+4*(8+h), "(R9*2)")
			ct(y(4*h), y(4*h+2))
			ct(y(4*h+1), y(4*h+3))
		}
		// len = 8, 4, 2, 1 per register pair g = 4·block + m.
		for m := 0; m < 4; m++ {
			a, bb := y(2*m), y(2*m+1)
			bcast(offZ+4*(16+m), "(R9*4)")
			ct(a, bb)
			perm128(a, bb)
			vec(offF4+32*m, "(R10*1)")
			ct(a, bb)
			unpack64(a, bb)
			vec(offF2+32*m, "(R10*1)")
			ct(a, bb)
			swap32(a, bb)
			vec(offF1+32*m, "(R10*1)")
			ct(a, bb)
			swap32(a, bb)
			unpack64(a, bb)
			perm128(a, bb)
		}
	})
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// inverse emits the seven first layers and the last one, scaled or not.
func inverse(name string, scaled bool) {
	header(name)
	blockLoop(func() {
		for m := 0; m < 4; m++ {
			a, bb := y(2*m), y(2*m+1)
			perm128(a, bb)
			unpack64(a, bb)
			swap32(a, bb)
			vec(offI1+32*m, "(R10*1)")
			gs(a, bb)
			swap32(a, bb)
			vec(offI2+32*m, "(R10*1)")
			gs(a, bb)
			unpack64(a, bb)
			vec(offI4+32*m, "(R10*1)")
			gs(a, bb)
			perm128(a, bb)
			bcast(offIZ+4*(16+m), "(R9*4)") // len = 8
			gs(a, bb)
		}
		for h := 0; h < 2; h++ { // len = 16
			bcast(offIZ+4*(8+h), "(R9*2)")
			gs(y(4*h), y(4*h+2))
			gs(y(4*h+1), y(4*h+3))
		}
		bcast(offIZ+4*4, "(R9*1)") // len = 32
		for j := 0; j < 4; j++ {
			gs(y(j), y(j+4))
		}
	})
	memPass(8, func(blk int) int { return offIZ + 4*(2+blk) }, false) // len = 64
	// len = 128: lo = (t + hi)·F or reduce32(t + hi); hi = (t − hi)·ζ′.
	if scaled {
		p("\tVPBROADCASTD %d(DX), Y4", offC+4)
		p("\tVPBROADCASTD %d(DX), Y5", offC+8)
		p("\tVPBROADCASTD %d(DX), Y6", offC+12)
		p("\tVPBROADCASTD %d(DX), Y7", offC+16)
	} else {
		p("\tVPBROADCASTD %d(DX), Y4", offC+20)
		p("\tVPBROADCASTD %d(DX), Y6", offIZ+4)
		p("\tVPBROADCASTD %d(DX), Y7", offIZ+1024+4)
	}
	zvec = false
	p("\tMOVQ DI, SI")
	p("\tMOVQ $8, CX")
	l := label()
	p("%s:", l)
	for i := 0; i < 2; i++ {
		p("\tVMOVDQU %d(SI), %s", 32*i, y(2*i))
		p("\tVMOVDQU %d(SI), %s", 32*(i+16), y(2*i+1))
	}
	for i := 0; i < 2; i++ {
		lo, hi := y(2*i), y(2*i+1)
		p("\tVPSUBD %s, %s, %s", hi, lo, rs)
		p("\tVPADDD %s, %s, %s", hi, lo, lo)
		if scaled {
			montmul(lo, lo, "Y4", "Y5")
		} else {
			p("\tVPADDD Y4, %s, Y8", lo)
			p("\tVPSRAD $23, Y8, Y8")
			p("\tVPMULLD %s, Y8, Y8", rq)
			p("\tVPSUBD Y8, %s, %s", lo, lo)
		}
		montmul(hi, rs, "Y6", "Y7")
	}
	for i := 0; i < 2; i++ {
		p("\tVMOVDQU %s, %d(SI)", y(2*i), 32*i)
		p("\tVMOVDQU %s, %d(SI)", y(2*i+1), 32*(i+16))
	}
	p("\tADDQ $64, SI")
	p("\tDECQ CX")
	p("\tJNZ %s", l)
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// innerProduct emits innerProductAVX2: ĥ = Σ_j â_j ∘ b̂_j · R^-1 for l
// consecutive polynomials â_j and b̂_j, as InnerProductNTT computes it:
// the 64-bit products of the even lanes (and of the odd lanes, shifted
// down) summed exactly with VPADDQ, then one Montgomery reduction per
// coefficient, (acc − t·q) >> 32 with t the low half of acc·q^-1.
//
// With extra, innerProductExtraAVX2 adds one more product, ea ∘ eb, to
// the sums (verification's −ĉ ∘ t̂1).
func innerProduct(extra bool) {
	if extra {
		p("// func innerProductExtraAVX2(h, a, b *[256]int32, l int, t *[nttTableLen]int32, ea, eb *[256]int32)")
		p("TEXT ·innerProductExtraAVX2(SB), NOSPLIT, $0-56")
		p("\tMOVQ ea+40(FP), R11")
		p("\tMOVQ eb+48(FP), R12")
	} else {
		p("// func innerProductAVX2(h, a, b *[256]int32, l int, t *[nttTableLen]int32)")
		p("TEXT ·innerProductAVX2(SB), NOSPLIT, $0-40")
	}
	p("\tMOVQ h+0(FP), DI")
	p("\tMOVQ a+8(FP), SI")
	p("\tMOVQ b+16(FP), R8")
	p("\tMOVQ l+24(FP), R9")
	p("\tMOVQ t+32(FP), DX")
	p("\tVPBROADCASTD %d(DX), %s", offC, rq)
	p("\tVPBROADCASTD %d(DX), Y13", offC+24)
	p("\tXORQ CX, CX")
	l1, l2 := label(), label()
	p("%s:", l1)
	p("\tVPXOR Y0, Y0, Y0")
	p("\tVPXOR Y1, Y1, Y1")
	p("\tVPXOR Y2, Y2, Y2")
	p("\tVPXOR Y3, Y3, Y3")
	if extra {
		for c := 0; c < 2; c++ {
			ev, od := y(2*c), y(2*c+1)
			p("\tVMOVDQU %d(R11)(CX*1), Y4", 32*c)
			p("\tVMOVDQU %d(R12)(CX*1), Y5", 32*c)
			p("\tVPMULDQ Y5, Y4, %s", ev)
			p("\tVPSRLQ $32, Y4, Y4")
			p("\tVPSRLQ $32, Y5, Y5")
			p("\tVPMULDQ Y5, Y4, %s", od)
		}
	}
	p("\tMOVQ SI, AX")
	p("\tMOVQ R8, BX")
	p("\tMOVQ R9, R10")
	p("%s:", l2)
	for c := 0; c < 2; c++ {
		ev, od := y(2*c), y(2*c+1)
		p("\tVMOVDQU %d(AX)(CX*1), Y4", 32*c)
		p("\tVMOVDQU %d(BX)(CX*1), Y5", 32*c)
		p("\tVPMULDQ Y5, Y4, Y6")
		p("\tVPADDQ Y6, %s, %s", ev, ev)
		p("\tVPSRLQ $32, Y4, Y4")
		p("\tVPSRLQ $32, Y5, Y5")
		p("\tVPMULDQ Y5, Y4, Y6")
		p("\tVPADDQ Y6, %s, %s", od, od)
	}
	p("\tADDQ $1024, AX")
	p("\tADDQ $1024, BX")
	p("\tDECQ R10")
	p("\tJNZ %s", l2)
	for c := 0; c < 2; c++ {
		ev, od := y(2*c), y(2*c+1)
		for _, r := range []string{ev, od} {
			p("\tVPMULDQ Y13, %s, Y6", r)
			p("\tVPMULDQ %s, Y6, Y6", rq)
			p("\tVPSUBQ Y6, %s, %s", r, r)
		}
		p("\tVPSRLQ $32, %s, %s", ev, ev)
		p("\tVPBLENDD $0xaa, %s, %s, %s", od, ev, ev)
		p("\tVMOVDQU %s, %d(DI)(CX*1)", ev, 32*c)
	}
	p("\tADDQ $64, CX")
	p("\tCMPQ CX, $1024")
	p("\tJB %s", l1)
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// scale emits scaleNTTAVX2: ScaleNTT, a Montgomery product of every
// coefficient with invNTTScale.
func scale() {
	header("scaleNTTAVX2")
	zvec = false
	p("\tVPBROADCASTD %d(DX), %s", offC+4, rz)
	p("\tVPBROADCASTD %d(DX), %s", offC+8, rzq)
	p("\tMOVQ $8, CX")
	l := label()
	p("%s:", l)
	for i := 0; i < 4; i++ {
		p("\tVMOVDQU %d(DI), %s", 32*i, y(i))
		montmul(y(i), y(i), rz, rzq)
		p("\tVMOVDQU %s, %d(DI)", y(i), 32*i)
	}
	p("\tADDQ $128, DI")
	p("\tDECQ CX")
	p("\tJNZ %s", l)
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// multiply emits multiplyNTTAVX2: MultiplyNTT, ĥ = f̂ ∘ ĝ · R^-1, each
// lane's q^-1 multiple of ĝ formed by VPMULLD.
func multiply() {
	p("// func multiplyNTTAVX2(h, f, g2 *[256]int32, t *[nttTableLen]int32)")
	p("TEXT ·multiplyNTTAVX2(SB), NOSPLIT, $0-32")
	p("\tMOVQ h+0(FP), DI")
	p("\tMOVQ f+8(FP), SI")
	p("\tMOVQ g2+16(FP), R8")
	p("\tMOVQ t+24(FP), DX")
	p("\tVPBROADCASTD %d(DX), %s", offC, rq)
	p("\tVPBROADCASTD %d(DX), Y7", offC+24)
	zvec = true
	p("\tMOVQ $16, CX")
	l := label()
	p("%s:", l)
	for i := 0; i < 2; i++ {
		a, g, gq := y(3*i), y(3*i+1), y(3*i+2)
		p("\tVMOVDQU %d(SI), %s", 32*i, a)
		p("\tVMOVDQU %d(R8), %s", 32*i, g)
		p("\tVPMULLD Y7, %s, %s", g, gq)
		montmul(a, a, g, gq)
		p("\tVMOVDQU %s, %d(DI)", a, 32*i)
	}
	p("\tADDQ $64, SI")
	p("\tADDQ $64, R8")
	p("\tADDQ $64, DI")
	p("\tDECQ CX")
	p("\tJNZ %s", l)
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// bcastImm broadcasts the 32-bit constant v to all lanes of reg.
func bcastImm(v int32, reg string) {
	p("\tMOVL $%d, AX", v)
	p("\tVMOVD AX, X%s", reg[1:])
	p("\tVPBROADCASTD X%s, %s", reg[1:], reg)
}

// reduce32 sets r to reduce32(r) lane by lane: t = (r + 2^22) >> 23 and
// r − t·q with t·q = t·2^23 − t·2^13 + t (q = 2^23 − 2^13 + 1), in wrapping
// 32-bit arithmetic as the Go function; b22 holds 2^22, t1 and t2 are
// scratch.
func reduce32(r, b22, t1, t2 string) {
	p("\tVPADDD %s, %s, %s", b22, r, t1)
	p("\tVPSRAD $23, %s, %s", t1, t1)
	p("\tVPSLLD $23, %s, %s", t1, t2)
	p("\tVPSUBD %s, %s, %s", t2, r, r)
	p("\tVPSLLD $13, %s, %s", t1, t2)
	p("\tVPADDD %s, %s, %s", t2, r, r)
	p("\tVPSUBD %s, %s, %s", t1, r, r)
}

// signRow emits signRowAVX2, (*Params).signRow (rounding.go) eight
// coefficients per register: c·s2 and c·t0 centred by reduce32, the norm
// checks of r0 = w0 − c·s2 and of c·t0 ORed into one register whose sign
// bits say reject, and each coefficient's hint as the sign of
// (γ2 − u) | (u + γ2 − [w1 ≠ 0]), gathered by VMOVMSKPS into the row's
// hint words (8 bits per register) and counted by POPCNT. The result bad
// is −1 if any sign bit of the checks is set (NEG and SBB, no branch).
func signRow() {
	p("// func signRowAVX2(w01, cs2, ct0 *[256]int32, hints *[8]uint32, gamma2, gamma2beta int32) (bad, count int32)")
	p("TEXT ·signRowAVX2(SB), NOSPLIT, $0-48")
	p("\tMOVQ w01+0(FP), DI")
	p("\tMOVQ cs2+8(FP), SI")
	p("\tMOVQ ct0+16(FP), R8")
	p("\tMOVQ hints+24(FP), R9")
	p("\tMOVL gamma2+32(FP), AX")
	p("\tVMOVD AX, X14")
	p("\tVPBROADCASTD X14, Y14") // γ2
	p("\tDECL AX")
	p("\tVMOVD AX, X12")
	p("\tVPBROADCASTD X12, Y12") // γ2 − 1
	p("\tMOVL gamma2beta+36(FP), AX")
	p("\tDECL AX")
	p("\tVMOVD AX, X13")
	p("\tVPBROADCASTD X13, Y13") // γ2 − β − 1
	bcastImm(1<<22, "Y15")
	bcastImm(63, "Y11")
	p("\tVPXOR Y10, Y10, Y10") // the checks' signs
	p("\tVPXOR Y9, Y9, Y9")    // zero
	p("\tXORL R10, R10")       // count
	p("\tMOVQ $8, CX")
	l := label()
	p("%s:", l)
	for k := 0; k < 4; k++ {
		p("\tVMOVDQU %d(DI), Y0", 32*k)
		p("\tVMOVDQU %d(SI), Y1", 32*k)
		p("\tVMOVDQU %d(R8), Y2", 32*k)
		reduce32("Y1", "Y15", "Y3", "Y4")
		reduce32("Y2", "Y15", "Y3", "Y4")
		p("\tVPSRAD $6, Y0, Y5") // w0
		p("\tVPAND Y11, Y0, Y0") // w1
		p("\tVPSUBD Y1, Y5, Y5") // r0 = w0 − c·s2
		p("\tVPABSD Y5, Y3")
		p("\tVPSUBD Y3, Y13, Y3") // γ2 − β − 1 − |r0|
		p("\tVPOR Y3, Y10, Y10")
		p("\tVPABSD Y2, Y3")
		p("\tVPSUBD Y3, Y12, Y3") // γ2 − 1 − |c·t0|
		p("\tVPOR Y3, Y10, Y10")
		p("\tVPADDD Y2, Y5, Y5") // u = r0 + c·t0
		p("\tVPSUBD Y0, Y9, Y0")
		p("\tVPSRLD $31, Y0, Y0") // [w1 ≠ 0]
		p("\tVPSUBD Y5, Y14, Y3") // γ2 − u
		p("\tVPADDD Y14, Y5, Y4") // u + γ2
		p("\tVPSUBD Y0, Y4, Y4")  // u + γ2 − [w1 ≠ 0]
		p("\tVPOR Y4, Y3, Y3")
		if k == 0 {
			p("\tVMOVMSKPS Y3, R11")
		} else {
			p("\tVMOVMSKPS Y3, AX")
			p("\tSHLL $%d, AX", 8*k)
			p("\tORL AX, R11")
		}
	}
	p("\tMOVL R11, (R9)")
	p("\tPOPCNTL R11, AX")
	p("\tADDL AX, R10")
	p("\tADDQ $128, DI")
	p("\tADDQ $128, SI")
	p("\tADDQ $128, R8")
	p("\tADDQ $4, R9")
	p("\tDECQ CX")
	p("\tJNZ %s", l)
	p("\tVMOVMSKPS Y10, AX")
	p("\tNEGL AX")
	p("\tSBBL AX, AX")
	p("\tMOVL AX, bad+40(FP)")
	p("\tMOVL R10, count+44(FP)")
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// zRow emits zRowAVX2, the arithmetic of (*Params).zRow (fast.go) on
// decoded y: w = reduce32(v), c·s1 its low 10 bits sign-extended, c·s2 =
// (w − c·s1) >> 10, z = y + c·s1 written over v, and bad = −1 if some
// |z| ≥ γ1 − β.
func zRow() {
	p("// func zRowAVX2(y, v, cs2 *[256]int32, gamma1beta int32) (bad int32)")
	p("TEXT ·zRowAVX2(SB), NOSPLIT, $0-36")
	p("\tMOVQ y+0(FP), DI")
	p("\tMOVQ v+8(FP), SI")
	p("\tMOVQ cs2+16(FP), R8")
	p("\tMOVL gamma1beta+24(FP), AX")
	p("\tDECL AX")
	p("\tVMOVD AX, X13")
	p("\tVPBROADCASTD X13, Y13") // γ1 − β − 1
	bcastImm(1<<22, "Y15")
	p("\tVPXOR Y10, Y10, Y10")
	p("\tMOVQ $8, CX")
	l := label()
	p("%s:", l)
	for k := 0; k < 4; k++ {
		p("\tVMOVDQU %d(SI), Y0", 32*k)
		reduce32("Y0", "Y15", "Y3", "Y4")
		p("\tVPSLLD $22, Y0, Y1")
		p("\tVPSRAD $22, Y1, Y1") // c·s1
		p("\tVPSUBD Y1, Y0, Y2")
		p("\tVPSRAD $10, Y2, Y2") // c·s2
		p("\tVMOVDQU Y2, %d(R8)", 32*k)
		p("\tVMOVDQU %d(DI), Y5", 32*k)
		p("\tVPADDD Y1, Y5, Y5") // z = y + c·s1
		p("\tVMOVDQU Y5, %d(SI)", 32*k)
		p("\tVPABSD Y5, Y3")
		p("\tVPSUBD Y3, Y13, Y3") // γ1 − β − 1 − |z|
		p("\tVPOR Y3, Y10, Y10")
	}
	p("\tADDQ $128, DI")
	p("\tADDQ $128, SI")
	p("\tADDQ $128, R8")
	p("\tDECQ CX")
	p("\tJNZ %s", l)
	p("\tVMOVMSKPS Y10, AX")
	p("\tNEGL AX")
	p("\tSBBL AX, AX")
	p("\tMOVL AX, bad+32(FP)")
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// decompose emits decompose32AVX2 or decompose88AVX2, (*Params).decomposeRow
// (rounding.go) for γ2 = (q−1)/32 or (q−1)/88: x = canon(a), then
// r1 = ⌊(x + γ2 − 1) / 2γ2⌋ without a division: 2γ2 = 2^9·1023 (resp.
// 2^11·93), so r1 = ⌊u / 1023⌋ (⌊u / 93⌋) with u = (x + γ2 − 1) >> 9 (>> 11),
// computed as (u·32801) >> 25 ((u·2819) >> 18), exact for every x in [0, q)
// (TestDecomposeAVX2 checks all of them); r0 = x − r1·2γ2 and the special
// case as in decompose32 (decompose88). It sets w01 = w0·64 + w1 and a = w1.
func decompose(g88 bool) {
	name, γ2, sh, m, s2 := "decompose32AVX2", int32((8380417-1)/32), 9, int32(32801), 25
	if g88 {
		name, γ2, sh, m, s2 = "decompose88AVX2", (8380417-1)/88, 11, 2819, 18
	}
	p("// func %s(w01, a *[256]int32)", name)
	p("TEXT ·%s(SB), NOSPLIT, $0-16", name)
	p("\tMOVQ w01+0(FP), DI")
	p("\tMOVQ a+8(FP), SI")
	bcastImm(8380417, "Y15")
	bcastImm(γ2-1, "Y14")
	bcastImm(m, "Y13")
	bcastImm(2*γ2, "Y12")
	if g88 {
		bcastImm(43, "Y11")
	} else {
		bcastImm(15, "Y11")
	}
	p("\tMOVQ $8, CX")
	l := label()
	p("%s:", l)
	for k := 0; k < 4; k++ {
		p("\tVMOVDQU %d(SI), Y0", 32*k)
		p("\tVPSRAD $31, Y0, Y1")
		p("\tVPAND Y15, Y1, Y1")
		p("\tVPADDD Y1, Y0, Y0") // x = canon(a)
		p("\tVPADDD Y14, Y0, Y1")
		p("\tVPSRLD $%d, Y1, Y1", sh)
		p("\tVPMULLD Y13, Y1, Y1")
		p("\tVPSRLD $%d, Y1, Y1", s2) // r1
		p("\tVPMULLD Y12, Y1, Y2")
		p("\tVPSUBD Y2, Y0, Y0") // r0
		if g88 {
			p("\tVPSUBD Y1, Y11, Y2")
			p("\tVPSRAD $31, Y2, Y2") // −1 if r1 = 44
			p("\tVPANDN Y1, Y2, Y1")  // w1 = r1 &^ m
			p("\tVPADDD Y2, Y0, Y0")  // w0 = r0 + m
		} else {
			p("\tVPSRLD $4, Y1, Y2")
			p("\tVPSUBD Y2, Y0, Y0") // w0 = r0 − r1>>4
			p("\tVPAND Y11, Y1, Y1") // w1 = r1 & 15
		}
		p("\tVPSLLD $6, Y0, Y0")
		p("\tVPOR Y1, Y0, Y0")
		p("\tVMOVDQU Y0, %d(DI)", 32*k)
		p("\tVMOVDQU Y1, %d(SI)", 32*k)
	}
	p("\tADDQ $128, DI")
	p("\tADDQ $128, SI")
	p("\tDECQ CX")
	p("\tJNZ %s", l)
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// unpackZ emits unpackZ20AVX2 or unpackZ18AVX2, unpackZ (encode.go) for
// γ1 = 2^19 (20-bit fields) or 2^17 (18-bit): eight coefficients per
// register from 2·bits/8·4 bytes, the first four loaded into the low
// 128-bit lane and the next four into the high one, each coefficient's
// three bytes gathered into its 32-bit lane by VPSHUFB, shifted into place
// by VPSRLVD, masked and subtracted from γ1. Each group reads 16 bytes
// from the start of its second half, up to 6 (20-bit) or 7 (18-bit)
// bytes past the field: the caller guarantees 8 readable bytes beyond it.
func unpackZ(bits int) {
	name := fmt.Sprintf("unpackZ%dAVX2", bits)
	half := bits / 2 // bytes of four coefficients
	var shuf [16]int
	var shifts [4]int
	for i := 0; i < 4; i++ {
		b := bits * i / 8
		shifts[i] = bits * i % 8
		shuf[4*i], shuf[4*i+1], shuf[4*i+2], shuf[4*i+3] = b, b+1, b+2, 0x80
	}
	p("// func %s(a *[256]int32, src *byte, gamma1 int32)", name)
	p("TEXT ·%s(SB), NOSPLIT, $0-20", name)
	p("\tMOVQ a+0(FP), DI")
	p("\tMOVQ src+8(FP), SI")
	p("\tMOVL gamma1+16(FP), AX")
	p("\tVMOVD AX, X15")
	p("\tVPBROADCASTD X15, Y15")
	p("\tVMOVDQU %sc<>(SB), Y14", name)
	p("\tVMOVDQU %sc<>+32(SB), Y13", name)
	bcastImm(1<<bits-1, "Y12")
	p("\tMOVQ $32, CX")
	l := label()
	p("%s:", l)
	p("\tVMOVDQU (SI), X0")
	p("\tVINSERTI128 $1, %d(SI), Y0, Y0", half)
	p("\tVPSHUFB Y14, Y0, Y0")
	p("\tVPSRLVD Y13, Y0, Y0")
	p("\tVPAND Y12, Y0, Y0")
	p("\tVPSUBD Y0, Y15, Y0")
	p("\tVMOVDQU Y0, (DI)")
	p("\tADDQ $%d, SI", bits)
	p("\tADDQ $32, DI")
	p("\tDECQ CX")
	p("\tJNZ %s", l)
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
	for lane := 0; lane < 2; lane++ {
		for i := 0; i < 4; i++ {
			v := uint32(shuf[4*i]) | uint32(shuf[4*i+1])<<8 | uint32(shuf[4*i+2])<<16 | uint32(shuf[4*i+3])<<24
			p("DATA %sc<>+%d(SB)/4, $0x%08x", name, 16*lane+4*i, v)
		}
	}
	for lane := 0; lane < 2; lane++ {
		for i := 0; i < 4; i++ {
			p("DATA %sc<>+%d(SB)/4, $%d", name, 32+16*lane+4*i, shifts[i])
		}
	}
	p("GLOBL %sc<>(SB), RODATA|NOPTR, $64", name)
	p("")
}

func main() {
	flag.Parse()
	p("// Code generated by gen_ntt_amd64.go; DO NOT EDIT.")
	p("")
	p("//go:build !purego")
	p("")
	p("#include \"textflag.h\"")
	p("")
	forward()
	inverse("invNTTAVX2", true)
	inverse("invNTTUnscaledAVX2", false)
	innerProduct(false)
	innerProduct(true)
	scale()
	multiply()
	signRow()
	zRow()
	decompose(false)
	decompose(true)
	unpackZ(20)
	unpackZ(18)
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
