// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"errors"
	"io"
	"math/bits"
	"sync"

	"github.com/cryptolab-go/cryptolab/internal/mp"
)

// GenerateKey returns a new private key with CRT parameters of bits bits
// (2048, 3072 or 4096) and e = 65537 in configuration cfg, with random
// bytes from rand (crypto/rand if nil), following FIPS 186-5 Appendix
// A.1.3 (random probable primes) with the Miller–Rabin test of Appendix
// B.3.1:
//
//   - each prime candidate is a random odd number of bits/2 bits with its
//     two top bits set (so p ≥ 1.5·2^(bits/2-1) > √2·2^(bits/2-1), A.1.3
//     step 4.4, and n has exactly bits bits);
//   - candidates divisible by one of the odd primes below 1,000
//     (constant-time trial division, Barrett reduction of 16-bit chunks)
//     or with p ≡ 1 mod e (so that gcd(p-1, e) ≠ 1, step 4.5) are
//     discarded;
//   - the rest get 5 Miller–Rabin rounds with random bases (at least the
//     rounds of FIPS 186-5 Table B.1 for these sizes);
//   - q must differ from p above bit bits/2-100 (step 5.4).
//
// d = e⁻¹ mod λ(n), λ(n) = LCM(p-1, q-1), with 2^(bits/2) < d < λ(n)
// (FIPS 186-5, Section 5.1, and Appendix A.1.1 step 3; the pair is
// regenerated in the rare case that d is too small): λ(n) comes from a
// constant-time binary GCD and exact division (mp.GCD, mp.Div; see
// privateExponent), so the no-CRT exponent D() is the standard's. (e⁻¹ mod
// φ(n) would give the same CRT exponents dP and dQ, but a d up to
// gcd(p-1, q-1)/2 times larger than FIPS 186-5 allows.)
//
// Everything on the secret candidates runs in constant time except what
// is discarded (a candidate's rejection ends its use) and the number of
// squarings of each Miller–Rabin round, which is the 2-adic valuation of
// p-1 (a few bits of the prime, as in other constant-time generators).
func GenerateKey(cfg Config, bits int, rand io.Reader) (*PrivateKey, error) {
	if cfg == nil {
		return nil, ErrConfig
	}
	if bits != 2048 && bits != 3072 && bits != 4096 {
		return nil, errKeySize
	}
	const e = 65537
	half := bits / 2
	for {
		p, err := generatePrime(cfg, half, e, rand)
		if err != nil {
			return nil, err
		}
		q, err := generatePrime(cfg, half, e, rand)
		if err != nil {
			return nil, err
		}
		if !farApart(p, q, half-100) {
			continue
		}
		L := len(p)
		n := make([]uint64, 2*L)
		mp.Mul(n, p, q)
		pm1, qm1 := make([]uint64, L), make([]uint64, L)
		mp.SubOne(pm1, p)
		mp.SubOne(qm1, q)
		d := make([]uint64, 2*L)
		privateExponent(d, pm1, qm1, e)
		// d > 2^(bits/2) (FIPS 186-5, A.1.1 step 3.b), checked as a bit
		// set above position bits/2 (half is a multiple of 64).
		if mp.IsZero(d[half/64+1:])&mp.IsZero([]uint64{d[half/64] >> 1}) == 1 {
			continue
		}
		nb, db := make([]byte, bits/8), make([]byte, bits/8)
		pb, qb := make([]byte, half/8), make([]byte, half/8)
		mp.FillBytes(nb, n)
		mp.FillBytes(db, d)
		mp.FillBytes(pb, p)
		mp.FillBytes(qb, q)
		k, err := NewPrivateKey(cfg, nb, e, db, pb, qb)
		for _, s := range [][]uint64{p, q, pm1, qm1, d} {
			clear(s)
		}
		for _, s := range [][]byte{db, pb, qb} {
			clear(s)
		}
		if err != nil {
			return nil, err
		}
		return k, nil
	}
}

var (
	errKeySize = errors.New("rsa: key size must be 2048, 3072 or 4096 bits")
	errRandom  = errors.New("rsa: random source failed")
)

// millerRabinRounds is the number of Miller–Rabin rounds per candidate.
const millerRabinRounds = 5

// generatePrime returns a random probable prime of pbits bits (a multiple
// of 64) with its two top bits set and p mod e ≠ 1 (FIPS 186-5, Appendix
// A.1.3, step 4).
func generatePrime(cfg Config, pbits int, e uint64, rand io.Reader) ([]uint64, error) {
	L := pbits / 64
	buf := make([]byte, pbits/8)
	p := make([]uint64, L)
	for {
		if err := readRandom(rand, buf); err != nil {
			return nil, errRandom
		}
		buf[0] |= 0xc0
		buf[len(buf)-1] |= 1
		mp.SetBytes(p, buf)
		if !sieve(p, e) {
			continue
		}
		w, err := mp.NewModulus(buf)
		if err != nil {
			return nil, err
		}
		ok, err := probablyPrime(cfg, w, rand)
		if err != nil {
			return nil, err
		}
		if ok {
			clear(buf)
			return p, nil
		}
	}
}

// probablyPrime runs millerRabinRounds rounds of FIPS 186-5 Appendix
// B.3.1 on w.
func probablyPrime(cfg Config, w *mp.Modulus, rand io.Reader) (bool, error) {
	L := w.Limbs()
	// w - 1 = 2^a·m. a is read in variable time (see GenerateKey).
	wm1 := make([]uint64, L)
	mp.SubOne(wm1, w.N)
	a := 0
	for i := 0; wm1[i] == 0; i++ {
		a += 64
	}
	a += bits.TrailingZeros64(wm1[a/64])
	m := make([]uint64, L)
	shiftRight(m, wm1, a)
	b := make([]uint64, L)
	bb := make([]byte, 8*L)
	two := make([]uint64, L)
	two[0] = 2
	for i := 0; i < millerRabinRounds; i++ {
		// A random base 1 < b < w-1 (step 4.1-4.2: retry out of range).
		for {
			if err := readRandom(rand, bb); err != nil {
				return false, errRandom
			}
			excess, j := 64*L-w.Bits, 0
			for ; excess >= 8; excess -= 8 {
				bb[j] = 0
				j++
			}
			bb[j] &= 0xff >> excess
			mp.SetBytes(b, bb)
			if mp.Less(b, two) == 0 && mp.Less(b, wm1) == 1 {
				break
			}
		}
		if cfg.mrWitness(w, b, m, a) {
			return false, nil
		}
	}
	return true, nil
}

// shiftRight sets z = x >> s.
func shiftRight(z, x []uint64, s int) {
	limbs, sh := s/64, uint(s%64)
	for i := range z {
		var v uint64
		if i+limbs < len(x) {
			v = x[i+limbs] >> sh
			if sh > 0 && i+limbs+1 < len(x) {
				v |= x[i+limbs+1] << (64 - sh)
			}
		}
		z[i] = v
	}
}

// trialPrimes returns the odd primes below 1,000, for trial division
// (computed on first use, so programs that do not generate keys carry no
// initialisation for it).
var trialPrimes = sync.OnceValue(func() []uint64 {
	var ps []uint64
	for n := uint64(3); n < 1000; n += 2 {
		prime := true
		for _, p := range ps {
			if n%p == 0 {
				prime = false
				break
			}
		}
		if prime {
			ps = append(ps, n)
		}
	}
	return ps
})

// modSmall returns x mod s for 2 < s < 2^32 in constant time: Horner over
// 16-bit chunks from the top, each step r·2^16 + chunk < 2^48 reduced by a
// Barrett quotient from the high word of a 64×64-bit product with
// ⌊2^64/s⌋, which is the true quotient or one less, and a masked
// correction.
func modSmall(x []uint64, s uint64) uint64 {
	minv := ^uint64(0) / s
	var r uint64
	for i := len(x) - 1; i >= 0; i-- {
		for sh := 48; sh >= 0; sh -= 16 {
			v := r<<16 | (x[i]>>uint(sh))&0xffff
			q, _ := bits.Mul64(v, minv)
			r = v - q*s
			// r < 2s: subtract s once if r ≥ s.
			_, borrow := bits.Sub64(r, s, 0)
			r -= s & (borrow - 1)
		}
	}
	return r
}

// sieve reports whether p has no odd prime factor below 1,000 and p mod e
// ≠ 1. The residues are computed in constant time; only the combined
// verdict is branched on (a rejected candidate is discarded).
func sieve(p []uint64, e uint64) bool {
	var bad uint64
	for _, s := range trialPrimes() {
		r := modSmall(p, s)
		bad |= ((r | -r) >> 63) ^ 1 // r == 0
	}
	r := modSmall(p, e) ^ 1
	bad |= ((r | -r) >> 63) ^ 1 // p mod e == 1
	return bad == 0
}

// farApart reports whether |p - q| ≥ 2^bit (FIPS 186-5, A.1.3 step 5.4
// asks for |p - q| > 2^(nlen/2-100)), in constant time.
func farApart(p, q []uint64, bit int) bool {
	d := make([]uint64, len(p))
	var b uint64
	for i := range d {
		d[i], b = bits.Sub64(p[i], q[i], b)
	}
	// |p - q|: two's complement negation when p < q.
	mask, c := -b, b
	for i := range d {
		d[i], c = bits.Add64(d[i]^mask, 0, c)
	}
	// Any bit at a position ≥ bit.
	top := d[bit/64] >> uint(bit%64)
	res := mp.IsZero(d[bit/64+1:]) & mp.IsZero([]uint64{top})
	clear(d)
	return res == 0
}

// privateExponent sets d (2L limbs) = e⁻¹ mod λ for λ = LCM(p-1, q-1)
// (FIPS 186-5, Section 5.1, and Appendix A.1.1 step 3.a), given pm1 = p-1
// and qm1 = q-1 (L limbs each, neither divisible by the prime e), in
// constant time: g = gcd(p-1, q-1) by mp.GCD, λ = (p-1)·((q-1)/g) with the
// exact quotient from mp.Div, and d from λ by invE. On average g is small
// (2 or a small multiple of it), but nothing here depends on it. Cost for
// a 3072-bit key: 0.4 ms (BenchmarkPrivateExponent, shared EPYC), against
// hundreds of milliseconds for the prime search.
func privateExponent(d, pm1, qm1 []uint64, e uint64) {
	L := len(pm1)
	g, t := make([]uint64, L), make([]uint64, L)
	mp.GCD(g, pm1, qm1)
	mp.Div(t, qm1, g)
	lambda := make([]uint64, 2*L)
	mp.Mul(lambda, pm1, t)
	invE(d, lambda, e)
	for _, s := range [][]uint64{g, t, lambda} {
		clear(s)
	}
}

// invE sets d = e⁻¹ mod m for m > 1 (λ(n)) and a small prime e not
// dividing m, in constant time: with k = -m⁻¹ mod e, 1 + k·m is
// divisible by e, and d = (1 + k·m)/e < m, computed by exact division
// (multiplication by e⁻¹ mod 2^64, limb by limb, Jebelean's method).
func invE(d, m []uint64, e uint64) {
	r := modSmall(m, e) // m mod e, nonzero
	// r⁻¹ mod e = r^(e-2) mod e (e prime), exponent public.
	inv := uint64(1)
	for i := 63 - bits.LeadingZeros64(e-2); i >= 0; i-- {
		inv = mulModSmall(inv, inv, e)
		if (e-2)>>uint(i)&1 == 1 {
			inv = mulModSmall(inv, r, e)
		}
	}
	k := e - inv // -m⁻¹ mod e
	// t = 1 + k·m (one limb more than m).
	L := len(m)
	t := make([]uint64, L+1)
	var c uint64
	for i := range m {
		hi, lo := bits.Mul64(m[i], k)
		lo, cc := bits.Add64(lo, c, 0)
		t[i] = lo
		c = hi + cc
	}
	t[L] = c
	var cc uint64
	t[0], cc = bits.Add64(t[0], 1, 0)
	for i := 1; i <= L; i++ {
		t[i], cc = bits.Add64(t[i], 0, cc)
	}
	// Exact division by e.
	einv := e
	for i := 0; i < 5; i++ {
		einv *= 2 - e*einv
	}
	var borrow uint64
	for i := 0; i <= L; i++ {
		v, b1 := bits.Sub64(t[i], borrow, 0)
		qi := v * einv
		if i < len(d) {
			d[i] = qi
		}
		hi, _ := bits.Mul64(qi, e) // qi·e = v + hi·2^64
		borrow = hi + b1
	}
	clear(t)
}

// mulModSmall returns x·y mod e for x, y < e < 2^32, in constant time.
func mulModSmall(x, y, e uint64) uint64 {
	return modSmall([]uint64{x * y}, e)
}
