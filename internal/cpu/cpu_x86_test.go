//go:build amd64 && linux && !purego

package cpu

import (
	"bufio"
	"encoding/binary"
	"os"
	"strings"
	"testing"
)

// brand returns the processor brand string of CPUID leaves
// 0x80000002-0x80000004 (Intel SDM Vol. 2A, CPUID, "Processor Brand
// String"), trimmed, or "" where the processor has none.
func brand() string {
	if top, _, _, _ := cpuid(0x80000000, 0); top < 0x80000004 {
		return ""
	}
	var b []byte
	for leaf := uint32(0x80000002); leaf <= 0x80000004; leaf++ {
		a, bx, c, d := cpuid(leaf, 0)
		for _, r := range [4]uint32{a, bx, c, d} {
			b = binary.LittleEndian.AppendUint32(b, r)
		}
	}
	return strings.Join(strings.Fields(strings.TrimRight(string(b), "\x00")), " ")
}

// TestAgainstLinux checks the CPUID reader against the flags Linux prints
// in /proc/cpuinfo, which the kernel derives from the same CPUID leaves
// and clears for register state it does not save. Under an emulator that
// presents another processor (qemu-x86_64 -cpu Haswell, how the library's
// paths are tested on Intel models), /proc/cpuinfo still describes the
// host: the test then compares the brand strings, sees they differ, and
// skips rather than fail on the host's flags.
func TestAgainstLinux(t *testing.T) {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	flags := map[string]bool{}
	model := ""
	s := bufio.NewScanner(f)
	for s.Scan() {
		k, v, ok := strings.Cut(s.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "model name":
			model = strings.Join(strings.Fields(v), " ")
		case "flags":
			for _, fl := range strings.Fields(v) {
				flags[fl] = true
			}
		}
		if model != "" && len(flags) > 0 {
			break
		}
	}
	if len(flags) == 0 {
		t.Skip("no flags line in /proc/cpuinfo")
	}
	if b := brand(); model != "" && b != "" && b != model {
		t.Skipf("CPUID's processor (%q) is not /proc/cpuinfo's (%q): an emulator", b, model)
	}
	for name, got := range map[string]bool{
		"ssse3": X86.HasSSSE3, "sse4_1": X86.HasSSE41, "popcnt": X86.HasPOPCNT,
		"aes": X86.HasAES, "pclmulqdq": X86.HasPCLMULQDQ, "avx": X86.HasAVX,
		"avx2": X86.HasAVX2, "bmi2": X86.HasBMI2, "adx": X86.HasADX,
		"sha_ni": X86.HasSHA, "avx512f": X86.HasAVX512F,
		"avx512vl": X86.HasAVX512VL, "vaes": X86.HasVAES,
		"vpclmulqdq": X86.HasVPCLMULQDQ,
	} {
		if got != flags[name] {
			t.Errorf("%s: reader says %v, /proc/cpuinfo says %v", name, got, flags[name])
		}
	}
	t.Logf("%s: %+v", model, X86)
}
