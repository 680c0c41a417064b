//go:build (amd64 || arm64) && !purego

package aes

import (
	"crypto/cipher"
	"unsafe"
)

// Native: the processor's AES instructions, AES-NI on amd64
// (native_amd64.s) and the ARMv8 Cryptographic Extension's AESE, AESD,
// AESMC and AESIMC on arm64 (native_arm64.s), both hand-written assembly.
// Native() returns this configuration only where internal/cpu reports the
// instructions, Fast otherwise (native_select_*.go).
//
// Speed knob: the instructions do a whole round in a few cycles, so a
// block costs the latency of Nr rounds when a chain forces one block at a
// time (CBC encryption) and a fraction of it when blocks are independent
// (CBC decryption: on amd64 32 blocks per pass in ZMM registers with VAES
// and AVX-512F, 16 and then a last 8 in YMM registers with VAES and AVX2
// (native_vaes_amd64.s), eight with AES-NI, chosen at each call
// (native_select_amd64.go); eight, then four, then one per pass on
// arm64). Key expansion runs in assembly too (AESKEYGENASSIST on amd64; SubWord by
// AESE on a word copied to all four columns on arm64), well under a
// hundred nanoseconds, so a sole-buffer call on a short message is not
// dominated by its key setup as Small's and Fast's are.
//
// Memory knob: the schedule is kept as 16-byte round keys, once for the
// cipher and once, through InvMixColumns, for the equivalent inverse
// cipher (FIPS 197, Section 5.3.5) that the decryption instructions
// implement: 32*(Nr+1) = 352, 416 or 480 bytes, arrays sized for AES-256.
// A sole-buffer encryption keeps only the cipher's half.
//
// Constant time: the instructions take the same time whatever the data
// (no table lookups); the assembly has no data-dependent branch or address.
// Registers that held the key or data are zeroed before each function
// returns; the schedule on the stack is wiped by the Go callers.

// nativeExpandKey is KeyExpansion (FIPS 197, Algorithm 2) of key (Nr = nr)
// into enc and, if dec is not nil, the equivalent inverse cipher's schedule
// (FIPS 197, Section 5.3.5) into dec. Both have room for 15 round keys.
//
//go:noescape
func nativeExpandKey(nr int, key *byte, enc, dec *byte)

// nativeEncryptCBC encrypts n bytes (a positive multiple of 16) from src to
// dst (equal or not overlapping) in CBC mode with schedule xk and updates
// iv to the last ciphertext block.
//
//go:noescape
func nativeEncryptCBC(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)

// nativeDecryptCBC decrypts n bytes (a positive multiple of 16) from src to
// dst (equal or not overlapping) in CBC mode with the inverse schedule xk
// and updates iv to the last ciphertext block.
//
//go:noescape
func nativeDecryptCBC(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)

// nativeScheduleBytes is the room for one schedule of up to 15 round keys.
const nativeScheduleBytes = 16 * (maxRounds + 1)

// nativeSchedule is an expanded key in both directions.
type nativeSchedule struct {
	enc, dec [nativeScheduleBytes]byte
	nr       int
}

func (s *nativeSchedule) expand(key []byte) {
	s.nr = rounds(len(key))
	nativeExpandKey(s.nr, &key[0], &s.enc[0], &s.dec[0])
}

func (s *nativeSchedule) encryptCBC(iv *[16]byte, dst, src []byte) {
	if len(src) > 0 {
		nativeEncryptCBC(s.nr, &s.enc[0], iv, &dst[0], &src[0], len(src)&^15)
	}
}

func (s *nativeSchedule) decryptCBC(iv *[16]byte, dst, src []byte) {
	if len(src) > 0 {
		nativeDecrypt(s.nr, &s.dec[0], iv, &dst[0], &src[0], len(src)&^15)
	}
}

// native is the Native configuration's strategy (see above). Like
// bitslice32 and fixslice64 it is reached only through its Config value,
// so a program that never names Native (or Default) links none of it.
type native struct{}

var nativeConfig native

func (*native) String() string { return "Native" }

func (*native) Memory(keyBits int) Memory {
	return memory(keyBits, 32, int(unsafe.Sizeof(nativeFlow{})))
}

func (*native) newBlock(key []byte) cipher.Block {
	b := new(nativeBlock)
	b.expand(key)
	return b
}

// encryptCBC is one assembly call after the argument checks: it expands
// only the cipher's schedule (240 bytes at most) on its own stack and
// wipes it (nativeEncryptCBCKey).
//
// Speed knob: with the schedule in this function's frame, the Go code
// zeroed it before the call, copied the IV and cleared the schedule after:
// about 10 of the 90 ns of a 128-byte AES-128 call on the machine of
// issue 15, where the 8 chained blocks alone take about 78.
func (*native) encryptCBC(dst, key, iv, src []byte) error {
	if err := soleArgs(dst, src, len(key), len(iv)); err != nil {
		return err
	}
	if len(src) > 0 {
		nativeEncryptCBCKey(rounds(len(key)), &key[0], &iv[0], &dst[0], &src[0], len(src))
	}
	return nil
}

// decryptCBC expands both schedules (480 bytes at most) on its stack and
// wipes them.
func (*native) decryptCBC(dst, key, iv, src []byte) error {
	if err := soleArgs(dst, src, len(key), len(iv)); err != nil {
		return err
	}
	dst = dst[:len(src)]
	var s nativeSchedule
	s.expand(key)
	var v [16]byte
	copy(v[:], iv)
	s.decryptCBC(&v, dst, src)
	s = nativeSchedule{}
	return nil
}

func (*native) seal(out, key, iv, plaintext []byte) {
	var last [16]byte
	full := pkcs7Pad(&last, plaintext)
	var enc [nativeScheduleBytes]byte
	nr := rounds(len(key))
	nativeExpandKey(nr, &key[0], &enc[0], nil)
	var v [16]byte
	copy(v[:], iv)
	if full > 0 {
		nativeEncryptCBC(nr, &enc[0], &v, &out[0], &plaintext[0], full)
	}
	nativeEncryptCBC(nr, &enc[0], &v, &out[full], &last[0], BlockSize)
	clear(enc[:])
	clear(last[:])
}

func (*native) newEncryptFlow() any { return new(nativeEncryptFlow) }

func (*native) newDecryptFlow() any { return new(nativeDecryptFlow) }

// nativeFlow is the data-flow context of Native (see CBC): both schedules
// (the inverse one costs Nr-1 AESIMC instructions more), and
// nativeEncryptFlow and nativeDecryptFlow are it in each direction.
type nativeFlow struct {
	flowState
	nativeSchedule
}

// The methods are declared on each direction's type, not on nativeFlow:
// promoted, they would be linked once more as wrappers.
type nativeEncryptFlow struct{ nativeFlow }

type nativeDecryptFlow struct{ nativeFlow }

func (f *nativeEncryptFlow) setKey(key []byte) { f.expand(key) }

func (f *nativeEncryptFlow) state() *flowState { return &f.flowState }

func (f *nativeEncryptFlow) wipe() { *f = nativeEncryptFlow{} }

func (f *nativeDecryptFlow) setKey(key []byte) { f.expand(key) }

func (f *nativeDecryptFlow) state() *flowState { return &f.flowState }

func (f *nativeDecryptFlow) wipe() { *f = nativeDecryptFlow{} }

func (f *nativeEncryptFlow) crypt(iv *[16]byte, dst, src []byte) { f.encryptCBC(iv, dst, src) }

// nativeDecryptFlow's crypt is in native_select_*.go.

// nativeBlock is cipher.Block in the Native configuration. Encrypt and
// Decrypt are one-block CBC calls with a zero IV.
type nativeBlock struct {
	nativeSchedule
}

func (b *nativeBlock) BlockSize() int { return BlockSize }

func (b *nativeBlock) Encrypt(dst, src []byte) {
	checkBlock(dst, src)
	var z [16]byte
	nativeEncryptCBC(b.nr, &b.enc[0], &z, &dst[0], &src[0], BlockSize)
}

func (b *nativeBlock) Decrypt(dst, src []byte) {
	checkBlock(dst, src)
	var z [16]byte
	nativeDecryptCBC(b.nr, &b.dec[0], &z, &dst[0], &src[0], BlockSize)
}

// NewCBCEncrypter is found by cipher.NewCBCEncrypter.
func (b *nativeBlock) NewCBCEncrypter(iv []byte) cipher.BlockMode {
	return newCBCMode(b, dirEncrypt, iv)
}

// NewCBCDecrypter is found by cipher.NewCBCDecrypter.
func (b *nativeBlock) NewCBCDecrypter(iv []byte) cipher.BlockMode {
	return newCBCMode(b, dirDecrypt, iv)
}

func (b *nativeBlock) cryptCBC(dir direction, iv *[16]byte, dst, src []byte) {
	if dir == dirEncrypt {
		b.encryptCBC(iv, dst, src)
	} else {
		b.decryptCBC(iv, dst, src)
	}
}
