package mont

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The four moduli of P-256 and P-384 (fields and group orders) and a few
// generic odd ones of other sizes: the CIOS code serves any odd modulus of
// up to MaxLimbs limbs with a non-zero top limb.
var moduli = []string{
	"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
	"ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
	"fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
	"ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
	"8000000000000001",
	"c2b1a3d4e5f60718293a4b5c6d7e8f9001122334455667789",
	"0000000000000001ffffffffffffffffffffffffffffffffffffffffffffffff",
}

func bigOf(x *Elem, n int) *big.Int {
	v := new(big.Int)
	for i := n - 1; i >= 0; i-- {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(x[i]))
	}
	return v
}

func elemOf(v *big.Int) Elem {
	var e Elem
	for i := range e {
		e[i] = new(big.Int).Rsh(v, uint(64*i)).Uint64()
	}
	return e
}

func modulus(t *testing.T, h string) (*Modulus, *big.Int) {
	m, ok := new(big.Int).SetString(h, 16)
	if !ok {
		t.Fatal(h)
	}
	n := (m.BitLen() + 63) / 64
	be := make([]byte, 8*n)
	m.FillBytes(be)
	return NewModulus(be), m
}

// TestAgainstBig checks Mul, Sqr, Add, Sub, ToMont, FromMont, SetBytes,
// FillBytes, Less, IsZero, Equal and the constants of NewModulus against
// math/big, on random operands and on the extremes 0, 1, m-1.
func TestAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, h := range moduli {
		md, m := modulus(t, h)
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*md.N))
		rInv := new(big.Int).ModInverse(R, m)
		if md.M != elemOf(m) || bigOf(&md.One, md.N).Cmp(new(big.Int).Mod(R, m)) != 0 ||
			bigOf(&md.RR, md.N).Cmp(new(big.Int).Mod(new(big.Int).Mul(R, R), m)) != 0 ||
			md.M0Inv*md.M[0] != ^uint64(0) {
			t.Fatalf("%s: constants", h)
		}
		rnd := func(i int) *big.Int {
			switch i {
			case 0:
				return big.NewInt(0)
			case 1:
				return big.NewInt(1)
			case 2:
				return new(big.Int).Sub(m, big.NewInt(1))
			}
			b := make([]byte, md.Bytes+8)
			for j := range b {
				b[j] = byte(r.Uint32())
			}
			return new(big.Int).Mod(new(big.Int).SetBytes(b), m)
		}
		for i := range 400 {
			xb, yb := rnd(i%50), rnd((i/3)%50+3)
			x, y := elemOf(xb), elemOf(yb)
			var z Elem
			check := func(op string, want *big.Int) {
				t.Helper()
				if bigOf(&z, MaxLimbs).Cmp(want) != 0 {
					t.Fatalf("%s %s(%x, %x) = %x, want %x", h, op, xb, yb, bigOf(&z, MaxLimbs), want)
				}
			}
			md.Mul(&z, &x, &y)
			check("Mul", new(big.Int).Mod(new(big.Int).Mul(new(big.Int).Mul(xb, yb), rInv), m))
			md.Sqr(&z, &x)
			check("Sqr", new(big.Int).Mod(new(big.Int).Mul(new(big.Int).Mul(xb, xb), rInv), m))
			md.Add(&z, &x, &y)
			check("Add", new(big.Int).Mod(new(big.Int).Add(xb, yb), m))
			md.Sub(&z, &x, &y)
			check("Sub", new(big.Int).Mod(new(big.Int).Sub(xb, yb), m))
			md.ToMont(&z, &x)
			check("ToMont", new(big.Int).Mod(new(big.Int).Mul(xb, R), m))
			md.FromMont(&z, &x)
			check("FromMont", new(big.Int).Mod(new(big.Int).Mul(xb, rInv), m))
			z = x
			md.Mul(&z, &z, &z) // aliasing
			check("Mul aliased", new(big.Int).Mod(new(big.Int).Mul(new(big.Int).Mul(xb, xb), rInv), m))
			// Add and Sub with z aliasing either operand (reduceOnce and
			// Sub use z as their scratch).
			z = x
			md.Add(&z, &z, &y)
			check("Add aliasing x", new(big.Int).Mod(new(big.Int).Add(xb, yb), m))
			z = y
			md.Add(&z, &x, &z)
			check("Add aliasing y", new(big.Int).Mod(new(big.Int).Add(xb, yb), m))
			z = x
			md.Sub(&z, &z, &y)
			check("Sub aliasing x", new(big.Int).Mod(new(big.Int).Sub(xb, yb), m))
			z = y
			md.Sub(&z, &x, &z)
			check("Sub aliasing y", new(big.Int).Mod(new(big.Int).Sub(xb, yb), m))
			z = x
			md.Sub(&z, &z, &z)
			check("Sub x-x", new(big.Int))

			be := make([]byte, md.Bytes)
			md.FillBytes(be, &x)
			if new(big.Int).SetBytes(be).Cmp(xb) != 0 {
				t.Fatalf("%s: FillBytes", h)
			}
			if md.SetBytes(&z, be) != 1 || z != x {
				t.Fatalf("%s: SetBytes", h)
			}
			if md.IsZero(&x) != b2u(xb.Sign() == 0) || md.Equal(&x, &y) != b2u(xb.Cmp(yb) == 0) ||
				md.Less(&x, &y) != b2u(xb.Cmp(yb) < 0) || md.Equal(&x, &x) != 1 {
				t.Fatalf("%s: IsZero/Equal/Less", h)
			}
		}
		// SetBytes of m and of all ones: not below m.
		be := make([]byte, md.Bytes)
		m.FillBytes(be)
		var z Elem
		if md.SetBytes(&z, be) != 0 {
			t.Fatalf("%s: SetBytes(m) reports below m", h)
		}
		for i := range be {
			be[i] = 0xff
		}
		if md.SetBytes(&z, be) != 0 {
			t.Fatalf("%s: SetBytes(2^k-1) reports below m", h)
		}
	}
}

// TestNewModulusRejects: an even modulus, a zero top limb and bad lengths
// panic (NewModulus runs at package initialisation on constants only).
func TestNewModulusRejects(t *testing.T) {
	for _, be := range [][]byte{nil, make([]byte, 7), make([]byte, 56), {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 9}, {1, 2, 3, 4, 5, 6, 7, 8}} {
		func() {
			defer func() { recover() }()
			NewModulus(be)
			t.Errorf("NewModulus(%x) did not panic", be)
		}()
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
