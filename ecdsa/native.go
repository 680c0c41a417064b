//go:build (amd64 || arm64) && !purego

package ecdsa

import (
	"github.com/cryptolab-go/cryptolab/internal/nist/ec"
	"github.com/cryptolab-go/cryptolab/internal/nist/mulx"
	"github.com/cryptolab-go/cryptolab/internal/sha2sum"
)

// Native: the Fast configurations' point code with the field and scalar
// multiplications and squarings of internal/nist/mulx and its table scans:
// on amd64 MULX, ADCX, ADOX and AVX2, for processors with BMI2, ADX and
// AVX2 (read from internal/cpu at each NativeLow or NativeHigh call, so
// tests can turn them off with cpu.Disable and reach the fallback); on
// arm64 MUL and UMULH, which every arm64 processor has.

type (
	nativeLowConfig  struct{}
	nativeHighConfig struct{}
)

func nativeSupported() bool { return mulx.Supported() }

func nativeLowValue() Config {
	if nativeSupported() {
		return nativeLowConfig{}
	}
	return nil
}

func nativeHighValue() Config {
	if nativeSupported() {
		return nativeHighConfig{}
	}
	return nil
}

func (nativeLowConfig) String() string  { return "Native-Low" }
func (nativeHighConfig) String() string { return "Native-High" }

func (nativeLowConfig) Memory(c Curve) Memory  { return memory(c, false) }
func (nativeHighConfig) Memory(c Curve) Memory { return memory(c, true) }

func (nativeLowConfig) sha2() sha2sum.Strategy  { return sha2sum.Native() }
func (nativeHighConfig) sha2() sha2sum.Strategy { return sha2sum.Native() }

func (nativeLowConfig) impl(c Curve) impl {
	switch c {
	case P256:
		return &ec.P256NativeLow{}
	case P384:
		return &ec.P384NativeLow{}
	}
	return nil
}

func (nativeHighConfig) impl(c Curve) impl {
	switch c {
	case P256:
		return &ec.P256NativeHigh{}
	case P384:
		return &ec.P384NativeHigh{}
	}
	return nil
}
