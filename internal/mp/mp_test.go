// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package mp

import (
	"bytes"
	"crypto/rand"
	"math/big"
	mrand "math/rand/v2"
	"os"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
)

// The arithmetic is checked against math/big (tests only) on random and
// edge values: 0, 1, m-1, all-ones limbs, moduli of every limb count from
// 1 to MaxLimbs with odd bit lengths and with full top limbs.

func toBig(x []uint64) *big.Int {
	b := make([]byte, 8*len(x))
	FillBytes(b, x)
	return new(big.Int).SetBytes(b)
}

func fromBig(x *big.Int, L int) []uint64 {
	z := make([]uint64, L)
	SetBytes(z, x.Bytes())
	return z
}

type strategy struct {
	name    string
	mul     func(z, x, y []uint64, m *Modulus)
	sqr     func(z, x []uint64, m *Modulus)
	toMont  func(z, a []uint64, m *Modulus)
	exp     func(z, x, e []uint64, m *Modulus, table []uint64, w uint)
	expVT   func(z, x []uint64, e uint64, m *Modulus)
	crt     func(z, c []uint64, k *CRTKey, table []uint64, w uint)
	private func(z, c, d []uint64, n *Modulus, table []uint64, w uint)
}

var strategies = []strategy{
	{"Small", montMulSmall, montSqrSmall, Small{}.ToMont, Small{}.Exp, Small{}.ExpVarTime, Small{}.PrivateCRT, Small{}.Private},
	{"Fast", montMulFast, montSqrFast, Fast{}.ToMont, Fast{}.Exp, Fast{}.ExpVarTime, Fast{}.PrivateCRT, Fast{}.Private},
	// montMulFIPS is Fast's multiplier in Go builds; checked in every build
	// (the higher-level operations are Fast's).
	{"FIPS", montMulFIPS, func(z, x []uint64, m *Modulus) { montMulFIPS(z, x, x, m) }, Fast{}.ToMont, Fast{}.Exp, Fast{}.ExpVarTime, Fast{}.PrivateCRT, Fast{}.Private},
}

func rng(t testing.TB) *mrand.Rand {
	return mrand.New(mrand.NewPCG(1, 2))
}

// randomModulus returns an odd modulus of exactly bits bits.
func randomModulus(t testing.TB, r *mrand.Rand, nbits int) (*Modulus, *big.Int) {
	b := make([]byte, (nbits+7)/8)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	m := new(big.Int).SetBytes(b)
	m.SetBit(m, nbits-1, 1)
	for i := nbits; i < 8*len(b); i++ {
		m.SetBit(m, i, 0)
	}
	m.SetBit(m, 0, 1)
	mod, err := NewModulus(m.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return mod, m
}

// values returns edge and random values below bound (and, if allOnes, the
// all-ones vector of L limbs, which is below R but not below m).
func values(r *mrand.Rand, m *big.Int, L int) []*big.Int {
	one := big.NewInt(1)
	vs := []*big.Int{new(big.Int), big.NewInt(1), new(big.Int).Sub(m, one), new(big.Int).Rsh(m, 1)}
	for i := 0; i < 4; i++ {
		b := make([]byte, 8*L)
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		vs = append(vs, new(big.Int).Mod(new(big.Int).SetBytes(b), m))
	}
	return vs
}

func testSizes() []int {
	s := []int{2, 3, 63, 64, 65, 127, 128, 129, 255, 512, 513, 1023, 1024, 1536, 2047, 2048, 3072, 4095, 4096}
	return s
}

func TestNewModulus(t *testing.T) {
	r := rng(t)
	for _, nb := range testSizes() {
		m, mb := randomModulus(t, r, nb)
		L := m.Limbs()
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*L))
		if toBig(m.One).Cmp(new(big.Int).Mod(R, mb)) != 0 {
			t.Errorf("%d bits: R mod m wrong", nb)
		}
		if toBig(m.RR).Cmp(new(big.Int).Mod(new(big.Int).Mul(R, R), mb)) != 0 {
			t.Errorf("%d bits: R² mod m wrong", nb)
		}
		if m.N[0]*(-m.N0) != 1 {
			t.Errorf("%d bits: n0inv wrong", nb)
		}
		if m.Bits != nb {
			t.Errorf("Bits = %d, want %d", m.Bits, nb)
		}
	}
	for _, bad := range [][]byte{nil, {0}, {1}, {0, 1}, {2}, {0xff, 0xfe}, make([]byte, 8*MaxLimbs+1)} {
		if _, err := NewModulus(bad); err == nil {
			t.Errorf("NewModulus(%x) accepted", bad)
		}
	}
	big := bytes.Repeat([]byte{0xff}, 8*MaxLimbs+1)
	big[0] = 0
	if _, err := NewModulus(big); err != nil {
		t.Errorf("NewModulus of 4096 bits with a leading zero byte: %v", err)
	}
}

func TestMontMul(t *testing.T) {
	r := rng(t)
	for _, nb := range testSizes() {
		m, mb := randomModulus(t, r, nb)
		L := m.Limbs()
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*L))
		Rinv := new(big.Int).ModInverse(R, mb)
		vs := values(r, mb, L)
		allOnes := new(big.Int).Sub(R, big.NewInt(1))
		for _, s := range strategies {
			z := make([]uint64, L)
			for _, x := range append(vs, allOnes) { // x may be any value below R
				for _, y := range vs {
					want := new(big.Int).Mul(x, y)
					want.Mul(want, Rinv).Mod(want, mb)
					s.mul(z, fromBig(x, L), fromBig(y, L), m)
					if toBig(z).Cmp(want) != 0 {
						t.Fatalf("%s %d bits: montMul(%x, %x) = %x, want %x", s.name, nb, x, y, toBig(z), want)
					}
				}
			}
			for _, x := range vs {
				want := new(big.Int).Mul(x, x)
				want.Mul(want, Rinv).Mod(want, mb)
				xs := fromBig(x, L)
				s.sqr(xs, xs, m) // in place
				if toBig(xs).Cmp(want) != 0 {
					t.Fatalf("%s %d bits: montSqr(%x) = %x, want %x", s.name, nb, x, toBig(xs), want)
				}
			}
		}
	}
}

// TestMontMulAllOnesModulus uses moduli whose limbs are all ones (the
// largest values every carry chain sees).
func TestMontMulAllOnesModulus(t *testing.T) {
	for _, L := range []int{1, 2, 3, 24, 48, 64} {
		b := bytes.Repeat([]byte{0xff}, 8*L)
		m, err := NewModulus(b)
		if err != nil {
			t.Fatal(err)
		}
		mb := new(big.Int).SetBytes(b)
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*L))
		Rinv := new(big.Int).ModInverse(R, mb)
		x := new(big.Int).Sub(mb, big.NewInt(1))
		want := new(big.Int).Mul(x, x)
		want.Mul(want, Rinv).Mod(want, mb)
		for _, s := range strategies {
			z := make([]uint64, L)
			s.mul(z, fromBig(x, L), fromBig(x, L), m)
			if toBig(z).Cmp(want) != 0 {
				t.Errorf("%s L=%d: mul wrong", s.name, L)
			}
			s.sqr(z, fromBig(x, L), m)
			if toBig(z).Cmp(want) != 0 {
				t.Errorf("%s L=%d: sqr wrong", s.name, L)
			}
		}
	}
}

func TestToMontAndExp(t *testing.T) {
	r := rng(t)
	for _, nb := range []int{65, 129, 512, 1023, 1536, 2048} {
		m, mb := randomModulus(t, r, nb)
		L := m.Limbs()
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*L))
		for _, s := range strategies {
			// ToMont of values of 1 to 3L limbs.
			for _, la := range []int{1, L, L + 1, 2 * L, 3*L - 1} {
				a := make([]uint64, la)
				for i := range a {
					a[i] = r.Uint64()
				}
				if la == L {
					for i := range a {
						a[i] = ^uint64(0)
					}
				}
				z := make([]uint64, L)
				s.toMont(z, a, m)
				want := new(big.Int).Mul(toBig(a), R)
				want.Mod(want, mb)
				if toBig(z).Cmp(want) != 0 {
					t.Fatalf("%s %d bits: ToMont of %d limbs wrong", s.name, nb, la)
				}
			}
			windows := []uint{1, 4, 5}
			if nb < 1024 || os.Getenv("CRYPTOLAB_LONG") == "1" {
				windows = []uint{1, 2, 3, 4, 5, 6}
			}
			for _, w := range windows {
				table := make([]uint64, TableLimbs(L, w))
				for _, x := range values(r, mb, L) {
					for _, le := range []int{1, L} {
						e := make([]uint64, le)
						for i := range e {
							e[i] = r.Uint64()
						}
						xm := make([]uint64, L)
						s.toMont(xm, fromBig(x, L), m)
						z := make([]uint64, L)
						s.exp(z, xm, e, m, table, w)
						want := new(big.Int).Exp(x, toBig(e), mb)
						want.Mul(want, R).Mod(want, mb)
						if toBig(z).Cmp(want) != 0 {
							t.Fatalf("%s %d bits w=%d: Exp wrong", s.name, nb, w)
						}
					}
				}
			}
			for _, e := range []uint64{1, 3, 17, 65537, 1<<63 | 1, ^uint64(0)} {
				for _, x := range values(r, mb, L) {
					z := make([]uint64, L)
					s.expVT(z, fromBig(x, L), e, m)
					want := new(big.Int).Exp(x, new(big.Int).SetUint64(e), mb)
					if toBig(z).Cmp(want) != 0 {
						t.Fatalf("%s %d bits: ExpVarTime(e=%d) wrong", s.name, nb, e)
					}
				}
			}
		}
	}
}

func TestReduceMulAdd(t *testing.T) {
	r := rng(t)
	for _, nb := range []int{64, 65, 1024, 1536} {
		_, mb := randomModulus(t, r, nb)
		mb.Sub(mb, big.NewInt(1)) // even modulus, as p-1
		L := (nb + 63) / 64
		n := fromBig(mb, L)
		a := make([]uint64, 2*L+1)
		for i := range a {
			a[i] = r.Uint64()
		}
		z := make([]uint64, L)
		Reduce(z, a, n)
		if toBig(z).Cmp(new(big.Int).Mod(toBig(a), mb)) != 0 {
			t.Errorf("Reduce %d bits wrong", nb)
		}
		x, y := a[:L], a[L:2*L]
		p := make([]uint64, 2*L)
		Mul(p, x, y)
		if toBig(p).Cmp(new(big.Int).Mul(toBig(x), toBig(y))) != 0 {
			t.Errorf("Mul %d bits wrong", nb)
		}
	}
}

func TestPrivate(t *testing.T) {
	sizes := []int{1024, 2048}
	if os.Getenv("CRYPTOLAB_LONG") == "1" {
		sizes = append(sizes, 3072, 4096)
	}
	for _, nb := range sizes {
		p, _ := rand.Prime(rand.Reader, nb/2)
		q, _ := rand.Prime(rand.Reader, nb/2)
		n := new(big.Int).Mul(p, q)
		one := big.NewInt(1)
		phi := new(big.Int).Mul(new(big.Int).Sub(p, one), new(big.Int).Sub(q, one))
		e := big.NewInt(65537)
		d := new(big.Int).ModInverse(e, phi)
		if d == nil {
			continue
		}
		N, _ := NewModulus(n.Bytes())
		P, _ := NewModulus(p.Bytes())
		Q, _ := NewModulus(q.Bytes())
		L, Lp, Lq := N.Limbs(), P.Limbs(), Q.Limbs()
		k := &CRTKey{P: P, Q: Q,
			DP:   fromBig(new(big.Int).Mod(d, new(big.Int).Sub(p, one)), Lp),
			DQ:   fromBig(new(big.Int).Mod(d, new(big.Int).Sub(q, one)), Lq),
			QInv: fromBig(new(big.Int).ModInverse(q, p), Lp)}
		for _, s := range strategies {
			for _, c := range []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(n, one), new(big.Int).Rsh(n, 3)} {
				want := new(big.Int).Exp(c, d, n)
				for _, w := range []uint{1, 4, 6} {
					z := make([]uint64, L)
					s.crt(z, fromBig(c, L), k, make([]uint64, TableLimbs(max(Lp, Lq), w)), w)
					if toBig(z).Cmp(want) != 0 {
						t.Fatalf("%s %d bits w=%d: PrivateCRT wrong", s.name, nb, w)
					}
					z2 := make([]uint64, L)
					s.private(z2, fromBig(c, L), fromBig(d, L), N, make([]uint64, TableLimbs(L, w)), w)
					if toBig(z2).Cmp(want) != 0 {
						t.Fatalf("%s %d bits w=%d: Private wrong", s.name, nb, w)
					}
				}
			}
		}
	}
}

// TestGenerated checks that ops_fast.go is what gen_ops.go makes of
// ops_small.go.
func TestGenerated(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_ops.go", Args: []string{"-o", "$DIR/ops_fast.go"}}, "ops_fast.go")
}
