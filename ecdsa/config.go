package ecdsa

import (
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/nist/ec"
	"github.com/cryptolab-go/cryptolab/internal/sha2sum"
)

// Config is one configuration: an arithmetic (Small, Fast or Native)
// crossed with a base-point table (Low or High). Only this package
// implements it; the values come from [SmallLow], [SmallHigh], [FastLow],
// [FastHigh], [NativeLow], [NativeHigh] and [Default]. A nil Config is an error wherever one is
// taken. A program links the code and tables of the configurations it
// names and no others (linker_test.go).
type Config interface {
	// String returns "Small-Low", "Small-High", "Fast-Low", "Fast-High",
	// "Native-Low" or "Native-High".
	String() string
	// Memory returns what a key and the configuration's table take on
	// curve c (the zero Memory for an unknown curve).
	Memory(c Curve) Memory
	// impl returns the whole-operation implementation for curve c (nil
	// for an unknown curve).
	impl(c Curve) impl
	// sha2 returns the SHA-2 compression functions of RFC 6979's HMAC.
	sha2() sha2sum.Strategy
}

// Memory is the memory of one configuration on one curve, in bytes.
type Memory struct {
	Key     int // one PrivateKey (a PublicKey is smaller: Key minus two scalars)
	Context int // ECDSA has no data-flow context: always 0
	Tables  int // the precomputed base-point table, built once per process on first use and shared by all keys
}

// SmallLow is the smallest configuration: one generic Montgomery
// multiplier for every modulus and a single window of 16 multiples of G
// (1,024 B for P-256, 1,536 B for P-384).
func SmallLow() Config { return smallLowConfig{} }

// SmallHigh is the generic multiplier with the High table (88,064 B for
// P-256, 199,680 B for P-384).
func SmallHigh() Config { return smallHighConfig{} }

// FastLow is the curve-specialised arithmetic with the Low table.
func FastLow() Config { return fastLowConfig{} }

// FastHigh is the fastest signer: curve-specialised arithmetic and the
// High table.
func FastHigh() Config { return fastHighConfig{} }

// NativeLow is the Fast configuration's point code on assembly field and
// scalar multiplication with the Low table: MULX, ADCX, ADOX on amd64
// where the processor has BMI2, ADX and AVX2 (checked at each call), MUL
// and UMULH on arm64; elsewhere, and under the purego build tag, it is
// FastLow (and prints as "Fast-Low").
func NativeLow() Config {
	if c := nativeLowValue(); c != nil {
		return c
	}
	return fastLowConfig{}
}

// NativeHigh is the Native arithmetic with the High table; FastHigh where
// an amd64 processor lacks BMI2, ADX or AVX2, on architectures other than
// amd64 and arm64 and under purego.
func NativeHigh() Config {
	if c := nativeHighValue(); c != nil {
		return c
	}
	return fastHighConfig{}
}

// Default is NativeHigh: "Native-High" on arm64 and where an amd64
// processor has BMI2, ADX and AVX2, "Fast-High" otherwise.
func Default() Config { return NativeHigh() }

// Configs returns the configurations this processor runs, Small, Fast,
// then Native (where NativeLow is not FastLow), Low before High, in a fresh
// slice (a program that calls it links them all).
func Configs() []Config {
	c := []Config{smallLowConfig{}, smallHighConfig{}, fastLowConfig{}, fastHighConfig{}}
	if n := nativeLowValue(); n != nil {
		c = append(c, n, nativeHighValue())
	}
	return c
}

type (
	smallLowConfig  struct{}
	smallHighConfig struct{}
	fastLowConfig   struct{}
	fastHighConfig  struct{}
)

func (smallLowConfig) String() string  { return "Small-Low" }
func (smallHighConfig) String() string { return "Small-High" }
func (fastLowConfig) String() string   { return "Fast-Low" }
func (fastHighConfig) String() string  { return "Fast-High" }

func (smallLowConfig) Memory(c Curve) Memory  { return memory(c, false) }
func (smallHighConfig) Memory(c Curve) Memory { return memory(c, true) }
func (fastLowConfig) Memory(c Curve) Memory   { return memory(c, false) }
func (fastHighConfig) Memory(c Curve) Memory  { return memory(c, true) }

// The HMAC of RFC 6979 (five HMACs a signature, about 24 compressions)
// runs on sha2's compact loops in the Small configurations
// (sha2sum.Compact): a Small program then links about 1 KiB of
// compression code (blockSHA256Compact 493 B, blockSHA512Compact 542 B on
// amd64) instead of the 29 KiB of the unrolled functions and, on amd64,
// 14 KiB of assembly: P-256 Small-Low signing's code + constant data in
// the lab's footprint table went from 85,363 to 44,009 B (43,956 B after
// later work). It costs time: a compact compression runs 1.6x (SHA-256)
// and 1.75x (SHA-512) the unrolled Go code's instructions (callgrind,
// sha2's BenchmarkStrategy), about 2,300 and 3,500 instructions more per
// block, about 24 blocks a signature: some 55,000 (P-256) and 85,000
// (P-384) instructions, 0.9% and 0.5% of a Small-Low signature (6.3 and
// 16.9 million instructions). The other configurations keep sha2's own
// (sha2sum.Native: SHA-NI, AVX, the ARMv8 instructions, or the unrolled
// Go code).
func (smallLowConfig) sha2() sha2sum.Strategy  { return sha2sum.Compact() }
func (smallHighConfig) sha2() sha2sum.Strategy { return sha2sum.Compact() }
func (fastLowConfig) sha2() sha2sum.Strategy   { return sha2sum.Native() }
func (fastHighConfig) sha2() sha2sum.Strategy  { return sha2sum.Native() }

func memory(c Curve, high bool) Memory {
	p := c.params()
	if p == nil {
		return Memory{}
	}
	m := Memory{Key: int(unsafe.Sizeof(PrivateKey{})), Tables: p.LowTableBytes()}
	if high {
		m.Tables = p.HighTableBytes()
	}
	return m
}

func (smallLowConfig) impl(c Curve) impl {
	switch c {
	case P256:
		return &ec.SmallP256Low{}
	case P384:
		return &ec.SmallP384Low{}
	}
	return nil
}

func (smallHighConfig) impl(c Curve) impl {
	switch c {
	case P256:
		return &ec.SmallP256High{}
	case P384:
		return &ec.SmallP384High{}
	}
	return nil
}

func (fastLowConfig) impl(c Curve) impl {
	switch c {
	case P256:
		return &ec.P256FastLow{}
	case P384:
		return &ec.P384FastLow{}
	}
	return nil
}

func (fastHighConfig) impl(c Curve) impl {
	switch c {
	case P256:
		return &ec.P256FastHigh{}
	case P384:
		return &ec.P384FastHigh{}
	}
	return nil
}

// implOf returns cfg's implementation for c, or the error to report.
func implOf(cfg Config, c Curve) (impl, error) {
	if c.params() == nil {
		return nil, errCurve
	}
	if cfg == nil {
		return nil, errConfig
	}
	im := cfg.impl(c)
	if im == nil {
		return nil, errCurve
	}
	return im, nil
}
