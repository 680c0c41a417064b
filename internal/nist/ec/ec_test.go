package ec

import (
	"bytes"
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

func curves() []struct {
	c *Curve
	e elliptic.Curve
} {
	return []struct {
		c *Curve
		e elliptic.Curve
	}{{P256(), elliptic.P256()}, {P384(), elliptic.P384()}}
}

func toBig(c *Curve, x *mont.Elem) *big.Int {
	var p mont.Elem
	c.P.FromMont(&p, x)
	b := make([]byte, c.Size)
	c.P.FillBytes(b, &p)
	return new(big.Int).SetBytes(b)
}

func scalarFromBig(c *Curve, k *big.Int) mont.Elem {
	b := make([]byte, c.Size)
	k.FillBytes(b)
	var e mont.Elem
	c.Order.SetBytes(&e, b)
	return e
}

func TestConstants(t *testing.T) {
	for _, tc := range curves() {
		p := tc.e.Params()
		if toBig(tc.c, &tc.c.Gx).Cmp(p.Gx) != 0 || toBig(tc.c, &tc.c.Gy).Cmp(p.Gy) != 0 || toBig(tc.c, &tc.c.B).Cmp(p.B) != 0 {
			t.Fatalf("%s: constants differ from crypto/elliptic", tc.c.Name)
		}
		var pm, nm mont.Elem
		pb := make([]byte, tc.c.Size)
		p.P.FillBytes(pb)
		tc.c.P.SetBytes(&pm, pb)
		p.N.FillBytes(pb)
		tc.c.Order.SetBytes(&nm, pb)
		if pm != tc.c.P.M || nm != tc.c.Order.M {
			t.Fatalf("%s: p or n differ", tc.c.Name)
		}
	}
}

func TestScalarBaseMult(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range curves() {
		n := tc.e.Params().N
		ks := []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(15), big.NewInt(16), big.NewInt(17), new(big.Int).Sub(n, big.NewInt(1)), new(big.Int).Sub(n, big.NewInt(2))}
		for range 20 {
			b := make([]byte, tc.c.Size)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			ks = append(ks, new(big.Int).Mod(new(big.Int).SetBytes(b), n))
		}
		for _, fast := range []bool{false, true} {
			f := tc.c.Field(fast)
			for _, high := range []bool{false, true} {
				for _, k := range ks {
					ke := scalarFromBig(tc.c, k)
					var p Point
					f.ScalarBaseMult(&p, &ke, high)
					var x, y mont.Elem
					if f.Affine(&x, &y, &p) != 1 {
						t.Fatalf("%s %s high=%v: infinity", tc.c.Name, f.Name, high)
					}
					ex, ey := tc.e.ScalarBaseMult(k.Bytes())
					if toBig(tc.c, &x).Cmp(ex) != 0 || toBig(tc.c, &y).Cmp(ey) != 0 {
						t.Fatalf("%s %s high=%v k=%x: wrong point", tc.c.Name, f.Name, high, k)
					}
				}
				// k = 0 and k = n give the point at infinity.
				for _, k := range []*big.Int{big.NewInt(0), n} {
					ke := scalarFromBig(tc.c, k)
					if k.Sign() != 0 {
						ke = tc.c.Order.M
					}
					var p Point
					f.ScalarBaseMult(&p, &ke, high)
					if f.IsInfinity(&p) != 1 {
						t.Fatalf("%s %s high=%v: %v·G is not infinity", tc.c.Name, f.Name, high, k)
					}
				}
			}
		}
	}
}

func TestCombinedMult(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range curves() {
		n := tc.e.Params().N
		rnd := func() *big.Int {
			b := make([]byte, tc.c.Size)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			return new(big.Int).Mod(new(big.Int).SetBytes(b), n)
		}
		for i := range 10 {
			u1, u2, d := rnd(), rnd(), rnd()
			if i == 0 {
				u1 = big.NewInt(0)
			}
			if i == 1 {
				u2 = big.NewInt(0)
			}
			if i == 2 {
				u2 = new(big.Int).Set(u1)
				d = big.NewInt(1) // Q = G: u1·G + u1·G
			}
			qx, qy := tc.e.ScalarBaseMult(d.Bytes())
			ax, ay := tc.e.ScalarBaseMult(u1.Bytes())
			bx, by := tc.e.ScalarMult(qx, qy, u2.Bytes())
			ex, ey := tc.e.Add(ax, ay, bx, by)
			enc := elliptic.Marshal(tc.e, qx, qy)
			for _, fast := range []bool{false, true} {
				f := tc.c.Field(fast)
				var mx, my mont.Elem
				if err := f.SetBytes(&mx, &my, enc); err != nil {
					t.Fatal(err)
				}
				if got := f.AppendBytes(nil, &mx, &my, false); !bytes.Equal(got, enc) {
					t.Fatal("AppendBytes round trip")
				}
				cenc := elliptic.MarshalCompressed(tc.e, qx, qy)
				var cx, cy mont.Elem
				if err := f.SetBytes(&cx, &cy, cenc); err != nil || cx != mx || cy != my {
					t.Fatalf("compressed decoding: %v", err)
				}
				if got := f.AppendBytes(nil, &mx, &my, true); !bytes.Equal(got, cenc) {
					t.Fatal("compressed AppendBytes")
				}
				for _, high := range []bool{false, true} {
					e1, e2 := scalarFromBig(tc.c, u1), scalarFromBig(tc.c, u2)
					var p Point
					f.CombinedMultVarTime(&p, &e1, &e2, &mx, &my, high)
					var x, y mont.Elem
					f.Affine(&x, &y, &p)
					if toBig(tc.c, &x).Cmp(ex) != 0 || toBig(tc.c, &y).Cmp(ey) != 0 {
						t.Fatalf("%s %s high=%v case %d: wrong u1·G+u2·Q", tc.c.Name, f.Name, high, i)
					}
				}
			}
		}
	}
}

func TestArithmeticAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, tc := range curves() {
		for _, md := range []*mont.Modulus{tc.c.P, tc.c.Order} {
			m := new(big.Int)
			mb := make([]byte, md.Bytes)
			md.FillBytes(mb, &md.M)
			m.SetBytes(mb)
			rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), uint(64*md.N)), m)
			fs := []Field{tc.c.Small, tc.c.Fast}
			for range 300 {
				var x, y mont.Elem
				xb, yb := randBelow(r, m), randBelow(r, m)
				if r.IntN(10) == 0 {
					xb.Sub(m, big.NewInt(1))
				}
				xb.FillBytes(mb)
				md.SetBytes(&x, mb)
				yb.FillBytes(mb)
				md.SetBytes(&y, mb)
				for _, f := range fs {
					mul, sqr, add, sub := f.Mul, f.Sqr, f.Add, f.Sub
					if md == tc.c.Order {
						mul, sqr, add, sub = f.NMul, f.NSqr, f.NAdd, f.NSub
					}
					var z mont.Elem
					check := func(op string, want *big.Int) {
						md.FillBytes(mb, &z)
						if new(big.Int).SetBytes(mb).Cmp(want) != 0 {
							t.Fatalf("%s %s %s: got %x want %x", tc.c.Name, f.Name, op, mb, want)
						}
					}
					mul(&z, &x, &y)
					check("mul", new(big.Int).Mod(new(big.Int).Mul(new(big.Int).Mul(xb, yb), rInv), m))
					sqr(&z, &x)
					check("sqr", new(big.Int).Mod(new(big.Int).Mul(new(big.Int).Mul(xb, xb), rInv), m))
					add(&z, &x, &y)
					check("add", new(big.Int).Mod(new(big.Int).Add(xb, yb), m))
					sub(&z, &x, &y)
					check("sub", new(big.Int).Mod(new(big.Int).Sub(xb, yb), m))
				}
			}
		}
	}
}

func randBelow(r *rand.Rand, m *big.Int) *big.Int {
	b := make([]byte, (m.BitLen()+7)/8+8)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return new(big.Int).Mod(new(big.Int).SetBytes(b), m)
}

func BenchmarkFieldMul(b *testing.B) {
	for _, tc := range curves() {
		for _, f := range []*Field{&tc.c.Small, &tc.c.Fast} {
			b.Run(tc.c.Name+"/"+f.Name, func(b *testing.B) {
				x := tc.c.Gx
				for b.Loop() {
					f.Mul(&x, &x, &tc.c.Gy)
				}
			})
		}
	}
}

func BenchmarkScalarBaseMult(b *testing.B) {
	for _, tc := range curves() {
		for _, f := range []*Field{&tc.c.Small, &tc.c.Fast} {
			for _, high := range []bool{false, true} {
				name := tc.c.Name + "/" + f.Name + "/Low"
				if high {
					name = tc.c.Name + "/" + f.Name + "/High"
				}
				b.Run(name, func(b *testing.B) {
					k := tc.c.Order.M
					k[0] -= 5
					var p Point
					for b.Loop() {
						f.ScalarBaseMult(&p, &k, high)
					}
				})
			}
		}
	}
}

// TestCombinedMultEdges: results at infinity and sums that hit the
// exceptional cases of the incomplete Jacobian formulas.
func TestCombinedMultEdges(t *testing.T) {
	for _, tc := range curves() {
		n := tc.e.Params().N
		for _, fast := range []bool{false, true} {
			f := tc.c.Field(fast)
			for _, high := range []bool{false, true} {
				for _, k := range []int64{1, 2, 3, 15, 16, 17, 31, 12345} {
					kb := big.NewInt(k)
					u1 := scalarFromBig(tc.c, kb)
					u2 := scalarFromBig(tc.c, new(big.Int).Sub(n, kb))
					// Q = G: k·G + (n-k)·G = infinity.
					var p Point
					f.CombinedMultVarTime(&p, &u1, &u2, &tc.c.Gx, &tc.c.Gy, high)
					if f.IsInfinity(&p) != 1 {
						t.Fatalf("%s %s high=%v k=%d: k·G + (n-k)·G is not infinity", tc.c.Name, f.Name, high, k)
					}
					// Q = G: k·G + k·G = 2k·G.
					f.CombinedMultVarTime(&p, &u1, &u1, &tc.c.Gx, &tc.c.Gy, high)
					var x, y mont.Elem
					f.Affine(&x, &y, &p)
					ex, ey := tc.e.ScalarBaseMult(big.NewInt(2 * k).Bytes())
					if toBig(tc.c, &x).Cmp(ex) != 0 || toBig(tc.c, &y).Cmp(ey) != 0 {
						t.Fatalf("%s %s high=%v k=%d: k·G + k·G", tc.c.Name, f.Name, high, k)
					}
				}
			}
		}
	}
}

func TestInvert(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, tc := range curves() {
		for _, f := range []*Field{&tc.c.Small, &tc.c.Fast} {
			for i := range 50 {
				x := tc.c.Gx
				if i > 0 {
					for j := 0; j < tc.c.N; j++ {
						x[j] = r.Uint64()
					}
					x[tc.c.N-1] >>= 1
				}
				var a, b mont.Elem
				f.Invert(&a, &x)
				f.Exp(&b, &x, &tc.c.pMinus2)
				if a != b {
					t.Fatalf("%s %s: Invert differs from x^(p-2)", tc.c.Name, f.Name)
				}
				f.Mul(&b, &a, &x)
				if b != tc.c.P.One {
					t.Fatalf("%s %s: x·x^-1 != 1", tc.c.Name, f.Name)
				}
				// Scalar inversion: x^(n-2)·x = 1 mod n (x < p may exceed n:
				// reduce it first with a subtraction).
				var xn mont.Elem
				tc.c.Order.Sub(&xn, &x, &tc.c.Order.M)
				f.NExp(&a, &xn, &tc.c.nMinus2)
				f.NMul(&b, &a, &xn)
				if b != tc.c.Order.One {
					t.Fatalf("%s %s: x·x^(n-2) != 1 mod n", tc.c.Name, f.Name)
				}
				// Exp with a small exponent against repeated multiplication.
				e := mont.Elem{0x1d}
				f.Exp(&a, &x, &e)
				b = tc.c.P.One
				for range 0x1d {
					f.Mul(&b, &b, &x)
				}
				if a != b {
					t.Fatalf("%s %s: x^29", tc.c.Name, f.Name)
				}
			}
		}
	}
}

// TestBoothDigits: the signed digits of a scalar add back up to it.
func TestBoothDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, tc := range curves() {
		for i := range 200 {
			var k mont.Elem
			for j := 0; j < tc.c.N; j++ {
				k[j] = r.Uint64()
			}
			if i == 0 {
				for j := 0; j < tc.c.N; j++ {
					k[j] = ^uint64(0)
				}
			}
			want := new(big.Int)
			for j := tc.c.N - 1; j >= 0; j-- {
				want.Lsh(want, 64).Add(want, new(big.Int).SetUint64(k[j]))
			}
			for _, bits := range []int{lowBits, highBits} {
				sum := new(big.Int)
				for w := tc.c.Windows(bits) - 1; w >= 0; w-- {
					neg, mag := boothDigit(&k, w, bits)
					if mag > uint64(entries(bits)) || neg > 1 {
						t.Fatalf("digit %d: neg %d mag %d", w, neg, mag)
					}
					d := big.NewInt(int64(mag))
					if neg == 1 {
						d.Neg(d)
					}
					sum.Lsh(sum, uint(bits)).Add(sum, d)
				}
				if sum.Cmp(want) != 0 {
					t.Fatalf("%s %d bits: digits sum to %x, want %x", tc.c.Name, bits, sum, want)
				}
			}
		}
	}
}
