// Package x25519 implements the X25519 function and Diffie–Hellman key
// agreement of RFC 7748, Sections 5 and 6.1, with the field arithmetic of
// package ed25519's two mathematics configurations:
//
//	Small      radix 2^25.5, ten 32-bit limbs, loops: the least code
//	           (internal/edwards25519, field25.go).
//	SuperFast  radix 2^51, five 64-bit limbs, 64×64→128-bit products
//	           written out (field51.go).
//	Native     the ladder in amd64 assembly on MULX, ADCX and ADOX
//	           (ladder_amd64.s): radix 2^64, four limbs, all 255 steps in
//	           one call; the rest is SuperFast's code. Where the processor
//	           lacks BMI2 or ADX, on other architectures and under the
//	           purego build tag, Native() is SuperFast().
//
// [Default] is Native. The configuration is chosen where a key is made
// ([GenerateKey], [NewPrivateKey]) or passed to [X25519], and only the
// named configuration's field is linked. The shared secret runs the
// Montgomery ladder, 255 steps with constant-time conditional swaps over
// every scalar bit. The public key (u = 9) runs the same ladder in Small
// (no table); SuperFast computes it as k·B on the Edwards form with
// package ed25519's OptHigh signing table (30,720 bytes, built once,
// full-table scans) and maps the point to u: about 2.5× faster.
//
// The API follows crypto/ecdh's X25519: keys are 32 bytes, any 32-byte
// string is a public key, and a shared secret that is all zeros (the peer
// sent a point of small order) is an error, with the zeros written to the
// caller's buffer, as RFC 7748, Section 6.1 permits and crypto/ecdh does.
// Package stdx25519 converts keys to and from crypto/ecdh; this package
// does not import it.
//
// Constant time: the ladder processes every bit of the clamped scalar with
// masked swaps (Native's assembly has one branch, the loop over the bit
// index, and reads the scalar's bytes at that public index); the field
// arithmetic has no secret-dependent branch or index; the final check for
// an all-zero result is constant time.
//
// Memory: X25519, PrivateKey.ECDHTo and NewPrivateKey's derivation
// allocate nothing beyond the key object; a PrivateKey is 80 bytes (its
// Config, scalar and public key), the ladder's state fourteen field
// elements (560 B) on the stack, Native's a 496-byte assembly frame
// (fifteen 32-byte elements and the loop's words, zeroed before it
// returns).
//
// Speed (thread CPU time on an AMD EPYC (Zen 5) shared with other work,
// medians of the lab's interleaved batches: go run ./cmd/cryptolab run
// --suite x25519 --min-time 300ms; go test -run X -bench 'ECDH|KeyGen'
// ./x25519/ times the same calls). One shared secret: Native 21.2 µs,
// SuperFast 32.7 µs, Small 234 µs; crypto/ecdh 30.6 µs with its amd64
// assembly field multiplication (33.3 µs with -tags purego); circl
// 21.3 µs with its amd64 assembly (MULX/ADX), 32.9 µs pure Go; openssl
// speed ecdhx25519 25.3 µs. Native is 1.44× crypto/ecdh, SuperFast (pure
// Go) 0.94× its assembly and 1.02× its purego build. One public key:
// SuperFast and Native 11 µs, crypto/ecdh 30.5 µs. The SuperFast
// inversion (x = X/Z), which Native shares, runs Bernstein–Yang divsteps,
// about 1.75 µs of the shared secret.
package x25519

import (
	"crypto"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"io"

	"github.com/cryptolab-go/cryptolab/internal/edwards25519"
)

// ScalarSize and PointSize are the sizes of a private key (scalar) and of
// a public key or shared secret (u-coordinate).
const (
	ScalarSize = 32
	PointSize  = 32
)

// Config is an implementation of X25519: Small, SuperFast, Native or
// Default.
// Only this package's values implement it; a nil Config is an error.
type Config interface {
	// String returns "Small", "SuperFast" or "Native".
	String() string
	// Memory returns the bytes of one PrivateKey (X25519 has no context
	// and no tables).
	Memory() Memory
	ladder(k, u [32]byte) [32]byte
	// publicKey returns X25519(k, 9).
	publicKey(k [32]byte) [32]byte
}

// Memory is the memory shape of a configuration, in bytes (see package
// ed25519's Memory).
type Memory struct {
	Key, Context, Tables int
}

type (
	small     struct{}
	superFast struct{}
)

const privateKeySize = 80 // Config (16) + scalar (32) + public key (32)

// Small returns the radix-2^25.5 configuration (least code).
func Small() Config { return small{} }

// SuperFast returns the radix-2^51 configuration (fastest).
func SuperFast() Config { return superFast{} }

// Native returns the assembly configuration where the processor runs it
// (amd64 with BMI2 and ADX, as internal/cpu reports at this call), and
// SuperFast elsewhere, on other architectures and under the purego build
// tag (its String then says "SuperFast").
func Native() Config {
	if c := nativeValue(); c != nil {
		return c
	}
	return superFast{}
}

// Default returns Native (SuperFast where Native is not available).
// Naming Default links Native's and SuperFast's code.
func Default() Config { return Native() }

// Configs returns Small, SuperFast and, where the processor runs it,
// Native. A program that calls it links them all.
func Configs() []Config {
	c := []Config{small{}, superFast{}}
	if n := nativeValue(); n != nil {
		c = append(c, n)
	}
	return c
}

func (small) String() string                    { return "Small" }
func (superFast) String() string                { return "SuperFast" }
func (small) Memory() Memory                    { return Memory{privateKeySize, 0, 0} }
func (superFast) Memory() Memory                { return Memory{privateKeySize, 0, superFastTables} }
func (small) ladder(k, u [32]byte) [32]byte     { return edwards25519.Ladder25(&k, &u) }
func (superFast) ladder(k, u [32]byte) [32]byte { return edwards25519.Ladder51(&k, &u) }

// Key generation: Small runs the ladder on u = 9 (no table); SuperFast
// computes k·B on the Edwards form with ed25519's OptHigh signing table
// (30,720 bytes, built once on first use) and maps it to u, about 2.5×
// faster than the ladder.
func (small) publicKey(k [32]byte) [32]byte     { return edwards25519.Ladder25(&k, &basepoint) }
func (superFast) publicKey(k [32]byte) [32]byte { return edwards25519.BaseLadderHigh51(&k) }

// superFastTables is the Edwards base-point table SuperFast's key
// generation reads.
const superFastTables = 30720

var (
	errNilConfig = errors.New("x25519: nil Config; use x25519.Default(), x25519.Small(), x25519.SuperFast() or x25519.Native()")
	errNilKey    = errors.New("x25519: nil key")
	errSize      = errors.New("x25519: keys and outputs are 32 bytes")
	errLowOrder  = errors.New("x25519: bad remote input: low order point (all-zero shared secret)")
)

// basepoint is u = 9, RFC 7748, Section 4.1.
var basepoint = [32]byte{9}

// X25519 writes X25519(scalar, point) (RFC 7748, Section 5) to dst, all
// three 32 bytes. The scalar is clamped and the top bit of point ignored,
// as Section 5 specifies. If the result is all zeros (point has small
// order), dst holds the zeros and the error says so. It allocates nothing.
func X25519(cfg Config, dst, scalar, point []byte) error {
	if cfg == nil {
		return errNilConfig
	}
	if len(dst) != PointSize || len(scalar) != ScalarSize || len(point) != PointSize {
		return errSize
	}
	r := cfg.ladder([32]byte(scalar), [32]byte(point))
	copy(dst, r[:])
	if isZero(&r) {
		return errLowOrder
	}
	return nil
}

func isZero(b *[32]byte) bool {
	var z [32]byte
	return subtle.ConstantTimeCompare(b[:], z[:]) == 1
}

// PrivateKey is an X25519 private key with its configuration. 80 bytes.
type PrivateKey struct {
	cfg Config
	k   [ScalarSize]byte
	pub PublicKey
}

// PublicKey is an X25519 public key: a u-coordinate. Any 32 bytes are
// accepted, as RFC 7748 and crypto/ecdh accept them.
type PublicKey struct {
	u [PointSize]byte
}

// GenerateKey returns a new key for cfg read from random (crypto/rand if
// nil).
func GenerateKey(cfg Config, random io.Reader) (*PrivateKey, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	if random == nil {
		random = rand.Reader
	}
	var k [ScalarSize]byte
	if _, err := io.ReadFull(random, k[:]); err != nil {
		return nil, err
	}
	priv := &PrivateKey{cfg: cfg, k: k}
	priv.pub.u = cfg.publicKey(k)
	clear(k[:])
	return priv, nil
}

// NewPrivateKey returns the key with the 32-byte scalar key (used as RFC
// 7748 says: clamped when used).
func NewPrivateKey(cfg Config, key []byte) (*PrivateKey, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	if len(key) != ScalarSize {
		return nil, errSize
	}
	priv := &PrivateKey{cfg: cfg, k: [32]byte(key)}
	priv.pub.u = cfg.publicKey(priv.k)
	return priv, nil
}

// NewPublicKey returns the public key with the 32-byte encoding key.
func NewPublicKey(key []byte) (*PublicKey, error) {
	if len(key) != PointSize {
		return nil, errSize
	}
	return &PublicKey{u: [32]byte(key)}, nil
}

// ECDHTo writes the shared secret X25519(k, remote) to dst. An all-zero
// secret (remote has small order) is written and reported as an error.
// It allocates nothing.
func (k *PrivateKey) ECDHTo(dst *[PointSize]byte, remote *PublicKey) error {
	if k == nil || k.cfg == nil || remote == nil || dst == nil {
		return errNilKey
	}
	*dst = k.cfg.ladder(k.k, remote.u)
	if isZero(dst) {
		return errLowOrder
	}
	return nil
}

// ECDH returns the shared secret X25519(k, remote), or an error if it is
// all zeros, as crypto/ecdh's PrivateKey.ECDH.
func (k *PrivateKey) ECDH(remote *PublicKey) ([]byte, error) {
	var s [PointSize]byte
	if err := k.ECDHTo(&s, remote); err != nil {
		return nil, err
	}
	return s[:], nil
}

// Config returns the key's configuration (nil for a nil key).
func (k *PrivateKey) Config() Config {
	if k == nil {
		return nil
	}
	return k.cfg
}

// Bytes returns a copy of the 32-byte scalar (nil for a nil key).
func (k *PrivateKey) Bytes() []byte {
	if k == nil {
		return nil
	}
	return append([]byte(nil), k.k[:]...)
}

// PublicKey returns the public key X25519(k, 9) (nil for a nil key).
func (k *PrivateKey) PublicKey() *PublicKey {
	if k == nil {
		return nil
	}
	p := k.pub
	return &p
}

// Public returns the public key as a *PublicKey (crypto.PrivateKey's
// convention).
func (k *PrivateKey) Public() crypto.PublicKey { return k.PublicKey() }

// Equal reports whether x is a *PrivateKey with the same scalar, in
// constant time.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	if !ok || k == nil || o == nil {
		return false
	}
	return subtle.ConstantTimeCompare(k.k[:], o.k[:]) == 1
}

// Wipe zeroes the scalar; the key cannot be used afterwards. Copies Go may
// have made are not wiped.
func (k *PrivateKey) Wipe() {
	if k == nil {
		return
	}
	clear(k.k[:])
	k.cfg = nil
	k.pub = PublicKey{}
}

// Bytes returns a copy of the 32-byte encoding (nil for a nil key).
func (p *PublicKey) Bytes() []byte {
	if p == nil {
		return nil
	}
	return append([]byte(nil), p.u[:]...)
}

// Equal reports whether x is a *PublicKey with the same encoding.
func (p *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	return ok && p != nil && o != nil && p.u == o.u
}
