//go:build (amd64 || arm64) && !purego

package ec

import (
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
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
		// The assembly's mixed addition takes Z3 = Z1·H, the Go formula
		// 2·Z1·H: the same point with λ = 2, (4X, 8Y, 2Z); the exceptional
		// cases, which the Go formula handles for both, are equal.
		f.jAddAffineVarTime(&got, &p, &x2, &y2)
		f.jAddAffineVarTimeGo(&want, &p, &x2, &y2)
		if got != want && scale2(f, got) != want {
			t.Fatalf("jAddAffineVarTime(%x, %x, %x) = %x, Go %x", p, x2, y2, got, want)
		}
		f.jAddAffineVarTime(&p, &p, &x2, &y2)
		if p != got {
			t.Fatalf("jAddAffineVarTime in place = %x, want %x", p, got)
		}
	}
}

// scale2 returns (4X, 8Y, 2Z): p with λ = 2.
func scale2(f p256Native, p p256NativeJacobian) p256NativeJacobian {
	for range 2 {
		f.add(&p.X, &p.X, &p.X)
		f.add(&p.Y, &p.Y, &p.Y)
	}
	f.add(&p.Y, &p.Y, &p.Y)
	f.add(&p.Z, &p.Z, &p.Z)
	return p
}

// TestJAddAffineAssembly checks mulx.P256JAddAffine, the constant-time
// mixed addition of Native P-256's fixed-base k·G (Z3 = Z1·H), against
// jAddAffineVarTimeGo (Z3 = 2·Z1·H): the same sum with λ = 2, so its
// coordinates are 4X, 8Y and 2Z of the assembly's, value for value, on
// random coordinates below p (any values: the formulas are checked as
// arithmetic; p not at infinity, H ≠ 0, which the Go formula treats
// apart), edge values, and in place.
func TestJAddAffineAssembly(t *testing.T) {
	if !mulx.Supported() {
		t.Skip("mulx does not run on this processor")
	}
	var f p256Native
	rng := rand.New(rand.NewPCG(17, 18))
	prime := p256NativeElement(p256.P.M[:4])
	pm1 := prime
	pm1[0]--
	special := []p256NativeElement{{1}, pm1, p256NativeOne}
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
	checked := 0
	for i := range 2000 {
		p := p256NativeJacobian{X: elem(i), Y: elem(i + 1), Z: elem(i + 2)}
		x2, y2 := elem(i+3), elem(i+4)
		var zz, u2 p256NativeElement
		f.sqr(&zz, &p.Z)
		f.mul(&u2, &x2, &zz)
		if equal(u2[:], p.X[:]) == 1 || isZero(p.Z[:]) == 1 {
			continue // H = 0 or p at infinity: outside the formula
		}
		var got, want p256NativeJacobian
		mulx.P256JAddAffine((*[12]uint64)(unsafe.Pointer(&got)), (*[12]uint64)(unsafe.Pointer(&p)), (*[4]uint64)(&x2), (*[4]uint64)(&y2))
		f.jAddAffineVarTimeGo(&want, &p, &x2, &y2)
		if scaled := scale2(f, got); scaled != want {
			t.Fatalf("P256JAddAffine(%x, %x, %x) = %x (scaled %x), Go %x", p, x2, y2, got, scaled, want)
		}
		mulx.P256JAddAffine((*[12]uint64)(unsafe.Pointer(&p)), (*[12]uint64)(unsafe.Pointer(&p)), (*[4]uint64)(&x2), (*[4]uint64)(&y2))
		if p != got {
			t.Fatalf("P256JAddAffine in place = %x, want %x", p, got)
		}
		checked++
	}
	if checked < 1500 {
		t.Fatalf("only %d additions checked", checked)
	}
	// P256JAddAffineBooth: the negation, the sum and the two selections
	// against P256JAddAffine and the selections in Go, for every
	// combination of the masks.
	for i := range 800 {
		acc := p256NativeJacobian{X: elem(i), Y: elem(i + 1), Z: elem(i + 2)}
		x2, y2 := elem(i+3), elem(i+4)
		if i%11 == 0 {
			y2 = p256NativeElement{}
		}
		neg, inf, zero := -uint64(i&1), -uint64(i>>1&1), -uint64(i>>2&1)
		y := y2
		if neg != 0 {
			f.neg(&y, &y2)
		}
		var want p256NativeJacobian
		mulx.P256JAddAffine((*[12]uint64)(unsafe.Pointer(&want)), (*[12]uint64)(unsafe.Pointer(&acc)), (*[4]uint64)(&x2), (*[4]uint64)(&y))
		if inf != 0 {
			want = p256NativeJacobian{X: x2, Y: y, Z: p256NativeOne}
		}
		if zero != 0 {
			want = acc
		}
		got := acc
		mulx.P256JAddAffineBooth((*[12]uint64)(unsafe.Pointer(&got)), (*[4]uint64)(&x2), (*[4]uint64)(&y2), neg, inf, zero)
		if got != want {
			t.Fatalf("P256JAddAffineBooth(%x, %x, %x, %x, %x, %x) = %x, want %x", acc, x2, y2, neg, inf, zero, got, want)
		}
	}
}

// TestScalarBaseMultHighEdges checks Native P-256's fixed-base k·G with
// the High table (Jacobian additions from the lowest window, whose
// exceptional cases scalarBaseMultHigh's comment excludes) against
// crypto/elliptic on scalars built to meet them if they could occur:
// single digits d·64^i (an empty sum before the digit), n - d·64^i and
// sums whose lower windows cancel the top one's, scalars at and above n
// (below 2^256, reduced mod n for the reference; n itself is the point
// at infinity), and random ones.
func TestScalarBaseMultHighEdges(t *testing.T) {
	if !mulx.Supported() {
		t.Skip("mulx does not run on this processor")
	}
	var f p256Native
	std := elliptic.P256()
	n := std.Params().N
	top := new(big.Int).Lsh(big.NewInt(1), 256)
	var ks []*big.Int
	for i := 0; i < 43; i++ {
		for _, d := range []int64{1, 2, 31, 32, 33, 63} {
			v := new(big.Int).Lsh(big.NewInt(d), uint(6*i))
			ks = append(ks, v, new(big.Int).Sub(n, v), new(big.Int).Add(n, v), new(big.Int).Sub(top, v))
		}
	}
	for _, d := range []int64{1, 2, 3, 1 << 20} {
		ks = append(ks, new(big.Int).Sub(top, big.NewInt(d)), new(big.Int).Sub(n, big.NewInt(d)),
			new(big.Int).Sub(new(big.Int).Sub(top, n), big.NewInt(d)), new(big.Int).Add(new(big.Int).Sub(top, n), big.NewInt(d)))
	}
	rng := rand.New(rand.NewPCG(19, 20))
	for range 200 {
		ks = append(ks, randBelow(rng, top))
	}
	tbl := p256.highTable()
	for _, k := range ks {
		if k.Sign() <= 0 || k.Cmp(top) >= 0 {
			continue
		}
		ke := fromBig(k)
		var R p256NativePoint
		f.scalarBaseMultHigh(&R, (*p256NativeScalar)(ke[:4]), tbl, highBits)
		km := new(big.Int).Mod(k, n)
		if km.Sign() == 0 {
			if isZero(R.Z[:]) != 1 {
				t.Fatalf("k = %x: not the point at infinity", k)
			}
			continue
		}
		var x, y p256NativeElement
		f.affine(&x, &y, &R)
		p, _, Rm := moduli(p256)
		xe, ye := mont.Elem{}, mont.Elem{}
		copy(xe[:], x[:])
		copy(ye[:], y[:])
		ex, ey := std.ScalarBaseMult(km.Bytes())
		if fromMont(&xe, p, Rm).Cmp(ex) != 0 || fromMont(&ye, p, Rm).Cmp(ey) != 0 {
			t.Fatalf("k = %x: wrong point", k)
		}
	}
}

// TestInvertDivsteps checks Native P-256's field inversion (mulx's
// divsteps) against the addition chain it replaced, on 0, 1, p-1 and
// random elements.
func TestInvertDivsteps(t *testing.T) {
	if !mulx.Supported() {
		t.Skip("mulx does not run on this processor")
	}
	var f p256Native
	rng := rand.New(rand.NewPCG(23, 24))
	prime := p256NativeElement(p256.P.M[:4])
	pm1 := prime
	pm1[0]--
	xs := []p256NativeElement{{}, {1}, pm1, p256NativeOne}
	for range 500 {
		var e p256NativeElement
		for {
			for j := range e {
				e[j] = rng.Uint64()
			}
			if less(e[:], prime[:]) == 1 {
				break
			}
		}
		xs = append(xs, e)
	}
	for _, x := range xs {
		var got, want p256NativeElement
		f.invert(&got, &x)
		f.invertChain(&want, &x)
		if got != want {
			t.Fatalf("invert(%x) = %x, chain %x", x, got, want)
		}
	}
}
