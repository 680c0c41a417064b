// Package ed25519 implements Ed25519, Ed25519ctx and Ed25519ph (RFC 8032,
// Section 5.1; FIPS 186-5, Section 7) with the speed/memory configurations
// of the STM32 cryptographic library pages, "ECC mathematics" × "curve
// definition":
//
//	Mathematics  Small      radix 2^25.5: ten limbs of 26/25 bits in
//	                        uint32, 32×32→64-bit products, every field
//	                        operation one short loop (internal/edwards25519,
//	                        field25.go): the least code.
//	             SuperFast  radix 2^51: five limbs in uint64,
//	                        64×64→128-bit products (math/bits), written
//	                        out in full with a dedicated squaring and
//	                        single-pass carries (field51.go).
//	Curve def.   OptLow     8 multiples of B for signing (4-bit signed
//	                        windows: 252 doublings, 64 additions) and 8 odd
//	                        multiples for verification (width-5 NAF):
//	                        1,920 B.
//	             OptHigh    32 windows × 8 multiples of 256^i·B for
//	                        signing (64 additions, 4 doublings) and 64 odd
//	                        multiples for verification (width-8 NAF):
//	                        38,400 B, and 7,680 B more for 64 odd
//	                        multiples of 2^128·B, which with a public
//	                        key's own precomputation halve the doublings
//	                        of verification.
//
// Each combination is a [Config] returned by [SmallOptLow], [SmallOptHigh],
// [SuperFastOptLow] or [SuperFastOptHigh]; [Default] is SuperFastOptHigh.
// A key is made with its configuration ([GenerateKey], [NewKeyFromSeed],
// [NewPrivateKey], [NewPublicKey]) and every operation on it runs that
// configuration's code. The choice is made at link time: a program links
// the field arithmetic and tables of the configurations it names and no
// others (linker_test.go). Tables are computed once per process on first
// use and shared by all keys (their size is [Config.Memory]'s Tables).
// The curve code over the two fields is one source (curve51.go), the
// Small copy generated from it (curve25.go, gen_small.go).
//
// Formats are crypto/ed25519's: a 32-byte seed, a 64-byte private key
// seed ‖ A, a 32-byte public key, a 64-byte signature R ‖ S. Package
// stded25519 converts keys both ways and adapts a PrivateKey to the
// crypto.Signer that crypto/x509 and crypto/tls accept; this package does
// not import crypto/ed25519. Hashing uses this module's sha2 (through
// internal/sha2sum: the Small configurations run its compact SHA-512
// loop, SuperFast its unrolled code or assembly; config.go).
//
// Verification decides exactly as crypto/ed25519 does (see
// [PublicKey.Verify]): S < L, the cofactorless equation, R compared as
// bytes, A decoded leniently as crypto/ed25519 decodes it. That is RFC
// 8032's rule, not ZIP-215's; the tests check it on valid, mutated,
// small-order and non-canonical inputs, on Wycheproof's vectors and on
// NIST's ACVP EDDSA vectors.
//
// Constant time: key derivation and signing compute [s]B and [r]B with
// full scans of the table window (every entry read, selected by masks) and
// signed digits recoded without branches; scalars mod L are reduced and
// multiplied with Montgomery arithmetic (no division, no math/big); the
// field arithmetic has no secret-dependent branch or index. Verification
// works on public data and runs in variable time (NAF digits, skipped
// zero digits), in functions named VarTime.
//
// Memory: SignTo, SignWithOptionsTo, Verify and VerifyWithOptions
// allocate nothing (allocation tests pin it in every configuration). A
// PrivateKey is 152 bytes (seed, clamped scalar, nonce prefix, public
// key and Config); a PublicKey 56, plus 2,048 in OptHigh (the odd
// multiples of -A and -2^128·A, computed once by NewPublicKey or PrivateKey.PublicKey
// so that verification neither decodes A nor rebuilds them). The scratch
// of an operation is on the stack: a SHA-512 state (208 B), point
// temporaries and, in verification, the multiples of -A (OptLow: 4, 640 B,
// width-4 digits; OptHigh: the key's 16 decoded, 2,560 B) and the nonzero
// digits of the NAFs (2 or 4 of 136 B).
//
// Measured by the lab (go run ./cmd/cryptolab run --suite eddsa --min-time
// 300ms; x86-64 AMD EPYC, 2 cores shared with other work, medians of
// interleaved batches), signing and verifying the 1,023-byte message of
// RFC 8032's TEST 1024 with key objects, beside the peers in the same run:
//
//	                     sign    verify   stack s/v    code s/v (B)
//	Small-OptLow       242 µs    281 µs   1,888/2,672  47,448/50,554
//	Small-OptHigh     80.3 µs    166 µs   1,888/5,848  47,795/55,067
//	SuperFast-OptLow  36.2 µs   40.0 µs   1,888/2,832  53,757/57,410
//	SuperFast-OptHigh 14.3 µs   23.6 µs   1,896/5,680  54,104/62,083
//	crypto/ed25519    19.0 µs   38.0 µs   (amd64 assembly field multiplication)
//	  -tags purego    20.4 µs   41.8 µs
//	circl             18.4 µs   36.2 µs
//	  -tags purego    21.5 µs   40.4 µs
//	openssl speed     24.5 µs   63.1 µs   (its own short message)
//
// SuperFast-OptHigh signs 1.33× faster than crypto/ed25519 (1.43× its
// purego build, 1.29× circl) and verifies 1.61× faster (1.77× purego,
// 1.53× circl), the latter from the public key's precomputation. Code is
// the bytes of this module's packages in a program that only signs or
// only verifies, sha2's unrolled SHA-512 (about 16 KB) included; the
// tables are global data (OptLow 2,252 B; OptHigh 32,012 B for signing,
// 16,664 B for verification). The STM32 pages give 1,236/1,244 B of stack
// and a 1,388/1,152-1,992 B working buffer; here the working memory is the
// key object plus the tables the operation reads: 1,112 B for OptLow
// signing and 1,016 B for OptLow verification (below the pages' buffers;
// Go's stack frames are where the difference goes: Small-OptLow's stack +
// working memory is 3,000 / 3,688 B against the pages' 2,624 / 2,396 B),
// 30,872 B for OptHigh
// signing and 17,464 B for OptHigh verification with its precomputed key.
package ed25519
