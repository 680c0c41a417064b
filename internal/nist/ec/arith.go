package ec

import (
	"github.com/cryptolab-go/cryptolab/internal/nist/mont"
	"github.com/cryptolab-go/cryptolab/internal/nist/unrolled"
)

// Mul sets z = x·y·R^-1 mod p.
func (f *Field) Mul(z, x, y *mont.Elem) {
	switch f.kind {
	case fastP256:
		unrolled.P256Mul(z, x, y)
	case fastP384:
		unrolled.P384Mul(z, x, y)
	default:
		f.C.P.Mul(z, x, y)
	}
}

// Sqr sets z = x²·R^-1 mod p (a dedicated squaring in Fast).
func (f *Field) Sqr(z, x *mont.Elem) {
	switch f.kind {
	case fastP256:
		unrolled.P256Sqr(z, x)
	case fastP384:
		unrolled.P384Sqr(z, x)
	default:
		f.C.P.Mul(z, x, x)
	}
}

// NSqr sets z = x²·R^-1 mod n.
func (f *Field) NSqr(z, x *mont.Elem) {
	switch f.kind {
	case fastP256:
		unrolled.N256Sqr(z, x)
	case fastP384:
		unrolled.N384Sqr(z, x)
	default:
		f.C.Order.Mul(z, x, x)
	}
}

// Add sets z = x + y mod p.
func (f *Field) Add(z, x, y *mont.Elem) {
	switch f.kind {
	case fastP256:
		unrolled.P256Add(z, x, y)
	case fastP384:
		unrolled.P384Add(z, x, y)
	default:
		f.C.P.Add(z, x, y)
	}
}

// Sub sets z = x - y mod p.
func (f *Field) Sub(z, x, y *mont.Elem) {
	switch f.kind {
	case fastP256:
		unrolled.P256Sub(z, x, y)
	case fastP384:
		unrolled.P384Sub(z, x, y)
	default:
		f.C.P.Sub(z, x, y)
	}
}

// NMul sets z = x·y·R^-1 mod n.
func (f *Field) NMul(z, x, y *mont.Elem) {
	switch f.kind {
	case fastP256:
		unrolled.N256Mul(z, x, y)
	case fastP384:
		unrolled.N384Mul(z, x, y)
	default:
		f.C.Order.Mul(z, x, y)
	}
}

// NAdd sets z = x + y mod n.
func (f *Field) NAdd(z, x, y *mont.Elem) {
	switch f.kind {
	case fastP256:
		unrolled.N256Add(z, x, y)
	case fastP384:
		unrolled.N384Add(z, x, y)
	default:
		f.C.Order.Add(z, x, y)
	}
}

// NSub sets z = x - y mod n.
func (f *Field) NSub(z, x, y *mont.Elem) {
	switch f.kind {
	case fastP256:
		unrolled.N256Sub(z, x, y)
	case fastP384:
		unrolled.N384Sub(z, x, y)
	default:
		f.C.Order.Sub(z, x, y)
	}
}

// Exp sets z = x^e mod p (Montgomery form) for a fixed public exponent e:
// 4-bit fixed windows, the same sequence of operations for every x
// (a zero digit multiplies by one). Used for inversion (e = p-2) and
// square roots (e = (p+1)/4).
func (f *Field) Exp(z, x, e *mont.Elem) { f.exp(z, x, e, false) }

// NExp sets z = x^e mod n (Montgomery form), as Exp; used for inversion
// modulo n (e = n-2).
func (f *Field) NExp(z, x, e *mont.Elem) { f.exp(z, x, e, true) }

func (f *Field) exp(z, x, e *mont.Elem, order bool) {
	one := &f.C.P.One
	if order {
		one = &f.C.Order.One
	}
	mul := func(z, x, y *mont.Elem) {
		if order {
			f.NMul(z, x, y)
		} else {
			f.Mul(z, x, y)
		}
	}
	sqr := func(z, x *mont.Elem) {
		if order {
			f.NSqr(z, x)
		} else {
			f.Sqr(z, x)
		}
	}
	// 16 powers x^0..x^15 on the stack (768 B): the 4-bit window's table.
	var tbl [16]mont.Elem
	tbl[0] = *one
	tbl[1] = *x
	for i := 2; i < 16; i++ {
		mul(&tbl[i], &tbl[i-1], x)
	}
	r := *one
	for i := 16*f.C.N - 1; i >= 0; i-- {
		for range 4 {
			sqr(&r, &r)
		}
		d := (e[i/16] >> (4 * (i % 16))) & 15
		mul(&r, &r, &tbl[d])
	}
	*z = r
}
