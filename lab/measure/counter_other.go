//go:build !(amd64 || arm64) || purego

package measure

import (
	"runtime"
	"time"
)

// Without the assembly (other architectures, or the purego build) the
// "counter" is the monotonic clock in nanoseconds, labelled as such; its
// measured frequency is then 1 GHz and core cycles are time × the estimated
// core clock.
const counterName = "monotonic clock ns (no cycle counter on this build)"

var counterEpoch = time.Now()

func readCounter() uint64 { return uint64(time.Since(counterEpoch)) }

// addChain runs n iterations of 16 alternating additions and XORs with
// run-time operands, each depending on the previous result (one cycle of
// latency each on current cores; the compiler cannot merge an addition
// across an XOR). The loop counter and branch run beside the chain. Without
// assembly the compiler decides the final instructions, so the estimate is
// labelled approximate.
//
//go:noinline
func addChain(n, k uint64) uint64 {
	m := ^k
	var x uint64
	for i := n; i > 0; i-- {
		x += k
		x ^= m
		x += k
		x ^= m
		x += k
		x ^= m
		x += k
		x ^= m
		x += k
		x ^= m
		x += k
		x ^= m
		x += k
		x ^= m
		x += k
		x ^= m
	}
	return x
}

// crossChain runs n iterations of 16 dependent 64-bit multiplications. On
// amd64 they compile to IMULQ, 3 cycles each on Intel since Nehalem and on
// AMD Zen 1–5; elsewhere the multiplier's latency differs between cores, so
// the estimate is not cross-checked (crossCycles is 0).
//
//go:noinline
func crossChain(n, k uint64) uint64 {
	x := k
	for i := n; i > 0; i-- {
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
		x *= k
	}
	return x
}

const (
	addChainOps = 16
	crossOps    = 16
)

var crossCycles = map[bool]float64{true: 3, false: 0}[runtime.GOARCH == "amd64"]

const (
	addMethod   = "Go loop of alternating dependent additions and XORs (approximate: no assembly on this build)"
	crossMethod = "Go loop of dependent 64-bit multiplications (IMULQ on amd64, 3 cycles each)"
)
