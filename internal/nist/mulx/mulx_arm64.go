//go:build !purego

package mulx

import (
	"math/bits"

	"github.com/cryptolab-go/cryptolab/internal/nist/unrolled"
)

// Supported reports whether this processor runs the package's functions:
// always on arm64, whose base instruction set has MUL and UMULH.
func Supported() bool { return true }

// P256JDouble sets r = 2p for Jacobian points (X, Y, Z, each 4 limbs in
// Montgomery form), the same point as internal/nist/ec's jDouble, with the
// steps gen.go writes out for amd64 (Z3 = 2·Y·Z; 4M + 4S); r may alias p.
// On arm64 the steps are Go over the assembly multiplications of
// mulx_arm64.s and internal/nist/unrolled's additions.
func P256JDouble(r, p *[12]uint64) {
	X, Y, Z := (*[4]uint64)(p[0:4]), (*[4]uint64)(p[4:8]), (*[4]uint64)(p[8:12])
	rX, rY, rZ := (*[4]uint64)(r[0:4]), (*[4]uint64)(r[4:8]), (*[4]uint64)(r[8:12])
	add, sub := unrolled.P256Add, unrolled.P256Sub
	var d, g, b, a, t [4]uint64
	P256Sqr(&d, Z) // δ = Z²
	sub(&t, X, &d)
	add(&a, X, &d)
	P256Mul(&a, &t, &a)
	add(&t, &a, &a)
	add(&a, &a, &t)     // α = 3(X-δ)(X+δ)
	add(&g, Y, Y)       // 2Y
	P256Mul(rZ, &g, Z)  // Z3 = 2·Y·Z
	P256Sqr(&g, &g)     // 4γ = (2Y)²
	P256Mul(&b, X, &g)  // 4β = X·4γ
	P256Sqr(&t, &a)     // α²
	add(&d, &b, &b)     // 8β
	sub(rX, &t, &d)     // X3 = α² - 8β
	sub(&t, &b, rX)     // 4β - X3
	P256Mul(&t, &a, &t) // α(4β - X3)
	P256Sqr(&d, &g)     // 16γ²
	p256Half(&d, &d)    // 8γ²
	sub(rY, &t, &d)     // Y3 = α(4β - X3) - 8γ²
}

// p256Half sets z = x/2 mod p: x + p when x is odd (257 bits), shifted
// right by one. Constant time.
func p256Half(z, x *[4]uint64) {
	m := -(x[0] & 1)
	t0, c := bits.Add64(x[0], m, 0)
	t1, c := bits.Add64(x[1], m>>32, c)
	t2, c := bits.Add64(x[2], 0, c)
	t3, c := bits.Add64(x[3], m&0xffffffff00000001, c)
	z[0] = t0>>1 | t1<<63
	z[1] = t1>>1 | t2<<63
	z[2] = t2>>1 | t3<<63
	z[3] = t3>>1 | c<<63
}

// P256PointAddAffine sets r = p + (x2, y2) for a projective p and an
// affine point, with internal/nist/ec's complete mixed addition
// (Renes–Costello–Batina 2015, Algorithm 5, a = -3: 11M + 2m_b) and the
// curve coefficient b (Montgomery form); r may alias p. The numbered steps
// are those of gen.go's amd64 function: p is read only up to step 20 and
// r written from step 31 on.
func P256PointAddAffine(r, p *[12]uint64, x2, y2, b *[4]uint64) {
	X1, Y1, Z1 := (*[4]uint64)(p[0:4]), (*[4]uint64)(p[4:8]), (*[4]uint64)(p[8:12])
	rX, rY, rZ := (*[4]uint64)(r[0:4]), (*[4]uint64)(r[4:8]), (*[4]uint64)(r[8:12])
	mul, add, sub := P256Mul, unrolled.P256Add, unrolled.P256Sub
	var t0, t1, t2, t3, t4, X3, Y3, Z3 [4]uint64
	mul(&t0, X1, x2)   // 1. t0 = X1·X2
	mul(&t1, Y1, y2)   // 2. t1 = Y1·Y2
	add(&t3, x2, y2)   // 3. t3 = X2+Y2
	add(&t4, X1, Y1)   // 4. t4 = X1+Y1
	mul(&t3, &t3, &t4) // 5. t3 = t3·t4
	add(&t4, &t0, &t1) // 6. t4 = t0+t1
	sub(&t3, &t3, &t4) // 7. t3 = t3-t4
	mul(&t4, y2, Z1)   // 8. t4 = Y2·Z1
	add(&t4, &t4, Y1)  // 9. t4 = t4+Y1
	mul(&Y3, x2, Z1)   // 10. Y3 = X2·Z1
	add(&Y3, &Y3, X1)  // 11. Y3 = Y3+X1
	mul(&Z3, b, Z1)    // 12. Z3 = b·Z1
	sub(&X3, &Y3, &Z3) // 13. X3 = Y3-Z3
	add(&Z3, &X3, &X3) // 14. Z3 = X3+X3
	add(&X3, &X3, &Z3) // 15. X3 = X3+Z3
	sub(&Z3, &t1, &X3) // 16. Z3 = t1-X3
	add(&X3, &t1, &X3) // 17. X3 = t1+X3
	mul(&Y3, b, &Y3)   // 18. Y3 = b·Y3
	add(&t1, Z1, Z1)   // 19. t1 = Z1+Z1
	add(&t2, &t1, Z1)  // 20. t2 = t1+Z1
	sub(&Y3, &Y3, &t2) // 21. Y3 = Y3-t2
	sub(&Y3, &Y3, &t0) // 22. Y3 = Y3-t0
	add(&t1, &Y3, &Y3) // 23. t1 = Y3+Y3
	add(&Y3, &t1, &Y3) // 24. Y3 = t1+Y3
	add(&t1, &t0, &t0) // 25. t1 = t0+t0
	add(&t0, &t1, &t0) // 26. t0 = t1+t0
	sub(&t0, &t0, &t2) // 27. t0 = t0-t2
	mul(&t1, &t4, &Y3) // 28. t1 = t4·Y3
	mul(&t2, &t0, &Y3) // 29. t2 = t0·Y3
	mul(&Y3, &X3, &Z3) // 30. Y3 = X3·Z3
	add(rY, &Y3, &t2)  // 31. Y3 = Y3+t2
	mul(&X3, &t3, &X3) // 32. X3 = t3·X3
	sub(rX, &X3, &t1)  // 33. X3 = X3-t1
	mul(&Z3, &t4, &Z3) // 34. Z3 = t4·Z3
	mul(&t1, &t3, &t0) // 35. t1 = t3·t0
	add(rZ, &Z3, &t1)  // 36. Z3 = Z3+t1
}

// isZero4 reports whether x is zero (public data: the variable-time
// additions only).
func isZero4(x *[4]uint64) bool { return x[0]|x[1]|x[2]|x[3] == 0 }

// P256JAddAffine sets r = p + (x2, y2) for a Jacobian p and an affine
// point with the mixed addition of gen.go's jAddAffine (8M + 3S), the
// same steps. Not complete: for p at infinity or p = ±(x2, y2) r is
// wrong, and the caller must exclude or discard those cases. Constant
// time; r may alias p. On arm64, Go over the assembly multiplications.
func P256JAddAffine(r, p *[12]uint64, x2, y2 *[4]uint64) {
	X1, Y1, Z1 := (*[4]uint64)(p[0:4]), (*[4]uint64)(p[4:8]), (*[4]uint64)(p[8:12])
	rX, rY, rZ := (*[4]uint64)(r[0:4]), (*[4]uint64)(r[4:8]), (*[4]uint64)(r[8:12])
	sub := unrolled.P256Sub
	var a, b, h, rr, t [4]uint64
	P256Sqr(&a, Z1)       // Z1Z1 = Z1²
	P256Mul(&h, x2, &a)   // U2 = X2·Z1Z1
	P256Mul(&rr, y2, Z1)  //
	P256Mul(&rr, &rr, &a) // S2 = Y2·Z1·Z1Z1
	sub(&h, &h, X1)       // H = U2 - X1
	sub(&rr, &rr, Y1)     // R = S2 - Y1
	P256Mul(rZ, Z1, &h)   // Z3 = Z1·H
	P256Sqr(&a, &h)       // H²
	P256Mul(&b, &h, &a)   // H³
	P256Mul(&a, X1, &a)   // V = X1·H²
	P256Mul(&t, Y1, &b)   // Y1·H³
	P256Sqr(rX, &rr)
	sub(rX, rX, &b)
	sub(rX, rX, &a)
	sub(rX, rX, &a)      // X3 = R² - H³ - 2V
	sub(rY, &a, rX)      // V - X3
	P256Mul(rY, &rr, rY) // R·(V - X3)
	sub(rY, rY, &t)      // Y3
}

// P256JAddAffineBooth is one window of Native P-256's fixed-base k·G:
// with y = -y2 where neg is all ones (y2 where it is zero), it sets r to
// r + (x2, y) by P256JAddAffine's formula, to (x2, y, 1) instead where inf
// is all ones (r is the point at infinity), and leaves r unchanged where
// zero is all ones (a zero digit). The masks are all ones or zero.
// Constant time. On arm64, Go over the assembly multiplications.
func P256JAddAffineBooth(r *[12]uint64, x2, y2 *[4]uint64, neg, inf, zero uint64) {
	var y [4]uint64
	unrolled.P256Sub(&y, &y, y2)
	for i := range y {
		y[i] = y2[i] ^ (neg & (y[i] ^ y2[i]))
	}
	var t [12]uint64
	P256JAddAffine(&t, r, x2, &y)
	one := [4]uint64{0x0000000000000001, 0xffffffff00000000, 0xffffffffffffffff, 0x00000000fffffffe} // 1·R mod p
	for i := range 4 {
		t[i] ^= inf & (t[i] ^ x2[i])
		t[4+i] ^= inf & (t[4+i] ^ y[i])
		t[8+i] ^= inf & (t[8+i] ^ one[i])
	}
	for i := range r {
		r[i] = t[i] ^ (zero & (t[i] ^ r[i]))
	}
}

// P256JAddAffineVarTime sets r = p + (x2, y2) for a Jacobian p that is
// not the point at infinity and an affine point, with P256JAddAffine's
// formula (Z3 = Z1·H; internal/nist/ec's jAddAffineVarTime computes the
// same sum with λ = 2), and returns true; when p = ±(x2, y2) (H = 0) it
// returns false and leaves r alone. r may alias p. Variable time (public
// points). On arm64, Go over the assembly multiplications.
func P256JAddAffineVarTime(r, p *[12]uint64, x2, y2 *[4]uint64) bool {
	X1, Z1 := (*[4]uint64)(p[0:4]), (*[4]uint64)(p[8:12])
	var a, h [4]uint64
	P256Sqr(&a, Z1)              // Z1Z1 = Z1²
	P256Mul(&h, x2, &a)          // U2 = X2·Z1Z1
	unrolled.P256Sub(&h, &h, X1) // H = U2 - X1, computed again by P256JAddAffine
	if isZero4(&h) {
		return false
	}
	P256JAddAffine(r, p, x2, y2)
	return true
}

// P256JAddVarTime sets r = p + q for Jacobian points not at infinity with
// internal/nist/ec's jAddVarTime formula and returns true; when p = ±q
// (H = 0) it returns false and leaves r alone. r may alias p or q.
// Variable time (public points). On arm64, Go over the assembly
// multiplications.
func P256JAddVarTime(r, p, q *[12]uint64) bool {
	X1, Y1, Z1 := (*[4]uint64)(p[0:4]), (*[4]uint64)(p[4:8]), (*[4]uint64)(p[8:12])
	X2, Y2, Z2 := (*[4]uint64)(q[0:4]), (*[4]uint64)(q[4:8]), (*[4]uint64)(q[8:12])
	rX, rY, rZ := (*[4]uint64)(r[0:4]), (*[4]uint64)(r[4:8]), (*[4]uint64)(r[8:12])
	add, sub := unrolled.P256Add, unrolled.P256Sub
	var a, b, u1, s1, h, rr [4]uint64
	P256Sqr(&a, Z1)       // Z1Z1
	P256Sqr(&b, Z2)       // Z2Z2
	P256Mul(&u1, X1, &b)  // U1 = X1·Z2Z2
	P256Mul(&h, X2, &a)   // U2 = X2·Z1Z1
	P256Mul(&s1, Y1, Z2)  //
	P256Mul(&s1, &s1, &b) // S1 = Y1·Z2·Z2Z2
	P256Mul(&rr, Y2, Z1)  //
	P256Mul(&rr, &rr, &a) // S2 = Y2·Z1·Z1Z1
	sub(&h, &h, &u1)      // H = U2-U1
	sub(&rr, &rr, &s1)    // S2-S1
	if isZero4(&h) {
		return false
	}
	add(rZ, Z1, Z2)
	P256Sqr(rZ, rZ)
	sub(rZ, rZ, &a)
	sub(rZ, rZ, &b)
	P256Mul(rZ, rZ, &h)  // Z3 = ((Z1+Z2)² - Z1Z1 - Z2Z2)·H
	add(&a, &h, &h)      //
	P256Sqr(&a, &a)      // I = (2H)²
	P256Mul(&b, &h, &a)  // J = H·I
	P256Mul(&a, &u1, &a) // V = U1·I
	add(&rr, &rr, &rr)   // r = 2(S2-S1)
	P256Sqr(rX, &rr)
	sub(rX, rX, &b)
	sub(rX, rX, &a)
	sub(rX, rX, &a) // X3 = r² - J - 2V
	sub(rY, &a, rX)
	P256Mul(rY, &rr, rY) // r(V-X3)
	P256Mul(&b, &s1, &b) //
	add(&b, &b, &b)      //
	sub(rY, rY, &b)      // Y3 = r(V-X3) - 2·S1·J
	return true
}
