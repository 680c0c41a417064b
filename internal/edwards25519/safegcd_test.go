package edwards25519

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestSafegcdConstants checks p62 against p and p62Inv against p⁻¹ mod 2^62.
func TestSafegcdConstants(t *testing.T) {
	v := new(big.Int)
	for i := 4; i >= 0; i-- {
		v.Lsh(v, 62)
		v.Add(v, big.NewInt(p62[i]))
	}
	if v.Cmp(bigP) != 0 {
		t.Errorf("p62 = %x, want p", v)
	}
	m := new(big.Int).Lsh(big.NewInt(1), 62)
	inv := new(big.Int).ModInverse(bigP, m)
	if inv.Uint64() != p62Inv {
		t.Errorf("p62Inv = %#x, want %#x", uint64(p62Inv), inv.Uint64())
	}
}

func wordsBig(w [4]uint64) *big.Int {
	v := new(big.Int)
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Add(v, new(big.Int).SetUint64(w[i]))
	}
	return v
}

func bigWords(x *big.Int) [4]uint64 {
	var w [4]uint64
	t := new(big.Int).Set(x)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range w {
		w[i] = new(big.Int).And(t, mask).Uint64()
		t.Rsh(t, 64)
	}
	return w
}

// TestSafegcdInverse checks invertWords (the divsteps) against Fermat's
// inversion over fe51 and math/big, on edge values (0, 1, 2, p-1, p-2,
// (p±1)/2, 2^k and 2^k-1, values with long runs of equal bits, which
// make for long divstep sequences) and random ones, and that the
// result is below p.
func TestSafegcdInverse(t *testing.T) {
	var in []*big.Int
	for _, v := range []int64{0, 1, 2, 3, 19, 121665, 121666} {
		in = append(in, big.NewInt(v))
	}
	one := big.NewInt(1)
	for _, v := range []*big.Int{
		new(big.Int).Sub(bigP, one),
		new(big.Int).Sub(bigP, big.NewInt(2)),
		new(big.Int).Rsh(bigP, 1),
		new(big.Int).Add(new(big.Int).Rsh(bigP, 1), one),
	} {
		in = append(in, v)
	}
	for k := uint(1); k < 255; k += 3 {
		pk := new(big.Int).Lsh(one, k)
		in = append(in, pk, new(big.Int).Sub(pk, one), new(big.Int).Sub(bigP, pk))
	}
	r := rand.New(rand.NewPCG(62, 590))
	n := 2000
	if testing.Short() {
		n = 300
	}
	for range n {
		w := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64() >> 1}
		in = append(in, new(big.Int).Mod(wordsBig(w), bigP))
	}
	for _, x := range in {
		w := bigWords(x)
		got := wordsBig(invertWords(&w))
		want := new(big.Int)
		if x.Sign() != 0 {
			want.ModInverse(x, bigP)
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("invertWords(%x) = %x, want %x", x, got, want)
		}
		// Fermat (the Small strategy's exponentiation, over fe51).
		var b [32]byte
		copy(b[:], bigLE(x, 32))
		var z, f fe51
		z.setBytes(&b)
		r, z11 := pow2_250_1_51(&z)
		squareN51(&r, &r, 5)
		f.mul(&r, &z11)
		var v fe51
		invert51(&v, &z)
		if v.bytes() != f.bytes() {
			t.Fatalf("invert51(%x) = %x, Fermat %x", x, v.bytes(), f.bytes())
		}
	}
}

// TestSafegcdSteps checks that 620 divsteps bring g to 0 (f to ±1) on
// the inputs above and on random ones: the constant number of steps the
// inversion runs relies on the published bound of 590 for 256-bit
// inputs.
func TestSafegcdSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 620))
	for i := range 1000 {
		x := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64() >> 1}
		if i < 256 { // sparse values
			x = [4]uint64{}
			x[i/64] = 1 << (i % 64)
		}
		xb := new(big.Int).Mod(wordsBig(x), bigP)
		x = bigWords(xb)
		f := p62
		g := s62{
			int64(x[0] & mask62),
			int64((x[0]>>62 | x[1]<<2) & mask62),
			int64((x[1]>>60 | x[2]<<4) & mask62),
			int64((x[2]>>58 | x[3]<<6) & mask62),
			int64(x[3] >> 56),
		}
		zeta := int64(-1)
		for range 10 {
			var u, v, q, rr int64
			zeta, u, v, q, rr = divsteps62(zeta, uint64(f[0]), uint64(g[0]))
			updateFG(&f, &g, u, v, q, rr)
		}
		if g != (s62{}) {
			t.Fatalf("x = %x: g = %v after 620 divsteps", xb, g)
		}
		if xb.Sign() != 0 && f != (s62{1}) && f != (s62{mask62, mask62, mask62, mask62, -1}) {
			t.Fatalf("x = %x: f = %v, want ±1", xb, f)
		}
	}
}

func BenchmarkInvert(b *testing.B) {
	var x fe51
	x.setBytes(&[32]byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	b.Run("safegcd", func(b *testing.B) {
		for b.Loop() {
			invert51(&x, &x)
		}
	})
	b.Run("fermat", func(b *testing.B) {
		for b.Loop() {
			r, z11 := pow2_250_1_51(&x)
			squareN51(&r, &r, 5)
			x.mul(&r, &z11)
		}
	})
}
