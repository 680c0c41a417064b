package ed25519

import (
	"errors"

	"github.com/cryptolab-go/cryptolab/internal/edwards25519"
	"github.com/cryptolab-go/cryptolab/internal/sha2sum"
)

// Config is an implementation of Ed25519: one of SmallOptLow,
// SmallOptHigh, SuperFastOptLow, SuperFastOptHigh, or Default. Only this
// package's values implement it (its methods are unexported but String
// and Memory); a nil Config is an error, never a panic.
//
// Every operation calls the point arithmetic through the key's Config, so
// a program links the field arithmetic and tables of the configurations
// it names and no others (linker_test.go).
type Config interface {
	// String returns the configuration's name in the pages' terms,
	// mathematics and curve definition joined by a hyphen:
	// "SuperFast-OptHigh".
	String() string
	// Memory returns the bytes of one key object and of the precomputed
	// tables the configuration links (Ed25519 has a single parameter set
	// and no data-flow context).
	Memory() Memory

	// baseMult returns the encoding of s·B (s < 2^255). Constant time.
	baseMult(s [32]byte) [32]byte
	// verifyVarTime decodes a and returns the encoding of s·B - k·A, and
	// false if a does not decode. Variable time (public inputs).
	verifyVarTime(a, k, s [32]byte) ([32]byte, bool)
	// validPoint reports whether a decodes to a curve point.
	validPoint(a [32]byte) bool
	// precompute returns what a PublicKey keeps to verify faster (OptHigh:
	// the odd multiples of -A), or nil with ok true where the
	// configuration keeps nothing (OptLow); ok is false if a does not
	// decode.
	precompute(a [32]byte) (pre *edwards25519.Precomputed, ok bool)
	// verifyPrecomputedVarTime is verifyVarTime for a key precomputed by
	// precompute.
	verifyPrecomputedVarTime(pre *edwards25519.Precomputed, k, s [32]byte) [32]byte
	tableBytes() int
	// sha2 returns the SHA-512 compression function of the key
	// derivation and of every signature's and verification's hashes.
	sha2() sha2sum.Strategy
}

// Memory is the memory shape of a configuration, in bytes: what one key
// object holds (a PrivateKey; a PublicKey is 56, plus 2,048 in OptHigh
// for its precomputed multiples), what one data-flow context holds (0:
// Ed25519 has none), and the precomputed base-point tables the
// configuration links, built once per process on first use and shared by
// every key.
type Memory struct {
	Key, Context, Tables int
}

// The four configurations. Each is an empty struct, so a Config holds no
// data and storing one in an interface allocates nothing; each method
// calls one strategy of internal/edwards25519 statically.
type (
	smallOptLow      struct{}
	smallOptHigh     struct{}
	superFastOptLow  struct{}
	superFastOptHigh struct{}
)

// Table sizes (see internal/edwards25519): OptLow links 8 multiples of B
// for signing and 8 odd multiples for verification (2 × 960 B); OptHigh
// 256 multiples (32 windows × 8) for signing and 64 odd multiples for
// verification (30,720 + 7,680 B), and 64 odd multiples of 2^128·B for
// verifying with a precomputed public key (7,680 B). Both field
// representations take 40
// bytes per element, 120 per table point.
const (
	optLowTables   = 960 + 960
	optHighTables  = 30720 + 7680 + 7680
	privateKeySize = 152 // seed, s, prefix (3 × 32) + its PublicKey (Config 16, A 32, an unused precomputation pointer 8)
)

// SmallOptLow returns the smallest configuration: radix-2^25.5 field
// arithmetic written as loops (32×32→64-bit products) and the 8-point
// base tables (1,920 B).
func SmallOptLow() Config { return smallOptLow{} }

// SmallOptHigh returns Small arithmetic with the large base tables
// (46,080 B).
func SmallOptHigh() Config { return smallOptHigh{} }

// SuperFastOptLow returns radix-2^51 unrolled field arithmetic
// (64×64→128-bit products) with the 8-point base tables.
func SuperFastOptLow() Config { return superFastOptLow{} }

// SuperFastOptHigh returns the fastest configuration: radix-2^51
// arithmetic and the large base tables.
func SuperFastOptHigh() Config { return superFastOptHigh{} }

// Default returns SuperFastOptHigh, the best balance for a server: the
// fastest signing and verification for 46,080 B of tables shared by every
// key (figures in the package documentation).
func Default() Config { return superFastOptHigh{} }

// Configs returns the four configurations, Small before SuperFast, OptLow
// before OptHigh. A program that calls it links all of them.
func Configs() []Config {
	return []Config{smallOptLow{}, smallOptHigh{}, superFastOptLow{}, superFastOptHigh{}}
}

var errNilConfig = errors.New("ed25519: nil Config; use ed25519.Default() or one of SmallOptLow, SmallOptHigh, SuperFastOptLow, SuperFastOptHigh")

func (smallOptLow) String() string      { return "Small-OptLow" }
func (smallOptHigh) String() string     { return "Small-OptHigh" }
func (superFastOptLow) String() string  { return "SuperFast-OptLow" }
func (superFastOptHigh) String() string { return "SuperFast-OptHigh" }

func (c smallOptLow) Memory() Memory      { return Memory{privateKeySize, 0, c.tableBytes()} }
func (c smallOptHigh) Memory() Memory     { return Memory{privateKeySize, 0, c.tableBytes()} }
func (c superFastOptLow) Memory() Memory  { return Memory{privateKeySize, 0, c.tableBytes()} }
func (c superFastOptHigh) Memory() Memory { return Memory{privateKeySize, 0, c.tableBytes()} }

func (smallOptLow) tableBytes() int      { return optLowTables }
func (smallOptHigh) tableBytes() int     { return optHighTables }
func (superFastOptLow) tableBytes() int  { return optLowTables }
func (superFastOptHigh) tableBytes() int { return optHighTables }

// SHA-512 (the key's derivation, RFC 8032 §5.1.5, and SHA-512(dom2 ‖ R ‖
// A ‖ M) in every signature and verification) runs on sha2's compact,
// rolled compression loop in the Small configurations (sha2sum.Compact):
// a Small program then links 0.5 KiB of SHA-512 compression instead of the
// 16 KiB of the unrolled function and, on amd64, 13 KiB of assembly: the
// lab's code + constant data of Small-OptLow verification (1,023-byte
// message) went from 53,858 to 27,125 B, of signing from 51,298 to
// 24,126 B. It costs time: the compact loop takes about twice the unrolled
// Go code's time (sha2's BenchmarkStrategy: 1.75x its instructions);
// callgrind counts 1.0% more
// instructions per Small-OptLow signature and 0.4% per verification than
// on the unrolled code (thread CPU time against the AVX code, on a loaded
// machine: 248 -> 257 us signing, 265 -> 289 us verifying). SuperFast keeps
// sha2's own (sha2sum.Native: AVX, the ARMv8.2 instructions, or the
// unrolled code).
func (smallOptLow) sha2() sha2sum.Strategy      { return sha2sum.Compact() }
func (smallOptHigh) sha2() sha2sum.Strategy     { return sha2sum.Compact() }
func (superFastOptLow) sha2() sha2sum.Strategy  { return sha2sum.Native() }
func (superFastOptHigh) sha2() sha2sum.Strategy { return sha2sum.Native() }

func (smallOptLow) baseMult(s [32]byte) [32]byte      { return edwards25519.BaseMultLow25(&s) }
func (smallOptHigh) baseMult(s [32]byte) [32]byte     { return edwards25519.BaseMultHigh25(&s) }
func (superFastOptLow) baseMult(s [32]byte) [32]byte  { return edwards25519.BaseMultLow51(&s) }
func (superFastOptHigh) baseMult(s [32]byte) [32]byte { return edwards25519.BaseMultHigh51(&s) }

func (smallOptLow) verifyVarTime(a, k, s [32]byte) ([32]byte, bool) {
	return edwards25519.VerifyLowVarTime25(&a, &k, &s)
}
func (smallOptHigh) verifyVarTime(a, k, s [32]byte) ([32]byte, bool) {
	return edwards25519.VerifyHighVarTime25(&a, &k, &s)
}
func (superFastOptLow) verifyVarTime(a, k, s [32]byte) ([32]byte, bool) {
	return edwards25519.VerifyLowVarTime51(&a, &k, &s)
}
func (superFastOptHigh) verifyVarTime(a, k, s [32]byte) ([32]byte, bool) {
	return edwards25519.VerifyHighVarTime51(&a, &k, &s)
}

func (smallOptLow) validPoint(a [32]byte) bool      { return edwards25519.ValidPoint25(&a) }
func (smallOptHigh) validPoint(a [32]byte) bool     { return edwards25519.ValidPoint25(&a) }
func (superFastOptLow) validPoint(a [32]byte) bool  { return edwards25519.ValidPoint51(&a) }
func (superFastOptHigh) validPoint(a [32]byte) bool { return edwards25519.ValidPoint51(&a) }

// OptLow keys keep no precomputation (the least memory: 56-byte public
// keys); OptHigh keys keep the odd multiples of -A and of -2^128·A
// (2,048 bytes), which saves decoding A and building them at every
// verification and lets it split both scalars in halves: about 128
// doublings instead of 253 (a SuperFast verification takes 25 µs instead
// of 37).
func (c smallOptLow) precompute(a [32]byte) (*edwards25519.Precomputed, bool) {
	return nil, c.validPoint(a)
}
func (c superFastOptLow) precompute(a [32]byte) (*edwards25519.Precomputed, bool) {
	return nil, c.validPoint(a)
}
func (smallOptHigh) precompute(a [32]byte) (*edwards25519.Precomputed, bool) {
	pre := new(edwards25519.Precomputed)
	return pre, edwards25519.PrecomputeVarTime25(pre, &a)
}
func (superFastOptHigh) precompute(a [32]byte) (*edwards25519.Precomputed, bool) {
	pre := new(edwards25519.Precomputed)
	return pre, edwards25519.PrecomputeVarTime51(pre, &a)
}

// The OptLow configurations never precompute; theirs is not reached.
func (c smallOptLow) verifyPrecomputedVarTime(pre *edwards25519.Precomputed, k, s [32]byte) [32]byte {
	return [32]byte{}
}
func (c superFastOptLow) verifyPrecomputedVarTime(pre *edwards25519.Precomputed, k, s [32]byte) [32]byte {
	return [32]byte{}
}
func (smallOptHigh) verifyPrecomputedVarTime(pre *edwards25519.Precomputed, k, s [32]byte) [32]byte {
	return edwards25519.VerifyPrecomputedHighVarTime25(pre, &k, &s)
}
func (superFastOptHigh) verifyPrecomputedVarTime(pre *edwards25519.Precomputed, k, s [32]byte) [32]byte {
	return edwards25519.VerifyPrecomputedHighVarTime51(pre, &k, &s)
}
