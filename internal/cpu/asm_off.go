//go:build !((amd64 || (arm64 && (linux || darwin))) && !purego)

package cpu

const asm = false
