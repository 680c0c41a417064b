package ec

import (
	"bytes"
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

// The tests drive every instantiation — p256Fast, p384Fast and small on
// both curves, and p256Native and p384Native where internal/nist/mulx
// runs (mulx.Supported) — through the adapters gen.go writes to
// instances_test.go (and instances_native_test.go),
// which call the production code with mont.Elem operands. What the tests
// run is what package ecdsa runs.

// instance is one (curve, arithmetic) instantiation.
type instance interface {
	name() string
	curve() *Curve
	mul(z, x, y *mont.Elem)
	sqr(z, x *mont.Elem)
	add(z, x, y *mont.Elem)
	sub(z, x, y *mont.Elem)
	nMul(z, x, y *mont.Elem)
	nSqr(z, x *mont.Elem)
	nAdd(z, x, y *mont.Elem)
	invert(z, x *mont.Elem)
	scalarInvert(z, x *mont.Elem)
	baseMult(high bool, k *mont.Elem) (x, y mont.Elem, inf bool)
	combinedMult(high bool, u1, u2, qx, qy *mont.Elem) (x, y mont.Elem, inf bool)
	ops(high bool) operations
	constants() (b, one, nRR mont.Elem)
}

// operations is the interface package ecdsa calls the exported types by.
type operations interface {
	Key(d mont.Elem) (dm, x, y mont.Elem)
	Sign(k, e mont.Elem, dm *mont.Elem) (r, s mont.Elem)
	VerifyVarTime(e, r, s mont.Elem, qx, qy *mont.Elem) bool
}

var _ = []operations{&P256FastLow{}, &P256FastHigh{}, &P384FastLow{}, &P384FastHigh{},
	&SmallP256Low{}, &SmallP256High{}, &SmallP384Low{}, &SmallP384High{}}

func stdCurve(c *Curve) elliptic.Curve {
	if c.N == 4 {
		return elliptic.P256()
	}
	return elliptic.P384()
}

// fromBig returns x as limbs (plain), reduced mod m.
func fromBig(x *big.Int) mont.Elem {
	var e mont.Elem
	for i := range e {
		e[i] = new(big.Int).Rsh(x, uint(64*i)).Uint64()
	}
	return e
}

func toBig(x *mont.Elem) *big.Int {
	v := new(big.Int)
	for i := len(x) - 1; i >= 0; i-- {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(x[i]))
	}
	return v
}

// moduli returns p, n and R = 2^(64·N) of c.
func moduli(c *Curve) (p, n, R *big.Int) {
	return toBig(&c.P.M), toBig(&c.Order.M), new(big.Int).Lsh(big.NewInt(1), uint(64*c.N))
}

// toMont and fromMont convert with math/big.
func toMont(x, m, R *big.Int) mont.Elem { return fromBig(new(big.Int).Mod(new(big.Int).Mul(x, R), m)) }
func fromMont(x *mont.Elem, m, R *big.Int) *big.Int {
	return new(big.Int).Mod(new(big.Int).Mul(toBig(x), new(big.Int).ModInverse(R, m)), m)
}

func TestGenerated(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen.go", Args: []string{"-o", "$DIR"}},
		"p256_fast.go", "p384_fast.go", "small.go", "p256_native.go", "p384_native.go",
		"instances_test.go", "instances_native_test.go")
}

// TestConstants: the generated and run-time constants of each
// instantiation against crypto/elliptic's parameters.
func TestConstants(t *testing.T) {
	for _, in := range instances {
		c := in.curve()
		params := stdCurve(c).Params()
		p, n, R := moduli(c)
		if p.Cmp(params.P) != 0 || n.Cmp(params.N) != 0 {
			t.Fatalf("%s: p or n differ", in.name())
		}
		b, one, nRR := in.constants()
		gx, gy := c.Gx, c.Gy
		for _, tc := range []struct {
			name string
			got  mont.Elem
			want mont.Elem
		}{
			{"b", b, toMont(params.B, p, R)}, {"Gx", gx, toMont(params.Gx, p, R)}, {"Gy", gy, toMont(params.Gy, p, R)},
			{"1", one, toMont(big.NewInt(1), p, R)}, {"R² mod n", nRR, toMont(R, n, R)},
		} {
			if tc.got != tc.want {
				t.Errorf("%s: %s = %x, want %x", in.name(), tc.name, tc.got, tc.want)
			}
		}
	}
}

// TestArithmeticAgainstBig checks the field and scalar operations of every
// instantiation against math/big on random operands and on operands built
// limb by limb from values that stress carry and borrow chains (0, 1, all
// ones, 2^32±1, 2^63, 2^64-2^32, the modulus limbs ±1): uniformly random
// operands almost never produce these, and the carry bugs of special-prime
// reductions show up only on them.
func TestArithmeticAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	iters := 3000
	if testing.Short() {
		iters = 300
	}
	for _, in := range instances {
		c := in.curve()
		p, n, R := moduli(c)
		for _, field := range []bool{true, false} {
			m, md := p, c.P
			mul, sqr, add := in.mul, in.sqr, in.add
			if !field {
				m, md = n, c.Order
				mul, sqr, add = in.nMul, in.nSqr, in.nAdd
			}
			rInv := new(big.Int).ModInverse(R, m)
			special := []uint64{0, 1, 2, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<63 - 1, 1 << 63,
				0xffffffff00000000, 0xffffffff00000001, 1<<64 - 2, 1<<64 - 1}
			for i := 0; i < c.N; i++ {
				special = append(special, md.M[i], md.M[i]-1, md.M[i]+1)
			}
			elem := func(i int) (mont.Elem, *big.Int) {
				var e mont.Elem
				for j := 0; j < c.N; j++ {
					if i%2 == 0 || r.IntN(8) == 0 {
						e[j] = r.Uint64()
					} else {
						e[j] = special[r.IntN(len(special))]
					}
				}
				v := new(big.Int).Mod(toBig(&e), m)
				return fromBig(v), v
			}
			for i := range iters {
				x, xb := elem(i)
				y, yb := elem(i)
				if i == 0 {
					x = fromBig(new(big.Int).Sub(m, big.NewInt(1)))
					xb = toBig(&x)
				}
				var z mont.Elem
				check := func(op string, want *big.Int) {
					if toBig(&z).Cmp(want) != 0 {
						t.Fatalf("%s field=%v %s(%x, %x) = %x, want %x", in.name(), field, op, x, y, z, fromBig(want))
					}
				}
				mul(&z, &x, &y)
				check("mul", new(big.Int).Mod(new(big.Int).Mul(new(big.Int).Mul(xb, yb), rInv), m))
				sqr(&z, &x)
				check("sqr", new(big.Int).Mod(new(big.Int).Mul(new(big.Int).Mul(xb, xb), rInv), m))
				add(&z, &x, &y)
				check("add", new(big.Int).Mod(new(big.Int).Add(xb, yb), m))
				if field {
					in.sub(&z, &x, &y)
					check("sub", new(big.Int).Mod(new(big.Int).Sub(xb, yb), m))
				}
			}
		}
	}
}

// TestInvert: the addition chain against x^(p-2), x·x^-1 = 1, scalar
// inversion mod n, and fieldExp with a small exponent.
func TestInvert(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, in := range instances {
		c := in.curve()
		p, n, R := moduli(c)
		pMinus2 := fromBig(new(big.Int).Sub(p, big.NewInt(2)))
		_, one, _ := in.constants()
		nOne := toMont(big.NewInt(1), n, R)
		for i := range 30 {
			xb := randBelow(r, p)
			if i == 0 {
				xb.SetInt64(0)
			}
			x := fromBig(xb)
			var a, b mont.Elem
			in.invert(&a, &x)
			c.fieldExp(&b, &x, &pMinus2)
			if a != b {
				t.Fatalf("%s: invert differs from x^(p-2)", in.name())
			}
			if i == 0 {
				if a != (mont.Elem{}) {
					t.Fatalf("%s: 0^-1 is not 0", in.name())
				}
				continue
			}
			in.mul(&b, &a, &x)
			if b != one {
				t.Fatalf("%s: x·x^-1 ≠ 1", in.name())
			}
			xn := fromBig(new(big.Int).Mod(xb, n))
			in.scalarInvert(&a, &xn)
			in.nMul(&b, &a, &xn)
			if b != nOne {
				t.Fatalf("%s: scalar x·x^-1 ≠ 1 mod n", in.name())
			}
			e := mont.Elem{0x1d}
			c.fieldExp(&a, &x, &e)
			b = one
			for range 0x1d {
				in.mul(&b, &b, &x)
			}
			if a != b {
				t.Fatalf("%s: x^29", in.name())
			}
		}
	}
}

// TestScalarBaseMult: k·G with both tables against crypto/elliptic; 0·G
// and n·G are the point at infinity.
func TestScalarBaseMult(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, in := range instances {
		c := in.curve()
		std := stdCurve(c)
		p, n, R := moduli(c)
		ks := []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(15), big.NewInt(16), big.NewInt(17), big.NewInt(31), big.NewInt(32), big.NewInt(33),
			new(big.Int).Sub(n, big.NewInt(1)), new(big.Int).Sub(n, big.NewInt(2)), new(big.Int).Sub(n, big.NewInt(16))}
		for range 12 {
			ks = append(ks, randBelow(r, n))
		}
		for _, high := range []bool{false, true} {
			for _, k := range ks {
				ke := fromBig(k)
				x, y, inf := in.baseMult(high, &ke)
				ex, ey := std.ScalarBaseMult(k.Bytes())
				if inf || fromMont(&x, p, R).Cmp(ex) != 0 || fromMont(&y, p, R).Cmp(ey) != 0 {
					t.Fatalf("%s high=%v k=%x: wrong point", in.name(), high, k)
				}
			}
			for _, k := range []*big.Int{big.NewInt(0), n} {
				ke := fromBig(k)
				if _, _, inf := in.baseMult(high, &ke); !inf {
					t.Fatalf("%s high=%v: %x·G is not infinity", in.name(), high, k)
				}
			}
		}
	}
}

// TestCombinedMult: u1·G + u2·Q against crypto/elliptic, including zero
// scalars, Q = G, and sums that hit the exceptional cases of the
// incomplete Jacobian formulas (k·G + (n-k)·G = infinity, k·G + k·G).
func TestCombinedMult(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, in := range instances {
		c := in.curve()
		std := stdCurve(c)
		p, n, R := moduli(c)
		rnd := func() *big.Int { return randBelow(r, n) }
		type tc struct{ u1, u2, d *big.Int }
		cases := []tc{{big.NewInt(0), rnd(), rnd()}, {rnd(), big.NewInt(0), rnd()}}
		for range 6 {
			cases = append(cases, tc{rnd(), rnd(), rnd()})
		}
		for _, k := range []int64{1, 2, 3, 15, 16, 17, 31, 12345} {
			kb := big.NewInt(k)
			cases = append(cases, tc{kb, new(big.Int).Sub(n, kb), big.NewInt(1)}, tc{kb, kb, big.NewInt(1)})
		}
		for i, cs := range cases {
			qx, qy := std.ScalarBaseMult(cs.d.Bytes())
			ax, ay := std.ScalarBaseMult(cs.u1.Bytes())
			bx, by := std.ScalarMult(qx, qy, cs.u2.Bytes())
			ex, ey := std.Add(ax, ay, bx, by)
			mx, my := toMont(qx, p, R), toMont(qy, p, R)
			u1, u2 := fromBig(cs.u1), fromBig(cs.u2)
			for _, high := range []bool{false, true} {
				x, y, inf := in.combinedMult(high, &u1, &u2, &mx, &my)
				if ex.Sign() == 0 && ey.Sign() == 0 {
					if !inf {
						t.Fatalf("%s high=%v case %d: not infinity", in.name(), high, i)
					}
					continue
				}
				if inf || fromMont(&x, p, R).Cmp(ex) != 0 || fromMont(&y, p, R).Cmp(ey) != 0 {
					t.Fatalf("%s high=%v case %d: wrong u1·G+u2·Q", in.name(), high, i)
				}
			}
		}
	}
}

// TestOperations checks the exported whole operations of both tables:
// Key against crypto/elliptic, Sign against the FIPS 186-5 formulas in
// math/big for a given nonce, VerifyVarTime on those signatures (and not
// on altered ones), SetBytes and AppendBytes round trips with
// crypto/elliptic's encodings.
func TestOperations(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, in := range instances {
		c := in.curve()
		std := stdCurve(c)
		p, n, R := moduli(c)
		rnd := func() *big.Int {
			v := randBelow(r, new(big.Int).Sub(n, big.NewInt(1)))
			return v.Add(v, big.NewInt(1))
		}
		for _, high := range []bool{false, true} {
			o := in.ops(high)
			for range 4 {
				d, k, e := rnd(), rnd(), rnd()
				dm, x, y := o.Key(fromBig(d))
				qx, qy := std.ScalarBaseMult(d.Bytes())
				if fromMont(&x, p, R).Cmp(qx) != 0 || fromMont(&y, p, R).Cmp(qy) != 0 || dm != toMont(d, n, R) {
					t.Fatalf("%s high=%v: Key", in.name(), high)
				}
				rs, ss := o.Sign(fromBig(k), fromBig(e), &dm)
				kx, _ := std.ScalarBaseMult(k.Bytes())
				wantR := new(big.Int).Mod(kx, n)
				wantS := new(big.Int).Mul(wantR, d)
				wantS.Add(wantS, e).Mul(wantS, new(big.Int).ModInverse(k, n)).Mod(wantS, n)
				if toBig(&rs).Cmp(wantR) != 0 || toBig(&ss).Cmp(wantS) != 0 {
					t.Fatalf("%s high=%v: Sign", in.name(), high)
				}
				if !o.VerifyVarTime(fromBig(e), rs, ss, &x, &y) {
					t.Fatalf("%s high=%v: own signature rejected", in.name(), high)
				}
				e1 := fromBig(new(big.Int).Add(e, big.NewInt(1)))
				if o.VerifyVarTime(e1, rs, ss, &x, &y) || o.VerifyVarTime(fromBig(e), ss, rs, &x, &y) {
					t.Fatalf("%s high=%v: altered signature accepted", in.name(), high)
				}
				for _, compress := range []bool{false, true} {
					want := elliptic.Marshal(std, qx, qy)
					if compress {
						want = elliptic.MarshalCompressed(std, qx, qy)
					}
					if got := c.AppendBytes([]byte{9}, &x, &y, compress); !bytes.Equal(got, append([]byte{9}, want...)) {
						t.Fatalf("%s high=%v compress=%v: AppendBytes %x, want %x", in.name(), high, compress, got, want)
					}
					x2, y2, err := c.SetBytes(want)
					if err != nil || x2 != x || y2 != y {
						t.Fatalf("%s high=%v compress=%v: SetBytes: %v", in.name(), high, compress, err)
					}
				}
			}
			size := c.Size
			var zero mont.Elem
			good := c.AppendBytes(nil, &zero, &zero, false)
			offCurve := bytes.Clone(good) // (0, 0) is not on the curve
			pBytes := make([]byte, size)
			p.FillBytes(pBytes)
			for name, b := range map[string][]byte{
				"empty": nil, "infinity": {0}, "prefix 5": append([]byte{5}, good[1:]...),
				"off curve": offCurve, "x = p": append(append([]byte{4}, pBytes...), good[1+size:]...),
				"compressed x = p": append([]byte{2}, pBytes...), "short": good[:len(good)-1],
			} {
				if _, _, err := c.SetBytes(b); err == nil {
					t.Errorf("%s high=%v: SetBytes accepts %s", in.name(), high, name)
				}
			}
		}
	}
}

// TestBoothDigits: the signed digits of a scalar add back up to it.
func TestBoothDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, limbs := range []int{4, 6} {
		for i := range 200 {
			k := make([]uint64, limbs)
			for j := range k {
				k[j] = r.Uint64()
				if i == 0 {
					k[j] = ^uint64(0)
				}
			}
			var e mont.Elem
			copy(e[:], k)
			want := toBig(&e)
			for _, bits := range []int{lowBits, highBits} {
				sum := new(big.Int)
				for w := windows(limbs, bits) - 1; w >= 0; w-- {
					neg, mag := boothDigit(k, w, bits)
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
					t.Fatalf("%d limbs %d bits: digits sum to %x, want %x", limbs, bits, sum, want)
				}
			}
		}
	}
}

func BenchmarkFieldMul(b *testing.B) {
	for _, in := range instances {
		b.Run(in.name(), func(b *testing.B) {
			x, y := in.curve().Gx, in.curve().Gy
			for b.Loop() {
				in.mul(&x, &x, &y)
			}
		})
	}
}

func BenchmarkScalarBaseMult(b *testing.B) {
	for _, in := range instances {
		for _, high := range []bool{false, true} {
			name := in.name() + "/Low"
			if high {
				name = in.name() + "/High"
			}
			b.Run(name, func(b *testing.B) {
				k := in.curve().Order.M
				k[0] -= 5
				for b.Loop() {
					in.baseMult(high, &k)
				}
			})
		}
	}
}

// randBelow returns a uniform-enough random value in [0, m).
func randBelow(r *rand.Rand, m *big.Int) *big.Int {
	b := make([]byte, (m.BitLen()+7)/8+8)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return new(big.Int).Mod(new(big.Int).SetBytes(b), m)
}
