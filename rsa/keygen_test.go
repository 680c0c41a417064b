// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"math/big"
	mrand "math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/mp"
	"github.com/cryptolab-go/cryptolab/sha2"
)

// TestGenerateKey generates a 2048-bit key (3072 and 4096 with
// CRYPTOLAB_LONG=1) and checks it with crypto/rsa's Validate (n = p·q,
// d·e ≡ 1 mod p-1 and q-1) and by signing and verifying both ways.
func TestGenerateKey(t *testing.T) {
	sizes := []int{2048}
	if long() {
		sizes = append(sizes, 3072, 4096)
	}
	for _, bits := range sizes {
		priv, err := GenerateKey(FastHigh(), bits, nil)
		if err != nil {
			t.Fatal(err)
		}
		if priv.PublicKey().Bits() != bits || priv.PublicKey().E() != 65537 || !priv.HasCRT() {
			t.Fatalf("key of %d bits, e = %d", priv.PublicKey().Bits(), priv.PublicKey().E())
		}
		p, q := priv.Primes()
		P, Q := new(big.Int).SetBytes(p), new(big.Int).SetBytes(q)
		if !P.ProbablyPrime(20) || !Q.ProbablyPrime(20) {
			t.Fatal("a factor is not prime")
		}
		diff := new(big.Int).Sub(P, Q)
		if diff.Abs(diff).BitLen() < bits/2-100 {
			t.Error("p and q too close")
		}
		std := &stdrsa.PrivateKey{PublicKey: stdrsa.PublicKey{N: new(big.Int).SetBytes(priv.PublicKey().N()), E: 65537},
			D: new(big.Int).SetBytes(priv.D()), Primes: []*big.Int{P, Q}}
		std.Precompute()
		if err := std.Validate(); err != nil {
			t.Fatal(err)
		}
		if new(big.Int).SetBytes(priv.D()).BitLen() <= bits/2 {
			t.Error("d too small")
		}
		digest := sha2.Sum256([]byte("keygen"))
		sig, err := SignPSS(nil, nil, priv, crypto.SHA256, digest[:], nil)
		if err != nil || stdrsa.VerifyPSS(&std.PublicKey, crypto.SHA256, digest[:], sig, nil) != nil {
			t.Errorf("signature: %v", err)
		}
	}
	if _, err := GenerateKey(FastHigh(), 1024, nil); err == nil {
		t.Error("1024-bit key generated")
	}
	if _, err := GenerateKey(nil, 2048, nil); err != ErrConfig {
		t.Error("nil Config")
	}
}

// TestPrimality checks the Miller–Rabin rounds and the trial division on
// known primes and composites (Carmichael numbers, products of two large
// primes, prime squares), in both mathematics.
func TestPrimality(t *testing.T) {
	r := mrand.New(mrand.NewPCG(3, 4))
	big1 := func(s string) *big.Int { n, _ := new(big.Int).SetString(s, 10); return n }
	p1, _ := rand.Prime(rand.Reader, 512)
	p2, _ := rand.Prime(rand.Reader, 512)
	composites := []*big.Int{
		big1("561"), big1("41041"), big1("825265"), big1("321197185"), // Carmichael numbers
		big1("3825123056546413051"), // strong pseudoprime to bases 2..23
		new(big.Int).Mul(p1, p2), new(big.Int).Mul(p1, p1),
	}
	primes := []*big.Int{big1("1000003"), p1, p2, big1("170141183460469231731687303715884105727")}
	for _, cfg := range []Config{SmallLow(), FastLow()} {
		for _, c := range composites {
			w, err := mp.NewModulus(c.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if ok, _ := probablyPrime(cfg, w, nil); ok {
				t.Errorf("%v: composite %v passed", cfg, c)
			}
		}
		for _, p := range primes {
			w, _ := mp.NewModulus(p.Bytes())
			if ok, _ := probablyPrime(cfg, w, nil); !ok {
				t.Errorf("%v: prime %v failed", cfg, p)
			}
		}
	}
	// Trial division and the small helpers against math/big.
	for i := 0; i < 200; i++ {
		x := make([]uint64, 16)
		for j := range x {
			x[j] = r.Uint64()
		}
		xb := toBigTest(x)
		for _, s := range []uint64{3, 5, 997, 65537, 1<<32 - 5} {
			if got, want := modSmall(x, s), new(big.Int).Mod(xb, new(big.Int).SetUint64(s)).Uint64(); got != want {
				t.Fatalf("modSmall(%d) = %d, want %d", s, got, want)
			}
		}
		x[0] |= 1
		xb = toBigTest(x)
		composite := false
		for _, s := range trialPrimes() {
			if new(big.Int).Mod(xb, new(big.Int).SetUint64(s)).Sign() == 0 {
				composite = true
			}
		}
		if new(big.Int).Mod(xb, big.NewInt(65537)).Cmp(big.NewInt(1)) == 0 {
			composite = true
		}
		if sieve(x, 65537) == composite {
			t.Fatalf("sieve(%x) = %v", xb, !composite)
		}
		// invE modulo an even m with gcd(m, e) = 1.
		m := make([]uint64, 16)
		copy(m, x)
		m[0] &^= 1
		mb := toBigTest(m)
		if new(big.Int).Mod(mb, big.NewInt(65537)).Sign() == 0 {
			continue
		}
		d := make([]uint64, 16)
		invE(d, m, 65537)
		if want := new(big.Int).ModInverse(big.NewInt(65537), mb); toBigTest(d).Cmp(want) != 0 {
			t.Fatalf("invE wrong")
		}
	}
	// farApart.
	a := []uint64{0, 0, 1 << 62, 0}
	b := []uint64{5, 0, 1 << 62, 0}
	if farApart(a, b, 100) || farApart(b, a, 100) || !farApart(a, b, 2) || !farApart([]uint64{0, 0, 0, 1}, []uint64{0, 0, 0, 0}, 192) {
		t.Error("farApart")
	}
}

func toBigTest(x []uint64) *big.Int {
	b := make([]byte, 8*len(x))
	mp.FillBytes(b, x)
	return new(big.Int).SetBytes(b)
}
