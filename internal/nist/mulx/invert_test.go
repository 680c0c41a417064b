//go:build (amd64 || arm64) && !purego

package mulx

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestInvert checks P256Invert and N256Invert against math/big's
// ModInverse (through Montgomery form, R = 2^256) on the edge operands
// and random ones (operands: 0, 1, 2, m-1, m-2, m/2, 2^191, saturated and
// zero limbs, values just below m), in place too; 0 maps to 0.
func TestInvert(t *testing.T) {
	need(t)
	rng := rand.New(rand.NewPCG(7, 8))
	count := 2000
	if testing.Short() {
		count = 300
	}
	R := new(big.Int).Lsh(big.NewInt(1), 256)
	for _, c := range []struct {
		name, hex string
		inv       func(z, x *[4]uint64)
	}{
		{"P256", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", P256Invert},
		{"N256", "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", N256Invert},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _ := new(big.Int).SetString(c.hex, 16)
			for _, a := range operands(m, 4, count, rng) {
				// x = a is taken as the Montgomery form of a·R^-1; the
				// result must be the Montgomery form of its inverse:
				// (a·R^-1)^-1·R = a^-1·R².
				var x, z [4]uint64
				toLimbs(x[:], a)
				c.inv(&z, &x)
				want := new(big.Int)
				if a.Sign() != 0 {
					want.ModInverse(a, m)
					want.Mul(want, R).Mul(want, R).Mod(want, m)
				}
				if fromLimbs(z[:]).Cmp(want) != 0 {
					t.Fatalf("Invert(%x) = %x, want %x", x, z, want)
				}
				c.inv(&x, &x)
				if x != z {
					t.Fatalf("Invert in place = %x, want %x", x, z)
				}
			}
		})
	}
}

// TestDivstepsBound checks the batch count against the iteration bound on
// the inputs that take longest among many random ones: after the batches
// g is zero (f = ±1) with room to spare, measured by how many batches each
// input needed.
func TestDivstepsBound(t *testing.T) {
	need(t) // updateFG is assembly on amd64
	rng := rand.New(rand.NewPCG(11, 12))
	worst := 0
	for _, inv := range []*inverter{&invP256, &invN256} {
		for range 2000 {
			var x [4]uint64
			for j := range x {
				x[j] = rng.Uint64()
			}
			x[3] &= inv.m[3] >> 1 // below m
			f, g := inv.m, sint{x[0], x[1], x[2], x[3], 0}
			delta := uint64(1)
			for b := 1; b <= safegcdBatches; b++ {
				var u, v, q, r int64
				delta, u, v, q, r = divsteps62(delta, f[0], g[0])
				updateFG(&f, &g, u, v, q, r)
				if g == (sint{}) {
					worst = max(worst, b)
					break
				}
				if b == safegcdBatches {
					t.Fatalf("g not zero after %d batches for %x", b, x)
				}
			}
		}
	}
	t.Logf("at most %d of %d batches needed", worst, safegcdBatches)
}

func BenchmarkInvert(b *testing.B) {
	if !Supported() {
		b.Skip("no BMI2/ADX/AVX2")
	}
	x := [4]uint64{1, 2, 3, 4}
	b.Run("N256", func(b *testing.B) {
		for b.Loop() {
			N256Invert(&x, &x)
		}
	})
	b.Run("P256", func(b *testing.B) {
		for b.Loop() {
			P256Invert(&x, &x)
		}
	})
}

// TestInverterConstants checks each inverter's -m^-1 mod 2^62 and R³ mod
// m against math/big.
func TestInverterConstants(t *testing.T) {
	for _, inv := range []*inverter{&invP256, &invN256} {
		m := fromLimbs(inv.m[:])
		two62 := new(big.Int).Lsh(big.NewInt(1), 62)
		ni := new(big.Int).ModInverse(m, two62)
		ni.Neg(ni).Mod(ni, two62)
		if ni.Uint64() != inv.negInv62 {
			t.Errorf("m = %x: negInv62 %#x, want %#x", m, inv.negInv62, ni)
		}
		r3 := new(big.Int).Exp(big.NewInt(2), big.NewInt(768), m)
		if fromLimbs(inv.r3[:]).Cmp(r3) != 0 {
			t.Errorf("m = %x: r3 %x, want %x", m, inv.r3, r3)
		}
	}
}

// TestInvertVarTime checks N256InvertVarTime and P256InvertVarTime
// against N256Invert and P256Invert (and so math/big) on the edge and random operands, and divsteps62VarTime's
// matrix against divsteps62's on random words.
func TestInvertVarTime(t *testing.T) {
	need(t)
	rng := rand.New(rand.NewPCG(15, 16))
	m, _ := new(big.Int).SetString("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16)
	for _, a := range operands(m, 4, 1000, rng) {
		var x, got, want [4]uint64
		toLimbs(x[:], a)
		N256Invert(&want, &x)
		N256InvertVarTime(&got, &x)
		if got != want {
			t.Fatalf("N256InvertVarTime(%x) = %x, want %x", x, got, want)
		}
	}
	pm, _ := new(big.Int).SetString("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", 16)
	for _, a := range operands(pm, 4, 1000, rng) {
		var x, got, want [4]uint64
		toLimbs(x[:], a)
		P256Invert(&want, &x)
		P256InvertVarTime(&got, &x)
		if got != want {
			t.Fatalf("P256InvertVarTime(%x) = %x, want %x", x, got, want)
		}
	}
	for range 10000 {
		delta := uint64(2*rng.IntN(200)-199) | 1
		f, g := rng.Uint64()|1, rng.Uint64()
		if rng.IntN(4) == 0 {
			g &= ^uint64(0) << rng.IntN(64)
		}
		d1, u1, v1, q1, r1 := divsteps62(delta, f, g)
		d2, u2, v2, q2, r2 := divsteps62VarTime(delta, f, g)
		if d1 != d2 || u1 != u2 || v1 != v2 || q1 != q2 || r1 != r2 {
			t.Fatalf("divsteps(%d, %x, %x): %d %d %d %d %d, VarTime %d %d %d %d %d", int64(delta), f, g, int64(d1), u1, v1, q1, r1, int64(d2), u2, v2, q2, r2)
		}
	}
}

// TestUpdates checks updateFG and updateDE (assembly on amd64) against
// updateFGGo and updateDEGo on random operands in the ranges the
// inversions keep (f, g within ±m; d, e in (-2m, m)) and random matrices
// with |u|+|v| and |q|+|r| at most 2^62, including the extremes.
func TestUpdates(t *testing.T) {
	need(t)
	rng := rand.New(rand.NewPCG(21, 22))
	for _, inv := range []*inverter{&invP256, &invN256} {
		m := fromLimbs(inv.m[:])
		sintOf := func(v *big.Int) sint {
			var s sint
			w := new(big.Int).Set(v)
			if w.Sign() < 0 {
				w.Add(w, new(big.Int).Lsh(big.NewInt(1), 320))
			}
			for i := range s {
				s[i] = new(big.Int).Rsh(w, uint(64*i)).Uint64()
			}
			return s
		}
		in := func(lo, hi *big.Int) sint { // uniform-enough in [lo, hi)
			span := new(big.Int).Sub(hi, lo)
			v := new(big.Int)
			for range 6 {
				v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(rng.Uint64()))
			}
			v.Mod(v, span)
			return sintOf(v.Add(v, lo))
		}
		negM := new(big.Int).Neg(m)
		neg2M := new(big.Int).Mul(big.NewInt(-2), m)
		for i := range 3000 {
			var u, v, q, r int64
			switch i % 4 {
			case 0:
				u, v, q, r = 1<<62, 0, 0, 1<<62
			case 1:
				u, v, q, r = -(1 << 61), -(1 << 61), 1<<61, -(1 << 61)
			default:
				a := int64(rng.Uint64() >> 2)
				b := int64(rng.Uint64()>>2) % (1<<62 - a + 1)
				c := int64(rng.Uint64() >> 2)
				d := int64(rng.Uint64()>>2) % (1<<62 - c + 1)
				if rng.IntN(2) == 0 {
					a = -a
				}
				if rng.IntN(2) == 0 {
					b = -b
				}
				if rng.IntN(2) == 0 {
					c = -c
				}
				if rng.IntN(2) == 0 {
					d = -d
				}
				u, v, q, r = a, b, c, d
			}
			f, g := in(negM, m), in(negM, m)
			f2, g2 := f, g
			updateFG(&f, &g, u, v, q, r)
			updateFGGo(&f2, &g2, u, v, q, r)
			if f != f2 || g != g2 {
				t.Fatalf("updateFG(%x, %x, %d, %d, %d, %d) = %x, %x, want %x, %x", f2, g2, u, v, q, r, f, g, f2, g2)
			}
			d, e := in(neg2M, m), in(neg2M, m)
			d2, e2 := d, e
			inv.updateDE(&d, &e, u, v, q, r)
			inv.updateDEGo(&d2, &e2, u, v, q, r)
			if d != d2 || e != e2 {
				t.Fatalf("updateDE(%d, %d, %d, %d) = %x, %x, want %x, %x", u, v, q, r, d, e, d2, e2)
			}
		}
	}
}
