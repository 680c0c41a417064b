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
// (*RingElement)(wHat)). Same bounds as [NTT]. Layers len = 128 down to 8
// run as Algorithm 41's loops; the last three (len = 4, 2, 1) work on one
// block of 8 coefficients at a time in registers, where the loops would be
// all overhead (about 30% faster overall).
func NTTInPlace(wHat *NTTElement, w *RingElement) {
	a := (*[n]int32)(wHat)
	if (*[n]int32)(w) != a {
		*a = *w
	}
	// Layers len = L and L/2 together (L = 128, 32): each block of 2L
	// coefficients is loaded a quarter at a time, goes through both
	// layers' butterflies in registers and is stored once.
	for L := 128; L >= 32; L >>= 2 {
		h, blocks, k1 := L/2, n/(2*L), 128/L // once per layer pair: no division per block
		for b := 0; b < blocks; b++ {
			s := 2 * L * b
			z1, z1q := zetas[k1+b], zetasQ[k1+b]
			z2a, z2b := zetas[2*k1+2*b], zetas[2*k1+2*b+1]
			z2aq, z2bq := zetasQ[2*k1+2*b], zetasQ[2*k1+2*b+1]
			x0s := a[s : s+h]
			x1s := a[s+h : s+L][:len(x0s)]
			x2s := a[s+L : s+L+h][:len(x0s)]
			x3s := a[s+L+h : s+2*L][:len(x0s)]
			for j := range x0s {
				x0, x1, x2, x3 := x0s[j], x1s[j], x2s[j], x3s[j]
				t2, t3 := mulZ(x2, z1, z1q), mulZ(x3, z1, z1q)
				x0, x2 = x0+t2, x0-t2
				x1, x3 = x1+t3, x1-t3
				t1, t3 := mulZ(x1, z2a, z2aq), mulZ(x3, z2b, z2bq)
				x0s[j], x1s[j] = x0+t1, x0-t1
				x2s[j], x3s[j] = x2+t3, x2-t3
			}
		}
	}
	for b := range 16 { // len = 8: ζ index 16 + b
		z, zq := zetas[16+b], zetasQ[16+b]
		lo := (*[8]int32)(a[16*b : 16*b+8])
		hi := (*[8]int32)(a[16*b+8 : 16*b+16])
		for j := range lo {
			t := mulZ(hi[j], z, zq)
			hi[j] = lo[j] - t
			lo[j] = lo[j] + t
		}
	}
	for b := range 32 {
		x := (*[8]int32)(a[8*b : 8*b+8])
		// len = 4: ζ index 32 + b.
		z, zq := zetas[32+b], zetasQ[32+b]
		t4, t5, t6, t7 := mulZ(x[4], z, zq), mulZ(x[5], z, zq), mulZ(x[6], z, zq), mulZ(x[7], z, zq)
		x0, x1, x2, x3 := x[0]+t4, x[1]+t5, x[2]+t6, x[3]+t7
		x4, x5, x6, x7 := x[0]-t4, x[1]-t5, x[2]-t6, x[3]-t7
		// len = 2: 64 + 2b, 64 + 2b + 1.
		z0, z1 := zetas[64+2*b], zetas[64+2*b+1]
		z0q, z1q := zetasQ[64+2*b], zetasQ[64+2*b+1]
		t2, t3 := mulZ(x2, z0, z0q), mulZ(x3, z0, z0q)
		x0, x1, x2, x3 = x0+t2, x1+t3, x0-t2, x1-t3
		t6, t7 = mulZ(x6, z1, z1q), mulZ(x7, z1, z1q)
		x4, x5, x6, x7 = x4+t6, x5+t7, x4-t6, x5-t7
		// len = 1: 128 + 4b … 128 + 4b + 3.
		zz := (*[4]int32)(zetas[128+4*b : 132+4*b])
		zzq := (*[4]int32)(zetasQ[128+4*b : 132+4*b])
		t1 := mulZ(x1, zz[0], zzq[0])
		t3 = mulZ(x3, zz[1], zzq[1])
		t5 = mulZ(x5, zz[2], zzq[2])
		t7 = mulZ(x7, zz[3], zzq[3])
		x[0], x[1] = x0+t1, x0-t1
		x[2], x[3] = x2+t3, x2-t3
		x[4], x[5] = x4+t5, x4-t5
		x[6], x[7] = x6+t7, x6-t7
	}
}

// InvNTTInPlace sets w = NTT^-1(wHat)·R (FIPS 204, Algorithm 42, with the
// Montgomery factor R = 2^32 folded into the final scaling): its inputs are
// sums of pointwise products, which carry R^-1. wHat and w may be the same
// memory. Inputs |wHat[i]| < q; outputs |w[i]| < q. The Gentleman-Sande
// sums at most double per layer, so after 8 layers they stay below
// 256q < 2^31; the differences go through a Montgomery product (< q). As
// in NTTInPlace, the first three layers (len = 1, 2, 4) run on blocks of 8
// coefficients in registers, the next four two at a time, and the scaling
// by 256^-1 is folded into the last layer.
func InvNTTInPlace(w *RingElement, wHat *NTTElement) {
	a := (*[n]int32)(w)
	if (*[n]int32)(wHat) != a {
		*a = *wHat
	}
	invNTTLayers(a)
	lastInvLayer(a)
}

// invNTTLayers runs the first seven layers of the inverse NTT on a.
func invNTTLayers(a *[n]int32) {
	for b := range 32 {
		x := (*[8]int32)(a[8*b : 8*b+8])
		// len = 1: the forward layer used ζ^BitRev8(128 + 4b + m).
		zz := (*[4]int32)(izetas[128+4*b : 132+4*b])
		zzq := (*[4]int32)(izetasQ[128+4*b : 132+4*b])
		x0, x1 := x[0]+x[1], mulZ(x[0]-x[1], zz[0], zzq[0])
		x2, x3 := x[2]+x[3], mulZ(x[2]-x[3], zz[1], zzq[1])
		x4, x5 := x[4]+x[5], mulZ(x[4]-x[5], zz[2], zzq[2])
		x6, x7 := x[6]+x[7], mulZ(x[6]-x[7], zz[3], zzq[3])
		// len = 2: 64 + 2b, 64 + 2b + 1.
		z0, z1 := izetas[64+2*b], izetas[64+2*b+1]
		z0q, z1q := izetasQ[64+2*b], izetasQ[64+2*b+1]
		x0, x2 = x0+x2, mulZ(x0-x2, z0, z0q)
		x1, x3 = x1+x3, mulZ(x1-x3, z0, z0q)
		x4, x6 = x4+x6, mulZ(x4-x6, z1, z1q)
		x5, x7 = x5+x7, mulZ(x5-x7, z1, z1q)
		// len = 4: 32 + b.
		z, zq := izetas[32+b], izetasQ[32+b]
		x[0], x[4] = x0+x4, mulZ(x0-x4, z, zq)
		x[1], x[5] = x1+x5, mulZ(x1-x5, z, zq)
		x[2], x[6] = x2+x6, mulZ(x2-x6, z, zq)
		x[3], x[7] = x3+x7, mulZ(x3-x7, z, zq)
	}
	// Layers len = L and 2L together (L = 8, 32): forward layer L used
	// ζ^BitRev8(128/L + b) for its block b.
	for L := 8; L <= 32; L <<= 2 {
		blocks, ka := n/(4*L), 128/L // once per layer pair
		for b := 0; b < blocks; b++ {
			s := 4 * L * b
			za, zb := izetas[ka+2*b], izetas[ka+2*b+1]
			zaq, zbq := izetasQ[ka+2*b], izetasQ[ka+2*b+1]
			zc, zcq := izetas[ka/2+b], izetasQ[ka/2+b]
			x0s := a[s : s+L]
			x1s := a[s+L : s+2*L][:len(x0s)]
			x2s := a[s+2*L : s+3*L][:len(x0s)]
			x3s := a[s+3*L : s+4*L][:len(x0s)]
			for j := range x0s {
				x0, x1, x2, x3 := x0s[j], x1s[j], x2s[j], x3s[j]
				x0, x1 = x0+x1, mulZ(x0-x1, za, zaq)
				x2, x3 = x2+x3, mulZ(x2-x3, zb, zbq)
				x0s[j], x2s[j] = x0+x2, mulZ(x0-x2, zc, zcq)
				x1s[j], x3s[j] = x1+x3, mulZ(x1-x3, zc, zcq)
			}
		}
	}
}

// lastInvLayer is the last layer with the scaling by 256^-1·R.
func lastInvLayer(a *[n]int32) {
	lo := a[:n/2]
	hi := a[n/2:][:len(lo)]
	for j := range lo {
		t := lo[j]
		lo[j] = mulZ(t+hi[j], invNTTScale, invNTTScaleQ)
		hi[j] = mulZ(t-hi[j], invLastZeta, invLastZetaQ)
	}
}

// InvNTTUnscaledInPlace is InvNTTInPlace without the final scaling: it
// sets w = NTT^-1(wHat)·256, with |w[i]| < q. The Fast strategy stores
// the operands it multiplies before this transform (Â, ŝ2, t̂0, t̂1·2^d)
// already multiplied by R/256 (ScaleNTT), so that the 128 multiplications
// of the last layer's even half disappear: about 11% of each of the 3k
// inverse transforms of a signing iteration that use them.
func InvNTTUnscaledInPlace(w *RingElement, wHat *NTTElement) {
	a := (*[n]int32)(w)
	if (*[n]int32)(wHat) != a {
		*a = *wHat
	}
	invNTTLayers(a)
	lo := a[:n/2]
	hi := a[n/2:][:len(lo)]
	z, zq := izetas[1], izetasQ[1]
	for j := range lo {
		t := lo[j]
		lo[j] = reduce32(t + hi[j])
		hi[j] = mulZ(t-hi[j], z, zq)
	}
}

// ScaleNTT multiplies every coefficient by R/256 (a Montgomery product
// with R^2/256), the form InvNTTUnscaledInPlace's operands are kept in.
// Output |·| < q.
func ScaleNTT(aHat *NTTElement) {
	for i := range aHat {
		aHat[i] = mulZ(aHat[i], invNTTScale, invNTTScaleQ)
	}
}

// invLastZeta is ζ^−BitRev8(1)·R·(R/256) mod q, so that fqmul by it
// multiplies by ζ^−BitRev8(1) and does the final scaling of InvNTTInPlace.
var invLastZeta = fqmul(izetas[1], invNTTScale)

// invLastZetaQ and invNTTScaleQ are invLastZeta and invNTTScale times
// q^-1 mod 2^32, their companions for mulZ.
var invLastZetaQ, invNTTScaleQ = invLastZeta * qInv, wrapMul(invNTTScale, qInv)

// wrapMul returns a·b mod 2^32 as an int32.
func wrapMul(a, b int32) int32 { return a * b }

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

// InnerProduct2NTT sets hHat = (aHat ∘ bHat + cHat ∘ dHat) · R^-1, the
// two products summed exactly in 64 bits and reduced once per coefficient
// (|a·b + c·d| < q·2^31, for example |a|, |c| < q and |b|, |d| < 9q).
// Output |hHat[i]| < q.
func InnerProduct2NTT(hHat, aHat, bHat, cHat, dHat *NTTElement) {
	for i := range hHat {
		hHat[i] = montReduce(int64(aHat[i])*int64(bHat[i]) + int64(cHat[i])*int64(dHat[i]))
	}
}

// verifyRow is the row of verification (FIPS 204, Algorithm 8, line 9):
// tmp = montReduce(Σ_j row_j·ẑ_j − ĉ·t̂1) per coefficient, the sums
// exact in 64 bits.
func verifyRow(tmp *NTTElement, row, zHat []NTTElement, t1, cHat *NTTElement) {
	for c := range tmp {
		s := -int64(cHat[c]) * int64(t1[c])
		for j := range row {
			s += int64(row[j][c]) * int64(zHat[j][c])
		}
		tmp[c] = montReduce(s)
	}
}
