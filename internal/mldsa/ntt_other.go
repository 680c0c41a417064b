// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build !amd64 || purego

package mldsa

// NativeTablesBytes is 0: without the assembly NTT there is no table.
const NativeTablesBytes = 0

func nttNative(wHat *NTTElement, w *RingElement)            { NTTInPlace(wHat, w) }
func invNTTNative(w *RingElement, wHat *NTTElement)         { InvNTTInPlace(w, wHat) }
func invNTTUnscaledNative(w *RingElement, wHat *NTTElement) { InvNTTUnscaledInPlace(w, wHat) }

func innerProductNative(hHat *NTTElement, aHat, bHat []NTTElement) { InnerProductNTT(hHat, aHat, bHat) }

func verifyRowNative(tmp *NTTElement, row, zHat []NTTElement, t1, negC *NTTElement) {
	verifyRow(tmp, row, zHat, t1, negC)
}

func scaleNTTNative(aHat *NTTElement) { ScaleNTT(aHat) }

func multiplyNTTNative(hHat, fHat, gHat *NTTElement) { MultiplyNTT(hHat, fHat, gHat) }
