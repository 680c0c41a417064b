//go:build ignore

// gen_ladder_amd64.go writes ladder_amd64.s: the X25519 Montgomery ladder
// (RFC 7748, Section 5) of the Native strategy, all 255 steps in one
// assembly function on BMI2 (MULX) and ADX (ADCX, ADOX). Run it with
// "go generate" in this directory.
//
// Field elements are four 64-bit limbs, radix 2^64, kept below 2^256 but
// not reduced modulo p = 2^255-19: every operation accepts any 256-bit
// input and returns a 256-bit output congruent to the exact result, using
// 2^256 ≡ 38 (mod p). The Go caller reduces the ladder's final x and z.
//
//	mul   the 512-bit product by rows: row i adds a·b[i] with MULX, the
//	      low halves on the CF chain (ADCX) and the high halves on the OF
//	      chain (ADOX), so a row's additions never wait for each other;
//	      the product's eight words stay in registers. Then the high half
//	      times 38 is added to the low half (one more MULX row), the
//	      carry word times 38 once more, and a last conditional 38 for
//	      the rare carry out of that.
//	sqr   the ten distinct products of a², the six cross products
//	      doubled by an add-with-carry pass, the four squares added on
//	      the diagonal, then mul's reduction.
//	add   a + b, the carry out of bit 256 folded back as 38 (twice: the
//	      second fold cannot carry).
//	sub   a - b, a borrow out of bit 256 taken back as -38 (twice).
//	mul121665  a·121665 (five words), the top word folded as 38·w.
//	cswap exchanges two elements under a mask (XOR, AND, XOR): no branch.
//
// The ladder's state lives in the frame: x1, x2, z2, x3, z3 and the
// step's temporaries, 32 bytes each. The only branch is the loop over
// the bit index t (public); the bit of the scalar it reads is turned into
// a mask. The product words use R8-R14 and BX, MULX's operand DX, the
// halves AX and CX, SI holds zero, DI the swap mask; BP (frame pointer)
// and R15 (clobbered by global accesses when linking dynamically) are not
// used.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
)

var b bytes.Buffer

func p(format string, args ...any) { fmt.Fprintf(&b, "\t"+format+"\n", args...) }
func c(format string, args ...any) { fmt.Fprintf(&b, "\t// "+format+"\n", args...) }

// The frame: one 32-byte slot per element, then the loop's words.
var slots = map[string]int{}

const (
	swapOff = 480
	tOff    = 488
	frame   = 496
)

func init() {
	for i, n := range []string{"x1", "x2", "z2", "x3", "z3", "A", "B", "AA", "BB", "E", "C", "D", "DA", "CB", "T"} {
		slots[n] = 32 * i
	}
}

// w returns the address of word i of element n.
func w(n string, i int) string { return fmt.Sprintf("%d(SP)", slots[n]+8*i) }

var r = []string{"R8", "R9", "R10", "R11", "R12", "R13", "R14", "BX"}

func store(dst string) {
	for i := 0; i < 4; i++ {
		p("MOVQ %s, %s", r[i], w(dst, i))
	}
}

// reduce512 folds the product in r[0..7] to four words in r[0..3].
func reduce512() {
	p("MOVQ $38, DX")
	p("XORQ SI, SI")
	for i := 0; i < 3; i++ {
		p("MULXQ %s, AX, CX", r[4+i])
		p("ADCXQ AX, %s", r[i])
		p("ADOXQ CX, %s", r[i+1])
	}
	p("MULXQ %s, AX, %s", r[7], r[4])
	p("ADCXQ AX, %s", r[3])
	p("ADOXQ SI, %s", r[4])
	p("ADCXQ SI, %s", r[4])
	fold(r[4])
}

// fold adds 38·x (x < 2^58) to r[0..3] and folds a carry out of that as
// one more 38.
func fold(x string) {
	p("IMUL3Q $38, %s, %s", x, x)
	p("ADDQ %s, %s", x, r[0])
	p("ADCQ $0, %s", r[1])
	p("ADCQ $0, %s", r[2])
	p("ADCQ $0, %s", r[3])
	p("SBBQ AX, AX")
	p("ANDQ $38, AX")
	p("ADDQ AX, %s", r[0])
}

func mul(dst, a, bb string) {
	c("%s = %s·%s", dst, a, bb)
	p("MOVQ %s, DX", w(bb, 0))
	p("MULXQ %s, %s, %s", w(a, 0), r[0], r[1])
	p("MULXQ %s, AX, %s", w(a, 1), r[2])
	p("ADDQ AX, %s", r[1])
	p("MULXQ %s, AX, %s", w(a, 2), r[3])
	p("ADCQ AX, %s", r[2])
	p("MULXQ %s, AX, %s", w(a, 3), r[4])
	p("ADCQ AX, %s", r[3])
	p("ADCQ $0, %s", r[4])
	for i := 1; i < 4; i++ {
		p("MOVQ %s, DX", w(bb, i))
		p("XORQ SI, SI")
		for j := 0; j < 3; j++ {
			p("MULXQ %s, AX, CX", w(a, j))
			p("ADCXQ AX, %s", r[i+j])
			p("ADOXQ CX, %s", r[i+j+1])
		}
		p("MULXQ %s, AX, %s", w(a, 3), r[i+4])
		p("ADCXQ AX, %s", r[i+3])
		p("ADOXQ SI, %s", r[i+4])
		p("ADCXQ SI, %s", r[i+4])
	}
	reduce512()
	store(dst)
}

// sqr: the cross products a_i·a_j (i < j) into words 1-6, doubled, then
// the squares a_i² added at words 2i and 2i+1.
func sqr(dst, a string) {
	c("%s = %s²", dst, a)
	// Cross products: a0·(a1, a2, a3) at words 1-4, a1·(a2, a3) at 3-5,
	// a2·a3 at 5-6.
	p("MOVQ %s, DX", w(a, 0))
	p("MULXQ %s, %s, %s", w(a, 1), r[1], r[2])
	p("MULXQ %s, AX, %s", w(a, 2), r[3])
	p("ADDQ AX, %s", r[2])
	p("MULXQ %s, AX, %s", w(a, 3), r[4])
	p("ADCQ AX, %s", r[3])
	p("ADCQ $0, %s", r[4])
	p("MOVQ %s, DX", w(a, 1))
	p("XORQ SI, SI")
	p("MULXQ %s, AX, CX", w(a, 2))
	p("ADCXQ AX, %s", r[3])
	p("ADOXQ CX, %s", r[4])
	p("MULXQ %s, AX, %s", w(a, 3), r[5])
	p("ADCXQ AX, %s", r[4])
	p("ADOXQ SI, %s", r[5])
	p("ADCXQ SI, %s", r[5])
	p("MOVQ %s, DX", w(a, 2))
	p("MULXQ %s, AX, %s", w(a, 3), r[6])
	p("ADDQ AX, %s", r[5])
	p("ADCQ $0, %s", r[6])
	// Double words 1-6 into 1-7 (CF chain), and add the squares (OF
	// chain): a0² at words 0-1, a1² at 2-3, a2² at 4-5, a3² at 6-7.
	p("XORQ SI, SI")
	p("MOVQ %s, DX", w(a, 0))
	p("MULXQ DX, %s, CX", r[0])
	p("ADCXQ %s, %s", r[1], r[1])
	p("ADOXQ CX, %s", r[1])
	p("MOVQ %s, DX", w(a, 1))
	p("MULXQ DX, AX, CX")
	p("ADCXQ %s, %s", r[2], r[2])
	p("ADOXQ AX, %s", r[2])
	p("ADCXQ %s, %s", r[3], r[3])
	p("ADOXQ CX, %s", r[3])
	p("MOVQ %s, DX", w(a, 2))
	p("MULXQ DX, AX, CX")
	p("ADCXQ %s, %s", r[4], r[4])
	p("ADOXQ AX, %s", r[4])
	p("ADCXQ %s, %s", r[5], r[5])
	p("ADOXQ CX, %s", r[5])
	p("MOVQ %s, DX", w(a, 3))
	p("MULXQ DX, AX, %s", r[7])
	p("ADCXQ %s, %s", r[6], r[6])
	p("ADOXQ AX, %s", r[6])
	p("ADCXQ SI, %s", r[7])
	p("ADOXQ SI, %s", r[7])
	reduce512()
	store(dst)
}

func load(a string) {
	for i := 0; i < 4; i++ {
		p("MOVQ %s, %s", w(a, i), r[i])
	}
}

func add(dst, a, bb string) {
	c("%s = %s + %s", dst, a, bb)
	load(a)
	p("ADDQ %s, %s", w(bb, 0), r[0])
	for i := 1; i < 4; i++ {
		p("ADCQ %s, %s", w(bb, i), r[i])
	}
	p("SBBQ AX, AX")
	p("ANDQ $38, AX")
	p("ADDQ AX, %s", r[0])
	for i := 1; i < 4; i++ {
		p("ADCQ $0, %s", r[i])
	}
	p("SBBQ AX, AX")
	p("ANDQ $38, AX")
	p("ADDQ AX, %s", r[0])
	store(dst)
}

func sub(dst, a, bb string) {
	c("%s = %s - %s", dst, a, bb)
	load(a)
	p("SUBQ %s, %s", w(bb, 0), r[0])
	for i := 1; i < 4; i++ {
		p("SBBQ %s, %s", w(bb, i), r[i])
	}
	p("SBBQ AX, AX")
	p("ANDQ $38, AX")
	p("SUBQ AX, %s", r[0])
	for i := 1; i < 4; i++ {
		p("SBBQ $0, %s", r[i])
	}
	p("SBBQ AX, AX")
	p("ANDQ $38, AX")
	p("SUBQ AX, %s", r[0])
	store(dst)
}

func mul121665(dst, a string) {
	c("%s = 121665·%s", dst, a)
	p("MOVQ $121665, DX")
	p("MULXQ %s, %s, %s", w(a, 0), r[0], r[1])
	p("MULXQ %s, AX, %s", w(a, 1), r[2])
	p("ADDQ AX, %s", r[1])
	p("MULXQ %s, AX, %s", w(a, 2), r[3])
	p("ADCQ AX, %s", r[2])
	p("MULXQ %s, AX, %s", w(a, 3), r[4])
	p("ADCQ AX, %s", r[3])
	p("ADCQ $0, %s", r[4])
	fold(r[4])
	store(dst)
}

// cswap exchanges elements x and y where DI is all ones.
func cswap(x, y string) {
	for i := 0; i < 4; i++ {
		p("MOVQ %s, AX", w(x, i))
		p("MOVQ %s, CX", w(y, i))
		p("MOVQ AX, DX")
		p("XORQ CX, DX")
		p("ANDQ DI, DX")
		p("XORQ DX, AX")
		p("XORQ DX, CX")
		p("MOVQ AX, %s", w(x, i))
		p("MOVQ CX, %s", w(y, i))
	}
}

func main() {
	out := flag.String("o", "ladder_amd64.s", "output file")
	flag.Parse()
	b.WriteString("// Code generated by gen_ladder_amd64.go; DO NOT EDIT.\n\n//go:build !purego\n\n#include \"textflag.h\"\n\n")
	b.WriteString("// func ladderMulx(out *[8]uint64, k *[32]byte, u *[4]uint64)\n")
	fmt.Fprintf(&b, "TEXT ·ladderMulx(SB), 0, $%d-24\n", frame)
	c("x1 = u, x2 = 1, z2 = 0, x3 = u, z3 = 1, swap = 0, t = 254.")
	p("MOVQ u+16(FP), SI")
	for i := 0; i < 4; i++ {
		p("MOVQ %d(SI), AX", 8*i)
		p("MOVQ AX, %s", w("x1", i))
		p("MOVQ AX, %s", w("x3", i))
	}
	p("XORQ AX, AX")
	for i := 0; i < 4; i++ {
		p("MOVQ AX, %s", w("z2", i))
		if i > 0 {
			p("MOVQ AX, %s", w("x2", i))
			p("MOVQ AX, %s", w("z3", i))
		}
	}
	p("MOVQ AX, %d(SP)", swapOff)
	p("MOVQ $1, AX")
	p("MOVQ AX, %s", w("x2", 0))
	p("MOVQ AX, %s", w("z3", 0))
	p("MOVQ $254, AX")
	p("MOVQ AX, %d(SP)", tOff)
	b.WriteString("loop:\n")
	c("k_t = bit t of k; swap ^= k_t; cswap(x2, x3), cswap(z2, z3); swap = k_t.")
	p("MOVQ %d(SP), CX", tOff)
	p("MOVQ CX, AX")
	p("SHRQ $3, AX")
	p("MOVQ k+8(FP), SI")
	p("MOVBQZX (SI)(AX*1), AX")
	p("ANDQ $7, CX")
	p("SHRQ CX, AX")
	p("ANDQ $1, AX")
	p("MOVQ %d(SP), DI", swapOff)
	p("XORQ AX, DI")
	p("MOVQ AX, %d(SP)", swapOff)
	p("NEGQ DI")
	cswap("x2", "x3")
	cswap("z2", "z3")
	add("A", "x2", "z2")
	sqr("AA", "A")
	sub("B", "x2", "z2")
	sqr("BB", "B")
	sub("E", "AA", "BB")
	add("C", "x3", "z3")
	sub("D", "x3", "z3")
	mul("DA", "D", "A")
	mul("CB", "C", "B")
	add("T", "DA", "CB")
	sqr("x3", "T")
	sub("T", "DA", "CB")
	sqr("T", "T")
	mul("z3", "T", "x1")
	mul("x2", "AA", "BB")
	mul121665("T", "E")
	add("T", "T", "AA")
	mul("z2", "T", "E")
	p("MOVQ %d(SP), CX", tOff)
	p("SUBQ $1, CX")
	p("MOVQ CX, %d(SP)", tOff)
	p("JGE loop")
	c("The last swap, then x2 and z2 out.")
	p("MOVQ %d(SP), DI", swapOff)
	p("NEGQ DI")
	cswap("x2", "x3")
	cswap("z2", "z3")
	p("MOVQ out+0(FP), SI")
	for i := 0; i < 4; i++ {
		p("MOVQ %s, AX", w("x2", i))
		p("MOVQ AX, %d(SI)", 8*i)
		p("MOVQ %s, AX", w("z2", i))
		p("MOVQ AX, %d(SI)", 32+8*i)
	}
	c("Clear the frame's copies of the secret state.")
	p("XORQ AX, AX")
	for off := 0; off < frame; off += 8 {
		p("MOVQ AX, %d(SP)", off)
	}
	p("RET")
	// The field operations one at a time, for the tests (a program that
	// does not call them does not link them).
	for _, op := range []struct {
		name string
		body func()
	}{
		{"mulMulx", func() { mul("T", "A", "B") }},
		{"sqrMulx", func() { sqr("T", "A") }},
		{"addMulx", func() { add("T", "A", "B") }},
		{"subMulx", func() { sub("T", "A", "B") }},
		{"mul121665Mulx", func() { mul121665("T", "A") }},
	} {
		fmt.Fprintf(&b, "\n// func %s(z, x, y *[4]uint64)\n", op.name)
		fmt.Fprintf(&b, "TEXT ·%s(SB), 0, $%d-24\n", op.name, frame)
		p("MOVQ x+8(FP), SI")
		p("MOVQ y+16(FP), DI")
		for i := 0; i < 4; i++ {
			p("MOVQ %d(SI), AX", 8*i)
			p("MOVQ AX, %s", w("A", i))
			p("MOVQ %d(DI), AX", 8*i)
			p("MOVQ AX, %s", w("B", i))
		}
		op.body()
		p("MOVQ z+0(FP), SI")
		for i := 0; i < 4; i++ {
			p("MOVQ %s, AX", w("T", i))
			p("MOVQ AX, %d(SI)", 8*i)
		}
		p("RET")
	}
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}
