// Package aes implements the AES block cipher (FIPS 197) and the CBC mode
// of operation (NIST SP 800-38A), with optional PKCS#7 padding, in two
// configurations that trade memory for speed. Everything is constant time:
// no table is indexed by secret data and no branch depends on it.
//
// # Configurations
//
// Both configurations are bitsliced: the state is kept as eight words, word
// i holding bit i of every byte, and the S-box is evaluated as a boolean
// circuit (sbox.go) on all bytes at once. They differ in word width, in how
// many blocks one pass carries and in how much of the key schedule they
// precompute.
//
//	                    Small (small.go)              Fast (fast.go)
//	state               8 x uint32, 2 blocks/pass     8 x uint64, 4 blocks/pass
//	key kept, bytes     16*(Nr+1): 176/208/240        64*(Nr+1): 704/832/960
//	                    (single-block bitsliced,      (bitsliced for all four
//	                    widened per use)              lanes, ready to XOR)
//	CBC decryption      2 blocks per pass             4 blocks per pass
//	CBC encryption      1 block per pass              1 block per pass
//	code (text, amd64)  smaller: no 64-bit masks      larger
//	constant time       yes                           yes
//	heap per block      0                             0
//
// Default is Fast: on the 64-bit machines Go mostly runs on, its CBC
// decryption carries twice the blocks per pass for the same number of word
// operations, and its 960 bytes of AES-256 key are small next to the
// messages it processes. Choose Small when many keys are live at once or
// memory is tight.
//
// The key bytes above are what KeyBytes reports. A CBC value is 1,024 bytes
// (room for a Fast AES-256 key); a cipher.Block holds 248 (Small) or 968
// (Fast) bytes. The sole-buffer calls expand the key on the stack and wipe
// it. Measured speeds are in bench_test.go's benchmarks; see README.md.
//
// # APIs
//
// EncryptCBC and DecryptCBC work on one buffer without padding; SealCBC and
// OpenCBC add and remove PKCS#7 padding. The CBC type is the same as a data
// flow — Init, SetKey, SetIV, Append for every chunk, Finish — and can live
// on the stack. NewCipher and NewCipherWithConfig return a cipher.Block for
// use with crypto/cipher. Decryption with padding checks the whole last
// block in constant time and reports every failure with the one error
// ErrDecrypt.
package aes
