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
//	code               smaller                     larger (8 MixColumns variants)
//	constant time      yes                         yes
//	heap per block     0                           0
//
// Relative speed, 8 KiB CBC on one amd64 core (bench_test.go's
// BenchmarkCBC/throughput, noisy on a shared machine): Fast decrypts at
// 0.8 to 1.0 times the speed of the standard library's table-based Go AES
// (go test -tags purego) and encrypts at about a quarter to a third of it,
// because a CBC encryption chain fills one lane of four; Small runs at
// about a third of Fast when decrypting and half when encrypting. With
// AES-NI the standard library is several times faster than either.
//
// Default is Fast: on the 64-bit machines Go mostly runs on it carries
// twice the blocks per pass of Small and skips ShiftRows, and its 960
// bytes of AES-256 key are small next to the messages it processes. Choose
// Small when many keys are live at once or memory is tight.
//
// The key bytes above are what Config.KeyBytes reports. A CBC value is
// 1,024 bytes (room for a Fast AES-256 key); a cipher.Block holds 248
// (Small) or 968 (Fast) bytes; the sole-buffer calls expand the key on the
// stack and wipe it before returning. Key setup costs about three Fast
// passes (the key expansion runs the S-box circuit once per SubWord, ten
// to thirteen times in sequence), which dominates sole-buffer calls on
// short messages.
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
