package aes

import "github.com/cryptolab-go/cryptolab/internal/ct"

// CBC mode (NIST SP 800-38A, Section 6.2), as a sole-buffer call and as a
// data flow, with optional PKCS#7 padding (RFC 5652, Section 6.3).

// checkArgs validates the parts every CBC call shares.
func checkArgs(cfg Config, key, iv []byte) error {
	if cfg == nil {
		return errNilConfig
	}
	if rounds(len(key)) == 0 {
		return errKeySize
	}
	if len(iv) != BlockSize {
		return errIVSize
	}
	return nil
}

// sliceForAppend extends in by n bytes, reallocating only if its capacity
// is too small, and returns the whole slice and the n new bytes.
func sliceForAppend(in []byte, n int) (head, tail []byte) {
	if total := len(in) + n; cap(in) >= total {
		head = in[:total]
	} else {
		head = make([]byte, total)
		copy(head, in)
	}
	tail = head[len(in):]
	return
}

// EncryptCBC encrypts src into dst in CBC mode without padding: len(src)
// must be a multiple of BlockSize and len(dst) >= len(src). dst and src may
// alias exactly but not overlap otherwise. The key (16, 24 or 32 bytes) is
// expanded on the stack of cfg's implementation for this call and wiped;
// nothing is allocated (the buffers are passed through an interface call:
// see Memory in the package documentation). On error dst is untouched. A
// nil cfg is an error.
func EncryptCBC(cfg Config, dst, key, iv, src []byte) error {
	dst, err := soleArgs(cfg, dst, key, iv, src)
	if err != nil {
		return err
	}
	cfg.encryptCBC(dst, key, iv, src)
	return nil
}

// DecryptCBC decrypts src into dst in CBC mode without padding, under the
// same rules as EncryptCBC.
func DecryptCBC(cfg Config, dst, key, iv, src []byte) error {
	dst, err := soleArgs(cfg, dst, key, iv, src)
	if err != nil {
		return err
	}
	cfg.decryptCBC(dst, key, iv, src)
	return nil
}

// soleArgs checks the arguments of EncryptCBC and DecryptCBC and returns
// dst cut to the length of src. (Each of them then makes its own call, so
// that a program that only encrypts links no decryption code.)
func soleArgs(cfg Config, dst, key, iv, src []byte) ([]byte, error) {
	if err := checkArgs(cfg, key, iv); err != nil {
		return nil, err
	}
	if len(src)%BlockSize != 0 {
		return nil, errNotBlocks
	}
	if len(dst) < len(src) {
		return nil, errShortDst
	}
	dst = dst[:len(src)]
	if inexactOverlap(dst, src) {
		return nil, errOverlap
	}
	return dst, nil
}

// SealCBC encrypts plaintext in CBC mode with PKCS#7 padding and appends
// the ciphertext, len(plaintext)/16*16 + 16 bytes, to dst. To encrypt in
// place use plaintext[:0] as dst; other overlap between the appended bytes
// and plaintext is an error. It allocates only if dst lacks the capacity.
func SealCBC(cfg Config, dst, key, iv, plaintext []byte) ([]byte, error) {
	if err := checkArgs(cfg, key, iv); err != nil {
		return dst, err
	}
	ret, out := sliceForAppend(dst, len(plaintext)&^(BlockSize-1)+BlockSize)
	if inexactOverlap(out, plaintext) {
		return dst, errOverlap
	}
	cfg.seal(out, key, iv, plaintext)
	return ret, nil
}

// pkcs7Pad writes the last block of a padded message into last: the
// trailing len(plaintext)%16 bytes, then p copies of p (1 <= p <= 16). It
// returns the length of the whole blocks before it.
func pkcs7Pad(last *[16]byte, plaintext []byte) int {
	full := len(plaintext) &^ (BlockSize - 1)
	r := copy(last[:], plaintext[full:])
	for i := r; i < BlockSize; i++ {
		last[i] = byte(BlockSize - r)
	}
	return full
}

// OpenCBC decrypts ciphertext in CBC mode, checks and removes the PKCS#7
// padding, and appends the plaintext to dst. Every padding or length
// failure returns ErrDecrypt (errors.Is) and leaves dst untouched: the
// final blocks are decrypted and the padding checked in constant time
// before anything is written. To decrypt in place use ciphertext[:0] as
// dst.
func OpenCBC(cfg Config, dst, key, iv, ciphertext []byte) ([]byte, error) {
	if err := checkArgs(cfg, key, iv); err != nil {
		return dst, err
	}
	if n := len(ciphertext); n == 0 || n%BlockSize != 0 {
		return dst, errCTLength
	}
	return cfg.open(dst, key, iv, ciphertext)
}

// openTail prepares the first step of OpenCBC in a configuration that
// decrypts len(tail)/16 blocks per pass: the tail is the last group of
// blocks one pass handles (1 to len(tail)/16), so that the head is whole
// passes and the tail costs no extra pass. It sets v to the chaining value
// that precedes the tail and returns the length of the head and the part of
// tail to decrypt the tail into (on the caller's stack).
func openTail(v *[16]byte, tail []byte, iv, ciphertext []byte) (head int, t []byte) {
	n := len(ciphertext)
	tn := (n-BlockSize)%len(tail) + BlockSize
	head = n - tn
	if head == 0 {
		copy(v[:], iv)
	} else {
		copy(v[:], ciphertext[head-BlockSize:head])
	}
	return head, tail[:tn]
}

// openUnpad is the second step of OpenCBC: given the decrypted tail t, it
// checks the padding of its last block in constant time, then sizes the
// output, writes the tail's plaintext after the head's place and returns
// the whole slice and the head's place, which the caller decrypts into. On
// failure dst is untouched.
func openUnpad(dst, ciphertext, t []byte) (ret, head []byte, err error) {
	pad, ok := pkcs7Unpad((*[16]byte)(t[len(t)-BlockSize:]))
	if ok != 1 {
		return dst, nil, ErrDecrypt
	}
	n := len(ciphertext)
	ret, out := sliceForAppend(dst, n-pad)
	if inexactOverlap(out, ciphertext) {
		return dst, nil, errOverlap
	}
	h := n - len(t)
	copy(out[h:], t[:len(t)-pad])
	return ret, out[:h], nil
}

// pkcs7Unpad checks, in constant time over the whole block, that b ends in
// PKCS#7 padding: a last byte p with 1 <= p <= 16 and the last p bytes all
// equal to p. It returns p and 1 if so, 0 and 0 otherwise.
func pkcs7Unpad(b *[16]byte) (int, uint32) {
	p := uint32(b[15])
	good := (1 ^ ct.IsZero32(p)) & ct.Less32(p, BlockSize+1)
	var bad uint32
	for i := range BlockSize {
		inPad := ct.Less32(uint32(BlockSize-1-i), p) // i >= 16 - p
		bad |= ct.Mask32(inPad) & (uint32(b[i]) ^ p)
	}
	good &= ct.IsZero32(bad)
	return int(p & ct.Mask32(good)), good
}

// Direction says whether a CBC data flow encrypts or decrypts.
type Direction uint8

const (
	Encrypt Direction = iota + 1
	Decrypt
)

// Padding says whether a CBC data flow adds and removes PKCS#7 padding.
type Padding uint8

const (
	NoPadding Padding = iota
	PKCS7
)

// CBC is a CBC encryption or decryption as a data flow: Init, SetKey,
// SetIV, then Append for every chunk of any size, then Finish. No call
// allocates when dst has the capacity.
//
// Memory: a CBC value is 1,016 bytes on 64-bit platforms whatever its
// configuration, as its key array has room for a Fast AES-256 schedule
// (960 bytes). Of these a message uses CBCUsedBytes: the configuration's
// KeyBytes, the 16-byte chaining value, the 16-byte partial-block buffer
// and 24 bytes of state (the Config and counters), so 232, 264 or 296 bytes
// for Small (AES-128, -192, -256) and 760, 888 or 1,016 for Fast; the rest
// of the key array stays zero. Holding the array inline keeps CBC a plain
// value, one type for both configurations, at the price of up to 784
// unused bytes in Small.
//
// The methods reach the implementation through the Config given to Init,
// an interface call, so the compiler cannot prove that the value does not
// escape: a CBC declared as a local variable is moved to the heap, one
// allocation by its owner for the value's lifetime. Init, SetKey, SetIV,
// Append and Finish on an existing value allocate nothing (TestAllocs).
//
// The zero value is unusable until Init; every misuse — no Init, a nil
// Config, no key, no IV, a bad key or IV size — returns an error and
// changes nothing.
//
// Append encrypts or decrypts every block the chunk completes and buffers
// the rest (up to 16 bytes). With PKCS7 decryption it also holds back the
// last complete block, which Finish decrypts and unpads. Finish returns
// ErrDecrypt for any padding failure or a length that is not a positive
// multiple of 16; as with any streaming decryption, the output Append
// already released must then be discarded.
//
// SetKey and SetIV start a new message (buffered input is dropped). Finish
// wipes the key schedule, IV and buffer whatever its outcome; call SetKey
// and SetIV again for another message. The bytes Append and Finish append
// to dst must not overlap chunk.
type CBC struct {
	cfg   Config
	rk    [fastRoundKeyWords]uint64 // Fast uses 8*(Nr+1) words, Small 2*(Nr+1)
	iv    [16]byte
	buf   [16]byte
	n     uint8 // bytes buffered in buf
	nr    uint8 // Nr of the key
	dir   Direction
	pad   Padding
	init  bool
	keyed bool
	ivSet bool
}

// cbcSize is the size of a CBC value on 64-bit platforms, as documented
// (TestMemory checks it).
const cbcSize = 1016

// CBCUsedBytes returns the bytes of a CBC value that a message in cfg
// with a key of keyBits bits uses (see CBC, Memory), or 0 for a nil Config
// or another key size. The lab reports it as the data flow's working
// memory.
func CBCUsedBytes(cfg Config, keyBits int) int {
	if cfg == nil {
		return 0
	}
	k := cfg.KeyBytes(keyBits)
	if k == 0 {
		return 0
	}
	return cbcSize - 8*fastRoundKeyWords + k
}

// Init prepares s for a message in configuration cfg, direction dir and
// padding pad, wiping anything s held. An invalid argument is reported by
// the next call.
func (s *CBC) Init(cfg Config, dir Direction, pad Padding) {
	s.reset()
	s.cfg = cfg
	s.dir, s.pad = dir, pad
	s.init = cfg != nil && (dir == Encrypt || dir == Decrypt) && (pad == NoPadding || pad == PKCS7)
}

func (s *CBC) reset() {
	clear(s.rk[:])
	s.nr = 0
	clear(s.iv[:])
	clear(s.buf[:])
	s.n = 0
	s.keyed, s.ivSet = false, false
}

func (s *CBC) initErr() error {
	if s.init {
		return nil
	}
	if s.cfg == nil && s.dir != 0 {
		return errNilConfig // Init(nil, ...)
	}
	return errNotInit
}

// SetKey expands key (16, 24 or 32 bytes) into s, wiping any previous key.
func (s *CBC) SetKey(key []byte) error {
	if err := s.initErr(); err != nil {
		return err
	}
	if rounds(len(key)) == 0 {
		return errKeySize
	}
	s.reset()
	s.nr = uint8(s.cfg.flowSetKey(&s.rk, key))
	s.keyed = true
	return nil
}

// SetIV sets the 16-byte initialization vector and starts a message.
func (s *CBC) SetIV(iv []byte) error {
	if err := s.initErr(); err != nil {
		return err
	}
	if len(iv) != BlockSize {
		return errIVSize
	}
	copy(s.iv[:], iv)
	clear(s.buf[:])
	s.n = 0
	s.ivSet = true
	return nil
}

func (s *CBC) ready() error {
	if err := s.initErr(); err != nil {
		return err
	}
	switch {
	case !s.keyed:
		return errNoKey
	case !s.ivSet:
		return errNoIV
	}
	return nil
}

func (s *CBC) crypt(dst, src []byte) {
	if s.dir == Encrypt {
		s.cfg.flowEncrypt(&s.rk, int(s.nr), &s.iv, dst, src)
	} else {
		s.cfg.flowDecrypt(&s.rk, int(s.nr), &s.iv, dst, src)
	}
}

// Append processes chunk and appends the output of every block it
// completes to dst.
func (s *CBC) Append(dst, chunk []byte) ([]byte, error) {
	if err := s.ready(); err != nil {
		return dst, err
	}
	total := int(s.n) + len(chunk)
	outLen := total &^ (BlockSize - 1)
	if s.dir == Decrypt && s.pad == PKCS7 && outLen == total && total > 0 {
		outLen -= BlockSize // hold back what may be the last block
	}
	ret, out := sliceForAppend(dst, outLen)
	if anyOverlap(out, chunk) {
		return dst, errOverlap
	}
	if outLen == 0 {
		s.n += uint8(copy(s.buf[s.n:], chunk))
		return ret, nil
	}
	o := 0
	if s.n > 0 {
		k := copy(s.buf[s.n:], chunk)
		chunk = chunk[k:]
		s.crypt(out[:BlockSize], s.buf[:])
		o = BlockSize
	}
	m := outLen - o
	s.crypt(out[o:], chunk[:m])
	s.n = uint8(copy(s.buf[:], chunk[m:]))
	return ret, nil
}

// Finish appends the remaining output: with PKCS7, the padded last block
// (encryption) or the unpadded last plaintext block (decryption). Without
// padding it fails if a partial block remains. It then wipes s's key, IV
// and buffer.
func (s *CBC) Finish(dst []byte) ([]byte, error) {
	if err := s.ready(); err != nil {
		return dst, err
	}
	defer s.reset()
	if s.pad == NoPadding {
		if s.n != 0 {
			return dst, errPartial
		}
		return dst, nil
	}
	if s.dir == Encrypt {
		for i := int(s.n); i < BlockSize; i++ {
			s.buf[i] = BlockSize - s.n
		}
		ret, out := sliceForAppend(dst, BlockSize)
		s.crypt(out, s.buf[:])
		return ret, nil
	}
	if s.n != BlockSize {
		return dst, errCTLength
	}
	// In place: a stack buffer would escape through the interface call.
	// The deferred reset wipes the plaintext.
	s.crypt(s.buf[:], s.buf[:])
	pad, ok := pkcs7Unpad(&s.buf)
	if ok != 1 {
		return dst, ErrDecrypt
	}
	ret, out := sliceForAppend(dst, BlockSize-pad)
	copy(out, s.buf[:])
	return ret, nil
}
