package ec

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
)

// TestArithmeticEdgeLimbs checks Mul, Sqr, Add and Sub of both arithmetics
// (and the N* scalar ones) against math/big on operands built limb by limb
// from values that stress carry and borrow chains: 0, 1, all ones, 2^32-1,
// 2^32, 2^63, 2^64-2^32, ±1 around each modulus limb. Uniformly random
// operands almost never produce these, and carry bugs of special-prime
// reductions show up only on them.
func TestArithmeticEdgeLimbs(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	iters := 20000
	if testing.Short() {
		iters = 2000
	}
	for _, tc := range curves() {
		for _, md := range []*mont.Modulus{tc.c.P, tc.c.Order} {
			mb := make([]byte, md.Bytes)
			md.FillBytes(mb, &md.M)
			m := new(big.Int).SetBytes(mb)
			rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), uint(64*md.N)), m)
			special := []uint64{0, 1, 2, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<63 - 1, 1 << 63,
				0xffffffff00000000, 0xffffffff00000001, 1<<64 - 2, 1<<64 - 1}
			for i := 0; i < md.N; i++ {
				special = append(special, md.M[i], md.M[i]-1, md.M[i]+1)
			}
			elem := func() (mont.Elem, *big.Int) {
				var e mont.Elem
				for i := 0; i < md.N; i++ {
					if r.IntN(8) == 0 {
						e[i] = r.Uint64()
					} else {
						e[i] = special[r.IntN(len(special))]
					}
				}
				b := make([]byte, md.Bytes)
				md.FillBytes(b, &e)
				v := new(big.Int).SetBytes(b)
				if v.Cmp(m) >= 0 {
					v.Mod(v, m)
					v.FillBytes(b)
					md.SetBytes(&e, b)
				}
				return e, v
			}
			for range iters {
				x, xb := elem()
				y, yb := elem()
				for _, f := range []Field{tc.c.Small, tc.c.Fast} {
					mul, sqr, add, sub := f.Mul, f.Sqr, f.Add, f.Sub
					if md == tc.c.Order {
						mul, sqr, add, sub = f.NMul, f.NSqr, f.NAdd, f.NSub
					}
					var z mont.Elem
					check := func(op string, want *big.Int) {
						t.Helper()
						md.FillBytes(mb, &z)
						if got := new(big.Int).SetBytes(mb); got.Cmp(want) != 0 {
							t.Fatalf("%s %s %s(%x, %x): got %x want %x", tc.c.Name, f.Name, op, xb, yb, got, want)
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
