// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build !amd64 || purego

package mldsa

// NativeTablesBytes is 0: without the assembly NTT there is no table.
const NativeTablesBytes = 0

func nttNative(wHat *NTTElement, w *RingElement)            { NTTInPlace(wHat, w) }
func invNTTNative(w *RingElement, wHat *NTTElement)         { InvNTTInPlace(w, wHat) }
func invNTTUnscaledNative(w *RingElement, wHat *NTTElement) { InvNTTUnscaledInPlace(w, wHat) }

func innerProductNative(hHat *NTTElement, aHat, bHat []NTTElement) { InnerProductNTT(hHat, aHat, bHat) }

func verifyRowNative(tmp *NTTElement, row, zHat []NTTElement, t1, cHat *NTTElement) {
	verifyRow(tmp, row, zHat, t1, cHat)
}

func scaleNTTNative(aHat *NTTElement) { ScaleNTT(aHat) }

func multiplyNTTNative(hHat, fHat, gHat *NTTElement) { MultiplyNTT(hHat, fHat, gHat) }

func innerProduct2Native(hHat, aHat, bHat, cHat, dHat *NTTElement) {
	InnerProduct2NTT(hHat, aHat, bHat, cHat, dHat)
}

func (p *Params) decomposeRowNative(w01 *[n]int32, a *RingElement) { p.decomposeRow(w01, a) }

func (p *Params) signRowNative(w01 *[n]int32, cs2, ct0 *RingElement, hints []uint32) (bad, count int32) {
	return p.signRow(w01, cs2, ct0, hints)
}

func (p *Params) zRowNative(zb []byte, cs2, v *RingElement) int32 { return p.zRow(zb, cs2, v) }

func unpackZNative(p *Params, z *RingElement, src []byte) { unpackZ(p, z, src) }
