package instr

import (
	"fmt"
	"strings"
)

// regionRoots are the Go runtime's functions whose work depends on state
// that the runtime's own randomness moves from run to run, so that the
// instructions executed in them (and in what they call) are taken out of
// every count (see region):
//   - runtime.mallocgc, the heap allocator, which every allocation
//     (runtime.newobject, makeslice, growslice, …) enters: the path an
//     allocation takes depends on where the heap stands (its span's free
//     slots run out and the span is refilled from mcentral and mheap every
//     so many objects, a bitmap spans two words or one), and the heap's
//     layout moves with the runtime's own random allocations;
//   - runtime.typeAssert and runtime.interfaceSwitch, the slow path of a
//     type assertion to an interface type and of a type switch, taken on a
//     miss in the call site's cache, which the runtime fills on a random
//     one in 1,024 misses (allocating the new cache as it does).
//
// The calls themselves stay in the count: the CALL instruction and the
// code around it (runtime.newobject's, a type assertion's cache probe) run
// the same in every run, one per allocation or miss.
var regionRoots = []string{"runtime.mallocgc", "runtime.typeAssert", "runtime.interfaceSwitch"}

// region finds, in dump d, the instructions that count takes out besides
// the interrupted functions' stack checks: those executed inside calls of
// the regionRoots and in the scheduler's functions (schedulerFunctions),
// from the dump's call arcs:
//   - the roots' own instructions, the scheduler's, and those of every
//     runtime function that the dump shows called only from them or from
//     such functions (runtime.(*mcache).nextFree, refill, mcentral, mheap,
//     getitab; a scheduler path that schedulerFunctions does not list) are
//     taken out by address (in, by function entry);
//   - a function that they call but that counted code also calls
//     (memclrNoHeapPointers, memmove) is taken out by the inclusive cost of
//     their arcs into it (cut), provided that nothing it calls is itself
//     taken out by address, which would then be taken out twice (an error
//     otherwise).
//
// Only runtime functions join the region through the arcs: when the
// scheduler resumes an interrupted goroutine, callgrind can record the
// jump back as a call from the scheduler into the operation's code.
func (p *program) region(d dump) (in map[uint64]bool, cut int64, err error) {
	entryOf := func(pc uint64) uint64 {
		if f := p.funcAt(pc); f != nil {
			return f.Entry
		}
		return 0
	}
	type edge struct{ from, to uint64 } // function entries
	edges := map[edge]bool{}            // every arc
	live := map[edge]bool{}             // arcs with calls entered in the dump
	for a := range d.calls {
		from, to := entryOf(a.from), entryOf(a.to)
		if to != 0 {
			edges[edge{from, to}] = true
			if d.entered[a] > 0 && !p.resumes(from) {
				live[edge{from, to}] = true
			}
		}
	}
	fixed := func(e uint64) bool { return p.roots[e] || p.sched[e] }
	in = map[uint64]bool{}
	for e := range p.roots {
		in[e] = true
	}
	for e := range p.sched {
		in[e] = true
	}
	// The runtime functions they call in the dump. (Not through an arc
	// without a call: that is a call in progress before the counters were
	// zeroed, such as the scheduler's jump into the goroutine that
	// callgrind's call tracking can leave open below the counted call's
	// ancestors (runtime.gogo into runtime.main): everything the counted
	// call executes lies under it.)
	for changed := true; changed; {
		changed = false
		for e := range live {
			if in[e.from] && !in[e.to] && p.runtimeFunc(e.to) {
				in[e.to] = true
				changed = true
			}
		}
	}
	// Less those also called from elsewhere (and what only such
	// functions call).
	for changed := true; changed; {
		changed = false
		for e := range edges {
			if in[e.to] && !fixed(e.to) && !in[e.from] {
				delete(in, e.to)
				changed = true
			}
		}
	}
	// The region's arcs into shared functions.
	reach := func(start uint64) map[uint64]bool {
		seen := map[uint64]bool{start: true}
		for changed := true; changed; {
			changed = false
			for e := range edges {
				if seen[e.from] && !seen[e.to] {
					seen[e.to] = true
					changed = true
				}
			}
		}
		return seen
	}
	under := map[uint64]bool{} // the functions the cut arcs lead to
	for a, n := range d.calls {
		from, to := entryOf(a.from), entryOf(a.to)
		if !in[from] || in[to] || to == 0 || n == 0 {
			continue
		}
		if !p.runtimeFunc(to) || d.entered[a] == 0 || p.resumes(from) {
			// Not the region's work: the scheduler resuming the
			// interrupted operation (runtime.gogo jumps to the saved
			// PC, which callgrind can record as a call), or a call in
			// progress before the counters were zeroed, under which the
			// counted call itself ran.
			continue
		}
		for f := range reach(to) {
			if f != to && in[f] {
				return nil, 0, fmt.Errorf("%s, called both from %s and from counted code, calls %s: the share of it to take out cannot be told apart", p.name(to), p.name(from), p.name(f))
			}
			under[f] = true
		}
		cut += n
	}
	// The arcs' inclusive costs cannot exceed what the functions they
	// lead to executed in the dump; if they do, an arc's cost includes
	// work outside the dump or outside the region, and the count would be
	// too small: an error, not a count.
	if cut > 0 {
		var held int64
		for pc, n := range d.self {
			if under[entryOf(pc)] {
				held += n
			}
		}
		if cut > held {
			return nil, 0, fmt.Errorf("the region's calls of shared functions have an inclusive cost of %d instructions, more than the %d those functions executed in the dump", cut, held)
		}
	}
	return in, cut, nil
}

// resumes reports whether the function at entry is runtime.gogo, which
// resumes a goroutine by jumping to its saved PC: callgrind can record the
// jump as a call, whose callee is the resumed goroutine's code.
func (p *program) resumes(entry uint64) bool {
	f := p.funcAt(entry)
	if f == nil {
		return false
	}
	n := strings.TrimSuffix(f.Name, ".abi0")
	return n == "runtime.gogo" || n == "gogo"
}

// runtimeFunc reports whether the function at entry is the Go runtime's.
func (p *program) runtimeFunc(entry uint64) bool {
	f := p.funcAt(entry)
	if f == nil {
		return false
	}
	return strings.HasPrefix(f.Name, "runtime.") || strings.HasPrefix(f.Name, "internal/runtime/") || p.runtimeAsm[f.Entry]
}

func (p *program) name(entry uint64) string {
	if f := p.funcAt(entry); f != nil {
		return f.Name
	}
	return fmt.Sprintf("%#x", entry)
}
