//go:build amd64 && !purego

package instr

// clientRequest issues a Valgrind client request (request_amd64.s). The
// arguments stay on the caller's stack: a heap copy would be an allocation
// inside the counted window.
//
//go:noescape
func clientRequest(args *[6]uint64, def uint64) uint64

const supported = true
