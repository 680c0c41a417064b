// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

// NTT returns wHat = NTT(w) (FIPS 204, Algorithm 41). Inputs |w[i]| < q;
// outputs |wHat[i]| < 9q: each of the 8 Cooley-Tukey layers adds less than q
// (a Montgomery product) and nothing is reduced.
func NTT(w *RingElement) (wHat NTTElement) {
	wHat = NTTElement(*w)
	NTTInPlace(&wHat, w)
	return
}

// NTTInPlace sets wHat = NTT(w); wHat and w may be the same memory (as
// (*RingElement)(wHat)). Same bounds as [NTT].
func NTTInPlace(wHat *NTTElement, w *RingElement) {
	a := (*[n]int32)(wHat)
	if (*[n]int32)(w) != a {
		*a = *w
	}
	k := 0
	for L := 128; L >= 1; L >>= 1 {
		for s := 0; s < n; s += 2 * L {
			k++
			z := zetas[k]
			lo := a[s : s+L]
			hi := a[s+L : s+2*L][:len(lo)]
			for j := range lo {
				t := fqmul(z, hi[j])
				hi[j] = lo[j] - t
				lo[j] = lo[j] + t
			}
		}
	}
}

// InvNTTInPlace sets w = NTT^-1(wHat)·R (FIPS 204, Algorithm 42, with the
// Montgomery factor R = 2^32 folded into the final scaling): its inputs are
// sums of pointwise products, which carry R^-1. wHat and w may be the same
// memory. Inputs |wHat[i]| < q; outputs |w[i]| < q. The Gentleman-Sande sums
// at most double per layer, so after 8 layers they stay below 256q < 2^31;
// the differences go through a Montgomery product (< q).
func InvNTTInPlace(w *RingElement, wHat *NTTElement) {
	a := (*[n]int32)(w)
	if (*[n]int32)(wHat) != a {
		*a = *wHat
	}
	for L := 1; L < n; L <<= 1 {
		// Forward layer L used ζ^BitRev8(k) for block b at k = 128/L + b.
		k := 128 / L
		for s := 0; s < n; s += 2 * L {
			z := izetas[k]
			k++
			lo := a[s : s+L]
			hi := a[s+L : s+2*L][:len(lo)]
			for j := range lo {
				t := lo[j]
				lo[j] = t + hi[j]
				hi[j] = fqmul(z, t-hi[j])
			}
		}
	}
	for j := range a {
		a[j] = fqmul(a[j], invNTTScale)
	}
}

// MultiplyNTT sets hHat = fHat ∘ gHat · R^-1 (FIPS 204, Algorithm 45, with the
// Montgomery factor). Inputs |fHat[i]·gHat[i]| < q·2^31 (for example both
// below 9q); outputs |hHat[i]| < q. hHat may alias fHat or gHat.
func MultiplyNTT(hHat, fHat, gHat *NTTElement) {
	for i := range hHat {
		hHat[i] = fqmul(fHat[i], gHat[i])
	}
}

// MultiplyAccNTT adds fHat ∘ gHat · R^-1 to hHat: each call adds less than q to
// |hHat[i]|. Same input bounds as [MultiplyNTT].
func MultiplyAccNTT(hHat, fHat, gHat *NTTElement) {
	for i := range hHat {
		hHat[i] += fqmul(fHat[i], gHat[i])
	}
}

// InnerProductNTT sets hHat = Σ_j aHat_j ∘ bHat_j · R^-1, a row of the
// matrix-vector products of Algorithms 6-8 (Algorithms 46-48 summed). The
// products are summed in 64 bits and reduced once per coefficient: with
// |aHat| < q and |bHat| < 9q, up to 7 terms stay below q·2^31. Output |hHat[i]| < q.
func InnerProductNTT(hHat *NTTElement, aHat, bHat []NTTElement) {
	bHat = bHat[:len(aHat)]
	switch len(aHat) {
	case 4:
		a0, a1, a2, a3 := &aHat[0], &aHat[1], &aHat[2], &aHat[3]
		b0, b1, b2, b3 := &bHat[0], &bHat[1], &bHat[2], &bHat[3]
		for i := range hHat {
			hHat[i] = montReduce(int64(a0[i])*int64(b0[i]) + int64(a1[i])*int64(b1[i]) +
				int64(a2[i])*int64(b2[i]) + int64(a3[i])*int64(b3[i]))
		}
	case 5:
		a0, a1, a2, a3, a4 := &aHat[0], &aHat[1], &aHat[2], &aHat[3], &aHat[4]
		b0, b1, b2, b3, b4 := &bHat[0], &bHat[1], &bHat[2], &bHat[3], &bHat[4]
		for i := range hHat {
			hHat[i] = montReduce(int64(a0[i])*int64(b0[i]) + int64(a1[i])*int64(b1[i]) +
				int64(a2[i])*int64(b2[i]) + int64(a3[i])*int64(b3[i]) + int64(a4[i])*int64(b4[i]))
		}
	default:
		var acc [n]int64
		for j := range aHat {
			a, b := &aHat[j], &bHat[j]
			for i := range acc {
				acc[i] += int64(a[i]) * int64(b[i])
			}
		}
		for i := range hHat {
			hHat[i] = montReduce(acc[i])
		}
	}
}

// reducePoly applies reduce32 to every coefficient.
func reducePoly(a *[n]int32) {
	for i := range a {
		a[i] = reduce32(a[i])
	}
}
