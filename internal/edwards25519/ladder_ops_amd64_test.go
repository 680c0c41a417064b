//go:build !purego

package edwards25519

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The assembly ladder's field operations one at a time (ladder_amd64.s,
// the same generated code as inside ladderMulx), for TestMulxFieldOps.
//
//go:noescape
func mulMulx(z, x, y *[4]uint64)

//go:noescape
func sqrMulx(z, x, y *[4]uint64)

//go:noescape
func addMulx(z, x, y *[4]uint64)

//go:noescape
func subMulx(z, x, y *[4]uint64)

//go:noescape
func mul121665Mulx(z, x, y *[4]uint64)

// TestMulxFieldOps checks each operation of the assembly ladder against
// math/big on inputs anywhere below 2^256 (the ladder keeps its values
// unreduced), edge values included: 0, 1, 19, 37, 38, p-1, p, p+1, 2p-1,
// 2p, 2^255, 2^256-38, 2^256-1, words of all ones and all zeros, and
// random ones. Each result must be below 2^256 (four words) and congruent
// to the exact result modulo p.
func TestMulxFieldOps(t *testing.T) {
	if !MulxSupported() {
		t.Skip("no BMI2 and ADX")
	}
	one := big.NewInt(1)
	p2 := new(big.Int).Lsh(bigP, 1)
	top := new(big.Int).Lsh(one, 256)
	var in []*big.Int
	for _, v := range []int64{0, 1, 2, 19, 37, 38, 39, 121665} {
		in = append(in, big.NewInt(v))
	}
	for _, v := range []*big.Int{
		new(big.Int).Sub(bigP, one), bigP, new(big.Int).Add(bigP, one),
		new(big.Int).Sub(p2, one), p2, new(big.Int).Add(p2, one),
		new(big.Int).Lsh(one, 255), new(big.Int).Sub(new(big.Int).Lsh(one, 255), one),
		new(big.Int).Sub(top, big.NewInt(38)), new(big.Int).Sub(top, big.NewInt(39)), new(big.Int).Sub(top, one),
		new(big.Int).Lsh(new(big.Int).SetUint64(^uint64(0)), 192),
		new(big.Int).SetUint64(^uint64(0)),
		new(big.Int).Sub(top, new(big.Int).Lsh(one, 64)),
	} {
		in = append(in, v)
	}
	r := rand.New(rand.NewPCG(38, 256))
	for range 60 {
		w := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
		if r.IntN(3) == 0 {
			w[r.IntN(4)] = ^uint64(0)
			w[r.IntN(4)] = ^uint64(0)
		}
		in = append(in, wordsBig(w))
	}
	ops := []struct {
		name string
		f    func(z, x, y *[4]uint64)
		ref  func(x, y *big.Int) *big.Int
	}{
		{"mul", mulMulx, func(x, y *big.Int) *big.Int { return new(big.Int).Mul(x, y) }},
		{"sqr", sqrMulx, func(x, _ *big.Int) *big.Int { return new(big.Int).Mul(x, x) }},
		{"add", addMulx, func(x, y *big.Int) *big.Int { return new(big.Int).Add(x, y) }},
		{"sub", subMulx, func(x, y *big.Int) *big.Int { return new(big.Int).Sub(x, y) }},
		{"mul121665", mul121665Mulx, func(x, _ *big.Int) *big.Int { return new(big.Int).Mul(x, big.NewInt(121665)) }},
	}
	for _, op := range ops {
		for _, x := range in {
			for _, y := range in {
				xw, yw := bigWords(x), bigWords(y)
				var z [4]uint64
				op.f(&z, &xw, &yw)
				got := wordsBig(z)
				want := op.ref(x, y)
				want.Mod(want, bigP)
				if new(big.Int).Mod(got, bigP).Cmp(want) != 0 {
					t.Fatalf("%s(%x, %x) = %x, want ≡ %x", op.name, x, y, got, want)
				}
			}
		}
	}
}
