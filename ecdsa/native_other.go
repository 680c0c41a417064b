//go:build !(amd64 || arm64) || purego

package ecdsa

// Without the assembly of internal/nist/mulx (an architecture other than
// amd64 and arm64, or the purego build tag) there is no Native arithmetic: NativeLow and NativeHigh are FastLow
// and FastHigh.

func nativeLowValue() Config  { return nil }
func nativeHighValue() Config { return nil }
