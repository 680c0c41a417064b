// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !purego

package mp

import "github.com/cryptolab-go/cryptolab/internal/cpu"

// On amd64 the Fast strategy's row operation is assembly: MULX with the
// ADCX/ADOX double carry chain where the processor has BMI2 and ADX, MULQ
// otherwise (addmul_amd64.s). Constant time: no branch or address depends
// on the values.

// With the assembly rows, products and squares use them, not montMulFIPS.
const (
	fipsMul = false
	fipsSqr = false
)

//go:noescape
func addMulVVWADX(z, x []uint64, y uint64) (c uint64)

//go:noescape
func addMulVVWMULQ(z, x []uint64, y uint64) (c uint64)

//go:noescape
func mulRowsADX(p, x, y []uint64)

//go:noescape
func sqrCrossADX(p, x []uint64)

//go:noescape
func redcRowsADX(p, n []uint64, n0 uint64) (top uint64)

//go:noescape
func mulRows16ADX(p, x, y []uint64)

//go:noescape
func redcRows16ADX(p, n []uint64, n0 uint64) uint64

//go:noescape
func mulRows24ADX(p, x, y []uint64)

//go:noescape
func redcRows24ADX(p, n []uint64, n0 uint64) uint64

//go:noescape
func mulRows32ADX(p, x, y []uint64)

//go:noescape
func redcRows32ADX(p, n []uint64, n0 uint64) uint64

//go:noescape
func mulRows48ADX(p, x, y []uint64)

//go:noescape
func redcRows48ADX(p, n []uint64, n0 uint64) uint64

//go:noescape
func mulRows64ADX(p, x, y []uint64)

//go:noescape
func redcRows64ADX(p, n []uint64, n0 uint64) uint64

// hasADX reports BMI2 (MULX) and ADX (ADCX, ADOX), read once by the
// module's CPU-feature reader; tests set it to false to run the MULQ path.
var hasADX = cpu.X86.HasBMI2 && cpu.X86.HasADX

// addMulVVW sets z[0:len(x)] += x·y and returns the carry word.
func addMulVVW(z, x []uint64, y uint64) uint64 {
	if hasADX {
		return addMulVVWADX(z, x, y)
	}
	return addMulVVWMULQ(z, x, y)
}

// mulRows sets p[0:2L] = x·y (L = len(x) = len(y); p zero on entry).
func mulRows(p, x, y []uint64) {
	if hasADX {
		// Straight-line rows for the limb counts of 2048-, 3072- and
		// 4096-bit moduli and their primes.
		switch len(x) {
		case 16:
			mulRows16ADX(p, x, y)
		case 24:
			mulRows24ADX(p, x, y)
		case 32:
			mulRows32ADX(p, x, y)
		case 48:
			mulRows48ADX(p, x, y)
		case 64:
			mulRows64ADX(p, x, y)
		default:
			mulRowsADX(p, x, y)
		}
		return
	}
	mulRowsGeneric(p, x, y)
}

// sqrCross sets p to the sum of the cross products x[i]·x[j], i < j (p
// zero on entry, len(x) ≥ 2).
func sqrCross(p, x []uint64) {
	if hasADX {
		sqrCrossADX(p, x)
		return
	}
	sqrCrossGeneric(p, x)
}

// redcRows runs the rows of the Montgomery reduction of p and returns the
// top carry.
func redcRows(p, n []uint64, n0 uint64) uint64 {
	if hasADX {
		switch len(n) {
		case 16:
			return redcRows16ADX(p, n, n0)
		case 24:
			return redcRows24ADX(p, n, n0)
		case 32:
			return redcRows32ADX(p, n, n0)
		case 48:
			return redcRows48ADX(p, n, n0)
		case 64:
			return redcRows64ADX(p, n, n0)
		}
		return redcRowsADX(p, n, n0)
	}
	return redcRowsGeneric(p, n, n0)
}
