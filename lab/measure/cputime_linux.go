package measure

import (
	"syscall"
	"unsafe"
)

// clockThreadCPUTimeID is CLOCK_THREAD_CPUTIME_ID from <time.h>.
const clockThreadCPUTimeID = 3

// haveThreadCPU reports whether threadCPUNs reads a real per-thread CPU clock.
const haveThreadCPU = true

// threadCPUNs returns the CPU time consumed by the calling OS thread in
// nanoseconds. Callers lock the goroutine to its thread
// (runtime.LockOSThread) so that consecutive readings refer to one thread.
// The vDSO does not serve this clock, so this is a real system call (a few
// hundred nanoseconds); the harness reads it once per batch only.
func threadCPUNs() int64 {
	var ts syscall.Timespec
	_, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if e != 0 {
		return -1
	}
	return ts.Nano()
}
