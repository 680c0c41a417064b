//go:build arm64 && !purego

package measure

// counterName names the cycle counter read by readCounter.
const counterName = "CNTVCT_EL0"

// readCounter returns the virtual counter (CNTVCT_EL0) after an ISB, so that
// the read is not performed ahead of earlier instructions
// (counter_arm64.s). It ticks at the constant system-counter frequency
// (often 24 MHz to 1 GHz), not at the core clock.
func readCounter() uint64

// addChain executes n iterations of 64 dependent register additions (plus a
// loop branch beside them) and returns the sum; see counter_arm64.s. Each
// addition needs the previous result, so the chain runs at one addition per
// core cycle.
func addChain(n uint64) uint64

// addChainOps is the number of dependent additions addChain executes per
// iteration.
const addChainOps = 64

// coreMethodBase describes how the core clock is estimated on this build.
const coreMethodBase = "chain of dependent ADD instructions (arm64 assembly, 1 per cycle) timed with the thread CPU clock"
