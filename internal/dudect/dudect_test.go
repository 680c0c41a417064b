package dudect

import (
	"crypto/subtle"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

func TestWelch(t *testing.T) {
	var a, b welford
	for _, x := range []float64{1, 2, 3, 4} {
		a.add(x)
	}
	for _, x := range []float64{2, 4, 6, 8, 10} {
		b.add(x)
	}
	// a: mean 2.5, var 5/3; b: mean 6, var 10.
	// t = -3.5 / sqrt(5/12 + 2) = -2.2517...
	if got, want := welch(&a, &b), -3.5/math.Sqrt(5.0/12+2); math.Abs(got-want) > 1e-12 {
		t.Fatalf("welch = %v, want %v", got, want)
	}
	if len(crops) != 20 || crops[0] < 0.29 || crops[0] > 0.3 || crops[19] < 0.999 || crops[19] >= 1 {
		t.Fatalf("crops = %v", crops)
	}
}

// earlyExitEqual is the planted leak: a comparison that returns at the
// first differing byte.
//
//go:noinline
func earlyExitEqual(a, b []byte) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

var sink bool

// compareTarget compares each input with a fixed secret: class 0 inputs
// equal it, class 1 inputs are random (they differ in the first byte with
// probability 255/256).
func compareTarget(leaky bool) *Target {
	eq := func(a, b []byte) bool { return subtle.ConstantTimeCompare(a, b) == 1 }
	name := "constant-time compare"
	if leaky {
		eq, name = earlyExitEqual, "early-exit compare"
	}
	return &Target{
		Family: "control", Op: name, Params: "64 B", Config: "-",
		Classes: [2]string{"equal", "random"}, Size: 64, Leaky: leaky,
		Setup: func(rng *rand.Rand) (*Instance, error) {
			secret := make([]byte, 64)
			for i := range secret {
				secret[i] = byte(rng.Uint32())
			}
			return &Instance{
				Input: func(class int, in []byte) {
					if class == 0 {
						copy(in, secret)
						return
					}
					for i := range in {
						in[i] = byte(rng.Uint32())
					}
				},
				Run: func(in []byte) { sink = eq(secret, in) },
			}, nil
		},
	}
}

func TestPlantedLeakDetected(t *testing.T) {
	r, err := Measure(compareTarget(true), Options{Duration: 500 * time.Millisecond, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	if r.MaxT < 10 {
		t.Fatalf("planted early-exit leak not detected: %v", r)
	}
}

func TestConstantTimeCompareQuiet(t *testing.T) {
	r, err := Measure(compareTarget(false), Options{Duration: 500 * time.Millisecond, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	if r.MaxT >= 10 {
		t.Fatalf("constant-time compare flagged: %v", r)
	}
	if r.N < 1000 {
		t.Fatalf("only %d measurements in 500ms", r.N)
	}
}

func TestMaxMeasurements(t *testing.T) {
	r, err := Measure(compareTarget(false), Options{Duration: time.Minute, MaxMeasurements: 5000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if r.N != 5000 {
		t.Fatalf("N = %d, want 5000", r.N)
	}
	if got := r.Tests[0].N[0] + r.Tests[0].N[1]; got != r.N {
		t.Fatalf("uncropped test has %d measurements, want %d", got, r.N)
	}
	if r.Tests[0].N[0] < 2000 || r.Tests[0].N[1] < 2000 {
		t.Fatalf("classes not balanced: %v", r.Tests[0].N)
	}
}
