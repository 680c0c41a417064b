//go:build amd64 && !purego

package dudect

// ticks reads the time-stamp counter (RDTSC, serialized by LFENCE).
func ticks() uint64

// Clock names the counter Ticks reads.
const Clock = "RDTSC (LFENCE-serialized time-stamp counter)"
