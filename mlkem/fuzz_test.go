// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	"bytes"
	"crypto/sha3"
	"testing"

	"github.com/cryptolab-go/cryptolab/mlkem"
)

// canonicalEK is the reference modulus check: every 12-bit value of the
// first 384k bytes is below q.
func canonicalEK(b []byte) bool {
	for i := 0; i+3 <= len(b)-32; i += 3 {
		x := uint16(b[i]) | uint16(b[i+1]&0x0f)<<8
		y := uint16(b[i+1]>>4) | uint16(b[i+2])<<4
		if x >= 3329 || y >= 3329 {
			return false
		}
	}
	return true
}

// FuzzNewEncapsulationKey feeds arbitrary bytes to every parameter set's
// parser in both configurations: it must never panic, must accept exactly
// the well-sized canonical keys, and an accepted key must round-trip
// through Bytes and encapsulate.
func FuzzNewEncapsulationKey(f *testing.F) {
	for _, k := range kems {
		dk, _ := k.newDK(make([]byte, 64), mlkem.Small())
		ek := k.ekOf(dk).Bytes()
		f.Add(ek)
		f.Add(ek[:len(ek)-1])
		bad := bytes.Clone(ek)
		bad[0], bad[1] = 0xff, 0xff
		f.Add(bad)
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, k := range kems {
			want := len(b) == k.ekSize && canonicalEK(b)
			for _, cfg := range configs {
				ek, err := k.newEK(b, cfg)
				if (err == nil) != want {
					t.Fatalf("%s %v: accepted=%v, want %v", k.name, cfg, err == nil, want)
				}
				if err != nil {
					continue
				}
				if !bytes.Equal(ek.Bytes(), b) {
					t.Fatalf("%s %v: Bytes differs from the input", k.name, cfg)
				}
				K, c, _ := ek.Encapsulate()
				if len(K) != 32 || len(c) != k.ctSize {
					t.Fatalf("%s %v: Encapsulate output sizes", k.name, cfg)
				}
			}
		}
	})
}

// FuzzDecapsulate feeds arbitrary ciphertexts to fixed keys of every set in
// both configurations: wrong lengths are errors, right lengths always give
// a key, the same in both configurations and in circl (implicit rejection
// included).
func FuzzDecapsulate(f *testing.F) {
	seed := bytes.Repeat([]byte{7}, 64)
	for _, k := range kems {
		dk, _ := k.newDK(seed, mlkem.Small())
		_, c, _ := k.ekOf(dk).Encapsulate()
		f.Add(c)
		f.Add(c[1:])
		f.Add(make([]byte, k.ctSize))
	}
	f.Add([]byte{1, 2, 3})
	type keys struct {
		dks   []dkAPI
		circl peerDK
	}
	all := make([]keys, len(kems))
	for i, k := range kems {
		for _, cfg := range configs {
			dk, err := k.newDK(seed, cfg)
			if err != nil {
				f.Fatal(err)
			}
			all[i].dks = append(all[i].dks, dk)
		}
		all[i].circl = k.circl(seed)
	}
	f.Fuzz(func(t *testing.T, c []byte) {
		for i, k := range kems {
			var first []byte
			for _, dk := range all[i].dks {
				K, err := dk.Decapsulate(c)
				if len(c) != k.ctSize {
					if err == nil {
						t.Fatalf("%s: ciphertext of %d bytes accepted", k.name, len(c))
					}
					continue
				}
				if err != nil || len(K) != 32 {
					t.Fatalf("%s %v: %v", k.name, dk.Config(), err)
				}
				if first == nil {
					first = K
				} else if !bytes.Equal(first, K) {
					t.Fatalf("%s: configurations disagree", k.name)
				}
			}
			if first != nil && !bytes.Equal(first, all[i].circl.decapsulate(c)) {
				t.Fatalf("%s: circl disagrees", k.name)
			}
		}
	})
}

// FuzzDecapsulateExpanded feeds arbitrary expanded decapsulation keys (the
// test-only form of FIPS 203, Algorithm 16) to the key checks of Section
// 7.3: no panic, and acceptance exactly when the length, the hash check and
// the modulus check of the embedded ek pass.
func FuzzDecapsulateExpanded(f *testing.F) {
	for _, k := range kems {
		dk, _ := k.newDK(make([]byte, 64), mlkem.Small())
		dkx := k.expandedDK(dk)
		f.Add(dkx)
		bad := bytes.Clone(dkx)
		bad[len(bad)-40] ^= 1
		f.Add(bad)
	}
	f.Fuzz(func(t *testing.T, dkx []byte) {
		for _, k := range kems {
			kk := (k.ekSize - 32) / 384
			valid := len(dkx) == 768*kk+96
			if valid {
				ek := dkx[384*kk : 768*kk+32]
				h := sha3.Sum256(ek)
				valid = bytes.Equal(h[:], dkx[768*kk+32:768*kk+64]) && canonicalEK(ek)
			}
			c := make([]byte, k.ctSize)
			for _, cfg := range configs {
				K, err := k.decExpanded(dkx, c, cfg)
				if (err == nil) != valid || (err == nil && len(K) != 32) {
					t.Fatalf("%s %v: accepted=%v, want %v", k.name, cfg, err == nil, valid)
				}
			}
		}
	})
}
