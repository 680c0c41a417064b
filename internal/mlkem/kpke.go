// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

// K-PKE (FIPS 203, Section 5) in two strategies. The exported functions
// dispatch on the cache: x != nil is Fast (kpke*Fast below), x == nil is
// Small (small.go). They are separate functions so that each one's stack
// frame holds only its own locals: Go sizes a frame for every local of the
// function, taken branch or not.

// ρ returns the seed ρ at the end of an encapsulation key.
func rho(p *Params, ek []byte) *[32]byte { return (*[32]byte)(ek[384*p.K:]) }

// KPKEKeyGen is K-PKE.KeyGen (FIPS 203, Algorithm 13). It writes the
// encryption key ek_PKE = ByteEncode_12(t̂)‖ρ to ek and returns σ, from
// which ŝ can be regenerated (a key keeps σ instead of dk_PKE =
// ByteEncode_12(ŝ)). With x != nil (Fast) it also fills x.AHat, x.THat and
// x.SHat.
func KPKEKeyGen(p *Params, d *[32]byte, ek []byte, x *Expanded) (σ [32]byte) {
	ρ, σ := G(d[:], []byte{byte(p.K)})
	if x != nil {
		kpkeKeyGenFast(p, &ρ, &σ, ek, x)
	} else {
		kpkeKeyGenSmall(p, &ρ, &σ, ek)
	}
	copy(ek[384*p.K:], ρ[:])
	return σ
}

// KPKEEncrypt is K-PKE.Encrypt (FIPS 203, Algorithm 14): it writes the
// ciphertext c of message m under ek with randomness r. yHat is k
// polynomials of scratch. With x != nil (Fast) Â and t̂ come from the cache;
// with x == nil (Small) each Â[j, i] is sampled and multiplied as it is
// generated and each t̂[j] is decoded from ek as it is used.
func KPKEEncrypt(p *Params, c []byte, ek []byte, x *Expanded, m, r *[32]byte, yHat []Poly) {
	if x != nil {
		kpkeEncryptFast(p, c, x, m, r, yHat)
	} else {
		kpkeEncryptSmall(p, c, nil, ek, m, r, yHat)
	}
}

// KPKEDecrypt is K-PKE.Decrypt (FIPS 203, Algorithm 15). With x != nil ŝ
// comes from x.SHat; otherwise (Small) each ŝ[i] is regenerated from σ.
// tmp is k polynomials of scratch (k ≥ 2).
func KPKEDecrypt(p *Params, c []byte, x *Expanded, σ *[32]byte, tmp []Poly) (m [32]byte) {
	if x != nil {
		return kpkeDecryptFast(p, c, x, tmp)
	}
	return kpkeDecryptSmall(p, c, σ, nil, tmp)
}

func kpkeKeyGenFast(p *Params, ρ, σ *[32]byte, ek []byte, x *Expanded) {
	k := p.K
	sHat := x.SHat[:k]
	ExpandSecret(p, σ, x)
	var sγ [4]polyγ // ŝ[j]·γ terms, reused by every row
	for j := range k {
		precomputeγ(&sγ[j], &sHat[j])
	}
	var eHat Poly
	for i := range k {
		// t̂[i] = Σ_j Â[i, j] ∘ ŝ[j] + ê[i]
		for j := range k {
			SampleNTTVarTime(&x.AHat[i*k+j], ρ, byte(j), byte(i))
		}
		tHat := &x.THat[i]
		InnerProductNTT(tHat, x.AHat[i*k:], 1, sHat, sγ[:k])
		polyToMont(tHat)
		SamplePolyCBD(&eHat, σ, byte(k+i), p.Eta1)
		NTT(&eHat)
		polyAdd(tHat, &eHat)
		for c := range tHat {
			tHat[c] = int16(canonical(barrettReduce(tHat[c])))
		}
		ByteEncode12(ek[384*i:], tHat)
	}
}

// Expand fills x.AHat and x.THat from an encapsulation key that passed
// CheckEncapsulationKey: the Fast configuration's one-time cost per key.
func Expand(p *Params, ek []byte, x *Expanded) {
	k := p.K
	ρ := rho(p, ek)
	for i := range k {
		ByteDecode12(&x.THat[i], ek[384*i:])
		for j := range k {
			SampleNTTVarTime(&x.AHat[i*k+j], ρ, byte(j), byte(i))
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

func kpkeEncryptFast(p *Params, c []byte, x *Expanded, m, r *[32]byte, yHat []Poly) {
	k := p.K
	yHat = yHat[:k]
	for i := range k {
		SamplePolyCBD(&yHat[i], r, byte(i), p.Eta1)
		NTT(&yHat[i])
	}
	var yγ [4]polyγ // ŷ[j]·γ terms, reused by every row
	for j := range k {
		precomputeγ(&yγ[j], &yHat[j])
	}
	var acc Poly
	for i := range k {
		// u[i] = NTT^-1(Σ_j Â[j, i] ∘ ŷ[j]) + e1[i]
		InnerProductNTT(&acc, x.AHat[i:], k, yHat, yγ[:k])
		NTTInverse(&acc)
		SamplePolyCBDAdd(&acc, r, byte(k+i), p.Eta2)
		ByteEncodeCompress(c[32*int(p.Du)*i:], &acc, p.Du)
	}
	// v = NTT^-1(t̂ᵀ ∘ ŷ) + e2 + μ
	InnerProductNTT(&acc, x.THat, 1, yHat, yγ[:k])
	NTTInverse(&acc)
	SamplePolyCBDAdd(&acc, r, byte(2*k), p.Eta2)
	addMessage(&acc, m)
	ByteEncodeCompress(c[32*int(p.Du)*k:], &acc, p.Dv)
}

func kpkeDecryptFast(p *Params, c []byte, x *Expanded, tmp []Poly) (m [32]byte) {
	k := p.K
	// All of NTT(u') in tmp, then one inner product with ŝ.
	var uγ [4]polyγ
	for i := range k {
		ByteDecodeDecompress(&tmp[i], c[32*int(p.Du)*i:], p.Du)
		NTT(&tmp[i])
		precomputeγ(&uγ[i], &tmp[i])
	}
	var w Poly
	InnerProductNTT(&w, x.SHat, 1, tmp[:k], uγ[:k])
	NTTInverse(&w)
	return decodeMessage(p, c, &w, &tmp[0])
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
