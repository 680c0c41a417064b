// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build ignore

// gen_ntt_amd64 writes ntt_amd64.s: NTT and NTTInverse (FIPS 203,
// Algorithms 9 and 10) in AVX2 for the Native strategy, sixteen int16
// coefficients per YMM register, computing exactly the int16 values the Go
// functions of ntt.go compute (the same butterflies with the same
// reductions in the same layers; only the order of independent
// butterflies differs).
//
//   - Montgomery multiplication by a twiddle factor z (given with
//     zq = z·q^-1 mod 2^16): hi(b·z) − hi(lo(b·zq)·q) with VPMULHW and
//     VPMULLW. The low halves of b·z and lo(b·zq)·q are equal, so the
//     difference of the high halves is (b·z − m·q)/2^16 exactly, which is
//     montgomeryReduce(b·z).
//   - Barrett reduction: t = (hi(a·V) + 512) >> 10 computed as
//     VPMULHRSW(hi(a·V), 32) (= (32·hi + 2^14) >> 15), which equals
//     (a·V + 2^25) >> 26; then a − t·q.
//   - Layers with len ≥ 16 pair whole registers and broadcast one z. For
//     len = 8, 4 and 2 the two registers of a 32-coefficient block are
//     shuffled so that the pairs line up lane by lane: VPERM2I128 (128-bit
//     halves), VPUNPCKL/HQDQ (64-bit groups), and a shift-and-VPBLENDD
//     exchange of 32-bit groups; each of the three is its own inverse, so
//     the same sequence backwards restores the order. Their twiddle
//     factors come as vectors from the table nttTable (ntt_amd64.go).
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

// Byte offsets into nttTable (see ntt_amd64.go, which lays it out with the
// same int16 indices).
const (
	offZ   = 0 * 2
	offZQ  = 128 * 2
	offF8  = 256 * 2
	offF8Q = 384 * 2
	offF4  = 512 * 2
	offF4Q = 640 * 2
	offF2  = 768 * 2
	offF2Q = 896 * 2
	offI8  = 1024 * 2
	offI8Q = 1152 * 2
	offI4  = 1280 * 2
	offI4Q = 1408 * 2
	offI2  = 1536 * 2
	offI2Q = 1664 * 2
	offC   = 1792 * 2 // q, V, 32, F, FQ, ZF, ZFQ, q^-1, 0x5555, 0x3333, 0x0f0f
	offG   = 1808 * 2 // γ_i at the odd positions 2i+1, 0 at the even ones
	offGQ  = 2064 * 2
)

// Registers: Y0-Y7 data, Y8 and Y9 scratch, Y10 q, Y11 V (Barrett), Y12 and
// Y13 the twiddle factor and its q^-1 multiple, Y14 shuffle scratch, Y15 the
// constant 32.
const (
	t1, t2  = "Y8", "Y9"
	rq, rv  = "Y10", "Y11"
	rz, rzq = "Y12", "Y13"
	rs, r32 = "Y14", "Y15"
)

func y(i int) string { return fmt.Sprintf("Y%d", i) }

// montmul sets dst = montgomeryReduce(src·z) with z in rz, rzq (dst may be
// src; uses t2).
func montmul(dst, src, z, zq string) {
	p("\tVPMULLW %s, %s, %s", zq, src, t2)
	p("\tVPMULHW %s, %s, %s", z, src, dst)
	p("\tVPMULHW %s, %s, %s", rq, t2, t2)
	p("\tVPSUBW %s, %s, %s", t2, dst, dst)
}

// ct is the Cooley-Tukey butterfly of NTT: t = b·z; b = a − t; a = a + t.
func ct(a, bb string) {
	montmul(t1, bb, rz, rzq)
	p("\tVPSUBW %s, %s, %s", t1, a, bb)
	p("\tVPADDW %s, %s, %s", t1, a, a)
}

// gs is the Gentleman-Sande butterfly of NTTInverse: a, b = a + b,
// (b − a)·z.
func gs(a, bb string) {
	p("\tVPSUBW %s, %s, %s", a, bb, t1)
	p("\tVPADDW %s, %s, %s", bb, a, a)
	montmul(bb, t1, rz, rzq)
}

// barrett reduces a in place.
func barrett(a string) {
	p("\tVPMULHW %s, %s, %s", rv, a, t1)
	p("\tVPMULHRSW %s, %s, %s", r32, t1, t1)
	p("\tVPMULLW %s, %s, %s", rq, t1, t1)
	p("\tVPSUBW %s, %s, %s", t1, a, a)
}

// bcast loads the broadcast twiddle factor zetas[k].
func bcast(k int) {
	p("\tVPBROADCASTW %d(DX), %s", offZ+2*k, rz)
	p("\tVPBROADCASTW %d(DX), %s", offZQ+2*k, rzq)
}

// vec loads a vector of twiddle factors at byte offsets o, oq.
func vec(o, oq int) {
	p("\tVMOVDQU %d(DX), %s", o, rz)
	p("\tVMOVDQU %d(DX), %s", oq, rzq)
}

// The three lane exchanges; each is its own inverse.
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

func consts() {
	p("\tVPBROADCASTW %d(DX), %s", offC+0, rq)
	p("\tVPBROADCASTW %d(DX), %s", offC+2, rv)
	p("\tVPBROADCASTW %d(DX), %s", offC+4, r32)
}

func forward() {
	p("// func nttAVX2(f *[256]int16, t *[nttTableLen]int16)")
	p("TEXT ·nttAVX2(SB), NOSPLIT, $0-16")
	p("\tMOVQ f+0(FP), DI")
	p("\tMOVQ t+8(FP), DX")
	consts()
	// len = 128: v_j with v_{j+8}, ζ index 1.
	bcast(1)
	for j := 0; j < 8; j += 2 {
		for i := 0; i < 2; i++ {
			p("\tVMOVDQU %d(DI), %s", 32*(j+i), y(2*i))
			p("\tVMOVDQU %d(DI), %s", 32*(j+i+8), y(2*i+1))
		}
		ct("Y0", "Y1")
		ct("Y2", "Y3")
		for i := 0; i < 2; i++ {
			p("\tVMOVDQU %s, %d(DI)", y(2*i), 32*(j+i))
			p("\tVMOVDQU %s, %d(DI)", y(2*i+1), 32*(j+i+8))
		}
	}
	for h := 0; h < 2; h++ {
		for j := 0; j < 8; j++ {
			p("\tVMOVDQU %d(DI), %s", 32*(8*h+j), y(j))
		}
		// len = 64: ζ index 2 + h.
		bcast(2 + h)
		for j := 0; j < 4; j++ {
			ct(y(j), y(j+4))
		}
		// len = 32: blocks of 4 registers, ζ index 4 + 2h + block.
		for blk := 0; blk < 2; blk++ {
			bcast(4 + 2*h + blk)
			ct(y(4*blk), y(4*blk+2))
			ct(y(4*blk+1), y(4*blk+3))
		}
		// len = 16: register pairs, ζ index 8 + 4h + pair.
		for m := 0; m < 4; m++ {
			bcast(8 + 4*h + m)
			ct(y(2*m), y(2*m+1))
		}
		// len = 8, 4, 2 per register pair (global pair index 4h + m).
		for m := 0; m < 4; m++ {
			g := 4*h + m
			a, bb := y(2*m), y(2*m+1)
			perm128(a, bb)
			vec(offF8+32*g, offF8Q+32*g)
			ct(a, bb)
			unpack64(a, bb)
			vec(offF4+32*g, offF4Q+32*g)
			ct(a, bb)
			swap32(a, bb)
			vec(offF2+32*g, offF2Q+32*g)
			ct(a, bb)
			barrett(a)
			barrett(bb)
			swap32(a, bb)
			unpack64(a, bb)
			perm128(a, bb)
		}
		for j := 0; j < 8; j++ {
			p("\tVMOVDQU %s, %d(DI)", y(j), 32*(8*h+j))
		}
	}
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

func inverse() {
	p("// func nttInverseAVX2(f *[256]int16, t *[nttTableLen]int16)")
	p("TEXT ·nttInverseAVX2(SB), NOSPLIT, $0-16")
	p("\tMOVQ f+0(FP), DI")
	p("\tMOVQ t+8(FP), DX")
	consts()
	for h := 0; h < 2; h++ {
		for j := 0; j < 8; j++ {
			p("\tVMOVDQU %d(DI), %s", 32*(8*h+j), y(j))
		}
		// len = 2, 4, 8 per register pair, then 16 on the pair.
		for m := 0; m < 4; m++ {
			g := 4*h + m
			a, bb := y(2*m), y(2*m+1)
			perm128(a, bb)
			unpack64(a, bb)
			swap32(a, bb)
			vec(offI2+32*g, offI2Q+32*g)
			gs(a, bb)
			swap32(a, bb)
			vec(offI4+32*g, offI4Q+32*g)
			gs(a, bb)
			unpack64(a, bb)
			vec(offI8+32*g, offI8Q+32*g)
			gs(a, bb)
			barrett(a)
			perm128(a, bb)
			// len = 16: block c/32 = g, ζ index 15 − g.
			bcast(15 - g)
			gs(a, bb)
		}
		// len = 32: blocks of 4 registers (global block 2h + blk), ζ
		// index 7 − block.
		for blk := 0; blk < 2; blk++ {
			bcast(7 - (2*h + blk))
			gs(y(4*blk), y(4*blk+2))
			gs(y(4*blk+1), y(4*blk+3))
		}
		// len = 64: ζ index 3 − h, sums reduced.
		bcast(3 - h)
		for j := 0; j < 4; j++ {
			gs(y(j), y(j+4))
			barrett(y(j))
		}
		for j := 0; j < 8; j++ {
			p("\tVMOVDQU %s, %d(DI)", y(j), 32*(8*h+j))
		}
	}
	// len = 128 with the scaling: a = (a + b)·F, b = (b − a)·ζ′F.
	p("\tVPBROADCASTW %d(DX), Y4", offC+6)
	p("\tVPBROADCASTW %d(DX), Y5", offC+8)
	p("\tVPBROADCASTW %d(DX), Y6", offC+10)
	p("\tVPBROADCASTW %d(DX), Y7", offC+12)
	for j := 0; j < 8; j += 2 {
		for i := 0; i < 2; i++ {
			p("\tVMOVDQU %d(DI), %s", 32*(j+i), y(2*i))
			p("\tVMOVDQU %d(DI), %s", 32*(j+i+8), y(2*i+1))
		}
		for i := 0; i < 2; i++ {
			a, bb := y(2*i), y(2*i+1)
			p("\tVPSUBW %s, %s, %s", a, bb, t1)
			p("\tVPADDW %s, %s, %s", bb, a, a)
			montmul(a, a, "Y4", "Y5")
			montmul(bb, t1, "Y6", "Y7")
		}
		for i := 0; i < 2; i++ {
			p("\tVMOVDQU %s, %d(DI)", y(2*i), 32*(j+i))
			p("\tVMOVDQU %s, %d(DI)", y(2*i+1), 32*(j+i+8))
		}
	}
	p("\tVZEROUPPER")
	p("\tRET")
}

// innerProduct emits innerProductAVX2: ĥ = Σ_j f̂_j ∘ ĝ_j·R^-1 as
// InnerProductNTT computes it, with ĝ_j given as a polyγ2 (the pairs
// (b0, b1·γ) and (b1, b0) of each coefficient pair), so that VPMADDWD
// forms a0·b0 + a1·b1γ and a0·b1 + a1·b0 as the exact 32-bit sums the Go
// code accumulates; one Montgomery reduction per coefficient at the end,
// on the 32-bit lanes: (c >> 16) − hi(lo(c)·q^-1·q), exactly
// montgomeryReduce(c).
func innerProduct() {
	p("// func innerProductAVX2(h *[n]int16, f *NTTPoly, stride int, g2 *polyγ2, k int, t *[nttTableLen]int16)")
	p("TEXT ·innerProductAVX2(SB), NOSPLIT, $0-48")
	p("\tMOVQ h+0(FP), DI")
	p("\tMOVQ f+8(FP), SI")
	p("\tMOVQ stride+16(FP), R8")
	p("\tMOVQ g2+24(FP), R9")
	p("\tMOVQ k+32(FP), R10")
	p("\tMOVQ t+40(FP), DX")
	p("\tVPBROADCASTW %d(DX), Y15", offC+0)
	p("\tVPBROADCASTW %d(DX), Y14", offC+14)
	p("\tXORQ CX, CX")
	p("chunk:")
	for i := 0; i < 4; i++ {
		p("\tVPXOR %s, %s, %s", y(i), y(i), y(i))
	}
	p("\tMOVQ SI, AX")
	p("\tMOVQ R9, BX")
	p("\tMOVQ R10, R11")
	p("inner:")
	p("\tVMOVDQU (AX)(CX*1), Y4")
	p("\tVMOVDQU 32(AX)(CX*1), Y5")
	p("\tVPMADDWD (BX)(CX*1), Y4, Y6")
	p("\tVPADDD Y6, Y0, Y0")
	p("\tVPMADDWD 512(BX)(CX*1), Y4, Y7")
	p("\tVPADDD Y7, Y1, Y1")
	p("\tVPMADDWD 32(BX)(CX*1), Y5, Y6")
	p("\tVPADDD Y6, Y2, Y2")
	p("\tVPMADDWD 544(BX)(CX*1), Y5, Y7")
	p("\tVPADDD Y7, Y3, Y3")
	p("\tADDQ R8, AX")
	p("\tADDQ $1024, BX")
	p("\tDECQ R11")
	p("\tJNZ inner")
	for c := 0; c < 2; c++ {
		e, o := y(2*c), y(2*c+1)
		for _, r := range []string{e, o} {
			p("\tVPMULLW Y14, %s, Y6", r)
			p("\tVPMULHW Y15, Y6, Y6")
			p("\tVPSRAD $16, %s, %s", r, r)
			p("\tVPSUBW Y6, %s, %s", r, r)
		}
		p("\tVPSLLD $16, %s, %s", o, o)
		p("\tVPBLENDW $0xaa, %s, %s, %s", o, e, e)
		p("\tVMOVDQU %s, %d(DI)(CX*1)", e, 32*c)
	}
	p("\tADDQ $64, CX")
	p("\tCMPQ CX, $512")
	p("\tJB chunk")
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// precompute emits precomputeγ2AVX2: the two halves of a polyγ2 from ĝ,
// (b0, b1·γ) by a Montgomery product with (0, γ) pairs and a word blend,
// (b1, b0) by swapping the words of every 32-bit lane.
func precompute() {
	p("// func precomputeγ2AVX2(g2 *polyγ2, gHat *NTTPoly, t *[nttTableLen]int16)")
	p("TEXT ·precomputeγ2AVX2(SB), NOSPLIT, $0-24")
	p("\tMOVQ g2+0(FP), DI")
	p("\tMOVQ gHat+8(FP), SI")
	p("\tMOVQ t+16(FP), DX")
	p("\tVPBROADCASTW %d(DX), %s", offC+0, rq)
	for c := 0; c < 16; c++ {
		p("\tVMOVDQU %d(SI), Y0", 32*c)
		p("\tVMOVDQU %d(DX), Y1", offG+32*c)
		p("\tVMOVDQU %d(DX), Y2", offGQ+32*c)
		montmul("Y3", "Y0", "Y1", "Y2")
		p("\tVPBLENDW $0xaa, Y3, Y0, Y3")
		p("\tVMOVDQU Y3, %d(DI)", 32*c)
		p("\tVPSRLD $16, Y0, Y4")
		p("\tVPSLLD $16, Y0, Y5")
		p("\tVPOR Y4, Y5, Y5")
		p("\tVMOVDQU Y5, %d(DI)", 512+32*c)
	}
	p("\tVZEROUPPER")
	p("\tRET")
	p("")
}

// cbd2 emits cbd2AVX2 (add false) or cbd2AddAVX2: SamplePolyCBD_2 of
// 128 bytes (FIPS 203, Algorithm 8), sixteen bytes (32 coefficients) per
// step on XMM registers: per byte, t = (x & 0x55) + (x>>1 & 0x55) holds the
// four 2-bit sums; the coefficients (t & 3) − (t>>2 & 3) and
// (t>>4 & 3) − (t>>6 & 3) as bytes, interleaved with VPUNPCKL/HBW and
// sign-extended to int16 with VPMOVSXBW. (The 16-bit shifts carry bits
// across bytes only into positions the masks clear.) The add form adds to
// f and Barrett-reduces, as samplePolyCBDBytes does.
func cbd2(add bool) {
	name := "cbd2AVX2"
	if add {
		name = "cbd2AddAVX2"
	}
	p("// func %s(f *[n]int16, B *[128]byte, t *[nttTableLen]int16)", name)
	p("TEXT ·%s(SB), NOSPLIT, $0-24", name)
	p("\tMOVQ f+0(FP), DI")
	p("\tMOVQ B+8(FP), SI")
	p("\tMOVQ t+16(FP), DX")
	p("\tVPBROADCASTW %d(DX), X12", offC+16)
	p("\tVPBROADCASTW %d(DX), X13", offC+18)
	p("\tVPBROADCASTW %d(DX), X14", offC+20)
	if add {
		consts()
	}
	for i := 0; i < 8; i++ {
		p("\tVMOVDQU %d(SI), X0", 16*i)
		p("\tVPSRLW $1, X0, X1")
		p("\tVPAND X12, X0, X0")
		p("\tVPAND X12, X1, X1")
		p("\tVPADDB X1, X0, X0") // t
		p("\tVPSRLW $2, X0, X1")
		p("\tVPAND X13, X0, X0") // a: s0, s2
		p("\tVPAND X13, X1, X1") // b: s1, s3
		p("\tVPSRLW $4, X0, X2")
		p("\tVPSRLW $4, X1, X3")
		p("\tVPAND X14, X0, X0")
		p("\tVPAND X14, X1, X1")
		p("\tVPAND X14, X2, X2")
		p("\tVPAND X14, X3, X3")
		p("\tVPSUBB X1, X0, X0") // coefficients 2j
		p("\tVPSUBB X3, X2, X2") // coefficients 2j+1
		p("\tVPUNPCKLBW X2, X0, X4")
		p("\tVPUNPCKHBW X2, X0, X5")
		p("\tVPMOVSXBW X4, Y4")
		p("\tVPMOVSXBW X5, Y5")
		for j, r := range []string{"Y4", "Y5"} {
			off := 64*i + 32*j
			if add {
				p("\tVPADDW %d(DI), %s, %s", off, r, r)
				barrett(r)
			}
			p("\tVMOVDQU %s, %d(DI)", r, off)
		}
	}
	p("\tVZEROUPPER")
	p("\tRET")
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
	inverse()
	p("")
	innerProduct()
	precompute()
	cbd2(false)
	cbd2(true)
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
