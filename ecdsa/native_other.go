//go:build !amd64 || purego

package ecdsa

// Without the amd64 assembly (another architecture, or the purego build
// tag) there is no Native arithmetic: NativeLow and NativeHigh are FastLow
// and FastHigh.

func nativeLowValue() Config  { return nil }
func nativeHighValue() Config { return nil }
