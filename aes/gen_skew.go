//go:build ignore

// gen_skew writes fixslice64_skew.go: the rounds of the fixsliced Fast
// configuration, one copy per skew k = 0..3 of the state with the
// rotations and masks of that skew as constants, and the S-box circuits of
// sbox.go without their NOTs.
//
//	go run gen_skew.go [output file not ending in .go, default fixslice64_skew.go]
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"
	"strings"
)

const groups = 0x0001000100010001 // one bit per 16-bit row group

// fetch returns the Go expression that gives byte (r, p) of a state of
// skew k the value of byte (r+rows, p+rows*k) of x.
//
// Row r occupies bits 16r..16r+15 and column p the nibble 4p of it, so
// "rows down and rows*k columns right" is a right rotation by
// 16*rows + 4*rows*k bits for the columns that do not wrap, and by
// 16*rows + 4*rows*k - 16 for those that do (they come from the same row,
// one 16-bit group lower).
func fetch(x string, k, rows int) string {
	shift := (rows * k) % 4 // columns moved
	if shift == 0 {
		return fmt.Sprintf("bits.RotateLeft64(%s, %d)", x, -16*rows%64)
	}
	a := 16*rows + 4*shift
	b := a - 16
	m := uint64(0xFFFF>>(4*shift)) * groups // columns that do not wrap
	// rotr(x, a)&m | rotr(x, b)&^m, with rotr(x, a) = rotr(rotr(x, 16), b):
	// merge under the mask rotated back by b, then rotate once. Speed
	// knob: the same five operations, but x is copied once, not twice.
	mb := m<<b | m>>(64-b)
	return fmt.Sprintf("bits.RotateLeft64(%s^(bits.RotateLeft64(%s, -16)^%s)&%#016x, -%d)", x, x, x, mb, b)
}

// mix writes MixColumns of p0..p7 into o0..o7, streamed plane by plane so
// that few values are live at once:
// s'[r] = 2·(s[r] ^ s[r+1]) ^ s[r+1] ^ (s[r+2] ^ s[r+3]), with
// t = s ^ down1(s) the last term is down2(t); doubling on bit planes moves
// plane i to i+1 and XORs plane 7 into planes 0, 1, 3, 4 (0x1b).
func mix(w *bytes.Buffer, k int, p string) {
	fmt.Fprintf(w, "r7 := %s\n", fetch(p+"7", k, 1))
	fmt.Fprintf(w, "t7 := %s7 ^ r7\n", p)
	for i := range 8 {
		if i < 7 {
			fmt.Fprintf(w, "r%d := %s\n", i, fetch(fmt.Sprintf("%s%d", p, i), k, 1))
			fmt.Fprintf(w, "t%d := %s%d ^ r%d\n", i, p, i, i)
		}
		terms := []string{"t7"}
		if i > 0 {
			terms = []string{fmt.Sprintf("t%d", i-1)}
		}
		if i == 1 || i == 3 || i == 4 {
			terms = append(terms, "t7")
		}
		terms = append(terms, fmt.Sprintf("r%d", i), fetch(fmt.Sprintf("t%d", i), k, 2))
		fmt.Fprintf(w, "o%d := %s\n", i, strings.Join(terms, " ^ "))
	}
}

// circuit returns the gate lines of the S-box circuit function name in
// sbox.go and the names of its eight results, least significant bit first,
// with every NOT removed: the NOTs of both circuits are the affine
// constant 0x63 (on the output of the forward circuit, on the input of the
// inverse), which Fast keeps in its round keys instead.
func circuit(sbox, name string) (gates []string, out string) {
	i := strings.Index(sbox, "\nfunc "+name+"[")
	if i < 0 {
		log.Fatalf("sbox.go: no %s", name)
	}
	body := sbox[i:]
	body = body[strings.Index(body, "{\n")+2:]
	nots := 0
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "//"):
			continue
		case strings.HasPrefix(line, "return "):
			out = strings.TrimPrefix(line, "return ")
			if j := strings.Index(out, "//"); j >= 0 {
				out = strings.TrimSpace(out[:j])
			}
			if nots == 0 {
				log.Fatalf("sbox.go: %s has no NOT to remove", name)
			}
			return gates, out
		}
		if j := strings.Index(line, ":= ^("); j >= 0 && strings.HasSuffix(line, ")") {
			line = line[:j] + ":= " + line[j+5:len(line)-1]
			nots++
		}
		if strings.Contains(line, "^(") {
			log.Fatalf("sbox.go: %s: unexpected NOT in %q", name, line)
		}
		gates = append(gates, line)
	}
	log.Fatalf("sbox.go: %s has no return", name)
	return
}

// Gate orders for Fast's copies of the circuits: the same gates as
// sbox.go, in an order found by a hill-climbing search over valid orders
// (move one gate, keep the order if the compiled function is no longer),
// scored by the instruction count go1.26 produces for amd64, where spills
// from the 14 free registers dominate: fastSbox 234 -> 223, fastInvSbox
// 241 -> 225. sbox.go keeps its own order, which suits Small's 32-bit
// instances (with their NOTs) better: the inverse order found here
// compiles to 256 instructions there instead of 229. An empty list keeps
// sbox.go's order.
var invOrder = strings.Fields(`
	r17 d t23 t22 r18 t24 t2 t1 r19 t6 t8 t4 r13 r5 t16 t9 t13 m1 m7 m2 t3
	t27 t19 m4 m5 t20 m17 t10 m14 t25 t17 t14 m3 t26 t15 m9 m6 m8 m18 m11
	m15 m10 m21 m19 m23 m12 m13 m16 m20 m22 m31 m34 m25 m27 m28 m29 m37
	m26 m51 m32 m24 m33 m36 m38 m50 m59 m60 m30 m35 m40 m39 m47 p3 m43 m42
	m48 m49 m56 m57 p4 m41 p6 m61 m44 m63 m55 m54 m46 p12 p5 m45 m52 m53
	p0 p8 m62 p16 p9 p18 p10 o0 p20 p25 p13 p27 m58 p14 p2 p15 p1 p7 p17
	p24 p23 o1 o3 p11 p28 p26 p22 p19 o4 p29 o6 o2 o5 o7
`)

var fwdOrder = strings.Fields(`
	t11 t21 t18 t7 t5 t12 t22 t3 t16 t1 t27 m6 t9 t26 t6 t2 t19 t4 t15 m8
	t20 t13 t17 t14 t23 m1 m3 m4 m11 m5 m7 m18 m9 m12 t8 t10 m2 m16 m13
	m10 m22 m20 m25 t24 m17 m14 t25 m15 m19 m23 m31 m21 m26 m24 m30 m34
	m39 m28 m35 m36 m40 m27 m48 m32 m33 m38 m29 m50 m59 m37 m47 m51 l8 m41
	m54 m56 m44 m46 m55 l3 m60 m43 l12 m42 l2 m57 m58 l22 l4 l18 m49 l7
	m61 m52 m63 l23 m45 m62 m53 l5 l19 l10 l9 l27 l11 l6 s7 l1 l17 l0 l14
	l16 l28 l29 l25 s5 l13 l15 s6 l20 s2 l21 l26 s1 s3 l24 s0 s4
`)

// reorder returns gates in the order of the names in order, checking that
// it is a permutation of them (the compiler checks that every gate comes
// after its operands).
func reorder(gates, order []string) []string {
	if len(order) == 0 {
		return gates
	}
	byName := map[string]string{}
	var out []string
	for _, g := range gates {
		if strings.Contains(g, ", ") { // u0, u1, u2, u3 := ...: input renaming first
			out = append(out, g)
			continue
		}
		lhs, _, _ := strings.Cut(g, " := ")
		byName[lhs] = g
	}
	for _, n := range order {
		g, ok := byName[n]
		if !ok {
			log.Fatalf("order names %s: not a gate, or twice", n)
		}
		out = append(out, g)
		delete(byName, n)
	}
	for n := range byName {
		log.Fatalf("order misses gate %s", n)
	}
	return out
}

func main() {
	sboxSrc, err := os.ReadFile("sbox.go")
	if err != nil {
		log.Fatal(err)
	}
	fwd, fwdOut := circuit(string(sboxSrc), "sboxCircuit")
	inv, invOut := circuit(string(sboxSrc), "invSboxCircuit")
	fwd = reorder(fwd, fwdOrder)
	inv = reorder(inv, invOrder)
	var w bytes.Buffer
	w.WriteString(`// Code generated by gen_skew.go from sbox.go; DO NOT EDIT.

package aes

import "math/bits"

// The rounds of fixsliced Fast (see fixslice64.go), one function per skew k =
// 0..3 of the state and direction: SubBytes, MixColumns and AddRoundKey
// (or InvSubBytes, AddRoundKey and InvMixColumns) with the round key
// passed as an array pointer, so that fixslice64.go's loop is a sequence of
// static calls with the state in registers.
//
// fastSbox and fastInvSbox are the circuits of sbox.go without their four
// (forward) and ten (inverse) NOTs: these add the affine constant 0x63,
// which Fast's key schedule folds into round keys 1..Nr instead
// (MixColumns and InvMixColumns map a constant 0x63 in every byte to
// itself). Speed knob: 4 (forward) or 10 (inverse) fewer operations a
// round.
//
// MixColumns fetches, for byte (r, p), byte (r+1, p+k) and byte
// (r+2, p+2k): for k = 0 a single rotation, otherwise two rotations merged
// under a mask, as columns past 3 wrap around. Size knob: four copies of
// each where an unskewed implementation needs one. (Copying the S-box
// circuit into each round as well measured no faster and would add eight
// copies of it.)
`)
	const sig = "(q0, q1, q2, q3, q4, q5, q6, q7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64)"
	const sigK = "(q0, q1, q2, q3, q4, q5, q6, q7 uint64, k *[8]uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64)"
	sbox := func(gates []string, out string) {
		w.WriteString("{\n")
		for _, g := range gates {
			w.WriteString(g + "\n")
		}
		fmt.Fprintf(&w, "q0, q1, q2, q3, q4, q5, q6, q7 = %s\n}\n", out)
	}
	fmt.Fprintf(&w, `
// fastSbox is SubBytes (FIPS 197, Section 5.1.1) without the constant 0x63.
func fastSbox%s {
`, sig)
	sbox(fwd, fwdOut)
	w.WriteString("return q0, q1, q2, q3, q4, q5, q6, q7\n}\n")
	fmt.Fprintf(&w, `
// fastInvSbox is InvSubBytes (FIPS 197, Section 5.3.2) of the input XOR
// 0x63.
func fastInvSbox%s {
`, sig)
	sbox(inv, invOut)
	w.WriteString("return q0, q1, q2, q3, q4, q5, q6, q7\n}\n")
	for k := range 4 {
		fmt.Fprintf(&w, `
// roundSkew%d is a round of Cipher (FIPS 197, Algorithm 1) on a state of
// skew %d after SubBytes: SubBytes (without 0x63), MixColumns
// (Section 5.1.3) and AddRoundKey with k.
func roundSkew%d%s {
`, k, k, k, sigK)
		w.WriteString("q0, q1, q2, q3, q4, q5, q6, q7 = fastSbox(q0, q1, q2, q3, q4, q5, q6, q7)\n")
		mix(&w, k, "q")
		w.WriteString("return o0 ^ k[0], o1 ^ k[1], o2 ^ k[2], o3 ^ k[3], o4 ^ k[4], o5 ^ k[5], o6 ^ k[6], o7 ^ k[7]\n}\n")
		fmt.Fprintf(&w, `
// invRoundSkew%d is a round of InvCipher (FIPS 197, Algorithm 3) on a state
// of skew %d: InvSubBytes (of the state XOR 0x63), AddRoundKey with k and
// InvMixColumns (Section 5.3.3). The inverse matrix factors as MixColumns
// times the column polynomial 04·x^2 + 05
// ({0e,0b,0d,09} = {02,03,01,01}·{05,00,04,00} mod x^4+1):
// p = s ^ 4·(s ^ s two rows down), then MixColumns(p), 28 operations more
// than MixColumns instead of a second full matrix.
func invRoundSkew%d%s {
`, k, k, k, sigK)
		w.WriteString("q0, q1, q2, q3, q4, q5, q6, q7 = fastInvSbox(q0, q1, q2, q3, q4, q5, q6, q7)\n")
		w.WriteString("q0, q1, q2, q3 = q0^k[0], q1^k[1], q2^k[2], q3^k[3]\n")
		w.WriteString("q4, q5, q6, q7 = q4^k[4], q5^k[5], q6^k[6], q7^k[7]\n")
		// u = s ^ down2(s); p = s ^ 4·u, with 4·u on planes:
		// (u6, u6^u7, u0^u7, u1^u6, u2^u6^u7, u3^u7, u4, u5).
		four := [8][]int{{6}, {6, 7}, {0, 7}, {1, 6}, {2, 6, 7}, {3, 7}, {4}, {5}}
		have := map[int]bool{}
		for i := range 8 {
			for _, j := range four[i] {
				if !have[j] {
					fmt.Fprintf(&w, "u%d := q%d ^ %s\n", j, j, fetch(fmt.Sprintf("q%d", j), k, 2))
					have[j] = true
				}
			}
			fmt.Fprintf(&w, "p%d := q%d", i, i)
			for _, j := range four[i] {
				fmt.Fprintf(&w, " ^ u%d", j)
			}
			w.WriteString("\n")
		}
		mix(&w, k, "p")
		w.WriteString("return o0, o1, o2, o3, o4, o5, o6, o7\n}\n")
	}
	src, err := format.Source(w.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	out := "fixslice64_skew.go"
	if len(os.Args) > 1 {
		out = os.Args[1] // TestGeneratedSkew compares a fresh copy
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}
