// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"syscall"
	"unsafe"
)

// threadCPUTime returns the CPU time consumed by the calling OS thread
// (CLOCK_THREAD_CPUTIME_ID), in nanoseconds. The benchmarks report it as
// cpu-ns/op beside the wall-clock ns/op, because the development machine is
// shared and wall time includes time spent waiting for a core.
func threadCPUTime() int64 {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}
