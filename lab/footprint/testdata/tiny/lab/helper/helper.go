// Package helper is lab code in the fixture: excluded from the footprint.
package helper

var big [5000]byte

// Touch writes into a 5000-byte global.
//
//go:noinline
func Touch(x []byte) { copy(big[:], x) }
