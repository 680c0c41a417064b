// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

// Package benchcpu is the benchmarks' cpu-ns/op metric: the CPU time the
// benchmark's OS thread consumed per iteration, reported beside the
// wall-clock ns/op because the development machine is shared and wall time
// includes time spent waiting for a core.
//
// This is a test-only package: nothing outside _test.go files imports it.
package benchcpu

import (
	"runtime"
	"testing"
)

// Metric pins the goroutine to its OS thread and returns a function that,
// run when the timed loop ends, reports the thread's CPU time per
// iteration as cpu-ns/op and unpins the goroutine:
//
//	defer benchcpu.Metric(b)()
func Metric(b *testing.B) func() {
	runtime.LockOSThread()
	t0 := threadCPUTime()
	return func() {
		b.ReportMetric(float64(threadCPUTime()-t0)/float64(b.N), "cpu-ns/op")
		runtime.UnlockOSThread()
	}
}
