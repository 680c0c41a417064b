//go:build !(amd64 || arm64) || purego

package aes

// Without assembly (another architecture, or the purego build tag) there is
// no Native strategy: Native() is Fast().

func nativeConfigValue() Config { return nil }
