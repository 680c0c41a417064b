package ec

import "github.com/cryptolab-go/cryptolab/internal/nist/mont"

// Invert sets z = x^-1 = x^(p-2) mod p (Montgomery form; 0 maps to 0) with a
// fixed addition chain for each prime: 255 squarings and 13 multiplications
// for P-256, 385 and 14 for P-384, against 64·N + 14 multiplications for the
// generic 4-bit window of Exp. Constant time: the chain depends on p only.
func (f *Field) Invert(z, x *mont.Elem) {
	if f.C.N == 4 {
		f.invertP256(z, x)
	} else {
		f.invertP384(z, x)
	}
}

// sqrMul sets z = x^(2^n) · y.
func (f *Field) sqrMul(z, x *mont.Elem, n int, y *mont.Elem) {
	t := *x
	for range n {
		f.Sqr(&t, &t)
	}
	f.Mul(z, &t, y)
}

// invertP256: p-2 = ffffffff 00000001 00000000 00000000 00000000 ffffffff
// ffffffff fffffffd (32-bit words). xK denotes x^(2^K - 1), K ones.
func (f *Field) invertP256(z, a *mont.Elem) {
	var x2, x4, x8, x16, x24, x28, x30, x32, t mont.Elem
	f.sqrMul(&x2, a, 1, a)
	f.sqrMul(&x4, &x2, 2, &x2)
	f.sqrMul(&x8, &x4, 4, &x4)
	f.sqrMul(&x16, &x8, 8, &x8)
	f.sqrMul(&x24, &x16, 8, &x8)
	f.sqrMul(&x28, &x24, 4, &x4)
	f.sqrMul(&x30, &x28, 2, &x2)
	f.sqrMul(&x32, &x30, 2, &x2)
	f.sqrMul(&t, &x32, 32, a)   // ffffffff 00000001
	f.sqrMul(&t, &t, 128, &x32) // 00000000 ×3, ffffffff
	f.sqrMul(&t, &t, 32, &x32)  // ffffffff
	f.sqrMul(&t, &t, 30, &x30)  // fffffffd = 30 ones,
	f.sqrMul(z, &t, 2, a)       // then 01
}

// invertP384: p-2 = 255 ones, 0, 32 ones, 64 zeros, 30 ones, 0, 1.
func (f *Field) invertP384(z, a *mont.Elem) {
	var x2, x3, x6, x12, x15, x30, x32, x60, x120, x240, x255, t mont.Elem
	f.sqrMul(&x2, a, 1, a)
	f.sqrMul(&x3, &x2, 1, a)
	f.sqrMul(&x6, &x3, 3, &x3)
	f.sqrMul(&x12, &x6, 6, &x6)
	f.sqrMul(&x15, &x12, 3, &x3)
	f.sqrMul(&x30, &x15, 15, &x15)
	f.sqrMul(&x32, &x30, 2, &x2)
	f.sqrMul(&x60, &x30, 30, &x30)
	f.sqrMul(&x120, &x60, 60, &x60)
	f.sqrMul(&x240, &x120, 120, &x120)
	f.sqrMul(&x255, &x240, 15, &x15)
	f.Sqr(&t, &x255)           // 0
	f.sqrMul(&t, &t, 32, &x32) // 32 ones
	f.sqrMul(&t, &t, 94, &x30) // 64 zeros, 30 ones
	f.sqrMul(z, &t, 2, a)      // 01
}
