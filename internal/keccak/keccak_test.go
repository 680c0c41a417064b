// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package keccak

import (
	"bytes"
	"crypto/sha3"
	"encoding/hex"
	"hash"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/acvp"
)

// TestDifferential compares every function with crypto/sha3 over random
// messages of lengths around the rate boundaries, written in random pieces,
// with outputs read in random pieces.
func TestDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	msg := make([]byte, 1200)
	for i := range msg {
		msg[i] = byte(r.Uint32())
	}
	lengths := []int{0, 1, 7, 8, 9, 71, 72, 73, 135, 136, 137, 167, 168, 169, 272, 336, 500, 1200}
	for range 60 {
		lengths = append(lengths, r.IntN(len(msg)+1))
	}
	for _, n := range lengths {
		m := msg[:n]
		write := func(w interface{ Write([]byte) (int, error) }) {
			p := m
			for len(p) > 0 {
				k := r.IntN(len(p)) + 1
				if r.IntN(3) == 0 {
					k = min(len(p), 8*(r.IntN(20)+1))
				}
				w.Write(p[:k])
				p = p[k:]
			}
		}
		var h256 SHA3_256
		write(&h256)
		want256 := sha3.Sum256(m)
		if got := h256.Sum(nil); !bytes.Equal(got, want256[:]) {
			t.Fatalf("SHA3-256 len %d: %x, want %x", n, got, want256)
		}
		if got := h256.Sum(nil); !bytes.Equal(got, want256[:]) {
			t.Fatalf("SHA3-256 second Sum changed the state")
		}
		if got := Sum256(m); got != want256 {
			t.Fatalf("Sum256 len %d", n)
		}
		var h224 SHA3_224
		write(&h224)
		if want := sha3.Sum224(m); !bytes.Equal(h224.Sum(nil), want[:]) {
			t.Fatalf("SHA3-224 len %d", n)
		}
		var h384 SHA3_384
		write(&h384)
		if want := sha3.Sum384(m); !bytes.Equal(h384.Sum(nil), want[:]) {
			t.Fatalf("SHA3-384 len %d", n)
		}
		var h512 SHA3_512
		write(&h512)
		want512 := sha3.Sum512(m)
		if got := h512.Sum(nil); !bytes.Equal(got, want512[:]) {
			t.Fatalf("SHA3-512 len %d", n)
		}
		if got := Sum512(m); got != want512 {
			t.Fatalf("Sum512 len %d", n)
		}

		outLen := r.IntN(700)
		var x128 SHAKE128
		write(&x128)
		got := make([]byte, outLen)
		for p := got; len(p) > 0; {
			k := r.IntN(len(p)) + 1
			x128.Read(p[:k])
			p = p[k:]
		}
		if want := sha3.SumSHAKE128(m, outLen); !bytes.Equal(got, want) {
			t.Fatalf("SHAKE128 len %d out %d", n, outLen)
		}
		ShakeSum128(got, m)
		if want := sha3.SumSHAKE128(m, outLen); !bytes.Equal(got, want) {
			t.Fatalf("ShakeSum128 len %d out %d", n, outLen)
		}
		var x256 SHAKE256
		write(&x256)
		for p := got; len(p) > 0; {
			k := r.IntN(len(p)) + 1
			x256.Read(p[:k])
			p = p[k:]
		}
		if want := sha3.SumSHAKE256(m, outLen); !bytes.Equal(got, want) {
			t.Fatalf("SHAKE256 len %d out %d", n, outLen)
		}
		ShakeSum256(got, m)
		if want := sha3.SumSHAKE256(m, outLen); !bytes.Equal(got, want) {
			t.Fatalf("ShakeSum256 len %d out %d", n, outLen)
		}
	}
}

// The types implement the standard interfaces.
var (
	_ hash.Hash     = (*SHA3_256)(nil)
	_ hash.Hash     = (*SHA3_512)(nil)
	_ io.ReadWriter = (*SHAKE128)(nil)
	_ io.ReadWriter = (*SHAKE256)(nil)
)

// TestCopyIsClone checks that a copied state continues independently.
func TestCopyIsClone(t *testing.T) {
	var x SHAKE256
	x.Write([]byte("common prefix, longer than nothing"))
	y := x
	x.Write([]byte("a"))
	y.Write([]byte("b"))
	var ox, oy [32]byte
	x.Read(ox[:])
	y.Read(oy[:])
	want := sha3.SumSHAKE256([]byte("common prefix, longer than nothinga"), 32)
	if !bytes.Equal(ox[:], want) || bytes.Equal(ox[:], oy[:]) {
		t.Fatal("copied SHAKE256 state is not independent")
	}
}

func TestWriteAfterRead(t *testing.T) {
	var x SHAKE128
	x.Write([]byte("abc"))
	x.Read(make([]byte, 3))
	if _, err := x.Write([]byte("d")); err != ErrWriteAfterRead {
		t.Fatalf("SHAKE128 Write after Read: %v", err)
	}
	var y SHAKE256
	y.Read(make([]byte, 3))
	if _, err := y.Write([]byte("d")); err != ErrWriteAfterRead {
		t.Fatalf("SHAKE256 Write after Read: %v", err)
	}
	x.Reset()
	if _, err := x.Write([]byte("d")); err != nil {
		t.Fatal("Write after Reset:", err)
	}
	var h SHA3_256
	if h.Size() != 32 || h.BlockSize() != 136 {
		t.Fatal("SHA3-256 sizes")
	}
	var h5 SHA3_512
	if h5.Size() != 64 || h5.BlockSize() != 72 {
		t.Fatal("SHA3-512 sizes")
	}
}

// msgBits returns the message of an ACVP test, which gives its length in
// bits; the vector files used here are byte-oriented.
func msgBits(t *testing.T, tc *acvp.Test) []byte {
	msg := tc.Hex("msg")
	if l := tc.Int("len"); l != 8*len(msg) {
		if l == 0 && len(msg) == 1 {
			return nil
		}
		t.Fatalf("tcId %d: bit length %d with %d bytes", tc.TcID, l, len(msg))
	}
	return msg
}

func TestACVPSHA3(t *testing.T) {
	for _, name := range []string{"SHA3-256", "SHA3-512"} {
		sum := func(m []byte) []byte { d := Sum256(m); return d[:] }
		if name == "SHA3-512" {
			sum = func(m []byte) []byte { d := Sum512(m); return d[:] }
		}
		n := 0
		for _, vs := range acvp.Load(t, name) {
			for _, g := range vs.Groups {
				for _, tc := range g.Tests {
					switch g.Fields.String("testType") {
					case "AFT":
						if got := sum(msgBits(t, tc)); !bytes.Equal(got, tc.Hex("md")) {
							t.Errorf("%s AFT tcId %d: %x", name, tc.TcID, got)
						}
						n++
					case "MCT":
						// ACVP SHA-3 Monte Carlo ("standard" version):
						// MD[i] = H(MD[i-1]) 1000 times per checkpoint.
						var results []struct{ Md string }
						if err := tc.Get("resultsArray").Decode("resultsArray", &results); err != nil {
							t.Fatal(err)
						}
						md := msgBits(t, tc)
						for j, res := range results {
							for range 1000 {
								md = sum(md)
							}
							if hex.EncodeToString(md) != res.Md {
								t.Fatalf("%s MCT tcId %d checkpoint %d", name, tc.TcID, j)
							}
						}
						n++
					default:
						t.Fatalf("%s: unknown test type %q", name, g.Fields.String("testType"))
					}
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no tests ran", name)
		}
	}
}

func TestACVPSHAKE(t *testing.T) {
	for _, name := range []string{"SHAKE-128", "SHAKE-256"} {
		shake := ShakeSum128
		if name == "SHAKE-256" {
			shake = ShakeSum256
		}
		n := 0
		for _, vs := range acvp.Load(t, name) {
			for _, g := range vs.Groups {
				for _, tc := range g.Tests {
					switch g.Fields.String("testType") {
					case "AFT", "VOT":
						outBits := tc.Int("outLen")
						if outBits%8 != 0 {
							t.Fatalf("tcId %d: outLen %d bits", tc.TcID, outBits)
						}
						got := make([]byte, outBits/8)
						shake(got, msgBits(t, tc))
						if !bytes.Equal(got, tc.Hex("md")) {
							t.Errorf("%s %s tcId %d", name, g.Fields.String("testType"), tc.TcID)
						}
						n++
					case "MCT":
						// ACVP SHAKE Monte Carlo ("standard" version): the
						// next message is the first 16 bytes of the last
						// output (zero padded), and the next output length
						// comes from the last output's final 16 bits.
						var results []struct {
							Md     string
							OutLen int
						}
						if err := tc.Get("resultsArray").Decode("resultsArray", &results); err != nil {
							t.Fatal(err)
						}
						minOut, maxOut := g.Fields.Int("minOutLen")/8, g.Fields.Int("maxOutLen")/8
						rng := maxOut - minOut + 1
						outLen := maxOut
						out := msgBits(t, tc)
						for j, res := range results {
							for range 1000 {
								var msg [16]byte
								copy(msg[:], out)
								out = make([]byte, outLen)
								shake(out, msg[:])
								right := int(out[len(out)-2])<<8 | int(out[len(out)-1])
								outLen = minOut + right%rng
							}
							if hex.EncodeToString(out) != res.Md || 8*len(out) != res.OutLen {
								t.Fatalf("%s MCT tcId %d checkpoint %d", name, tc.TcID, j)
							}
						}
						n++
					default:
						t.Fatalf("%s: unknown test type %q", name, g.Fields.String("testType"))
					}
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no tests ran", name)
		}
	}
}

func TestAllocs(t *testing.T) {
	msg := make([]byte, 500)
	out := make([]byte, 300)
	var d [32]byte
	if n := testing.AllocsPerRun(20, func() {
		var h SHA3_256
		h.Write(msg)
		h.SumTo(&d)
		var x SHAKE128
		x.Write(msg)
		x.Read(out)
		ShakeSum256(out, msg)
		_ = Sum512(msg)
		_ = Sum256(msg)
		var a [25]uint64
		F1600(&a)
	}); n != 0 {
		t.Fatalf("%v allocations, want 0", n)
	}
}

// BenchmarkF1600 times one permutation, and the standard library's
// SHAKE128 squeezing one 168-byte block (one permutation plus the copy out)
// as the reference.
func BenchmarkF1600(b *testing.B) {
	b.Run("impl=cryptolab", func(b *testing.B) {
		var a [25]uint64
		for b.Loop() {
			F1600(&a)
		}
	})
	b.Run("impl=cryptolab-squeeze", func(b *testing.B) {
		var x SHAKE128
		var buf [RateSHAKE128]byte
		x.Read(buf[:])
		b.SetBytes(RateSHAKE128)
		for b.Loop() {
			x.Read(buf[:])
		}
	})
	b.Run("impl=go-squeeze", func(b *testing.B) {
		x := sha3.NewSHAKE128()
		var buf [RateSHAKE128]byte
		x.Read(buf[:])
		b.SetBytes(RateSHAKE128)
		for b.Loop() {
			x.Read(buf[:])
		}
	})
}

func BenchmarkSHA3_256(b *testing.B) {
	msg := make([]byte, 1184) // an ML-KEM-768 encapsulation key
	b.SetBytes(int64(len(msg)))
	b.Run("impl=cryptolab", func(b *testing.B) {
		for b.Loop() {
			Sum256(msg)
		}
	})
	b.Run("impl=go", func(b *testing.B) {
		for b.Loop() {
			sha3.Sum256(msg)
		}
	})
}
