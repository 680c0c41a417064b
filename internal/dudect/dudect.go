// Package dudect tests whether an operation's running time depends on its
// input, after Reparaz, Balasch and Verbauwhede, "Dude, is my code constant
// time?" (DATE 2017): the operation runs on inputs of two classes (say, a
// fixed secret and random secrets, or valid and invalid padding), the class
// of each measurement drawn at random so that whatever else the machine does
// falls on both alike, and Welch's t-test compares the two classes' timings.
// Under the hypothesis that time does not depend on the class, t is roughly a
// standard normal variable; a leak makes |t| grow with the square root of the
// number of measurements.
//
// One run of Measure:
//
//   - Inputs are prepared in batches outside the timed region, each
//     measurement in its own slot of one buffer, whatever its class: the two
//     classes see the same kind of memory (same allocation, same alignment,
//     just written), so a difference cannot come from where the bytes live.
//   - Each measurement reads a cycle counter (Clock: RDTSC on amd64,
//     CNTVCT_EL0 on arm64, the monotonic clock elsewhere and under purego)
//     immediately before and after one call.
//   - The first batch warms caches, branch predictors and the clock, and is
//     dropped. The second fixes the crop thresholds: the uncropped test
//     and tests keeping only measurements below the 1-2^(-k/2) quantile,
//     k = 1..20 (the 29th to the 99.9th percentile), because interrupts,
//     preemption and frequency changes add a long right tail that hides small
//     differences in the body of the distribution.
//   - The result is the largest |t| over the tests that have at least
//     MinPerClass measurements in each class, and the number of
//     measurements taken.
//
// The threshold conventionally used with dudect is |t| > 4.5 for "leaks"
// (about one false positive per 150,000 tests when t is normal); timings on
// a shared machine are not independent samples, so the tests that run in CI
// use 10. This package has no dependency outside the standard library, so
// both the tests and the lab can use it.
package dudect

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"time"
)

// ErrTooFew is returned (wrapped) by Measure when no test had MinPerClass
// measurements of each class within five times Duration: the operation is
// too slow on this machine (an emulator, say) for the time given.
var ErrTooFew = errors.New("too few measurements for a test: give it more time")

// Ticks returns the current value of the counter named by Clock. Only
// differences of readings on one thread are meaningful.
func Ticks() uint64 { return ticks() }

// Target is one operation to test, with how to make inputs of its two
// classes. Targets are listed per family in package
// internal/dudect/targets.
type Target struct {
	Family  string    // "aes", "ecdsa", "mlkem", ...
	Op      string    // the operation, e.g. "key setup", "decapsulation"
	Params  string    // parameter set, e.g. "AES-128", "P-256", "ML-KEM-768"
	Config  string    // the package's configuration, e.g. "Small", "Fast-High"
	Classes [2]string // the two input classes, e.g. {"fixed key", "random key"}
	Size    int       // bytes of one input
	// Quick marks the targets the short test in go test runs (one
	// parameter set per configuration, say); the lab runs them all.
	Quick bool
	// QuickTime, if set, replaces the short test's time per target (for a
	// target with a known public-data difference; see its Note).
	QuickTime time.Duration
	// Tolerance, if set, is for a pair whose classes differ by design in a
	// way that is public (see Note): the short test then accepts |t| over
	// its bound when the two classes' mean times differ by less than this
	// fraction of the mean, which still catches gross leaks (an early exit
	// that skips most of the work).
	Tolerance float64
	// Leaky marks a planted leak (a control that must be detected).
	Leaky bool
	// Note explains a result that needs explaining (the lab prints it).
	Note string
	// Setup prepares the operation (keys, fixed inputs, output buffers),
	// drawing any randomness it needs from rng, and returns the instance
	// to measure. It is not timed.
	Setup func(rng *rand.Rand) (*Instance, error)
}

// RelDiff returns |mean0 - mean1| / ((mean0 + mean1) / 2) of the test that
// gave MaxT.
func (r Result) RelDiff() float64 {
	m := r.Worst.Mean
	if m[0]+m[1] == 0 {
		return 0
	}
	return math.Abs(m[0]-m[1]) / ((m[0] + m[1]) / 2)
}

// Name is "family/op/params/config".
func (t *Target) Name() string {
	return t.Family + "/" + t.Op + "/" + t.Params + "/" + t.Config
}

// Instance is a prepared Target.
type Instance struct {
	// Input writes one input of class 0 or 1 into in (len(in) is the
	// target's Size; its previous content is arbitrary). It is not timed;
	// it may use the rng given to Setup.
	Input func(class int, in []byte)
	// Run performs the operation once on in. Only Run is timed. It must
	// not keep in, which is overwritten by the next batch.
	Run func(in []byte)
}

// Options bound one Measure run; it stops at whichever limit comes first
// (after at least the two setup batches).
type Options struct {
	Duration        time.Duration // wall time of the measuring loop (default 2s)
	MaxMeasurements int           // 0 = no limit
	// MinMeasurements keeps measuring past Duration (up to five times it)
	// until this many measurements are taken, so that a slow operation on
	// a loaded machine still gets a test (default 3*MinPerClass).
	MinMeasurements int
	MinPerClass     int    // smallest class size a test needs to count (default 100)
	Seed            uint64 // seeds the class choice and the inputs
	// BatchBytes bounds the input buffer of one batch (default 1 MiB).
	BatchBytes int
}

func (o Options) normalized() Options {
	if o.Duration <= 0 {
		o.Duration = 2 * time.Second
	}
	if o.MinPerClass <= 0 {
		o.MinPerClass = 100
	}
	if o.MinMeasurements <= 0 {
		o.MinMeasurements = 3 * o.MinPerClass
	}
	if o.BatchBytes <= 0 {
		o.BatchBytes = 1 << 20
	}
	return o
}

// Test is one Welch t-test of a Result.
type Test struct {
	Crop      float64 // quantile kept (1 = uncropped)
	Threshold uint64  // ticks: measurements >= Threshold are dropped (cropped tests)
	N         [2]int  // measurements per class
	Mean      [2]float64
	T         float64
}

// Result is the outcome of Measure.
type Result struct {
	Target  *Target
	N       int     // measurements taken after the warm-up batch, both classes
	MaxT    float64 // largest |t| over the tests with enough measurements
	Worst   Test    // the test that gave MaxT
	Tests   []Test
	Elapsed time.Duration // wall time of the whole run
	Clock   string
}

func (r Result) String() string {
	return fmt.Sprintf("%s: max |t| = %.2f (crop %.3f) over n = %d (%v)",
		r.Target.Name(), r.MaxT, r.Worst.Crop, r.N, r.Elapsed.Round(time.Millisecond))
}

// welford accumulates a mean and variance (Welford's algorithm).
type welford struct {
	n       int
	mean, m float64
}

func (w *welford) add(x float64) {
	w.n++
	d := x - w.mean
	w.mean += d / float64(w.n)
	w.m += d * (x - w.mean)
}

func (w *welford) variance() float64 {
	if w.n < 2 {
		return 0
	}
	return w.m / float64(w.n-1)
}

// welch returns Welch's t statistic of two samples.
func welch(a, b *welford) float64 {
	se := math.Sqrt(a.variance()/float64(a.n) + b.variance()/float64(b.n))
	if se == 0 {
		if a.mean == b.mean {
			return 0
		}
		return math.Inf(1)
	}
	return (a.mean - b.mean) / se
}

// crops are the quantiles kept by the cropped tests: 1 - 2^(-k/2), k = 1..20.
var crops = func() []float64 {
	q := make([]float64, 20)
	for k := range q {
		q[k] = 1 - math.Pow(2, -float64(k+1)/2)
	}
	return q
}()

// Measure runs t's test. The calling goroutine is locked to its thread for
// the run. Inputs are random (from Options.Seed); a failing Setup, or a
// panic in Setup, Input or Run, is returned as the error.
func Measure(t *Target, opt Options) (res Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			res, err = Result{}, fmt.Errorf("dudect: %s: panic: %v", t.Name(), v)
		}
	}()
	opt = opt.normalized()
	if t.Size < 0 || t.Setup == nil {
		return Result{}, errors.New("dudect: target without Setup")
	}
	start := time.Now()
	rng := rand.New(rand.NewPCG(opt.Seed, 0x6475646563740a))
	inst, err := t.Setup(rng)
	if err != nil || inst == nil {
		return Result{}, fmt.Errorf("dudect: %s: %w", t.Name(), err)
	}
	coin := rand.New(rand.NewPCG(opt.Seed^0x9e3779b97f4a7c15, 1))

	runtime.LockOSThread()
	defer runtime.UnlockOSThread()

	// Batch size: aim at about 20 ms of measurements per batch once the
	// cost of one call is known, within the input buffer's bound.
	size := max(t.Size, 1)
	maxBatch := max(opt.BatchBytes/size, 16)
	batch := min(16, maxBatch)
	slab := make([]byte, maxBatch*size)
	classes := make([]uint8, maxBatch)
	times := make([]uint64, maxBatch)

	run := func(n int) {
		for i := range n {
			c := uint8(coin.Uint32() & 1)
			classes[i] = c
			inst.Input(int(c), slab[i*size:i*size+t.Size:i*size+t.Size])
		}
		for i := range n {
			in := slab[i*size : i*size+t.Size : i*size+t.Size]
			t0 := ticks()
			inst.Run(in)
			t1 := ticks()
			times[i] = t1 - t0
		}
	}

	// Warm-up batch, dropped; it also sizes the batches.
	w0 := time.Now()
	run(batch)
	per := time.Since(w0) / time.Duration(batch) // includes input preparation
	if per > 0 {
		batch = int(20 * time.Millisecond / per)
	} else {
		batch = maxBatch
	}
	batch = min(max(batch, 32), maxBatch)

	// Thresholds from the first kept batch.
	var tests []Test
	var acc [][2]welford
	n := 0
	begin := time.Now() // Setup and the warm-up are not part of Duration
	deadline := begin.Add(opt.Duration)
	for first := true; ; first = false {
		m := batch
		if opt.MaxMeasurements > 0 {
			m = min(m, opt.MaxMeasurements-n)
		}
		if m <= 0 {
			break
		}
		runtime.GC() // collect between batches, not during them
		run(m)
		if first {
			sorted := slices.Clone(times[:m])
			slices.Sort(sorted)
			tests = append(tests, Test{Crop: 1, Threshold: math.MaxUint64})
			for _, q := range crops {
				tests = append(tests, Test{Crop: q, Threshold: sorted[int(q*float64(m-1))] + 1})
			}
			acc = make([][2]welford, len(tests))
		}
		for i := range m {
			x, c := times[i], classes[i]
			for k := range tests {
				if x < tests[k].Threshold {
					acc[k][c].add(float64(x))
				}
			}
		}
		n += m
		if now := time.Now(); !now.Before(deadline) && (n >= opt.MinMeasurements || now.Sub(begin) > 5*opt.Duration) {
			break
		}
	}

	r := Result{Target: t, N: n, Clock: Clock}
	for k := range tests {
		a := &acc[k]
		tests[k].N = [2]int{a[0].n, a[1].n}
		tests[k].Mean = [2]float64{a[0].mean, a[1].mean}
		if a[0].n < opt.MinPerClass || a[1].n < opt.MinPerClass {
			continue
		}
		tests[k].T = welch(&a[0], &a[1])
		if at := math.Abs(tests[k].T); at > r.MaxT || r.Worst.Crop == 0 {
			r.MaxT, r.Worst = at, tests[k]
		}
	}
	r.Tests = tests
	r.Elapsed = time.Since(start)
	if r.Worst.Crop == 0 {
		return r, fmt.Errorf("dudect: %s: fewer than %d measurements per class in %v (n = %d): %w",
			t.Name(), opt.MinPerClass, time.Since(begin).Round(time.Millisecond), n, ErrTooFew)
	}
	return r, nil
}

// Sort orders targets by family, operation, parameters and then in the order
// given (configurations stay in their package's order).
func Sort(ts []*Target) {
	sort.SliceStable(ts, func(i, j int) bool {
		a, b := ts[i], ts[j]
		if a.Family != b.Family {
			return a.Family < b.Family
		}
		if a.Op != b.Op {
			return a.Op < b.Op
		}
		return false
	})
}
