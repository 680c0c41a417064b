//go:build !linux

package measure

import "time"

// haveThreadCPU is false: without CLOCK_THREAD_CPUTIME_ID the harness falls
// back to wall time and says so ("ns_source": "wall").
const haveThreadCPU = false

var cpuEpoch = time.Now()

func threadCPUNs() int64 { return int64(time.Since(cpuEpoch)) }
