// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

// Arithmetic in Z_q, q = 8380417 = 2^23 − 2^13 + 1 (FIPS 204, Section 2.3
// and 7.5), on int32 coefficients. Products use Montgomery reduction with
// R = 2^32; sums are lazy and bounded by each function's stated range. No
// division, no data-dependent branch: every function here is constant
// time.

const (
	n = 256     // coefficients per polynomial
	q = 8380417 // the ML-DSA modulus
	d = 13      // dropped bits of t (FIPS 204, Table 1)

	// qInv is q^-1 mod 2^32: q·58728449 ≡ 1 (mod 2^32).
	qInv = 58728449

	// mont is R mod q = 2^32 mod q, the Montgomery form of 1.
	mont = 4193792

	// invNTTScale is R^2/256 mod q: InvNTT multiplies by it through
	// montReduce, which divides by 256 (FIPS 204, Algorithm 42,
	// 256^-1 = 8347681) and multiplies by R, cancelling the R^-1 that
	// pointwise products leave.
	invNTTScale = 41978
)

// RingElement is a polynomial of R_q in the normal domain and NTTElement
// one of T_q, its NTT image (FIPS 204, Section 2.3 and 7.5): 256 int32
// coefficients, 1,024 bytes each. The representation is lazy: a coefficient
// is any int32 congruent to the value mod q within the bound each function
// states. The two types keep the domains apart: only NTT and InvNTT convert.
type (
	RingElement [n]int32
	NTTElement  [n]int32
)

// montReduce returns r ≡ a·2^-32 (mod q) with |r| < q, for |a| < q·2^31.
func montReduce(a int64) int32 {
	t := int32(a) * qInv
	return int32((a - int64(t)*q) >> 32)
}

// fqmul returns a·b·2^-32 mod q, |r| < q, for |a·b| < q·2^31.
func fqmul(a, b int32) int32 { return montReduce(int64(a) * int64(b)) }

// mulZ returns fqmul(a, z) for a constant z given with zq = z·q^-1 mod
// 2^32 (precomputed): the Montgomery quotient int32(a)·zq no longer waits
// for the product a·z, which shortens each butterfly's dependency chain
// (Seiler's twiddle trick). The result is fqmul's, bit for bit: int32
// products wrap mod 2^32, so int32(a·z)·q^-1 = int32(a)·zq. Same bounds.
func mulZ(a, z, zq int32) int32 {
	t := a * zq
	return int32((int64(a)*int64(z) - int64(t)*q) >> 32)
}

// reduce32 returns r ≡ a (mod q) with |r| ≤ 6,283,008 < q, for
// a ≤ 2^31 − 2^22 − 1: t = round(a / 2^23) and r = a − t·q, a
// multiplication instead of a division.
func reduce32(a int32) int32 {
	t := (a + (1 << 22)) >> 23
	return a - t*q
}

// freeze returns the representative of a in [0, q), for a in the range of
// reduce32.
func freeze(a int32) int32 {
	r := reduce32(a)
	return r + (r>>31)&q
}

// canon returns the representative of a in [0, q) for |a| < q (the range
// of InvNTTInPlace's outputs): one conditional addition, no reduction.
func canon(a int32) int32 { return a + (a>>31)&q }

// centred maps a in [0, q) to a mod± q in (−(q−1)/2, (q−1)/2].
func centred(a int32) int32 {
	return a - ((((q-1)/2 - a) >> 31) & q)
}

// zetas[k] = ζ^BitRev8(k)·R mod q, with ζ = 1753 the 512th root of unity
// of FIPS 204 (Section 7.5, Appendix B), and izetas[k] = ζ^−BitRev8(k)·R
// mod q: the twiddle factors of Algorithms 41 and 42 in Montgomery form,
// so that fqmul by them is a plain modular multiplication. 2 × 1,024 bytes,
// computed at start-up from public constants.
var zetas, izetas = func() (z, iz [n]int32) {
	pow := func(b, e uint64) uint64 {
		r := uint64(1)
		for ; e > 0; e >>= 1 {
			if e&1 == 1 {
				r = r * b % q
			}
			b = b * b % q
		}
		return r
	}
	const ζ, ζInv = 1753, 731434 // 1753·731434 ≡ 1 (mod q)
	for k := range n {
		br := uint64(bitRev8(uint8(k)))
		z[k] = int32(pow(ζ, br) * mont % q)
		iz[k] = int32(pow(ζInv, br) * mont % q)
	}
	return
}()

// bitRev8 reverses the 8 bits of i (FIPS 204, Section 2.3).
func bitRev8(i uint8) uint8 {
	var r uint8
	for b := range 8 {
		r |= ((i >> b) & 1) << (7 - b)
	}
	return r
}

// zetasQ and izetasQ are zetas and izetas times q^-1 mod 2^32, the
// companions mulZ takes (2 × 1,024 bytes more).
var zetasQ, izetasQ = func() (zq, izq [n]int32) {
	for k := range n {
		zq[k], izq[k] = zetas[k]*qInv, izetas[k]*qInv
	}
	return
}()
