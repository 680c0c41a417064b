// Package targets lists the secret operations of every family for the
// constant-time tests (internal/dudect): one file per family, each
// registering its targets in init, in every configuration of the package.
// The short test in this package runs the targets marked Quick; the lab's
// constant-time section (cryptolab ct) runs them all, longer.
//
// A new family adds one file here: a function building its targets, per
// operation, parameter set and configuration, and an init calling register.
// See ARCHITECTURE.md, "Constant-time evidence".
package targets

import (
	"math/rand/v2"

	"github.com/cryptolab-go/cryptolab/internal/dudect"
)

var all []*dudect.Target

// register adds targets; the order of registration is the order of the
// tables (configurations in their package's order).
func register(ts ...*dudect.Target) { all = append(all, ts...) }

// All returns every target, grouped by family and operation (controls
// first).
func All() []*dudect.Target {
	ts := append([]*dudect.Target(nil), all...)
	dudect.Sort(ts)
	return ts
}

// fill writes random bytes into b.
func fill(rng *rand.Rand, b []byte) {
	for i := 0; i < len(b); i += 8 {
		v := rng.Uint64()
		for j := i; j < len(b) && j < i+8; j++ {
			b[j] = byte(v)
			v >>= 8
		}
	}
}

// randomBytes returns n random bytes.
func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	fill(rng, b)
	return b
}

// fixedVsRandom is the Input of the classic dudect test: class 0 is always
// fixed, class 1 fresh random bytes.
func fixedVsRandom(rng *rand.Rand, fixed []byte) func(class int, in []byte) {
	return func(class int, in []byte) {
		if class == 0 {
			copy(in, fixed)
			return
		}
		fill(rng, in)
	}
}

// reader is an io.Reader over one input, reset before each Run: it lets
// an operation that draws randomness (key generation, hedged signing) draw
// the bytes of the measurement's class.
type reader struct{ b []byte }

func (r *reader) Read(p []byte) (int, error) {
	n := copy(p, r.b)
	r.b = r.b[n:]
	if n == 0 && len(p) > 0 {
		return 0, errExhausted
	}
	return n, nil
}

type exhausted struct{}

func (exhausted) Error() string { return "targets: input exhausted" }

var errExhausted error = exhausted{}
