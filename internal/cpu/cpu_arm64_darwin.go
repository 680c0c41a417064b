//go:build arm64 && darwin && !purego

package cpu

// Every Apple arm64 processor (A7 and later, M1 and later) has the ARMv8
// AES, PMULL, SHA-1 and SHA-256 instructions; the ARMv8.2 SHA-512 and SHA-3
// ones are left off (they would need a sysctl query, and library code
// here avoids the cgo-free syscall plumbing for it).
func init() {
	ARM64.HasAES = true
	ARM64.HasPMULL = true
	ARM64.HasSHA1 = true
	ARM64.HasSHA2 = true
}
