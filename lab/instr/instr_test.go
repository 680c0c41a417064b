package instr

import (
	"context"
	"crypto/rand"
	"fmt"
	mathrand "math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// The test binary is its own worker: run under valgrind with the worker's
// subcommand, it counts the cases registered below.
func TestMain(m *testing.M) {
	register()
	if len(os.Args) > 1 && os.Args[1] == WorkerCommand {
		if err := Worker(os.Args[2:], os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var sink uint64

//go:noinline
func loop(n int) {
	x := sink
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink = x
}

var first = -1

func register() {
	first = len(suite.Cases())
	for _, n := range []int{1000, 2000} {
		suite.Register(suite.Case{Suite: "instr-test", Table: "instr-test", Name: fmt.Sprintf("loop/%d", n), Impl: "test",
			Setup: func() (func() error, int, error) { return func() error { loop(n); return nil }, 0, nil }})
	}
	suite.Register(suite.Case{Suite: "instr-test", Table: "instr-test", Name: "fails", Impl: "test",
		Setup: func() (func() error, int, error) { return nil, 0, fmt.Errorf("no setup") }})
	// A case that kills the worker, as an illegal instruction would.
	suite.Register(suite.Case{Suite: "instr-test", Table: "instr-test", Name: "crashes", Impl: "test",
		Setup: func() (func() error, int, error) { return func() error { os.Exit(3); return nil }, 0, nil }})
	// A case whose work depends on crypto/rand, as rejection sampling's
	// does: 1,000 to 1,255 iterations. (first+4)
	suite.Register(suite.Case{Suite: "instr-test", Table: "instr-test", Name: "random", Impl: "test",
		Setup: func() (func() error, int, error) {
			return func() error {
				var b [1]byte
				rand.Read(b[:])
				loop(1000 + int(b[0]))
				return nil
			}, 0, nil
		}})
	// Chains of calls of a function with a stack check, two short and one
	// long enough (10 million instructions, about a tenth of a second
	// under callgrind) for the scheduler to interrupt it. (first+5 …)
	for _, n := range []int{1000, 2000, longChain} {
		suite.Register(suite.Case{Suite: "instr-test", Table: "instr-test", Name: fmt.Sprintf("chain/%d", n), Impl: "test",
			Setup: func() (func() error, int, error) { return func() error { chain(n); return nil }, 0, nil }})
	}
	// 64 reads of crypto/rand. (first+8)
	suite.Register(suite.Case{Suite: "instr-test", Table: "instr-test", Name: "randreads", Impl: "test",
		Setup: func() (func() error, int, error) { return randReads, 0, nil }})
	// 200 allocations of 64 bytes after a number of them that differs
	// from process to process. (first+9)
	suite.Register(suite.Case{Suite: "instr-test", Table: "instr-test", Name: "allocs", Impl: "test",
		Setup: func() (func() error, int, error) {
			for range mathrand.IntN(1024) { // the global generator, seeded at random in each process
				kept = append(kept, new([64]byte))
			}
			return allocs, 0, nil
		}})
}

var kept = []*[64]byte{new([64]byte)}

// allocs allocates 200 objects of 64 bytes, in the size class of which a
// span holds 128: every call refills the allocator's span once or twice,
// at a point that depends on how many the process allocated before.
func allocs() error {
	for i := range 200 {
		kept[i%len(kept)] = new([64]byte)
	}
	return nil
}

const longChain = 400_000

// randReads reads crypto/rand 64 times, through the worker's Reader.
func randReads() error {
	var b [4]byte
	for range 64 {
		if _, err := rand.Read(b[:]); err != nil {
			return err
		}
	}
	return nil
}

// chain calls step n times.
//
//go:noinline
func chain(n int) {
	x := sink
	for i := 0; i < n; i++ {
		x = step(x)
	}
	sink = x
}

// step has a stack check (it calls leaf), leaf has none.
//
//go:noinline
func step(x uint64) uint64 { return leaf(x) ^ 1 }

//go:noinline
func leaf(x uint64) uint64 { return x*6364136223846793005 + 1442695040888963407 }

// TestInterruptedCaseExact counts a case that runs long enough under
// callgrind for the Go scheduler's sysmon to interrupt it (each
// interruption calls runtime.morestack from step's stack check), in two
// processes: the counts are identical from run to run and from call to
// call, and exactly what two short, uninterrupted chains predict.
func TestInterruptedCaseExact(t *testing.T) {
	if _, err := Available(); err != nil {
		t.Skip(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	short1, short2, long := first+5, first+6, first+7
	var runs []map[int]Count
	var morestack int64
	for range 2 {
		c, err := runIdx(exe, []int{short1, short2, long})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%+v", c)
		for _, i := range []int{short1, short2, long} {
			if c[i].Err != "" || c[i].PerOp <= 0 || c[i].Repeat != 0 {
				t.Errorf("case %d: %+v", i, c[i])
			}
		}
		morestack += c[long].Morestack
		runs = append(runs, c)
	}
	if t.Failed() {
		return
	}
	if runs[0][long].PerOp != runs[1][long].PerOp {
		t.Errorf("long chain: run 1 %+v, run 2 %+v", runs[0][long], runs[1][long])
	}
	per := runs[0][short2].PerOp - runs[0][short1].PerOp
	if want := runs[0][short1].PerOp + per*(longChain-1000)/1000; runs[0][long].PerOp != want {
		t.Errorf("long chain counts %d, the short ones predict %d", runs[0][long].PerOp, want)
	}
	if morestack == 0 {
		t.Errorf("the scheduler interrupted none of the six counted calls of the long chain: the test did not test the correction")
	}
}

// TestWorkerStops counts a case that stops the worker between two that do
// not: the first is counted, the stopping one gets the error, and a second
// worker counts the last.
func TestWorkerStops(t *testing.T) {
	if _, err := Available(); err != nil {
		t.Skip(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c, err := runIdx(exe, []int{first, first + 3, first + 1})
	if err != nil {
		t.Fatal(err)
	}
	if c[first].PerOp <= 0 || c[first+1].PerOp <= 0 || c[first+1].PerOp <= c[first].PerOp {
		t.Errorf("counts around the stopping case: %+v", c)
	}
	if !strings.Contains(c[first+3].Err, "stopped") {
		t.Errorf("stopping case: %+v", c[first+3])
	}
}

// TestCountsExact counts two loops of known length twice, in two
// processes: the counts are identical from run to run and within a run,
// the longer loop costs exactly its extra iterations more, and a failing
// case is reported, not counted.
func TestCountsExact(t *testing.T) {
	if _, err := Available(); err != nil {
		t.Skip(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	idx := []int{first, first + 1, first + 2}
	var runs []map[int]Count
	for range 2 {
		c, err := runIdx(exe, idx)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, c)
	}
	t.Logf("%+v", runs)
	for _, i := range idx[:2] {
		a, b := runs[0][i], runs[1][i]
		if a.Err != "" || a.PerOp <= 0 || a.Repeat != 0 || a != b {
			t.Errorf("case %d: run 1 %+v, run 2 %+v", i, a, b)
		}
	}
	// The loop body is a multiply-add, an increment, a compare and a
	// branch: a whole number of instructions per iteration, at least 3.
	d := runs[0][first+1].PerOp - runs[0][first].PerOp
	if d%1000 != 0 || d/1000 < 3 || d/1000 > 8 {
		t.Errorf("1,000 more iterations cost %d instructions", d)
	}
	if runs[0][first+2].Err == "" {
		t.Error("the failing case was counted")
	}
}

// TestRandomCaseRepeats counts a case whose work depends on crypto/rand in
// two processes: the worker's fixed random stream makes the counts equal,
// and a loop whose length is a random byte makes it all but impossible
// that they are equal by chance with real randomness (the smallest of
// three uniform bytes, twice).
func TestRandomCaseRepeats(t *testing.T) {
	if _, err := Available(); err != nil {
		t.Skip(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var counts []Count
	for range 2 {
		c, err := runIdx(exe, []int{first + 4})
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, c[first+4])
	}
	t.Logf("%+v", counts)
	if counts[0].Err != "" || counts[0].PerOp <= 3000 || counts[0] != counts[1] {
		t.Errorf("random case: run 1 %+v, run 2 %+v", counts[0], counts[1])
	}
}

// TestRandReadsRepeat counts a case of 64 crypto/rand reads through the
// worker's Reader in two processes: the counts are the same in both runs.
// Without the worker's fillRandReadCache, the runtime would fill the cache
// of crypto/rand.Read's type assertion on a random one of the 320 reads of
// the five calls in about a quarter of the processes, and the calls before
// it would cost 94 instructions a read more. (The calls of one process
// differ from each other: each read allocates its buffer, and the
// allocator refills its span at some calls and not others, the same in
// every run.)
func TestRandReadsRepeat(t *testing.T) {
	if _, err := Available(); err != nil {
		t.Skip(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var counts []Count
	for range 2 {
		c, err := runIdx(exe, []int{first + 8})
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, c[first+8])
	}
	t.Logf("%+v", counts)
	if counts[0].Err != "" || counts[0].PerOp <= 64*50 || counts[0] != counts[1] {
		t.Errorf("64 reads: run 1 %+v, run 2 %+v", counts[0], counts[1])
	}
}

// TestAllocationsRepeat counts a case that allocates 200 objects a call,
// after a number of allocations that differs from process to process, in
// two processes: where the allocator refills its span differs from call to
// call and from process to process, and the counts do not (the
// allocator's instructions are taken out, see region).
func TestAllocationsRepeat(t *testing.T) {
	if _, err := Available(); err != nil {
		t.Skip(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var counts []Count
	for range 2 {
		c, err := runIdx(exe, []int{first + 9})
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, c[first+9])
	}
	t.Logf("%+v", counts)
	if counts[0].Err != "" || counts[0].PerOp < 200 || counts[0].Repeat != 0 || counts[0].PerOp != counts[1].PerOp {
		t.Errorf("allocations: run 1 %+v, run 2 %+v", counts[0], counts[1])
	}
	// At least 3 × 200 calls of runtime.mallocgc, and at least one span
	// refill in each counted call.
	if counts[0].Region < 3*200*50 {
		t.Errorf("allocations: %d instructions of the allocator taken out, too few", counts[0].Region)
	}
}

// TestParseDump reads a dump's label, total and per-instruction counts:
// addresses absolute, relative and repeated; the cost line after a
// calls= line (the calls' inclusive cost, at the calling instruction) and
// the lines of another object (the dynamic loader) left out; and the call
// arcs, with callee addresses absolute and relative.
func TestParseDump(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dump := `# callgrind format
version: 1
creator: callgrind-3.19.0
desc: Trigger: Client Request: c12-1
positions: instr line
events: Ir
ob=(1) ` + exe + `
fl=(1) op.go
fn=(1) 0x401000
0x401000 12 4700
+4 * 10
cfn=(2) 0x402000
calls=1 0x402000 400
* * 709
+2 13 1
cfn=(3) 0x40100c
calls=2 +6 13
* * 50
fn=(2)
0x402000 400 79
ob=(2) /lib64/ld-linux-x86-64.so.2
fl=(2) ???
fn=(3) 0x0000000000001100
0x1100 0 5
ob=(1)
fn=(2)
0x402002 400 1
totals: 4800
`
	d, ok := parseDump([]byte(dump), exe)
	want := map[uint64]int64{0x401000: 4700, 0x401004: 10, 0x401006: 1, 0x402000: 79, 0x402002: 1}
	if !ok || d.label != "c12-1" || d.total != 4800 || fmt.Sprint(d.self) != fmt.Sprint(want) {
		t.Errorf("parseDump = %q %d %v %v, want c12-1 4800 %v", d.label, d.total, d.self, ok, want)
	}
	wantCalls := map[callArc]int64{{0x401004, 0x402000}: 709, {0x401006, 0x40100c}: 50}
	if fmt.Sprint(d.calls) != fmt.Sprint(wantCalls) {
		t.Errorf("parseDump's calls = %v, want %v", d.calls, wantCalls)
	}
	if _, ok := parseDump([]byte(strings.Replace(dump, "instr line", "line", 1)), exe); ok {
		t.Error("a dump without instruction addresses was read")
	}
}

// runIdx runs Run on the registered cases at the given indices and keys the
// counts by index.
func runIdx(exe string, idx []int) (map[int]Count, error) {
	all := suite.Cases()
	var ids []string
	for _, i := range idx {
		ids = append(ids, CaseID(all[i]))
	}
	c, err := Run(context.Background(), exe, ids, nil)
	out := map[int]Count{}
	for _, i := range idx {
		if n, ok := c[CaseID(all[i])]; ok {
			out[i] = n
		}
	}
	return out, err
}

// TestUnknownCase checks that a case the worker does not have (one
// registered only where the processor has a feature that Valgrind's CPU
// lacks) is reported as such, and the cases are matched by identity, not
// position in the registry.
func TestUnknownCase(t *testing.T) {
	if _, err := Available(); err != nil {
		t.Skip(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	known := CaseID(suite.Cases()[first+1])
	c, err := Run(context.Background(), exe, []string{"instr-test\x1fnot/there\x1ftest\x1f", known}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(c["instr-test\x1fnot/there\x1ftest\x1f"].Err, "not registered") {
		t.Errorf("unknown case: %+v", c)
	}
	if c[known].PerOp < 14000 || c[known].Err != "" {
		t.Errorf("known case: %+v", c[known])
	}
}
