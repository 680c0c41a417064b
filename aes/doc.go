// Package aes implements the AES block cipher (FIPS 197) and the CBC mode
// of operation (NIST SP 800-38A), with optional PKCS#7 padding, in two
// configurations that trade memory for speed. Everything is constant time:
// no table is indexed by secret data and no branch depends on it.
//
// # Configurations
//
// Both configurations are bitsliced: the state is kept as eight words, word
// i holding bit i of every byte, and the S-box is a boolean circuit
// (sbox.go: Boyar and Peralta's depth-16 circuit, 128 gates forward and
// 127 inverse) evaluated on all bytes at once. They differ in word width,
// in how many blocks one pass carries and in how much of the key schedule
// they precompute.
//
//	                   Small (small.go)            Fast (fast.go, fast_skew.go)
//	state              8 x uint32: 2 blocks/pass   8 x uint64: 4 blocks/pass
//	round function     SubBytes, ShiftRows,        fixsliced: no ShiftRows,
//	                   MixColumns                  MixColumns per skew (4 copies)
//	key kept (bytes)   16*(Nr+1) = 176/208/240     64*(Nr+1) = 704/832/960
//	                   single-block bitsliced,     bitsliced for all 4 lanes
//	                   widened at each use         and pre-skewed, ready to XOR
//	CBC decryption     2 blocks per pass           4 blocks per pass
//	CBC encryption     1 block per pass            1 block per pass
//	code, sole enc     7,301 B                     10,247 B
//	code, sole dec     8,699 B                     12,105 B
//	code, data flow    14,488 B                    20,858 B
//	const / global     1,729-3,102 B / 248-344 B   1,727-3,092 B / 248-344 B
//	stack, sole call   1,232 B                     2,016-2,168 B
//	constant time      yes                         yes
//	heap per block     0                           0
//
// The code, const and global rows are the lab's footprint of a minimal
// program per operation (bytes of package aes the linker keeps, on
// linux/amd64 with go1.26.8; the runtime and standard library are not
// counted), and the stack row its measured stack depth:
//
//	go run ./cmd/cryptolab run --suite aes --no-peers --quick --out /tmp/x
//
// "Sole" is EncryptCBC or DecryptCBC alone, "data flow" a CBC value (Init,
// SetKey, SetIV, Append, Finish), which links both directions because Init
// takes the direction as a value. Fast's extra code is its four forward
// and four inverse round functions (a MixColumns per skew) and its own
// copies of the two S-box circuits (fast_skew.go). The constant data is
// mostly type metadata the Config interface costs
// (descriptors of the configuration types and method signatures, the
// itab, method names): about 1.5 KB for a sole call and 2.5 KB for the
// data flow (which adds the CBC type's), the price in Go of dispatch the
// linker can see through; the global data is the error values and the
// 40-byte round-constant table. (Before Config was an interface, every
// program linked both configurations: 24,345 B of code for a sole call,
// 27,759 B for the data flow.)
//
// Relative speed, 8 KiB CBC on one amd64 core (bench_test.go's
// BenchmarkCBC/throughput, user CPU time, best of 8 interleaved runs on a
// shared 2-core AMD EPYC virtual machine whose runs vary by 10 to 20%):
// Fast decrypts at 0.9 to 1.0 times the speed of the standard library's
// table-based Go AES (go test -tags purego): 162 against 160 MB/s for
// AES-128, 126 against 141 MB/s for AES-256. It encrypts at about a third
// of it (48 and 40 MB/s), because a CBC encryption chain fills one lane of
// four. Small runs at about a quarter of Fast when decrypting and a half
// when encrypting. With AES-NI the standard library is several times
// faster than either.
//
// Default is Fast: on the 64-bit machines Go mostly runs on it carries
// twice the blocks per pass of Small and skips ShiftRows, and its 960
// bytes of AES-256 key are small next to the messages it processes. Choose
// Small when many keys are live at once, or memory or code size is tight.
//
// # Linking
//
// Config is an interface, and Small, Fast and Default are values of it
// (Default is Fast itself: Default == Fast, and it prints as "Fast"). Each
// entry point calls the implementation through the Config it is given and
// nothing else refers to either implementation, so the linker keeps only
// the configurations a program names, as CMOX does with its
// per-implementation algorithm constants and BearSSL with its vtables: a
// program that uses only Small links none of Fast's code or data, and the
// reverse (linker_test.go builds such programs and checks their symbol
// tables). NewCipher uses Default and so links Fast; a program that wants
// Small alone calls NewCipherWithConfig(key, Small). EncryptCBC and
// DecryptCBC call separate methods, so a program that only encrypts links
// no decryption code.
//
// # Memory
//
// The key bytes above are what Config.KeyBytes reports. A cipher.Block
// holds 248 (Small) or 968 (Fast) bytes; the sole-buffer calls expand the
// key on the callee's stack (240 or 960 bytes for AES-256) and wipe it
// before returning. A CBC value is 1,016 bytes in either configuration,
// room for a Fast AES-256 key, of which a message uses CBCUsedBytes: 232 to
// 296 bytes in Small, 760 to 1,016 in Fast. Key setup costs about one and
// a half Fast passes (for AES-128 about 7,100 instructions on amd64,
// against 4,700 for a four-block decryption pass: the key expansion runs
// the S-box circuit once per SubWord, ten to thirteen times in sequence),
// which still dominates sole-buffer calls on short messages.
//
// Calls through an interface hide the callee from the compiler's escape
// analysis, so every buffer and value passed to the implementation is
// treated as escaping. Steady-state operations allocate nothing
// (TestAllocs): the sole-buffer calls, SealCBC and OpenCBC with room in
// dst, a cipher.Block's Encrypt and Decrypt and its CBC modes, and Init,
// SetKey, SetIV, Append and Finish on an existing CBC. The cost shows at
// the caller: a CBC declared as a local variable is moved to the heap (one
// allocation for its lifetime), and so is any buffer the caller declares
// as a local array and passes in (a key in a [32]byte variable, say);
// slices that already live on the heap cost nothing.
//
// # APIs
//
// EncryptCBC and DecryptCBC work on one buffer without padding; SealCBC and
// OpenCBC add and remove PKCS#7 padding. The CBC type is the same as a data
// flow — Init, SetKey, SetIV, Append for every chunk, Finish — and can live
// on the stack. NewCipher and NewCipherWithConfig return a cipher.Block for
// use with crypto/cipher (which then finds the block's own CBC modes).
// Decryption with padding checks the whole last block in constant time and
// reports every failure with the one error ErrDecrypt.
//
// Bad input — key or IV size, lengths, misuse of a CBC value, overlapping
// buffers — returns an error and leaves outputs untouched. The one
// exception is cipher.Block's Encrypt and Decrypt, whose interface has no
// error result: like the standard library's, they panic on a short or
// inexactly overlapping buffer.
package aes
