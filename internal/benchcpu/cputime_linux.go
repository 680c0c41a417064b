// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package benchcpu

import (
	"syscall"
	"unsafe"
)

// threadCPUTime returns the CPU time consumed by the calling OS thread
// (CLOCK_THREAD_CPUTIME_ID), in nanoseconds.
func threadCPUTime() int64 {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}
