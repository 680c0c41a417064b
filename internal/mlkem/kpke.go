// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

// K-PKE (FIPS 203, Section 5), the Fast strategy: Â, t̂ and ŝ are expanded
// once per key into an Expanded and vectors are multiplied with 32-bit
// accumulation (InnerProductNTT). The Small strategy is in small.go. Each
// strategy has its own functions, called only through its Strategy type
// (keys*.go), so a program that names one strategy links none of the
// other's code, and each function's stack frame holds only its own locals.

// kpkeSeeds is line 1 of K-PKE.KeyGen (FIPS 203, Algorithm 13):
// (ρ, σ) = G(d‖k).
func kpkeSeeds(p *Params, d *[32]byte) (ρ, σ [32]byte) {
	return G(d[:], []byte{byte(p.K)})
}

// kpkeKeyGenFast is K-PKE.KeyGen (FIPS 203, Algorithm 13) in the Fast
// strategy: it writes ek_PKE = ByteEncode_12(t̂)‖ρ to ek and fills x with Â,
// t̂ and ŝ. It returns σ, which a key keeps instead of dk_PKE.
func kpkeKeyGenFast(p *Params, d *[32]byte, ek []byte, x *Expanded) (σ [32]byte) {
	ρ, σ := kpkeSeeds(p, d)
	k := p.K
	sHat := x.SHat[:k]
	expandSecret(p, &σ, x)
	var sγ [4]polyγ // ŝ[j]·γ terms, reused by every row
	for j := range k {
		precomputeγ(&sγ[j], &sHat[j])
	}
	var e Poly
	for i := range k {
		// t̂[i] = Σ_j Â[i, j] ∘ ŝ[j] + ê[i]
		for j := range k {
			SampleNTTVarTime(&x.AHat[i*k+j], &ρ, byte(j), byte(i))
		}
		tHat := &x.THat[i]
		InnerProductNTT(tHat, x.AHat[i*k:], 1, sHat, sγ[:k])
		polyToMont(tHat)
		SamplePolyCBD(&e, &σ, byte(k+i), p.Eta1)
		polyAdd(tHat, NTT(&e))
		for c := range tHat {
			tHat[c] = int16(canonical(barrettReduce(tHat[c])))
		}
		ByteEncode12(ek[384*i:], tHat)
	}
	copy(ek[384*k:], ρ[:])
	return σ
}

// expandPublic fills x.AHat and x.THat from an encapsulation key that
// passed CheckEncapsulationKey: the Fast strategy's one-time cost per key.
func expandPublic(p *Params, ek []byte, x *Expanded) {
	k := p.K
	ρ := (*[32]byte)(ek[384*k:])
	for i := range k {
		ByteDecode12(&x.THat[i], ek[384*i:])
		for j := range k {
			SampleNTTVarTime(&x.AHat[i*k+j], ρ, byte(j), byte(i))
		}
	}
}

// expandSecret fills x.SHat from σ (the vector ŝ of Algorithm 13, lines
// 8-11 and 16).
func expandSecret(p *Params, σ *[32]byte, x *Expanded) {
	for i := range p.K {
		SamplePolyCBD((*Poly)(&x.SHat[i]), σ, byte(i), p.Eta1)
		NTT((*Poly)(&x.SHat[i]))
	}
}

// kpkeEncryptFast is K-PKE.Encrypt (FIPS 203, Algorithm 14) with Â and t̂
// from x: it writes the ciphertext of m with randomness r to c. yHat is k
// polynomials of scratch.
func kpkeEncryptFast(p *Params, x *Expanded, c []byte, m, r *[32]byte, yHat []NTTPoly) {
	k := p.K
	yHat = yHat[:k]
	for i := range k {
		SamplePolyCBD((*Poly)(&yHat[i]), r, byte(i), p.Eta1)
		NTT((*Poly)(&yHat[i]))
	}
	var yγ [4]polyγ // ŷ[j]·γ terms, reused by every row
	for j := range k {
		precomputeγ(&yγ[j], &yHat[j])
	}
	var acc NTTPoly
	for i := range k {
		// u[i] = NTT^-1(Σ_j Â[j, i] ∘ ŷ[j]) + e1[i]
		InnerProductNTT(&acc, x.AHat[i:], k, yHat, yγ[:k])
		u := NTTInverse(&acc)
		SamplePolyCBDAdd(u, r, byte(k+i), p.Eta2)
		ByteEncodeCompress(c[32*int(p.Du)*i:], u, p.Du)
	}
	// v = NTT^-1(t̂ᵀ ∘ ŷ) + e2 + μ
	InnerProductNTT(&acc, x.THat, 1, yHat, yγ[:k])
	v := NTTInverse(&acc)
	SamplePolyCBDAdd(v, r, byte(2*k), p.Eta2)
	addMessage(v, m)
	ByteEncodeCompress(c[32*int(p.Du)*k:], v, p.Dv)
}

// kpkeDecryptFast is K-PKE.Decrypt (FIPS 203, Algorithm 15) with ŝ from
// x. tmp is k polynomials of scratch.
func kpkeDecryptFast(p *Params, x *Expanded, c []byte, tmp []NTTPoly) (m [32]byte) {
	k := p.K
	// All of NTT(u') in tmp, then one inner product with ŝ.
	var uγ [4]polyγ
	for i := range k {
		u := (*Poly)(&tmp[i])
		ByteDecodeDecompress(u, c[32*int(p.Du)*i:], p.Du)
		precomputeγ(&uγ[i], NTT(u))
	}
	var wHat NTTPoly
	InnerProductNTT(&wHat, x.SHat, 1, tmp[:k], uγ[:k])
	return decodeMessage(p, c, NTTInverse(&wHat), (*Poly)(&tmp[0]))
}

// decodeMessage finishes Algorithm 15 from w = NTT^-1(ŝᵀ ∘ NTT(u')):
// m = ByteEncode_1(Compress_1(v' − w)), with v' decoded into tmp.
func decodeMessage(p *Params, c []byte, w, tmp *Poly) (m [32]byte) {
	ByteDecodeDecompress(tmp, c[32*int(p.Du)*p.K:], p.Dv)
	for i := range w {
		w[i] = barrettReduce(tmp[i] - w[i])
	}
	ByteEncodeCompress(m[:], w, 1)
	return m
}

// addMessage adds μ = Decompress_1(ByteDecode_1(m)) to f (Algorithm 14,
// lines 20-21): 1665 where the message bit is 1, branch-free. The result is
// Barrett-reduced, ready for compression (|f| < q on input).
func addMessage(f *Poly, m *[32]byte) {
	for i := range f {
		bit := int16(m[i>>3]>>(i&7)) & 1
		f[i] = barrettReduce(f[i] + (-bit)&((q+1)/2))
	}
}
