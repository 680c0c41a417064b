// Package instr counts the instructions one operation executes, exactly:
// the quantity that stays the same from run to run on a shared or virtual
// machine, where time does not (the idea behind iai-callgrind in Rust).
//
// The counter is Valgrind's callgrind tool. Hardware counters (perf stat -e
// instructions) would be faster, but virtual machines, such as this
// project's, usually do not expose them; callgrind runs the program on a
// synthetic CPU and counts every instruction it executes, the same on any
// machine. The lab runs its own binary under callgrind with the hidden
// "instructions-worker" subcommand (Worker). For each case the worker
// prepares the operation (Setup), calls it twice to warm up (lazily built
// tables, stack growth), then counts single calls between two client
// requests: zero the counters, switch collection on, call, switch it off,
// dump the counters under the case's label. Counts are kept per thread
// (--separate-threads=yes) and a dump holds the calling thread's, so the
// runtime's other threads (sysmon) are not counted; the collector is off
// (GOGC=off), there is one P (GOMAXPROCS=1) and no asynchronous preemption
// (asyncpreemptoff=1).
// The operations' randomness is fixed too: before each case's Setup the
// worker replaces crypto/rand.Reader by a ChaCha8 stream seeded from the
// case's identity (deterministicRand), so a hedged signature's nonce, a
// rejection-sampling loop's number of rounds, a PSS salt or an
// encapsulation's message are the same in every run, whichever other cases
// the run selected. Code that reads crypto/rand.Read or crypto/rand.Reader
// at call time (this module's packages, circl, filippo.io/mldsa) sees the
// stream; the standard library's own signing ignores its rand argument
// since Go 1.26 and stays random. Reading a replaced Reader costs one
// small heap buffer per read that the default Reader does not (crypto/rand
// and this module's packages special-case it); the allocation's own
// instructions are not counted (below), its call is.
// The count of an empty call, taken the same way, is subtracted. The Go
// scheduler's background thread (sysmon) still interrupts a goroutine that
// has run for 10 ms at its next function call, which asynchronous-
// preemption settings do not turn off (Go 1.26 has no setting for it:
// runtime.preemptone sets the goroutine's stackguard0 to stackPreempt
// whatever asyncpreemptoff says), and under Valgrind a long call runs for
// seconds: each interruption runs about 1,100–1,300 instructions of
// scheduler code on the counted thread, and a dozen or so in the
// interrupted function's stack check (stackcheck.go), a number of times
// that follows the wall clock. Both are taken out of each dump exactly,
// by address (callgrind writes per-instruction counts, --dump-instr=yes;
// the executable's Go function table and machine code say which
// instructions are the scheduler's and how long each function's stack
// check is): see dump.count. A legitimate stack growth goes through the
// same code and is taken out the same way. Valgrind's fair thread
// scheduling (--fair-sched=yes) hands the CPU to sysmon at regular
// intervals, so the interruptions are regular too, instead of depending
// on which thread wins Valgrind's lock. Each case is counted in three
// single calls and the smallest count kept; counts that differ from call
// to call (Count.Repeat) come from operations whose work depends on input
// that changes between calls (the next of several keys or messages, the
// next bytes of the random stream).
// The Go runtime's own randomness, seeded from the kernel at start, which
// no setting fixes, would still move counts from run to run: a type
// assertion to an interface type or a type switch adds an entry to its
// call site's cache on a random one in 1,024 misses, allocating the new
// cache, and the allocations move the heap's layout, and with it the path
// each later allocation takes (a span's free slots run out and it is
// refilled from mcentral and mheap every so many objects: tens to a couple
// of thousand instructions more, at points that move). So the instructions
// executed inside the allocator (runtime.mallocgc, which every allocation
// enters, and all it calls) and inside a type assertion's slow path
// (runtime.typeAssert, runtime.interfaceSwitch) are taken out of each
// dump too (region.go, from callgrind's call arcs: by address for the
// functions that only they call, by the arcs' inclusive costs for shared
// ones such as memclrNoHeapPointers); the calls themselves stay, the same
// in every run: the CALL, runtime.newobject's or makeslice's few
// instructions, the type assertion's cache probe. A count is thus of the
// operation's own instructions, its allocations' calls included and their
// insides left out (the report's heap columns give the allocations).
// What remains of that randomness: a type assertion whose site's cache
// the runtime fills during or between the counted calls takes the probe's
// hit path after it, a few instructions shorter than the miss path before
// it. The worker fills the one such cache every case meets
// (crypto/rand.Read's test of the replaced Reader, fillRandReadCache)
// before counting; this
// module's operations make no type assertion to an interface type (rsa's
// crypto.Signer adapter switches on concrete types only). Our operations
// allocate nothing where their API allows; what still allocates inside a
// counted call is key generation that returns a new key (LMS, X25519)
// and, in this worker only, every read of crypto/rand: with Reader
// replaced, crypto/rand.Read reads through a new heap buffer of the length
// asked. In two full runs of the lab (--quick --no-peers: 294 cases, 276
// counted, 18 registered only where the processor has a feature that
// Valgrind's CPU lacks), all 276 counts were identical, the six RSA no-CRT
// signatures, LMS key generation and the LMS SHAKE256 verifications
// included.
//
// The synthetic CPU reports the instruction-set extensions Valgrind
// emulates (AVX2 and AES-NI, not AVX-512 or the SHA extensions on the
// versions of 2022–2024), so code that selects its path by CPUID (the Go
// standard library's SHA-256) can take a different path there than natively.
package instr

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	mathrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// Callgrind's client requests (callgrind.h: VG_USERREQ_TOOL_BASE('C','T')
// and the following values), and Valgrind's own RUNNING_ON_VALGRIND.
const (
	reqCallgrindBase  = 0x43540000
	reqZeroStats      = reqCallgrindBase + 1
	reqToggleCollect  = reqCallgrindBase + 2
	reqDumpStatsAt    = reqCallgrindBase + 3
	reqRunningOnVgrnd = 0x1001
)

func request(r, arg uint64) uint64 {
	var a [6]uint64
	a[0], a[1] = r, arg
	return clientRequest(&a, 0)
}

// OnValgrind reports whether the process runs under Valgrind.
func OnValgrind() bool { return request(reqRunningOnVgrnd, 0) != 0 }

func dumpAt(label string) {
	b := append([]byte(label), 0)
	request(reqDumpStatsAt, uint64(uintptr(unsafe.Pointer(&b[0]))))
	runtime.KeepAlive(b)
}

// counted calls op once with collection on.
//
//go:noinline
func counted(op func() error) {
	request(reqZeroStats, 0)
	request(reqToggleCollect, 0)
	op()
	request(reqToggleCollect, 0)
}

// countedCalls is how many single calls of each case are counted; the
// smallest count is kept.
const countedCalls = 3

// valgrindMissing are the internal/cpu features Valgrind (3.19–3.22) does
// not emulate.
var valgrindMissing = []string{"vaes", "vpclmulqdq", "avx512f", "avx512vl", "sha"}

// WorkerCommand is the hidden subcommand of cmd/cryptolab that runs Worker.
const WorkerCommand = "instructions-worker"

const progressPrefix = "progress\t"

// workerOutput is what the worker prints: the cases that could not be
// counted, by index, with the reason.
type workerOutput struct {
	Errors map[int]string `json:"errors"`
}

// CaseID identifies a case between the parent and the worker: table,
// name, implementation and configuration. (Not its index in the registry:
// some cases are registered only where the processor has a feature, and
// Valgrind's synthetic CPU reports fewer features than the real one.)
func CaseID(c suite.Case) string {
	return c.Table + "\x1f" + c.Name + "\x1f" + c.Impl + "\x1f" + c.Config
}

// Worker is the hidden "cryptolab instructions-worker" subcommand: under
// callgrind, it counts the registered cases whose CaseID it reads from
// standard input, one per line (see the package comment), and prints a
// JSON report of the failures on stdout; the counts are in callgrind's
// dump files, labelled by each case's position in the input.
func Worker(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet(WorkerCommand, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%s: %v", WorkerCommand, err)
	}
	if !OnValgrind() {
		return fmt.Errorf("%s: not running under valgrind", WorkerCommand)
	}
	var ids []string
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			ids = append(ids, line)
		}
	}
	runtime.LockOSThread()
	debug.SetGCPercent(-1)
	// No heap profiling: the allocator samples an allocation for the
	// profile every 512 KiB on average, at points drawn at random, and a
	// sampled allocation runs its own code.
	runtime.MemProfileRate = 0
	// Valgrind's synthetic CPU runs neither the VEX- or EVEX-encoded AES
	// and carry-less multiplication (VAES, VPCLMULQDQ) nor AVX-512 nor the
	// SHA extensions, but may still report some of them in CPUID: code
	// that picked those paths would stop on an illegal instruction. The
	// packages that choose their assembly through internal/cpu are told
	// they are absent.
	cpu.Disable(valgrindMissing...)
	fillRandReadCache()
	byID := map[string]suite.Case{}
	for _, c := range suite.Cases() {
		byID[CaseID(c)] = c
	}
	out := workerOutput{Errors: map[int]string{}}
	noop := func() error { return nil }
	for range 2 {
		counted(noop)
	}
	for n := range countedCalls {
		runtime.Gosched()
		counted(noop)
		dumpAt(fmt.Sprintf("base-%d", n))
	}
	for k, id := range ids {
		c, ok := byID[id]
		if !ok {
			out.Errors[k] = "not registered in the worker (registered only where the processor has a feature that Valgrind's CPU lacks)"
			continue
		}
		fmt.Fprintf(os.Stderr, "%s%d\t%d\t%s\n", progressPrefix, k, len(ids), c.Name)
		rand.Reader = deterministicRand(id)
		op, _, err := c.Setup()
		if err == nil {
			if err = op(); err == nil {
				err = op()
			}
		}
		if err != nil {
			out.Errors[k] = err.Error()
			continue
		}
		for n := range countedCalls {
			runtime.Gosched() // a fresh time slice: sysmon preempts a call only after 10 ms
			counted(op)
			dumpAt(fmt.Sprintf("c%d-%d", k, n))
		}
	}
	fmt.Fprintf(os.Stderr, "%s%d\t%d\t%s\n", progressPrefix, len(ids), len(ids), "")
	return json.NewEncoder(stdout).Encode(out)
}

// fillRandReadCache fills the runtime's type-assertion cache of the test
// crypto/rand.Read makes of its Reader (crypto/internal/rand's
// IsDefaultReader: r.(drbg.DefaultReader), an assertion to an interface
// type) for the worker's Reader type. The runtime adds an entry to a call
// site's cache on a random one in 1,024 of its misses (runtime.typeAssert,
// drawing from the per-thread cheaprand seeded from the kernel at start);
// until then every rand.Read through the worker's Reader takes the slow
// path. That path's instructions (about 94) are not counted (region), but
// the site's cache probe runs a few instructions more on a miss than on a
// hit, and which counted call, if any, would see the cache filled would
// differ from run to run. 2^15 reads leave it unfilled with probability
// e^-32.
func fillRandReadCache() {
	saved := rand.Reader
	rand.Reader = deterministicRand("fill the type-assertion cache")
	var b [1]byte
	for range 1 << 15 {
		rand.Read(b[:])
	}
	rand.Reader = saved
}

// deterministicRand returns the random source a case runs with in the
// worker: a ChaCha8 stream (math/rand/v2) whose seed is an FNV-1a hash of
// the case's CaseID, so the case draws the same bytes in every run, in
// any selection of cases. It is not secret and serves only counting.
func deterministicRand(id string) io.Reader {
	h := fnv.New64a()
	h.Write([]byte(id))
	var seed [32]byte
	binary.LittleEndian.PutUint64(seed[:], h.Sum64())
	copy(seed[8:], "cryptolab instr worker")
	return &lockedReader{r: mathrand.NewChaCha8(seed)}
}

// lockedReader makes a ChaCha8 stream safe for concurrent use, as
// crypto/rand.Reader must be.
type lockedReader struct {
	mu sync.Mutex
	r  *mathrand.ChaCha8
}

func (l *lockedReader) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.r.Read(p)
}

// Count is the instruction count of one case.
type Count struct {
	PerOp  int64  // instructions of the cheapest counted call, less an empty call
	Repeat int64  // largest minus smallest of the counted calls (0: all the same)
	Err    string // why the case could not be counted
	// Morestack is how many calls of runtime.morestack (the scheduler's
	// interruptions, or stack growth) were taken out of the counted
	// calls, all together.
	Morestack int64
	// Region is how many instructions executed inside the allocator and
	// type assertions' slow path (regionRoots), and in runtime functions
	// that only the scheduler called, were taken out of the counted
	// calls, all together (see region).
	Region int64
}

// Available returns the valgrind command, or why instructions cannot be
// counted on this build and machine.
func Available() (string, error) {
	if !supported {
		return "", fmt.Errorf("instruction counting needs the amd64 build without -tags purego (Valgrind client requests are issued in amd64 assembly); this is %s", runtime.GOARCH)
	}
	path, err := exec.LookPath("valgrind")
	if err != nil {
		return "", errors.New("valgrind is not installed (apt-get install valgrind); instruction counts need its callgrind tool")
	}
	return path, nil
}

// Version returns valgrind's version line, e.g. "valgrind-3.19.0".
func Version(ctx context.Context, valgrind string) string {
	out, err := exec.CommandContext(ctx, valgrind, "--version").Output()
	if err != nil {
		return "valgrind"
	}
	return strings.TrimSpace(string(out))
}

// Method describes the counts for the report.
func Method(version string) string {
	return "Instructions executed by one call of the operation, counted exactly by " + version + "'s callgrind tool (a synthetic CPU: every instruction the calling thread executes between two client requests around one call, less the count of an empty call, after two warm-up calls; garbage collector off, one P, no asynchronous preemption). " +
		"In-process cases only (ours and the in-process peers). The synthetic CPU reports the extensions Valgrind emulates (AVX2, AES-NI; not AVX-512 or SHA-NI), so a library that picks its code by CPUID may run another path there than natively. " +
		"The Go scheduler interrupts a call that runs over 10 ms (under Valgrind, every few million instructions), at a number of places that follows the wall clock; the instructions of each interruption are taken out of the count exactly, by address: those of the scheduler's functions, and those it runs in the interrupted function (its stack check's call of runtime.morestack: the prologue once more, the spill, call, reload and jump back), read from the executable's machine code (a legitimate stack growth takes the same path and is taken out the same way, in every run alike). Each case is counted in three single calls and the smallest count is kept; each case draws its randomness from crypto/rand.Reader replaced by a fixed ChaCha8 stream of its own (the Go standard library's signing ignores it and stays random), so work that depends on random input (rejection sampling, a hedged nonce) repeats from run to run; a spread between the three calls (shown) is that input varying from call to call. Unlike time, the count does not depend on the machine's load: two runs of the same build give the same counts, except where the Go runtime's own randomness (the caches of type assertions, filled on a random one in 1,024 misses, and the heap layout their allocations shift) would change where an allocation takes its slower paths: so the instructions executed inside the Go allocator (runtime.mallocgc and all it calls) and inside a type assertion's slow path (runtime.typeAssert, runtime.interfaceSwitch) are taken out too, exactly, from callgrind's call arcs; the calls themselves are counted (the CALL, runtime.newobject's or makeslice's few instructions, the type assertion's cache probe), so a count is of the operation's own code, its allocations' calls included and their insides left out (the heap columns give the allocations); in two full runs, every one of the 276 counted cases of ours gave the same count."
}

// KeepEnv is the environment variable that, set to any value, makes Run
// keep callgrind's output (its dumps, one per counted call, and logs) in
// the temporary directory it names on standard error, for a look at where
// two counts differ (callgrind_annotate, or a diff of the per-function
// costs).
const KeepEnv = "CRYPTOLAB_INSTR_KEEP"

// Run counts the cases with the given CaseIDs by running exe (this
// command) under callgrind, and returns their counts by CaseID. progress,
// if not nil, sees each case begin. A case that stops the worker (an
// illegal instruction on Valgrind's synthetic CPU, a crash) gets the error
// in its Count, and the worker is started again on the cases after it.
func Run(ctx context.Context, exe string, ids []string, progress func(done, total int, label string)) (map[string]Count, error) {
	vg, err := Available()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "cryptolab-callgrind-")
	if err != nil {
		return nil, err
	}
	if keep := os.Getenv(KeepEnv); keep != "" {
		fmt.Fprintf(os.Stderr, "%s: callgrind's output kept in %s\n", KeepEnv, dir)
	} else {
		defer os.RemoveAll(dir)
	}
	out := map[string]Count{}
	done := 0
	for attempt := 0; len(ids) > 0; attempt++ {
		offset, total := done, done+len(ids)
		p := func(k, n int, label string) {
			if progress != nil {
				progress(offset+k, total, label)
			}
		}
		counts, started, runErr := runWorker(ctx, vg, exe, dir, attempt, ids, p)
		for k, c := range counts {
			out[ids[k]] = c
		}
		if runErr == nil {
			break
		}
		if started < 0 || started >= len(ids) {
			return out, runErr
		}
		// The case in progress stopped the worker: record why, go on
		// with the ones after it.
		out[ids[started]] = Count{Err: "the instructions worker stopped in this case: " + runErr.Error()}
		done += started + 1
		ids = ids[started+1:]
	}
	return out, nil
}

// runWorker runs one worker process on ids and returns the counts it
// dumped, by position in ids, and, when it failed, the position of the
// case it was in (-1 if none) and the error.
func runWorker(ctx context.Context, vg, exe, dir string, attempt int, ids []string, progress func(done, total int, label string)) (map[int]Count, int, error) {
	base := fmt.Sprintf("cg%d.out", attempt)
	cmd := exec.CommandContext(ctx, vg, "--tool=callgrind", "--collect-atstart=no", "--separate-threads=yes", "--dump-instr=yes", "--fair-sched=yes",
		"--log-file="+filepath.Join(dir, fmt.Sprintf("valgrind%d.log", attempt)),
		"--callgrind-out-file="+filepath.Join(dir, base),
		exe, WorkerCommand)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GOGC=off", "GODEBUG=asyncpreemptoff=1")
	cmd.Stdin = strings.NewReader(strings.Join(ids, "\n") + "\n")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, -1, err
	}
	if err := cmd.Start(); err != nil {
		return nil, -1, err
	}
	var other strings.Builder
	started := -1
	sc := bufio.NewScanner(stderr)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, progressPrefix); ok {
			f := strings.SplitN(rest, "\t", 3)
			if len(f) == 3 {
				k, _ := strconv.Atoi(f[0])
				n, _ := strconv.Atoi(f[1])
				started = k
				if progress != nil {
					progress(k, n, f[2])
				}
			}
			continue
		}
		other.WriteString(line + "\n")
	}
	io.Copy(io.Discard, stderr)
	waitErr := cmd.Wait()
	totals, err := readDumps(dir, base, exe)
	if err != nil {
		return nil, -1, err
	}
	var wo workerOutput
	if waitErr == nil {
		if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &wo); err != nil {
			return nil, -1, fmt.Errorf("instructions worker output: %v", err)
		}
	}
	out := map[int]Count{}
	baseCount, _, _, _, ok, baseErr := minMax(totals, "base")
	if !ok {
		if waitErr != nil {
			return out, started, workerError(waitErr, other.String(), dir, attempt)
		}
		return nil, -1, errors.New("callgrind wrote no baseline counts")
	}
	if baseErr != "" {
		return nil, -1, errors.New("the empty call's count: " + baseErr)
	}
	for k := range ids {
		if waitErr != nil && k >= started {
			break // not reached, or the case that stopped the worker
		}
		if msg, bad := wo.Errors[k]; bad {
			out[k] = Count{Err: msg}
			continue
		}
		lo, hi, ms, rg, ok, msg := minMax(totals, fmt.Sprintf("c%d", k))
		if !ok {
			out[k] = Count{Err: "no callgrind dump"}
			continue
		}
		if msg != "" {
			out[k] = Count{Err: msg}
			continue
		}
		if lo < baseCount {
			out[k] = Count{Err: fmt.Sprintf("counted %d instructions, fewer than the empty call's %d: more was taken out of the case's dumps than of the empty call's", lo, baseCount)}
			continue
		}
		out[k] = Count{PerOp: lo - baseCount, Repeat: hi - lo, Morestack: ms, Region: rg}
	}
	if waitErr != nil {
		return out, started, workerError(waitErr, other.String(), dir, attempt)
	}
	return out, -1, nil
}

func workerError(err error, stderr, dir string, attempt int) error {
	log, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("valgrind%d.log", attempt)))
	msg := strings.TrimSpace(stderr)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return fmt.Errorf("valgrind: %v: %s %s", err, msg, lastLines(string(log), 2))
}

// readDumps reads callgrind's dump files in dir and returns each one's
// count by its label ("desc: Trigger: Client Request: LABEL"): its total
// less the instructions of the scheduler's interruptions (dump.count),
// found by address in the executable exe, read once.
func readDumps(dir, base, exe string) (map[string]dumpCount, error) {
	files, err := filepath.Glob(filepath.Join(dir, base+"*"))
	if err != nil {
		return nil, err
	}
	var prog *program
	var progErr error
	out := map[string]dumpCount{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		d, ok := parseDump(data, exe)
		if !ok || d.label == "" {
			continue
		}
		if prog == nil && progErr == nil {
			prog, progErr = readProgram(exe)
		}
		if progErr != nil {
			out[d.label] = dumpCount{err: "reading the executable to take out the scheduler's instructions: " + progErr.Error()}
			continue
		}
		out[d.label] = d.count(prog)
	}
	return out, nil
}

// dumpCount is the count of one dump, or why it could not be made exact.
type dumpCount struct {
	n         int64
	morestack int64 // calls of runtime.morestack taken out
	region    int64 // instructions of the allocator and type assertions' slow path taken out (region)
	err       string
}

// dump is what parseDump reads from one callgrind dump.
type dump struct {
	label string
	total int64 // the dump's total
	// self is the number of times each instruction of the executable
	// executed, by address (callgrind's --dump-instr=yes).
	self map[uint64]int64
	// calls is the inclusive cost of the calls made from each CALL
	// instruction of the executable to each callee address (callgrind's
	// call arcs).
	calls map[callArc]int64
	// entered is the number of calls callgrind counts on each arc (the N
	// of "calls=N"): calls entered while collection was on. An arc with
	// an inclusive cost and no call is a call that was already in
	// progress when the counters were zeroed (an ancestor of the counted
	// call, or a frame callgrind's call tracking left open at a goroutine
	// switch), whose inclusive cost is everything executed under it in
	// the dump. (These counts over-count calls of runtime.morestack, see
	// count; region uses them only to tell 0 from not 0.)
	entered map[callArc]int64
}

// callArc is a call arc of a dump: the calling instruction and the
// callee's address.
type callArc struct{ from, to uint64 }

// count is the dump's total less the instructions that the Go scheduler's
// interruptions executed on the counted thread:
//   - those of the scheduler's functions (schedulerFunctions), found by
//     address in the executable's Go function table;
//   - those that each call of runtime.morestack adds to the function that
//     made it (its stack check's Extra: the prologue once more and the
//     morestack block), times the number of executions of that CALL
//     instruction, which callgrind counts exactly. (Not callgrind's count
//     of calls on the arc to morestack: runtime.morestack does not return
//     to its caller, the scheduler resumes the goroutine by a jump, and
//     callgrind's call tracking then over-counts the arc, by tens of calls
//     in a dump with two.)
//
// and the instructions executed inside the allocator and type assertions'
// slow path, and in runtime functions only the scheduler called (region:
// by address, and by call arcs' inclusive costs for shared functions); an
// interruption inside the allocator is taken out with it.
//
// Every call of runtime.morestack_noctxt goes on into runtime.morestack,
// so the calls found must add up to the executions of runtime.morestack's
// first instruction; a dump where they do not is an error, not a count.
// A legitimate stack growth goes through the same path and is taken out
// the same way (the stack grows in the warm-up calls, so a counted call
// rarely grows it; when it does, it does so in every run).
func (d dump) count(p *program) dumpCount {
	region, cut, err := p.region(d)
	if err != nil {
		return dumpCount{err: err.Error()}
	}
	var sched, inRegion, calls, extra int64
	for pc, n := range d.self {
		if n == 0 {
			continue
		}
		f := p.funcAt(pc)
		if f != nil && p.sched[f.Entry] {
			sched += n
			if p.callsMorestack(pc) { // runtime.morestack_noctxt's own call
				calls += n
			}
			continue
		}
		if f != nil && region[f.Entry] {
			// Taken out whole, an interruption's stack check included.
			inRegion += n
			if p.callsMorestack(pc) {
				calls += n
			}
			continue
		}
		if p.callsMorestack(pc) {
			c, err := p.stackCheck(pc)
			if err != nil {
				return dumpCount{err: "the scheduler interrupted this call, and its instructions in the interrupted function could not be taken out: " + err.Error()}
			}
			if c.Call != pc {
				return dumpCount{err: fmt.Sprintf("runtime.morestack called at %#x, outside the stack check of its function (whose call is at %#x)", pc, c.Call)}
			}
			calls += n
			extra += n * int64(c.Extra())
		}
	}
	if entries := d.self[p.entry]; calls != entries {
		return dumpCount{err: fmt.Sprintf("runtime.morestack ran %d times, %d calls of it found", entries, calls)}
	}
	n := d.total - sched - extra - inRegion - cut
	if n < 0 {
		return dumpCount{err: fmt.Sprintf("%d instructions taken out of a dump of %d (scheduler %d, stack checks %d, region %d by address and %d by call arcs)", d.total-n, d.total, sched, extra, inRegion, cut)}
	}
	return dumpCount{n: n, morestack: calls, region: inRegion + cut}
}

// parseDump reads a callgrind dump written with --dump-instr=yes: its
// label, its total ("totals: N", Ir being the only event collected) and
// the self cost of every instruction of the executable exe by address.
// The format (valgrind.org/docs/manual/cl-format.html): "positions: instr
// line" says each cost line opens with an address and a line number, the
// event count follows; an address is absolute in hexadecimal, "+N" or
// "-N" from the previous cost line's, or "*" the same; "ob=(id) path"
// names the object the following lines are in (an address of another
// object, such as the dynamic loader, is not the executable's); a
// "calls=N target" line's target is the callee's position and is not a
// cost line, and the cost line after it is the inclusive cost of those
// calls, at the calling instruction, not that instruction's own.
func parseDump(data []byte, exe string) (d dump, ok bool) {
	names := map[string]string{}
	isExe := map[string]bool{}
	main := true
	afterCalls, hasInstr := false, false
	npos := 1
	var addr uint64
	d.self = map[uint64]int64{}
	d.calls = map[callArc]int64{}
	d.entered = map[callArc]int64{}
	var callee uint64
	var ncalls int64
	calleeMain := false
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" {
			continue
		}
		if rest, found := strings.CutPrefix(line, "desc: Trigger: Client Request: "); found {
			d.label = strings.TrimSpace(rest)
			continue
		}
		if rest, found := strings.CutPrefix(line, "positions:"); found {
			f := strings.Fields(rest)
			npos, hasInstr = len(f), len(f) > 0 && f[0] == "instr"
			continue
		}
		if rest, found := strings.CutPrefix(line, "totals:"); found {
			f := strings.Fields(rest)
			if len(f) > 0 {
				if n, err := strconv.ParseInt(f[0], 10, 64); err == nil {
					d.total, ok = n, true
				}
			}
			continue
		}
		if rest, found := strings.CutPrefix(line, "ob="); found {
			name := objectName(names, rest)
			is, seen := isExe[name]
			if !seen {
				is = sameFile(name, exe)
				isExe[name] = is
			}
			main, calleeMain = is, is
			continue
		}
		if rest, found := strings.CutPrefix(line, "cob="); found {
			name := objectName(names, rest)
			is, seen := isExe[name]
			if !seen {
				is = sameFile(name, exe)
				isExe[name] = is
			}
			calleeMain = is
			continue
		}
		if rest, found := strings.CutPrefix(line, "calls="); found {
			// calls=COUNT TARGET…: the callee's address is the target's
			// first subposition, absolute or relative to the last cost
			// line's (which the cost line after this one repeats).
			afterCalls = true
			callee, ncalls = 0, 0
			if f := strings.Fields(rest); len(f) > 1 && calleeMain {
				callee = nextAddr(addr, f[1])
				ncalls, _ = strconv.ParseInt(f[0], 10, 64)
			}
			calleeMain = main
			continue
		}
		if strings.HasPrefix(line, "fn=") || strings.HasPrefix(line, "fl=") {
			calleeMain = main
		}
		c := line[0]
		if !((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '*') {
			continue
		}
		f := strings.Fields(line)
		if len(f) > 0 {
			addr = nextAddr(addr, f[0])
		}
		if afterCalls {
			afterCalls = false
			if len(f) > npos && hasInstr && main && callee != 0 {
				if n, err := strconv.ParseInt(f[npos], 10, 64); err == nil {
					d.calls[callArc{addr, callee}] += n
					d.entered[callArc{addr, callee}] += ncalls
				}
			}
			continue
		}
		if len(f) <= npos || !hasInstr || !main {
			continue
		}
		if n, err := strconv.ParseInt(f[npos], 10, 64); err == nil {
			d.self[addr] += n
		}
	}
	if !hasInstr {
		ok = false
	}
	return d, ok
}

// sameFile reports whether the object callgrind names is the executable.
func sameFile(object, exe string) bool {
	if object == exe {
		return true
	}
	a, err1 := os.Stat(object)
	b, err2 := os.Stat(exe)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// nextAddr returns the address a cost line's first subposition names,
// given the previous one's.
func nextAddr(prev uint64, s string) uint64 {
	switch {
	case s == "*":
		return prev
	case strings.HasPrefix(s, "0x"):
		if v, err := strconv.ParseUint(s[2:], 16, 64); err == nil {
			return v
		}
	case strings.HasPrefix(s, "+"):
		if v, err := strconv.ParseUint(s[1:], 0, 64); err == nil {
			return prev + v
		}
	case strings.HasPrefix(s, "-"):
		if v, err := strconv.ParseUint(s[1:], 0, 64); err == nil {
			return prev - v
		}
	default:
		if v, err := strconv.ParseUint(s, 0, 64); err == nil {
			return v
		}
	}
	return prev
}

// objectName resolves callgrind's compressed object name "(id) path" or
// "(id)", recording the path at its first appearance.
func objectName(names map[string]string, s string) string {
	id, name, _ := strings.Cut(s, " ")
	if name != "" {
		names[id] = name
	} else {
		name = names[id]
	}
	return name
}

// schedulerFunctions are the Go runtime's functions (Go 1.26, linux/amd64;
// named as in the Go function table, assembly ones without ".abi0") that
// a counted call executes only when the scheduler interrupts it: sysmon
// asks a goroutine that has run for 10 ms to yield at its next function
// call (asynchronous preemption being off), and the call then goes
// through morestack, newstack and the scheduler, which hands the locked
// thread's P on and back (about 1,100–1,300 instructions each time). The
// garbage collector is off and the stack has grown in the warm-up calls,
// so none of them is the operation's own work; the lock and futex
// functions are also those of the mutexes the allocator takes when it
// needs a new span (inside the allocator, whose instructions are taken
// out anyway). Runtime functions that the dump shows called only from
// these are taken out with them (region), so a rarer scheduler path
// needs no entry here. The interruption's share inside the interrupted
// function (its stack check's slow path) is taken out by dump.count.
var schedulerFunctions = map[string]bool{
	"runtime.morestack": true, "runtime.morestack_noctxt": true, "runtime.newstack": true,
	"runtime.gopreempt_m": true, "runtime.goschedImpl": true, "runtime.mcall": true,
	"runtime.schedule": true, "runtime.findRunnable": true, "runtime.execute": true,
	"runtime.gogo": true, "gogo": true, "runtime.dropg": true,
	"runtime.stoplockedm": true, "runtime.startm": true, "runtime.wakep": true,
	"runtime.handoffp": true, "runtime.incidlelocked": true, "runtime.checkdead": true,
	"runtime.acquirep": true, "runtime.acquirepNoTrace": true,
	"runtime.releasep": true, "runtime.releasepNoTrace": true, "runtime.wirep": true,
	"runtime.pidleget": true, "runtime.pidlegetSpinning": true,
	"runtime.globrunqget": true, "runtime.globrunqgetbatch": true,
	"runtime.globrunqput": true, "runtime.runqputbatch": true, "runtime.runqget": true,
	"runtime.(*timers).check": true, "runtime.(*m).clearAllpSnapshot": true,
	"runtime.(*gcControllerState).releaseNextGCMarkWorker": true,
	"runtime.(*listHeadManual).pop":                        true,
	"runtime.(*mcache).prepareForSweep":                    true,
	"runtime.casgstatus":                                   true, "runtime.(*timeHistogram).record": true, "runtime.nanotime1": true,
	"runtime.notesleep": true, "runtime.notewakeup": true,
	"runtime.futexsleep": true, "runtime.futexwakeup": true, "runtime.futex": true,
	"runtime.lock2": true, "runtime.unlock2": true,
}

func schedulerFunc(name string) bool { return schedulerFunctions[strings.TrimSuffix(name, ".abi0")] }

// minMax returns the smallest and largest of the countedCalls dumps of
// one label and the calls of runtime.morestack taken out of them; ok is
// false if a dump is missing, errMsg says why one is not exact.
func minMax(totals map[string]dumpCount, label string) (lo, hi, morestack, region int64, ok bool, errMsg string) {
	for k := range countedCalls {
		c, found := totals[fmt.Sprintf("%s-%d", label, k)]
		if !found {
			return 0, 0, 0, 0, false, ""
		}
		if c.err != "" {
			return 0, 0, 0, 0, true, c.err
		}
		morestack += c.morestack
		region += c.region
		n := c.n
		if k == 0 || n < lo {
			lo = n
		}
		if k == 0 || n > hi {
			hi = n
		}
	}
	return lo, hi, morestack, region, true, ""
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
