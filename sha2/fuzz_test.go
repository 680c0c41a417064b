// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"strings"
	"testing"
)

// FuzzStreaming checks, for all six variants, that writing msg in the
// chunking described by cuts (each byte is the length of the next chunk,
// 0 included) gives the one-shot digest, that Sum mid-stream and a
// save/restore at the first cut change nothing, and that both equal the
// standard library's digest.
func FuzzStreaming(f *testing.F) {
	f.Add([]byte(""), []byte{})
	f.Add([]byte("abc"), []byte{1, 0, 1})
	f.Add([]byte(msg448), []byte{55, 1})
	f.Add([]byte(msg896), []byte{111, 1, 0, 64})
	f.Add(bytes.Repeat([]byte{0xa5}, 300), []byte{63, 64, 65, 127, 128, 129})
	f.Add([]byte(strings.Repeat("x", 1000)), []byte{255, 255, 3})
	f.Fuzz(func(t *testing.T, msg, cuts []byte) {
		for _, v := range variants {
			want := v.sum(msg)
			if std := v.stdSum(msg); !bytes.Equal(want, std) {
				t.Fatalf("%s: sole buffer %x, standard library %x", v.name, want, std)
			}
			h := v.newHash()
			rest := msg
			for i, c := range cuts {
				n := min(int(c), len(rest))
				h.Write(rest[:n])
				rest = rest[n:]
				if i == 0 {
					h.Sum(nil)
					saved, err := h.(state).MarshalBinary()
					if err != nil {
						t.Fatal(err)
					}
					h = v.newHash()
					if err := h.(state).UnmarshalBinary(saved); err != nil {
						t.Fatal(err)
					}
				}
			}
			h.Write(rest)
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("%s: chunked %v: %x, want %x", v.name, cuts, got, want)
			}
		}
	})
}

// FuzzUnmarshalBinary feeds arbitrary bytes to UnmarshalBinary of every
// variant: it must not panic, must accept exactly what the standard library
// accepts, and an accepted state must continue to the same digest as the
// standard library's state restored from the same bytes.
//
// One deliberate difference is excluded: a SHA-512-family state claiming
// 2^61 bytes or more. Its bit length needs more than 64 bits; FIPS 180-4
// §5.1.2 puts the full 128-bit length in the padding, which we do, while
// crypto/sha512 writes zeros in the upper 64 bits. TestLongMessagePadding
// checks our padding there against an independent construction.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, v := range variants {
		h := v.newHash()
		initial, _ := h.(state).AppendBinary(nil)
		f.Add(initial)
		h.Write([]byte(msg896))
		b, _ := h.(state).MarshalBinary()
		f.Add(b)
		f.Add(b[:len(b)-1])
	}
	f.Add([]byte("sha"))
	f.Add([]byte("sha\x03"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, v := range variants {
			h, std := v.newHash(), v.stdNewHash()
			err := h.(state).UnmarshalBinary(b)
			stdErr := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(b)
			if (err == nil) != (stdErr == nil) {
				t.Fatalf("%s: our error %v, standard library's %v", v.name, err, stdErr)
			}
			if err != nil {
				continue
			}
			if v.blockSize == BlockSize512 && binary.BigEndian.Uint64(b[len(b)-8:]) >= 1<<61 {
				continue
			}
			h.Write([]byte("more"))
			std.Write([]byte("more"))
			if got, want := h.Sum(nil), std.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("%s: resumed digest %x, standard library %x", v.name, got, want)
			}
		}
	})
}
