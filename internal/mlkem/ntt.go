// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

// NTT computes f̂ = NTT(f) in place (FIPS 203, Algorithm 9). Input
// coefficients must satisfy |f[i]| < q; the output is Barrett-reduced,
// |f̂[i]| ≤ q/2. Each of the 7 layers grows the bound by at most q, so the
// int16 values stay below 8q < 2^15 without intermediate reduction.
func NTT(f *Poly) {
	i := 1
	for len := 128; len >= 2; len >>= 1 {
		for start := 0; start < n; start += 2 * len {
			zeta := zetas[i]
			i++
			a, b := f[start:start+len], f[start+len:start+2*len]
			for j := range a {
				t := fqmul(zeta, b[j])
				b[j] = a[j] - t
				a[j] = a[j] + t
			}
		}
	}
	for j := range f {
		f[j] = barrettReduce(f[j])
	}
}

// NTTInverse computes f = NTT^-1(f̂)·R in place (FIPS 203, Algorithm 10),
// that is, it also multiplies by the Montgomery factor R = 2^16: its inputs
// come from MultiplyNTTsAcc, which leaves a factor R^-1. Any int16 input
// (it is Barrett-reduced first); output |f[i]| < q.
func NTTInverse(f *Poly) {
	// Reduce first so that the sums of the first layers stay in range.
	for j := range f {
		f[j] = barrettReduce(f[j])
	}
	i := 127
	for len := 2; len <= 128; len <<= 1 {
		for start := 0; start < n; start += 2 * len {
			zeta := zetas[i]
			i--
			a, b := f[start:start+len], f[start+len:start+2*len]
			for j := range a {
				t := a[j]
				a[j] = barrettReduce(t + b[j])
				b[j] = fqmul(zeta, b[j]-t)
			}
		}
	}
	for j := range f {
		f[j] = fqmul(f[j], nttInvScale)
	}
}

// baseCaseMultiply returns (c0, c1)·R^-1 with c0 + c1·X = (a0 + a1·X)(b0 +
// b1·X) mod (X^2 − γ) (FIPS 203, Algorithm 12), γ given as γ·R. Inputs
// |a| < 2^15, |b| < q (or the other way round); outputs |c| < 2q.
func baseCaseMultiply(a0, a1, b0, b1, γ int16) (c0, c1 int16) {
	c0 = fqmul(fqmul(a1, b1), γ) + fqmul(a0, b0)
	c1 = fqmul(a0, b1) + fqmul(a1, b0)
	return
}

// MultiplyNTTsAcc adds f̂ × ĝ · R^-1 to ĥ (FIPS 203, Algorithm 11, with the
// sum of the matrix-vector products of Algorithms 13-15 folded in). Each
// call adds less than 2q in absolute value to every coefficient; callers
// accumulate at most four products (|ĥ[i]| < 8q < 2^15) and reduce.
// Inputs: |f̂[i]| < 2^15 and |ĝ[i]| < q.
func MultiplyNTTsAcc(hHat, fHat, gHat *Poly) {
	for i := range 128 {
		c0, c1 := baseCaseMultiply(fHat[2*i], fHat[2*i+1], gHat[2*i], gHat[2*i+1], gammas[i])
		hHat[2*i] += c0
		hHat[2*i+1] += c1
	}
}

// polyAdd sets f = f + g (no reduction).
func polyAdd(f, g *Poly) {
	for i := range f {
		f[i] += g[i]
	}
}

// polyReduce Barrett-reduces every coefficient to [-q/2, q/2].
func polyReduce(f *Poly) {
	for i := range f {
		f[i] = barrettReduce(f[i])
	}
}

// polyToMont multiplies by R (undoing the R^-1 of MultiplyNTTsAcc when no
// NTTInverse follows); output |f[i]| < q.
func polyToMont(f *Poly) {
	for i := range f {
		f[i] = fqmul(f[i], r2ModQ)
	}
}
