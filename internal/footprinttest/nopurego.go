//go:build !purego

package footprinttest

const puregoEnabled = false
