package aes

import (
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/ct"
)

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
//
// Stack knob: the implementation checks the other arguments (soleArgs), so
// that EncryptCBC is small enough for the compiler to inline into its
// caller and adds no frame of its own: its frame, mostly spill space for
// the four slices it passes on, was 136 bytes of the sole call's stack.
func EncryptCBC(cfg Config, dst, key, iv, src []byte) error {
	if cfg == nil {
		return errNilConfig
	}
	return cfg.encryptCBC(dst, key, iv, src)
}

// DecryptCBC decrypts src into dst in CBC mode without padding, under the
// same rules as EncryptCBC (and inlined like it).
func DecryptCBC(cfg Config, dst, key, iv, src []byte) error {
	if cfg == nil {
		return errNilConfig
	}
	return cfg.decryptCBC(dst, key, iv, src)
}

// soleArgs checks the arguments of EncryptCBC and DecryptCBC, the
// configuration aside; each configuration's encryptCBC and decryptCBC call
// it first and then use dst[:len(src)].
//
// Stack knob: the lengths of key and iv, not the slices, and an error
// alone as the result, so that its arguments (eight words) fit in the
// spill space its callers reserve anyway for their own next call: with
// four slices in and dst out it made Small's encryptCBC frame 48 bytes
// larger.
func soleArgs(dst, src []byte, keyLen, ivLen int) error {
	if rounds(keyLen) == 0 {
		return errKeySize
	}
	if ivLen != BlockSize {
		return errIVSize
	}
	if len(src)%BlockSize != 0 {
		return errNotBlocks
	}
	if len(dst) < len(src) {
		return errShortDst
	}
	if inexactOverlap(dst[:len(src)], src) {
		return errOverlap
	}
	return nil
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
// padding, and appends the plaintext to dst. To decrypt in place use
// ciphertext[:0] as dst; other overlap between dst's spare capacity and
// ciphertext is an error. It allocates only if dst lacks the capacity for
// len(ciphertext) bytes.
//
// CBC is not authenticated: OpenCBC must only see ciphertexts whose MAC
// has been checked first (encrypt-then-MAC; see the package
// documentation). Even so it gives no padding oracle: the argument checks
// (configuration, key and IV sizes, a length that is not a positive
// multiple of 16, overlap) depend only on public lengths and addresses and
// come first; then the whole ciphertext is decrypted into dst's spare
// capacity, the padding is checked in constant time, and the output is
// masked in constant time, so that on a padding failure it is all zero.
// Every padding or length failure returns ErrDecrypt (errors.Is) after the
// same work; dst[:len(dst)] is never changed. The returned slice and error
// are selected with masks, not a branch on the padding's outcome: on a
// padding failure the slice is dst (nil if dst had no capacity), or dst's
// bytes in a new array if dst had some capacity but not enough.
func OpenCBC(cfg Config, dst, key, iv, ciphertext []byte) ([]byte, error) {
	if err := checkArgs(cfg, key, iv); err != nil {
		return dst, err
	}
	n := len(ciphertext)
	if n == 0 || n%BlockSize != 0 {
		return dst, errCTLength
	}
	ret, out := sliceForAppend(dst, n)
	if inexactOverlap(out, ciphertext) {
		return dst, errOverlap
	}
	// The arguments are checked: decryptCBC's own check cannot fail.
	_ = cfg.decryptCBC(out, key, iv, ciphertext)
	pad, ok := pkcs7Unpad((*[16]byte)(out[n-BlockSize:]))
	maskBytes(out, ok)
	return unpadResult(ret, dst, pad, ok)
}

// unpadResult returns the result of an unpadding call that appended to
// dst, without a branch on its outcome ok: ret less its last pad bytes and
// nil if ok is 1; dst and ErrDecrypt if ok is 0. Everything is selected
// with masks: the length, the two words of the error interface (a word
// cleared to 0 is nil) and, when dst had no capacity (nil), the pointer and
// capacity of the slice, so that a failure returns nil. pad is 0 when ok
// is 0 (pkcs7Unpad masks it). internal/ctasm checks its machine code for
// conditional jumps.
//
// When dst had some capacity but not enough, a failure returns dst's bytes
// in ret's new array (ret[:len(dst)]): choosing between the two arrays
// would take a branch.
func unpadResult(ret, dst []byte, pad int, ok uint32) ([]byte, error) {
	n0 := len(dst)
	res := ret[:n0+(len(ret)-n0-pad)&-int(ok)]             // -int(ok): all ones if ok
	clr := -uintptr(ok)                                    // all ones if ok: clears the error
	drop := ^clr & -uintptr(ct.IsZero64(uint64(cap(dst)))) // all ones if !ok and dst had no capacity
	err := ErrDecrypt
	e := (*[2]unsafe.Pointer)(unsafe.Pointer(&err)) // an interface value is two pointer words
	e[0] = unsafe.Pointer(uintptr(e[0]) &^ clr)
	e[1] = unsafe.Pointer(uintptr(e[1]) &^ clr)
	h := (*struct {
		data     unsafe.Pointer
		len, cap int
	})(unsafe.Pointer(&res)) // a slice value: pointer, length, capacity
	h.data = unsafe.Pointer(uintptr(h.data) &^ drop)
	h.cap &^= int(drop) // the length is already 0
	return res, err
}

// maskBytes keeps b if ok is 1 and zeroes it if ok is 0, with the same
// work either way.
func maskBytes(b []byte, ok uint32) {
	m := byte(ct.Mask32(ok))
	for i := range b {
		b[i] &= m
	}
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

// direction says whether a CBC data flow (or a cipher.BlockMode of this
// package) encrypts or decrypts.
type direction uint8

const (
	dirEncrypt direction = iota + 1
	dirDecrypt
)

// Padding says whether a CBC data flow adds and removes PKCS#7 padding.
type Padding uint8

const (
	NoPadding Padding = iota
	PKCS7
)

// CBC is a CBC encryption or decryption as a data flow: InitEncrypt or
// InitDecrypt ("Init" below), SetKey, SetIV, then Append for every chunk
// of any size, then Finish. No call allocates when dst has the capacity,
// except the first Init of a value in a configuration and direction (see
// Memory).
//
// Memory: Init gives the value a context sized for its configuration
// (one allocation, kept by later Inits in the same configuration and
// direction): the
// expanded key (an array with room for AES-256), the chaining value and
// the partial-block buffer. Config.Memory(bits).Context gives the total
// with the CBC value itself: 328 bytes for Small and 1,048 for Fast on
// 64-bit platforms, whatever the key size. The context is reached through
// the configuration's implementation, so the CBC value itself can stay on
// the caller's stack. Init, SetKey, SetIV, Append and Finish on an
// existing value allocate nothing (TestAllocs). Speed knob: the CBC value
// keeps a pointer to the context's chaining value and buffer (8 bytes),
// so that Append makes one interface call, not two: about 1.3 ns of a
// 128-byte chunk's 15 with Native (the lab's 8,000-byte message in
// 128-byte chunks, AES-128: 1,002 -> 923 ns).
//
// The direction is chosen by the method, not by an argument, so that a
// program that only encrypts links no decryption code, and one that only
// decrypts no encryption code (linker_test.go): each Init asks the
// configuration for a context of its own direction. For Small, a data
// flow that only encrypts has 8,717 bytes of package aes's code where
// both directions took 11,440 (the lab's footprint program); the context
// types of the two directions add about 750 bytes of type descriptors.
//
// The zero value is unusable until Init; every misuse — no Init, a nil
// Config, no key, no IV, a bad key or IV size — returns an error and
// changes nothing.
//
// Append encrypts or decrypts every block the chunk completes and buffers
// the rest (up to 16 bytes). With PKCS7 decryption it also holds back the
// last complete block, which Finish decrypts and unpads. CBC is not
// authenticated: decrypt only what a MAC has been checked on (see the
// package documentation). Finish returns ErrDecrypt for any padding
// failure or a length that is not a positive multiple of 16, after the
// same work whatever the padding, and then appends nothing; as with any
// streaming decryption, the output Append already released must then be
// discarded.
//
// SetKey and SetIV start a new message (buffered input is dropped). Finish
// wipes the key schedule, IV and buffer whatever its outcome; call SetKey
// and SetIV again for another message. Wipe does the same at any time.
// The bytes Append and Finish append to dst must not overlap chunk.
//
// A CBC must not be copied after Init: the copy would share the original's
// context (key, chaining value, buffer) and garble both messages. go vet's
// copylocks check reports such copies. Use one value per message in
// flight.
type CBC struct {
	_     noCopy
	cfg   Config
	f     flow       // cfg's context, from the first Init in cfg and dir
	st    *flowState // f.state(), kept: see the memory knob above
	n     uint8      // bytes buffered in the context
	dir   direction
	pad   Padding
	init  bool
	keyed bool
	ivSet bool
}

// noCopy makes go vet's copylocks check report copies of the struct that
// holds it (it has the Lock and Unlock methods the check looks for).
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// flow is a configuration's data-flow context in one direction: its key
// schedule, the chaining value and the partial-block buffer.
type flow interface {
	// setKey expands key, a valid AES key.
	setKey(key []byte)
	// crypt encrypts or decrypts, as the context was made for, whole
	// blocks from src into dst (equal or not overlapping) with the key,
	// chaining through iv (the context's own: state().iv).
	crypt(iv *[16]byte, dst, src []byte)
	// state returns the chaining value and the partial-block buffer.
	state() *flowState
	// wipe zeroes the context.
	wipe()
}

// flowState is the part of a flow that does not depend on the
// configuration.
type flowState struct {
	iv, buf [16]byte
}

// InitEncrypt prepares s to encrypt a message in configuration cfg with
// padding pad, wiping anything s held. An invalid argument is reported by
// the next call. On a nil s it does nothing, and every later call on that
// nil s reports that it was not initialized.
func (s *CBC) InitEncrypt(cfg Config, pad Padding) {
	if s.reset(cfg, dirEncrypt, pad) {
		s.f = cfg.newEncryptFlow().(flow) // every configuration's context is a flow
		s.st = s.f.state()
	}
}

// InitDecrypt prepares s to decrypt a message in configuration cfg with
// padding pad, as InitEncrypt.
func (s *CBC) InitDecrypt(cfg Config, pad Padding) {
	if s.reset(cfg, dirDecrypt, pad) {
		s.f = cfg.newDecryptFlow().(flow)
		s.st = s.f.state()
	}
}

// reset is what InitEncrypt and InitDecrypt share: it wipes s and records
// the arguments, and reports whether s needs a new context from cfg (its
// first Init, or another configuration or direction than the last one).
func (s *CBC) reset(cfg Config, dir direction, pad Padding) bool {
	if s == nil {
		return false
	}
	s.Wipe()
	s.pad = pad
	s.init = cfg != nil && (pad == NoPadding || pad == PKCS7)
	renew := cfg != s.cfg || dir != s.dir
	if renew {
		s.f, s.st = nil, nil
	}
	s.cfg, s.dir = cfg, dir
	return renew && cfg != nil
}

// Wipe zeroes the key schedule, chaining value and buffered input of s;
// SetKey and SetIV must be called again before the next message. The
// context stays allocated for reuse by the next Init in the same
// configuration.
func (s *CBC) Wipe() {
	if s == nil {
		return
	}
	// Without a key or an IV the context is already zero (the last thing
	// done to it was a wipe), so the calls that wipe on entry (Init,
	// SetKey) and Finish's wipe do not clear it two or three times a
	// message: each clear is the whole context (about 550 bytes for
	// Native, 1,000 for Fast).
	if s.f != nil && (s.keyed || s.ivSet) {
		s.f.wipe()
	}
	s.n = 0
	s.keyed, s.ivSet = false, false
}

func (s *CBC) initErr() error {
	if s == nil {
		return errNotInit
	}
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
	s.Wipe()
	s.f.setKey(key)
	s.keyed = true
	return nil
}

// SetIV sets the 16-byte initialization vector and starts a message. The
// IV must be unpredictable to an attacker (random, or derived from a
// nonce by encrypting it): see the package documentation.
func (s *CBC) SetIV(iv []byte) error {
	if err := s.initErr(); err != nil {
		return err
	}
	if len(iv) != BlockSize {
		return errIVSize
	}
	st := s.st
	copy(st.iv[:], iv)
	clear(st.buf[:])
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

// Append processes chunk and appends the output of every block it
// completes to dst.
func (s *CBC) Append(dst, chunk []byte) ([]byte, error) {
	if err := s.ready(); err != nil {
		return dst, err
	}
	total := int(s.n) + len(chunk)
	outLen := total &^ (BlockSize - 1)
	if s.dir == dirDecrypt && s.pad == PKCS7 && outLen == total && total > 0 {
		outLen -= BlockSize // hold back what may be the last block
	}
	ret, out := sliceForAppend(dst, outLen)
	if anyOverlap(out, chunk) {
		return dst, errOverlap
	}
	st := s.st
	buf := &st.buf
	if outLen == 0 {
		s.n += uint8(copy(buf[s.n:], chunk))
		return ret, nil
	}
	o := 0
	if s.n > 0 {
		k := copy(buf[s.n:], chunk)
		chunk = chunk[k:]
		s.f.crypt(&st.iv, out[:BlockSize], buf[:])
		o = BlockSize
	}
	m := outLen - o
	s.f.crypt(&st.iv, out[o:], chunk[:m])
	s.n = uint8(copy(buf[:], chunk[m:]))
	return ret, nil
}

// Finish appends the remaining output: with PKCS7, the padded last block
// (encryption) or the unpadded last plaintext block (decryption). Without
// padding it fails if a partial block remains. It then wipes s's key, IV
// and buffer. A decryption with bad padding returns ErrDecrypt after the
// same work as a good one (the last block decrypted, its padding checked
// in constant time, the output masked in constant time, the result and
// error selected with masks) and appends nothing, as OpenCBC; dst's spare
// capacity may have been zeroed.
func (s *CBC) Finish(dst []byte) ([]byte, error) {
	if err := s.ready(); err != nil {
		return dst, err
	}
	// One exit, after a call (not a defer) of Wipe: the defer cost 530
	// bytes of code in every program with a data flow (Small's: 12,059 ->
	// 11,529). Stack knob: one function, where Finish calling a finish
	// that did the rest put one frame more, 96 bytes, under the last
	// block's encryption or decryption.
	st := s.st
	ret, err := dst, error(nil)
	switch {
	case s.pad == NoPadding:
		if s.n != 0 {
			err = errPartial
		}
	case s.dir == dirEncrypt:
		pkcs7Pad(&st.buf, st.buf[:s.n]) // s.n < 16: encryption holds back no whole block
		var out []byte
		ret, out = sliceForAppend(dst, BlockSize)
		s.f.crypt(&st.iv, out, st.buf[:])
	case s.n != BlockSize:
		err = errCTLength
	default:
		var out []byte
		ret, out = sliceForAppend(dst, BlockSize)
		// In place: the Wipe below clears the plaintext from the context.
		s.f.crypt(&st.iv, st.buf[:], st.buf[:])
		pad, ok := pkcs7Unpad(&st.buf)
		copy(out, st.buf[:])
		maskBytes(out, ok)
		ret, err = unpadResult(ret, dst, pad, ok)
	}
	s.Wipe()
	return ret, err
}
