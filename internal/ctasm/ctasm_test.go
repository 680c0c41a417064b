package ctasm

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// A check names the constant-time helpers of one package. Each entry of
// funcs is matched against the symbol after the package path ("lookup4",
// "(*Curve).lookup", "(*Modulus).Equal"): an exact name, or a regular
// expression when it starts with "~". allow maps a function to fragments of
// source lines whose branches are on public data (a strategy flag, a
// length), beyond the general rules (see TestConditionalJumps).
type check struct {
	pkg   string
	funcs []string
	allow map[string][]string
}

// checks lists the table lookups, conditional selections and comparisons
// of each family. A new family adds one entry (and, if a helper branches on
// public data by design, the fragment of that line in allow).
var checks = []check{
	{pkg: "internal/ct", funcs: []string{"Mask32", "Mask64", "IsZero32", "IsZero64", "Eq64", "Less32", "SelectBytes", "EqBytes"},
		allow: map[string][]string{
			"EqBytes": {"if len(x) != len(y) {"}, // crypto/subtle.ConstantTimeCompare, inlined: public lengths
		}},
	{pkg: "internal/nist/mont", funcs: []string{"Select", "(*Modulus).Equal", "(*Modulus).IsZero"}},
	{pkg: "internal/nist/ec", funcs: []string{"lookup4", "lookup6", "(*Curve).lookup", "SelectPoint", "mask0"},
		allow: map[string][]string{
			"(*Curve).lookup": {"if c.N == 4"}, // the curve's limb count
		}},
	{pkg: "aes", funcs: []string{"pkcs7Unpad", "maskBytes", "fastSbox", "fastInvSbox", "subWord", `~(inv)?[sS]boxCircuit.*`}},
	{pkg: "internal/mlkem", funcs: []string{"implicitReject", "decapsFast", "kpkeReencryptDiffersSmall", "montgomeryReduce", "barrettReduce", "canonical", "Compress", "Decompress", "ByteDecode12"},
		allow: map[string][]string{
			"decapsFast":                {"if len(x) != len(y) {"}, // ct.EqBytes, inlined: public lengths
			"kpkeReencryptDiffersSmall": {"if len(x) != len(y) {"}, // ct.EqBytes, inlined: public lengths
		}},
	{pkg: "internal/edwards25519", funcs: []string{"(*niels51).lookup", "(*niels25).lookup", "(*fe51).selectFrom", "(*fe25).selectFrom",
		"(*fe51).swap", "(*fe25).swap", "signedRadix16", "montMul", "condSubL", "(*Scalar).MulAdd", "(*Scalar).SetUniformBytes",
		"scalarBaseMultLow51", "scalarBaseMultHigh51", "scalarBaseMultLow25", "scalarBaseMultHigh25", "Ladder51", "Ladder25",
		"(*fe51).mul", "(*fe51).square", "(*fe25).mul", "(*fe25).square", "(*fe51).bytes", "(*fe25).bytes", "isNegative25", "isNegative51"},
		allow: map[string][]string{
			"(*fe25).square":      {"if 2*i < 10 {"}, // limb indices: public
			"scalarBaseMultLow51": {"if i < 63 {"},   // the window index: public
			"scalarBaseMultLow25": {"if i < 63 {"},
		}},
	{pkg: "internal/mldsa", funcs: []string{"geMask", "abs32", "centred", "canon", "montReduce", "(*Params).signChecks", "(*Params).signRow", "(*Params).decomposeRow", "Power2Round"},
		allow: map[string][]string{
			"(*Params).decomposeRow": {"if p.Gamma2 == (q-1)/88 {"}, // the parameter set
		}},
	{pkg: "internal/mp", funcs: []string{"lookup", "Less", "Equal"},
		allow: map[string][]string{
			"lookup": {"clear(sel)"}, // clearing a slice of public length
		}},
}

// TestConditionalJumps disassembles the helpers above with go tool objdump
// (from the compiled package archives, so inlined helpers are checked in
// their own bodies) and fails on a conditional jump that is not:
//
//   - a bounds, nil or stack check: the jump or its fall-through reaches a
//     call of runtime.panic*, runtime.goPanic* or runtime.morestack*;
//   - a loop condition: the source line of the jump is a for statement
//     (loop bounds in these helpers are lengths and constants);
//   - on a source line containing a fragment listed in the check's allow.
//
// Compilers may turn masks back into branches on upgrade; this is the
// review's manual check of the machine code, made repeatable. It runs on
// amd64 and arm64.
func TestConditionalJumps(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and disassembles packages")
	}
	isCond := conditional(t)
	root := moduleRoot(t)
	module := goOut(t, root, "list", "-m")
	dir := t.TempDir()
	for _, c := range checks {
		t.Run(c.pkg, func(t *testing.T) {
			path := module + "/" + c.pkg
			archive := filepath.Join(dir, strings.ReplaceAll(c.pkg, "/", "_")+".a")
			goOut(t, root, "build", "-o", archive, path)
			syms := disassemble(t, archive, path)
			dirs := strings.Fields(goOut(t, root, "list", "-deps", "-f", "{{.Dir}}", path))
			for _, name := range c.funcs {
				matched := 0
				for sym, insts := range syms {
					if !matchName(name, sym) {
						continue
					}
					matched++
					for _, bad := range badJumps(insts, isCond, dirs, c.allow[name]) {
						t.Errorf("%s.%s: conditional jump %s", c.pkg, sym, bad)
					}
				}
				if matched == 0 {
					t.Errorf("%s: no function %q in the compiled package: renamed or removed? Update the list in internal/ctasm/ctasm_test.go", c.pkg, name)
				}
			}
		})
	}
}

// TestControlFlagged checks that the rules flag a real secret-dependent
// branch: the early exit of testdata/branchy.EarlyExitEqual (its length
// check is allowed as public, its byte comparison is not).
func TestControlFlagged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and disassembles a package")
	}
	isCond := conditional(t)
	root := moduleRoot(t)
	path := goOut(t, root, "list", "-m") + "/internal/ctasm/testdata/branchy"
	archive := filepath.Join(t.TempDir(), "branchy.a")
	goOut(t, root, "build", "-o", archive, path)
	insts, ok := disassemble(t, archive, path)["EarlyExitEqual"]
	if !ok {
		t.Fatal("EarlyExitEqual not found")
	}
	dirs := strings.Fields(goOut(t, root, "list", "-deps", "-f", "{{.Dir}}", path))
	bad := badJumps(insts, isCond, dirs, []string{"len(a) != len(b)"})
	t.Log(bad)
	if len(bad) == 0 {
		t.Fatal("the early exit of EarlyExitEqual was not flagged")
	}
	for _, b := range bad {
		if !strings.Contains(b, "a[i] != b[i]") {
			t.Errorf("flagged a jump outside the comparison: %s", b)
		}
	}
}

// conditional returns the test for conditional-jump mnemonics on this
// architecture (skipping elsewhere).
func conditional(t *testing.T) func(op string) bool {
	switch runtime.GOARCH {
	case "amd64":
		return func(op string) bool { return strings.HasPrefix(op, "J") && op != "JMP" }
	case "arm64":
		re := regexp.MustCompile(`^(B(EQ|NE|CS|HS|CC|LO|MI|PL|VS|VC|HI|LS|GE|LT|GT|LE)|B\.\w+|CBN?Z|CBN?ZW|TBN?Z)$`)
		return re.MatchString
	}
	t.Skipf("no conditional-jump pattern for %s", runtime.GOARCH)
	return nil
}

func matchName(name, sym string) bool {
	if strings.HasPrefix(name, "~") {
		return regexp.MustCompile("^" + name[1:] + "$").MatchString(sym)
	}
	return name == sym
}

type inst struct {
	file string
	line int
	addr uint64
	op   string
	args string
}

// disassemble returns the instructions of each function of package path in
// archive, by name after the package path.
func disassemble(t *testing.T, archive, path string) map[string][]inst {
	cmd := exec.Command("go", "tool", "objdump", archive)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go tool objdump %s: %v", archive, err)
	}
	syms := map[string][]inst{}
	var cur string
	prefix := "TEXT " + path + "."
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "TEXT ") {
			cur = ""
			if strings.HasPrefix(l, prefix) {
				rest := l[len(prefix):]
				cur = rest[:strings.Index(rest, "(SB)")]
			}
			continue
		}
		if cur == "" {
			continue
		}
		// "  point.go:234\t0xdb4d7\t7c3f\tJL 0xdb518\t"
		var f []string
		for _, x := range strings.Split(l, "\t") {
			if x = strings.TrimSpace(x); x != "" {
				f = append(f, x)
			}
		}
		if len(f) < 4 {
			continue
		}
		loc := f[0]
		colon := strings.LastIndex(loc, ":")
		ln, _ := strconv.Atoi(loc[colon+1:])
		addr, _ := strconv.ParseUint(strings.TrimPrefix(f[1], "0x"), 16, 64)
		text := strings.Join(f[3:], " ") // instruction, then any relocation ("R_CALL:runtime.panicIndex")
		op, args, _ := strings.Cut(text, " ")
		syms[cur] = append(syms[cur], inst{file: loc[:colon], line: ln, addr: addr, op: op, args: strings.TrimSpace(args)})
	}
	return syms
}

var panicCall = regexp.MustCompile(`runtime\.(panic|gopanic|goPanic|morestack)`)

// reachesPanic reports whether the code from index i on calls a runtime
// panic or stack-growth function before it returns or jumps away.
func reachesPanic(insts []inst, i int) bool {
	for k := i; k < len(insts) && k < i+40; k++ {
		switch {
		case insts[k].op == "CALL" && panicCall.MatchString(insts[k].args):
			return true
		case insts[k].op == "RET" || insts[k].op == "JMP" || insts[k].op == "B":
			return false
		}
	}
	return false
}

// badJumps returns the conditional jumps of one function that no rule
// allows, described for the report.
func badJumps(insts []inst, isCond func(string) bool, dirs []string, allow []string) []string {
	index := map[uint64]int{}
	for i, in := range insts {
		index[in.addr] = i
	}
	var bad []string
	for i, in := range insts {
		if !isCond(in.op) {
			continue
		}
		if reachesPanic(insts, i+1) {
			continue
		}
		backward := false
		f := strings.Fields(in.args)
		if len(f) > 0 {
			if a, err := strconv.ParseUint(strings.TrimPrefix(f[len(f)-1], "0x"), 16, 64); err == nil {
				if j, ok := index[a]; ok && reachesPanic(insts, j) {
					continue
				}
				backward = a <= in.addr
			}
		}
		src := sourceLine(dirs, in.file, in.line)
		trimmed := strings.TrimSpace(src)
		if strings.HasPrefix(trimmed, "for ") || trimmed == "for {" {
			continue
		}
		// A backward jump closes a loop; the compiler often files a
		// rotated loop's condition under a line of the body. But a loop
		// that exits on a comparison in the body (an early exit) jumps
		// back from the if statement's line: that stays flagged.
		if backward && !conditionalStmt.MatchString(trimmed) {
			continue
		}
		ok := false
		for _, frag := range allow {
			if strings.Contains(src, frag) {
				ok = true
			}
		}
		if ok {
			continue
		}
		bad = append(bad, fmt.Sprintf("%s %s at %s:%d: %q", in.op, in.args, in.file, in.line, trimmed))
	}
	return bad
}

var conditionalStmt = regexp.MustCompile(`^(if |} else if |switch|case |select|goto )|&&|\|\|`)

// sourceLine returns line n of the file with base name file (the
// disassembler gives base names only) in the directories of the package
// and its dependencies, where inlined code comes from; several files of
// that name give their lines joined with " | ".
func sourceLine(dirs []string, file string, n int) string {
	var lines []string
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, file))
		if err != nil {
			continue
		}
		ls := strings.Split(string(b), "\n")
		if n >= 1 && n <= len(ls) {
			lines = append(lines, ls[n-1])
		}
	}
	return strings.Join(lines, " | ")
}

func moduleRoot(t *testing.T) string {
	return goOut(t, ".", "list", "-m", "-f", "{{.Dir}}")
}

func goOut(t *testing.T, dir string, args ...string) string {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}
