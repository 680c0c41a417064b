// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build !linux

package benchcpu

import "time"

var start = time.Now()

// threadCPUTime falls back to wall time where the thread CPU clock is not
// wired up.
func threadCPUTime() int64 { return int64(time.Since(start)) }
