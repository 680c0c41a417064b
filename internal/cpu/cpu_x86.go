//go:build amd64 && !purego

package cpu

// cpuid executes CPUID with EAX = leaf and ECX = sub (cpu_amd64.s).
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns XCR0, the register whose bits say which register states
// the operating system saves (cpu_amd64.s). Call it only if CPUID says
// OSXSAVE.
func xgetbv() (eax, edx uint32)

func isSet(reg uint32, bit uint) bool { return reg>>bit&1 != 0 }

// Bit positions from the Intel 64 and IA-32 Architectures Software
// Developer's Manual, Volume 2A, CPUID, Tables 3-10 (leaf 1) and 3-8
// (leaf 7), and Volume 1, Section 13.3 (XCR0).
func init() {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 1 {
		return
	}
	_, _, ecx1, _ := cpuid(1, 0)
	X86.HasPCLMULQDQ = isSet(ecx1, 1)
	X86.HasSSSE3 = isSet(ecx1, 9)
	X86.HasSSE41 = isSet(ecx1, 19)
	X86.HasPOPCNT = isSet(ecx1, 23)
	X86.HasAES = isSet(ecx1, 25)

	// XCR0 bit 1: XMM, 2: YMM upper halves, 5: opmask, 6: ZMM0-15 upper
	// halves, 7: ZMM16-31.
	var osYMM, osZMM bool
	if isSet(ecx1, 27) { // OSXSAVE: XGETBV is usable
		xcr0, _ := xgetbv()
		osYMM = xcr0&0x6 == 0x6
		osZMM = xcr0&0xe6 == 0xe6
	}
	X86.HasAVX = isSet(ecx1, 28) && osYMM

	if maxLeaf < 7 {
		return
	}
	_, ebx7, ecx7, _ := cpuid(7, 0)
	X86.HasAVX2 = X86.HasAVX && isSet(ebx7, 5)
	X86.HasBMI2 = isSet(ebx7, 8)
	X86.HasADX = isSet(ebx7, 19)
	X86.HasSHA = isSet(ebx7, 29)
	X86.HasAVX512F = isSet(ebx7, 16) && osZMM
	X86.HasAVX512VL = X86.HasAVX512F && isSet(ebx7, 31)
	X86.HasVAES = X86.HasAVX && isSet(ecx7, 9)
	X86.HasVPCLMULQDQ = X86.HasAVX && isSet(ecx7, 10)
}
