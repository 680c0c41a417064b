package measure

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"
)

// Calibration is what the harness learned about the machine's clocks before
// measuring anything.
type Calibration struct {
	Counter   string  // name of the counter read per batch (RDTSC, ...)
	CounterHz float64 // its frequency, measured against the monotonic clock

	// CoreHz is the estimated core clock, or 0 when the estimate was
	// rejected (CoreProblem says why): core-cycle figures are then left
	// out rather than wrong.
	CoreHz      float64
	AddHz       float64 // the addition chain's estimate
	CrossHz     float64 // the cross-check chain's estimate (0: none on this build)
	CoreMethod  string  // how CoreHz was derived, for the report
	CoreProblem string  // why CoreHz is 0; "" when the estimate stands
	ThreadCPU   bool    // whether per-thread CPU time is available (else wall time)
}

// The bounds a core-clock estimate must meet. No core in production runs
// its integer pipeline below 300 MHz or above 7 GHz (the fastest shipping
// desktop parts boost to about 6.2 GHz). The two chains must agree within
// crossTolerance: what defeats a chain (an addition folded at rename, two
// operations fused) changes its rate by a factor of 1.5 or more, while two
// correct chains timed alternately agree within a few percent.
const (
	minCoreHz      = 3e8
	maxCoreHz      = 7e9
	crossTolerance = 0.10
)

var (
	calOnce sync.Once
	cal     Calibration
)

// Calibrate measures the counter frequency and estimates the core clock.
// It takes about a quarter of a second the first time and is cached.
func Calibrate() Calibration {
	calOnce.Do(func() { cal = calibrate() })
	return cal
}

// chainOperand is the run-time operand of the chains, a variable so that
// nothing about it is known when they are compiled.
var chainOperand uint64 = 0x9e3779b97f4a7c15

func calibrate() Calibration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()

	// Counter frequency: counter ticks over monotonic nanoseconds, over
	// five 20 ms windows; the median is kept. Sleeping is fine because the
	// counters used are invariant (constant_tsc/nonstop_tsc on x86-64).
	var counterHz []float64
	for range 5 {
		t0, c0 := time.Now(), readCounter()
		time.Sleep(20 * time.Millisecond)
		c1, t1 := readCounter(), time.Now()
		counterHz = append(counterHz, float64(c1-c0)/t1.Sub(t0).Seconds())
	}
	slices.Sort(counterHz)

	c := Calibration{
		Counter:   counterName,
		CounterHz: counterHz[len(counterHz)/2],
		ThreadCPU: haveThreadCPU,
	}

	// Core clock: two chains of dependent operations of known latency,
	// timed alternately with the thread CPU clock so that time spent
	// descheduled does not count; the fastest of seven runs of each is
	// kept (anything else only slows a chain down). A machine whose chains
	// disagree is measured again, up to three times, before the estimate
	// is rejected: a transient (a frequency step between the runs) does
	// not repeat, a chain that is not a clock does.
	n := uint64(1)
	for {
		c0 := threadCPUNs()
		addChain(n, chainOperand)
		if threadCPUNs()-c0 > 2e6 {
			break
		}
		n *= 2
	}
	n *= 4
	// The cross chain runs for about as long as the addition chain.
	m := n
	if crossCycles > 0 {
		m = max(1, uint64(float64(n)*addChainOps/(crossOps*crossCycles)))
	}
	for range 3 {
		var addHz, crossHz float64
		for range 7 {
			if hz := chainHz(addChain, n, addChainOps, 1); hz > addHz {
				addHz = hz
			}
			if crossCycles > 0 {
				if hz := chainHz(crossChain, m, crossOps, crossCycles); hz > crossHz {
					crossHz = hz
				}
			}
		}
		c.AddHz, c.CrossHz = addHz, crossHz
		c.CoreHz, c.CoreProblem = judgeCore(addHz, crossHz)
		if c.CoreProblem == "" {
			break
		}
	}

	clock := "the thread CPU clock"
	if !haveThreadCPU {
		clock = "the wall clock (no thread CPU clock)"
	}
	if crossCycles > 0 {
		c.CoreMethod = fmt.Sprintf("%s (%.4g GHz), cross-checked by a %s (%.4g GHz; the two must agree within %.0f %%); fastest of 7 alternate runs of each, timed with %s",
			addMethod, c.AddHz/1e9, crossMethod, c.CrossHz/1e9, crossTolerance*100, clock)
	} else {
		c.CoreMethod = fmt.Sprintf("%s (%.4g GHz; not cross-checked: no second chain of known latency on this build); fastest of 7 runs, timed with %s",
			addMethod, c.AddHz/1e9, clock)
	}
	return c
}

// chainHz runs chain once for n iterations of ops operations of lat cycles
// each and returns the core clock it implies, 0 if the clock did not move.
func chainHz(chain func(n, k uint64) uint64, n uint64, ops, lat float64) float64 {
	c0 := threadCPUNs()
	chain(n, chainOperand)
	d := threadCPUNs() - c0
	if d <= 0 {
		return 0
	}
	return float64(n) * ops * lat / (float64(d) * 1e-9)
}

// judgeCore decides whether the two chains' estimates make a core clock:
// both plausible and, where there is a cross-check (cross > 0 or the build
// has one), in agreement. It returns the addition chain's estimate, or 0 and
// the reason it was rejected.
func judgeCore(add, cross float64) (float64, string) {
	plausible := func(hz float64) bool { return hz >= minCoreHz && hz <= maxCoreHz }
	switch {
	case !plausible(add):
		return 0, fmt.Sprintf("the addition chain implies a %.3g GHz core clock, outside the plausible %.1f–%.0f GHz", add/1e9, minCoreHz/1e9, maxCoreHz/1e9)
	case crossCycles == 0:
		return add, ""
	case !plausible(cross):
		return 0, fmt.Sprintf("the cross-check chain implies a %.3g GHz core clock, outside the plausible %.1f–%.0f GHz", cross/1e9, minCoreHz/1e9, maxCoreHz/1e9)
	case math.Abs(add/cross-1) > crossTolerance:
		return 0, fmt.Sprintf("the two chains disagree: %.4g GHz from the additions, %.4g GHz from the cross-check (×%.2f; at most %.0f %% apart is accepted), so one of them is not running at its documented latency on this core",
			add/1e9, cross/1e9, add/cross, crossTolerance*100)
	}
	return add, ""
}
