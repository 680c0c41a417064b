//go:build (amd64 || (arm64 && (linux || darwin))) && !purego

package cpu

// asm says that this build has a feature reader.
const asm = true
