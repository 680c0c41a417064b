package cpu

import (
	"bufio"
	"encoding/binary"
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestAgainstLinux checks the CPUID reader against the flags Linux prints
// in /proc/cpuinfo, which the kernel derives from the same CPUID leaves
// and clears for register state it does not save.
func TestAgainstLinux(t *testing.T) {
	if runtime.GOARCH != "amd64" || runtime.GOOS != "linux" || !asm {
		t.Skip("reads /proc/cpuinfo of linux/amd64 with the assembly reader")
	}
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	flags := map[string]bool{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		if k, v, ok := strings.Cut(s.Text(), ":"); ok && strings.TrimSpace(k) == "flags" {
			for _, fl := range strings.Fields(v) {
				flags[fl] = true
			}
			break
		}
	}
	if len(flags) == 0 {
		t.Skip("no flags line in /proc/cpuinfo")
	}
	for name, got := range map[string]bool{
		"ssse3": X86.HasSSSE3, "sse4_1": X86.HasSSE41, "aes": X86.HasAES,
		"pclmulqdq": X86.HasPCLMULQDQ, "avx": X86.HasAVX, "avx2": X86.HasAVX2,
		"bmi2": X86.HasBMI2, "adx": X86.HasADX, "sha_ni": X86.HasSHA,
		"avx512f": X86.HasAVX512F, "avx512vl": X86.HasAVX512VL,
		"vaes": X86.HasVAES, "vpclmulqdq": X86.HasVPCLMULQDQ,
	} {
		if got != flags[name] {
			t.Errorf("%s: reader says %v, /proc/cpuinfo says %v", name, got, flags[name])
		}
	}
	t.Logf("%+v", X86)
}

// TestAgainstAuxv checks the arm64 reader against /proc/self/auxv read as
// a file (qemu-user emulates it too).
func TestAgainstAuxv(t *testing.T) {
	if runtime.GOARCH != "arm64" || runtime.GOOS != "linux" || !asm {
		t.Skip("reads /proc/self/auxv of linux/arm64")
	}
	b, err := os.ReadFile("/proc/self/auxv")
	if err != nil {
		t.Skip(err)
	}
	var hwcap uint64
	for i := 0; i+16 <= len(b); i += 16 {
		if binary.LittleEndian.Uint64(b[i:]) == 16 { // AT_HWCAP
			hwcap = binary.LittleEndian.Uint64(b[i+8:])
		}
	}
	for bit, got := range map[uint]bool{3: ARM64.HasAES, 4: ARM64.HasPMULL, 5: ARM64.HasSHA1, 6: ARM64.HasSHA2, 17: ARM64.HasSHA3, 21: ARM64.HasSHA512} {
		if want := hwcap>>bit&1 != 0; got != want {
			t.Errorf("HWCAP bit %d: reader says %v, auxv says %v", bit, got, want)
		}
	}
	t.Logf("%+v", ARM64)
}

// TestPurego checks that without the assembly reader nothing is reported.
func TestPurego(t *testing.T) {
	if asm {
		t.Skip("assembly reader in use")
	}
	if X86 != (X86Features{}) || ARM64 != (ARM64Features{}) {
		t.Errorf("features reported without a reader: %+v %+v", X86, ARM64)
	}
}

func TestDisable(t *testing.T) {
	x, a := X86, ARM64
	X86.HasAES, X86.HasVAES, ARM64.HasAES = true, true, true
	restore, err := Disable("aes", "arm64.aes")
	if err != nil {
		t.Fatal(err)
	}
	if X86.HasAES || ARM64.HasAES || !X86.HasVAES {
		t.Errorf("after Disable: %+v %+v", X86, ARM64)
	}
	restore()
	if !X86.HasAES || !ARM64.HasAES {
		t.Error("restore did not restore")
	}
	X86, ARM64 = x, a
	before := X86
	if _, err := Disable("aes", "no-such-feature"); err == nil {
		t.Error("unknown name accepted")
	}
	if X86 != before {
		t.Error("a failed Disable changed the features")
	}
	// Every field has a name.
	if n := len(features); n != 13+6 {
		t.Errorf("%d names for 19 fields", n)
	}
}
