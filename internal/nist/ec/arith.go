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

// Exp sets z = x^e mod p (Montgomery form) for a fixed public exponent e,
// with a sliding 4-bit window over the odd powers x, x³, .., x^15: about
// 64·N squarings and 13·N multiplications, a sequence of operations that
// depends on e only, never on x. Used for square roots (e = (p+1)/4) and,
// in tests, to check Invert.
func (f *Field) Exp(z, x, e *mont.Elem) { f.exp(z, x, e, false) }

// NExp sets z = x^e mod n (Montgomery form), as Exp; used for inversion
// modulo n (e = n-2, Fermat).
func (f *Field) NExp(z, x, e *mont.Elem) { f.exp(z, x, e, true) }

func (f *Field) exp(z, x, e *mont.Elem, order bool) {
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
	bit := func(i int) uint64 { return (e[i/64] >> (i % 64)) & 1 }
	// The odd powers x^(2i+1), i = 0..7, on the stack (384 B).
	var tbl [8]mont.Elem
	var x2 mont.Elem
	tbl[0] = *x
	sqr(&x2, x)
	for i := 1; i < 8; i++ {
		mul(&tbl[i], &tbl[i-1], &x2)
	}
	r := f.C.P.One
	if order {
		r = f.C.Order.One
	}
	started := false
	for i := 64*f.C.N - 1; i >= 0; {
		if bit(i) == 0 {
			if started {
				sqr(&r, &r)
			}
			i--
			continue
		}
		// The window e[i..j]: at most 4 bits, ending in a one.
		j := max(i-3, 0)
		for bit(j) == 0 {
			j++
		}
		var v uint64
		for k := i; k >= j; k-- {
			v = v<<1 | bit(k)
		}
		if started {
			for range i - j + 1 {
				sqr(&r, &r)
			}
			mul(&r, &r, &tbl[v/2])
		} else {
			r = tbl[v/2]
			started = true
		}
		i = j - 1
	}
	*z = r
}
