//go:build !amd64 || purego

package instr

// Valgrind's client requests are issued only from the amd64 assembly; on
// other builds instruction counting is not available.
func clientRequest(args *[6]uint64, def uint64) uint64 { return def }

const supported = false
