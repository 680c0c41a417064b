package instr

import (
	"cmp"
	"debug/elf"
	"debug/gosym"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/arch/x86/x86asm"
)

// The stack check of a Go function on amd64, as the Go toolchain's
// assembler writes it (cmd/internal/obj/x86, stacksplit; Go 1.26): the
// function opens with a prologue that compares the stack pointer (less the
// frame, for frames over 128 bytes) with the goroutine's stackguard0 and
// jumps, when it is below, to a block that the toolchain places after the
// function's body:
//
//	entry:	CMPQ SP, 16(R14)                  (frame ≤ 128 bytes)
//		JBE  more
//	  or	LEAQ -N(SP), R12; CMPQ R12, 16(R14); JBE more
//	  or	MOVQ SP, R12; SUBQ $N, R12; JB more; CMPQ R12, 16(R14); JBE more
//		… body …
//	more:	MOVQ AX, 8(SP) …                  (spill the register arguments)
//		CALL runtime.morestack_noctxt     (runtime.morestack for a closure)
//		MOVQ 8(SP), AX …                  (reload them)
//		JMP  entry
//
// A function reaches that block only when runtime.morestack is to be
// called: when its stack must grow, or when the scheduler has asked the
// goroutine to yield by setting stackguard0 to stackPreempt (what sysmon
// does to a goroutine that has run for 10 ms). Each such call therefore
// costs the function, besides the runtime's own instructions, its
// prologue once more (the pass that jumped away; the pass after the JMP
// back is the one every call runs) and the whole block. stackCheck holds
// those two instruction counts for one function.
type stackCheck struct {
	Call     uint64 // address of the CALL of runtime.morestack in the block
	Prologue int    // instructions from the block's jump target (the entry) through the prologue's last conditional jump to the block
	Block    int    // instructions of the block, from its first through the JMP back

	prologueOps, blockOps []x86asm.Op // the instructions counted
}

// Extra is the number of instructions one call of runtime.morestack adds
// to the function that made it.
func (s stackCheck) Extra() int { return s.Prologue + s.Block }

// program is what the count's corrections need of the executable that
// callgrind ran: its machine code and its functions, by address, from the
// Go function table (.gopclntab, which every Go executable keeps: "go
// run" and "go test" build without the ELF symbol table, so callgrind's
// own names are then bare addresses).
type program struct {
	text      []byte
	textAddr  uint64
	funcs     []gosym.Func // by entry
	morestack map[uint64]bool
	entry     uint64 // runtime.morestack, which morestack_noctxt jumps to
	sched     map[uint64]bool
	roots     map[uint64]bool // regionRoots
	// runtimeAsm are the runtime's file-local assembly functions, whose
	// names carry no package (gosave_systemstack_switch, gogo), by entry.
	runtimeAsm map[uint64]bool
	checks     map[uint64]stackCheck
}

// morestackFunctions are the runtime's entry points that a stack check
// calls: runtime.morestack_noctxt for most functions, runtime.morestack
// (the first) for those that take a closure context in DX.
var morestackFunctions = []string{"runtime.morestack", "runtime.morestack_noctxt"}

// readProgram reads the amd64 ELF executable exe.
func readProgram(exe string) (*program, error) {
	f, err := elf.Open(exe)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if f.Machine != elf.EM_X86_64 {
		return nil, fmt.Errorf("%s: not an amd64 executable (%v)", exe, f.Machine)
	}
	text, pcln := f.Section(".text"), f.Section(".gopclntab")
	if text == nil || pcln == nil {
		return nil, fmt.Errorf("%s: no .text or .gopclntab section", exe)
	}
	code, err := text.Data()
	if err != nil {
		return nil, fmt.Errorf("%s: reading .text: %v", exe, err)
	}
	tab, err := pcln.Data()
	if err != nil {
		return nil, fmt.Errorf("%s: reading .gopclntab: %v", exe, err)
	}
	table, err := gosym.NewTable(nil, gosym.NewLineTable(tab, text.Addr))
	if err != nil {
		return nil, fmt.Errorf("%s: reading the Go function table: %v", exe, err)
	}
	p := &program{text: code, textAddr: text.Addr, funcs: table.Funcs,
		morestack: map[uint64]bool{}, sched: map[uint64]bool{}, roots: map[uint64]bool{}, checks: map[uint64]stackCheck{}}
	slices.SortFunc(p.funcs, func(a, b gosym.Func) int { return cmp.Compare(a.Entry, b.Entry) })
	for i, name := range morestackFunctions {
		fn := p.byName(name)
		if fn == nil {
			return nil, fmt.Errorf("%s: no function %s", exe, name)
		}
		p.morestack[fn.Entry] = true
		if i == 0 {
			p.entry = fn.Entry
		}
	}
	for _, name := range regionRoots {
		if fn := p.byName(name); fn != nil { // a program without type switches has no interfaceSwitch
			p.roots[fn.Entry] = true
		}
	}
	p.runtimeAsm = map[uint64]bool{}
	for i := range p.funcs {
		if schedulerFunc(p.funcs[i].Name) {
			p.sched[p.funcs[i].Entry] = true
		}
		if !strings.Contains(p.funcs[i].Name, ".") {
			file, _, _ := table.PCToLine(p.funcs[i].Entry)
			dir := path.Dir(filepath.ToSlash(file))
			if strings.HasSuffix(dir, "/src/runtime") || strings.Contains(dir, "/src/internal/runtime/") {
				p.runtimeAsm[p.funcs[i].Entry] = true
			}
		}
	}
	return p, nil
}

func (p *program) byName(name string) *gosym.Func {
	for i := range p.funcs {
		if p.funcs[i].Name == name {
			return &p.funcs[i]
		}
	}
	return nil
}

// funcAt returns the function holding the instruction at pc, or nil.
func (p *program) funcAt(pc uint64) *gosym.Func {
	i, found := slices.BinarySearchFunc(p.funcs, pc, func(f gosym.Func, pc uint64) int { return cmp.Compare(f.Entry, pc) })
	if !found {
		i--
	}
	if i < 0 || pc >= p.funcs[i].End {
		return nil
	}
	return &p.funcs[i]
}

// callsMorestack reports whether the instruction at pc is a CALL of
// runtime.morestack or runtime.morestack_noctxt.
func (p *program) callsMorestack(pc uint64) bool {
	if pc < p.textAddr || pc-p.textAddr >= uint64(len(p.text)) {
		return false
	}
	code := p.text[pc-p.textAddr:]
	if code[0] != 0xe8 { // CALL rel32, the only form the toolchain writes
		return false
	}
	in, err := x86asm.Decode(code, 64)
	if err != nil || in.Op != x86asm.CALL {
		return false
	}
	rel, ok := in.Args[0].(x86asm.Rel)
	return ok && p.morestack[uint64(int64(pc)+int64(in.Len)+int64(rel))]
}

// stackCheck returns the stack check of the function holding pc.
func (p *program) stackCheck(pc uint64) (stackCheck, error) {
	f := p.funcAt(pc)
	if f == nil {
		return stackCheck{}, fmt.Errorf("no Go function at %#x", pc)
	}
	if c, ok := p.checks[f.Entry]; ok {
		return c, nil
	}
	if f.Entry < p.textAddr || f.End > p.textAddr+uint64(len(p.text)) {
		return stackCheck{}, fmt.Errorf("function %s lies outside .text", f.Name)
	}
	c, err := decodeStackCheck(p.text[f.Entry-p.textAddr:f.End-p.textAddr], f.Entry, p.morestack)
	if err != nil {
		return stackCheck{}, fmt.Errorf("%s: %v", f.Name, err)
	}
	p.checks[f.Entry] = c
	return c, nil
}

// prologueWindow is how many instructions from the entry the prologue's
// conditional jumps can be: five in the longest form above, six in an
// assembly (ABI0) function, which loads g from thread-local storage first.
const prologueWindow = 8

// decodeStackCheck finds the stack check of the function whose machine
// code is code, loaded at addr, and counts the instructions of its
// prologue and of its morestack block: the first conditional jump among
// the first instructions goes to the block, which must run straight
// (spills and reloads, no branch) through exactly one CALL of a morestack
// address to a JMP back into the prologue. Only the prologue and the
// block are decoded (the body may hold instructions the decoder does not
// know, such as AVX-512's). It refuses code of any other shape rather
// than guess.
func decodeStackCheck(code []byte, addr uint64, morestack map[uint64]bool) (stackCheck, error) {
	type inst struct {
		pc     uint64
		op     x86asm.Op
		target uint64 // of a relative jump or call; 0 otherwise
	}
	decode := func(pc uint64) (inst, int, error) {
		if pc < addr || pc >= addr+uint64(len(code)) {
			return inst{}, 0, fmt.Errorf("%#x is outside the function", pc)
		}
		in, err := x86asm.Decode(code[pc-addr:], 64)
		if err != nil {
			return inst{}, 0, fmt.Errorf("decoding at %#x: %v", pc, err)
		}
		var target uint64
		if rel, ok := in.Args[0].(x86asm.Rel); ok {
			target = uint64(int64(pc) + int64(in.Len) + int64(rel))
		}
		return inst{pc: pc, op: in.Op, target: target}, in.Len, nil
	}
	// The prologue: up to the first conditional jump, which goes to the
	// block, and on to the last conditional jump to the same target
	// within the window.
	var prologue []inst
	last, block := -1, uint64(0)
	for pc, i := addr, 0; i < prologueWindow; i++ {
		in, n, err := decode(pc)
		if err != nil {
			if last >= 0 {
				break
			}
			return stackCheck{}, err
		}
		prologue = append(prologue, in)
		if isConditionalJump(in.op) && (last < 0 && in.target > in.pc || last >= 0 && in.target == block) {
			last, block = i, in.target
		}
		if last < 0 && isBranch(in.op) && !isConditionalJump(in.op) {
			break
		}
		pc += uint64(n)
	}
	if last < 0 {
		return stackCheck{}, fmt.Errorf("no conditional jump forward in the first %d instructions", prologueWindow)
	}
	// The block: straight-line code through one CALL of morestack to a JMP.
	var body []inst
	call := -1
	for pc := block; ; {
		in, n, err := decode(pc)
		if err != nil {
			return stackCheck{}, fmt.Errorf("the block at %#x: %v", block, err)
		}
		body = append(body, in)
		if in.op == x86asm.JMP {
			break
		}
		if in.op == x86asm.CALL && morestack[in.target] && call < 0 {
			call = len(body) - 1
		} else if isBranch(in.op) {
			return stackCheck{}, fmt.Errorf("the prologue's jump goes to %#x, not to a morestack block (a %v at %#x)", block, in.op, in.pc)
		}
		if len(body) > 64 {
			return stackCheck{}, fmt.Errorf("the block at %#x does not end", block)
		}
		pc += uint64(n)
	}
	if call < 0 {
		return stackCheck{}, fmt.Errorf("the block at %#x calls no runtime.morestack", block)
	}
	// The JMP goes back into the prologue: to the entry (or, when the
	// toolchain puts code before the check, as with -d=maymorestack, to
	// the check's first instruction).
	back := body[len(body)-1].target
	restart := -1
	for i := 0; i <= last; i++ {
		if prologue[i].pc == back {
			restart = i
		}
	}
	if restart < 0 {
		return stackCheck{}, fmt.Errorf("the block's jump goes to %#x, not into the prologue", back)
	}
	c := stackCheck{Call: body[call].pc, Prologue: last - restart + 1, Block: len(body)}
	for _, in := range prologue[restart : last+1] {
		c.prologueOps = append(c.prologueOps, in.op)
	}
	for _, in := range body {
		c.blockOps = append(c.blockOps, in.op)
	}
	return c, nil
}

func isConditionalJump(op x86asm.Op) bool {
	switch op {
	case x86asm.JA, x86asm.JAE, x86asm.JB, x86asm.JBE, x86asm.JE, x86asm.JNE,
		x86asm.JG, x86asm.JGE, x86asm.JL, x86asm.JLE, x86asm.JO, x86asm.JNO,
		x86asm.JP, x86asm.JNP, x86asm.JS, x86asm.JNS:
		return true
	}
	return false
}

func isBranch(op x86asm.Op) bool {
	switch op {
	case x86asm.JMP, x86asm.CALL, x86asm.RET, x86asm.LJMP, x86asm.LCALL,
		x86asm.JCXZ, x86asm.JECXZ, x86asm.JRCXZ, x86asm.LOOP, x86asm.LOOPE, x86asm.LOOPNE:
		return true
	}
	return isConditionalJump(op)
}
