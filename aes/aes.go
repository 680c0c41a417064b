package aes

import (
	"crypto/cipher"
	"errors"
	"fmt"
	"strconv"
)

// BlockSize is the AES block size in bytes.
const BlockSize = 16

// Config selects an implementation. See the package documentation for how
// the configurations compare.
type Config uint8

const (
	// Default is the best balance; it is Fast.
	Default Config = iota
	// Small keeps the least memory per key and the least code.
	Small
	// Fast spends memory on a pre-expanded bitsliced key for speed.
	Fast
)

// String returns "Default", "Small" or "Fast".
func (c Config) String() string {
	switch c {
	case Default:
		return "Default"
	case Small:
		return "Small"
	case Fast:
		return "Fast"
	}
	return "Config(" + strconv.Itoa(int(c)) + ")"
}

// resolve maps Default to the configuration it stands for and reports
// whether c is known.
func (c Config) resolve() (Config, bool) {
	switch c {
	case Default, Fast:
		return Fast, true
	case Small:
		return Small, true
	}
	return c, false
}

// KeyBytes returns the number of bytes of expanded key material this
// configuration keeps per key of keyBits bits (128, 192 or 256), or 0 for
// another key size or an unknown configuration: 16*(Nr+1) for Small
// (176, 208, 240) and 64*(Nr+1) for Fast and Default (704, 832, 960).
// Values that hold a key reserve room for the largest key size.
func (c Config) KeyBytes(keyBits int) int {
	if keyBits%8 != 0 {
		return 0
	}
	nr := rounds(keyBits / 8)
	rc, ok := c.resolve()
	if nr == 0 || !ok {
		return 0
	}
	if rc == Small {
		return 16 * (nr + 1)
	}
	return 64 * (nr + 1)
}

// ErrDecrypt is returned for every failure to decrypt with PKCS#7 padding:
// bad padding and a ciphertext length that is not a positive multiple of
// the block size alike, so that the error says nothing more about the
// plaintext.
var ErrDecrypt = errors.New("aes: decryption failed")

var (
	errKeySize   = errors.New("aes: invalid key size (want 16, 24 or 32 bytes)")
	errIVSize    = errors.New("aes: invalid IV size (want 16 bytes)")
	errConfig    = errors.New("aes: unknown configuration")
	errNotBlocks = errors.New("aes: input not a multiple of the block size")
	errShortDst  = errors.New("aes: output smaller than input")
	errOverlap   = errors.New("aes: invalid buffer overlap")
	errCTLength  = fmt.Errorf("%w: ciphertext length not a positive multiple of the block size", ErrDecrypt)
	errNotInit   = errors.New("aes: CBC used before Init, or with an invalid configuration, direction or padding")
	errNoKey     = errors.New("aes: CBC used before SetKey")
	errNoIV      = errors.New("aes: CBC used before SetIV")
	errPartial   = errors.New("aes: CBC finished with a partial block and no padding")
)

// schedule is an expanded key in either configuration: Fast uses all of rk
// (64 bytes per round key), Small the first 2*(Nr+1) words (16 bytes per
// round key). 968 bytes, room for AES-256 in Fast.
type schedule struct {
	rk  [fastRoundKeyWords]uint64
	nr  int
	cfg Config // Small or Fast, never Default
}

// setKey expands key for cfg (already resolved). The caller checked key.
func (s *schedule) setKey(cfg Config, key []byte) {
	s.cfg = cfg
	if cfg == Small {
		s.nr = smallExpandKey((*[smallRoundKeyWords]uint64)(s.rk[:smallRoundKeyWords]), key)
	} else {
		s.nr = fastExpandKey(&s.rk, key)
	}
}

func (s *schedule) wipe() {
	clear(s.rk[:])
	s.nr = 0
}

func (s *schedule) encryptCBC(iv *[16]byte, dst, src []byte) {
	if s.cfg == Small {
		smallEncryptCBC(s.rk[:smallRoundKeyWords], s.nr, iv, dst, src)
	} else {
		fastEncryptCBC(s.rk[:], s.nr, iv, dst, src)
	}
}

func (s *schedule) decryptCBC(iv *[16]byte, dst, src []byte) {
	if s.cfg == Small {
		smallDecryptCBC(s.rk[:smallRoundKeyWords], s.nr, iv, dst, src)
	} else {
		fastDecryptCBC(s.rk[:], s.nr, iv, dst, src)
	}
}

// NewCipher returns the AES block cipher for key (16, 24 or 32 bytes) in
// the Default configuration.
func NewCipher(key []byte) (cipher.Block, error) {
	return NewCipherWithConfig(key, Default)
}

// NewCipherWithConfig returns the AES block cipher for key (16, 24 or 32
// bytes) in configuration cfg. The value keeps cfg.KeyBytes of expanded key
// in an array sized for AES-256. Its Encrypt and Decrypt methods allocate
// nothing.
//
// As the cipher.Block interface has no error result, Encrypt and Decrypt
// panic, like the standard library's, if src or dst is shorter than a block
// or they overlap other than exactly. The value also offers the
// NewCBCEncrypter and NewCBCDecrypter methods that crypto/cipher looks for,
// so cipher.NewCBCDecrypter on it decrypts four blocks per pass in Fast.
func NewCipherWithConfig(key []byte, cfg Config) (cipher.Block, error) {
	rc, ok := cfg.resolve()
	if !ok {
		return nil, errConfig
	}
	if rounds(len(key)) == 0 {
		return nil, errKeySize
	}
	if rc == Small {
		b := new(smallBlock)
		b.nr = smallExpandKey(&b.rk, key)
		return b, nil
	}
	b := new(fastBlock)
	b.nr = fastExpandKey(&b.rk, key)
	return b, nil
}

// smallBlock is cipher.Block in the Small configuration: 240 bytes of key
// array plus Nr.
type smallBlock struct {
	rk [smallRoundKeyWords]uint64
	nr int
}

// fastBlock is cipher.Block in the Fast configuration: 960 bytes of key
// array plus Nr.
type fastBlock struct {
	rk [fastRoundKeyWords]uint64
	nr int
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

func (b *smallBlock) BlockSize() int { return BlockSize }

func (b *smallBlock) Encrypt(dst, src []byte) {
	checkBlock(dst, src)
	smallEncryptBlocks(b.rk[:], b.nr, dst[:BlockSize], src[:BlockSize])
}

func (b *smallBlock) Decrypt(dst, src []byte) {
	checkBlock(dst, src)
	smallDecryptBlocks(b.rk[:], b.nr, dst[:BlockSize], src[:BlockSize])
}

func (b *fastBlock) BlockSize() int { return BlockSize }

func (b *fastBlock) Encrypt(dst, src []byte) {
	checkBlock(dst, src)
	fastEncryptBlocks(b.rk[:], b.nr, dst[:BlockSize], src[:BlockSize])
}

func (b *fastBlock) Decrypt(dst, src []byte) {
	checkBlock(dst, src)
	fastDecryptBlocks(b.rk[:], b.nr, dst[:BlockSize], src[:BlockSize])
}

// NewCBCEncrypter is found by cipher.NewCBCEncrypter.
func (b *smallBlock) NewCBCEncrypter(iv []byte) cipher.BlockMode {
	return newCBCMode(b.rk[:], b.nr, Small, Encrypt, iv)
}

// NewCBCDecrypter is found by cipher.NewCBCDecrypter.
func (b *smallBlock) NewCBCDecrypter(iv []byte) cipher.BlockMode {
	return newCBCMode(b.rk[:], b.nr, Small, Decrypt, iv)
}

// NewCBCEncrypter is found by cipher.NewCBCEncrypter.
func (b *fastBlock) NewCBCEncrypter(iv []byte) cipher.BlockMode {
	return newCBCMode(b.rk[:], b.nr, Fast, Encrypt, iv)
}

// NewCBCDecrypter is found by cipher.NewCBCDecrypter.
func (b *fastBlock) NewCBCDecrypter(iv []byte) cipher.BlockMode {
	return newCBCMode(b.rk[:], b.nr, Fast, Decrypt, iv)
}

// cbcMode is the cipher.BlockMode returned through crypto/cipher. It shares
// the block's key schedule.
type cbcMode struct {
	rk  []uint64
	nr  int
	cfg Config
	dir Direction
	iv  [16]byte
}

func newCBCMode(rk []uint64, nr int, cfg Config, dir Direction, iv []byte) *cbcMode {
	if len(iv) != BlockSize {
		panic("cipher.NewCBC: IV length must equal block size")
	}
	m := &cbcMode{rk: rk, nr: nr, cfg: cfg, dir: dir}
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
	switch {
	case m.cfg == Small && m.dir == Encrypt:
		smallEncryptCBC(m.rk, m.nr, &m.iv, dst, src)
	case m.cfg == Small:
		smallDecryptCBC(m.rk, m.nr, &m.iv, dst, src)
	case m.dir == Encrypt:
		fastEncryptCBC(m.rk, m.nr, &m.iv, dst, src)
	default:
		fastDecryptCBC(m.rk, m.nr, &m.iv, dst, src)
	}
}

// SetIV resets the chaining value, as crypto/cipher's CBC modes allow.
func (m *cbcMode) SetIV(iv []byte) {
	if len(iv) != BlockSize {
		panic("cipher: incorrect length IV")
	}
	copy(m.iv[:], iv)
}
