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
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
)

// fallbackPaths are the internal/cpu features to turn off to reach each
// compression function below the best one on this architecture. The
// plain test run covers the best one (whatever this processor has); each
// entry here runs every test of the package again without the named
// features. The last entry of each list leaves only the unrolled Go code.
var fallbackPaths = map[string][][]string{
	"amd64": {{"sha", "avx", "bmi2"}},
	"arm64": {{"arm64.sha512"}, {"arm64.sha2", "arm64.sha512"}},
}

// TestFallbackPaths runs the package's tests (FIPS 180-4 examples, ACVP
// with Monte Carlo, differential with random chunking against the
// standard library, saved-state compatibility, allocations, padding of
// long messages, the zero value) once per entry of fallbackPaths, with
// those features turned off by cpu.Disable, so every compression function
// is tested on one machine. TestPathsAgree then compares the paths with
// each other on messages of every length up to a few blocks.
func TestFallbackPaths(t *testing.T) {
	tests := []struct {
		name string
		f    func(*testing.T)
	}{
		{"FIPS180Examples", TestFIPS180Examples},
		{"ACVP", TestACVP},
		{"Differential", TestDifferential},
		{"StdlibStateCompat", TestStdlibStateCompat},
		{"Allocations", TestAllocations},
		{"LongMessagePadding", TestLongMessagePadding},
		{"ZeroValueUsable", TestZeroValueUsable},
		{"ZeroValueReset", TestZeroValueReset},
	}
	for _, off := range fallbackPaths[runtime.GOARCH] {
		t.Run(fmt.Sprintf("without%v", off), func(t *testing.T) {
			restore, err := cpu.Disable(off...)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			t.Logf("SHA-256: %s, SHA-512: %s", Implementation256(), Implementation512())
			for _, tc := range tests {
				t.Run(tc.name, tc.f)
			}
		})
	}
}

// TestPathsAgree hashes messages of every length from 0 to 600 bytes
// (every tail length, one to nine blocks) and a few long ones with each
// path and compares them with crypto/sha256 and crypto/sha512.
func TestPathsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(180, 4))
	msg := make([]byte, 20000)
	for i := range msg {
		msg[i] = byte(rng.Uint32())
	}
	lengths := []int{1024, 4096, 8000, 8192, 20000}
	for n := range 601 {
		lengths = append(lengths, n)
	}
	for _, off := range append([][]string{nil}, fallbackPaths[runtime.GOARCH]...) {
		t.Run(fmt.Sprintf("without%v", off), func(t *testing.T) {
			restore, err := cpu.Disable(off...)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			t.Logf("SHA-256: %s, SHA-512: %s", Implementation256(), Implementation512())
			for _, n := range lengths {
				m := msg[:n]
				if got, want := Sum256(m), sha256.Sum256(m); got != want {
					t.Fatalf("Sum256 of %d bytes: %x, want %x", n, got, want)
				}
				if got, want := Sum224(m), sha256.Sum224(m); got != want {
					t.Fatalf("Sum224 of %d bytes: %x, want %x", n, got, want)
				}
				if got, want := Sum512(m), sha512.Sum512(m); got != want {
					t.Fatalf("Sum512 of %d bytes: %x, want %x", n, got, want)
				}
				if got, want := Sum384(m), sha512.Sum384(m); got != want {
					t.Fatalf("Sum384 of %d bytes: %x, want %x", n, got, want)
				}
				h := New256()
				randomChunks(rng, h, m)
				if want := sha256.Sum256(m); !bytes.Equal(h.Sum(nil), want[:]) {
					t.Fatalf("New256 of %d bytes in random chunks", n)
				}
				h = New512_256()
				randomChunks(rng, h, m)
				if want := sha512.Sum512_256(m); !bytes.Equal(h.Sum(nil), want[:]) {
					t.Fatalf("New512_256 of %d bytes in random chunks", n)
				}
			}
		})
	}
}

// BenchmarkPaths measures the one-shot hash of 64 bytes and of 8 KiB on
// each path of this architecture.
func BenchmarkPaths(b *testing.B) {
	msg := make([]byte, 8192)
	for _, off := range append([][]string{nil}, fallbackPaths[runtime.GOARCH]...) {
		for _, n := range []int{64, 8192} {
			b.Run(fmt.Sprintf("without=%v/size=%d", off, n), func(b *testing.B) {
				restore, err := cpu.Disable(off...)
				if err != nil {
					b.Fatal(err)
				}
				defer restore()
				b.SetBytes(int64(n))
				b.Run("SHA256", func(b *testing.B) {
					for b.Loop() {
						sink256 = Sum256(msg[:n])
					}
				})
				b.Run("SHA384", func(b *testing.B) {
					for b.Loop() {
						sink384 = Sum384(msg[:n])
					}
				})
			})
		}
	}
}

// TestPathsSwitch writes one message to a Digest256 and a Digest512 in
// random chunks, switching between the best path and each fallback path
// between Writes and saving and restoring the state half-way, and
// compares the digests with crypto/sha256 and crypto/sha512: the state a
// Digest keeps (on amd64, H in the order the SHA extensions use) must mean
// the same to every path.
func TestPathsSwitch(t *testing.T) {
	rng := rand.New(rand.NewPCG(180, 5))
	msg := make([]byte, 3000)
	for i := range msg {
		msg[i] = byte(rng.Uint32())
	}
	paths := append([][]string{nil}, fallbackPaths[runtime.GOARCH]...)
	for trial := range 50 {
		var d256 Digest256
		var d512 Digest512
		for p, k := msg, 0; len(p) > 0; k++ {
			n := min(rng.IntN(300), len(p))
			restore, err := cpu.Disable(paths[rng.IntN(len(paths))]...)
			if err != nil {
				t.Fatal(err)
			}
			d256.Write(p[:n])
			d512.Write(p[:n])
			if k == 3 {
				s, err := d256.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				d256 = Digest256{}
				if err := d256.UnmarshalBinary(s); err != nil {
					t.Fatal(err)
				}
			}
			restore()
			p = p[n:]
		}
		if want := sha256.Sum256(msg); !bytes.Equal(d256.Sum(nil), want[:]) {
			t.Fatalf("trial %d: SHA-256 with switching paths differs", trial)
		}
		if want := sha512.Sum512(msg); !bytes.Equal(d512.Sum(nil), want[:]) {
			t.Fatalf("trial %d: SHA-512 with switching paths differs", trial)
		}
	}
}

// TestPaddingPaths pads every tail length 0..63 with each path, through
// padSHA256 (the one-shots) and Digest256.Sum (the bytes of its buffer
// past the tail filled with garbage, as a Digest keeps earlier blocks'
// bytes there), from random hash values and with message lengths up to
// 2^61-1 bytes (every bit of the 64-bit length field), and compares the
// digests with crypto/sha256's from the same state (restored by
// UnmarshalBinary from a state in its layout).
func TestPaddingPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(180, 6))
	paths := append([][]string{nil}, fallbackPaths[runtime.GOARCH]...)
	for trial := range 20 {
		var x [BlockSize256]byte
		var H0 [8]uint32
		for i := range x {
			x[i] = byte(rng.Uint32())
		}
		for i := range H0 {
			H0[i] = rng.Uint32()
		}
		for nx := range BlockSize256 {
			n := uint64(nx) + BlockSize256*(rng.Uint64()>>8)
			if trial == 0 {
				n = uint64(nx) + BlockSize256*(1<<55-1) // 2^61 - 64 + nx bytes
			}
			// crypto/sha256's saved state: magic, H, the block buffer
			// (pending bytes, then zeros), the length.
			state := []byte("sha\x03")
			for _, w := range H0 {
				state = binary.BigEndian.AppendUint32(state, w)
			}
			state = append(state, x[:nx]...)
			state = append(state, make([]byte, BlockSize256-nx)...)
			state = binary.BigEndian.AppendUint64(state, n)
			ref := sha256.New()
			if err := ref.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
				t.Fatal(err)
			}
			want := ref.Sum(nil)
			for _, off := range paths {
				restore, err := cpu.Disable(off...)
				if err != nil {
					t.Fatal(err)
				}
				H := H0
				x0 := x
				padSHA256(&H, x[:nx], n)
				var got [Size256]byte
				putWords32(got[:], &H)
				d := Digest256{h: toFlow(H0), x: x, len: n}
				gotSum := d.Sum(nil)
				restore()
				if !bytes.Equal(got[:], want) || !bytes.Equal(gotSum, want) || x != x0 || d.x != x0 || d.h != toFlow(H0) {
					t.Fatalf("without %v, nx %d, n %d: padSHA256 %x, Sum %x, want %x", off, nx, n, got, gotSum, want)
				}
			}
		}
	}
}

// TestPaddingPaths512 is TestPaddingPaths for SHA-512: padSHA512 and
// Digest512.Sum on every path, every tail length 0..127, against
// crypto/sha512 restored from the same state (and, for lengths of 2^61
// bytes or more, whose length field crypto/sha512 truncates, against the
// Go code's padding, which TestLongMessagePadding checks).
func TestPaddingPaths512(t *testing.T) {
	rng := rand.New(rand.NewPCG(180, 7))
	paths := append([][]string{nil}, fallbackPaths[runtime.GOARCH]...)
	for trial := range 10 {
		var x [BlockSize512]byte
		var H0 [8]uint64
		for i := range x {
			x[i] = byte(rng.Uint32())
		}
		for i := range H0 {
			H0[i] = rng.Uint64()
		}
		for nx := range BlockSize512 {
			// crypto/sha512 keeps the high 64 bits of the length field
			// zero, so it is the reference below 2^61 bytes; above, for
			// trial 0 (8n needs 67 bits), the paths are compared with
			// the Go code's result.
			n := uint64(nx) + BlockSize512*(rng.Uint64()>>11)
			if trial == 0 {
				n = uint64(nx) + BlockSize512*(1<<57-1) // 2^64 - 128 + nx bytes
			}
			state := []byte("sha\x07") // crypto/sha512's SHA-512 state
			for _, w := range H0 {
				state = binary.BigEndian.AppendUint64(state, w)
			}
			state = append(state, x[:nx]...)
			state = append(state, make([]byte, BlockSize512-nx)...)
			state = binary.BigEndian.AppendUint64(state, n)
			ref := sha512.New()
			if err := ref.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
				t.Fatal(err)
			}
			want := ref.Sum(nil)
			if n >= 1<<61 {
				restore, err := cpu.Disable(paths[len(paths)-1]...)
				if err != nil {
					t.Fatal(err)
				}
				H := H0
				padSHA512(&H, x[:nx], n)
				restore()
				want = make([]byte, Size512)
				putWords64(want, &H)
			}
			for _, off := range paths {
				restore, err := cpu.Disable(off...)
				if err != nil {
					t.Fatal(err)
				}
				H := H0
				x0 := x
				padSHA512(&H, x[:nx], n)
				var got [Size512]byte
				putWords64(got[:], &H)
				d := Digest512{h: H0, x: x, len: n, variant: variant512}
				gotSum := d.Sum(nil)
				restore()
				if !bytes.Equal(got[:], want) || !bytes.Equal(gotSum, want) || x != x0 || d.x != x0 || d.h != H0 {
					t.Fatalf("without %v, nx %d, n %d: padSHA512 %x, Sum %x, want %x", off, nx, n, got, gotSum, want)
				}
			}
		}
	}
}
