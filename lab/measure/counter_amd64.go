//go:build amd64 && !purego

package measure

// counterName names the cycle counter read by readCounter.
const counterName = "RDTSC"

// readCounter returns the time-stamp counter, after an LFENCE so that the
// read is not hoisted above earlier instructions (counter_amd64.s).
func readCounter() uint64

// addChain executes n iterations of 64 dependent register additions (plus a
// loop branch that runs alongside them) and returns the sum; see
// counter_amd64.s. Each addition needs the previous result, so the chain
// runs at one addition per core cycle on every x86-64 core of the last
// twenty years, whatever the issue width: timing it measures the core clock.
func addChain(n uint64) uint64

// addChainOps is the number of dependent additions addChain executes per
// iteration.
const addChainOps = 64

// coreMethodBase describes how the core clock is estimated on this build.
const coreMethodBase = "chain of dependent ADD instructions (amd64 assembly, 1 per cycle) timed with the thread CPU clock"
