// Package aes implements the AES block cipher (FIPS 197) and the CBC mode
// of operation (NIST SP 800-38A), with optional PKCS#7 padding, in three
// configurations: two portable ones that trade memory for speed, and one
// on the processor's AES instructions. Everything is constant time: no
// table is indexed by secret data and no branch depends on it. CBC is
// not authenticated: combine it with a MAC checked before decryption, and
// use unpredictable IVs (see Security).
//
// # Configurations
//
// Native (native.go) runs on the processor's AES instructions: AES-NI on
// amd64 (native_amd64.s), the ARMv8 Cryptographic Extension on arm64
// (native_arm64.s), hand-written assembly for key expansion, CBC
// encryption (one block at a time: the chain leaves nothing to overlap, so
// a block costs the latency of Nr rounds) and CBC decryption (independent
// blocks: on amd64 32 per pass on VAES with ZMM registers where AVX-512F
// is present, 16 (and a last 8) on VAES with YMM registers, 8 with AES-NI;
// 8 on arm64).
// Its key is 16-byte round keys for both directions, 32*(Nr+1) = 352/416/480 bytes; a CBC
// context is 568 bytes. The instructions run in data-independent time.
// Native() checks the processor (internal/cpu) at each call and is Fast()
// where the instructions are missing, on other architectures and under the
// purego build tag, which removes all assembly; its String says which
// ("Native" or "Fast"), so a report can say what ran.
//
// Small and Fast are portable Go and bitsliced: the state is kept as eight words, word
// i holding bit i of every byte, and the S-box is a boolean circuit
// (sbox.go: Boyar and Peralta's depth-16 circuit, 128 gates forward and
// 127 inverse) evaluated on all bytes at once. They differ in word width,
// in how many blocks one pass carries and in how much of the key schedule
// they precompute.
//
//	                   Small (bitslice32)          Fast (fixslice64)
//	files              bitslice32.go               fixslice64.go, fixslice64_skew.go
//	state              8 x uint32: 2 blocks/pass   8 x uint64: 4 blocks/pass
//	round function     SubBytes, ShiftRows,        fixsliced: no ShiftRows,
//	                   MixColumns                  MixColumns per skew (4 copies)
//	key kept (bytes)   16*(Nr+1) = 176/208/240     64*(Nr+1) = 704/832/960
//	                   single-block bitsliced,     bitsliced for all 4 lanes
//	                   widened at each use         and pre-skewed, ready to XOR
//	CBC decryption     2 blocks per pass           4 blocks per pass
//	CBC encryption     1 block per pass            1 block per pass
//	code of package    about 5-6.5 KB sole call,   about 10-12 KB sole call,
//	aes in a program   about 9-10.5 KB data flow   about 21 KB data flow
//	stack, sole call   about 0.8 KB                about 2 KB
//	constant time      yes                         yes
//	heap per block     0                           0
//
// The code row is the order of magnitude of the lab's footprint of a
// minimal program per operation (bytes of package aes the linker keeps;
// the exact figures, per operation and key size, are in the lab report:
// go run ./cmd/cryptolab run --suite aes --no-peers). linker_test.go
// holds each operation's whole-program growth over an empty program to a
// budget (tens of kilobytes). "Sole" is EncryptCBC or DecryptCBC alone,
// "data flow" a CBC value (InitEncrypt or InitDecrypt, SetKey, SetIV,
// Append, Finish), which links only the direction it names.
// Fast's extra code is its four forward and four inverse round functions
// (a MixColumns per skew) and its own copies of the two S-box circuits
// (fixslice64_skew.go). Each program also carries one to three kilobytes
// of type metadata for the Config interface (descriptors, itab, method
// names), the price in Go of dispatch the linker can see through.
//
// Relative speed, 8 KiB CBC on one amd64 core (BenchmarkCBC/throughput):
// Fast decrypts at about the speed of the standard library's table-based
// Go AES (go test -tags purego) and encrypts at about a third of it,
// because a CBC encryption chain fills one lane of four. Small runs at
// about a quarter of Fast when decrypting and a half when encrypting. With
// AES-NI the standard library is several times faster than either. The
// measured figures are in the lab report.
//
// Native, on an AMD EPYC with VAES and AVX-512, thread CPU time: a
// sole-buffer call on 32 to 128 bytes, key setup included, takes 25 to 95
// ns, about 0.2 to 0.45 of OpenSSL 3.0's time (0.3 decrypting;
// encrypting, 0.2 at 32 bytes up to 0.45 at 128, where the chain of Nr
// rounds per block dominates; OpenSSL through the lab's cgo helper
// lab/peers/sslpeer, cipher fetched once, key and IV set per call,
// interleaved with ours) and a tenth to a quarter of the standard
// library's (crypto/aes with crypto/cipher's CBC, two allocations against
// none). The 8,000-byte data flow decrypts in 0.35 to 0.5 of OpenSSL's
// time in 512- to 2,048-byte chunks (some 30 GB/s in 2,048-byte ones) and
// in 0.8 to 0.9 of it in 128-byte chunks (where the cost of each Append
// counts as much as the blocks), and encrypts at the latency of the
// rounds, level with OpenSSL (0.95 to 1); OpenSSL's flow figures are
// openssl speed's update calls, without the per-message key and IV setup
// our figures include. The exact figures: go run ./cmd/cryptolab run
// --suite aes --config Native (report.md and results.json).
//
// Default is Native: where the processor has AES instructions (every
// amd64 server processor and every arm64 one Go runs on in practice) it is
// tens of times faster than either portable configuration and, unlike the
// standard library's table-based purego AES, constant time. Where it does
// not, Default is Fast: on the 64-bit machines Go mostly runs on it
// carries twice the blocks per pass of Small and skips ShiftRows, and its
// 960 bytes of AES-256 key are small next to the messages it processes.
// Choose Small when many keys are live at once, or memory or code size is
// tight.
//
// # Linking
//
// Config is an interface, and Small(), Fast(), Native() and Default()
// return values of it (Default() is Native() itself, which is Fast() on a
// processor without AES instructions). Each entry
// point calls the implementation through the Config it is given and
// nothing else refers to either implementation, so the linker keeps only
// the configurations a program names, as CMOX does with its
// per-implementation algorithm constants and BearSSL with its vtables: a
// program that uses only Small links none of Fast's code or data, and the
// reverse, and neither links Native's assembly (linker_test.go builds
// such programs and checks their symbol tables). Naming Native or Default
// links Native and Fast, its fallback. Every program that imports the
// package links the small CPU-feature reader's initialization
// (internal/cpu). NewCipher uses Default; a program that wants Small
// alone calls NewCipherWithConfig(Small(), key). EncryptCBC and
// DecryptCBC call separate methods, so a program that only encrypts links
// no decryption code. The package refers to crypto/cipher only for the
// cipher.Block and cipher.BlockMode types: a program that uses only the
// sole-buffer calls or CBC links none of crypto/cipher's code, nor the
// standard library's AES (checked by linker_test.go).
//
// # Memory
//
// Config.Memory reports the bytes per configuration: Key, the expanded
// key above; Context, a CBC data flow; Tables, the 40-byte round-constant
// table (there is no S-box table; Native links it through its Fast
// fallback). A cipher.Block holds 248 (Small), 968 (Fast) or 488 (Native)
// bytes; the sole-buffer calls expand the key on the callee's stack
// (240 or 960 bytes for AES-256) and wipe it before returning. A CBC value
// is 48 bytes; its first Init allocates the configuration's context (the
// key array with room for AES-256, chaining value and buffer), 328 bytes
// in all for Small and 1,048 for Fast. Key setup costs about one and a
// half Fast passes (the key expansion runs the S-box circuit once per
// SubWord, ten to thirteen times in sequence), which dominates sole-buffer
// calls on short messages.
//
// Calls through an interface hide the callee from the compiler's escape
// analysis, so every buffer passed to the implementation is treated as
// escaping. Steady-state operations allocate nothing (TestAllocs): the
// sole-buffer calls, SealCBC and OpenCBC with room in dst, a cipher.Block's
// Encrypt and Decrypt and its CBC modes, and Init, SetKey, SetIV, Append
// and Finish on an existing CBC. The cost shows at the caller: any buffer
// the caller declares as a local array and passes in (a key in a [32]byte
// variable, say) is moved to the heap; slices that already live on the
// heap cost nothing.
//
// # Security
//
// CBC provides confidentiality only. It is not authenticated: an attacker
// can change a ciphertext and have it decrypt to a changed plaintext, and
// a system that reveals whether a forged ciphertext decrypted with valid
// padding — by an error, a timing or any change of behaviour — hands the
// attacker a padding oracle that recovers plaintexts. Combine CBC with a
// MAC (for example HMAC-SHA-256 with a separate key) over the IV and the
// ciphertext, computed after encryption and checked, in constant time,
// before any decryption (encrypt-then-MAC); never decrypt a ciphertext
// whose MAC did not verify. OpenCBC and Finish do their part (every
// padding failure is the same error after the same work, the padding is
// checked, the output masked and the result selected in constant time)
// but cannot remove the oracle a surrounding protocol creates.
//
// IVs must be unpredictable to an attacker before the message is
// encrypted: draw each from crypto/rand (or encrypt a unique nonce under
// the key). A predictable IV, such as a counter or the last ciphertext
// block of the previous message, lets a chosen-plaintext attacker test
// guesses of earlier plaintext blocks.
//
// # APIs
//
// EncryptCBC and DecryptCBC work on one buffer without padding; SealCBC and
// OpenCBC add and remove PKCS#7 padding. The CBC type is the same as a data
// flow — InitEncrypt or InitDecrypt, SetKey, SetIV, Append for every
// chunk, Finish — and can live on the stack. NewCipher and NewCipherWithConfig return a cipher.Block for
// use with crypto/cipher (which then finds the block's own CBC modes).
// Decryption with padding checks the whole last block in constant time and
// reports every failure with the one error ErrDecrypt (see Security).
//
// Bad input — key or IV size, lengths, misuse of a CBC value, overlapping
// buffers — returns an error and leaves outputs untouched (a padding
// failure of OpenCBC or Finish also zeroes the spare capacity of dst it
// decrypted into). The one
// exception is cipher.Block's Encrypt and Decrypt, whose interface has no
// error result: like the standard library's, they panic on a short or
// inexactly overlapping buffer.
package aes
