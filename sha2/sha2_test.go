// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
)

// state is what every value returned by NewXXX must implement.
type state interface {
	hash.Cloner
	encoding.BinaryMarshaler
	encoding.BinaryAppender
	encoding.BinaryUnmarshaler
}

// variant describes one of the six hash functions for the table-driven
// tests: ours (sole buffer and data flow) and the standard library's.
type variant struct {
	name       string // FIPS 180-4 name
	acvp       string // ACVP vector file
	size       int
	blockSize  int
	sum        func([]byte) []byte
	newHash    func() hash.Hash
	stdSum     func([]byte) []byte
	stdNewHash func() hash.Hash
}

var variants = []variant{
	{"SHA-224", "SHA2-224", Size224, BlockSize256,
		func(m []byte) []byte { s := Sum224(m); return s[:] }, New224,
		func(m []byte) []byte { s := sha256.Sum224(m); return s[:] }, sha256.New224},
	{"SHA-256", "SHA2-256", Size256, BlockSize256,
		func(m []byte) []byte { s := Sum256(m); return s[:] }, New256,
		func(m []byte) []byte { s := sha256.Sum256(m); return s[:] }, sha256.New},
	{"SHA-384", "SHA2-384", Size384, BlockSize512,
		func(m []byte) []byte { s := Sum384(m); return s[:] }, New384,
		func(m []byte) []byte { s := sha512.Sum384(m); return s[:] }, sha512.New384},
	{"SHA-512", "SHA2-512", Size512, BlockSize512,
		func(m []byte) []byte { s := Sum512(m); return s[:] }, New512,
		func(m []byte) []byte { s := sha512.Sum512(m); return s[:] }, sha512.New},
	{"SHA-512/224", "SHA2-512-224", Size224, BlockSize512,
		func(m []byte) []byte { s := Sum512_224(m); return s[:] }, New512_224,
		func(m []byte) []byte { s := sha512.Sum512_224(m); return s[:] }, sha512.New512_224},
	{"SHA-512/256", "SHA2-512-256", Size256, BlockSize512,
		func(m []byte) []byte { s := Sum512_256(m); return s[:] }, New512_256,
		func(m []byte) []byte { s := sha512.Sum512_256(m); return s[:] }, sha512.New512_256},
}

func (v variant) testName() string { return strings.ReplaceAll(v.name, "/", "_") }

func unhex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// The example messages of the NIST "Examples with Intermediate Values"
// documents for FIPS 180-4 (csrc.nist.gov, Cryptographic Standards and
// Guidelines, Examples): "abc" for every variant, the two-block 448-bit
// message for SHA-224/256 and the two-block 896-bit message for the SHA-512
// family. The one-million-"a" message is from FIPS 180-2, Appendices B.3 and
// C.3.
const (
	msg448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
	msg896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno" +
		"ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
)

var fipsExamples = []struct {
	variant, msg, md string
}{
	{"SHA-224", "abc", "23097d22 3405d822 8642a477 bda255b3 2aadbce4 bda0b3f7 e36c9da7"},
	{"SHA-224", msg448, "75388b16 512776cc 5dba5da1 fd890150 b0c6455c b4f58b19 52522525"},
	{"SHA-256", "abc", "ba7816bf 8f01cfea 414140de 5dae2223 b00361a3 96177a9c b410ff61 f20015ad"},
	{"SHA-256", msg448, "248d6a61 d20638b8 e5c02693 0c3e6039 a33ce459 64ff2167 f6ecedd4 19db06c1"},
	{"SHA-256", strings.Repeat("a", 1000000), "cdc76e5c 9914fb92 81a1c7e2 84d73e67 f1809a48 a497200e 046d39cc c7112cd0"},
	{"SHA-384", "abc", "cb00753f45a35e8b b5a03d699ac65007 272c32ab0eded163 1a8b605a43ff5bed 8086072ba1e7cc23 58baeca134c825a7"},
	{"SHA-384", msg896, "09330c33f71147e8 3d192fc782cd1b47 53111b173b3b05d2 2fa08086e3b0f712 fcc7c71a557e2db9 66c3e9fa91746039"},
	{"SHA-512", "abc", "ddaf35a193617aba cc417349ae204131 12e6fa4e89a97ea2 0a9eeee64b55d39a 2192992a274fc1a8 36ba3c23a3feebbd 454d4423643ce80e 2a9ac94fa54ca49f"},
	{"SHA-512", msg896, "8e959b75dae313da 8cf4f72814fc143f 8f7779c6eb9f7fa1 7299aeadb6889018 501d289e4900f7e4 331b99dec4b5433a c7d329eeb6dd2654 5e96e55b874be909"},
	{"SHA-512", strings.Repeat("a", 1000000), "e718483d0ce76964 4e2e42c7bc15b463 8e1f98b13b204428 5632a803afa973eb de0ff244877ea60a 4cb0432ce577c31b eb009c5c2c49aa2e 4eadb217ad8cc09b"},
	{"SHA-512/224", "abc", "4634270f 707b6a54 daae7530 460842e2 0e37ed26 5ceee9a4 3e8924aa"},
	{"SHA-512/224", msg896, "23fec5bb 94d60b23 30819264 0b0c4533 35d66473 4fe40e72 68674af9"},
	{"SHA-512/256", "abc", "53048e2681941ef9 9b2e29b76b4c7dab e4c2d0c634fc6d46 e0e2f13107e7af23"},
	{"SHA-512/256", msg896, "3928e184fb8690f8 40da3988121d31be 65cb9d3ef83ee614 6feac861e19b563a"},
}

func variantByName(t *testing.T, name string) variant {
	for _, v := range variants {
		if v.name == name {
			return v
		}
	}
	t.Fatalf("no variant %q", name)
	return variant{}
}

func TestFIPS180Examples(t *testing.T) {
	for _, tc := range fipsExamples {
		v := variantByName(t, tc.variant)
		want := unhex(tc.md)
		if got := v.sum([]byte(tc.msg)); !bytes.Equal(got, want) {
			t.Errorf("%s(%.10q...): sole buffer %x, want %x", v.name, tc.msg, got, want)
		}
		// The same message byte by byte for the short ones, in one Write
		// otherwise.
		h := v.newHash()
		if len(tc.msg) < 1000 {
			for i := range len(tc.msg) {
				h.Write([]byte{tc.msg[i]})
			}
		} else {
			h.Write([]byte(tc.msg))
		}
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Errorf("%s(%.10q...): data flow %x, want %x", v.name, tc.msg, got, want)
		}
	}
}

// TestConstantsFromPrimes recomputes every constant of FIPS 180-4 §4.2 and
// §5.3 from its definition, with exact integer roots, and the SHA-512/t
// initial values with the IV generation function of §5.3.6.
func TestConstantsFromPrimes(t *testing.T) {
	var primes []int64
	for n := int64(2); len(primes) < 80; n++ {
		if big.NewInt(n).ProbablyPrime(0) {
			primes = append(primes, n)
		}
	}
	// frac returns the first 64 bits of the fractional part of p^(1/k):
	// floor(p^(1/k) * 2^64) mod 2^64 = floor((p << 64k)^(1/k)) mod 2^64.
	frac := func(p int64, k uint) uint64 {
		n := new(big.Int).Lsh(big.NewInt(p), 64*k)
		r := new(big.Int)
		if k == 2 {
			r.Sqrt(n)
		} else { // integer cube root by bisection
			lo, hi := big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), 64+8)
			one := big.NewInt(1)
			for new(big.Int).Sub(hi, lo).Cmp(one) > 0 {
				mid := new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1)
				if new(big.Int).Exp(mid, big.NewInt(3), nil).Cmp(n) <= 0 {
					lo = mid
				} else {
					hi = mid
				}
			}
			r = lo
		}
		return r.Uint64() // Uint64 keeps the low 64 bits
	}
	for i := range 80 {
		if want := frac(primes[i], 3); _K512[i] != want {
			t.Errorf("K512[%d] = %#x, want %#x", i, _K512[i], want)
		}
		if i < 64 {
			if want := uint32(frac(primes[i], 3) >> 32); _K256[i] != want {
				t.Errorf("K256[%d] = %#x, want %#x", i, _K256[i], want)
			}
		}
	}
	for i := range 8 {
		if want := frac(primes[i], 2); iv512[i] != want {
			t.Errorf("iv512[%d] = %#x, want %#x", i, iv512[i], want)
		}
		if want := frac(primes[8+i], 2); iv384[i] != want {
			t.Errorf("iv384[%d] = %#x, want %#x", i, iv384[i], want)
		}
		if want := uint32(frac(primes[i], 2) >> 32); iv256[i] != want {
			t.Errorf("iv256[%d] = %#x, want %#x", i, iv256[i], want)
		}
		if want := uint32(frac(primes[8+i], 2)); iv224[i] != want {
			t.Errorf("iv224[%d] = %#x, want %#x", i, iv224[i], want)
		}
	}
	// §5.3.6: H(0)'' = H(0) of SHA-512 XOR a5a5...; H(0) of SHA-512/t is
	// SHA-512 with H(0)'' applied to the string "SHA-512/t".
	for _, tc := range []struct {
		name string
		iv   *[8]uint64
	}{{"SHA-512/224", &iv512_224}, {"SHA-512/256", &iv512_256}} {
		var d Digest512
		d.Reset()
		for i := range d.h {
			d.h[i] ^= 0xa5a5a5a5a5a5a5a5
		}
		d.Write([]byte(tc.name))
		out := d.Sum(nil)
		for i := range 8 {
			if got := binary.BigEndian.Uint64(out[8*i:]); got != tc.iv[i] {
				t.Errorf("%s H(0)[%d] = %#x, want %#x", tc.name, i, tc.iv[i], got)
			}
		}
	}
}

func TestSizes(t *testing.T) {
	for _, v := range variants {
		h := v.newHash()
		if h.Size() != v.size || h.BlockSize() != v.blockSize || len(h.Sum(nil)) != v.size || len(v.sum(nil)) != v.size {
			t.Errorf("%s: Size %d BlockSize %d, want %d %d", v.name, h.Size(), h.BlockSize(), v.size, v.blockSize)
		}
		if _, ok := h.(state); !ok {
			t.Errorf("%s: %T lacks Clone/Marshal/Append/Unmarshal", v.name, h)
		}
	}
	// The memory figures documented on the types.
	if got := reflect.TypeFor[Digest256]().Size(); got != 112 {
		t.Errorf("Digest256 is %d bytes, documented as 112", got)
	}
	if got := reflect.TypeFor[Digest512]().Size(); got != 208 {
		t.Errorf("Digest512 is %d bytes, documented as 208", got)
	}
	if marshaledSize256 != 108 || marshaledSize512 != 204 {
		t.Errorf("saved states are %d and %d bytes, documented as 108 and 204", marshaledSize256, marshaledSize512)
	}
}

// TestZeroValueReset checks the documented zero values: Reset turns them
// into SHA-256 and SHA-512.
func TestZeroValueReset(t *testing.T) {
	msg := []byte("zero value")
	var d256 Digest256
	d256.Reset()
	d256.Write(msg)
	if want := sha256.Sum256(msg); !bytes.Equal(d256.Sum(nil), want[:]) {
		t.Error("Digest256 zero value after Reset is not SHA-256")
	}
	var d512 Digest512
	d512.Reset()
	d512.Write(msg)
	if want := sha512.Sum512(msg); !bytes.Equal(d512.Sum(nil), want[:]) {
		t.Error("Digest512 zero value after Reset is not SHA-512")
	}
}

// randomChunks writes msg to h in random pieces, some empty, some longer
// than a block.
func randomChunks(rng *rand.Rand, h hash.Hash, msg []byte) {
	for len(msg) > 0 {
		var n int
		switch rng.IntN(4) {
		case 0:
			n = 0
		case 1:
			n = rng.IntN(8)
		case 2:
			n = rng.IntN(2 * h.BlockSize())
		default:
			n = rng.IntN(len(msg) + 1)
		}
		n = min(n, len(msg))
		h.Write(msg[:n])
		msg = msg[n:]
	}
}

// TestDifferential compares all six variants with crypto/sha256 and
// crypto/sha512 over random lengths 0..2000 and random chunkings, with Sum,
// Clone and a save/restore in the middle of the stream.
func TestDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range variants {
		t.Run(v.testName(), func(t *testing.T) {
			for iter := range 400 {
				n := rng.IntN(2001)
				if iter < 2*v.blockSize+2 {
					n = iter // every length around the one- and two-block padding boundaries
				}
				msg := make([]byte, n)
				for i := range msg {
					msg[i] = byte(rng.Uint32())
				}
				want := v.stdSum(msg)
				if got := v.sum(msg); !bytes.Equal(got, want) {
					t.Fatalf("len %d: sole buffer %x, want %x", n, got, want)
				}

				cut := rng.IntN(n + 1)
				h := v.newHash()
				randomChunks(rng, h, msg[:cut])
				// Sum in the middle must not disturb the state and must
				// equal the digest of the prefix; it appends to its argument.
				prefix := []byte("prefix")
				mid := h.Sum(prefix)
				if !bytes.Equal(mid[:6], prefix) || !bytes.Equal(mid[6:], v.stdSum(msg[:cut])) {
					t.Fatalf("len %d cut %d: Sum mid-stream %x", n, cut, mid)
				}
				// Fork with Clone, and save/restore into a fresh state.
				clone, _ := h.(state).Clone()
				saved, err := h.(state).MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				resumed := v.newHash()
				if err := resumed.(state).UnmarshalBinary(saved); err != nil {
					t.Fatalf("len %d cut %d: UnmarshalBinary: %v", n, cut, err)
				}
				randomChunks(rng, h, msg[cut:])
				randomChunks(rng, clone, msg[cut:])
				randomChunks(rng, resumed, msg[cut:])
				for what, x := range map[string]hash.Hash{"stream": h, "clone": clone, "resumed": resumed} {
					if got := x.Sum(nil); !bytes.Equal(got, want) {
						t.Fatalf("len %d cut %d: %s %x, want %x", n, cut, what, got, want)
					}
				}
				// Reset returns to the same variant.
				h.Reset()
				h.Write(msg)
				if got := h.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("len %d: after Reset %x, want %x", n, got, want)
				}
			}
		})
	}
}

// TestStdlibStateCompat checks that the saved-state layout is the standard
// library's, both ways: our state resumes in crypto/sha256 or crypto/sha512
// and theirs resumes in ours. Not required by the API, but the layout claims
// it, so it is pinned.
func TestStdlibStateCompat(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range variants {
		t.Run(v.testName(), func(t *testing.T) {
			for range 100 {
				msg := make([]byte, rng.IntN(700))
				for i := range msg {
					msg[i] = byte(rng.Uint32())
				}
				cut := rng.IntN(len(msg) + 1)
				want := v.stdSum(msg)

				ours, theirs := v.newHash(), v.stdNewHash()
				ours.Write(msg[:cut])
				theirs.Write(msg[:cut])
				a, _ := ours.(state).MarshalBinary()
				b, _ := theirs.(encoding.BinaryMarshaler).MarshalBinary()
				if !bytes.Equal(a, b) {
					t.Fatalf("cut %d: saved states differ:\nours   %x\ntheirs %x", cut, a, b)
				}
				toStd, toOurs := v.stdNewHash(), v.newHash()
				if err := toStd.(encoding.BinaryUnmarshaler).UnmarshalBinary(a); err != nil {
					t.Fatal(err)
				}
				if err := toOurs.(state).UnmarshalBinary(b); err != nil {
					t.Fatal(err)
				}
				toStd.Write(msg[cut:])
				toOurs.Write(msg[cut:])
				if !bytes.Equal(toStd.Sum(nil), want) || !bytes.Equal(toOurs.Sum(nil), want) {
					t.Fatalf("cut %d: resumed digests differ", cut)
				}
			}
		})
	}
}

// TestUnmarshalErrors feeds every variant the saved states of all the
// others, truncated and extended states and short garbage: each must be an
// error, and the receiving state must be left as it was.
func TestUnmarshalErrors(t *testing.T) {
	saved := make([][]byte, len(variants))
	for i, v := range variants {
		h := v.newHash()
		h.Write([]byte("some data"))
		saved[i], _ = h.(state).MarshalBinary()
	}
	for i, v := range variants {
		h := v.newHash()
		h.Write([]byte("keep me"))
		before, _ := h.(state).MarshalBinary()
		check := func(what string, b []byte, want error) {
			t.Helper()
			err := h.(state).UnmarshalBinary(b)
			if err == nil || !errors.Is(err, want) {
				t.Errorf("%s: UnmarshalBinary(%s) = %v, want %v", v.name, what, err, want)
			}
			if after, _ := h.(state).MarshalBinary(); !bytes.Equal(after, before) {
				t.Errorf("%s: failed UnmarshalBinary(%s) changed the state", v.name, what)
			}
		}
		for j, w := range variants {
			if i != j {
				check("state of "+w.name, saved[j], errStateVariant)
			}
		}
		check("nil", nil, errStateVariant)
		check("3 bytes of magic", saved[i][:3], errStateVariant)
		check("magic only", saved[i][:4], errStateSize)
		check("truncated", saved[i][:len(saved[i])-1], errStateSize)
		check("extended", append(append([]byte{}, saved[i]...), 0), errStateSize)
		check("garbage", bytes.Repeat([]byte{0xff}, len(saved[i])), errStateVariant)
	}
}

// TestAllocations pins the documented allocation behaviour.
func TestAllocations(t *testing.T) {
	msg := make([]byte, 1000)
	for _, v := range variants {
		t.Run(v.testName(), func(t *testing.T) {
			check := func(what string, want float64, f func()) {
				t.Helper()
				if got := testing.AllocsPerRun(100, f); got != want {
					t.Errorf("%s: %v allocations, want %v", what, got, want)
				}
			}
			h := v.newHash()
			s := h.(state)
			buf := make([]byte, 0, 512)
			check("Write", 0, func() { h.Write(msg[:77]) })
			check("Sum into a buffer with room", 0, func() { buf = h.Sum(buf[:0]) })
			check("Reset", 0, func() { h.Reset() })
			check("AppendBinary into a buffer with room", 0, func() { buf, _ = s.AppendBinary(buf[:0]) })
			check("UnmarshalBinary", 0, func() {
				if err := s.UnmarshalBinary(buf); err != nil {
					t.Fatal(err)
				}
			})
			check("MarshalBinary", 1, func() { s.MarshalBinary() })
			check("Clone", 1, func() { s.Clone() })
			check("New", 1, func() { v.newHash() })
		})
	}
	// The sole-buffer functions, called directly: the variant table's
	// wrappers return slices of the arrays, which moves them to the heap.
	check := func(what string, f func()) {
		t.Helper()
		if got := testing.AllocsPerRun(100, f); got != 0 {
			t.Errorf("%s: %v allocations, want 0", what, got)
		}
	}
	var sink byte
	check("Sum224", func() { s := Sum224(msg); sink ^= s[0] })
	check("Sum256", func() { s := Sum256(msg); sink ^= s[0] })
	check("Sum384", func() { s := Sum384(msg); sink ^= s[0] })
	check("Sum512", func() { s := Sum512(msg); sink ^= s[0] })
	check("Sum512_224", func() { s := Sum512_224(msg); sink ^= s[0] })
	check("Sum512_256", func() { s := Sum512_256(msg); sink ^= s[0] })
	var d256 Digest256
	var d512 Digest512
	check("Digest256 on the stack", func() {
		d256.Reset()
		d256.Write(msg)
		var out [Size256]byte
		sink ^= d256.Sum(out[:0])[0]
	})
	check("Digest512 on the stack", func() {
		d512.Reset()
		d512.Write(msg)
		var out [Size512]byte
		sink ^= d512.Sum(out[:0])[0]
	})
	_ = sink
}

// TestLongMessagePadding checks the length field of the padding (FIPS
// 180-4, §5.1.1 and §5.1.2) for message lengths up to 2^64-1 bytes, which
// only a resumed state can claim: the final block is built here by hand
// and compressed by the standard library (through a saved state with a zero
// length), then compared with our Sum. For the SHA-512 family the bit
// length 8n needs 67 bits once n reaches 2^61 bytes, and the 128-bit field
// must carry the upper bits; for SHA-256 the standard's limit is 2^64 bits,
// and the field is 8n mod 2^64.
func TestLongMessagePadding(t *testing.T) {
	lengths := []uint64{0, 1<<61 - 1, 1 << 61, 1<<61 + 5, 1<<62 + 111, 1<<64 - 1, 1<<64 - 17}
	for _, n := range lengths {
		// SHA-512: a state whose H is the SHA-512 IV and whose pending
		// tail is n mod 128 bytes of 0x5c.
		tail := bytes.Repeat([]byte{0x5c}, int(n%BlockSize512))
		var d Digest512
		d.Reset()
		copy(d.x[:], tail)
		d.len = n
		got := d.Sum(nil)

		final := append(append([]byte{}, tail...), 0x80)
		for len(final)%BlockSize512 != BlockSize512-16 {
			final = append(final, 0)
		}
		bitLen := new(big.Int).Lsh(new(big.Int).SetUint64(n), 3)
		final = append(final, bitLen.FillBytes(make([]byte, 16))...)
		std := sha512.New()
		st := []byte("sha\x07")
		for _, w := range iv512 {
			st = binary.BigEndian.AppendUint64(st, w)
		}
		st = append(st, make([]byte, BlockSize512+8)...)
		if err := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
			t.Fatal(err)
		}
		std.Write(final)
		after, _ := std.(encoding.BinaryMarshaler).MarshalBinary()
		if want := after[4 : 4+64]; !bytes.Equal(got, want) {
			t.Errorf("SHA-512, length %d bytes: %x, want %x", n, got, want)
		}

		// SHA-256.
		tail = bytes.Repeat([]byte{0x5c}, int(n%BlockSize256))
		var e Digest256
		e.Reset()
		copy(e.x[:], tail)
		e.len = n
		got = e.Sum(nil)
		final = append(append([]byte{}, tail...), 0x80)
		for len(final)%BlockSize256 != BlockSize256-8 {
			final = append(final, 0)
		}
		final = binary.BigEndian.AppendUint64(final, n<<3)
		std = sha256.New()
		st = []byte("sha\x03")
		for _, w := range iv256 {
			st = binary.BigEndian.AppendUint32(st, w)
		}
		st = append(st, make([]byte, BlockSize256+8)...)
		if err := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
			t.Fatal(err)
		}
		std.Write(final)
		after, _ = std.(encoding.BinaryMarshaler).MarshalBinary()
		if want := after[4 : 4+32]; !bytes.Equal(got, want) {
			t.Errorf("SHA-256, length %d bytes: %x, want %x", n, got, want)
		}
	}
}

// TestGeneratedCodeUpToDate regenerates block256.go and block512.go into a
// temporary directory and checks they match the committed files, so a
// change to gen_block.go or to the constants in const.go cannot be left
// unapplied.
func TestGeneratedCodeUpToDate(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_block.go", Args: []string{"-o", "$DIR"}}, "block256.go", "block512.go")
}

// TestFunctionIdentities checks the rewritten forms that gen_block.go uses
// against the definitions of FIPS 180-4 §4.1.2 and §4.1.3: Ch and Maj on
// all eight bit patterns (they are bitwise), and the nested rotations of
// Σ0, Σ1, σ0, σ1 on random words.
func TestFunctionIdentities(t *testing.T) {
	for i := range 8 {
		x, y, z := uint8(0)-uint8(i&1), uint8(0)-uint8(i>>1&1), uint8(0)-uint8(i>>2&1)
		if ch, want := z^(x&(y^z)), (x&y)^(^x&z); ch != want {
			t.Errorf("Ch(%d,%d,%d)", x&1, y&1, z&1)
		}
		if maj, want := (x&y)|(z&(x|y)), (x&y)^(x&z)^(y&z); maj != want {
			t.Errorf("Maj(%d,%d,%d)", x&1, y&1, z&1)
		}
	}
	r32 := func(x uint32, n int) uint32 { return x>>n | x<<(32-n) }
	r64 := func(x uint64, n int) uint64 { return x>>n | x<<(64-n) }
	rng := rand.New(rand.NewPCG(5, 6))
	for range 1000 {
		x, X := rng.Uint32(), rng.Uint64()
		for _, s := range [][3]int{{2, 13, 22}, {6, 11, 25}} { // Σ0, Σ1 of SHA-256
			if got, want := r32(x^r32(x^r32(x, s[2]-s[1]), s[1]-s[0]), s[0]), r32(x, s[0])^r32(x, s[1])^r32(x, s[2]); got != want {
				t.Fatalf("SHA-256 Σ%v(%#x)", s, x)
			}
		}
		for _, s := range [][3]int{{7, 18, 3}, {17, 19, 10}} { // σ0, σ1 of SHA-256
			if got, want := r32(x^r32(x, s[1]-s[0]), s[0])^x>>s[2], r32(x, s[0])^r32(x, s[1])^x>>s[2]; got != want {
				t.Fatalf("SHA-256 σ%v(%#x)", s, x)
			}
		}
		for _, s := range [][3]int{{28, 34, 39}, {14, 18, 41}} { // Σ0, Σ1 of SHA-512
			if got, want := r64(X^r64(X^r64(X, s[2]-s[1]), s[1]-s[0]), s[0]), r64(X, s[0])^r64(X, s[1])^r64(X, s[2]); got != want {
				t.Fatalf("SHA-512 Σ%v(%#x)", s, X)
			}
		}
		for _, s := range [][3]int{{1, 8, 7}, {19, 61, 6}} { // σ0, σ1 of SHA-512
			if got, want := r64(X^r64(X, s[1]-s[0]), s[0])^X>>s[2], r64(X, s[0])^r64(X, s[1])^X>>s[2]; got != want {
				t.Fatalf("SHA-512 σ%v(%#x)", s, X)
			}
		}
	}
}
