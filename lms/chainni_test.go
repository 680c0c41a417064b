// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
)

// TestChainSHA256NI compares the one-chain SHA-NI code with the chain
// hash on sha2's compression (chainBlock.chainSHA256), for both hash
// lengths, step counts 1 to 6, 255 from j = 0 and the one step from j = 0xff of the
// secret derivation, random I, q, i and chain values, and x aliasing the
// block's tmp; for n = 24 the block's padding after tmp must survive.
func TestChainSHA256NI(t *testing.T) {
	if !hasChainNI() {
		t.Skip("no SHA-NI chain here")
	}
	r := rand.New(rand.NewPCG(17, 18))
	for _, n := range []int{32, 24} {
		for iter := 0; iter < 300; iter++ {
			var I [16]byte
			for k := range I {
				I[k] = byte(r.Uint32())
			}
			q, i := r.Uint32(), r.IntN(265)
			a := r.IntN(256)
			end := min(a+1+iter%6, 256)
			switch iter % 9 {
			case 7:
				a, end = 0, 255
			case 8:
				a, end = 0xff, 0x100
			}
			x := make([]byte, n)
			for k := range x {
				x[k] = byte(r.Uint32())
			}
			var want, got chainBlock
			want.init(&I, q, n)
			got.init(&I, q, n)
			want.chainSHA256(i, x, a, end)
			chainSHA256NI(&got, &x[0], uint32(i)<<16|uint32(a)<<8, end-a)
			if !bytes.Equal(got.b[23:23+n], want.b[23:23+n]) || !bytes.Equal(got.b[23+n:], want.b[23+n:]) || !bytes.Equal(got.b[:20], want.b[:20]) {
				t.Fatalf("n = %d, j = %d..%d: chainSHA256NI %x, want %x", n, a, end, got.b, want.b)
			}
			// In place, as Algorithm 1 runs a chain on its own result.
			copy(got.b[23:], x)
			chainSHA256NI(&got, &got.b[23], uint32(i)<<16|uint32(a)<<8, end-a)
			if !bytes.Equal(got.b[23:23+n], want.b[23:23+n]) {
				t.Fatalf("n = %d, j = %d..%d, x in the block: chainSHA256NI %x, want %x", n, a, end, got.b, want.b)
			}
		}
	}
}

// TestSmallPaths runs the vectors through Small with the chain code's
// features on and off (internal/cpu.Disable: the SHA-NI chain, and the
// chains on sha2's compression, itself on SHA-NI or in Go), rejects a
// flipped signature byte, and generates a key and signs with each (the
// keys, derived from one seed, must be equal).
func TestSmallPaths(t *testing.T) {
	var pub []byte
	for _, off := range [][]string{nil, {"sha"}, {"ssse3"}} {
		restore, err := cpu.Disable(off...)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range loadVectors(t) {
			pk, err := ParsePublicKey(Small(), v.pub)
			if err != nil {
				t.Fatal(err)
			}
			if !pk.Verify(v.msg, v.sig) {
				t.Errorf("features %v off: %s rejected", off, v.name)
			}
			bad := bytes.Clone(v.sig)
			bad[len(bad)/2] ^= 1
			if pk.Verify(v.msg, bad) {
				t.Errorf("features %v off: %s with a flipped byte accepted", off, v.name)
			}
		}
		for _, typ := range []OTSType{LMOTS_SHA256_N32_W4, LMOTS_SHA256_N24_W2} {
			lt := LMS_SHA256_M32_H5
			if typ == LMOTS_SHA256_N24_W2 {
				lt = LMS_SHA256_M24_H5
			}
			p := []Params{{LMS: lt, OTS: typ}}
			sk, err := GenerateKey(Small(), p, SignerOptions{Cache: CacheAll}, nopStore{}, bytes.NewReader(make([]byte, 48)))
			if err != nil {
				t.Fatal(err)
			}
			if typ == LMOTS_SHA256_N32_W4 {
				if pub == nil {
					pub = sk.Public().Bytes()
				} else if !bytes.Equal(pub, sk.Public().Bytes()) {
					t.Errorf("features %v off: another public key", off)
				}
			}
			sig, err := sk.Sign([]byte("m"))
			if err != nil {
				t.Fatal(err)
			}
			fast, _ := ParsePublicKey(Fast(), sk.Public().Bytes())
			if !fast.Verify([]byte("m"), sig) {
				t.Errorf("features %v off: Small's %v signature rejected by Fast", off, typ)
			}
		}
		restore()
	}
}
