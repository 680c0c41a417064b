//go:build arm64 && linux && !purego

package cpu

import _ "unsafe" // go:linkname

// getAuxv returns the auxiliary vector the kernel passed to the process,
// as the runtime kept it: pairs of (tag, value). The runtime exports it
// for this use (runtime/runtime.go, "go:linkname getAuxv", go.dev/issue/57336).
//
//go:linkname getAuxv runtime.getAuxv
func getAuxv() []uintptr

// AT_HWCAP and the HWCAP bits of arm64 Linux
// (arch/arm64/include/uapi/asm/hwcap.h; Documentation/arch/arm64/elf_hwcaps.rst).
const (
	_AT_HWCAP   = 16
	hwcapAES    = 1 << 3
	hwcapPMULL  = 1 << 4
	hwcapSHA1   = 1 << 5
	hwcapSHA2   = 1 << 6
	hwcapSHA3   = 1 << 17
	hwcapSHA512 = 1 << 21
)

func init() {
	a := getAuxv()
	var hwcap uintptr
	for i := 0; i+1 < len(a); i += 2 {
		if a[i] == _AT_HWCAP {
			hwcap = a[i+1]
		}
	}
	ARM64.HasAES = hwcap&hwcapAES != 0
	ARM64.HasPMULL = hwcap&hwcapPMULL != 0
	ARM64.HasSHA1 = hwcap&hwcapSHA1 != 0
	ARM64.HasSHA2 = hwcap&hwcapSHA2 != 0
	ARM64.HasSHA3 = hwcap&hwcapSHA3 != 0
	ARM64.HasSHA512 = hwcap&hwcapSHA512 != 0
}
