//go:build (amd64 || arm64) && !purego

package mulx

// Each function sets z = x·y·R^-1 (Mul) or x²·R^-1 (Sqr) mod the modulus
// of its name for x, y below it; z may alias x or y.

//go:noescape
func P256Mul(z, x, y *[4]uint64)

//go:noescape
func P256Sqr(z, x *[4]uint64)

//go:noescape
func N256Mul(z, x, y *[4]uint64)

//go:noescape
func N256Sqr(z, x *[4]uint64)

//go:noescape
func P384Mul(z, x, y *[6]uint64)

//go:noescape
func P384Sqr(z, x *[6]uint64)

//go:noescape
func N384Mul(z, x, y *[6]uint64)

//go:noescape
func N384Sqr(z, x *[6]uint64)

// Select8 sets out to entry d (1-based) of the entries 8-word entries at
// table, reading all of them, or to zero if d is 0 or above entries
// (AVX2 on amd64, CSETM masks on arm64; constant time in d). Select12 is
// the same for 12-word entries.
//
//go:noescape
func Select8(out *[8]uint64, table *uint64, entries int, d uint64)

//go:noescape
func Select12(out *[12]uint64, table *uint64, entries int, d uint64)

// P256SqrN and N256SqrN set z = x^(2^k)·R^-(2^k-1), k ≥ 1 Montgomery
// squarings in one call (k is public; z may alias x).
//
//go:noescape
func P256SqrN(z, x *[4]uint64, k int)

//go:noescape
func N256SqrN(z, x *[4]uint64, k int)
