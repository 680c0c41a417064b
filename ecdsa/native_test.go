package ecdsa

import (
	"runtime"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
)

// TestNativeFallback turns BMI2, ADX or AVX2 off with internal/cpu's Disable:
// NativeLow, NativeHigh and Default must then be the Fast configurations,
// Configs must list four, and the package's main tests must pass on the
// fallback. (With the features on, every test that ranges over Configs()
// runs Native-Low and Native-High, on amd64 processors that have them.)
//
// On arm64 Native needs no feature, so there is nothing to turn off: the
// fallback there is the purego build, which the same tests cover.
func TestNativeFallback(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("Native has no run-time condition on " + runtime.GOARCH)
	}
	for _, off := range []string{"bmi2", "adx", "avx2"} {
		t.Run("without "+off, func(t *testing.T) {
			restore, err := cpu.Disable(off)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			if NativeLow() != FastLow() || NativeHigh() != FastHigh() || Default() != FastHigh() {
				t.Fatalf("without %s: NativeLow %v, NativeHigh %v, Default %v", off, NativeLow(), NativeHigh(), Default())
			}
			if n := len(Configs()); n != 4 {
				t.Fatalf("without %s: %d configurations", off, n)
			}
			t.Run("ConfigNames", TestConfigNames)
			t.Run("ConfigsAgree", TestConfigsAgree)
			t.Run("RFC6979", TestRFC6979)
		})
	}
}

// TestNativeRuns: on an amd64 processor with BMI2, ADX and AVX2 and on
// arm64 (without the purego tag) Native is its own configuration, so the
// tests above really ran the assembly; elsewhere it is Fast.
func TestNativeRuns(t *testing.T) {
	has := runtime.GOARCH == "amd64" && cpu.X86.HasBMI2 && cpu.X86.HasADX && cpu.X86.HasAVX2 ||
		runtime.GOARCH == "arm64"
	if purego {
		has = false
	}
	if has != (NativeHigh().String() == "Native-High") {
		t.Errorf("GOARCH %s (BMI2+ADX+AVX2 on amd64: %v), purego %v, but NativeHigh is %v",
			runtime.GOARCH, cpu.X86.HasBMI2 && cpu.X86.HasADX && cpu.X86.HasAVX2, purego, NativeHigh())
	}
	t.Logf("NativeLow: %v, NativeHigh: %v, Default: %v", NativeLow(), NativeHigh(), Default())
}
