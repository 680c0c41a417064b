// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
)

// TestChainsNI checks chainsNI1, chainsNI2 and chainsNI4 against
// chainsNIGo (the chain message built byte by byte and sha2's
// compression) on random keys, leaves, chain values, indices, starting
// steps and step counts, for both hash lengths and every lane of each
// lane count. Off amd64 (or under purego) the functions are chainsNIGo
// and the test checks the lane bookkeeping only; on an amd64 processor
// without the SHA extensions (Skylake-SP and Cascade Lake Xeons, for
// example) the assembly cannot run and the test skips.
func TestChainsNI(t *testing.T) {
	t.Logf("SHA-NI chains: %v", hasChainNI())
	if niAssembly && !hasChainNI() {
		t.Skip("chainsNI1/2/4 are the SHA-NI assembly and this processor has no SHA extensions")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for iter := 0; iter < 200; iter++ {
		n := []int{24, 32}[iter%2]
		var I [16]byte
		for k := range I {
			I[k] = byte(r.Uint32())
		}
		q := r.Uint32()
		var s niShared
		s.init(&I, q, n)
		steps := r.IntN(6)
		var ln, want [4]niLane
		for l := range ln {
			x := make([]byte, n)
			for k := range x {
				x[k] = byte(r.Uint32())
			}
			ln[l].set(x, q, r.IntN(300), r.IntN(250))
			want[l] = ln[l]
			chainsNIGo(&s, &want[l], steps)
		}
		got := map[string][]niLane{}
		one := ln
		for l := range one {
			chainsNI1(&s, &one[l], steps)
		}
		got["x1"] = one[:]
		two := ln
		chainsNI2(&s, &two[0], &two[1], steps)
		chainsNI2(&s, &two[2], &two[3], steps)
		got["x2"] = two[:]
		four := ln
		chainsNI4(&s, &four[0], &four[1], &four[2], &four[3], steps)
		got["x4"] = four[:]
		for name, g := range got {
			for l := range g {
				if g[l] != want[l] {
					t.Fatalf("iteration %d (n = %d, %d steps): %s lane %d differs", iter, n, steps, name, l)
				}
			}
		}
	}
}

// TestChainsNIGo checks the reference itself: one step of chainsNIGo is
// tmp = H(I || u32str(q) || u16str(i) || u8str(j) || tmp) computed with
// the incremental SHA-256 of hash.go.
func TestChainsNIGo(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, n := range []int{24, 32} {
		var I [16]byte
		for k := range I {
			I[k] = byte(r.Uint32())
		}
		q, i, j := r.Uint32(), 77, 3
		x := make([]byte, n)
		for k := range x {
			x[k] = byte(r.Uint32())
		}
		var s niShared
		s.init(&I, q, n)
		var l niLane
		l.set(x, q, i, j)
		chainsNIGo(&s, &l, 2)
		for step := range 2 {
			var h sha256State
			h.reset()
			h.write(I[:])
			h.write(binary.BigEndian.AppendUint32(nil, q))
			h.write([]byte{0, byte(i), byte(j + step)})
			h.write(x)
			var d [32]byte
			h.sum(d[:])
			x = d[:n]
		}
		got := make([]byte, n)
		l.put(got)
		if !bytes.Equal(got, x) {
			t.Fatalf("n = %d: chainsNIGo differs from the chain hash", n)
		}
	}
}

// TestGeneratedSHANI checks that chains_amd64.s and chainni_amd64.s are
// what gen_shani.go writes.
func TestGeneratedSHANI(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_shani.go", Args: []string{"-o", "$DIR"}}, "chains_amd64.s", "chainni_amd64.s")
}

// TestAlgorithmsNI compares the SHA-NI chain scheduler (verification),
// one-time public key (key generation) and one-time signature with the
// one-chain code, on random inputs of every SHA-256 LM-OTS type. Off
// amd64 (or under purego) they run on chainsNIGo; on an amd64 processor
// without the SHA extensions the test skips.
func TestAlgorithmsNI(t *testing.T) {
	if niAssembly && !hasChainNI() {
		t.Skip("the NI algorithms run the SHA-NI assembly and this processor has no SHA extensions")
	}
	r := rand.New(rand.NewPCG(15, 16))
	for typ := LMOTS_SHA256_N32_W1; typ <= LMOTS_SHA256_N24_W8; typ++ {
		op := otsOf(typ)
		for iter := 0; iter < 10; iter++ {
			var I [16]byte
			var seed [maxN]byte
			for k := range I {
				I[k] = byte(r.Uint32())
			}
			for k := 0; k < op.n; k++ {
				seed[k] = byte(r.Uint32())
			}
			q := r.Uint32()
			y := make([]byte, op.p*op.n)
			for k := range y {
				y[k] = byte(r.Uint32())
			}
			// Random digests, and ones with long runs of chains that
			// need no step (digit 2^w - 1) or every step (digit 0),
			// which fill the ring of chain ends or keep one lane busy,
			// and ones whose step counts fall or grow along the chains.
			var Qc digest
			for k := 0; k < op.n; k++ {
				switch iter {
				case 0:
					Qc[k] = 0xff
				case 1:
					Qc[k] = 0
				case 2:
					Qc[k] = byte(0xff * (k / 4 % 2))
				case 3:
					// Chains of every step first, then none: the
					// window's longest-first choice meets chains
					// that are done as they enter it.
					Qc[k] = byte(0xff * (2 * k / op.n))
				case 4:
					// Steps growing towards the end: the longest
					// chains are the last ones to enter the window.
					Qc[k] = byte(0xff - 0xff*k/op.n)
				default:
					Qc[k] = byte(r.Uint32())
				}
			}
			binary.BigEndian.PutUint16(Qc[op.n:], cksm(Qc[:op.n], op.w, op.ls))
			want := make([]byte, op.n)
			got := make([]byte, op.n)
			algorithm4bSHA256(want, op, &I, q, &Qc, y)
			algorithm4bNI(got, op, &I, q, &Qc, y)
			if !bytes.Equal(got, want) {
				t.Fatalf("%v, digest %x: algorithm4bNI's Kc differs", typ, Qc[:op.n+2])
			}
			if algorithm1NI(op, &I, q, &seed) != algorithm1(op, &I, q, seed[:op.n]) {
				t.Fatalf("%v: algorithm1NI's K differs", typ)
			}
			C := y[:op.n]
			msg := []byte{byte(iter), byte(typ)}
			if !bytes.Equal(algorithm3NI(nil, op, &I, q, seed[:op.n], C, msg), algorithm3(nil, op, &I, q, seed[:op.n], C, msg)) {
				t.Fatalf("%v: algorithm3NI's signature differs", typ)
			}
		}
	}
}

// TestChainBlockLayout pins the layout chainSHA256NI's assembly reads:
// the hash length n at byte offset 64 of a chainBlock (CMPQ 64(DX), $32
// in chainni_amd64.s, written by gen_shani.go), right after the block.
func TestChainBlockLayout(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("chainni_amd64.s is built on amd64 only")
	}
	var c chainBlock
	if off := unsafe.Offsetof(c.n); off != 64 {
		t.Fatalf("chainBlock.n at offset %d; chainni_amd64.s reads it at 64", off)
	}
	if size := unsafe.Sizeof(c.n); size != 8 {
		t.Fatalf("chainBlock.n is %d bytes; chainni_amd64.s compares it as a quadword", size)
	}
}
