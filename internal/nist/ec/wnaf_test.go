package ec

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestWNAF checks wnafVarTime's digits on random scalars of 4 and 6 limbs
// (and sparse ones: long zero runs, whole zero words, all ones) for
// every width the instantiations use: the digits sum to k (Σ d_i·2^i),
// each is zero or odd and below 2^(w-1) in magnitude, at least w-1
// zeros follow each non-zero digit, and the last digit is non-zero.
func TestWNAF(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for it := range 3000 {
		limbs := 4 + 2*(it%2)
		k := make([]uint64, limbs)
		for j := range k {
			switch rng.IntN(5) {
			case 0:
				k[j] = 0
			case 1:
				k[j] = ^uint64(0)
			case 2:
				k[j] = 1 << rng.IntN(64)
			default:
				k[j] = rng.Uint64()
			}
		}
		want := new(big.Int)
		for j := limbs - 1; j >= 0; j-- {
			want.Lsh(want, 64).Or(want, new(big.Int).SetUint64(k[j]))
		}
		for _, w := range []int{4, 5, 6, 7} {
			var out [6*64 + 2]int8
			n := wnafVarTime(out[:], k, w)
			got := new(big.Int)
			last := -w
			for i := n - 1; i >= 0; i-- {
				got.Lsh(got, 1).Add(got, big.NewInt(int64(out[i])))
			}
			for i := 0; i < n; i++ {
				d := int(out[i])
				if d == 0 {
					continue
				}
				if d%2 == 0 || d >= 1<<(w-1) || d <= -(1<<(w-1)) {
					t.Fatalf("k %x, w %d: digit %d at %d", k, w, d, i)
				}
				if i-last < w {
					t.Fatalf("k %x, w %d: non-zero digits at %d and %d", k, w, last, i)
				}
				last = i
			}
			if got.Cmp(want) != 0 || n > 0 && out[n-1] == 0 {
				t.Fatalf("k %x, w %d: digits sum to %x (%d digits)", k, w, got, n)
			}
		}
	}
}
