// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package keccak

import (
	"bytes"
	"crypto/sha3"
	"testing"
)

// FuzzStreaming absorbs a message in two pieces split at an arbitrary point
// and squeezes in two reads of arbitrary lengths, for every function, and
// compares with crypto/sha3 in one piece: the partial-block and lane-aligned
// paths of absorb and squeeze must agree for every split.
func FuzzStreaming(f *testing.F) {
	f.Add([]byte("abc"), uint16(1), uint16(10), uint16(300))
	f.Add(make([]byte, 400), uint16(136), uint16(168), uint16(168))
	f.Add(make([]byte, 73), uint16(72), uint16(8), uint16(0))
	f.Fuzz(func(t *testing.T, msg []byte, split, out1, out2 uint16) {
		if len(msg) > 4096 {
			msg = msg[:4096]
		}
		s := int(split) % (len(msg) + 1)
		o1, o2 := int(out1)%1000, int(out2)%1000

		var h SHA3_256
		h.Write(msg[:s])
		h.Write(msg[s:])
		if want := sha3.Sum256(msg); !bytes.Equal(h.Sum(nil), want[:]) {
			t.Fatal("SHA3-256")
		}
		var h5 SHA3_512
		h5.Write(msg[:s])
		h5.Write(msg[s:])
		if want := sha3.Sum512(msg); !bytes.Equal(h5.Sum(nil), want[:]) {
			t.Fatal("SHA3-512")
		}
		got := make([]byte, o1+o2)
		var x SHAKE128
		x.Write(msg[:s])
		x.Write(msg[s:])
		x.Read(got[:o1])
		x.Read(got[o1:])
		if want := sha3.SumSHAKE128(msg, o1+o2); !bytes.Equal(got, want) {
			t.Fatal("SHAKE128")
		}
		var y SHAKE256
		y.Write(msg[:s])
		y.Write(msg[s:])
		y.Read(got[:o1])
		y.Read(got[o1:])
		if want := sha3.SumSHAKE256(msg, o1+o2); !bytes.Equal(got, want) {
			t.Fatal("SHAKE256")
		}
	})
}
