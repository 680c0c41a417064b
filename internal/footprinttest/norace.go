//go:build !race

package footprinttest

const raceEnabled = false
