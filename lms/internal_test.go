// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
)

// TestOTSParams recomputes p and ls of every LM-OTS parameter set from
// RFC 8554, Appendix B, and checks the LMS parameter decoding.
func TestOTSParams(t *testing.T) {
	for typ := OTSType(1); typ <= 0x10; typ++ {
		op, ok := lookupOTS(typ)
		if !ok {
			t.Fatalf("%d unknown", typ)
		}
		w, n := int(op.w), op.n
		u := (8*n + w - 1) / w
		v := (bits.Len(uint((1<<w-1)*u)) + w - 1) / w // floor(log2(x))+1 = bit length
		if op.p != u+v || int(op.ls) != 16-v*w {
			t.Errorf("%v: p %d ls %d, want %d %d", typ, op.p, op.ls, u+v, 16-v*w)
		}
	}
	want := map[OTSType]string{1: "LMOTS_SHA256_N32_W1", 8: "LMOTS_SHA256_N24_W8", 0x0c: "LMOTS_SHAKE_N32_W8", 0x0d: "LMOTS_SHAKE_N24_W1"}
	for typ, s := range want {
		if typ.String() != s {
			t.Errorf("%d: %s, want %s", typ, typ, s)
		}
	}
	wantLMS := map[LMSType]string{5: "LMS_SHA256_M32_H5", 0x0e: "LMS_SHA256_M24_H25", 0x10: "LMS_SHAKE_M32_H10", 0x18: "LMS_SHAKE_M24_H25"}
	for typ, s := range wantLMS {
		if typ.String() != s {
			t.Errorf("%d: %s, want %s", typ, typ, s)
		}
	}
	for _, bad := range []OTSType{0, 0x11, 0xffffffff} {
		if _, ok := lookupOTS(bad); ok {
			t.Errorf("%d accepted", bad)
		}
	}
	for _, bad := range []LMSType{0, 4, 0x19, 0xffffffff} {
		if _, ok := lookupLMS(bad); ok {
			t.Errorf("%d accepted", bad)
		}
	}
	if (Params{LMS_SHA256_M32_H5, LMOTS_SHA256_N24_W1}).Valid() || (Params{LMS_SHAKE_M32_H5, LMOTS_SHA256_N32_W1}).Valid() {
		t.Error("mismatched pair accepted")
	}
}

// TestBlockLanes1 checks the generated chain compression against
// crypto/sha256 of the same 55- or 47-byte message, on random chain
// messages.
func TestBlockLanes1(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{32, 24} {
		for iter := 0; iter < 500; iter++ {
			var I [16]byte
			for k := range I {
				I[k] = byte(r.Uint32())
			}
			q := r.Uint32()
			mid := midstate(&I, q)
			i, j := r.IntN(265), r.IntN(256)
			var T [8]uint32
			for k := range T {
				T[k] = r.Uint32()
			}
			var W [1][16]uint32
			for k := 0; k < 4; k++ {
				W[0][k] = binary.BigEndian.Uint32(I[4*k:])
			}
			W[0][4] = q
			setWords(&W[0], i, j, &T, n)
			m := append([]byte(nil), I[:]...)
			m = binary.BigEndian.AppendUint32(m, q)
			m = binary.BigEndian.AppendUint16(m, uint16(i))
			m = append(m, byte(j))
			for k := 0; k < n/4; k++ {
				m = binary.BigEndian.AppendUint32(m, T[k])
			}
			var out [1][8]uint32
			blockLanes1(&mid, &W, &out)
			want := sha256.Sum256(m)
			var got [32]byte
			putH(got[:], &out[0])
			if !bytes.Equal(got[:], want[:]) {
				t.Fatalf("n=%d: got %x, want %x", n, got, want)
			}
		}
	}
}

// TestBlockLanes8 checks the eight-lane compression (AVX2 where present)
// against blockLanes8Go, which is eight blockLanes1 calls. With AVX2 off
// the AVX-512 code, which runs AVX2 instructions too, must not be chosen.
func TestBlockLanes8(t *testing.T) {
	for _, off := range [][]string{nil, {"avx512f"}, {"avx512f", "avx2"}, {"avx2"}} {
		restore, err := cpu.Disable(off...)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v off: AVX-512VL %v, AVX2 %v", off, hasAVX512VL(), hasAVX2())
		if !cpu.X86.HasAVX2 && hasAVX512VL() {
			t.Errorf("%v off: the AVX-512 lanes would run without AVX2", off)
		}
		testBlockLanes8(t)
		restore()
	}
}

func testBlockLanes8(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 300; iter++ {
		var mid [8]uint32
		var W [16][8]uint32
		for k := range mid {
			mid[k] = r.Uint32()
		}
		for k := range W {
			for l := range W[k] {
				W[k][l] = r.Uint32()
			}
		}
		var got, want [8][8]uint32
		blockLanes8(&mid, &W, &got)
		blockLanes8Go(&mid, &W, &want)
		if got != want {
			t.Fatalf("iteration %d: lanes differ:\n%x\n%x", iter, got, want)
		}
	}
}

// TestAlgorithm4bLanes8 compares the eight-lane chain scheduler with the
// one-chain Small code on random signatures of every SHA-256 LM-OTS type,
// whatever the processor (without AVX2, blockLanes8 is blockLanes8Go).
func TestAlgorithm4bLanes8(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for typ := LMOTS_SHA256_N32_W1; typ <= LMOTS_SHA256_N24_W8; typ++ {
		op := otsOf(typ)
		for iter := 0; iter < 20; iter++ {
			var I [16]byte
			for k := range I {
				I[k] = byte(r.Uint32())
			}
			q := r.Uint32()
			y := make([]byte, op.p*op.n)
			for k := range y {
				y[k] = byte(r.Uint32())
			}
			var Qc digest
			for k := 0; k < op.n; k++ {
				Qc[k] = byte(r.Uint32())
			}
			binary.BigEndian.PutUint16(Qc[op.n:], cksm(Qc[:op.n], op.w, op.ls))
			want := make([]byte, op.n)
			got := make([]byte, op.n)
			got1 := make([]byte, op.n)
			algorithm4bSHA256(want, op, &I, q, &Qc, y)
			algorithm4bLanes8(got, op, &I, q, &Qc, y)
			algorithm4bFast(got1, op, &I, q, &Qc, y)
			if !bytes.Equal(got, want) || !bytes.Equal(got1, want) {
				t.Fatalf("%v: Kc differs", typ)
			}
		}
	}
}

// TestAlgorithm1Lanes8 compares the eight-lane one-time public key with
// the one-chain ones, for every SHA-256 LM-OTS type.
func TestAlgorithm1Lanes8(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for typ := LMOTS_SHA256_N32_W1; typ <= LMOTS_SHA256_N24_W8; typ++ {
		op := otsOf(typ)
		var I [16]byte
		var seed [maxN]byte
		for k := range I {
			I[k] = byte(r.Uint32())
		}
		for k := 0; k < op.n; k++ {
			seed[k] = byte(r.Uint32())
		}
		q := r.Uint32()
		want := algorithm1(op, &I, q, seed[:op.n])
		if got := algorithm1Lanes8(op, &I, q, &seed); got != want {
			t.Fatalf("%v: Lanes8 K differs", typ)
		}
		if got := algorithm1Fast(op, &I, q, &seed); got != want {
			t.Fatalf("%v: Fast K differs", typ)
		}
	}
}

// TestAlgorithm3Lanes8 compares the eight-lane LM-OTS signing with the
// one-chain algorithm3, for every SHA-256 LM-OTS type.
func TestAlgorithm3Lanes8(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for typ := LMOTS_SHA256_N32_W1; typ <= LMOTS_SHA256_N24_W8; typ++ {
		op := otsOf(typ)
		for iter := 0; iter < 5; iter++ {
			var I [16]byte
			seed := make([]byte, op.n)
			C := make([]byte, op.n)
			for k := range I {
				I[k] = byte(r.Uint32())
			}
			for k := range seed {
				seed[k], C[k] = byte(r.Uint32()), byte(r.Uint32())
			}
			q := r.Uint32()
			msg := []byte{byte(iter), byte(typ)}
			want := algorithm3(nil, op, &I, q, seed, C, msg)
			if got := algorithm3Lanes8(nil, op, &I, q, seed, C, msg); !bytes.Equal(got, want) {
				t.Fatalf("%v: signatures differ", typ)
			}
		}
	}
}
