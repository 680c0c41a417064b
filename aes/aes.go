package aes

import (
	"crypto/cipher"
	"errors"
	"unsafe"
)

// BlockSize is the AES block size in bytes.
const BlockSize = 16

// Config is an implementation of AES: [Small], [Fast], [Native] or
// [Default]. The
// configuration is the value itself, not a number to switch on: every entry
// point calls the implementation through the Config it is given, so a
// program that names only Small links none of Fast's code (and the
// reverse), as with CMOX's per-implementation algorithm constants or
// BearSSL's vtables. Only this package implements Config (it has
// unexported methods), and the values come from functions, which no other
// package can reassign. A nil Config is an error, never a panic.
type Config interface {
	// String returns "Small", "Fast" or "Native": the implementation that
	// runs (Native() and Default() say "Fast" on a processor without the
	// AES instructions, where they are Fast).
	String() string
	// Memory returns what this configuration keeps for a key of keyBits
	// bits (128, 192 or 256), or the zero Memory for another key size.
	Memory(keyBits int) Memory

	// The implementation. Arguments have been checked by the exported
	// entry point; each method does one whole operation, so that what it
	// keeps on the stack (the key schedule of a sole-buffer call) stays
	// there. Being interface calls, their pointer arguments escape: see
	// the package documentation, section Memory.

	// newBlock returns the cipher.Block for key.
	newBlock(key []byte) cipher.Block
	// encryptCBC and decryptCBC check the arguments other than the
	// configuration (soleArgs) and then encrypt or decrypt src into dst
	// (same length, a multiple of the block size) in CBC mode with a key
	// expanded on the stack. Two methods, not one with a direction, so
	// that a program that only encrypts links no decryption code. dst
	// and src are equal or do not overlap.
	encryptCBC(dst, key, iv, src []byte) error
	decryptCBC(dst, key, iv, src []byte) error
	// seal encrypts plaintext with PKCS#7 padding into out, which is
	// len(plaintext)&^15 + 16 bytes long.
	seal(out, key, iv, plaintext []byte)
	// newEncryptFlow and newDecryptFlow return a new data-flow context
	// (see CBC) sized for this configuration, a flow that encrypts or
	// decrypts. Two methods, not one with a direction, so that a data
	// flow that only encrypts links no decryption code (and the
	// reverse). Their result type is any, not flow, because a method's
	// signature puts its types' descriptors in every program that links
	// the Config interface: flow in the signature would add those of flow
	// and flowState, about 600 bytes of constant data, to a program that
	// only calls EncryptCBC.
	newEncryptFlow() any
	newDecryptFlow() any
}

// Memory is what a configuration keeps, in bytes (the shape every
// cryptolab package reports).
type Memory struct {
	// Key is the expanded key of one key: what a sole-buffer call holds
	// on its stack, and the part of a cipher.Block's key array the key
	// uses (the array has room for AES-256: a Small cipher.Block is 248
	// bytes, a Fast one 968, a Native one 488).
	Key int
	// Context is a CBC data flow in this configuration: the CBC value and
	// the context Init allocates for it, whatever the key size.
	Context int
	// Tables is the precomputed data the configuration links, shared by
	// every key: the 40-byte round-constant table (no configuration has
	// an S-box table: Small and Fast are bitsliced, Native runs the AES
	// instructions).
	Tables int
}

// Small returns the configuration that keeps the least memory per key and
// the least code: the bitslice32 strategy (bitslice32.go), 32-bit
// bitslicing, two blocks per pass, a 16-byte round key widened as it is
// used.
func Small() Config { return &bitslice32Config }

// Fast returns the configuration that spends memory on a pre-expanded
// bitsliced key and code on four MixColumns variants for speed: the
// fixslice64 strategy (fixslice64.go), 64-bit fixslicing, four blocks per
// pass.
func Fast() Config { return &fixslice64Config }

// Native returns the configuration that runs on the processor's AES
// instructions — AES-NI on amd64, the ARMv8 Cryptographic Extension on
// arm64 (native.go) — where the processor has them (checked at each call,
// through internal/cpu), and Fast() where it does not, or on another
// architecture, or with the purego build tag, which removes all assembly.
// Its String says which: "Native" or "Fast". Naming Native links Fast's
// code too, as its fallback.
func Native() Config {
	if c := nativeConfigValue(); c != nil {
		return c
	}
	return Fast()
}

// Default returns the configuration NewCipher uses and the one to pick
// without a reason to choose: Native(), which is Fast() where the
// processor lacks AES instructions (its String says "Native" or "Fast").
// Naming Default links Native's and Fast's code. See the package
// documentation for why.
func Default() Config { return Native() }

// keyBytes is the Key of Memory for roundKeyBytes bytes per round key.
func keyBytes(keyBits, roundKeyBytes int) int {
	if keyBits%8 != 0 {
		return 0
	}
	nr := rounds(keyBits / 8)
	if nr == 0 {
		return 0
	}
	return roundKeyBytes * (nr + 1)
}

// memory is Memory for a configuration with roundKeyBytes bytes per round
// key and data-flow contexts of flowBytes bytes.
func memory(keyBits, roundKeyBytes, flowBytes int) Memory {
	k := keyBytes(keyBits, roundKeyBytes)
	if k == 0 {
		return Memory{}
	}
	return Memory{Key: k, Context: int(unsafe.Sizeof(CBC{})) + flowBytes, Tables: int(unsafe.Sizeof(rcon))}
}

// ErrDecrypt is returned for every failure to decrypt with PKCS#7 padding:
// bad padding and a ciphertext length that is not a positive multiple of
// the block size alike, so that the error says nothing more about the
// plaintext.
var ErrDecrypt = errors.New("aes: decryption failed")

// errCTLength is ErrDecrypt with its reason (errors.Is(errCTLength,
// ErrDecrypt) holds). A type of its own rather than fmt.Errorf, which
// would link package fmt into every program that uses this package.
var errCTLength error = decryptError("aes: decryption failed: ciphertext length not a positive multiple of the block size")

type decryptError string

func (e decryptError) Error() string { return string(e) }
func (e decryptError) Unwrap() error { return ErrDecrypt }

var (
	errKeySize   = errors.New("aes: invalid key size (want 16, 24 or 32 bytes)")
	errIVSize    = errors.New("aes: invalid IV size (want 16 bytes)")
	errNilConfig = errors.New("aes: nil Config; use aes.Default(), aes.Small() or aes.Fast()")
	errNotBlocks = errors.New("aes: input not a multiple of the block size")
	errShortDst  = errors.New("aes: output smaller than input")
	errOverlap   = errors.New("aes: invalid buffer overlap")
	errNotInit   = errors.New("aes: CBC used before Init, or with an invalid configuration, direction or padding")
	errNoKey     = errors.New("aes: CBC used before SetKey")
	errNoIV      = errors.New("aes: CBC used before SetIV")
	errPartial   = errors.New("aes: CBC finished with a partial block and no padding")
)

// NewCipher returns the AES block cipher for key (16, 24 or 32 bytes) in
// the Default configuration, Native where the processor has AES
// instructions and Fast elsewhere: a program that calls it links both.
// Use NewCipherWithConfig(Small(), key) for Small alone.
func NewCipher(key []byte) (cipher.Block, error) {
	return NewCipherWithConfig(Default(), key)
}

// NewCipherWithConfig returns the AES block cipher for key (16, 24 or 32
// bytes) in configuration cfg. The value keeps cfg.Memory(bits).Key bytes
// of expanded key in an array sized for AES-256. Its Encrypt and Decrypt
// methods allocate nothing.
//
// As the cipher.Block interface has no error result, Encrypt and Decrypt
// panic, like the standard library's, if src or dst is shorter than a block
// or they overlap other than exactly. The value also offers the
// NewCBCEncrypter and NewCBCDecrypter methods that crypto/cipher looks for,
// so cipher.NewCBCDecrypter on it decrypts four blocks per pass in Fast.
func NewCipherWithConfig(cfg Config, key []byte) (cipher.Block, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	if rounds(len(key)) == 0 {
		return nil, errKeySize
	}
	return cfg.newBlock(key), nil
}

func checkBlock(dst, src []byte) {
	if len(src) < BlockSize {
		panic("aes: input not full block")
	}
	if len(dst) < BlockSize {
		panic("aes: output not full block")
	}
	if inexactOverlap(dst[:BlockSize], src[:BlockSize]) {
		panic("aes: invalid buffer overlap")
	}
}

// cbcBlock is a cipher.Block of this package that runs CBC over its own
// key schedule: *smallBlock, *fastBlock or *nativeBlock.
type cbcBlock interface {
	cryptCBC(dir direction, iv *[16]byte, dst, src []byte)
}

// cbcMode is the cipher.BlockMode that crypto/cipher's NewCBCEncrypter and
// NewCBCDecrypter return for this package's blocks (through their methods
// of the same names). It shares the block's key schedule.
type cbcMode struct {
	b   cbcBlock
	dir direction
	iv  [16]byte
}

func newCBCMode(b cbcBlock, dir direction, iv []byte) *cbcMode {
	if len(iv) != BlockSize {
		panic("cipher.NewCBC: IV length must equal block size")
	}
	m := &cbcMode{b: b, dir: dir}
	copy(m.iv[:], iv)
	return m
}

func (m *cbcMode) BlockSize() int { return BlockSize }

func (m *cbcMode) CryptBlocks(dst, src []byte) {
	if len(src)%BlockSize != 0 {
		panic("crypto/cipher: input not full blocks")
	}
	if len(dst) < len(src) {
		panic("crypto/cipher: output smaller than input")
	}
	if inexactOverlap(dst[:len(src)], src) {
		panic("crypto/cipher: invalid buffer overlap")
	}
	m.b.cryptCBC(m.dir, &m.iv, dst, src)
}

// SetIV resets the chaining value, as crypto/cipher's CBC modes allow.
func (m *cbcMode) SetIV(iv []byte) {
	if len(iv) != BlockSize {
		panic("cipher: incorrect length IV")
	}
	copy(m.iv[:], iv)
}
