//go:build (amd64 || arm64) && !purego

package aes

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
)

// aesFeature is the internal/cpu name of the instructions Native needs.
func aesFeature() string {
	if runtime.GOARCH == "arm64" {
		return "arm64.aes"
	}
	return "aes"
}

// TestNativeFallback turns the AES instructions off and checks that
// Native and Default then are Fast, say so, and work; and that turning
// them back on restores Native where the processor has them.
func TestNativeFallback(t *testing.T) {
	had := nativeSupported()
	restore, err := cpu.Disable(aesFeature())
	if err != nil {
		t.Fatal(err)
	}
	if Native() != Fast() || Default() != Fast() || Native().String() != "Fast" {
		t.Errorf("without AES instructions Native() is %v, Default() %v", Native(), Default())
	}
	key, iv := make([]byte, 16), make([]byte, 16)
	ct, err := SealCBC(Default(), nil, key, iv, []byte("fallback"))
	restore()
	if err != nil || len(ct) != 16 {
		t.Fatalf("SealCBC on the fallback: %x, %v", ct, err)
	}
	pt, err := OpenCBC(Native(), nil, key, iv, ct)
	if err != nil || string(pt) != "fallback" {
		t.Errorf("OpenCBC(Native) of the fallback's ciphertext: %q, %v", pt, err)
	}
	if had != (Native() == Config(&nativeConfig)) {
		t.Errorf("after restore Native() is %v, instructions %v", Native(), had)
	}
}

// TestNativeMemory pins Native's sizes (64-bit platforms).
func TestNativeMemory(t *testing.T) {
	for i, bits := range []int{128, 192, 256} {
		want := Memory{Key: []int{352, 416, 480}[i], Context: 568, Tables: 40}
		if got := nativeConfig.Memory(bits); got != want {
			t.Errorf("Native.Memory(%d) = %+v, want %+v", bits, got, want)
		}
	}
	if n := unsafe.Sizeof(nativeBlock{}); n != 488 {
		t.Errorf("nativeBlock is %d bytes", n)
	}
}

// TestNativeKeyExpansion compares the assembly key expansion with the
// portable one (keyExpansion, itself checked against FIPS 197, Appendix
// A) for random keys of every size, and the inverse schedule with
// InvMixColumns applied in Go.
func TestNativeKeyExpansion(t *testing.T) {
	if !nativeSupported() {
		t.Skip("no AES instructions")
	}
	for _, n := range []int{16, 24, 32} {
		for trial := range 50 {
			key := make([]byte, n)
			for i := range key {
				key[i] = byte(trial*131 + i*29 + n)
			}
			var w [4 * (maxRounds + 1)]uint32
			nr := keyExpansion(&w, key)
			var s nativeSchedule
			s.expand(key)
			if s.nr != nr {
				t.Fatalf("nr %d, want %d", s.nr, nr)
			}
			for r := 0; r <= nr; r++ {
				var want [16]byte
				roundKeyBytes(&want, &w, r)
				if [16]byte(s.enc[16*r:]) != want {
					t.Fatalf("key %x round key %d: %x, want %x", key, r, s.enc[16*r:16*r+16], want)
				}
				if r > 0 && r < nr {
					want = invMixColumnsForTest(want)
				}
				if [16]byte(s.dec[16*(nr-r):]) != want {
					t.Fatalf("key %x inverse round key %d: %x, want %x", key, nr-r, s.dec[16*(nr-r):16*(nr-r)+16], want)
				}
			}
		}
	}
}

// invMixColumnsForTest is InvMixColumns (FIPS 197, Section 5.3.3) on a
// block in input order, with gfMul.
func invMixColumnsForTest(b [16]byte) [16]byte {
	var o [16]byte
	for c := range 4 {
		a := b[4*c : 4*c+4]
		for r := range 4 {
			o[4*c+r] = gfMul(a[r], 0x0e) ^ gfMul(a[(r+1)%4], 0x0b) ^ gfMul(a[(r+2)%4], 0x0d) ^ gfMul(a[(r+3)%4], 0x09)
		}
	}
	return o
}
