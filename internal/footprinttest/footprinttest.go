// Package footprinttest is the test helper behind every family's footprint
// budget test (footprint_test.go beside the linker tests): for the small
// configuration of each published operation (Small, Small-Low,
// Small-OptLow, LowRAM), two figures stay under budgets stated in the test.
//
//   - Stack: the operation's stack high-water mark, measured with the
//     lab's painted-stack probe (lab/measure.Stack: the goroutine stack is
//     painted with a pattern, the operation runs, the deepest overwritten
//     word is found), the largest of the processor's own paths and the
//     fallback paths (every amd64 extension turned off with internal/cpu's
//     Disable), so that the budget holds on any amd64 machine. It is
//     enforced on linux/amd64 only, and not in builds that change frames
//     (race detector, coverage, fuzzing, purego), where it is logged.
//   - Code + constant data: what lab/footprint attributes to cryptolab's
//     library packages in a minimal program performing only the operation
//     (the "code" and "const" columns of the lab's footprint tables; the
//     standard library and the runtime are not counted). Programs are built
//     for linux/amd64 without build tags whatever the test's own, and
//     cached (lab/footprint's cache); they are not built in -short mode
//     or on other targets, whose figures differ.
//
// LabOps takes the operations from the lab's own cases (their Setup for
// the stack, their footprint programs for the code), so that a budget test
// checks the very figures cryptolab run reports beside the STM32 pages'
// (cryptolab run --suite S --config C --no-peers --quick); Check holds
// them to the budgets. A family the lab does not measure states its Ops
// directly.
//
// Budgets start at what the code measures (go1.26, linux/amd64), rounded
// up by a few percent for toolchain drift, and only go down: a regression
// past one fails the test, an improvement is kept by lowering the budget.
//
// This is a test-only package: nothing outside _test.go files imports it.
package footprinttest

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	_ "github.com/cryptolab-go/cryptolab/lab/cases" // registers the lab's cases
	"github.com/cryptolab-go/cryptolab/lab/footprint"
	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// Op is one operation of a small configuration: how to run it for the
// stack probe and the minimal program for the code measurement.
type Op struct {
	Name string // the key of its Budget

	// Runs perform the operation once each (inputs prepared beforehand),
	// for instance at several key or buffer sizes of one published row;
	// the stack figure is the largest of theirs. Empty: no stack figure.
	Runs []func() error

	// Imports and Body are the minimal program (see lab/footprint: the
	// body takes its inputs from something the compiler cannot fold and
	// uses the output). No Body: no code figure.
	Imports []string
	Body    string
}

// Budget is the stated ceiling of an Op's figures, in bytes; 0 for a
// figure the Op does not have.
type Budget struct {
	Stack     int // stack high-water mark
	CodeConst int // code + constant data attributed to cryptolab
}

// Program is a minimal program for an Op from the lab without one.
type Program struct {
	Imports []string
	Body    string
}

// LabOps returns the Ops of the lab's cases of suite in configuration
// config (cryptolab's own, as cryptolab run --suite suite --config config
// measures them, the rows beyond the published pages included: a row the
// lab adds needs a budget): one per row of the suite's footprint table, named by
// the table and its parameters ("aes_cbc_sole_footprint operation=Encryption"),
// with every case of that row for the stack and the row's program; for a
// suite without a footprint table, one per case, named by the case
// ("MLKEM/768/op=Key-Decapsulation"), with programs[name] as its program
// if given. Setup runs here: a case that fails to set up fails the test.
func LabOps(t *testing.T, suiteName, config string, programs map[string]Program) []Op {
	t.Helper()
	var ops []Op
	index := map[string]int{}
	for _, c := range suite.Cases() {
		if c.Suite != suiteName || c.Impl != "cryptolab" || c.Config != config {
			continue
		}
		name := c.Name
		if c.Footprint != nil {
			var ps []string
			for k, v := range c.Footprint.Params {
				ps = append(ps, k+"="+v)
			}
			sort.Strings(ps)
			name = c.Footprint.Table + " " + strings.Join(ps, " ")
		}
		i, ok := index[name]
		if !ok {
			i = len(ops)
			index[name] = i
			op := Op{Name: name}
			if c.Footprint != nil {
				op.Imports, op.Body = c.Footprint.Imports, c.Footprint.Body
			} else if p, ok := programs[name]; ok {
				op.Imports, op.Body = p.Imports, p.Body
			}
			ops = append(ops, op)
		}
		run, _, err := c.Setup()
		if err != nil {
			t.Fatalf("%s: setup: %v", c.Name, err)
		}
		ops[i].Runs = append(ops[i].Runs, run)
	}
	if len(ops) == 0 {
		t.Fatalf("the lab has no case of suite %q in configuration %q", suiteName, config)
	}
	for name := range programs {
		if _, ok := index[name]; !ok {
			t.Errorf("program for %q, which the lab does not have in %s %s", name, suiteName, config)
		}
	}
	return ops
}

var builder footprint.Builder

// x86Features are internal/cpu's names of every amd64 extension a package
// may choose a path by; Check measures the stack with them off as well.
var x86Features = []string{"ssse3", "sse41", "aes", "pclmulqdq", "avx", "avx2", "bmi2", "adx", "sha", "avx512f", "avx512vl", "vaes", "vpclmulqdq"}

// Check measures every op and fails the test for each figure over its
// budget, for an op without a budget (with what it measured, to write
// one) and for a budget without an op. It skips the code measurement in
// -short mode (it builds programs).
func Check(t *testing.T, ops []Op, budgets map[string]Budget) {
	t.Helper()
	enforce := runtime.GOOS == "linux" && runtime.GOARCH == "amd64"
	stackEnforced := enforce && !instrumented()
	for _, op := range ops {
		b, ok := budgets[op.Name]
		var got Budget
		var fallback int
		for _, run := range op.Runs {
			s, err := measure.Stack(run)
			if err != nil {
				t.Errorf("%s: %v", op.Name, err)
			}
			got.Stack = max(got.Stack, s)
			// The same on the fallback paths, which a processor without
			// this one's extensions (SHA-NI, AVX2, ...) runs.
			restore, err := cpu.Disable(x86Features...)
			if err != nil {
				t.Fatal(err)
			}
			s, err = measure.Stack(run)
			restore()
			if err != nil {
				t.Errorf("%s: %v", op.Name, err)
			}
			fallback = max(fallback, s)
		}
		if len(op.Runs) > 0 {
			t.Logf("%s: stack %d B, %d B without the processor's extensions (budget %d B)", op.Name, got.Stack, fallback, b.Stack)
			got.Stack = max(got.Stack, fallback)
			if ok && stackEnforced && got.Stack > b.Stack {
				t.Errorf("%s: stack %d B over its budget of %d B", op.Name, got.Stack, b.Stack)
			}
		}
		// Off linux/amd64 the figures differ and are not held to the
		// budgets, so the programs are not built (this saves CI's
		// emulated arm64 run the builds); the lab reports them.
		if op.Body != "" && !testing.Short() && enforce {
			rep, err := builder.Measure(context.Background(), footprint.Program{Imports: op.Imports, Body: op.Body})
			if err != nil {
				t.Errorf("%s: %v", op.Name, err)
				continue
			}
			got.CodeConst = rep.Lib.Code + rep.Lib.Const
			t.Logf("%s: code %d B + const %d B = %d B (budget %d B; %s)", op.Name, rep.Lib.Code, rep.Lib.Const, got.CodeConst, b.CodeConst, rep.Target)
			if ok && got.CodeConst > b.CodeConst {
				t.Errorf("%s: code + const %d B over its budget of %d B (by package: %s)", op.Name, got.CodeConst, b.CodeConst, byPackage(rep))
			}
		}
		if !ok {
			t.Errorf("%s: no budget (measured %+v)", op.Name, got)
		}
	}
	for name := range budgets {
		if !slices.ContainsFunc(ops, func(o Op) bool { return o.Name == name }) {
			t.Errorf("budget for %q, which is not measured", name)
		}
	}
}

func byPackage(rep *footprint.Report) string {
	var ps []string
	for p, s := range rep.Packages {
		ps = append(ps, fmt.Sprintf("%s %d+%d", p, s.Code, s.Const))
	}
	sort.Strings(ps)
	return strings.Join(ps, ", ")
}

// instrumented reports a test binary whose frames differ from a normal
// build's: race detector, coverage, fuzzing or the purego tag.
func instrumented() bool {
	if raceEnabled || puregoEnabled || testing.CoverMode() != "" {
		return true
	}
	if f := flag.Lookup("test.fuzz"); f != nil && f.Value.String() != "" {
		return true
	}
	return false
}
