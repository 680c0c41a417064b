//go:build !(amd64 || arm64) || purego

package dudect

import "time"

var epoch = time.Now()

// ticks reads the monotonic clock in nanoseconds: the fallback where no
// counter instruction is available (and in the purego build). Its resolution
// and call cost are coarser than a cycle counter's, so differences need more
// measurements to show.
func ticks() uint64 { return uint64(time.Since(epoch)) }

// Clock names the counter Ticks reads.
const Clock = "monotonic clock (ns)"
