// Package ecdsa implements the Elliptic Curve Digital Signature Algorithm
// (FIPS 186-5 §6, SEC 1 v2 §4.1) over the NIST curves P-256 and P-384, with
// the speed/memory configurations of the STM32 cryptographic library pages,
// one function each: [SmallLow], [SmallHigh], [FastLow], [FastHigh], and
// the assembly tier the pages lack, [NativeLow] and [NativeHigh] ([Default]
// is NativeHigh, which is FastHigh where Native does not run). The two
// halves of a name:
//
//	Arithmetic  Small  one generic Montgomery multiplier (word-serial CIOS)
//	                   shared by both curves, field and scalar ring alike;
//	                   the least code, about 2-3x slower per multiplication.
//	            Fast   curve-specialised, generated straight-line Montgomery
//	                   arithmetic for each prime and order, with a dedicated
//	                   squaring (the special form of the NIST primes turns
//	                   limb products of the reduction into shifts and
//	                   negations), and point formulas specialised per curve.
//	            Native Fast's point code with the field and scalar
//	                   multiplications and squarings in assembly
//	                   (internal/nist/mulx): MULX, ADCX and ADOX on amd64
//	                   processors with BMI2, ADX and AVX2, checked at each
//	                   NativeLow/NativeHigh call; MUL and UMULH on every
//	                   arm64 processor. Elsewhere, and under the purego
//	                   build tag, the Native functions return the Fast
//	                   configurations. A Native program links Fast as well.
//	Table       Low    16 affine multiples of G for signed 5-bit windows:
//	                   1,024 B (P-256), 1,536 B (P-384); k·G doubles
//	                   255/380 times and adds 52/77 times.
//	            High   32 multiples of 64^i·G for every signed 6-bit window
//	                   i: 88,064 B (P-256, 43 windows), 199,680 B (P-384,
//	                   65 windows); k·G is 43/65 mixed additions and no
//	                   doubling.
//
// The configuration is the first argument where a key is made
// ([GenerateKey], [NewPrivateKey], [NewPublicKey]); the key keeps it.
// [Config.Memory] reports the key and table sizes. Tables are computed once
// per process on first use (see internal/nist/ec).
//
// Constant time: key generation and signing compute k·G and d·G with the
// Renes–Costello–Batina complete formulas and full table scans, and every
// scalar operation on d and k with Montgomery arithmetic, without math/big
// or secret-dependent branches or indices, in every arithmetic (Native's
// assembly is straight-line, carries in flags, the final reduction by
// CMOV or CSEL).
// Verification works on public data and runs in variable time: Jacobian
// coordinates and NAF digits (Straus–Shamir), taking the odd multiples of G
// from the Low table (width 5) or from the first window of the High one
// (width 6, a few additions fewer).
//
// Which configuration for what: NativeHigh (FastHigh without the
// instructions) is the fastest signer and costs the largest table;
// SmallLow is the smallest in code and data. The choice is made at link
// time: each configuration value carries its
// implementation, a key stores the one implementation of its curve and
// configuration (impl.go) and calls each whole operation (key, sign,
// verify, encoding) through it once, with static calls inside. A program
// that names only SmallLow links neither the Fast arithmetic nor the High
// table code, and the reverse (linker_test.go). FastLow and FastHigh link
// the Fast code of both curves. High's k·G has no doubling loop, so its
// signing code is smaller than Low's; its table is heap memory built at
// first use, not code. The lab measures code and constant data per
// configuration (go run ./cmd/cryptolab run --suite ecdsa --no-peers).
//
// Signing is hedged by default: the nonce comes from the RFC 6979 HMAC_DRBG
// seeded with the private key and the digest and, as additional input, fresh
// random bytes (RFC 6979 §3.6), so a broken random source does not leak the
// key and a fault does not repeat nonces. [SignDeterministic] is plain RFC
// 6979.
//
// Memory: signing and verification allocate nothing on the heap when dst
// has room and the random source is crypto/rand.Reader (another io.Reader
// costs one small buffer, because escape analysis cannot see through it).
// Their scratch lives on the stack: the HMAC_DRBG state (2·64 B of K and
// V; an HMAC reads its message parts where they lie), field elements of
// 32 B (Fast P-256) or 48 B (Fast P-384, and Small, which serves both
// curves with one copy) and, in verification, the odd multiples of Q
// (Fast: 8 Jacobian points, 768 B for P-256 and 1,152 B for P-384; Small:
// 4 points, 576 B, for a width-4 NAF of u2) and the NAF digit strings
// (Fast: 2·386 B; Small: u2's only, packed in 193 B, u1's signed windows
// read from its bits as they are used). TestStack holds Small-Low to a stack budget (stack_test.go:
// measured 2,184 B to sign on P-256, 2,296 B on P-384, 2,760 B to verify,
// on linux/amd64 with go1.26). A PrivateKey holds d and d·R mod n besides the
// public key (Config.Memory(c).Key bytes).
//
// Speed: a signature also computes the HMAC_DRBG of RFC 6979 with package
// sha2 (five HMACs: of SHA-256 for P-256, of SHA-384 for P-384, about 24
// compressions) and reads ScalarSize bytes from crypto/rand: 1.6 µs,
// 15 % of a Native-High P-256 signature (10.8 µs; thread CPU time,
// internal/benchcpu; the random read 0.13 µs of it), more where sha2 runs
// in Go; OpenSSL's nonce (BN_generate_dsa_nonce) is one SHA-512 of the
// key, the digest and random bytes. The Small configurations run the HMAC on sha2's compact, rolled
// compression loops instead, for code size (config.go).
//
// Measured by the lab, signing and verifying with key objects beside the
// standard library (and its purego build) and OpenSSL 3.0's openssl speed
// in the same run (runs move by about 5 % against each other on a shared
// machine):
//
// Figures generated by lab/docfigures (block speed) from
// lab/docfigures/testdata/ecdsa.json, a snapshot of "go run ./cmd/cryptolab
// run --suite ecdsa --min-time 200ms" (AMD EPYC, go1.26.8, 2026-12-01; thread
// CPU time per operation, median of interleaved batches); do not edit: go
// generate ./lab/docfigures.
//
//	                P-256 sign  P-256 verify  P-384 sign  P-384 verify
//	Small-Low           251 µs        198 µs      641 µs        527 µs
//	Small-High         67.2 µs        193 µs      171 µs        516 µs
//	Fast-Low           84.7 µs       69.1 µs      256 µs        196 µs
//	Fast-High          25.5 µs       67.2 µs     72.9 µs        194 µs
//	Native-Low         58.4 µs       37.9 µs      209 µs        163 µs
//	Native-High        10.9 µs       37.0 µs     54.9 µs        158 µs
//	crypto/ecdsa       22.3 µs       47.0 µs      145 µs        419 µs
//	  -tags purego     54.1 µs        137 µs      150 µs        409 µs
//	openssl speed      13.9 µs       40.1 µs      527 µs        444 µs
//
// End of generated figures.
//
// P-256 Native writes every point formula of signing and verification
// out in assembly (internal/nist/mulx), each field operation's operands
// in memory between operations (OpenSSL's P-256 keeps them in registers
// across whole formulas). Native-High signs with Jacobian mixed
// additions, 8M + 3S, one per window from the lowest (which keeps the
// incomplete formula's exceptional cases out, internal/nist/ec's
// scalarBaseMultHigh), where the other configurations take the complete
// projective formula, 11M + 2m_b (107 against 147 ns); Native-Low keeps
// the complete one. Verification runs the Jacobian doubling (Z3 = 2·Y·Z)
// and mixed additions of u1·G and of the odd multiples of Q, made affine
// with one inversion. Inversions modulo p and n are Bernstein–Yang
// divsteps with the matrix updates in assembly on amd64: signing's Z and k
// constant-time, 1.58 and 1.57 µs (the addition chain modulo p costs
// 1.97 µs, Fermat modulo n about 4 µs); verification's public s and Q
// multiples variable-time, 0.94 µs. P-384 Native is Fast's code on the
// assembly multipliers. On arm64 Native is the MUL/UMULH assembly of
// mulx_arm64.s, tested under qemu and not measured.
//
// [PrivateKey.Wipe] zeroes a key. Conversions to and from crypto/ecdsa,
// and a crypto.Signer for crypto/x509 and crypto/tls, live in package
// ecdsa/stdecdsa; this package imports neither the standard library's
// ECDSA nor its hashes (RFC 6979's HMAC runs on package sha2 through
// internal/hmac and internal/sha2sum), so a program that does not ask for interop links none of
// them.
package ecdsa

import (
	"crypto"
	"crypto/rand"
	"errors"
	"io"

	"github.com/cryptolab-go/cryptolab/internal/ct"
	"github.com/cryptolab-go/cryptolab/internal/hmac"
	"github.com/cryptolab-go/cryptolab/internal/nist/ec"
	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

// Curve names a supported curve.
type Curve uint8

const (
	P256 Curve = iota + 1 // NIST P-256 (secp256r1)
	P384                  // NIST P-384 (secp384r1)
)

// String returns "P-256" or "P-384".
func (c Curve) String() string {
	switch c {
	case P256:
		return "P-256"
	case P384:
		return "P-384"
	}
	return "unknown curve"
}

// ScalarSize returns the length in bytes of a private key, of a coordinate,
// and of each half of a raw signature: 32 or 48 (0 for an unknown curve).
func (c Curve) ScalarSize() int {
	switch c {
	case P256:
		return 32
	case P384:
		return 48
	}
	return 0
}

func (c Curve) params() *ec.Curve {
	switch c {
	case P256:
		return ec.P256()
	case P384:
		return ec.P384()
	}
	return nil
}

var (
	errCurve      = errors.New("ecdsa: unsupported curve")
	errPrivateKey = errors.New("ecdsa: invalid private key")
	errRand       = errors.New("ecdsa: random source failed")
	errHash       = errors.New("ecdsa: unsupported hash function for deterministic signing")
	errSign       = errors.New("ecdsa: signing failed")
	errFormat     = errors.New("ecdsa: unknown signature format")
	errConfig     = errors.New("ecdsa: nil Config (use ecdsa.Default() or another configuration)")
)

// PublicKey is an ECDSA public key Q, a point on the curve that is not the
// point at infinity.
type PublicKey struct {
	curve Curve
	cfg   Config
	impl  impl      // cfg's implementation for curve, chosen once; nil in a zero or wiped key
	x, y  mont.Elem // affine, Montgomery form
}

// PrivateKey is an ECDSA private key d in [1, n-1] with its public key.
type PrivateKey struct {
	pub PublicKey
	d   mont.Elem // plain
	dm  mont.Elem // d·R mod n (Montgomery form)
}

// Curve returns the key's curve (0 for a nil key).
func (k *PublicKey) Curve() Curve {
	if k == nil {
		return 0
	}
	return k.curve
}

// Config returns the configuration the key computes with (nil for a nil
// or zero key).
func (k *PublicKey) Config() Config {
	if k == nil {
		return nil
	}
	return k.cfg
}

// valid reports whether k was made by this package (a zero PublicKey is not).
func (k *PublicKey) valid() bool { return k != nil && k.impl != nil }

// Bytes returns the SEC 1 uncompressed encoding 0x04 ‖ x ‖ y (nil for a
// zero PublicKey).
func (k *PublicKey) Bytes() []byte {
	if !k.valid() {
		return nil
	}
	return k.curve.params().AppendBytes(nil, &k.x, &k.y, false)
}

// BytesCompressed returns the SEC 1 compressed encoding (0x02|y&1) ‖ x (nil
// for a zero PublicKey).
func (k *PublicKey) BytesCompressed() []byte {
	if !k.valid() {
		return nil
	}
	return k.curve.params().AppendBytes(nil, &k.x, &k.y, true)
}

// Equal reports whether x is a *PublicKey for the same curve and point.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	return ok && k != nil && o != nil && o.curve == k.curve && o.x == k.x && o.y == k.y
}

// NewPublicKey decodes a SEC 1 public key, uncompressed (0x04 ‖ x ‖ y) or
// compressed (0x02/0x03 ‖ x). It checks that the coordinates are below p and
// that the point is on the curve; the point at infinity has no encoding of
// these lengths and is rejected.
func NewPublicKey(cfg Config, c Curve, q []byte) (*PublicKey, error) {
	im, err := implOf(cfg, c)
	if err != nil {
		return nil, err
	}
	x, y, err := c.params().SetBytes(q)
	if err != nil {
		return nil, errors.New("ecdsa: invalid public key: " + err.Error())
	}
	return &PublicKey{curve: c, cfg: cfg, impl: im, x: x, y: y}, nil
}

// Public returns the public key as a crypto.PublicKey (a *PublicKey; nil
// for a nil key). crypto/x509 and crypto/tls need the standard library's
// type instead: see package ecdsa/stdecdsa.
func (k *PrivateKey) Public() crypto.PublicKey {
	if k == nil {
		return nil
	}
	return &k.pub
}

// PublicKey returns the public key (nil for a nil key).
func (k *PrivateKey) PublicKey() *PublicKey {
	if k == nil {
		return nil
	}
	return &k.pub
}

// Curve returns the key's curve (0 for a nil key).
func (k *PrivateKey) Curve() Curve { return k.PublicKey().Curve() }

// Config returns the configuration the key computes with (nil for a nil
// or zero key).
func (k *PrivateKey) Config() Config { return k.PublicKey().Config() }

// Wipe zeroes the key: the private scalar, its Montgomery form and the
// public key. The key is unusable afterwards (signing returns an error).
// Go may have copied the scalar elsewhere (the garbage collector moves no
// heap objects, but stack frames that held it are not cleared until
// reused); Wipe clears only this value.
func (k *PrivateKey) Wipe() {
	if k == nil {
		return
	}
	clear(k.d[:])
	clear(k.dm[:])
	k.pub = PublicKey{}
}

// Bytes returns the private scalar d as ScalarSize big-endian bytes (nil for
// a zero PrivateKey).
func (k *PrivateKey) Bytes() []byte {
	if k == nil || !k.pub.valid() {
		return nil
	}
	p := k.pub.curve.params()
	b := make([]byte, p.Size)
	p.Order.FillBytes(b, &k.d)
	return b
}

// Equal reports whether x is a *PrivateKey with the same curve and scalar
// (the scalars are compared in constant time).
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	if !ok || k == nil || o == nil || o.pub.curve != k.pub.curve {
		return false
	}
	var acc uint64
	for i := range k.d {
		acc |= k.d[i] ^ o.d[i]
	}
	return ct.IsZero64(acc) == 1
}

// NewPrivateKey returns the key with private scalar d, exactly ScalarSize
// big-endian bytes in [1, n-1], and computes its public key d·G.
func NewPrivateKey(cfg Config, c Curve, d []byte) (*PrivateKey, error) {
	im, err := implOf(cfg, c)
	if err != nil {
		return nil, err
	}
	if len(d) != c.ScalarSize() {
		return nil, errPrivateKey
	}
	k := &PrivateKey{pub: PublicKey{curve: c, cfg: cfg, impl: im}}
	if !k.setScalar(d) {
		return nil, errPrivateKey
	}
	return k, nil
}

// setScalar sets d from b (len p.Size) if 1 ≤ d ≤ n-1, and Q = d·G. The
// range check is constant time; its outcome is the caller's to branch on.
func (k *PrivateKey) setScalar(b []byte) bool {
	p := k.pub.curve.params()
	var d mont.Elem
	ok := p.Order.SetBytes(&d, b) & (1 ^ p.Order.IsZero(&d))
	if ok != 1 {
		clear(d[:])
		return false
	}
	k.d = d
	k.dm, k.pub.x, k.pub.y = k.pub.impl.Key(d)
	clear(d[:])
	return true
}

// GenerateKey generates a key pair with rand (crypto/rand.Reader if nil) by
// rejection sampling (FIPS 186-5 §A.2.2): candidates of ScalarSize random
// bytes are drawn until one lies in [1, n-1].
func GenerateKey(cfg Config, c Curve, random io.Reader) (*PrivateKey, error) {
	im, err := implOf(cfg, c)
	if err != nil {
		return nil, err
	}
	size := c.ScalarSize()
	k := &PrivateKey{pub: PublicKey{curve: c, cfg: cfg, impl: im}}
	var buf [48]byte
	defer clear(buf[:])
	for range 64 { // P-256 rejects with probability < 2^-32 per draw
		if err := readRandom(random, buf[:size]); err != nil {
			return nil, err
		}
		if k.setScalar(buf[:size]) {
			return k, nil
		}
	}
	return nil, errRand
}

// readRandom fills b from random, keeping b on the caller's stack when
// random is nil or crypto/rand.Reader.
func readRandom(random io.Reader, b []byte) error {
	if random == nil || random == rand.Reader {
		rand.Read(b)
		return nil
	}
	return readRandomSlow(random, b)
}

// readRandomSlow reads through an arbitrary io.Reader into a heap buffer:
// the one allocation of signing with a caller-supplied random source. The
// buffer held a candidate private key or nonce material, so it is cleared
// before it is dropped.
func readRandomSlow(random io.Reader, b []byte) error {
	tmp := make([]byte, len(b))
	defer clear(tmp)
	if _, err := io.ReadFull(random, tmp); err != nil {
		return errRand
	}
	copy(b, tmp)
	return nil
}

var _ crypto.Signer = (*PrivateKey)(nil)

// Format selects a signature encoding.
type Format uint8

const (
	ASN1 Format = iota // DER SEQUENCE { r INTEGER, s INTEGER } (SEC 1 §C.8, RFC 3279)
	Raw                // r ‖ s, each ScalarSize big-endian bytes (IEEE P1363)
)

// MaxSignatureSize returns the largest signature of curve c in format f:
// 72 (P-256) or 104 (P-384) bytes DER, 64 or 96 raw.
func MaxSignatureSize(c Curve, f Format) int {
	n := c.ScalarSize()
	if f == Raw {
		return 2 * n
	}
	return 2 + 2*(2+n+1)
}

// Sign signs digest (the hash of the message, any length: its leftmost
// bits are used, FIPS 186-5 §6.4.1 step 2) with a hedged nonce: RFC 6979
// from the key and the digest, with ScalarSize bytes from random
// (crypto/rand.Reader if nil) as additional input. The HMAC is HMAC-SHA-256
// for P-256 and HMAC-SHA-384 for P-384. The signature is appended to dst.
func Sign(dst []byte, priv *PrivateKey, random io.Reader, digest []byte, f Format) ([]byte, error) {
	if priv == nil || !priv.pub.valid() {
		return dst, errPrivateKey
	}
	if f != ASN1 && f != Raw {
		return dst, errFormat
	}
	h := hmac.SHA256
	if priv.pub.curve == P384 {
		h = hmac.SHA384
	}
	return sign(dst, priv, h, digest, random, true, f)
}

// SignDeterministic signs digest with the nonce of RFC 6979 §3.2, using
// HMAC with h, the hash that produced digest: SHA-224, SHA-256, SHA-384,
// SHA-512, SHA-512/224 or SHA-512/256 (computed with package sha2); any
// other hash, SHA-1 included, is an error. The same key and digest always
// give the same signature.
func SignDeterministic(dst []byte, priv *PrivateKey, h crypto.Hash, digest []byte, f Format) ([]byte, error) {
	if priv == nil || !priv.pub.valid() {
		return dst, errPrivateKey
	}
	hh := hmacHash(h)
	if hh == 0 {
		return dst, errHash
	}
	if f != ASN1 && f != Raw {
		return dst, errFormat
	}
	return sign(dst, priv, hh, digest, nil, false, f)
}

// Sign implements crypto.Signer: an ASN.1 DER signature of digest, hedged
// with random, or deterministic (RFC 6979 with opts.HashFunc()) if random is
// nil.
func (k *PrivateKey) Sign(random io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	if k == nil || !k.pub.valid() {
		return nil, errPrivateKey
	}
	dst := make([]byte, 0, MaxSignatureSize(k.pub.curve, ASN1))
	if random == nil {
		var h crypto.Hash
		if opts != nil {
			h = opts.HashFunc()
		}
		return SignDeterministic(dst, k, h, digest, ASN1)
	}
	return Sign(dst, k, random, digest, ASN1)
}

// bits2intModN sets e to the leftmost 8·Size bits of digest reduced mod n
// (FIPS 186-5 §6.4.1 steps 2-3; RFC 6979 bits2int and bits2octets).
func bits2intModN(p *ec.Curve, e *mont.Elem, digest []byte) {
	var b [48]byte
	buf := b[:p.Size]
	if len(digest) >= p.Size {
		copy(buf, digest[:p.Size])
	} else {
		copy(buf[p.Size-len(digest):], digest)
	}
	p.Order.SetBytes(e, buf)
	// e < 2^(8·Size) < 2n, so e - n mod n (which adds n back on a borrow)
	// is e mod n, in constant time.
	p.Order.Sub(e, e, &p.Order.M)
}
