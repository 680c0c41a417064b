//go:build ignore

// gen.go writes the arithmetic of every (curve, arithmetic) pair from one
// template: p256_fast.go, p384_fast.go, small.go, p256_native_amd64.go and
// p384_native_amd64.go, and their test adapters in instances_test.go and
// instances_native_amd64_test.go. Run it with "go generate" in this
// directory.
//
// Each instantiation has its own concrete types — a field element, a
// scalar in plain form and one in Montgomery form, a projective and a
// Jacobian point — and the hot code of package ecdsa's operations: field
// and scalar arithmetic, inversion, the point formulas, the table scans,
// k·G and u1·G+u2·Q, and the whole operations Key, Sign and VerifyVarTime
// of one exported type per table (P256FastLow ... SmallP384High). Every
// call inside is static, so a program links the instantiations its
// configurations name and nothing else. What runs once per key or per
// process (SEC 1 encoding, the tables' computation) is written once, by
// hand, in shared.go.
//
//	p256Fast, p384Fast  the unrolled multipliers of internal/nist/unrolled,
//	                    elements of exactly 4 or 6 limbs, curve constants
//	                    computed here as literals, the addition chain of
//	                    the curve's inversion only
//	p256Native,         internal/nist/mulx's assembly multipliers and
//	p384Native          squarings (MULX, ADCX, ADOX) for p and n, unrolled's
//	                    additions; otherwise as Fast. In files built only
//	                    where mulx has assembly (nativeTag); package ecdsa
//	                    reaches them only where mulx.Supported()
//	small               the generic CIOS multiplier of internal/nist/mont
//	                    with the curve's moduli, one copy for both curves
//	                    (limb count and constants read from the *Curve)
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"text/template"
)

type curveParams struct {
	name                 string // "P256"
	p, n, b, gx, gy      string // hex
	limbs                int
	unrolledP, unrolledN string
}

var curveTable = []curveParams{
	{"P256",
		"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
		"ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
		"5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
		"6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
		"4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
		4, "P256", "N256"},
	{"P384",
		"fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
		"b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
		"aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
		"3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f",
		6, "P384", "N384"},
}

// inst is one instantiation of the template.
type inst struct {
	P        string // prefix of the unexported names: p256Fast, p384Fast, small
	Ops      string // prefix of the exported operation types: P256Fast, ..., Small
	File     string
	Fast     bool   // exactly Limbs limbs per element: Fast and Native
	Native   bool   // multipliers from internal/nist/mulx
	Arith    string // "Fast", "Native" or "Small", for the documentation
	Tag      string // build constraint of the file, if any
	Limbs    int    // 4 or 6 (Fast); 0 for Small, whose limb count is f.c.N
	Array    string // the underlying array of elements and scalars
	Curve    string // "P-256", "P-384", or "" for Small (both)
	UP, UN   string // unrolled function prefixes (Fast)
	Chains   []string
	CurveVar string  // the package variable of the curve (Fast)
	Consts   []konst // Fast: curve constants as literals
	OpsTypes []opsType
}

// opsType is one exported whole-operation type: per table, and for Small
// per curve too (so that every one is zero-size).
type opsType struct {
	Name, Table, Curve, CurveVar, Arith string
}

// TableFn and Bits name the curve's table of this type and its width.
func (o opsType) TableFn() string { return strings.ToLower(o.Table) + "Table" }
func (o opsType) Bits() string    { return strings.ToLower(o.Table) + "Bits" }

// Via is the suffix of the key and sign functions the type calls: "High"
// for Native P-256's High table (keyHigh, signHigh: Jacobian k·G), else
// none.
func (o opsType) Via() string {
	if o.Arith == "p256Native{}" && o.Table == "High" {
		return "High"
	}
	return ""
}

// Cv converts the *mont.Elem expression v to a pointer to this
// instantiation's type of the given kind (Element, Scalar, ScalarMont or
// Array), for the test adapters.
func (in inst) Cv(kind, v string) string {
	t := in.P + kind
	if kind == "Array" {
		t = in.Array
	}
	if in.Fast {
		return fmt.Sprintf("(*%s)(%s[:%d])", t, v, in.Limbs)
	}
	return fmt.Sprintf("(*%s)(%s)", t, v)
}

type konst struct {
	Name, Type, Doc string
	Limbs           []uint64
}

func (in inst) Idx() []int {
	r := make([]int, in.Limbs)
	for i := range r {
		r[i] = i
	}
	return r
}

func limbsOf(x *big.Int, n int) []uint64 {
	l := make([]uint64, n)
	for i := range l {
		l[i] = new(big.Int).Rsh(x, uint(64*i)).Uint64()
	}
	return l
}

func hexInt(s string) *big.Int { v, _ := new(big.Int).SetString(s, 16); return v }

// nativeTag is the build constraint of the Native instantiations and their
// test adapters: the architectures internal/nist/mulx has assembly for.
const nativeTag = "(amd64 || arm64) && !purego"

func fastInst(c curveParams, native bool) inst {
	p, n := hexInt(c.p), hexInt(c.n)
	R := new(big.Int).Lsh(big.NewInt(1), uint(64*c.limbs))
	mont := func(x *big.Int, m *big.Int) *big.Int { return new(big.Int).Mod(new(big.Int).Mul(x, R), m) }
	arith, file, tag := "Fast", "_fast.go", ""
	if native {
		arith, file, tag = "Native", "_native.go", nativeTag
	}
	P := strings.ToLower(c.name[:1]) + c.name[1:] + arith
	el, sc, scm, arr := P+"Element", P+"Scalar", P+"ScalarMont", fmt.Sprintf("[%d]uint64", c.limbs)
	one := big.NewInt(1)
	consts := []konst{
		{"One", el, "1 in Montgomery form, R mod p", limbsOf(mont(one, p), c.limbs)},
		{"B", el, "the curve coefficient b (Montgomery form)", limbsOf(mont(hexInt(c.b), p), c.limbs)},
		{"N", sc, "the group order n (plain limbs)", limbsOf(n, c.limbs)},
		{"NRR", scm, "R² mod n", limbsOf(mont(mont(one, n), n), c.limbs)},
		{"NOne", scm, "1 in Montgomery form mod n, R mod n", limbsOf(mont(one, n), c.limbs)},
		{"NMinus2", arr, "n-2, the exponent of Fermat inversion mod n", limbsOf(new(big.Int).Sub(n, big.NewInt(2)), c.limbs)},
	}
	return inst{P: P, Ops: c.name + arith, File: strings.ToLower(c.name) + file, Fast: true, Native: native,
		Arith: arith, Tag: tag, Limbs: c.limbs,
		Array: arr, Curve: c.name[:1] + "-" + c.name[1:], UP: c.unrolledP, UN: c.unrolledN,
		Chains: []string{c.name}, CurveVar: strings.ToLower(c.name), Consts: consts,
		OpsTypes: []opsType{
			{c.name + arith + "Low", "Low", c.name[:1] + "-" + c.name[1:], strings.ToLower(c.name), P + "{}"},
			{c.name + arith + "High", "High", c.name[:1] + "-" + c.name[1:], strings.ToLower(c.name), P + "{}"},
		}}
}

func main() {
	dir := flag.String("o", ".", "output directory")
	flag.Parse()
	insts := []inst{fastInst(curveTable[0], false), fastInst(curveTable[1], false),
		{P: "small", Ops: "Small", File: "small.go", Arith: "Small", Array: "mont.Elem", Chains: []string{"P256", "P384"},
			OpsTypes: []opsType{
				{"SmallP256Low", "Low", "P-256", "p256", "small{p256}"},
				{"SmallP256High", "High", "P-256", "p256", "small{p256}"},
				{"SmallP384Low", "Low", "P-384", "p384", "small{p384}"},
				{"SmallP384High", "High", "P-384", "p384", "small{p384}"},
			}},
		fastInst(curveTable[0], true), fastInst(curveTable[1], true)}
	funcs := template.FuncMap{
		"dict": func(kv ...any) map[string]any {
			m := map[string]any{}
			for i := 0; i+1 < len(kv); i += 2 {
				m[kv[i].(string)] = kv[i+1]
			}
			return m
		},
		"hex":  func(v uint64) string { return fmt.Sprintf("%#016x", v) },
		"mul":  func(a, b int) int { return a * b },
		"add":  func(a, b int) int { return a + b },
		"list": func(s ...string) []string { return s },
	}
	tmpl := template.Must(template.New("arith").Funcs(funcs).Parse(arithTemplate))
	template.Must(tmpl.New("defines").Parse(defines))
	template.Must(tmpl.New("test").Parse(testTemplate))
	write := func(name string, src []byte) {
		out, err := format.Source(src)
		if err != nil {
			os.Stdout.Write(src)
			log.Fatalf("%s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(*dir, name), out, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	var tests, nativeTests bytes.Buffer
	tests.WriteString("// Code generated by gen.go; DO NOT EDIT.\n\npackage ec\n\nimport \"github.com/cryptolab-go/cryptolab/internal/nist/mont\"\n\n")
	tests.WriteString("// Test adapters: each instantiation behind the instance interface of\n// arith_test.go, with mont.Elem operands, calling the production code.\n\n")
	nativeTests.WriteString("// Code generated by gen.go; DO NOT EDIT.\n\n//go:build " + nativeTag + "\n\npackage ec\n\n")
	nativeTests.WriteString("import (\n\"github.com/cryptolab-go/cryptolab/internal/nist/mont\"\n\"github.com/cryptolab-go/cryptolab/internal/nist/mulx\"\n)\n\n")
	nativeTests.WriteString("// The Native instantiations join the tested instances where the\n// processor can run them (mulx.Supported).\nfunc init() {\nif mulx.Supported() {\ninstances = append(instances, p256NativeTest{}, p384NativeTest{})\n}\n}\n\n")
	for _, in := range insts {
		var b bytes.Buffer
		if err := tmpl.ExecuteTemplate(&b, "arith", in); err != nil {
			log.Fatal(err)
		}
		write(in.File, b.Bytes())
		t := &tests
		if in.Native {
			t = &nativeTests
		}
		if err := tmpl.ExecuteTemplate(t, "test", in); err != nil {
			log.Fatal(err)
		}
	}
	tests.WriteString("var instances = []instance{p256FastTest{}, p384FastTest{}, smallTest{p256}, smallTest{p384}}\n")
	write("instances_test.go", tests.Bytes())
	write("instances_native_test.go", nativeTests.Bytes())
}

// The template. Names: f is the arithmetic (an empty struct for Fast, the
// curve for Small), E a field element, S a plain scalar, M a scalar in
// Montgomery form. In Small, elements hold mont.MaxLimbs limbs of which
// the curve uses f.limbs(); the limbs above stay zero.
const arithTemplate = `// Code generated by gen.go; DO NOT EDIT.
{{if .Tag}}
//go:build {{.Tag}}
{{end}}
package ec

import (
	"github.com/cryptolab-go/cryptolab/internal/ct"
	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
{{- if .Native}}
	"github.com/cryptolab-go/cryptolab/internal/nist/mulx"
{{- end}}
{{- if and .Native (eq .Limbs 4)}}
	"unsafe"
{{- end}}
{{- if .Fast}}
	"github.com/cryptolab-go/cryptolab/internal/nist/unrolled"
{{- end}}
)
{{$E := print .P "Element"}}{{$S := print .P "Scalar"}}{{$M := print .P "ScalarMont"}}{{$Pt := print .P "Point"}}{{$J := print .P "Jacobian"}}{{$A := .Array}}
{{- if .Fast}}
{{- if .Native}}
// {{.P}} is the Native arithmetic of {{.Curve}}: the assembly multipliers of
// internal/nist/mulx (MULX, ADCX, ADOX on amd64; MUL, UMULH on arm64), its
// table scans, and the additions of internal/nist/unrolled, on elements of
// exactly {{.Limbs}} limbs. Only where mulx.Supported().
{{- else}}
// {{.P}} is the Fast arithmetic of {{.Curve}}: the straight-line multipliers
// of internal/nist/unrolled on elements of exactly {{.Limbs}} limbs.
{{- end}}
type {{.P}} struct{}

func ({{.P}}) limbs() int     { return {{.Limbs}} }
func ({{.P}}) curve() *Curve { return {{.CurveVar}} }
{{- else}}
// small is the Small arithmetic of both curves: the generic CIOS multiplier
// of internal/nist/mont with the moduli of c. Its elements are mont.Elem
// sized (6 limbs), of which a P-256 value uses 4.
type small struct{ c *Curve }

func (f small) limbs() int     { return f.c.N }
func (f small) curve() *Curve { return f.c }
{{- end}}

// {{$E}} is an element of GF(p) in Montgomery form, x·R mod p, fully reduced.
type {{$E}} {{$A}}

// {{$S}} is an integer modulo n (or below 2^(64·limbs)) in plain form.
type {{$S}} {{$A}}

// {{$M}} is an integer modulo n in Montgomery form, x·R mod n.
type {{$M}} {{$A}}

// {{$Pt}} is a point in projective coordinates (X:Y:Z), x = X/Z, y = Y/Z;
// the point at infinity is (0:1:0).
type {{$Pt}} struct{ X, Y, Z {{$E}} }

// {{$J}} is a point in Jacobian coordinates, x = X/Z², y = Y/Z³; Z = 0 is
// the point at infinity. Verification only.
type {{$J}} struct{ X, Y, Z {{$E}} }
{{if .Fast}}
// Constants of {{.Curve}}, little-endian limbs (computed by gen.go).
var (
{{- range .Consts}}
	{{$.P}}{{.Name}} = {{.Type}}{ {{- range $i, $l := .Limbs}}{{if $i}}, {{end}}{{hex $l}}{{end -}} } // {{.Doc}}
{{- end}}
)

{{- $mul := "unrolled"}}{{if .Native}}{{$mul = "mulx"}}{{end}}
func ({{.P}}) mul(z, x, y *{{$E}}) { {{$mul}}.{{.UP}}Mul((*{{$A}})(z), (*{{$A}})(x), (*{{$A}})(y)) }
func ({{.P}}) sqr(z, x *{{$E}})    { {{$mul}}.{{.UP}}Sqr((*{{$A}})(z), (*{{$A}})(x)) }
func ({{.P}}) add(z, x, y *{{$E}}) { unrolled.{{.UP}}Add((*{{$A}})(z), (*{{$A}})(x), (*{{$A}})(y)) }
func ({{.P}}) sub(z, x, y *{{$E}}) { unrolled.{{.UP}}Sub((*{{$A}})(z), (*{{$A}})(x), (*{{$A}})(y)) }
func ({{.P}}) nMul(z, x, y *{{$M}}) { {{$mul}}.{{.UN}}Mul((*{{$A}})(z), (*{{$A}})(x), (*{{$A}})(y)) }
func ({{.P}}) nSqr(z, x *{{$M}})    { {{$mul}}.{{.UN}}Sqr((*{{$A}})(z), (*{{$A}})(x)) }
func ({{.P}}) nAdd(z, x, y *{{$M}}) { unrolled.{{.UN}}Add((*{{$A}})(z), (*{{$A}})(x), (*{{$A}})(y)) }

// reduceX sets r = x mod n for a plain x < p < 2n: x - n, or x on a borrow.
func ({{.P}}) reduceX(r *{{$S}}, x *{{$E}}) {
	unrolled.{{.UN}}Sub((*{{$A}})(r), (*{{$A}})(x), (*{{$A}})(&{{.P}}N))
}

func ({{.P}}) one() *{{$E}}       { return &{{.P}}One }
func ({{.P}}) b() *{{$E}}         { return &{{.P}}B }
func ({{.P}}) nRR() *{{$M}}       { return &{{.P}}NRR }
func ({{.P}}) nOne() *{{$M}}      { return &{{.P}}NOne }
func ({{.P}}) nMinus2() *{{$A}}   { return &{{.P}}NMinus2 }
{{else}}
func (f small) mul(z, x, y *smallElement) { f.c.P.Mul((*mont.Elem)(z), (*mont.Elem)(x), (*mont.Elem)(y)) }
func (f small) sqr(z, x *smallElement)    { f.c.P.Mul((*mont.Elem)(z), (*mont.Elem)(x), (*mont.Elem)(x)) }
func (f small) add(z, x, y *smallElement) { f.c.P.Add((*mont.Elem)(z), (*mont.Elem)(x), (*mont.Elem)(y)) }
func (f small) sub(z, x, y *smallElement) { f.c.P.Sub((*mont.Elem)(z), (*mont.Elem)(x), (*mont.Elem)(y)) }
func (f small) nMul(z, x, y *smallScalarMont) {
	f.c.Order.Mul((*mont.Elem)(z), (*mont.Elem)(x), (*mont.Elem)(y))
}
func (f small) nSqr(z, x *smallScalarMont) { f.c.Order.Mul((*mont.Elem)(z), (*mont.Elem)(x), (*mont.Elem)(x)) }
func (f small) nAdd(z, x, y *smallScalarMont) {
	f.c.Order.Add((*mont.Elem)(z), (*mont.Elem)(x), (*mont.Elem)(y))
}

// reduceX sets r = x mod n for a plain x < p < 2n: x - n, or x on a borrow.
func (f small) reduceX(r *smallScalar, x *smallElement) {
	f.c.Order.Sub((*mont.Elem)(r), (*mont.Elem)(x), &f.c.Order.M)
}

func (f small) one() *smallElement          { return (*smallElement)(&f.c.P.One) }
func (f small) b() *smallElement            { return (*smallElement)(&f.c.B) }
func (f small) nRR() *smallScalarMont       { return (*smallScalarMont)(&f.c.Order.RR) }
func (f small) nOne() *smallScalarMont      { return (*smallScalarMont)(&f.c.Order.One) }
func (f small) nMinus2() *mont.Elem         { return &f.c.nMinus2 }
{{end}}
// sqrN sets z = x^(2^k) (k ≥ 1 squarings, k public){{if and .Native (eq .Limbs 4)}}, in one
// assembly call{{end}}; nSqrN is the same modulo n.
func (f {{.P}}) sqrN(z, x *{{$E}}, k int) {
{{- if and .Native (eq .Limbs 4)}}
	mulx.{{.UP}}SqrN((*{{$A}})(z), (*{{$A}})(x), k)
{{- else}}
	f.sqr(z, x)
	for range k - 1 {
		f.sqr(z, z)
	}
{{- end}}
}

func (f {{.P}}) nSqrN(z, x *{{$M}}, k int) {
{{- if and .Native (eq .Limbs 4)}}
	mulx.{{.UN}}SqrN((*{{$A}})(z), (*{{$A}})(x), k)
{{- else}}
	f.nSqr(z, x)
	for range k - 1 {
		f.nSqr(z, z)
	}
{{- end}}
}

// neg sets z = -x mod p. Not inlined: each inlined copy would put its own
// zero element in the caller's frame (three in combinedMultVarTime), for a
// call per negation.
//
//go:noinline
func (f {{.P}}) neg(z, x *{{$E}}) {
	var zero {{$E}}
	f.sub(z, &zero, x)
}

// selectPoint sets r = a if mask = ^0 and r = b if mask = 0.
func (f {{.P}}) selectPoint(r *{{$Pt}}, mask uint64, a, b *{{$Pt}}) {
	selectLimbs(r.X[:], mask, a.X[:], b.X[:])
	selectLimbs(r.Y[:], mask, a.Y[:], b.Y[:])
	selectLimbs(r.Z[:], mask, a.Z[:], b.Z[:])
}

// scalarToMont sets z = x·R mod n for x < n.
func (f {{.P}}) scalarToMont(z *{{$M}}, x *{{$S}}) { f.nMul(z, (*{{$M}})(x), f.nRR()) }

// scalarFromMont sets z = x·R^-1 mod n.
func (f {{.P}}) scalarFromMont(z *{{$S}}, x *{{$M}}) {
	var one {{$M}}
	one[0] = 1
	f.nMul((*{{$M}})(z), x, &one)
}

{{- if and .Native (eq .Limbs 4)}}

// scalarInvert sets z = x^-1 mod n (Montgomery form in and out) by
// Bernstein–Yang divsteps in internal/nist/mulx: 1.57 µs on the
// development machine (the matrix updates in assembly on amd64), against
// about 4 µs for Fermat's 255 squarings modulo n, which has no special
// form to reduce by. Constant time.
func (f {{.P}}) scalarInvert(z, x *{{$M}}) {
	mulx.N256Invert((*{{$A}})(z), (*{{$A}})(x))
}

// scalarInvertVarTime is scalarInvert for a public x (verification's s):
// the variable-time divsteps of internal/nist/mulx, which skip runs of
// even values and stop at zero (about 0.94 µs against 1.57).
func (f {{.P}}) scalarInvertVarTime(z, x *{{$M}}) {
	mulx.N256InvertVarTime((*{{$A}})(z), (*{{$A}})(x))
}
{{- else}}

{{template "exp" (dict "F" . "Name" "scalarExp" "T" $M "Mul" "nMul" "Sqr" "nSqr" "One" "nOne" "Doc" "z = x^e mod n (Montgomery form) for a public exponent e; used for inversion")}}

// scalarInvert sets z = x^-1 = x^(n-2) mod n (Fermat; Montgomery form in
// and out). Constant time.
func (f {{.P}}) scalarInvert(z, x *{{$M}}) { f.scalarExp(z, x, f.nMinus2()) }

// scalarInvertVarTime is scalarInvert; verification calls it for its
// public s.
func (f {{.P}}) scalarInvertVarTime(z, x *{{$M}}) { f.scalarInvert(z, x) }
{{- end}}

// sqrMul sets z = x^(2^k)·y.
func (f {{.P}}) sqrMul(z, x *{{$E}}, k int, y *{{$E}}) {
	var t {{$E}}
{{- if .Fast}}
	f.sqrN(&t, x, k)
{{- else}}
	// The squarings are written here rather than called through sqrN:
	// one frame less under the inversion chains, the deepest calls of
	// signing on P-256 (80 B of stack).
	f.sqr(&t, x)
	for range k - 1 {
		f.sqr(&t, &t)
	}
{{- end}}
	f.mul(z, &t, y)
}
{{if and .Native (eq .Limbs 4)}}
// invert sets z = x^-1 mod p (0 maps to 0) by Bernstein–Yang divsteps in
// internal/nist/mulx (its matrix updates in assembly on amd64): 1.58 µs
// against 1.97 µs for the addition chain's 255 squarings and 13
// multiplications (invertChain) on the development machine. Constant
// time.
func (f {{.P}}) invert(z, x *{{$E}}) {
	mulx.P256Invert((*[4]uint64)(z), (*[4]uint64)(x))
}

// invertChain is the addition chain that invert replaces, kept to test
// against.
func (f {{.P}}) invertChain(z, x *{{$E}}) {
	{{- template "chain" (dict "F" . "Curve" (index .Chains 0))}}
}
{{else if .Fast}}
// invert sets z = x^-1 = x^(p-2) mod p (0 maps to 0) with the fixed
// addition chain of {{.Curve}}. Constant time.
func (f {{.P}}) invert(z, x *{{$E}}) {
	{{- template "chain" (dict "F" . "Curve" (index .Chains 0))}}
}
{{else}}
// invert sets z = x^-1 = x^(p-2) mod p (0 maps to 0) with the fixed
// addition chain of the curve's prime. Constant time.
func (f small) invert(z, x *smallElement) {
	if f.c.N == 4 {
		f.invertP256(z, x)
	} else {
		f.invertP384(z, x)
	}
}

func (f small) invertP256(z, x *smallElement) {
	{{- template "chain" (dict "F" . "Curve" "P256")}}
}

func (f small) invertP384(z, x *smallElement) {
	{{- template "chain" (dict "F" . "Curve" "P384")}}
}
{{end}}
// setInfinity sets r to the point at infinity (0:1:0), in place: a
// composite literal with Y set would be built in a temporary point in
// the (inlining) caller's frame first.
func (f {{.P}}) setInfinity(r *{{$Pt}}) {
	*r = {{$Pt}}{}
	r.Y = *f.one()
}

// pointAddAffine sets r = p + (x2, y2) for an affine point, which cannot be
// the point at infinity (Renes–Costello–Batina 2015, Algorithm 5, mixed
// addition for a = -3): 11M + 2m_b, complete for every p, including the
// point at infinity and p = ±(x2, y2). r may alias p.
func (f {{.P}}) pointAddAffine(r, p *{{$Pt}}, x2, y2 *{{$E}}) {
{{- if and .Native (eq .Limbs 4)}}
	// The same steps in one assembly function (internal/nist/mulx).
	mulx.P256PointAddAffine((*[12]uint64)(unsafe.Pointer(r)), (*[12]uint64)(unsafe.Pointer(p)),
		(*[4]uint64)(x2), (*[4]uint64)(y2), (*[4]uint64)(f.b()))
}

// pointAddAffineGo is pointAddAffine in Go, kept to test the assembly
// against.
func (f {{.P}}) pointAddAffineGo(r, p *{{$Pt}}, x2, y2 *{{$E}}) {
{{- end}}
	b := f.b()
	// p is last read at step 12 once steps 19-20 (t2 = 3·Z1) come first,
	// so X3, Y3, Z3 are written straight into r, which may alias p: no
	// result temporaries (3 elements, 144 B, less on signing's deepest
	// frame; the same operations).
	var t0, t1, t2, t3, t4 {{$E}}
	f.mul(&t0, &p.X, x2)    // 1. t0 = X1·X2
	f.mul(&t1, &p.Y, y2)    // 2. t1 = Y1·Y2
	f.add(&t3, x2, y2)      // 3. t3 = X2+Y2
	f.add(&t4, &p.X, &p.Y)  // 4. t4 = X1+Y1
	f.mul(&t3, &t3, &t4)    // 5. t3 = t3·t4
	f.add(&t4, &t0, &t1)    // 6. t4 = t0+t1
	f.sub(&t3, &t3, &t4)    // 7. t3 = t3-t4
	f.mul(&t4, y2, &p.Z)    // 8. t4 = Y2·Z1
	f.add(&t4, &t4, &p.Y)   // 9. t4 = t4+Y1
	f.add(&t2, &p.Z, &p.Z)  // 19-20. t2 = Z1+Z1+Z1 (t1 is still in use)
	f.add(&t2, &t2, &p.Z)
	f.mul(&r.Y, x2, &p.Z)    // 10. Y3 = X2·Z1
	f.add(&r.Y, &r.Y, &p.X)   // 11. Y3 = Y3+X1
	f.mul(&r.Z, b, &p.Z)     // 12. Z3 = b·Z1
	f.sub(&r.X, &r.Y, &r.Z)    // 13. X3 = Y3-Z3
	f.add(&r.Z, &r.X, &r.X)    // 14. Z3 = X3+X3
	f.add(&r.X, &r.X, &r.Z)    // 15. X3 = X3+Z3
	f.sub(&r.Z, &t1, &r.X)    // 16. Z3 = t1-X3
	f.add(&r.X, &t1, &r.X)    // 17. X3 = t1+X3
	f.mul(&r.Y, b, &r.Y)      // 18. Y3 = b·Y3
	f.sub(&r.Y, &r.Y, &t2)    // 21. Y3 = Y3-t2
	f.sub(&r.Y, &r.Y, &t0)    // 22. Y3 = Y3-t0
	f.add(&t1, &r.Y, &r.Y)    // 23. t1 = Y3+Y3
	f.add(&r.Y, &t1, &r.Y)    // 24. Y3 = t1+Y3
	f.add(&t1, &t0, &t0)    // 25. t1 = t0+t0
	f.add(&t0, &t1, &t0)    // 26. t0 = t1+t0
	f.sub(&t0, &t0, &t2)    // 27. t0 = t0-t2
	f.mul(&t1, &t4, &r.Y)    // 28. t1 = t4·Y3
	f.mul(&t2, &t0, &r.Y)    // 29. t2 = t0·Y3
	f.mul(&r.Y, &r.X, &r.Z)    // 30. Y3 = X3·Z3
	f.add(&r.Y, &r.Y, &t2)    // 31. Y3 = Y3+t2
	f.mul(&r.X, &t3, &r.X)    // 32. X3 = t3·X3
	f.sub(&r.X, &r.X, &t1)    // 33. X3 = X3-t1
	f.mul(&r.Z, &t4, &r.Z)    // 34. Z3 = t4·Z3
	f.mul(&t1, &t3, &t0)    // 35. t1 = t3·t0
	f.add(&r.Z, &r.Z, &t1)    // 36. Z3 = Z3+t1
}

// pointDouble sets r = 2p (Renes–Costello–Batina 2015, Algorithm 6,
// a = -3): 8M + 3S + 2m_b, complete. r may alias p.
//
// Step 28's Y·Z is computed first, into t4, so that p is last read at
// step 6 and X3, Y3, Z3 are written straight into r (which may be p):
// five temporaries instead of seven, 96 B of stack for Small (64 for
// P-256 Fast), the same operations.
func (f {{.P}}) pointDouble(r, p *{{$Pt}}) {
	b := f.b()
	var t0, t1, t2, t3, t4 {{$E}}
	f.mul(&t4, &p.Y, &p.Z)  // 28. t0 = Y·Z, kept in t4
	f.sqr(&t0, &p.X)        // 1. t0 = X²
	f.sqr(&t1, &p.Y)        // 2. t1 = Y²
	f.sqr(&t2, &p.Z)        // 3. t2 = Z²
	f.mul(&t3, &p.X, &p.Y)  // 4. t3 = X·Y
	f.add(&t3, &t3, &t3)    // 5. t3 = t3+t3
	X3, Y3, Z3 := &r.X, &r.Y, &r.Z
	f.mul(Z3, &p.X, &p.Z)   // 6. Z3 = X·Z (the last read of p)
	f.add(Z3, Z3, Z3)       // 7. Z3 = Z3+Z3
	f.mul(Y3, b, &t2)       // 8. Y3 = b·t2
	f.sub(Y3, Y3, Z3)       // 9. Y3 = Y3-Z3
	f.add(X3, Y3, Y3)       // 10. X3 = Y3+Y3
	f.add(Y3, X3, Y3)       // 11. Y3 = X3+Y3
	f.sub(X3, &t1, Y3)      // 12. X3 = t1-Y3
	f.add(Y3, &t1, Y3)      // 13. Y3 = t1+Y3
	f.mul(Y3, X3, Y3)       // 14. Y3 = X3·Y3
	f.mul(X3, X3, &t3)      // 15. X3 = X3·t3
	f.add(&t3, &t2, &t2)    // 16. t3 = t2+t2
	f.add(&t2, &t2, &t3)    // 17. t2 = t2+t3
	f.mul(Z3, b, Z3)        // 18. Z3 = b·Z3
	f.sub(Z3, Z3, &t2)      // 19. Z3 = Z3-t2
	f.sub(Z3, Z3, &t0)      // 20. Z3 = Z3-t0
	f.add(&t3, Z3, Z3)      // 21. t3 = Z3+Z3
	f.add(Z3, Z3, &t3)      // 22. Z3 = Z3+t3
	f.add(&t3, &t0, &t0)    // 23. t3 = t0+t0
	f.add(&t0, &t3, &t0)    // 24. t0 = t3+t0
	f.sub(&t0, &t0, &t2)    // 25. t0 = t0-t2
	f.mul(&t0, &t0, Z3)     // 26. t0 = t0·Z3
	f.add(Y3, Y3, &t0)      // 27. Y3 = Y3+t0
	f.add(&t4, &t4, &t4)    // 29. t0 = t0+t0 (Y·Z, from step 28)
	f.mul(Z3, &t4, Z3)      // 30. Z3 = t0·Z3
	f.sub(X3, X3, Z3)       // 31. X3 = X3-Z3
	f.mul(Z3, &t4, &t1)     // 32. Z3 = t0·t1
	f.add(Z3, Z3, Z3)       // 33. Z3 = Z3+Z3
	f.add(Z3, Z3, Z3)       // 34. Z3 = Z3+Z3
}

// affine sets (x, y) to the affine coordinates of p (Montgomery form), or
// (0, 0) for the point at infinity. Constant time.
func (f {{.P}}) affine(x, y *{{$E}}, p *{{$Pt}}) {
	var zinv {{$E}}
	f.invert(&zinv, &p.Z)
	f.mul(x, &p.X, &zinv)
	f.mul(y, &p.Y, &zinv)
}

// lookup sets (x, y) to entry d (1..16 or 1..32) of a window of affine
// multiples, or (0, 0) for d = 0, reading every entry.
func (f {{.P}}) lookup(x, y *{{$E}}, win []uint64, d uint64) {
{{- if .Native}}
	// The scan on AVX2 (internal/nist/mulx): two or three YMM registers
	// per entry, masks from VPCMPEQQ.
	var e [{{mul 2 .Limbs}}]uint64
	mulx.Select{{mul 2 .Limbs}}(&e, &win[0], len(win)/{{mul 2 .Limbs}}, d)
	*x = {{$E}}{ {{- range $i := .Idx}}{{if $i}}, {{end}}e[{{$i}}]{{end -}} }
	*y = {{$E}}{ {{- range $i := .Idx}}{{if $i}}, {{end}}e[{{add $i $.Limbs}}]{{end -}} }
{{- else if .Fast}}
	var {{range $i := .Idx}}{{if $i}}, {{end}}x{{$i}}{{end}}, {{range $i := .Idx}}{{if $i}}, {{end}}y{{$i}}{{end}} uint64
	for e := 0; e+{{mul 2 .Limbs}} <= len(win); e += {{mul 2 .Limbs}} {
		m := ct.Mask64(ct.Eq64(uint64(e/{{mul 2 .Limbs}}+1), d))
		r := win[e : e+{{mul 2 .Limbs}} : e+{{mul 2 .Limbs}}]
{{- range $i := .Idx}}
		x{{$i}} |= r[{{$i}}] & m
{{- end}}
{{- range $i := .Idx}}
		y{{$i}} |= r[{{add $i $.Limbs}}] & m
{{- end}}
	}
	*x = {{$E}}{ {{- range $i := .Idx}}{{if $i}}, {{end}}x{{$i}}{{end -}} }
	*y = {{$E}}{ {{- range $i := .Idx}}{{if $i}}, {{end}}y{{$i}}{{end -}} }
{{- else}}
	// One loop for both curves: the least code. Straight-line scans per
	// curve size (as Fast has) measured 3.5% faster for Small-High P-256
	// signing and nothing for Low, for 1,077 B more code (Small-Low P-256
	// signing program).
	n := f.limbs()
	*x, *y = smallElement{}, smallElement{}
	for e := 0; e+2*n <= len(win); e += 2 * n {
		m := ct.Mask64(ct.Eq64(uint64(e/(2*n)+1), d))
		r := win[e : e+2*n]
		for i := 0; i < n; i++ {
			x[i] |= r[i] & m
			y[i] |= r[n+i] & m
		}
	}
{{- end}}
}

// addBooth sets acc += d·B where d is the i-th signed digit of width bits
// of k and win holds 1·B .. 2^(bits-1)·B: a full scan of the window, a
// masked negation of y for a negative digit, and the sum discarded for a
// zero digit.
func (f {{.P}}) addBooth(acc *{{$Pt}}, win []uint64, k *{{$S}}, i, bits int) {
	neg, mag := boothDigit(k[:f.limbs()], i, bits)
	var x, y {{$E}}
	var t {{$Pt}}
	f.lookup(&x, &y, win, mag)
	f.neg(&t.X, &y) // t.X holds -y until the addition writes t
	selectLimbs(y[:], ct.Mask64(neg), t.X[:], y[:])
	f.pointAddAffine(&t, acc, &x, &y)
	f.selectPoint(acc, ct.Mask64(ct.IsZero64(mag)), acc, &t)
}

// scalarBaseMult sets r = k·G from a table of signed windows of the given
// width (Booth digits): the Low table is one window, 1·G .. 16·G, used for
// every digit with bits doublings between digits; the High table holds a
// window d·2^(bits·i)·G for every digit i, and no doubling is needed.
// Constant time (the branches are on the table's length and i).
func (f {{.P}}) scalarBaseMult(r *{{$Pt}}, k *{{$S}}, tbl []uint64, bits int) {
	w := windows(f.limbs(), bits)
	size := entries(bits) * 2 * f.limbs()
	f.setInfinity(r)
	for i := w - 1; i >= 0; i-- {
		win := tbl[:size]
		if len(tbl) > size {
			win = tbl[i*size : (i+1)*size]
		} else if i != w-1 {
			for range bits {
				f.pointDouble(r, r)
			}
		}
		f.addBooth(r, win, k, i, bits)
	}
}

{{if and .Native (eq .Limbs 4) -}}
// scalarBaseMultHigh is scalarBaseMult with the High table on Jacobian
// mixed additions (mulx.P256JAddAffine's formula, 8M + 3S: 107 ns
// against the complete formula's 147 ns on the development machine, a
// Zen 5 EPYC; 42 of them a k·G, window 0's point taken as it is; each in
// mulx.P256JAddAffineBooth with its digit's negation and selections), the
// windows taken from the lowest. The formula is not
// complete, and this order keeps its exceptional cases out. Before
// window i the sum is A = Σ_{j<i} d_j·2^(bits·j) with |A| ≤ 32·(2^(6i) -
// 1)/63 < 2^(6i)/1.96, and the digit d_i adds D = d_i·2^(6i)·G, d_i ≠ 0
// (a zero digit's sum is discarded). A·G = ±D needs A ∓ d_i·2^(6i) ≡ 0
// (mod n) for an integer of absolute value between 2^(6i)(1 - 1/1.96)
// and 2^(6i)(|d_i| + 1/1.96): below n for i ≤ 41; for i = 42, d_i =
// k[252..255] + k[251] ≤ 16 for k < 2^256, and the only solutions are A =
// 16·2^252 - n, which makes k = 2^257 - n > 2^256, and k = n, whose sum
// is the point at infinity (Z3 = Z1·H = 0, which is what the formula
// gives). A·G is the point at infinity only when every earlier digit is
// zero (a nonzero lowest digit cannot be cancelled), tracked by a mask:
// the sum is then (x, y, 1). Constant time: masks and full scans only.
// The Jacobian result (X, Y, Z) leaves as the projective (X·Z, Y, Z³).
func (f {{.P}}) scalarBaseMultHigh(r *{{$Pt}}, k *{{$S}}, tbl []uint64, bits int) {
	w := windows(f.limbs(), bits)
	size := entries(bits) * 2 * f.limbs()
	// Window 0 needs no addition: the sum is its digit's point, (x, ±y,
	// 1), or for a zero digit the point at infinity, (0, 1, 0) (the scan
	// gives x = y = 0 then).
	var acc {{$J}}
	neg, mag := boothDigit(k[:f.limbs()], 0, bits)
	var x, y {{$E}}
	f.lookup(&x, &y, tbl[:size], mag)
	f.neg(&acc.Y, &y)
	selectLimbs(acc.Y[:], ct.Mask64(neg), acc.Y[:], y[:])
	inf := ct.Mask64(ct.IsZero64(mag)) // all ones while every digit so far is zero
	acc.X = x
	selectLimbs(acc.Y[:], inf, f.one()[:], acc.Y[:])
	selectLimbs(acc.Z[:], inf, acc.X[:], f.one()[:]) // acc.X = 0 then
	for i := 1; i < w; i++ {
		neg, mag := boothDigit(k[:f.limbs()], i, bits)
		var x, y {{$E}}
		f.lookup(&x, &y, tbl[i*size:(i+1)*size], mag)
		// The negation for a negative digit, the sum, and the two
		// selections in one assembly function (internal/nist/mulx).
		zero := ct.Mask64(ct.IsZero64(mag))
		mulx.P256JAddAffineBooth((*[12]uint64)(unsafe.Pointer(&acc)), (*[4]uint64)(&x), (*[4]uint64)(&y), ct.Mask64(neg), inf, zero)
		inf &= zero
	}
	var zz {{$E}}
	f.mul(&r.X, &acc.X, &acc.Z)
	r.Y = acc.Y
	f.sqr(&zz, &acc.Z)
	f.mul(&r.Z, &zz, &acc.Z)
}

{{end -}}
// signRS is FIPS 186-5 §6.4.1 steps 5-6 after R = k·G: r = x(R) mod n and
// s = k^-1·(e + r·d) mod n (plain), for dm = d·R mod n. Constant time.
// Two temporaries in this frame: once x(R) is taken, R's coordinates hold
// the three scalar ones (R is clobbered, and cleared), so the frame under
// the two inversions, the deepest calls of signing on P-256, holds two
// elements instead of five (stack, not speed: issue 17).
func (f {{.P}}) signRS(r, s *{{$S}}, R *{{$Pt}}, k, e *{{$S}}, dm *{{$M}}) {
	var x, t {{$E}}
	f.invert(&t, &R.Z) // x(R) = X/Z only: y(R) is not needed
	f.mul(&x, &R.X, &t)
	t = {{$E}}{}
	t[0] = 1
	f.mul(&x, &x, &t) // leave Montgomery form: x(R) < p < 2n
	f.reduceX(r, &x)
	kinv, a, b := (*{{$M}})(&R.X), (*{{$M}})(&R.Y), (*{{$M}})(&R.Z)
	f.scalarToMont(kinv, k)
	f.scalarInvert(kinv, kinv) // k^-1·R
	f.scalarToMont(a, r)
	f.nMul(a, a, dm) // r·d·R
	f.scalarToMont(b, e)
	f.nAdd(a, a, b)     // (e + r·d)·R
	f.nMul(a, a, kinv)  // s·R
	f.scalarFromMont(s, a)
	*R = {{$Pt}}{}
}

// jDouble sets r = 2p ("dbl-2001-b", a = -3: 3M + 5S). Infinity doubles to
// infinity. r may alias p. Five temporaries, reused (d: δ, 8β, 8γ²).
func (f {{.P}}) jDouble(r, p *{{$J}}) {
{{- if and .Native (eq .Limbs 4)}}
	// The same point in one assembly function (internal/nist/mulx), which
	// takes Z3 = 2·Y·Z: 4M + 4S and fewer additions.
	mulx.P256JDouble((*[12]uint64)(unsafe.Pointer(r)), (*[12]uint64)(unsafe.Pointer(p)))
}

// jDoubleGo is jDouble in Go, kept to test the assembly against.
func (f {{.P}}) jDoubleGo(r, p *{{$J}}) {
{{- end}}
	var d, g, b, a, t {{$E}}
	f.sqr(&d, &p.Z)     // δ = Z²
	f.sqr(&g, &p.Y)     // γ = Y²
	f.mul(&b, &p.X, &g) // β = X·γ
	f.sub(&t, &p.X, &d)
	f.add(&a, &p.X, &d)
	f.mul(&a, &t, &a)
	f.add(&t, &a, &a)
	f.add(&a, &a, &t) // α = 3(X-δ)(X+δ)
	f.add(&t, &p.Y, &p.Z)
	f.sqr(&t, &t)
	f.sub(&t, &t, &g)
	f.sub(&r.Z, &t, &d) // Z3 = (Y+Z)² - γ - δ
	f.add(&b, &b, &b)
	f.add(&b, &b, &b) // 4β
	f.add(&d, &b, &b) // 8β
	f.sqr(&t, &a)
	f.sub(&r.X, &t, &d) // X3 = α² - 8β
	f.sub(&t, &b, &r.X)
	f.mul(&t, &a, &t)
	f.sqr(&d, &g)
	f.add(&d, &d, &d)
	f.add(&d, &d, &d)
	f.add(&d, &d, &d)   // 8γ²
	f.sub(&r.Y, &t, &d) // Y3 = α(4β - X3) - 8γ²
}

// jAddAffineVarTime sets r = p + (x2, y2) ("madd-2007-bl": 7M + 4S), with
// the exceptional cases (p at infinity, p = ±(x2, y2)) as branches on
// public data. r may alias p. Two scratch elements are reused through the
// formula (a: Z1Z1, HH, I, V; b: J, 2·Y1·J).
func (f {{.P}}) jAddAffineVarTime(r, p *{{$J}}, x2, y2 *{{$E}}) {
{{- if and .Native (eq .Limbs 4)}}
	// The same sum in one assembly function (internal/nist/mulx: Z3 =
	// Z1·H, 8M + 3S, the point with λ = 1/2 against the Go formula's;
	// 107 ns against 131 ns) where p is not at infinity and p ≠ ±(x2,
	// y2); those cases in Go.
	if isZero(p.Z[:]) == 0 && mulx.P256JAddAffineVarTime((*[12]uint64)(unsafe.Pointer(r)),
		(*[12]uint64)(unsafe.Pointer(p)), (*[4]uint64)(x2), (*[4]uint64)(y2)) {
		return
	}
	f.jAddAffineVarTimeGo(r, p, x2, y2)
}

// jAddAffineVarTimeGo is jAddAffineVarTime in Go: the exceptional cases,
// and the formula to test the assembly against.
func (f {{.P}}) jAddAffineVarTimeGo(r, p *{{$J}}, x2, y2 *{{$E}}) {
{{- end}}
	if isZero(p.Z[:]) == 1 {
		r.X = *x2 // one by one: no temporaries (x2, y2 are not in r)
		r.Y = *y2
		r.Z = *f.one()
		return
	}
	var a, b, h, rr {{$E}}
	f.sqr(&a, &p.Z)       // Z1Z1 = Z1²
	f.mul(&h, x2, &a)     // U2 = X2·Z1Z1
	f.mul(&rr, y2, &p.Z)
	f.mul(&rr, &rr, &a)   // S2 = Y2·Z1·Z1Z1
	f.sub(&h, &h, &p.X)   // H = U2-X1
	f.sub(&rr, &rr, &p.Y) // S2-Y1
	if isZero(h[:]) == 1 {
		if isZero(rr[:]) == 1 {
			f.jDouble(r, p)
		} else {
			r.X, r.Z = {{$E}}{}, {{$E}}{} // field by field: no point temporary
			r.Y = *f.one()
		}
		return
	}
	// From here on p.Z is not read, p.X not after V, p.Y not after 2·Y1·J:
	// the result goes straight into r, which may alias p (no temporaries
	// for the result: 3 elements less on verification's deepest frame).
	f.add(&r.Z, &p.Z, &h)
	f.sqr(&r.Z, &r.Z)
	f.sub(&r.Z, &r.Z, &a) // (Z1+H)² - Z1Z1
	f.sqr(&a, &h)         // HH = H²
	f.sub(&r.Z, &r.Z, &a) // Z3 = (Z1+H)² - Z1Z1 - HH
	f.add(&a, &a, &a)
	f.add(&a, &a, &a)     // I = 4·HH
	f.mul(&b, &h, &a)     // J = H·I
	f.mul(&a, &p.X, &a)   // V = X1·I
	f.add(&rr, &rr, &rr)  // r = 2(S2-Y1)
	f.sqr(&r.X, &rr)
	f.sub(&r.X, &r.X, &b)
	f.sub(&r.X, &r.X, &a)
	f.sub(&r.X, &r.X, &a) // X3 = r² - J - 2V
	f.mul(&b, &p.Y, &b)
	f.add(&b, &b, &b)     // 2·Y1·J
	f.sub(&r.Y, &a, &r.X)
	f.mul(&r.Y, &rr, &r.Y) // r(V-X3)
	f.sub(&r.Y, &r.Y, &b) // Y3 = r(V-X3) - 2·Y1·J
}

// jAddVarTime sets r = p + q ("add-2007-bl": 11M + 5S), with the
// exceptional cases as branches on public data. r may alias p or q. Two
// scratch elements are reused through the formula (a: Z1Z1, I, V; b:
// Z2Z2, J, 2·S1·J).
func (f {{.P}}) jAddVarTime(r, p, q *{{$J}}) {
{{- if and .Native (eq .Limbs 4)}}
	// The same steps in one assembly function (internal/nist/mulx) where
	// neither point is at infinity and p ≠ ±q; those cases in Go.
	if isZero(p.Z[:])|isZero(q.Z[:]) == 0 && mulx.P256JAddVarTime((*[12]uint64)(unsafe.Pointer(r)),
		(*[12]uint64)(unsafe.Pointer(p)), (*[12]uint64)(unsafe.Pointer(q))) {
		return
	}
	f.jAddVarTimeGo(r, p, q)
}

// jAddVarTimeGo is jAddVarTime in Go: the exceptional cases, and the
// formula to test the assembly against.
func (f {{.P}}) jAddVarTimeGo(r, p, q *{{$J}}) {
{{- end}}
	if isZero(p.Z[:]) == 1 {
		*r = *q
		return
	}
	if isZero(q.Z[:]) == 1 {
		*r = *p
		return
	}
	var a, b, u1, s1, h, rr {{$E}}
	f.sqr(&a, &p.Z)        // Z1Z1 = Z1²
	f.sqr(&b, &q.Z)        // Z2Z2 = Z2²
	f.mul(&u1, &p.X, &b)   // U1 = X1·Z2Z2
	f.mul(&h, &q.X, &a)    // U2 = X2·Z1Z1
	f.mul(&s1, &p.Y, &q.Z)
	f.mul(&s1, &s1, &b)    // S1 = Y1·Z2·Z2Z2
	f.mul(&rr, &q.Y, &p.Z)
	f.mul(&rr, &rr, &a)    // S2 = Y2·Z1·Z1Z1
	f.sub(&h, &h, &u1)     // H = U2-U1
	f.sub(&rr, &rr, &s1)   // S2-S1
	if isZero(h[:]) == 1 {
		if isZero(rr[:]) == 1 {
			f.jDouble(r, p)
		} else {
			r.X, r.Z = {{$E}}{}, {{$E}}{} // field by field: no point temporary
			r.Y = *f.one()
		}
		return
	}
	// From here on neither p nor q is read: the result goes straight into
	// r, which may alias either (no temporaries for the result: 3 elements
	// less on verification's deepest frame).
	f.add(&r.Z, &p.Z, &q.Z)
	f.sqr(&r.Z, &r.Z)
	f.sub(&r.Z, &r.Z, &a)
	f.sub(&r.Z, &r.Z, &b)
	f.mul(&r.Z, &r.Z, &h)  // Z3 = ((Z1+Z2)² - Z1Z1 - Z2Z2)·H
	f.add(&a, &h, &h)
	f.sqr(&a, &a)          // I = (2H)²
	f.mul(&b, &h, &a)      // J = H·I
	f.mul(&a, &u1, &a)     // V = U1·I
	f.add(&rr, &rr, &rr)   // r = 2(S2-S1)
	f.sqr(&r.X, &rr)
	f.sub(&r.X, &r.X, &b)
	f.sub(&r.X, &r.X, &a)
	f.sub(&r.X, &r.X, &a)  // X3 = r² - J - 2V
	f.sub(&r.Y, &a, &r.X)
	f.mul(&r.Y, &rr, &r.Y) // r(V-X3)
	f.mul(&b, &s1, &b)
	f.add(&b, &b, &b)
	f.sub(&r.Y, &r.Y, &b)  // Y3 = r(V-X3) - 2·S1·J
}

// The odd multiples of Q that verification computes per call, and the
// NAF width of u2 they serve:{{if .Fast}} 8 (1·Q .. 15·Q, width 5), 8 Jacobian points of
// {{mul 24 .Limbs}} B on the stack.{{else}} 4 (1·Q .. 7·Q, width 4) for Small, 576 B of
// Jacobian points on the stack instead of 1,152 B for width 5, at about a
// sixth more additions of Q (one digit in five is non-zero instead of one
// in six: 51 instead of 43 for P-256).{{end}}
const (
	qMultiples{{.Ops}} = {{if .Fast}}8{{else}}4{{end}}
	qNAFWidth{{.Ops}}  = {{if .Fast}}5{{else}}4{{end}}
)

{{- if not .Fast}}

// wnaf4PackedVarTime writes the width-4 NAF digits of the public k (odd,
// -7..7, or 0) two to a byte, as nibbles, least significant first, and
// returns their number. The digit string is made in this frame, which is
// gone before the caller's point additions run.
//
//go:noinline
func wnaf4PackedVarTime(out *[(6*64 + 3) / 2]uint8, k []uint64) int {
	var d [6*64 + 2]int8
	n := wnafVarTime(d[:], k, 4)
	for i := range n {
		out[i/2] |= uint8(d[i]&0xf) << (4 * (i % 2))
	}
	return n
}
{{- end}}

// combinedMultVarTime sets r = u1·G + u2·Q for public scalars and a public
// affine Q = (qx, qy) (Straus–Shamir: one chain of Jacobian doublings,
// {{if .Fast}}width-w1 NAF digits of u1 with the odd multiples of G taken from the
// table window g{{else}}signed width-w1 windows of u1 with the multiples of G taken from the
// table window g{{end}}, NAF digits of u2 with the odd multiples of Q computed
// here). Variable time.
func (f {{.P}}) combinedMultVarTime(r *{{$Pt}}, u1, u2 *{{$S}}, qx, qy *{{$E}}, g []uint64, w1 int) {
	var qt [qMultiples{{.Ops}}]{{$J}} // (2i+1)·Q
	qt[0].X, qt[0].Y, qt[0].Z = *qx, *qy, *f.one() // field by field: a literal is built in a temporary first
	var acc {{$J}} // 2·Q while the multiples are computed, then the sum
	f.jDouble(&acc, &qt[0])
	for i := 1; i < len(qt); i++ {
		f.jAddVarTime(&qt[i], &qt[i-1], &acc)
	}
{{- if and .Native (eq .Limbs 4)}}
	f.affineMultiples(&qt)
{{- end}}
{{- if .Fast}}
	var n1, n2 [6*64 + 2]int8
	l1 := wnafVarTime(n1[:], u1[:f.limbs()], w1)
	l2 := wnafVarTime(n2[:], u2[:f.limbs()], qNAFWidth{{.Ops}})
{{- else}}
	// No digit string of u1: its digits are the signed windows of width
	// w1 (Booth digits in [-2^(w1-1), 2^(w1-1)], every entry of the window
	// g), read from u1's bits as the loop reaches each window. 386 B less
	// on the stack (this was the largest frame of verification) for a
	// few more mixed additions than width-w1 NAF digits: one per window
	// instead of one per w1+1 bits on average, 52 against about 43 for
	// P-256 with the Low table (77 against 64 for P-384): callgrind counts
	// 1.1% (P-256) and 1.5% (P-384) more instructions per verification. The width-4 NAF digits of u2 are kept two to a byte
	// (193 B), made in wnaf4PackedVarTime's frame.
	var n2 [(6*64 + 3) / 2]uint8
	l2 := wnaf4PackedVarTime(&n2, u2[:f.limbs()])
	l1 := (windows(f.limbs(), w1)-1)*w1 + 1
{{- end}}
	acc = {{$J}}{}
	acc.Y = *f.one()
	var x, y {{$E}}
	for i := max(l1, l2) - 1; i >= 0; i-- {
		if isZero(acc.Z[:]) == 0 {
			f.jDouble(&acc, &acc)
		}
{{- if and .Native (eq .Limbs 4)}}
		if d := n2[i]; d > 0 {
			f.jAddAffineVarTime(&acc, &acc, &qt[d/2].X, &qt[d/2].Y)
		} else if d < 0 { // add -(|d|·Q): its affine x, and y negated
			q := &qt[(-d)/2]
			f.neg(&y, &q.Y)
			f.jAddAffineVarTime(&acc, &acc, &q.X, &y)
		}
{{- else}}
{{- if .Fast}}
		if d := n2[i]; d > 0 {
{{- else}}
		if d := int8(n2[i/2]>>(4*(i%2)))<<4>>4; d > 0 { // sign-extend the nibble
{{- end}}
			f.jAddVarTime(&acc, &acc, &qt[d/2])
		} else if d < 0 { // add -(|d|·Q): negate y in place and back
			q := &qt[(-d)/2]
			f.neg(&q.Y, &q.Y)
			f.jAddVarTime(&acc, &acc, q)
			f.neg(&q.Y, &q.Y)
		}
{{- end}}
{{- if .Fast}}
		if d := n1[i]; d > 0 {
			entryVarTime(x[:f.limbs()], y[:f.limbs()], g, int(d))
			f.jAddAffineVarTime(&acc, &acc, &x, &y)
		} else if d < 0 {
			entryVarTime(x[:f.limbs()], y[:f.limbs()], g, int(-d))
			f.neg(&y, &y)
			f.jAddAffineVarTime(&acc, &acc, &x, &y)
		}
{{- else}}
		if i%w1 != 0 {
			continue
		}
		if neg, mag := boothDigit(u1[:f.limbs()], i/w1, w1); mag != 0 {
			entryVarTime(x[:f.limbs()], y[:f.limbs()], g, int(mag))
			if neg == 1 {
				f.neg(&y, &y)
			}
			f.jAddAffineVarTime(&acc, &acc, &x, &y)
		}
{{- end}}
	}
	// Jacobian (X:Y:Z) is the projective point (X·Z : Y : Z³).
	f.mul(&r.X, &acc.X, &acc.Z)
	r.Y = acc.Y
	f.sqr(&x, &acc.Z)
	f.mul(&r.Z, &x, &acc.Z)
}

{{if and .Native (eq .Limbs 4) -}}
// affineMultiples turns the odd multiples of Q affine in place (X and Y
// take x and y, Z is set to 1) with one inversion, Montgomery's trick:
// 3·7 multiplications, the variable-time divsteps of internal/nist/mulx
// (about 0.94 µs) and 4 operations a point, about 1.4 µs in all, so
// that verification adds them with mixed additions, 109 ns against 177
// ns for Jacobian ones, about 43 a verification. Q is public (and a
// valid key's multiples are never the point at infinity): variable time.
func (f {{.P}}) affineMultiples(qt *[qMultiples{{.Ops}}]{{$J}}) {
	var prod [qMultiples{{.Ops}}]{{$E}} // Z_0·...·Z_i
	prod[0] = qt[0].Z
	for i := 1; i < len(qt); i++ {
		f.mul(&prod[i], &prod[i-1], &qt[i].Z)
	}
	var inv, zi, t {{$E}}
	mulx.P256InvertVarTime((*[4]uint64)(&inv), (*[4]uint64)(&prod[len(qt)-1]))
	for i := len(qt) - 1; i >= 0; i-- {
		zi = inv // (Z_0·...·Z_i)^-1
		if i > 0 {
			f.mul(&zi, &inv, &prod[i-1]) // Z_i^-1
			f.mul(&inv, &inv, &qt[i].Z)
		}
		f.sqr(&t, &zi)
		f.mul(&qt[i].X, &qt[i].X, &t)
		f.mul(&t, &t, &zi)
		f.mul(&qt[i].Y, &qt[i].Y, &t)
		qt[i].Z = *f.one()
	}
}

{{end -}}
// The whole operations of package ecdsa on this arithmetic, for either
// table (tbl is the curve's Low or High table, bits its width). Scalars and
// coordinates cross as mont.Elem, the boundary type of package ecdsa, and
// are used in place{{if .Fast}} through their first {{.Limbs}} limbs{{end}}: no copies on the stack.

// key sets dm = d·R mod n and (x, y) = d·G (affine, Montgomery form) for a
// private d in [1, n-1] (plain); constant time.
func (f {{.P}}) key(dm, x, y, d *mont.Elem, tbl []uint64, bits int) {
	var q {{$Pt}}
	f.scalarBaseMult(&q, {{.Cv "Scalar" "d"}}, tbl, bits)
	f.affine({{.Cv "Element" "x"}}, {{.Cv "Element" "y"}}, &q) // d ≠ 0 mod n: not the point at infinity
	f.scalarToMont({{.Cv "ScalarMont" "dm"}}, {{.Cv "Scalar" "d"}})
}

// sign sets r = x(k·G) mod n and s = k^-1·(e + r·d) mod n (plain) for a
// nonce k in [1, n-1], e (plain) and dm = d·R mod n (FIPS 186-5 §6.4.1
// steps 5-6); constant time. The caller rejects r = 0 or s = 0.
func (f {{.P}}) sign(r, s, k, e, dm *mont.Elem, tbl []uint64, bits int) {
	var R {{$Pt}}
	f.scalarBaseMult(&R, {{.Cv "Scalar" "k"}}, tbl, bits)
	f.signRS({{.Cv "Scalar" "r"}}, {{.Cv "Scalar" "s"}}, &R, {{.Cv "Scalar" "k"}}, {{.Cv "Scalar" "e"}}, {{.Cv "ScalarMont" "dm"}})
}

{{if and .Native (eq .Limbs 4) -}}
// keyHigh and signHigh are key and sign for the High table, whose k·G
// is scalarBaseMultHigh's (Jacobian additions): only {{.Ops}}High's
// methods call them, so a program of the Low table links neither.
func (f {{.P}}) keyHigh(dm, x, y, d *mont.Elem, tbl []uint64, bits int) {
	var q {{$Pt}}
	f.scalarBaseMultHigh(&q, {{.Cv "Scalar" "d"}}, tbl, bits)
	f.affine({{.Cv "Element" "x"}}, {{.Cv "Element" "y"}}, &q) // d ≠ 0 mod n: not the point at infinity
	f.scalarToMont({{.Cv "ScalarMont" "dm"}}, {{.Cv "Scalar" "d"}})
}

func (f {{.P}}) signHigh(r, s, k, e, dm *mont.Elem, tbl []uint64, bits int) {
	var R {{$Pt}}
	f.scalarBaseMultHigh(&R, {{.Cv "Scalar" "k"}}, tbl, bits)
	f.signRS({{.Cv "Scalar" "r"}}, {{.Cv "Scalar" "s"}}, &R, {{.Cv "Scalar" "k"}}, {{.Cv "Scalar" "e"}}, {{.Cv "ScalarMont" "dm"}})
}

{{end -}}
// verify is FIPS 186-5 §6.4.2 steps 4-8 for e (plain), r and s in [1, n-1]
// (plain) and the public point Q = (qx, qy): x(u1·G + u2·Q) ≡ r (mod n)
// with u1 = e·s^-1 and u2 = r·s^-1, the odd multiples of G taken from the
// table's first window. Variable time.
func (f {{.P}}) verify(e, r, s, qx, qy *mont.Elem, tbl []uint64, bits int) bool {
	var u1, u2 {{$S}}
	var w {{$M}}
	f.scalarToMont(&w, {{.Cv "Scalar" "s"}})
	f.scalarInvertVarTime(&w, &w)                              // w = s^-1·R
	f.nMul((*{{$M}})(&u1), {{.Cv "ScalarMont" "e"}}, &w) // e·s^-1
	f.nMul((*{{$M}})(&u2), {{.Cv "ScalarMont" "r"}}, &w) // r·s^-1
	var R {{$Pt}}
	f.combinedMultVarTime(&R, &u1, &u2, {{.Cv "Element" "qx"}}, {{.Cv "Element" "qy"}}, tbl[:entries(bits)*2*f.limbs()], bits)
	return isZero(R.Z[:]) == 0 && f.curve().equalXModNVarTime(R.X[:f.limbs()], R.Z[:f.limbs()], r)
}

// The exported types below are the whole operations of package ecdsa, one
// per table{{if not .Fast}} and curve{{end}}, which ecdsa calls through an interface. Each is
// zero-size with pointer receivers: &T{} costs no allocation, and the call
// reaches the method, no wrapper copying the arguments again. A pointer
// argument of an interface call escapes, so what lives on the caller's
// stack crosses by value, and what a key holds (dm, qx, qy: keys are on
// the heap) by pointer, which saves signing 96 B and verification 192 B of
// arguments and their copies on the stack.
{{range .OpsTypes}}
// {{.Name}} is {{.Curve}} on the {{$.Arith}} arithmetic with the {{.Table}} table.
type {{.Name}} struct{}

// Key returns d·R mod n and the affine public point d·G; constant time.
func (*{{.Name}}) Key(d mont.Elem) (dm, x, y mont.Elem) {
	{{.Arith}}.key{{.Via}}(&dm, &x, &y, &d, {{.CurveVar}}.{{.TableFn}}(), {{.Bits}})
	clear(d[:])
	return
}

// Sign returns (r, s) for the nonce k and the key's dm = d·R mod n;
// constant time.
func (*{{.Name}}) Sign(k, e mont.Elem, dm *mont.Elem) (r, s mont.Elem) {
	{{.Arith}}.sign{{.Via}}(&r, &s, &k, &e, dm, {{.CurveVar}}.{{.TableFn}}(), {{.Bits}})
	clear(k[:])
	return
}

// VerifyVarTime reports whether (r, s) is a signature of e by the key's
// (qx, qy).
func (*{{.Name}}) VerifyVarTime(e, r, s mont.Elem, qx, qy *mont.Elem) bool {
	return {{.Arith}}.verify(&e, &r, &s, qx, qy, {{.CurveVar}}.{{.TableFn}}(), {{.Bits}})
}
{{end}}`

// defines: the exponentiation of scalarExp, and the inversion chains of
// the two primes.
const defines = `
{{- define "exp"}}
// {{.Name}} sets {{.Doc}}: a sliding window of up to {{if .F.Fast}}4 bits over the odd
// powers x, x³, .., x^15, about 64·limbs squarings and 13·limbs
// multiplications{{else}}3 bits over the odd
// powers x, x³, x⁵, x⁷, about 64·limbs squarings and 17-19·limbs
// multiplications (Small: 4 table entries instead of 8, 192 B less on the
// stack, for 13 more multiplications per inversion modulo the P-256 order
// than a 4-bit window, 67 instead of 54 with the table's, and 24 more for
// P-384, 114 instead of 90: about 4% of an inversion, 0.3% of a signature){{end}} in an order that depends on e only, never on x. z may
// alias x; z is the accumulator, and the square x² while the table is
// built.
func (f {{.F.P}}) {{.Name}}(z, x *{{.T}}, e *{{.F.Array}}) {
	bit := func(i int) uint64 { return (e[i/64] >> (i % 64)) & 1 }
	var tbl [{{if .F.Fast}}8{{else}}4{{end}}]{{.T}} // x^(2i+1)
	tbl[0] = *x
	f.{{.Sqr}}(z, x)
	for i := 1; i < len(tbl); i++ {
		f.{{.Mul}}(&tbl[i], &tbl[i-1], z)
	}
	started := false
	for i := 64*f.limbs() - 1; i >= 0; {
		if bit(i) == 0 { // a run of zeros: that many squarings at once
			k := 1
			for i-k >= 0 && bit(i-k) == 0 {
				k++
			}
			if started {
				f.{{.Sqr}}N(z, z, k)
			}
			i -= k
			continue
		}
		j := max(i-{{if .F.Fast}}3{{else}}2{{end}}, 0) // the window e[i..j], ending in a one
		for bit(j) == 0 {
			j++
		}
		var v uint64
		for k := i; k >= j; k-- {
			v = v<<1 | bit(k)
		}
		if started {
			f.{{.Sqr}}N(z, z, i-j+1)
			f.{{.Mul}}(z, z, &tbl[v/2])
		} else {
			*z = tbl[v/2]
			started = true
		}
		i = j - 1
	}
	if !started { // e = 0
		*z = *f.{{.One}}()
	}
}
{{- end}}

{{- define "chain"}}
{{- if eq .Curve "P256"}}
	// p-2 = ffffffff 00000001 00000000 00000000 00000000 ffffffff ffffffff
	// fffffffd (32-bit words): 255 squarings, 13 multiplications. xK
	// denotes x^(2^K - 1), K ones. Five elements, each reused once its
	// power is no longer needed (t: x24, x28; u: x16, then x30; x8's slot
	// takes x32): frame 384 -> 288 B for Small (the same operations).
	var x2, x4, x8, t, u {{.F.P}}Element
	f.sqrMul(&x2, x, 1, x)
	f.sqrMul(&x4, &x2, 2, &x2)
	f.sqrMul(&x8, &x4, 4, &x4)
	f.sqrMul(&u, &x8, 8, &x8) // x16
	f.sqrMul(&t, &u, 8, &x8)  // x24
	f.sqrMul(&t, &t, 4, &x4)  // x28
	f.sqrMul(&u, &t, 2, &x2)  // x30
	x32 := &x8
	f.sqrMul(x32, &u, 2, &x2)
	f.sqrMul(&t, x32, 32, x)   // ffffffff 00000001
	f.sqrMul(&t, &t, 128, x32) // 00000000 ×3, ffffffff
	f.sqrMul(&t, &t, 32, x32)  // ffffffff
	f.sqrMul(&t, &t, 30, &u)   // fffffffd = 30 ones,
	f.sqrMul(z, &t, 2, x)      // then 01
{{- else}}
	// p-2 = 255 ones, 0, 32 ones, 64 zeros, 30 ones, 0, 1: 385
	// squarings, 14 multiplications. xK denotes x^(2^K - 1). Seven
	// elements, u reused for x6, x12, x60, x120, x240 once each is no
	// longer needed: frame 624 -> 384 B for Small (the same operations).
	var x2, x3, x15, x30, x32, t, u {{.F.P}}Element
	f.sqrMul(&x2, x, 1, x)
	f.sqrMul(&x3, &x2, 1, x)
	f.sqrMul(&u, &x3, 3, &x3) // x6
	f.sqrMul(&u, &u, 6, &u)   // x12
	f.sqrMul(&x15, &u, 3, &x3)
	f.sqrMul(&x30, &x15, 15, &x15)
	f.sqrMul(&x32, &x30, 2, &x2)
	f.sqrMul(&u, &x30, 30, &x30) // x60
	f.sqrMul(&u, &u, 60, &u)     // x120
	f.sqrMul(&u, &u, 120, &u)    // x240
	f.sqrMul(&t, &u, 15, &x15)   // x255
	f.sqr(&t, &t)                // 0
	f.sqrMul(&t, &t, 32, &x32)   // 32 ones
	f.sqrMul(&t, &t, 94, &x30)   // 64 zeros, 30 ones
	f.sqrMul(z, &t, 2, x)        // 01
{{- end}}
{{- end}}
`

// testTemplate writes one adapter per instantiation for the tests.
const testTemplate = `{{$E := "Element"}}
type {{.P}}Test struct{ {{- if not .Fast}}c *Curve{{end -}} }

func (t {{.P}}Test) f() {{.P}}         { return {{if .Fast}}{{.P}}{}{{else}}small{t.c}{{end}} }
func (t {{.P}}Test) name() string      { return t.f().curve().Name + "/{{.Arith}}" }
func (t {{.P}}Test) curve() *Curve     { return t.f().curve() }
func (t {{.P}}Test) mul(z, x, y *mont.Elem) { t.f().mul({{.Cv $E "z"}}, {{.Cv $E "x"}}, {{.Cv $E "y"}}) }
func (t {{.P}}Test) sqr(z, x *mont.Elem)    { t.f().sqr({{.Cv $E "z"}}, {{.Cv $E "x"}}) }
func (t {{.P}}Test) add(z, x, y *mont.Elem) { t.f().add({{.Cv $E "z"}}, {{.Cv $E "x"}}, {{.Cv $E "y"}}) }
func (t {{.P}}Test) sub(z, x, y *mont.Elem) { t.f().sub({{.Cv $E "z"}}, {{.Cv $E "x"}}, {{.Cv $E "y"}}) }
func (t {{.P}}Test) nMul(z, x, y *mont.Elem) {
	t.f().nMul({{.Cv "ScalarMont" "z"}}, {{.Cv "ScalarMont" "x"}}, {{.Cv "ScalarMont" "y"}})
}
func (t {{.P}}Test) nSqr(z, x *mont.Elem) { t.f().nSqr({{.Cv "ScalarMont" "z"}}, {{.Cv "ScalarMont" "x"}}) }
func (t {{.P}}Test) nAdd(z, x, y *mont.Elem) {
	t.f().nAdd({{.Cv "ScalarMont" "z"}}, {{.Cv "ScalarMont" "x"}}, {{.Cv "ScalarMont" "y"}})
}
func (t {{.P}}Test) invert(z, x *mont.Elem) { t.f().invert({{.Cv $E "z"}}, {{.Cv $E "x"}}) }
func (t {{.P}}Test) scalarInvert(z, x *mont.Elem) {
	t.f().scalarInvert({{.Cv "ScalarMont" "z"}}, {{.Cv "ScalarMont" "x"}})
}

func (t {{.P}}Test) baseMult(high bool, k *mont.Elem) (x, y mont.Elem, inf bool) {
	f := t.f()
	tbl, bits := f.curve().lowTable(), lowBits
	if high {
		tbl, bits = f.curve().highTable(), highBits
	}
	var p {{.P}}Point
{{- if and .Native (eq .Limbs 4)}}
	if high {
		f.scalarBaseMultHigh(&p, {{.Cv "Scalar" "k"}}, tbl, bits)
	} else {
		f.scalarBaseMult(&p, {{.Cv "Scalar" "k"}}, tbl, bits)
	}
{{- else}}
	f.scalarBaseMult(&p, {{.Cv "Scalar" "k"}}, tbl, bits)
{{- end}}
	var ax, ay {{.P}}Element
	f.affine(&ax, &ay, &p)
	copy(x[:], ax[:])
	copy(y[:], ay[:])
	return x, y, isZero(p.Z[:]) == 1
}

func (t {{.P}}Test) combinedMult(high bool, u1, u2, qx, qy *mont.Elem) (x, y mont.Elem, inf bool) {
	f := t.f()
	g, w := f.curve().lowTable(), lowBits
	if high {
		g, w = f.curve().highTable()[:entries(highBits)*2*f.limbs()], highBits
	}
	var p {{.P}}Point
	f.combinedMultVarTime(&p, {{.Cv "Scalar" "u1"}}, {{.Cv "Scalar" "u2"}}, {{.Cv $E "qx"}}, {{.Cv $E "qy"}}, g, w)
	var ax, ay {{.P}}Element
	f.affine(&ax, &ay, &p)
	copy(x[:], ax[:])
	copy(y[:], ay[:])
	return x, y, isZero(p.Z[:]) == 1
}

func (t {{.P}}Test) ops(high bool) operations {
{{- range .OpsTypes}}
	if t.curve() == {{.CurveVar}} && high == {{eq .Table "High"}} {
		return &{{.Name}}{}
	}
{{- end}}
	panic("no operations")
}

func (t {{.P}}Test) constants() (b, one, nRR mont.Elem) {
	f := t.f()
	copy(b[:], f.b()[:])
	copy(one[:], f.one()[:])
	copy(nRR[:], f.nRR()[:])
	return
}
`
