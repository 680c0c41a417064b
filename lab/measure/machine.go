package measure

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// Machine describes this machine, build and clocks for the report's
// "Measurement configuration" section. It calibrates (see Calibrate).
func Machine(started time.Time) result.Machine {
	c := Calibrate()
	m := result.Machine{
		CPUModel:    cpuModel(),
		Cores:       runtime.NumCPU(),
		OS:          runtime.GOOS,
		Arch:        runtime.GOARCH,
		GoVersion:   runtime.Version(),
		Features:    cpuFeatures(),
		Counter:     c.Counter,
		CounterHz:   c.CounterHz,
		CoreHz:      c.CoreHz,
		CoreMethod:  c.CoreMethod,
		CoreProblem: c.CoreProblem,
		Started:     started.UTC(),
		Methods:     Methods(c),
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		m.Module = bi.Main.Version
		var rev, modified string
		var flags []string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			case "GOAMD64":
				m.GOAMD64 = s.Value
			case "-tags", "-gcflags", "-ldflags", "-asmflags", "-trimpath", "-race", "CGO_ENABLED":
				flags = append(flags, s.Key+"="+s.Value)
			}
		}
		if rev != "" {
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if modified == "true" {
				rev += "+dirty"
			}
			if m.Module == "" || m.Module == "(devel)" {
				m.Module = rev
			} else {
				m.Module += " (" + rev + ")"
			}
		}
		m.BuildFlags = strings.Join(flags, " ")
	}
	if runtime.GOARCH == "amd64" && m.GOAMD64 == "" {
		m.GOAMD64 = "v1"
	}
	return m
}

// cpuinfo returns the first value of each key in /proc/cpuinfo (Linux);
// elsewhere it is empty.
func cpuinfo() map[string]string {
	out := map[string]string{}
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k = strings.TrimSpace(k)
		if _, seen := out[k]; !seen {
			out[k] = strings.TrimSpace(v)
		}
	}
	return out
}

func cpuModel() string {
	ci := cpuinfo()
	for _, k := range []string{"model name", "Model", "Hardware", "cpu model"} {
		if v := ci[k]; v != "" {
			return v
		}
	}
	return "unknown (" + runtime.GOARCH + ")"
}

// cpuFeatures lists the instruction-set extensions relevant to the
// algorithms measured, as the kernel reports them.
func cpuFeatures() []string {
	ci := cpuinfo()
	flags := strings.Fields(ci["flags"] + " " + ci["Features"])
	names := map[string]string{
		"aes": "AES-NI", "pclmulqdq": "PCLMULQDQ", "sha_ni": "SHA-NI", "avx": "AVX",
		"avx2": "AVX2", "avx512f": "AVX-512F", "bmi2": "BMI2", "adx": "ADX",
		"constant_tsc": "constant TSC", "nonstop_tsc": "nonstop TSC",
		"sha2": "SHA2 (arm64)", "sha512": "SHA512 (arm64)", "pmull": "PMULL", "asimd": "ASIMD",
	}
	if runtime.GOARCH == "arm64" {
		names["aes"] = "AES (arm64)"
	}
	var out []string
	for _, f := range flags {
		if n, ok := names[f]; ok && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// Methods returns the description of each quantity the harness measures,
// for result.Machine.Methods.
func Methods(c Calibration) map[string]string {
	timeM := "Each case is warmed up, then timed in batches of consecutive calls sized so that the batches fill the minimum time; the cases of one published row (ours in each configuration and the in-process peers) run interleaved, one batch of each in turn. " +
		"Around each batch the harness reads the wall clock and the thread's CPU clock (CLOCK_THREAD_CPUTIME_ID, goroutine locked to its OS thread); the time per operation is the CPU time, which leaves out the intervals the thread was descheduled on this shared machine, with wall time reported beside it. After each batch of an operation that allocates, the harness completes the garbage collection outside the timed region, so no collector work spills into another case's batch. Median, min, max and spread ((max-min)/median) are over the batches (per-operation means of each batch; for an operation slower than a batch, about 10 ms, each batch is one call)."
	if !c.ThreadCPU {
		timeM = "Each case is warmed up, then timed in batches of consecutive calls with the wall clock (no per-thread CPU clock on this OS); the cases of one published row run interleaved. Median, min, max and spread are over the batches."
	}
	return map[string]string{
		"time":    timeM,
		"cycles":  cyclesMethod(c),
		"heap":    "Heap allocations and bytes per operation: runtime.ReadMemStats (Mallocs, TotalAlloc) before and after one extra batch, divided by its length.",
		"stack":   "Goroutine stack high-water mark, measured: a fresh goroutine pre-grows its stack, paints the free region with a sentinel word with the collector paused, calls the operation, and scans for the deepest overwritten word; the depth an empty call reaches is subtracted. Resolution 8 bytes; the smallest of 3 probes is kept (an asynchronous preemption can push a register frame).",
		"working": "Working memory: the bytes the operation keeps besides its inputs and outputs (context, expanded key, hash state, scratch), as declared by each case from the sizes of the structures it uses (unsafe.Sizeof / the configuration's documented key size).",
	}
}

// cyclesMethod describes the counter and core-cycle figures, or why the
// latter are missing.
func cyclesMethod(c Calibration) string {
	s := fmt.Sprintf("Counter ticks are read with %s around each batch; its frequency, %.4g GHz, is measured against the monotonic clock. ", c.Counter, c.CounterHz/1e9)
	if c.CoreHz == 0 {
		return s + "Core cycles are not reported in this run: the core-clock estimate was rejected, because " + c.CoreProblem + ". Method: " + c.CoreMethod + "."
	}
	return s + fmt.Sprintf("The counter ticks at a constant rate, not at the core clock, so core cycles are estimated as time × core clock, the core clock (%.4g GHz) being estimated with a %s.", c.CoreHz/1e9, c.CoreMethod)
}
