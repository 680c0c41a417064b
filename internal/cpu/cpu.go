// Package cpu reports the instruction-set extensions of the processor the
// program runs on, for the library's Native configurations: AES, carry-less
// multiplication, POPCNT, AVX/AVX2/AVX-512, VAES, SHA and the multi-precision
// helpers on amd64 (CPUID and XGETBV, cpu_amd64.s), and the ARMv8
// cryptographic extensions on arm64 (the kernel's HWCAP bits). It is the
// module's own small reader: library packages import only the standard
// library, so golang.org/x/sys/cpu is not an option, and the runtime's
// internal/cpu cannot be imported.
//
// The features are read once, at package initialization, into the two
// variables X86 and ARM64; on another architecture, or with the purego
// build tag (which removes all assembly from the module), every field is
// false. A feature is reported only where the operating system also saves
// the registers it uses: AVX and AVX2 need the YMM state enabled in XCR0,
// the AVX-512 features the opmask and ZMM state. (macOS enables the
// AVX-512 state only after a first use traps, so there the AVX-512 fields
// stay false and users fall back to their AVX2 paths: slower, never wrong.)
//
// Users read the fields at the moment they choose an implementation, not
// once at their own initialization, so that tests can turn a feature off
// with Disable and exercise the fallback path on any machine.
package cpu

import "errors"

// X86Features are the amd64 extensions the library uses. Each field is true
// only if the processor has the extension and the operating system
// supports its registers.
type X86Features struct {
	HasSSSE3      bool // PSHUFB and friends
	HasSSE41      bool // PINSR/PEXTR, PBLENDW, ...
	HasPOPCNT     bool // POPCNT (its own CPUID bit, not implied by any other)
	HasAES        bool // AES-NI: AESENC, AESDEC, AESKEYGENASSIST, AESIMC
	HasPCLMULQDQ  bool // carry-less multiplication
	HasAVX        bool // VEX encoding, YMM registers saved by the OS
	HasAVX2       bool // 256-bit integer operations
	HasBMI2       bool // MULX, RORX, SHLX, ...
	HasADX        bool // ADCX, ADOX
	HasSHA        bool // SHA-NI: SHA256RNDS2, SHA256MSG1/2, SHA1*
	HasAVX512F    bool // AVX-512 foundation, opmask and ZMM state saved by the OS
	HasAVX512VL   bool // AVX-512 instructions on XMM and YMM registers
	HasVAES       bool // AES instructions on YMM (with AVX) and ZMM (with AVX-512F) registers
	HasVPCLMULQDQ bool // carry-less multiplication on YMM and ZMM registers
}

// ARM64Features are the ARMv8 extensions the library uses.
type ARM64Features struct {
	HasAES    bool // AESE, AESD, AESMC, AESIMC
	HasPMULL  bool // PMULL and PMULL2 on 64-bit lanes
	HasSHA1   bool // SHA1C, SHA1H, ...
	HasSHA2   bool // SHA256H, SHA256H2, SHA256SU0, SHA256SU1
	HasSHA512 bool // SHA512H, SHA512H2, SHA512SU0, SHA512SU1 (ARMv8.2)
	HasSHA3   bool // EOR3, RAX1, XAR, BCAX (ARMv8.2)
}

var (
	// X86 holds the features of an amd64 processor (all false elsewhere).
	X86 X86Features
	// ARM64 holds the features of an arm64 processor (all false elsewhere).
	ARM64 ARM64Features
)

// features maps the names Disable accepts to their fields: the
// lower-case field names without "Has".
var features = map[string]*bool{
	"ssse3":      &X86.HasSSSE3,
	"sse41":      &X86.HasSSE41,
	"popcnt":     &X86.HasPOPCNT,
	"aes":        &X86.HasAES,
	"pclmulqdq":  &X86.HasPCLMULQDQ,
	"avx":        &X86.HasAVX,
	"avx2":       &X86.HasAVX2,
	"bmi2":       &X86.HasBMI2,
	"adx":        &X86.HasADX,
	"sha":        &X86.HasSHA,
	"avx512f":    &X86.HasAVX512F,
	"avx512vl":   &X86.HasAVX512VL,
	"vaes":       &X86.HasVAES,
	"vpclmulqdq": &X86.HasVPCLMULQDQ,

	"arm64.aes":    &ARM64.HasAES,
	"arm64.pmull":  &ARM64.HasPMULL,
	"arm64.sha1":   &ARM64.HasSHA1,
	"arm64.sha2":   &ARM64.HasSHA2,
	"arm64.sha512": &ARM64.HasSHA512,
	"arm64.sha3":   &ARM64.HasSHA3,
}

var errUnknown = errors.New("cpu: unknown feature name")

// Disable turns the named features off and returns a function that
// restores every feature to what it was before the call. It is for tests:
// it lets one machine run each fallback path (for example
// Disable("vaes") to test the AES-NI code on a VAES machine, or
// Disable("aes") for the pure-Go fallback). It is not safe to call while
// other goroutines read the features. Names are the field names in lower
// case without "Has" ("aes", "avx512f", "vaes"), prefixed with "arm64."
// for ARM64 ("arm64.aes"). Disabling a feature does not disable the
// features that build on it: users check every feature they need. An
// unknown name is an error, and then nothing is changed.
func Disable(names ...string) (restore func(), err error) {
	for _, n := range names {
		if features[n] == nil {
			return func() {}, errUnknown
		}
	}
	x, a := X86, ARM64
	for _, n := range names {
		*features[n] = false
	}
	return func() { X86, ARM64 = x, a }, nil
}
