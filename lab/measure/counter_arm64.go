//go:build arm64 && !purego

package measure

// counterName names the cycle counter read by readCounter.
const counterName = "CNTVCT_EL0"

// readCounter returns the virtual counter (CNTVCT_EL0) after an ISB, so that
// the read is not performed ahead of earlier instructions
// (counter_arm64.s). It ticks at the constant system-counter frequency
// (often 24 MHz to 1 GHz), not at the core clock.
func readCounter() uint64

// addChain executes n iterations of 64 dependent register–register
// additions (ADD R2, R0, R0, R2 a run-time value) and returns the sum: one
// addition per cycle on every arm64 core (Cortex-A, Neoverse, Apple).
func addChain(n, k uint64) uint64

// crossChain executes n iterations of 64 dependent operations alternating
// EOR and ADD with run-time operands. arm64 has no multiplication of one
// fixed latency across cores (2 cycles on Neoverse N1/V1, 3 on Apple M1, 4–5
// on older Cortex-A), so the second estimate uses a different mix of
// single-cycle operations instead: a core that fused or folded dependent
// additions would run it at a different rate from addChain.
func crossChain(n, k uint64) uint64

const (
	addChainOps = 64
	crossOps    = 64
	crossCycles = 1
)

const (
	addMethod   = "chain of dependent register–register ADD (arm64 assembly, 1 cycle each)"
	crossMethod = "chain of alternating dependent EOR and ADD (arm64 assembly, 1 cycle each)"
)
