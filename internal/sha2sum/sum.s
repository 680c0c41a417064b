// Empty: allows the body-less declarations of sha2sum.go, which
// go:linkname binds to package sha2's functions.
