package cpu

import (
	"encoding/binary"
	"os"
	"runtime"
	"testing"
)

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
	if n := len(features); n != 14+6 {
		t.Errorf("%d names for 20 fields", n)
	}
}
