// Empty: allows the body-less declaration of Block in sha256block.go, which
// go:linkname binds to sha2's block256.
