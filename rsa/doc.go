// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package rsa implements RSA as PKCS #1 v2.2 specifies it (RFC 8017):
// RSASSA-PSS and RSASSA-PKCS1-v1_5 signatures, RSAES-OAEP and
// RSAES-PKCS1-v1_5 encryption, and key generation (FIPS 186-5), with the
// speed/memory configurations of the STM32 cryptographic library pages, on
// cryptolab's own constant-time multi-precision arithmetic (internal/mp).
//
// Signing takes a digest and its hash, as crypto.Signer does; the hashes
// (PSS, MGF1, OAEP labels, DigestInfo) are cryptolab's own sha2 and
// internal/keccak: SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224,
// SHA-512/256, SHA3-224, SHA3-256, SHA3-384 and SHA3-512, each named by a
// [Hash] value ([SHA256], …) so that a program links only the hashes it
// names; [HashFor] maps a crypto.Hash to its value (and links all). *PrivateKey is a
// crypto.Signer and a crypto.Decrypter; package rsa/stdrsa converts keys
// to and from crypto/rsa (for PKCS #1, PKCS #8, PEM) and wraps a key for
// crypto/x509 and crypto/tls. Moduli of 1024 to 4096 bits are accepted
// (CRT primes of at most 2,112 bits each), key generation makes 2048,
// 3072 and 4096.
//
// # Configurations
//
// A [Config] crosses the pages' two columns, "RSA mathematics" and
// "private key modular exponentiation implementation":
//
//	Mathematics  Small  one generic word-serial CIOS Montgomery loop in Go;
//	                    a squaring is a multiplication. The least code.
//	             Fast   on amd64: whole products then a separate Montgomery
//	                    reduction, with a dedicated squaring (cross products
//	                    once: 1.5L² instead of 2L² limb products on L
//	                    limbs), over assembly rows (MULX with the ADCX/ADOX
//	                    double carry chain, one call per product). In Go
//	                    (other architectures, -tags purego): product
//	                    scanning with the accumulator in registers.
//	Window       Low    1-bit window: a multiplication per exponent bit.
//	             Mid    4-bit fixed window: 16-entry table.
//	             High   5-bit fixed window: 32-entry table (6 bits measured
//	                    no faster: the full scans of 64 entries cost what
//	                    the fewer multiplications save).
//
// [SmallLow], [SmallMid], [SmallHigh], [FastLow], [FastMid] and [FastHigh]
// return them; [Default] is Fast-Mid. CRT or no CRT is a property of the
// key ([NewPrivateKey], [NewPrivateKeyWithoutCRT]), not of the
// configuration. A key remembers its configuration; every operation calls
// it through the sealed [Config] interface, whose six types each call one
// mathematics statically, so a program links only the configurations it
// names (linker_test.go).
//
// # Working memory
//
// The window table, with the exponentiation's accumulator and selected
// entry, is the working buffer the windows trade ([WorkingMemory]): for
// RSA-3072 with CRT (1536-bit primes, 24 limbs) 4·192 = 768 B (Low),
// 18·192 = 3,456 B (Mid), 34·192 = 6,528 B (High), beside the pages'
// 3,704, 4,308 and 6,708 B; without CRT (48 limbs) 1,536, 6,912 and
// 13,056 B (pages: 3,484, 4,664 and 9,368 B). It lives on the stack of the
// configuration's private operation, sized for the largest modulus (4096
// bits), as does the rest of the scratch (input, output, the CRT halves,
// the multiplier's accumulator); nothing is allocated on the heap.
//
// # Constant time
//
// Everything that touches a secret (d, p, q, dP, dQ, qInv, the CRT halves,
// decrypted messages) runs in time independent of the values: Montgomery
// arithmetic on fixed-length limb vectors with masked final subtractions,
// exponentiation over every bit of the full-length exponent, the window
// entry read by a full scan of the table, key construction (d mod p-1 by
// bit-serial reduction, qInv = q^(p-2) mod p) and key generation (see
// GenerateKey for what it leaves variable). The public-key operations
// (verification, encryption, and the check below) branch on the public
// exponent only; the padding checks of decryption are constant time (see
// pkcs1v15enc.go for the Bleichenbacher/Marvin stance). Timing evidence:
// the dudect targets of internal/dudect/targets/rsa.go.
//
// # Fault countermeasure
//
// Every private operation, with or without CRT, raises its result to e and
// compares it with the input before returning it (the Bellcore attack: one
// faulty CRT half reveals a prime through gcd(s^e - m, n)). It costs one
// public operation, 17 Montgomery multiplications modulo n for e = 65537:
// about 2% of a CRT signature (see the benchmarks).
//
// # Performance
//
// Measured by the lab, RSA-3072, PSS with SHA-256, beside the peers of the
// same run; stack is the measured high-water mark of a CRT signature,
// working the window buffer of WorkingMemory with CRT / without:
//
// Figures generated by lab/docfigures (block speed) from
// lab/docfigures/testdata/rsa.json, a snapshot of "go run ./cmd/cryptolab run
// --suite rsa --min-time 200ms" (AMD EPYC, go1.26.8, 2026-12-01; thread CPU
// time per operation, median of interleaved batches); do not edit: go generate
// ./lab/docfigures.
//
//	                CRT sign  no-CRT sign   verify     stack             working
//	Small-Low        5.20 ms      19.3 ms  59.7 µs   3,912 B     768 B / 1,536 B
//	Small-Mid        3.36 ms      12.1 ms  60.4 µs   7,608 B   3,456 B / 6,912 B
//	Small-High       3.33 ms      11.8 ms  59.7 µs  11,832 B  6,528 B / 13,056 B
//	Fast-Low         2.85 ms      9.70 ms  30.2 µs   4,640 B     768 B / 1,536 B
//	Fast-Mid         1.86 ms      5.94 ms  30.3 µs   8,336 B   3,456 B / 6,912 B
//	Fast-High        1.85 ms      5.81 ms  30.4 µs  12,560 B  6,528 B / 13,056 B
//	crypto/rsa       2.16 ms      18.2 ms   129 µs  (no CRT: megabytes, thousands of allocations a signature)
//	  -tags purego   4.94 ms      17.1 ms   119 µs
//	openssl speed    1.34 ms            —  28.4 µs  (rsa3072: PKCS #1 v1.5)
//
// End of generated figures.
//
// Our operations allocate nothing. The published CMOX working buffers are
// 3,704 / 4,308 / 6,708 B with CRT and 3,484 / 4,664 / 9,368 B without, with
// 700 B of stack: Go's fixed-size frames (scratch sized for 4096-bit keys)
// make our stack larger, our window buffers are smaller. Small-Low's CRT
// signature needs 3,912 + 768 = 4,680 B of stack and window buffer against
// the pages' 700 + 3,704 = 4,404 B (no CRT: 5,008 + 1,536 against 4,184;
// verification: 4,072 + 1,152 against 3,824). The signing functions write
// the result into the caller's buffer, the PSS hash of M' is off the stack
// during the exponentiation, the result and the CRT's h live in the window
// table once it is free, and internal/mp's conversions need no vector of
// their own (8,304 B of stack before, and no slower: user CPU time of the
// rsa test binary running BenchmarkSignPSS3072/Small-Low/CRT 60 times, key
// set-up included, 0.40 s against 0.45 s before). Code: a minimal
// signing program links about 60 KB of cryptolab code, half of it the hash
// functions (see hash.go); the RSA and arithmetic code is about 25 KB.
// Built with -tags purego (go run -tags purego ./cmd/cryptolab run --suite
// rsa: Fast on montMulFIPS in Go, and crypto/rsa without its assembly,
// interleaved in one process), Fast-High signs with CRT about 1.7× faster
// than crypto/rsa (Small-High about 1.35×), without CRT about 2×, and
// verifies about 2.6× faster (Small about 1.9×).
//
// # Memory
//
// Signing, verification, OAEP encryption and decryption, and session-key
// decryption allocate nothing on the heap when dst has room and the
// randomness comes from crypto/rand (TestAllocs). A private key holds
// Config.Memory(bits).Key bytes; a public key its modulus with R² and R
// mod n (3·Size() bytes) besides its struct.
package rsa
