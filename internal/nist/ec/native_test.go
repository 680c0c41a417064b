//go:build (amd64 || arm64) && !purego

package ec

import (
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/nist/mulx"
)

// TestJDoubleAssembly checks the P-256 Native Jacobian doubling, written
// out in assembly, against the same formula in Go (jDoubleGo) on random
// coordinates below p, coordinates at 0, 1 and p-1, and in place.
func TestJDoubleAssembly(t *testing.T) {
	if !mulx.Supported() {
		t.Skip("mulx does not run on this processor")
	}
	var f p256Native
	rng := rand.New(rand.NewPCG(9, 10))
	prime := p256NativeElement(p256.P.M[:4])
	pm1 := prime
	pm1[0]--
	special := []p256NativeElement{{}, {1}, pm1, p256NativeOne}
	elem := func(i int) p256NativeElement {
		if i%5 == 0 {
			return special[rng.IntN(len(special))]
		}
		var e p256NativeElement
		for {
			for j := range e {
				e[j] = rng.Uint64()
			}
			if less(e[:], prime[:]) == 1 {
				return e
			}
		}
	}
	for i := range 2000 {
		p := p256NativeJacobian{X: elem(i), Y: elem(i + 1), Z: elem(i + 2)}
		var got, want p256NativeJacobian
		f.jDouble(&got, &p)
		f.jDoubleGo(&want, &p)
		if got != want {
			t.Fatalf("jDouble(%x) = %x, Go %x", p, got, want)
		}
		f.jDouble(&p, &p)
		if p != want {
			t.Fatalf("jDouble in place = %x, want %x", p, want)
		}
	}
}

// TestPointAddAffineAssembly checks the P-256 Native mixed addition,
// written out in assembly, against the same formula in Go on random
// coordinates below p (any values: the formula is checked as arithmetic),
// edge values, and in place.
func TestPointAddAffineAssembly(t *testing.T) {
	if !mulx.Supported() {
		t.Skip("mulx does not run on this processor")
	}
	var f p256Native
	rng := rand.New(rand.NewPCG(11, 12))
	prime := p256NativeElement(p256.P.M[:4])
	pm1 := prime
	pm1[0]--
	special := []p256NativeElement{{}, {1}, pm1, p256NativeOne}
	elem := func(i int) p256NativeElement {
		if i%5 == 0 {
			return special[rng.IntN(len(special))]
		}
		var e p256NativeElement
		for {
			for j := range e {
				e[j] = rng.Uint64()
			}
			if less(e[:], prime[:]) == 1 {
				return e
			}
		}
	}
	for i := range 2000 {
		p := p256NativePoint{X: elem(i), Y: elem(i + 1), Z: elem(i + 2)}
		x2, y2 := elem(i+3), elem(i+4)
		var got, want p256NativePoint
		f.pointAddAffine(&got, &p, &x2, &y2)
		f.pointAddAffineGo(&want, &p, &x2, &y2)
		if got != want {
			t.Fatalf("pointAddAffine(%x, %x, %x) = %x, Go %x", p, x2, y2, got, want)
		}
		f.pointAddAffine(&p, &p, &x2, &y2)
		if p != want {
			t.Fatalf("pointAddAffine in place = %x, want %x", p, want)
		}
	}
}
