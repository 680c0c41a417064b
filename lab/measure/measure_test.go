package measure

import (
	"errors"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

func TestSummarize(t *testing.T) {
	s := Summarize("ns/op", []float64{5, 1, 3, 2, 4}, true)
	if s.Median != 3 || s.Min != 1 || s.Max != 5 || s.Spread != 4.0/3 || len(s.Samples) != 5 || s.Unit != "ns/op" {
		t.Fatalf("Summarize odd = %+v", s)
	}
	s = Summarize("x", []float64{4, 1, 3, 2}, false)
	if s.Median != 2.5 || s.Samples != nil {
		t.Fatalf("Summarize even = %+v", s)
	}
	if s := Summarize("x", nil, true); s.Median != 0 || s.Spread != 0 {
		t.Fatalf("Summarize empty = %+v", s)
	}
}

// TestCalibrate checks the core-clock estimate against everything that can
// contradict it on this machine: the two chains of different operations and
// latencies must agree (an addition chain that a core shortens, as Golden
// Cove does with immediate additions, runs ×6 faster than the multiplication
// chain), the estimate must be a plausible clock, must stand in a plausible
// ratio to the invariant counter where the counter is the TSC, and must not
// exceed the kernel's maximum frequency where the kernel publishes one.
func TestCalibrate(t *testing.T) {
	c := Calibrate()
	t.Logf("%+v", c)
	if c.CounterHz < 1e6 || c.CounterHz > 2e10 {
		t.Errorf("counter frequency %.3g Hz is implausible", c.CounterHz)
	}
	if c.Counter == "" || c.CoreMethod == "" {
		t.Error("calibration is not labelled")
	}
	if c.CoreProblem != "" || c.CoreHz == 0 {
		t.Fatalf("core-clock estimate rejected: %s", c.CoreProblem)
	}
	if c.CoreHz != c.AddHz {
		t.Errorf("CoreHz %.4g is not the addition chain's %.4g", c.CoreHz, c.AddHz)
	}
	if c.CoreHz < 3e8 || c.CoreHz > 7e9 {
		t.Errorf("core clock estimate %.3g Hz is implausible", c.CoreHz)
	}
	if crossCycles > 0 {
		if r := c.AddHz / c.CrossHz; r < 0.9 || r > 1.1 {
			t.Errorf("addition chain %.4g GHz and cross-check %.4g GHz disagree (×%.3f)", c.AddHz/1e9, c.CrossHz/1e9, r)
		}
	} else {
		t.Logf("no cross-check chain on %s with this build", runtime.GOARCH)
	}
	if counterName == "RDTSC" {
		// The TSC runs at about the nominal clock; cores run between
		// a fifth of it (deep power saving) and about 2.5 times it
		// (single-core boost of a low-base-clock server part).
		if r := c.CoreHz / c.CounterHz; r < 0.2 || r > 3 {
			t.Errorf("core clock %.4g GHz is ×%.2f the TSC's %.4g GHz", c.CoreHz/1e9, r, c.CounterHz/1e9)
		}
	}
	if b, err := os.ReadFile("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"); err == nil {
		if khz, err := strconv.ParseFloat(strings.TrimSpace(string(b)), 64); err == nil && khz > 0 {
			if c.CoreHz > khz*1e3*1.1 {
				t.Errorf("core clock %.4g GHz exceeds the kernel's maximum %.4g GHz", c.CoreHz/1e9, khz/1e6)
			}
		}
	}
}

// TestJudgeCore checks that the estimate is rejected, and so the cycle
// columns left empty, exactly when it cannot be a clock.
func TestJudgeCore(t *testing.T) {
	for _, tc := range []struct {
		add, cross float64
		ok         bool
	}{
		{2.9e9, 2.93e9, true},
		{4.45e9, 4.44e9, true},
		{17.3e9, 2.9e9, false}, // immediate additions folded (Golden Cove)
		{1e8, 1e8, false},
		{2.9e9, 20e9, false},
		{5.8e9, 2.9e9, false}, // two additions per cycle
		{2.9e9, 3.3e9, false},
	} {
		hz, problem := judgeCore(tc.add, tc.cross)
		if crossCycles == 0 && tc.add >= minCoreHz && tc.add <= maxCoreHz {
			tc.ok = true // no cross-check on this build
		}
		if ok := problem == ""; ok != tc.ok || (ok && hz != tc.add) || (!ok && hz != 0) {
			t.Errorf("judgeCore(%.3g, %.3g) = %.3g, %q; want accepted=%v", tc.add, tc.cross, hz, problem, tc.ok)
		}
	}
}

// TestNoCyclesWithoutClock checks that a rejected estimate leaves the
// cycle figures out instead of writing zeros or wrong numbers.
func TestNoCyclesWithoutClock(t *testing.T) {
	var r result.Result
	fill(&r, []Batch{{N: 10, WallNs: 1000, CPUNs: 1000, Ticks: 3000}}, Calibration{ThreadCPU: true, CoreProblem: "x"})
	if r.Cycles.Median != 0 || len(r.Cycles.Samples) != 0 || r.Ns.Median != 100 {
		t.Errorf("cycles %+v, ns %+v", r.Cycles, r.Ns)
	}
	fill(&r, []Batch{{N: 10, WallNs: 1000, CPUNs: 1000, Ticks: 3000}}, Calibration{ThreadCPU: true, CoreHz: 2e9})
	if r.Cycles.Median != 200 {
		t.Errorf("cycles %+v, want 200", r.Cycles)
	}
}

//go:noinline
func keep4K(a *[4096]byte) byte { return a[17] ^ a[4000] }

//go:noinline
func use4K() byte {
	var a [4096]byte
	for i := range a {
		a[i] = byte(i) | 1
	}
	return keep4K(&a)
}

//go:noinline
func keep1K(a *[1024]byte) byte { return a[3] }

//go:noinline
func recurse(n int) byte {
	var a [1024]byte
	for i := range a {
		a[i] = byte(n)
	}
	if n == 0 {
		return keep1K(&a)
	}
	return recurse(n-1) ^ keep1K(&a)
}

func TestStack(t *testing.T) {
	empty, err := Stack(func() error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if empty != 8 {
		t.Errorf("empty operation: stack %d bytes, want 8 (its return address)", empty)
	}
	var x byte
	s4, err := Stack(func() error { x ^= use4K(); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if s4 < 4096 || s4 > 4096+256 {
		t.Errorf("4 KiB frame: stack %d bytes, want 4096..4352", s4)
	}
	// 200 frames of ~1 KiB: more than the first painted region (60 KiB),
	// so the probe must retry with a larger one.
	deep, err := Stack(func() error { x ^= recurse(199); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if deep < 200*1024 || deep > 200*(1024+128) {
		t.Errorf("200 × 1 KiB recursion: stack %d bytes", deep)
	}
	// The figure is stable.
	again, _ := Stack(func() error { x ^= use4K(); return nil })
	if again != s4 {
		t.Errorf("repeated measurement: %d then %d bytes", s4, again)
	}
	t.Logf("empty %d, 4K frame %d, recursion %d bytes", empty, s4, deep)
	if _, err := Stack(func() error { return errors.New("boom") }); err == nil {
		t.Error("operation error not returned")
	}
}

var sinkSlice []byte

func TestHeap(t *testing.T) {
	allocs, bytes, err := Heap(func() error { sinkSlice = make([]byte, 1024); return nil }, 200)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(allocs-1) > 0.05 || bytes < 1024 || bytes > 1100 {
		t.Errorf("1 KiB allocation per call: %.2f allocs, %.0f bytes per op", allocs, bytes)
	}
	allocs, _, err = Heap(func() error { return nil }, 200)
	if err != nil || allocs > 0.05 {
		t.Errorf("no allocation: %.2f allocs/op, err %v", allocs, err)
	}
}

// work returns an operation of fixed CPU work: n iterations of the
// calibration chain (64 dependent additions each on amd64, 16 elsewhere).
func work(n uint64) func() error {
	return func() error { addChain(n, chainOperand); return nil }
}

func spin(d time.Duration) func() error {
	return func() error {
		for t0 := time.Now(); time.Since(t0) < d; {
		}
		return nil
	}
}

func TestInterleaved(t *testing.T) {
	opt := Options{MinTime: 20 * time.Millisecond, MinBatches: 4}
	fail := errors.New("fail")
	calls := 0
	bs, errs := Interleaved([]func() error{
		work(100),
		func() error {
			calls++
			if calls > 100 {
				return fail
			}
			return nil
		},
		nil,
		work(1000),
	}, opt)
	if errs[0] != nil || errs[3] != nil {
		t.Fatal(errs)
	}
	if !errors.Is(errs[1], fail) || errs[2] == nil {
		t.Errorf("errors = %v", errs)
	}
	for _, i := range []int{0, 3} {
		if len(bs[i]) < opt.MinBatches {
			t.Errorf("op %d: %d batches, want ≥ %d", i, len(bs[i]), opt.MinBatches)
		}
		var total int64
		for _, b := range bs[i] {
			total += b.measured()
		}
		if total < int64(opt.MinTime) {
			t.Errorf("op %d: measured %v, want ≥ %v", i, time.Duration(total), opt.MinTime)
		}
	}
	// The operation with ten times the work gets smaller batches.
	if bs[3][0].N >= bs[0][0].N {
		t.Errorf("batch sizes %d (work 100) and %d (work 1000)", bs[0][0].N, bs[3][0].N)
	}
}

// (Under heavy load the harness's MaxTime guard may stop a group after
// 3 batches per case, the documented minimum, instead of MinBatches.)
func TestRunCases(t *testing.T) {
	mk := func(impl, cfg string, setup func() (func() error, int, error)) suite.Case {
		p := map[string]string{"hash": "SHA256", "buffer_bytes": "32"}
		if cfg != "" {
			p["config"] = cfg
		}
		return suite.Case{Suite: "sha", Table: "sha_sole", Name: "SHA/sole/hash=SHA256/size=32", Params: p,
			Impl: impl, Config: cfg, BytesPerOp: 32, Setup: setup}
	}
	ok := func() (func() error, int, error) { return work(200), 100, nil }
	other := suite.Case{Suite: "sha", Table: "sha_tag", Name: "SHA/tag", Params: map[string]string{"hash": "SHA256"},
		Impl: "cryptolab", Setup: ok}
	cases := []suite.Case{
		mk("cryptolab", "Small", ok),
		other,
		mk("cryptolab", "Fast", func() (func() error, int, error) { return nil, 0, errors.New("no key") }),
		mk("go", "", ok),
	}
	if g := Groups(cases); len(g) != 2 || len(g[0]) != 3 || len(g[1]) != 1 {
		t.Fatalf("Groups: %d groups", len(g))
	}
	var calls []int
	rs := RunCases(cases, QuickOptions(), func(done, total int, name string) { calls = append(calls, done) })
	if len(rs) != 4 {
		t.Fatalf("%d results", len(rs))
	}
	if rs[0].Config != "Small" || rs[1].Table != "sha_tag" || rs[3].Impl != "go" {
		t.Errorf("results out of order: %v %v %v", rs[0].Config, rs[1].Table, rs[3].Impl)
	}
	if rs[2].Status != result.StatusError || rs[2].Note == "" {
		t.Errorf("failing setup: status %q note %q", rs[2].Status, rs[2].Note)
	}
	for _, i := range []int{0, 1, 3} {
		r := rs[i]
		if r.Status != result.StatusOK || r.Ns.Median < 500 || r.Ns.Median > 1e6 || r.Working != 100 ||
			r.Cycles.Median <= 0 || r.Ticks.Median <= 0 || r.Ops <= 0 || r.Stack <= 0 || len(r.Ns.Samples) < 3 {
			t.Errorf("result %d: %+v", i, r)
		}
	}
	if rs[0].KBytesPer.Median <= 0 || rs[0].KBytesPer.Unit != "Kbytes/s" {
		t.Errorf("throughput not filled: %+v", rs[0].KBytesPer)
	}
	if len(calls) != 3 || calls[2] != 4 {
		t.Errorf("progress calls %v", calls)
	}
}

// TestInterleavedCollectsAfterAllocatingBatches checks that a batch of an
// allocating operation is followed by a completed collection, so none runs
// into the next batch.
func TestInterleavedCollectsAfterAllocatingBatches(t *testing.T) {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	bs, errs := Interleaved([]func() error{
		func() error { sinkSlice = make([]byte, 64); return nil },
		spin(5 * time.Microsecond),
	}, Options{MinTime: 10 * time.Millisecond, MinBatches: 4})
	runtime.ReadMemStats(&m1)
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	if got := int(m1.NumForcedGC - m0.NumForcedGC); got < len(bs[0]) {
		t.Errorf("%d forced collections for %d batches of the allocating operation", got, len(bs[0]))
	}
}

// TestRemoteCases runs a case timed by "another process" (suite.Case.Remote,
// here a function reporting 100 ns of CPU and 120 ns of wall time per
// operation) in one group with an in-process case: it is interleaved with
// it (its batches alternate with the local case's), its times are the
// reported ones, its ticks come from the wall time, and it has no wall-time,
// heap or stack figures (not measured here). A Remote that fails to set up,
// or whose batch fails, gives an error result and spares the others.
func TestRemoteCases(t *testing.T) {
	last, changes := "", 0
	saw := func(who string) {
		if who != last {
			changes++
			last = who
		}
	}
	local := suite.Case{Table: "t", Name: "x", Params: map[string]string{"p": "1"}, Impl: "cryptolab",
		Setup: func() (func() error, int, error) {
			return func() error { saw("L"); return nil }, 8, nil
		}}
	remoteBatch := func(n int) (int64, int64, error) {
		saw("R")
		return int64(n) * 100, int64(n) * 120, nil
	}
	remote := suite.Case{Table: "t", Name: "x", Params: map[string]string{"p": "1"}, Impl: "peer", BytesPerOp: 50,
		Remote: func() (func(int) (int64, int64, error), error) { return remoteBatch, nil }}
	badSetup := remote
	badSetup.Impl = "bad-setup"
	badSetup.Remote = func() (func(int) (int64, int64, error), error) { return nil, errors.New("no helper") }
	badBatch := remote
	badBatch.Impl = "bad-batch"
	badBatch.Remote = func() (func(int) (int64, int64, error), error) {
		return func(int) (int64, int64, error) { return 0, 0, errors.New("helper stopped") }, nil
	}
	rs := RunCases([]suite.Case{local, remote, badSetup, badBatch}, QuickOptions(), nil)
	cal := Calibrate()
	r := rs[1]
	if r.Status != result.StatusOK || r.Ns.Median != 100 || r.CPUNs.Median != 100 || r.NsSource != "cpu" ||
		r.WallNs.Unit != "" || r.Stack != 0 || r.Working != 0 || r.Allocs != 0 || len(r.Ns.Samples) < 5 ||
		r.KBytesPer.Median != 50*1e6/100 || math.Abs(r.Ticks.Median-120*cal.CounterHz/1e9) > 1e-6*r.Ticks.Median {
		t.Errorf("remote result %+v", r)
	}
	if cal.CoreHz > 0 && math.Abs(r.Cycles.Median-100*cal.CoreHz/1e9) > 1e-6*r.Cycles.Median {
		t.Errorf("remote cycles %v, want %v", r.Cycles.Median, 100*cal.CoreHz/1e9)
	}
	if rs[0].Status != result.StatusOK || rs[0].Stack <= 0 || rs[0].WallNs.Unit == "" {
		t.Errorf("local result %+v", rs[0])
	}
	if rs[2].Status != result.StatusError || !strings.Contains(rs[2].Note, "no helper") ||
		rs[3].Status != result.StatusError || !strings.Contains(rs[3].Note, "helper stopped") {
		t.Errorf("failing remotes: %+v / %+v", rs[2], rs[3])
	}
	// Interleaved: after the warm-ups, the measured batches alternate, so
	// the calls switch between the local and the remote case many times.
	if changes < 8 {
		t.Errorf("batches not interleaved: %d changes between local and remote operations", changes)
	}
}
