// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build race

package mlkem_test

// raceEnabled: the race detector's instrumentation changes escape analysis
// (crypto/rand's buffer escapes), so allocation counts are not pinned.
const raceEnabled = true
