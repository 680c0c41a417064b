package targets

import (
	"math/rand/v2"

	"github.com/cryptolab-go/cryptolab/internal/dudect"
)

// The control is a planted leak: a comparison that returns at the first
// differing byte, of a 64-byte secret with inputs equal to it (class 0) or
// random (class 1, differing in the first byte with probability 255/256).
// Every run must flag it; if it does not, the measurements are too noisy
// to mean anything.
func init() {
	register(&dudect.Target{
		Family: "control", Op: "early-exit compare (planted leak)", Params: "64 B", Config: "-",
		Classes: [2]string{"equal", "random"}, Size: 64, Quick: true, Leaky: true,
		Setup: func(rng *rand.Rand) (*dudect.Instance, error) {
			secret := randomBytes(rng, 64)
			return &dudect.Instance{
				Input: fixedVsRandom(rng, secret),
				Run:   func(in []byte) { leakSink = earlyExitEqual(secret, in) },
			}, nil
		},
	})
}

var leakSink bool

//go:noinline
func earlyExitEqual(a, b []byte) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
