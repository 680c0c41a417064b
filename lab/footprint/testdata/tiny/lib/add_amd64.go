package lib

// add is in assembly, to check that assembly functions are attributed.
//
//go:noescape
func add(a, b uint64) uint64
