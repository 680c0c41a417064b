// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build !amd64 || purego

package mlkem

// NativeTablesBytes is 0: without the assembly NTT there is no table.
const NativeTablesBytes = 0

func nttNative(f *Poly) *NTTPoly        { return NTT(f) }
func nttInverseNative(f *NTTPoly) *Poly { return NTTInverse(f) }

func precomputeγ2Native(g2 *polyγ2, g *NTTPoly) { precomputeγ2(g2, g) }

func samplePolyCBDNative(f *Poly, B []byte, η int, add bool) { samplePolyCBDBytes(f, B, η, add) }

func innerProductNative(hHat *NTTPoly, fHat []NTTPoly, stride int, g2 []polyγ2) {
	innerProductγ2(hHat, fHat, stride, g2)
}
