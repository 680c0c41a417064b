// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"bytes"
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"math/big"
	mrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/mp"
	"github.com/cryptolab-go/cryptolab/sha2"
)

// TestGenerateKey generates three 2048-bit keys (and two 3072-bit and a
// 4096-bit one with CRYPTOLAB_LONG=1) and checks it with crypto/rsa's Validate (n = p·q,
// d·e ≡ 1 mod p-1 and q-1), with math/big for d = e⁻¹ mod λ(n) and
// 2^(bits/2) < d < λ(n) (FIPS 186-5), with "openssl pkey -check", by
// signing without CRT (d alone) to the same signatures as with CRT, and by
// signing and verifying both ways.
func TestGenerateKey(t *testing.T) {
	sizes := []int{2048, 2048, 2048}
	if long() {
		sizes = append(sizes, 3072, 3072, 4096)
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
		checkFIPSExponent(t, priv)
		checkNoCRT(t, priv)
		checkOpenSSL(t, std)
		digest := sha2.Sum256([]byte("keygen"))
		sig, err := SignPSS(nil, nil, priv, SHA256(), digest[:], nil)
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

// lambdaOf returns λ(n) = LCM(p-1, q-1) of priv, with math/big.
func lambdaOf(priv *PrivateKey) *big.Int {
	p, q := priv.Primes()
	one := big.NewInt(1)
	pm1 := new(big.Int).Sub(new(big.Int).SetBytes(p), one)
	qm1 := new(big.Int).Sub(new(big.Int).SetBytes(q), one)
	g := new(big.Int).GCD(nil, nil, pm1, qm1)
	return new(big.Int).Div(new(big.Int).Mul(pm1, qm1), g)
}

// checkFIPSExponent checks d = e⁻¹ mod λ(n) and 2^(nlen/2) < d < λ(n)
// (FIPS 186-5, Section 5.1 and Appendix A.1.1 step 3).
func checkFIPSExponent(t *testing.T, priv *PrivateKey) {
	t.Helper()
	lambda := lambdaOf(priv)
	d := new(big.Int).SetBytes(priv.D())
	want := new(big.Int).ModInverse(big.NewInt(int64(priv.PublicKey().E())), lambda)
	if d.Cmp(want) != 0 {
		t.Errorf("d = %x, want e⁻¹ mod λ(n) = %x", d, want)
	}
	low := new(big.Int).Lsh(big.NewInt(1), uint(priv.PublicKey().Bits()/2))
	if d.Cmp(low) <= 0 || d.Cmp(lambda) >= 0 {
		t.Errorf("d out of (2^(nlen/2), λ(n))")
	}
}

// checkNoCRT checks that a key made of n, e and d alone signs (PKCS #1
// v1.5 and PSS without salt, both deterministic) to the same bytes as the
// CRT key, in both mathematics.
func checkNoCRT(t *testing.T, priv *PrivateKey) {
	t.Helper()
	digest := sha2.Sum256([]byte("no CRT"))
	for _, cfg := range []Config{SmallLow(), FastHigh()} {
		noCRT, err := NewPrivateKeyWithoutCRT(cfg, priv.PublicKey().N(), priv.PublicKey().E(), priv.D())
		if err != nil {
			t.Fatal(err)
		}
		for _, sign := range []func(*PrivateKey) ([]byte, error){
			func(k *PrivateKey) ([]byte, error) { return SignPKCS1v15(nil, k, SHA256(), digest[:]) },
			func(k *PrivateKey) ([]byte, error) {
				return SignPSS(nil, nil, k, SHA256(), digest[:], &PSSOptions{SaltLength: PSSSaltLengthNone})
			},
		} {
			a, err1 := sign(priv)
			b, err2 := sign(noCRT)
			if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
				t.Errorf("%v: no-CRT signature differs from CRT (%v, %v)", cfg, err1, err2)
			}
		}
	}
}

// checkOpenSSL runs "openssl pkey -check" on the key in PKCS #8 (skipped
// without openssl or with -short).
func checkOpenSSL(t *testing.T, k *stdrsa.PrivateKey) {
	t.Helper()
	if testing.Short() {
		return
	}
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Log("openssl not installed: pkey -check skipped")
		return
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "key.pem")
	os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600)
	out, err := exec.Command("openssl", "pkey", "-in", path, "-check", "-noout").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Key is valid") {
		t.Errorf("openssl pkey -check: %v\n%s", err, out)
	}
}

// TestPrivateExponent checks privateExponent against math/big on random
// even p-1 and q-1 with large constructed common factors (the GCD is
// usually 2 for real primes, which TestGenerateKey covers).
func TestPrivateExponent(t *testing.T) {
	r := mrand.New(mrand.NewPCG(5, 6))
	const e = 65537
	E := big.NewInt(e)
	rnd := func(bits int) *big.Int {
		b := make([]byte, (bits+7)/8)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		x := new(big.Int).SetBytes(b)
		x.SetBit(x, bits-1, 1)
		return x.Rsh(x, uint(8*len(b)-bits))
	}
	for i := 0; i < 40; i++ {
		L := []int{16, 24, 32}[i%3]
		gbits := 1 + r.IntN(64*L-64)
		g := new(big.Int).Lsh(rnd(gbits), 1)
		x := new(big.Int).Mul(g, rnd(64*L-gbits-1))
		y := new(big.Int).Mul(g, rnd(64*L-gbits-1))
		if x.BitLen() > 64*L || y.BitLen() > 64*L {
			t.Fatal("test values too long")
		}
		lcm := new(big.Int).Div(new(big.Int).Mul(x, y), new(big.Int).GCD(nil, nil, x, y))
		want := new(big.Int).ModInverse(E, lcm)
		if want == nil {
			continue // e divides λ
		}
		pm1, qm1 := make([]uint64, L), make([]uint64, L)
		mp.SetBytes(pm1, x.Bytes())
		mp.SetBytes(qm1, y.Bytes())
		d := make([]uint64, 2*L)
		privateExponent(d, pm1, qm1, e)
		if toBigTest(d).Cmp(want) != 0 {
			t.Fatalf("privateExponent(%x, %x) = %x, want %x", x, y, toBigTest(d), want)
		}
	}
}

// BenchmarkPrivateExponent measures the λ(n) and d computation of a
// 3072-bit key (two 1536-bit p-1, q-1).
func BenchmarkPrivateExponent(b *testing.B) {
	r := mrand.New(mrand.NewPCG(7, 8))
	pm1, qm1 := make([]uint64, 24), make([]uint64, 24)
	for i := range pm1 {
		pm1[i], qm1[i] = r.Uint64(), r.Uint64()
	}
	pm1[0] = pm1[0]&^1 | 2 // even, not divisible by e in practice
	qm1[0] &^= 1
	d := make([]uint64, 48)
	for b.Loop() {
		privateExponent(d, pm1, qm1, 65537)
	}
}
