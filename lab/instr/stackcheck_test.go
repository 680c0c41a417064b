package instr

import (
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"
)

// Functions whose stack checks have each of the toolchain's three forms
// (frame ≤ 128 bytes, ≤ 4 KiB, larger) and a closure's (which calls
// runtime.morestack rather than morestack_noctxt).

//go:noinline
func frameSmall(x uint64) uint64 { return leaf(x) + 1 }

//go:noinline
func frameLarge(x, y uint64) uint64 {
	var a [32]uint64
	fill(a[:], x)
	return a[y%32]
}

//go:noinline
func frameHuge(x uint64) uint64 {
	var a [1024]uint64
	fill(a[:], x)
	return a[x%1024]
}

//go:noinline
func fill(s []uint64, x uint64) {
	for i := range s {
		s[i] = x + uint64(i)
	}
}

var closure = func() func(uint64) uint64 {
	k := sink | 1
	return func(x uint64) uint64 { return leaf(x) * k }
}()

func readTestProgram(t *testing.T) *program {
	t.Helper()
	if runtime.GOARCH != "amd64" {
		t.Skip("the stack checks decoded are amd64's")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p, err := readProgram(exe)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestStackCheckShapes decodes the stack checks of this test binary's
// functions above (the test binary, as "go test" builds it, has no ELF
// symbol table: the functions are found in the Go function table) and
// checks them against the forms the Go 1.26 toolchain writes
// (cmd/internal/obj/x86, stacksplit):
//
//	frameSmall   CMPQ SP, 16(R14); JBE
//	frameLarge   LEAQ -N(SP), R12; CMPQ R12, 16(R14); JBE
//	frameHuge    MOVQ SP, R12; SUBQ $N, R12; JB; CMPQ R12, 16(R14); JBE
//
// and a block of one spill per register argument, the CALL, one reload
// per argument and the JMP back to the entry, with the alignment NOPs the
// assembler may put before the CALL (executed, so counted).
func TestStackCheckShapes(t *testing.T) {
	p := readTestProgram(t)
	small := "CMP JBE"
	for _, tc := range []struct {
		fn              any
		prologue, block string
	}{
		{frameSmall, small, "MOV CALL MOV JMP"},
		{frameLarge, "LEA CMP JBE", "MOV MOV CALL MOV MOV JMP"},
		{frameHuge, "MOV SUB JB CMP JBE", "MOV CALL MOV JMP"},
		{closure, small, "MOV CALL MOV JMP"},
		{step, small, "MOV CALL MOV JMP"},
	} {
		pc := uint64(reflect.ValueOf(tc.fn).Pointer())
		f := p.funcAt(pc)
		if f == nil || f.Entry != pc {
			t.Fatalf("no function at %#x", pc)
		}
		c, err := p.stackCheck(pc + 1)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		pro, blk := opNames(c.prologueOps), opNames(c.blockOps)
		if c.Prologue != len(c.prologueOps) || c.Block != len(c.blockOps) || pro != tc.prologue ||
			strings.ReplaceAll(strings.ReplaceAll(blk, "NOP ", ""), "  ", " ") != tc.block ||
			!p.callsMorestack(c.Call) || p.funcAt(c.Call) != f {
			t.Errorf("%s: %+v: prologue %q, block %q; want %q, %q", f.Name, c, pro, blk, tc.prologue, tc.block)
		}
		t.Logf("%s: prologue %q, block %q", f.Name, pro, blk)
	}
	// A leaf with a small frame has no stack check.
	if c, err := p.stackCheck(uint64(reflect.ValueOf(leaf).Pointer())); err == nil {
		t.Errorf("leaf: %+v, want an error", c)
	}
}

func opNames(ops []x86asm.Op) string {
	var s []string
	for _, op := range ops {
		s = append(s, op.String())
	}
	return strings.Join(s, " ")
}

// TestCountTakesOutInterruptions computes a dump's count from
// per-instruction counts at real addresses: step ran 100 times, was
// interrupted 3 times (its CALL of runtime.morestack executed 3 times,
// runtime.morestack's first instruction too), and the scheduler ran 50
// instructions. The count is the total less the scheduler's instructions
// (50, and runtime.morestack's 3) and 3 × step's stack-check slow path
// (2 + 4); a dump whose morestack entries do not match the calls found is
// an error.
func TestCountTakesOutInterruptions(t *testing.T) {
	p := readTestProgram(t)
	stepPC := uint64(reflect.ValueOf(step).Pointer())
	c, err := p.stackCheck(stepPC)
	if err != nil {
		t.Fatal(err)
	}
	sched := p.byName("runtime.schedule")
	if sched == nil {
		t.Fatal("no runtime.schedule")
	}
	d := dump{label: "c0-0", total: 1000, self: map[uint64]int64{
		stepPC: 100, c.Call: 3, p.entry: 3, sched.Entry + 4: 50,
	}}
	got := d.count(p)
	if want := (dumpCount{n: 1000 - 53 - 3*6, morestack: 3}); got != want {
		t.Errorf("count = %+v, want %+v", got, want)
	}
	d.self[p.entry] = 4
	if got := d.count(p); !strings.Contains(got.err, "ran 4 times, 3 calls") {
		t.Errorf("count with a morestack call unaccounted for = %+v", got)
	}
}

// TestCountTakesOutRegion computes a dump's count from per-instruction
// counts and call arcs at real addresses: the function loop allocated
// (runtime.mallocgc, which went on into runtime.(*mcache).nextFree, which
// took a lock and cleared memory) and missed a type assertion's cache
// (runtime.typeAssert, which called runtime.getitab), and loop cleared
// memory itself. Taken out: mallocgc's, nextFree's, typeAssert's and
// getitab's own instructions (called only from there), lock2's (the
// scheduler's, by address), and the inclusive cost of nextFree's call of
// memclrNoHeapPointers, which loop also calls; loop's own instructions
// and its own call of memclrNoHeapPointers stay. A function shared with
// counted code that calls into the region is an error.
func TestCountTakesOutRegion(t *testing.T) {
	p := readTestProgram(t)
	fn := func(name string) uint64 {
		f := p.byName(name)
		if f == nil {
			t.Fatalf("no %s", name)
		}
		return f.Entry
	}
	loopPC := uint64(reflect.ValueOf(loop).Pointer())
	malloc, nextFree, memclr := fn("runtime.mallocgc"), fn("runtime.(*mcache).nextFree"), fn("runtime.memclrNoHeapPointers")
	lock, assert, getitab := fn("runtime.lock2"), fn("runtime.typeAssert"), fn("runtime.getitab")
	d := dump{label: "c0-0", total: 10000,
		self: map[uint64]int64{
			loopPC: 5000, loopPC + 4: 1, loopPC + 8: 1, loopPC + 12: 1,
			malloc: 100, nextFree: 40, nextFree + 4: 1, lock: 20,
			memclr: 700 + 300, assert: 60, getitab: 30,
		},
		calls: map[callArc]int64{
			{loopPC + 4, malloc}:   100 + 40 + 1 + 20 + 300,
			{malloc + 8, nextFree}: 40 + 1 + 20 + 300,
			{nextFree + 4, lock}:   20,
			{nextFree + 8, memclr}: 300,
			{loopPC + 8, memclr}:   700,
			{loopPC + 12, assert}:  60 + 30,
			{assert + 8, getitab}:  30,
		}}
	d.entered = map[callArc]int64{}
	for a := range d.calls {
		d.entered[a] = 1
	}
	got := d.count(p)
	if want := (dumpCount{n: 10000 - 20 - (100 + 41 + 60 + 30) - 300, region: 100 + 41 + 60 + 30 + 300}); got != want {
		t.Errorf("count = %+v, want %+v", got, want)
	}
	// getitab called from loop too: taken out by the inclusive cost of
	// typeAssert's call.
	d.calls[callArc{loopPC + 16, getitab}] = 30
	d.entered[callArc{loopPC + 16, getitab}] = 1
	d.self[getitab] = 60
	d.self[loopPC+16] = 1
	d.total += 31
	if got := d.count(p); got.n != d.total-20-(100+41+60)-300-30 || got.err != "" {
		t.Errorf("count with getitab shared = %+v", got)
	}
	// … and calling into the allocator: its share cannot be told apart.
	d.calls[callArc{getitab + 8, malloc}] = 10
	d.entered[callArc{getitab + 8, malloc}] = 1
	if got := d.count(p); !strings.Contains(got.err, "cannot be told apart") {
		t.Errorf("count with a shared function calling the allocator = %+v", got)
	}
}

// TestCountKeepsOpenCalls: arcs out of the scheduler whose inclusive cost
// is counted code are not taken out: a call in progress before the
// counters were zeroed (no call entered in the dump: runtime.schedule
// or runtime.gogo into runtime.main, left open by callgrind's call
// tracking below the counted call's ancestors, its inclusive cost the
// whole dump), and the scheduler's jump back into the interrupted
// operation (a call from runtime.gogo into loop, or into
// memclrNoHeapPointers). An arc of the region whose inclusive cost
// exceeds what the shared function executed is an error, as is a dump
// from which more would be taken out than it holds.
func TestCountKeepsOpenCalls(t *testing.T) {
	p := readTestProgram(t)
	fn := func(name string) uint64 {
		f := p.byName(name)
		if f == nil {
			t.Fatalf("no %s", name)
		}
		return f.Entry
	}
	loopPC := uint64(reflect.ValueOf(loop).Pointer())
	gogo, rtmain, mainmain := fn("runtime.gogo"), fn("runtime.main"), fn("main.main")
	schedule := fn("runtime.schedule")
	malloc, memclr := fn("runtime.mallocgc"), fn("runtime.memclrNoHeapPointers")
	d := dump{label: "c0-0", total: 7000 + 2 + 36 + 100 + 400,
		self: map[uint64]int64{
			loopPC: 7000, loopPC + 4: 1, loopPC + 8: 1, rtmain + 8: 36,
			malloc: 100, memclr: 300 + 100,
		},
		calls: map[callArc]int64{
			{gogo + 8, rtmain}:     7538,
			{schedule + 8, rtmain}: 7538,
			{rtmain + 8, mainmain}: 7502,
			{gogo + 8, loopPC}:     500,
			{gogo + 8, memclr}:     50,
			{loopPC + 4, malloc}:   100 + 300,
			{malloc + 8, memclr}:   300,
			{loopPC + 8, memclr}:   100,
		},
		entered: map[callArc]int64{
			{gogo + 8, rtmain}:     0,
			{schedule + 8, rtmain}: 0,
			{rtmain + 8, mainmain}: 0,
			{gogo + 8, loopPC}:     1,
			{gogo + 8, memclr}:     1,
			{loopPC + 4, malloc}:   1,
			{malloc + 8, memclr}:   1,
			{loopPC + 8, memclr}:   1,
		},
	}
	got := d.count(p)
	if want := (dumpCount{n: 7000 + 2 + 36 + 100, region: 100 + 300}); got != want {
		t.Errorf("count = %+v, want %+v", got, want)
	}
	// The allocator's arc into memclrNoHeapPointers with more inclusive
	// cost than memclrNoHeapPointers executed.
	d.calls[callArc{malloc + 8, memclr}] = 500
	if got := d.count(p); !strings.Contains(got.err, "more than the 400") {
		t.Errorf("count with an arc costing more than its callee executed = %+v", got)
	}
	d.calls[callArc{malloc + 8, memclr}] = 300
	// More taken out than the dump holds.
	d.total = 300
	if got := d.count(p); !strings.Contains(got.err, "taken out of a dump of 300") {
		t.Errorf("count of a dump holding less than its region = %+v", got)
	}
}
