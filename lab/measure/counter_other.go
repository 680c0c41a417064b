//go:build !amd64 || purego

package measure

import "time"

// Without the amd64 assembly (other architectures, or the purego build) the
// "counter" is the monotonic clock in nanoseconds, labelled as such; its
// measured frequency is then 1 GHz and core cycles are time × the estimated
// core clock.
const counterName = "monotonic clock ns (no cycle counter on this build)"

var counterEpoch = time.Now()

func readCounter() uint64 { return uint64(time.Since(counterEpoch)) }

// addChainOps is the number of dependent additions addChain executes per
// iteration.
const addChainOps = 1

// addChain runs a Go loop whose body is one addition depending on the
// previous one. The compiler keeps the loop (the sum is returned) but the
// loop counter and branch run beside it, so the estimate is approximate.
//
//go:noinline
func addChain(n uint64) uint64 {
	var x uint64
	for i := n; i > 0; i-- {
		x += i
	}
	return x
}

const coreMethodBase = "Go loop of dependent additions (approximate: no assembly on this build) timed with the thread CPU clock"
