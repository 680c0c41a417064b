package aes

import "github.com/cryptolab-go/cryptolab/internal/ct"

// CBC mode (NIST SP 800-38A, Section 6.2), as a sole-buffer call and as a
// data flow, with optional PKCS#7 padding (RFC 5652, Section 6.3).

// checkArgs validates the parts every CBC call shares.
func checkArgs(cfg Config, key, iv []byte) (Config, error) {
	rc, ok := cfg.resolve()
	if !ok {
		return rc, errConfig
	}
	if rounds(len(key)) == 0 {
		return rc, errKeySize
	}
	if len(iv) != BlockSize {
		return rc, errIVSize
	}
	return rc, nil
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
// expanded on the stack for this call and wiped; nothing is allocated. On
// error dst is untouched.
func EncryptCBC(cfg Config, dst, key, iv, src []byte) error {
	return soleCBC(cfg, Encrypt, dst, key, iv, src)
}

// DecryptCBC decrypts src into dst in CBC mode without padding, under the
// same rules as EncryptCBC.
func DecryptCBC(cfg Config, dst, key, iv, src []byte) error {
	return soleCBC(cfg, Decrypt, dst, key, iv, src)
}

func soleCBC(cfg Config, dir Direction, dst, key, iv, src []byte) error {
	rc, err := checkArgs(cfg, key, iv)
	if err != nil {
		return err
	}
	if len(src)%BlockSize != 0 {
		return errNotBlocks
	}
	if len(dst) < len(src) {
		return errShortDst
	}
	dst = dst[:len(src)]
	if inexactOverlap(dst, src) {
		return errOverlap
	}
	var v [16]byte
	copy(v[:], iv)
	if rc == Small {
		// Small keeps its 240-byte schedule on the stack.
		var rk [smallRoundKeyWords]uint64
		nr := smallExpandKey(&rk, key)
		if dir == Encrypt {
			smallEncryptCBC(rk[:], nr, &v, dst, src)
		} else {
			smallDecryptCBC(rk[:], nr, &v, dst, src)
		}
		clear(rk[:])
		return nil
	}
	var rk [fastRoundKeyWords]uint64
	nr := fastExpandKey(&rk, key)
	if dir == Encrypt {
		fastEncryptCBC(rk[:], nr, &v, dst, src)
	} else {
		fastDecryptCBC(rk[:], nr, &v, dst, src)
	}
	clear(rk[:])
	return nil
}

// SealCBC encrypts plaintext in CBC mode with PKCS#7 padding and appends
// the ciphertext, len(plaintext)/16*16 + 16 bytes, to dst. To encrypt in
// place use plaintext[:0] as dst; other overlap between the appended bytes
// and plaintext is an error. It allocates only if dst lacks the capacity.
func SealCBC(cfg Config, dst, key, iv, plaintext []byte) ([]byte, error) {
	rc, err := checkArgs(cfg, key, iv)
	if err != nil {
		return dst, err
	}
	full := len(plaintext) &^ (BlockSize - 1)
	ret, out := sliceForAppend(dst, full+BlockSize)
	if inexactOverlap(out, plaintext) {
		return dst, errOverlap
	}
	// The last block: the trailing bytes, then p copies of p (1 <= p <= 16).
	var last [16]byte
	r := copy(last[:], plaintext[full:])
	for i := r; i < BlockSize; i++ {
		last[i] = byte(BlockSize - r)
	}
	var s schedule
	s.setKey(rc, key)
	var v [16]byte
	copy(v[:], iv)
	s.encryptCBC(&v, out[:full], plaintext[:full])
	s.encryptCBC(&v, out[full:], last[:])
	s.wipe()
	clear(last[:])
	return ret, nil
}

// OpenCBC decrypts ciphertext in CBC mode, checks and removes the PKCS#7
// padding, and appends the plaintext to dst. Every padding or length
// failure returns ErrDecrypt (errors.Is) and leaves dst untouched: the
// final blocks are decrypted and the padding checked in constant time
// before anything is written. To decrypt in place use ciphertext[:0] as
// dst.
func OpenCBC(cfg Config, dst, key, iv, ciphertext []byte) ([]byte, error) {
	rc, err := checkArgs(cfg, key, iv)
	if err != nil {
		return dst, err
	}
	n := len(ciphertext)
	if n == 0 || n%BlockSize != 0 {
		return dst, errCTLength
	}
	var s schedule
	s.setKey(rc, key)
	defer s.wipe()

	// Decrypt the tail first, into the stack: the last group of blocks that
	// one pass handles (up to 4 in Fast, 2 in Small), so that the head is
	// whole passes and the tail costs no extra pass.
	lanes := 4
	if rc == Small {
		lanes = 2
	}
	nb := n / BlockSize
	tb := (nb-1)%lanes + 1
	head := n - tb*BlockSize
	var tail [64]byte
	var v [16]byte
	if head == 0 {
		copy(v[:], iv)
	} else {
		copy(v[:], ciphertext[head-BlockSize:head])
	}
	s.decryptCBC(&v, tail[:tb*BlockSize], ciphertext[head:])
	pad, ok := pkcs7Unpad((*[16]byte)(tail[(tb-1)*BlockSize : tb*BlockSize]))
	if ok != 1 {
		clear(tail[:])
		return dst, ErrDecrypt
	}
	ret, out := sliceForAppend(dst, n-pad)
	if inexactOverlap(out, ciphertext) {
		clear(tail[:])
		return dst, errOverlap
	}
	copy(v[:], iv)
	s.decryptCBC(&v, out[:head], ciphertext[:head])
	copy(out[head:], tail[:tb*BlockSize-pad])
	clear(tail[:])
	return ret, nil
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
// SetIV, then Append for every chunk of any size, then Finish. It is a
// plain value that can live on the stack; no call allocates when dst has
// the capacity. Its size, 1,024 bytes on 64-bit platforms, is the same for
// both configurations: room for a Fast AES-256 schedule (960 bytes), of
// which Small uses at most 240.
//
// The zero value is unusable until Init; every misuse — no Init, no key,
// no IV, a bad key or IV size — returns an error and changes nothing.
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
	s     schedule
	iv    [16]byte
	buf   [16]byte
	n     int // bytes buffered in buf
	dir   Direction
	pad   Padding
	init  bool
	keyed bool
	ivSet bool
}

// Init prepares s for a message in configuration cfg, direction dir and
// padding pad, wiping anything s held. An invalid argument is reported by
// the next call.
func (s *CBC) Init(cfg Config, dir Direction, pad Padding) {
	s.reset()
	rc, ok := cfg.resolve()
	s.s.cfg = rc
	s.dir, s.pad = dir, pad
	s.init = ok && (dir == Encrypt || dir == Decrypt) && (pad == NoPadding || pad == PKCS7)
}

func (s *CBC) reset() {
	s.s.wipe()
	clear(s.iv[:])
	clear(s.buf[:])
	s.n = 0
	s.keyed, s.ivSet = false, false
}

// SetKey expands key (16, 24 or 32 bytes) into s, wiping any previous key.
func (s *CBC) SetKey(key []byte) error {
	if !s.init {
		return errNotInit
	}
	if rounds(len(key)) == 0 {
		return errKeySize
	}
	s.reset()
	s.s.setKey(s.s.cfg, key)
	s.keyed = true
	return nil
}

// SetIV sets the 16-byte initialization vector and starts a message.
func (s *CBC) SetIV(iv []byte) error {
	if !s.init {
		return errNotInit
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
	switch {
	case !s.init:
		return errNotInit
	case !s.keyed:
		return errNoKey
	case !s.ivSet:
		return errNoIV
	}
	return nil
}

func (s *CBC) crypt(dst, src []byte) {
	if s.dir == Encrypt {
		s.s.encryptCBC(&s.iv, dst, src)
	} else {
		s.s.decryptCBC(&s.iv, dst, src)
	}
}

// Append processes chunk and appends the output of every block it
// completes to dst.
func (s *CBC) Append(dst, chunk []byte) ([]byte, error) {
	if err := s.ready(); err != nil {
		return dst, err
	}
	total := s.n + len(chunk)
	outLen := total &^ (BlockSize - 1)
	if s.dir == Decrypt && s.pad == PKCS7 && outLen == total && total > 0 {
		outLen -= BlockSize // hold back what may be the last block
	}
	ret, out := sliceForAppend(dst, outLen)
	if anyOverlap(out, chunk) {
		return dst, errOverlap
	}
	if outLen == 0 {
		s.n += copy(s.buf[s.n:], chunk)
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
	s.n = copy(s.buf[:], chunk[m:])
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
		for i := s.n; i < BlockSize; i++ {
			s.buf[i] = byte(BlockSize - s.n)
		}
		ret, out := sliceForAppend(dst, BlockSize)
		s.crypt(out, s.buf[:])
		return ret, nil
	}
	if s.n != BlockSize {
		return dst, errCTLength
	}
	var b [16]byte
	s.crypt(b[:], s.buf[:])
	pad, ok := pkcs7Unpad(&b)
	if ok != 1 {
		clear(b[:])
		return dst, ErrDecrypt
	}
	ret, out := sliceForAppend(dst, BlockSize-pad)
	copy(out, b[:])
	clear(b[:])
	return ret, nil
}
