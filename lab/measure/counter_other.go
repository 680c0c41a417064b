//go:build !(amd64 || arm64) || purego

package measure

import "time"

// Without the amd64 assembly (other architectures, or the purego build) the
// "counter" is the monotonic clock in nanoseconds, labelled as such; its
// measured frequency is then 1 GHz and core cycles are time × the estimated
// core clock.
const counterName = "monotonic clock ns (no cycle counter on this build)"

var counterEpoch = time.Now()

func readCounter() uint64 { return uint64(time.Since(counterEpoch)) }

// addChainOps is the number of dependent operations addChain executes per
// iteration.
const addChainOps = 16

// chainA and chainB are variables, not constants, so that the compiler
// cannot fold the chain below.
var chainA, chainB uint64 = 0x9e3779b97f4a7c15, 0x5851f42d4c957f2d

// addChain runs n iterations of 16 alternating additions and XORs, each
// depending on the previous result (one cycle of latency each on current
// cores; the compiler cannot merge an addition across an XOR). The loop
// counter and branch run beside the chain. Without assembly the compiler
// decides the final instructions, so the estimate is labelled approximate.
//
//go:noinline
func addChain(n uint64) uint64 {
	a, b := chainA, chainB
	var x uint64
	for i := n; i > 0; i-- {
		x += a
		x ^= b
		x += a
		x ^= b
		x += a
		x ^= b
		x += a
		x ^= b
		x += a
		x ^= b
		x += a
		x ^= b
		x += a
		x ^= b
		x += a
		x ^= b
	}
	return x
}

const coreMethodBase = "Go loop of dependent additions and XORs (approximate: no assembly on this build) timed with the thread CPU clock"
