//go:build !purego

package mulx

import "github.com/cryptolab-go/cryptolab/internal/cpu"

// Supported reports whether this processor runs the package's functions:
// BMI2, ADX and AVX2 on amd64, read from internal/cpu at each call (so
// cpu.Disable reaches it).
func Supported() bool { return cpu.X86.HasBMI2 && cpu.X86.HasADX && cpu.X86.HasAVX2 }

// P256JDouble sets r = 2p for Jacobian points (X, Y, Z, each 4 limbs in
// Montgomery form), the same point as internal/nist/ec's jDouble, written
// out in one function (gen.go: Z3 = 2·Y·Z, 4M + 4S); r may alias p.
//
//go:noescape
func P256JDouble(r, p *[12]uint64)

// P256PointAddAffine sets r = p + (x2, y2) for a projective p and an
// affine point, with internal/nist/ec's complete mixed addition and the
// curve coefficient b (Montgomery form), written out in one function
// (gen.go); r may alias p.
//
//go:noescape
func P256PointAddAffine(r, p *[12]uint64, x2, y2, b *[4]uint64)

// P256JAddAffine sets r = p + (x2, y2) for a Jacobian p and an affine
// point with the mixed addition written out in gen.go (jAddAffine: 8M +
// 3S). Not complete: for p at infinity or p = ±(x2, y2) r is wrong, and
// the caller must exclude or discard those cases. Constant time; r may
// alias p.
//
//go:noescape
func P256JAddAffine(r, p *[12]uint64, x2, y2 *[4]uint64)

// P256JAddAffineBooth is one window of Native P-256's fixed-base k·G in
// one function (gen.go): with y = -y2 where neg is all ones (y2 where it
// is zero), it sets r to r + (x2, y) by P256JAddAffine's formula, to (x2,
// y, 1) instead where inf is all ones (r is the point at infinity), and
// leaves r unchanged where zero is all ones (a zero digit). The masks are
// all ones or zero. Constant time.
//
//go:noescape
func P256JAddAffineBooth(r *[12]uint64, x2, y2 *[4]uint64, neg, inf, zero uint64)

// P256JAddAffineVarTime sets r = p + (x2, y2) for a Jacobian p that is
// not the point at infinity and an affine point, with P256JAddAffine's
// formula (Z3 = Z1·H; internal/nist/ec's jAddAffineVarTime computes the
// same sum with λ = 2) written out in one function (gen.go), and returns
// true; when p = ±(x2, y2) (H = 0) it returns false and leaves r
// alone, for the caller's exceptional cases. r may alias p. Variable time
// (public points).
//
//go:noescape
func P256JAddAffineVarTime(r, p *[12]uint64, x2, y2 *[4]uint64) bool

// P256JAddVarTime sets r = p + q for Jacobian points not at infinity with
// internal/nist/ec's jAddVarTime formula written out in one function
// (gen.go) and returns true; when p = ±q (H = 0) it returns false and
// leaves r alone. r may alias p or q. Variable time (public points).
//
//go:noescape
func P256JAddVarTime(r, p, q *[12]uint64) bool
