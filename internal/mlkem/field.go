// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

// Arithmetic in Z_q, q = 3329, on int16 coefficients (FIPS 203, Section 2.3
// and 4.3). Multiplication uses Montgomery reduction with R = 2^16 and the
// additions are lazy, with a Barrett reduction where the bound would
// otherwise overflow; there is no division and no data-dependent branch.
// Every function documents the range of its inputs and outputs.

const (
	n = 256  // coefficients per polynomial
	q = 3329 // the ML-KEM modulus

	// qInv is q^-1 mod 2^16 as a signed 16-bit value: q·62209 ≡ 1 (mod 2^16).
	qInv = -3327

	// rModQ is R mod q and r2ModQ is R^2 mod q, R = 2^16.
	rModQ  = 65536 % q
	r2ModQ = (65536 * 65536) % q

	// barrettV is round(2^26 / q), the multiplier of barrettReduce.
	barrettV = ((1 << 26) + q/2) / q

	// nttInvScale is R^2/128 mod q: NTTInverse multiplies by it through
	// montgomeryReduce, which both divides by 128 (FIPS 203, Algorithm 10,
	// line 14, with 128^-1 = 3303) and cancels the R^-1 left by
	// MultiplyNTTs.
	nttInvScale = 1441
)

// Poly is a polynomial of R_q, the normal domain (FIPS 203, Section 2.3):
// 256 coefficients as int16, 512 bytes. The representation is lazy: a
// coefficient is any int16 congruent to the value mod q, within the bound
// each function states.
type Poly [n]int16

// NTTPoly is an element of T_q, the NTT domain (FIPS 203, Section 4.3): the
// 128 degree-one residues of a polynomial, as 256 int16 coefficients, lazy
// as Poly. NTT and NTTInverse convert in place (returning the same memory
// under the other type); the functions of one domain do not accept the
// other.
type NTTPoly [n]int16

// montgomeryReduce returns r ≡ a·2^-16 (mod q) with |r| < q, for
// |a| < q·2^15.
func montgomeryReduce(a int32) int16 {
	t := int16(a) * qInv
	return int16((a - int32(t)*q) >> 16)
}

// fqmul returns r ≡ a·b·2^-16 (mod q) with |r| < q, for |a·b| < q·2^15
// (for example |a| < 2^15 and |b| < q).
func fqmul(a, b int16) int16 { return montgomeryReduce(int32(a) * int32(b)) }

// barrettReduce returns r ≡ a (mod q) with -q/2 ≤ r ≤ q/2, for any int16 a.
func barrettReduce(a int16) int16 {
	t := int16((int32(barrettV)*int32(a) + (1 << 25)) >> 26)
	return a - t*q
}

// canonical maps -q < a < q to the representative in [0, q), branch-free.
func canonical(a int16) uint16 {
	return uint16(a + (a>>15)&q)
}

// zetas[i] = ζ^BitRev7(i)·R mod q and gammas[i] = ζ^(2·BitRev7(i)+1)·R mod q,
// centred in (-q/2, q/2], with ζ = 17 the primitive 256-th root of unity of
// FIPS 203, Section 4.3. They are the twiddle factors of Algorithms 9 and 10
// and the γ of Algorithm 11, in Montgomery form so that fqmul by them is a
// plain modular multiplication. 256 + 256 bytes, computed once at start-up
// from public constants.
var zetas, gammas = func() (z, g [128]int16) {
	pow := func(e int) int {
		r := 1
		for range e {
			r = r * 17 % q
		}
		return r
	}
	centre := func(x int) int16 {
		x %= q
		if x > q/2 {
			x -= q
		}
		return int16(x)
	}
	for i := range 128 {
		br := bitRev7(uint8(i))
		z[i] = centre(pow(int(br)) * rModQ)
		g[i] = centre(pow(2*int(br)+1) * rModQ)
	}
	return
}()

// bitRev7 reverses the 7 low bits of i (FIPS 203, Section 2.3).
func bitRev7(i uint8) uint8 {
	var r uint8
	for b := 0; b < 7; b++ {
		r |= ((i >> b) & 1) << (6 - b)
	}
	return r
}
