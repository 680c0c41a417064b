// Package measure is the lab's harness: one way of timing and sizing every
// case, whatever the algorithm or implementation.
//
// For each case the harness
//
//   - warms the operation up and sizes a batch so that MinBatches batches
//     fill MinTime;
//   - runs batches of the cases of one published row interleaved (ours in
//     each configuration and every in-process peer: A B C A B C ...), so
//     that a change in machine load hits them all alike, until each case
//     has MinTime of measured time and MinBatches batches;
//   - reads, around each batch, the wall clock, the thread's CPU clock
//     (CLOCK_THREAD_CPUTIME_ID, goroutine locked to its thread) and the
//     cycle counter (RDTSC on amd64), and keeps per-operation values per
//     batch; the time figure used is the CPU time, which excludes the
//     intervals the thread was descheduled on this shared machine, and wall
//     time is reported beside it;
//   - derives core cycles from that time and the estimated core clock (the
//     TSC ticks at a constant nominal rate, not at the core clock);
//   - counts heap bytes and allocations per operation with
//     runtime.ReadMemStats around a separate batch, and after a batch that
//     allocated forces the garbage collection to completion before the
//     next batch, so that no collector work from one case overlaps the
//     timing of another (a case's own allocation cost and any collection
//     starting inside its batch stay in its figure);
//   - measures the goroutine stack high-water mark (see Stack).
package measure

import (
	"errors"
	"fmt"
	"runtime"
	"time"
)

// Options sets how long each case is measured.
type Options struct {
	MinTime    time.Duration // measured time per case, summed over its batches
	MinBatches int           // minimum number of batches (samples) per case
	// MaxTime bounds the wall time spent on one group of interleaved cases
	// once every case has at least 3 batches (a guard for very slow
	// operations); 0 means 20 × MinTime × cases in the group.
	MaxTime time.Duration
}

// DefaultOptions is what "cryptolab run" uses: 10 batches of about 10 ms
// over 100 ms of measured (thread CPU) time per case. On this project's
// shared 2-core machine wall time runs at 2-3× the CPU time under load, and
// this keeps the full default suite with its peers within five minutes;
// the batch length, not the batch count, is what keeps a batch's figure
// stable, and ten batches still give compare's rank test its power.
func DefaultOptions() Options { return Options{MinTime: 100 * time.Millisecond, MinBatches: 10} }

// QuickOptions is for smoke tests (--quick): 5 batches over 10 ms.
func QuickOptions() Options { return Options{MinTime: 10 * time.Millisecond, MinBatches: 5} }

func (o Options) normalized() Options {
	if o.MinTime <= 0 {
		o.MinTime = DefaultOptions().MinTime
	}
	if o.MinBatches <= 0 {
		o.MinBatches = DefaultOptions().MinBatches
	}
	return o
}

// Batch is one timed batch of N consecutive calls of an operation.
type Batch struct {
	N      int
	WallNs int64
	CPUNs  int64 // thread CPU time; equals WallNs when no thread clock exists
	Ticks  uint64
}

// A batcher performs one batch of n operations and returns its times:
// runBatch on an in-process operation, or a Remote case's batch function
// (suite.Case.Remote) for an operation timed in another process.
type batcher func(n int) (Batch, error)

// local is the batcher of an in-process operation.
func local(op func() error) batcher {
	return func(n int) (Batch, error) { return runBatch(op, n) }
}

// remote is the batcher of an operation timed in another process, which
// reports its own thread CPU and wall time. Its counter ticks are derived
// from the wall time (the counter runs at a constant rate), as for the
// out-of-process peers, since this process's counter reading around the
// request would include the round trip.
func remote(run func(n int) (cpuNs, wallNs int64, err error), counterHz float64) batcher {
	return func(n int) (Batch, error) {
		cpu, wall, err := run(n)
		if err != nil {
			return Batch{}, err
		}
		if cpu <= 0 || wall <= 0 {
			return Batch{}, fmt.Errorf("measure: remote batch of %d reported %d ns CPU, %d ns wall", n, cpu, wall)
		}
		return Batch{N: n, WallNs: wall, CPUNs: cpu, Ticks: uint64(float64(wall) * counterHz / 1e9)}, nil
	}
}

// timed is the state of one operation during interleaved measurement.
type timed struct {
	run     batcher
	n       int // calls per batch
	batches []Batch
	total   int64 // measured ns so far (CPU if available, else wall)
	// allocates records that the operation allocated during warm-up.
	allocates bool
	err       error
	done      bool
}

// errNil is returned for a nil operation.
var errNil = errors.New("measure: nil operation")

// runBatch calls op n times between clock readings. The goroutine must be
// locked to its OS thread.
func runBatch(op func() error, n int) (Batch, error) {
	c0 := threadCPUNs()
	t0 := time.Now()
	k0 := readCounter()
	for i := 0; i < n; i++ {
		if err := op(); err != nil {
			return Batch{}, err
		}
	}
	k1 := readCounter()
	t1 := time.Now()
	c1 := threadCPUNs()
	b := Batch{N: n, WallNs: int64(t1.Sub(t0)), CPUNs: c1 - c0, Ticks: k1 - k0}
	if !haveThreadCPU || c0 < 0 || c1 < 0 {
		b.CPUNs = b.WallNs
	}
	return b, nil
}

func (b Batch) measured() int64 {
	if haveThreadCPU {
		return b.CPUNs
	}
	return b.WallNs
}

// warm runs op with doubling batch sizes until one batch takes at least
// d, and returns the batch size that makes a batch last about target.
func warm(run batcher, d, target time.Duration) (int, error) {
	n := 1
	for {
		b, err := run(n)
		if err != nil {
			return 0, err
		}
		ns := b.measured()
		if ns >= int64(d) || n >= 1<<30 {
			per := float64(ns) / float64(n)
			if per <= 0 {
				per = 1
			}
			m := int(float64(target) / per)
			return max(1, m), nil
		}
		n *= 2
	}
}

// Interleaved measures ops in rounds, one batch of each per round (A B C A
// B C ...), until each has opt.MinTime of measured time and opt.MinBatches
// batches. It returns each operation's batches, or the first error of each
// operation (a failing operation stops; the others go on).
func Interleaved(ops []func() error, opt Options) ([][]Batch, []error) {
	runs := make([]batcher, len(ops))
	for i, op := range ops {
		if op != nil {
			runs[i] = local(op)
		}
	}
	return interleaved(runs, opt)
}

// interleaved is Interleaved on batchers, in-process or remote.
func interleaved(runs []batcher, opt Options) ([][]Batch, []error) {
	opt = opt.normalized()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()

	ts := make([]*timed, len(runs))
	warmTime := max(opt.MinTime/20, time.Millisecond)
	target := opt.MinTime / time.Duration(opt.MinBatches)
	for i, run := range runs {
		t := &timed{run: run}
		ts[i] = t
		if run == nil {
			t.err, t.done = errNil, true
			continue
		}
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		t.n, t.err = warm(run, warmTime, target)
		runtime.ReadMemStats(&m1)
		t.allocates = m1.Mallocs != m0.Mallocs
		t.done = t.err != nil
	}
	maxTime := opt.MaxTime
	if maxTime <= 0 {
		maxTime = 20 * opt.MinTime * time.Duration(max(1, len(runs)))
	}
	start := time.Now()
	for {
		active := false
		for _, t := range ts {
			if t.done {
				continue
			}
			b, err := t.run(t.n)
			if t.allocates {
				// Finish the collection the batch's garbage started (or
				// would start) now, outside any timed region, so that
				// its background work does not run on the other core
				// during the next case's batch.
				runtime.GC()
			}
			if err != nil {
				t.err, t.done = err, true
				continue
			}
			t.batches = append(t.batches, b)
			t.total += b.measured()
			if (t.total >= int64(opt.MinTime) && len(t.batches) >= opt.MinBatches) ||
				(len(t.batches) >= 3 && time.Since(start) > maxTime) {
				t.done = true
			} else {
				active = true
			}
		}
		if !active {
			break
		}
	}
	out := make([][]Batch, len(ts))
	errs := make([]error, len(ts))
	for i, t := range ts {
		out[i], errs[i] = t.batches, t.err
	}
	return out, errs
}

// Heap returns the heap allocations and bytes per call of op over n calls,
// from runtime.ReadMemStats before and after (as testing.AllocsPerRun does).
// Allocations by other goroutines in that window are counted too; the lab
// runs none while measuring.
func Heap(op func() error, n int) (allocs, bytes float64, err error) {
	if op == nil {
		return 0, 0, errNil
	}
	n = max(n, 1)
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for i := 0; i < n; i++ {
		if err := op(); err != nil {
			return 0, 0, fmt.Errorf("measure: heap pass: %w", err)
		}
	}
	runtime.ReadMemStats(&m1)
	return float64(m1.Mallocs-m0.Mallocs) / float64(n), float64(m1.TotalAlloc-m0.TotalAlloc) / float64(n), nil
}
