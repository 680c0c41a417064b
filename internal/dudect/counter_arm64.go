//go:build arm64 && !purego

package dudect

// ticks reads the virtual counter CNTVCT_EL0 (after an ISB).
func ticks() uint64

// Clock names the counter Ticks reads.
const Clock = "CNTVCT_EL0 (generic timer virtual count, ISB-serialized)"
