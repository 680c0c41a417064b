// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

// ρ returns the seed ρ at the end of an encapsulation key.
func rho(p *Params, ek []byte) *[32]byte { return (*[32]byte)(ek[384*p.K:]) }

// KPKEKeyGen is K-PKE.KeyGen (FIPS 203, Algorithm 13). It writes the
// encryption key ek_PKE = ByteEncode_12(t̂)‖ρ to ek and returns σ, from
// which ŝ can be regenerated (the Small configuration keeps σ instead of
// dk_PKE = ByteEncode_12(ŝ)).
//
// With x != nil (Fast) it fills x.AHat, x.THat and x.SHat. With x == nil
// (Small) sHat must hold k polynomials of scratch; Â is then sampled one
// entry at a time into a single polynomial and t̂ is encoded row by row.
func KPKEKeyGen(p *Params, d *[32]byte, ek []byte, x *Expanded, sHat []Poly) (σ [32]byte) {
	k := p.K
	ρ, σ := G(d[:], []byte{byte(k)})
	if x != nil {
		sHat = x.SHat
	}
	sHat = sHat[:k]
	N := byte(0)
	for i := range k {
		SamplePolyCBD(&sHat[i], &σ, N, p.Eta1)
		NTT(&sHat[i])
		N++
	}
	var aHat, eHat Poly
	var sγ [4]polyγ // Fast: ŝ[j]·γ terms, reused by every row
	if x != nil {
		for j := range k {
			precomputeγ(&sγ[j], &sHat[j])
		}
	}
	for i := range k {
		// t̂[i] = Σ_j Â[i, j] ∘ ŝ[j] + ê[i]
		var tHat Poly
		if x != nil {
			for j := range k {
				SampleNTT(&x.AHat[i*k+j], &ρ, byte(j), byte(i))
			}
			InnerProductNTT(&tHat, x.AHat[i*k:], 1, sHat, sγ[:k])
		} else {
			for j := range k {
				SampleNTT(&aHat, &ρ, byte(j), byte(i))
				MultiplyNTTsAcc(&tHat, &aHat, &sHat[j])
			}
		}
		polyToMont(&tHat)
		SamplePolyCBD(&eHat, &σ, N+byte(i), p.Eta1)
		NTT(&eHat)
		polyAdd(&tHat, &eHat)
		polyReduce(&tHat)
		ByteEncode12(ek[384*i:], &tHat)
		if x != nil {
			for c := range tHat {
				x.THat[i][c] = int16(canonical(tHat[c]))
			}
		}
	}
	copy(ek[384*k:], ρ[:])
	return σ
}

// Expand fills x.AHat and x.THat from an encapsulation key that passed
// CheckEncapsulationKey: the Fast configuration's one-time cost per key.
func Expand(p *Params, ek []byte, x *Expanded) {
	k := p.K
	ρ := rho(p, ek)
	for i := range k {
		ByteDecode12(&x.THat[i], ek[384*i:])
		for j := range k {
			SampleNTT(&x.AHat[i*k+j], ρ, byte(j), byte(i))
		}
	}
}

// ExpandSecret fills x.SHat from σ (the vector ŝ of Algorithm 13).
func ExpandSecret(p *Params, σ *[32]byte, x *Expanded) {
	for i := range p.K {
		SamplePolyCBD(&x.SHat[i], σ, byte(i), p.Eta1)
		NTT(&x.SHat[i])
	}
}

// KPKEEncrypt is K-PKE.Encrypt (FIPS 203, Algorithm 14): it writes the
// ciphertext c of message m under ek with randomness r. yHat is k
// polynomials of scratch. With x != nil (Fast) Â and t̂ come from the cache;
// with x == nil (Small) each Â[j, i] is sampled when needed and each t̂[j]
// is decoded from ek when needed.
func KPKEEncrypt(p *Params, c []byte, ek []byte, x *Expanded, m, r *[32]byte, yHat []Poly) {
	k := p.K
	yHat = yHat[:k]
	N := byte(0)
	for i := range k {
		SamplePolyCBD(&yHat[i], r, N, p.Eta1)
		NTT(&yHat[i])
		N++
	}
	ρ := rho(p, ek)
	var tmp Poly
	var yγ [4]polyγ // Fast: ŷ[j]·γ terms, reused by every row
	if x != nil {
		for j := range k {
			precomputeγ(&yγ[j], &yHat[j])
		}
	}
	for i := range k {
		// u[i] = NTT^-1(Σ_j Â[j, i] ∘ ŷ[j]) + e1[i]
		var u Poly
		if x != nil {
			InnerProductNTT(&u, x.AHat[i:], k, yHat, yγ[:k])
		} else {
			for j := range k {
				SampleNTT(&tmp, ρ, byte(i), byte(j))
				MultiplyNTTsAcc(&u, &tmp, &yHat[j])
			}
		}
		NTTInverse(&u)
		SamplePolyCBD(&tmp, r, N+byte(i), p.Eta2)
		polyAdd(&u, &tmp)
		polyReduce(&u)
		ByteEncodeCompress(c[32*int(p.Du)*i:], &u, p.Du)
	}
	// v = NTT^-1(t̂ᵀ ∘ ŷ) + e2 + μ
	var v Poly
	if x != nil {
		InnerProductNTT(&v, x.THat, 1, yHat, yγ[:k])
	} else {
		for j := range k {
			ByteDecode12(&tmp, ek[384*j:])
			MultiplyNTTsAcc(&v, &tmp, &yHat[j])
		}
	}
	NTTInverse(&v)
	SamplePolyCBD(&tmp, r, N+byte(k), p.Eta2)
	polyAdd(&v, &tmp)
	ByteDecodeDecompress(&tmp, m[:], 1) // μ
	polyAdd(&v, &tmp)
	polyReduce(&v)
	ByteEncodeCompress(c[32*int(p.Du)*k:], &v, p.Dv)
}

// KPKEDecrypt is K-PKE.Decrypt (FIPS 203, Algorithm 15). With x != nil ŝ
// comes from x.SHat; otherwise (Small) each ŝ[i] is regenerated from σ.
// tmp is k polynomials of scratch (k ≥ 2).
func KPKEDecrypt(p *Params, c []byte, x *Expanded, σ *[32]byte, tmp []Poly) (m [32]byte) {
	k := p.K
	var w Poly
	if x != nil {
		// Fast: all of NTT(u') in tmp, then one inner product with ŝ.
		var uγ [4]polyγ
		for i := range k {
			ByteDecodeDecompress(&tmp[i], c[32*int(p.Du)*i:], p.Du)
			NTT(&tmp[i])
			precomputeγ(&uγ[i], &tmp[i])
		}
		InnerProductNTT(&w, x.SHat, 1, tmp[:k], uγ[:k])
	} else {
		// Small: one NTT(u'[i]) and one regenerated ŝ[i] at a time.
		uHat, sHat := &tmp[0], &tmp[1]
		for i := range k {
			ByteDecodeDecompress(uHat, c[32*int(p.Du)*i:], p.Du)
			NTT(uHat)
			SamplePolyCBD(sHat, σ, byte(i), p.Eta1)
			NTT(sHat)
			MultiplyNTTsAcc(&w, uHat, sHat)
		}
	}
	NTTInverse(&w)
	// w = v' − NTT^-1(ŝᵀ ∘ NTT(u'))
	vPrime := &tmp[0]
	ByteDecodeDecompress(vPrime, c[32*int(p.Du)*k:], p.Dv)
	for i := range w {
		w[i] = barrettReduce(vPrime[i] - w[i])
	}
	ByteEncodeCompress(m[:], &w, 1)
	return m
}
