//go:build (amd64 || arm64) && !purego

package ec

import (
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/nist/mulx"
)

// TestJDoubleAssembly checks the P-256 Native Jacobian doubling, written
// out in assembly (with Z3 = 2·Y·Z), against the formula in Go
// (jDoubleGo, Z3 = (Y+Z)² - γ - δ), value for value, on random
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

// TestJAddAssembly checks the P-256 Native variable-time additions,
// written out in assembly (Go over the assembly multiplications on
// arm64), against the same formulas in Go (jAddVarTimeGo,
// jAddAffineVarTimeGo) on random coordinates below p, edge values, in
// place (r = p, and r = q for jAddVarTime), and the exceptional inputs
// the assembly hands back: a point at infinity, p = q and p = -q.
func TestJAddAssembly(t *testing.T) {
	if !mulx.Supported() {
		t.Skip("mulx does not run on this processor")
	}
	var f p256Native
	rng := rand.New(rand.NewPCG(13, 14))
	prime := p256NativeElement(p256.P.M[:4])
	pm1 := prime
	pm1[0]--
	special := []p256NativeElement{{}, {1}, pm1, p256NativeOne}
	elem := func(i int) p256NativeElement {
		if i%7 == 0 {
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
	// A point on the curve and its double, in Jacobian coordinates with
	// Z ≠ 1, for the exceptional cases.
	g := p256NativeJacobian{X: p256NativeElement(p256.Gx[:4]), Y: p256NativeElement(p256.Gy[:4]), Z: p256NativeOne}
	var g2 p256NativeJacobian
	f.jDoubleGo(&g2, &g)
	var negG2 p256NativeJacobian
	negG2 = g2
	f.neg(&negG2.Y, &negG2.Y)
	var g2x, g2y p256NativeElement
	var g2p p256NativePoint
	f.mul(&g2p.X, &g2.X, &g2.Z)
	g2p.Y = g2.Y
	f.sqr(&g2x, &g2.Z)
	f.mul(&g2p.Z, &g2x, &g2.Z)
	f.affine(&g2x, &g2y, &g2p)
	for i := range 2000 {
		p := p256NativeJacobian{X: elem(i), Y: elem(i + 1), Z: elem(i + 2)}
		q := p256NativeJacobian{X: elem(i + 3), Y: elem(i + 4), Z: elem(i + 5)}
		x2, y2 := elem(i+6), elem(i+7)
		switch i % 50 {
		case 1:
			p.Z = p256NativeElement{}
		case 2:
			q.Z = p256NativeElement{}
		case 3:
			p, q = g2, g2
			x2, y2 = g2x, g2y
		case 4:
			p, q = g2, negG2
			x2, y2 = g2x, g2y
			f.neg(&y2, &y2)
		}
		var got, want p256NativeJacobian
		f.jAddVarTime(&got, &p, &q)
		f.jAddVarTimeGo(&want, &p, &q)
		if got != want {
			t.Fatalf("jAddVarTime(%x, %x) = %x, Go %x", p, q, got, want)
		}
		pp, qq := p, q
		f.jAddVarTime(&pp, &pp, &q)
		f.jAddVarTime(&qq, &p, &qq)
		if pp != want || qq != want {
			t.Fatalf("jAddVarTime in place = %x, %x, want %x", pp, qq, want)
		}
		f.jAddAffineVarTime(&got, &p, &x2, &y2)
		f.jAddAffineVarTimeGo(&want, &p, &x2, &y2)
		if got != want {
			t.Fatalf("jAddAffineVarTime(%x, %x, %x) = %x, Go %x", p, x2, y2, got, want)
		}
		f.jAddAffineVarTime(&p, &p, &x2, &y2)
		if p != want {
			t.Fatalf("jAddAffineVarTime in place = %x, want %x", p, want)
		}
	}
}
