// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

// NTT computes f̂ = NTT(f) in place (FIPS 203, Algorithm 9) and returns
// f's memory as the element of T_q it now holds. Input
// coefficients must satisfy |f[i]| < q; the output is Barrett-reduced,
// |f̂[i]| ≤ q/2. Each of the 7 layers grows the bound by at most q, so the
// int16 values stay below 8q < 2^15 without intermediate reduction.
//
// The layers are done two at a time (len = 128 and 64, 32 and 16, 8 and 4):
// four coefficients are loaded, go through the two Cooley-Tukey butterflies
// of both layers in registers, and are stored once, which halves the
// loads and stores of Algorithm 9's layer-by-layer loop (about 20% faster
// here). The last layer (len = 2) is fused with the final reduction.
func NTT(f *Poly) *NTTPoly {
	for L := 128; L >= 8; L >>= 2 {
		// Layer L uses ζ^BitRev7(k) for its block b at k = 128/L + b; the
		// next layer's two sub-blocks use k = 256/L + 2b and + 2b + 1.
		kL, h := 128/L, L/2
		for b := 0; b < n/(2*L); b++ {
			s := b * 2 * L
			z1 := zetas[kL+b]
			z2a, z2b := zetas[2*kL+2*b], zetas[2*kL+2*b+1]
			x0s := f[s : s+h]
			x1s := f[s+h : s+L][:len(x0s)]
			x2s := f[s+L : s+L+h][:len(x0s)]
			x3s := f[s+L+h : s+2*L][:len(x0s)]
			for j := range x0s {
				x0, x1, x2, x3 := x0s[j], x1s[j], x2s[j], x3s[j]
				t := fqmul(z1, x2)
				x0, x2 = x0+t, x0-t
				t = fqmul(z1, x3)
				x1, x3 = x1+t, x1-t
				t = fqmul(z2a, x1)
				x0s[j], x1s[j] = x0+t, x0-t
				t = fqmul(z2b, x3)
				x2s[j], x3s[j] = x2+t, x2-t
			}
		}
	}
	for b := range 64 {
		z := zetas[64+b]
		p := (*[4]int16)(f[4*b : 4*b+4])
		t0 := fqmul(z, p[2])
		t1 := fqmul(z, p[3])
		p[0], p[2] = barrettReduce(p[0]+t0), barrettReduce(p[0]-t0)
		p[1], p[3] = barrettReduce(p[1]+t1), barrettReduce(p[1]-t1)
	}
	return (*NTTPoly)(f)
}

// NTTInverse computes f = NTT^-1(f̂)·R in place (FIPS 203, Algorithm 10),
// that is, it also multiplies by the Montgomery factor R = 2^16: its inputs
// come from products that leave a factor R^-1. Input |f̂[i]| < q; output
// |f[i]| < q.
//
// Lazy reduction: a layer's sums at most double the bound and its
// differences go through fqmul (< q), so starting below q the sums reach 8q
// after three layers, the most an int16 difference can take (16q would
// overflow). The sums are therefore Barrett-reduced only in layers 3 and 6
// (len = 8 and 64): 256 reductions instead of the 768 of reducing every
// layer. As in NTT, the layers go two at a time (len = 2 and 4, 8 and 16,
// 32 and 64), then the last one fused with the scaling.
func NTTInverse(fHat *NTTPoly) *Poly {
	f := (*Poly)(fHat)
	for L := 2; L <= 32; L <<= 2 {
		// Algorithm 10 counts ζ indices down from 127: block m of layer L
		// uses k = 256/L − 1 − m.
		baseL, base2L := 256/L-1, 128/L-1
		reduceFirst, reduceSecond := L == 8, 2*L == 64
		for b := 0; b < n/(4*L); b++ {
			s := b * 4 * L
			za, zb := zetas[baseL-2*b], zetas[baseL-2*b-1]
			zc := zetas[base2L-b]
			x0s := f[s : s+L]
			x1s := f[s+L : s+2*L][:len(x0s)]
			x2s := f[s+2*L : s+3*L][:len(x0s)]
			x3s := f[s+3*L : s+4*L][:len(x0s)]
			for j := range x0s {
				x0, x1, x2, x3 := x0s[j], x1s[j], x2s[j], x3s[j]
				x0, x1 = x0+x1, fqmul(za, x1-x0)
				x2, x3 = x2+x3, fqmul(zb, x3-x2)
				if reduceFirst {
					x0, x2 = barrettReduce(x0), barrettReduce(x2)
				}
				x0, x2 = x0+x2, fqmul(zc, x2-x0)
				x1, x3 = x1+x3, fqmul(zc, x3-x1)
				if reduceSecond {
					x0, x1 = barrettReduce(x0), barrettReduce(x1)
				}
				x0s[j], x1s[j], x2s[j], x3s[j] = x0, x1, x2, x3
			}
		}
	}
	// The last layer (len = 128, ζ^BitRev7(1)) with the final scaling by
	// 128^-1 (and R) folded in: a[j] = (t + b[j])·F, b[j] = (b[j] − t)·ζ·F.
	// Its inputs are below 2q after the reduction in layer 6.
	a, b := f[:128], f[128:]
	for j := range a {
		t := a[j]
		a[j] = fqmul(t+b[j], nttInvScale)
		b[j] = fqmul(b[j]-t, nttInvLastZeta)
	}
	return f
}

// nttInvLastZeta is ζ^BitRev7(1)·F·R^-1 in Montgomery form (so that fqmul by
// it multiplies by ζ^BitRev7(1)·F), the factor of the last layer of
// NTTInverse.
var nttInvLastZeta = fqmul(zetas[1], nttInvScale)

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
func MultiplyNTTsAcc(hHat, fHat, gHat *NTTPoly) {
	for i := range 128 {
		c0, c1 := baseCaseMultiply(fHat[2*i], fHat[2*i+1], gHat[2*i], gHat[2*i+1], gammas[i])
		hHat[2*i] += c0
		hHat[2*i+1] += c1
	}
}

// polyAdd sets f = f + g (no reduction).
func polyAdd(f, g *NTTPoly) {
	for i := range f {
		f[i] += g[i]
	}
}

// polyReduce Barrett-reduces every coefficient to [-q/2, q/2].
func polyReduce(f *NTTPoly) {
	for i := range f {
		f[i] = barrettReduce(f[i])
	}
}

// polyToMont multiplies by R (undoing the R^-1 of MultiplyNTTsAcc when no
// NTTInverse follows); output |f[i]| < q.
func polyToMont(f *NTTPoly) {
	for i := range f {
		f[i] = fqmul(f[i], r2ModQ)
	}
}

// polyγ holds ĝ[2i+1]·γ_i for the 128 pairs of a polynomial ĝ (FIPS 203,
// Algorithm 12, the a1·b1·γ term), computed once per polynomial and reused
// for every row it multiplies: 256 bytes.
type polyγ [128]int16

// precomputeγ fills gγ from ĝ (|ĝ[i]| < 2^15); outputs |·| < q.
func precomputeγ(gγ *polyγ, gHat *NTTPoly) {
	for i := range gγ {
		gγ[i] = fqmul(gHat[2*i+1], gammas[i])
	}
}

// InnerProductNTT sets ĥ = (Σ_j f̂_j ∘ ĝ_j)·R^-1, the row products of
// Algorithms 13-15 (MultiplyNTTs, FIPS 203, Algorithm 11, summed), with
// f̂_j = fHat[j*stride] so that a row of Â or of Âᵀ can be read in place.
// The sums are kept in 32 bits and reduced once per coefficient instead of
// once per product: with |f̂| < q, |ĝ| ≤ q/2 and |ĝγ| < q every term is
// below 2^24 and k ≤ 4 sums stay below q·2^15. Output |ĥ[i]| < q.
// Memory: the 32-bit accumulators, 1,024 bytes of stack (Fast only; one
// polynomial after another streams through them, about 20% faster than
// summing per coefficient across the k polynomials).
func InnerProductNTT(hHat *NTTPoly, fHat []NTTPoly, stride int, gHat []NTTPoly, gγ []polyγ) {
	var c [n]int32
	gγ = gγ[:len(gHat)]
	for j := range gHat {
		f, g, gg := &fHat[j*stride], &gHat[j], &gγ[j]
		for i := range 128 {
			a0, a1 := int32(f[2*i]), int32(f[2*i+1])
			b0, b1 := int32(g[2*i]), int32(g[2*i+1])
			c[2*i] += a0*b0 + a1*int32(gg[i])
			c[2*i+1] += a0*b1 + a1*b0
		}
	}
	for i := range c {
		hHat[i] = montgomeryReduce(c[i])
	}
}
