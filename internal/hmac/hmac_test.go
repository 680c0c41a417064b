package hmac

import (
	"bytes"
	stdhmac "crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	mrand "math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/sha2sum"
)

// strategies are the compression strategies every test runs on.
var strategies = map[string]sha2sum.Strategy{"Compact": sha2sum.Compact(), "Native": sha2sum.Native()}

var std = map[Hash]func() hash.Hash{
	SHA224: sha256.New224, SHA256: sha256.New, SHA384: sha512.New384,
	SHA512: sha512.New, SHA512_224: sha512.New512_224, SHA512_256: sha512.New512_256,
}

// TestDifferential compares Sum with crypto/hmac for every hash, keys
// shorter than, equal to and longer than a block, and messages in one or
// several parts, on both strategies.
func TestDifferential(t *testing.T) {
	for name, s := range strategies {
		t.Run(name, func(t *testing.T) { testDifferential(t, s) })
	}
}

func testDifferential(t *testing.T, s sha2sum.Strategy) {
	r := mrand.New(mrand.NewPCG(1, 2))
	for h, newStd := range std {
		if h.Size() != newStd().Size() || h.BlockSize() != newStd().BlockSize() {
			t.Fatalf("hash %d: sizes", h)
		}
		for _, kl := range []int{0, 1, 20, h.Size(), h.BlockSize() - 1, h.BlockSize(), h.BlockSize() + 1, 300} {
			for _, ml := range []int{0, 1, 55, 64, 111, 112, 128, 200, 448} {
				key := make([]byte, kl)
				msg := make([]byte, ml)
				for i := range key {
					key[i] = byte(r.Uint32())
				}
				for i := range msg {
					msg[i] = byte(r.Uint32())
				}
				m := stdhmac.New(newStd, key)
				m.Write(msg)
				want := m.Sum(nil)
				var out [MaxSize]byte
				cut := ml / 3
				if n := Sum(h, s, &out, key, msg[:cut], nil, msg[cut:]); n != len(want) || !bytes.Equal(out[:n], want) {
					t.Fatalf("hash %d key %d msg %d: %x, want %x", h, kl, ml, out[:n], want)
				}
				// out as a part and as the key (the generator of RFC
				// 6979 passes V that way).
				in := bytes.Clone(out[:])
				m = stdhmac.New(newStd, in[:kl%len(in)])
				m.Write(in[:ml%len(in)])
				want = m.Sum(nil)
				if n := Sum(h, s, &out, out[:kl%len(in)], out[:ml%len(in)]); !bytes.Equal(out[:n], want) {
					t.Fatalf("hash %d key %d msg %d aliasing out: %x, want %x", h, kl, ml, out[:n], want)
				}
			}
		}
	}
}

// TestRFC4231 checks test case 2 of RFC 4231 §4.3 (key "Jefe", data "what
// do ya want for nothing?") for the four hashes the RFC covers.
func TestRFC4231(t *testing.T) {
	want := map[Hash]string{
		SHA224: "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
		SHA256: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
		SHA384: "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649",
		SHA512: "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
	}
	for name, s := range strategies {
		for h, w := range want {
			var out [MaxSize]byte
			n := Sum(h, s, &out, []byte("Jefe"), []byte("what do ya want for nothing?"))
			if got := bytes.Clone(out[:n]); string(hexString(got)) != w {
				t.Errorf("%s hash %d: %x, want %s", name, h, got, w)
			}
		}
	}
}

func hexString(b []byte) []byte {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return out
}

// TestBadArguments: an unknown Hash or the zero Strategy writes nothing
// and returns 0.
func TestBadArguments(t *testing.T) {
	var out [MaxSize]byte
	s := sha2sum.Compact()
	if Sum(Hash(0), s, &out, nil, make([]byte, 512)) != 0 || Sum(Hash(9), s, &out, nil, make([]byte, 512)) != 0 || out != [MaxSize]byte{} {
		t.Error("unknown hash")
	}
	if Sum(SHA256, sha2sum.Strategy{}, &out, nil, make([]byte, 512)) != 0 || out != [MaxSize]byte{} {
		t.Error("zero Strategy")
	}
	if Hash(0).Size() != 0 || Hash(0).BlockSize() != 0 {
		t.Error("sizes of an unknown hash")
	}
}

// TestAllocs: Sum allocates nothing, on either strategy.
func TestAllocs(t *testing.T) {
	for name, s := range strategies {
		var out [MaxSize]byte
		key, msg := make([]byte, 32), make([]byte, 100)
		if a := testing.AllocsPerRun(10, func() { Sum(SHA384, s, &out, key, msg, key) }); a != 0 {
			t.Errorf("%s: %v allocations", name, a)
		}
		if a := testing.AllocsPerRun(10, func() { Sum(SHA256, s, &out, key, msg, key) }); a != 0 {
			t.Errorf("%s: %v allocations", name, a)
		}
	}
}
