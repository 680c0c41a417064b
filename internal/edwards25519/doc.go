// Package edwards25519 is the arithmetic of Curve25519 in its twisted
// Edwards form (edwards25519, RFC 8032, Section 5.1) and its Montgomery
// form (X25519, RFC 7748, Section 5), for packages ed25519 and x25519.
//
// Two strategies for the field GF(2^255-19), side by side:
//
//	fe25 (Small)      ten limbs of 26/25 bits in uint32, 32×32→64-bit
//	                  products; every operation is a short loop (squaring
//	                  its own, with the 55 distinct products), every result
//	                  is carried. About 80 ns per multiplication on a 3 GHz
//	                  x86-64; the least code.
//	fe51 (SuperFast)  five limbs of 51 bits in uint64, 64×64→128-bit
//	                  products (math/bits), written out: 25 products per
//	                  multiplication, 15 per squaring, single-pass carries,
//	                  sums left uncarried where only a product follows
//	                  (addLazy, subLazy, with their bounds). About 11 and
//	                  8 ns per multiplication and squaring. Inversion by
//	                  Bernstein–Yang divsteps (safegcd.go, 1.75 µs)
//	                  instead of Fermat's 254 squarings (2.3 µs), which
//	                  fe25 keeps (no extra code).
//
// Both are constant time: no branch, index or division depends on a
// value. The curve code (points, tables, scalar multiplications, encodings,
// the X25519 ladder) is written once over fe51 in curve51.go and generated
// for fe25 as curve25.go by gen_small.go (identifiers ending in 51 renamed),
// so each strategy calls its own field statically and a program links only
// the strategies it uses. TestGenerated checks that curve25.go is current.
//
// Base-point tables, per strategy, computed once per process on first use:
//
//	OptLow   8 multiples of B (signed 4-bit windows, 252 doublings and 64
//	         additions per s·B) and 8 odd multiples (width-5 NAF in
//	         verification): 960 + 960 bytes.
//	OptHigh  32 windows × 8 multiples of 256^i·B (64 additions and 4
//	         doublings per s·B), 64 odd multiples (width-8 NAF) and,
//	         for verifying with a Precomputed key, 64 odd multiples of
//	         2^128·B: 30,720 + 7,680 + 7,680 bytes.
//
// Fixed-base multiplication (key derivation, signing) recodes the secret
// scalar into signed digits without branches and reads every entry of the
// window's table (a full scan, selected by masks). Verification
// (VerifyLowVarTime51 and the like) runs in variable time over public data:
// Straus–Shamir with NAF digits. Scalars modulo the group order L use
// word-serial Montgomery multiplication, shared by both strategies.
package edwards25519
