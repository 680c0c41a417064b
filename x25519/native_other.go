//go:build !amd64 || purego

package x25519

// Without the assembly (an architecture other than amd64, or the purego
// build tag) there is no Native configuration: Native is SuperFast.

func nativeValue() Config { return nil }
