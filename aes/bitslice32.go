package aes

import (
	"crypto/cipher"
	"encoding/binary"
	"unsafe"
)

// Small: 32-bit bitslicing, two blocks per pass, compact key schedule.
//
// State: eight uint32 words; word q[i] holds bit i of the 32 bytes of two
// blocks. Byte (row r, column c) of block b sits at bit 16*b + 4*r + c: each
// block is a 16-bit half, each row a 4-bit nibble. This layout is chosen for
// the key: a round key is the same for both blocks, so it is stored once,
// as a single-block bitsliced value — eight 16-bit planes, 16 bytes, exactly
// the size of the round key itself — and widened to both halves with one
// shift and one OR per plane as it is used.
//
// Memory knob: 16*(Nr+1) = 176, 208 or 240 bytes per key for AES-128/192/256,
// the size of the FIPS 197 expanded key w[]; nothing is precomputed beyond
// it (Fast keeps four times as much). Containers are sized for AES-256.
//
// Speed knob: rotating rows within 16-bit halves costs five operations
// where Fast's whole-word rotation costs one, and the key is widened on the
// fly; Small is the slower configuration. CBC encryption runs one block per
// pass, CBC decryption two.

// smallSchedule is a Small key schedule: round key r is words 4r..4r+3,
// word i holding bitsliced planes 2i (low half) and 2i+1 (high half). It is
// exactly the size of the FIPS 197 expanded key w[] (60 words for AES-256),
// so the expansion runs in place (see smallExpandKey).
type smallSchedule = [4 * (maxRounds + 1)]uint32

// smallExpandKey expands key into rk and returns Nr. The caller has checked
// the key length.
//
// Stack knob: KeyExpansion writes w[] into rk itself, and each round key is
// then bitsliced in place (its 16 bytes become its 16 bytes of planes), so
// no second 240-byte array is live beside the schedule.
func smallExpandKey(rk *smallSchedule, key []byte) int {
	nr := keyExpansion(rk, key)
	smallSliceKey(rk, nr)
	return nr
}

// smallSliceKey bitslices round keys 0..nr of rk in place. A function of
// its own so that its buffers are not on the stack during keyExpansion.
func smallSliceKey(rk *smallSchedule, nr int) {
	var k [16]byte
	var q [8]uint32
	for r := 0; r <= nr; r++ {
		roundKeyBytes(&k, rk, r)
		smallLoad(&q, &k, &k)
		for i := range 4 {
			rk[4*r+i] = q[2*i]&0xFFFF | q[2*i+1]<<16
		}
	}
	clear(k[:])
	clear(q[:])
}

// ortho32 is ortho64 on uint32 words: bit 8n+i of q[m] goes to bit 8n+m of
// q[i].
func ortho32(q *[8]uint32) {
	swap := func(a, b *uint32, mask uint32, n uint) {
		t := ((*a >> n) ^ *b) & mask
		*b ^= t
		*a ^= t << n
	}
	const m1, m2, m4 = 0x55555555, 0x33333333, 0x0F0F0F0F
	swap(&q[0], &q[1], m1, 1)
	swap(&q[2], &q[3], m1, 1)
	swap(&q[4], &q[5], m1, 1)
	swap(&q[6], &q[7], m1, 1)
	swap(&q[0], &q[2], m2, 2)
	swap(&q[1], &q[3], m2, 2)
	swap(&q[4], &q[6], m2, 2)
	swap(&q[5], &q[7], m2, 2)
	swap(&q[0], &q[4], m4, 4)
	swap(&q[1], &q[5], m4, 4)
	swap(&q[2], &q[6], m4, 4)
	swap(&q[3], &q[7], m4, 4)
}

// smallLoad bitslices two blocks. Before the transpose, word W[c] holds the
// even-row bytes of column c (byte lane 2b + r/2) and W[4+c] the odd-row
// bytes; ortho32 then puts byte (r, c) of block b at bit 16b + 4r + c.
func smallLoad(q *[8]uint32, b0, b1 *[16]byte) {
	even := func(x uint32) uint32 { return x&0xFF | x>>8&0xFF00 }
	odd := func(x uint32) uint32 { return x>>8&0xFF | x>>16&0xFF00 }
	for c := range 4 {
		x0 := binary.LittleEndian.Uint32(b0[4*c:])
		x1 := binary.LittleEndian.Uint32(b1[4*c:])
		q[c] = even(x0) | even(x1)<<16
		q[4+c] = odd(x0) | odd(x1)<<16
	}
	ortho32(q)
}

// smallStore is the inverse of smallLoad. It clobbers q.
func smallStore(b0, b1 *[16]byte, q *[8]uint32) {
	ortho32(q)
	for c := range 4 {
		e, o := q[c], q[4+c]
		binary.LittleEndian.PutUint32(b0[4*c:], e&0xFF|(o&0xFF)<<8|(e&0xFF00)<<8|(o&0xFF00)<<16)
		binary.LittleEndian.PutUint32(b1[4*c:], e>>16&0xFF|(o>>16&0xFF)<<8|(e>>16&0xFF00)<<8|(o>>16&0xFF00)<<16)
	}
}

// sr32 is ShiftRows (FIPS 197, Section 5.1.2) on one plane: nibble r of
// each half moves column c+r to column c.
func sr32(x uint32) uint32 {
	return x&0x000F000F |
		x>>1&0x00700070 | x<<3&0x00800080 |
		x>>2&0x03000300 | x<<2&0x0C000C00 |
		x>>3&0x10001000 | x<<1&0xE000E000
}

// invSR32 is InvShiftRows (FIPS 197, Section 5.3.1) on one plane.
func invSR32(x uint32) uint32 {
	return x&0x000F000F |
		x<<1&0x00E000E0 | x>>3&0x00100010 |
		x>>2&0x03000300 | x<<2&0x0C000C00 |
		x>>1&0x70007000 | x<<3&0x80008000
}

// rowDown32 gives every byte the value of the byte one row below it (row
// r+1 mod 4): a rotation of each 16-bit half by one nibble.
func rowDown32(x uint32) uint32 { return x>>4&0x0FFF0FFF | x<<12&0xF000F000 }

// rowDown2x32 moves every byte two rows: a rotation of each half by a byte.
func rowDown2x32(x uint32) uint32 { return x>>8&0x00FF00FF | x<<8&0xFF00FF00 }

// mixColumns32 is MixColumns (FIPS 197, Section 5.1.3), the formula of
// mixColumnsSkew0 in fixslice64_skew.go with 32-bit row fetches, as a loop
// over the planes. With r_i the plane q_i one row down and t_i = q_i ^ r_i,
// output plane i is t_(i-1) ^ r_i ^ (t_i two rows down), plus t_7 for
// i = 1, 3, 4: doubling shifts the planes up by one and reduces by
// x^8 = x^4 + x^3 + x + 1 (plane 0 gets t_7 as t_(-1)).
//
// Size knob: the loop is 152 bytes of code where the eight planes written
// out take 580; it costs about 8% of CBC throughput (8 KiB of AES-128:
// 189 -> 204 µs encrypting, 107 -> 116 µs decrypting, thread CPU time,
// amd64). InvMixColumns' first step stays written out: as a loop it saves
// 160 more bytes but costs 12% of decryption.
func mixColumns32(q *[8]uint32) {
	t7 := q[7] ^ rowDown32(q[7])
	prev := t7
	for i, x := range q {
		r := rowDown32(x)
		t := x ^ r
		q[i] = prev ^ r ^ rowDown2x32(t) ^ t7&-(uint32(0x1A)>>i&1)
		prev = t
	}
}

// invMixColumns32 is InvMixColumns (FIPS 197, Section 5.3.3), factored as
// in fixslice64_skew.go: p = s ^ 4·(s ^ s two rows down), then
// MixColumns(p).
func invMixColumns32(q *[8]uint32) {
	u6 := q[6] ^ rowDown2x32(q[6])
	u7 := q[7] ^ rowDown2x32(q[7])
	u0 := q[0] ^ rowDown2x32(q[0])
	u1 := q[1] ^ rowDown2x32(q[1])
	u2 := q[2] ^ rowDown2x32(q[2])
	u3 := q[3] ^ rowDown2x32(q[3])
	u4 := q[4] ^ rowDown2x32(q[4])
	u5 := q[5] ^ rowDown2x32(q[5])
	q[0] ^= u6
	q[1] ^= u6 ^ u7
	q[2] ^= u0 ^ u7
	q[3] ^= u1 ^ u6
	q[4] ^= u2 ^ u6 ^ u7
	q[5] ^= u3 ^ u7
	q[6] ^= u4
	q[7] ^= u5
	mixColumns32(q)
}

// addRoundKey32 is AddRoundKey (FIPS 197, Section 5.1.4): round key k,
// stored once as four words of two 16-bit planes, is widened to both
// halves as it is XORed in.
func addRoundKey32(q *[8]uint32, k *[4]uint32) {
	for i, x := range k {
		lo, hi := x&0xFFFF, x>>16
		q[2*i] ^= lo | lo<<16
		q[2*i+1] ^= hi | hi<<16
	}
}

// smallEncrypter.crypt is CBC encryption (SP 800-38A, Section 6.2), one block
// per pass; iv is updated to the last ciphertext block. The plaintext is
// XORed into iv, which is bitsliced as both blocks of the pass and
// receives the ciphertext: no block buffer besides the state. A
// cipher.Block's Encrypt is one block of it with a zero IV.
//
// Each pass runs Cipher (FIPS 197, Algorithm 1) on the two bitsliced
// blocks, written here rather than called.
//
// Size knob: one loop body serves every round (the last one skips
// MixColumns), and the state stays in q, so that each step is a loop over
// the eight words or one call (the S-box circuit takes and returns the
// words in registers, called directly rather than through subBytes, whose
// frame would add 64 bytes of stack): ShiftRows and AddRoundKey appear
// once in the code, not once per word. Keeping the state in eight local
// variables with every step written out per word instead took 1,671 bytes
// of code for Cipher (about 500 this way) and 1,541 for InvCipher (about
// 470), and ran about 20% faster: 8 KiB of AES-128 CBC in 154 µs against
// 188 µs encrypting, 87 against 104 µs decrypting (thread CPU time, amd64,
// go1.26).
//
// Stack knob: Cipher in a function of its own (smallCipher) was one more
// frame, 80 bytes, under this one on every call; written here it grows
// this frame by 40 bytes (168 against 128, amd64), and the cost of a call
// per block is gone.
func (k *smallEncrypter) crypt(iv *[16]byte, dst, src []byte) {
	rk, nr := &k.rk, k.nr
	var q [8]uint32
	for len(src) >= 16 {
		p := (*[16]byte)(src)
		for i := range iv {
			iv[i] ^= p[i]
		}
		smallLoad(&q, iv, iv)
		for r := 0; ; r++ {
			addRoundKey32(&q, (*[4]uint32)(rk[4*r:]))
			if r == nr {
				break
			}
			q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = sboxCircuit(q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7])
			for i := range q { // not range over q's value: a 32-byte copy
				q[i] = sr32(q[i])
			}
			if r+1 < nr {
				mixColumns32(&q)
			}
		}
		smallStore(iv, iv, &q)
		*(*[16]byte)(dst) = *iv
		src, dst = src[16:], dst[16:]
	}
	clear(q[:])
}

// smallDecrypter.crypt is CBC decryption (SP 800-38A, Section 6.2), two blocks
// per pass (the last pass one block if their number is odd). A
// cipher.Block's Decrypt is one block of it with a zero IV.
//
// Each pass runs InvCipher (FIPS 197, Algorithm 3) on the two bitsliced
// blocks, written here as in smallEncrypter.crypt (one loop body for every
// round; InvShiftRows and InvSubBytes commute, so each round runs the
// S-box first).
//
// Stack knob: the ciphertext is copied aside (dst may alias src) and the
// plaintext is stored straight into dst, XORed there; a lone last block
// stores its discarded twin over the spare copy. 64 bytes of buffers.
// InvCipher written here rather than called saves its frame, 72 bytes,
// and grows this one by 32.
func (k *smallDecrypter) crypt(iv *[16]byte, dst, src []byte) {
	rk, nr := &k.rk, k.nr
	var c [2][16]byte
	var q [8]uint32
	for len(src) > 0 {
		two := len(src) >= 32
		c[0] = [16]byte(src)
		second := &c[0] // a lone last block is decrypted twice
		if two {
			c[1] = [16]byte(src[16:])
			second = &c[1]
		}
		smallLoad(&q, &c[0], second)
		for r := nr; ; r-- {
			addRoundKey32(&q, (*[4]uint32)(rk[4*r:]))
			if r == 0 {
				break
			}
			if r < nr {
				invMixColumns32(&q)
			}
			q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = invSboxCircuit(q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7])
			for i := range q {
				q[i] = invSR32(q[i])
			}
		}
		p0 := (*[16]byte)(dst)
		p1 := &c[1] // discarded
		if two {
			p1 = (*[16]byte)(dst[16:])
		}
		smallStore(p0, p1, &q)
		for i := range p0 {
			p0[i] ^= iv[i]
		}
		*iv = c[0]
		n := 16
		if two {
			for i := range p1 {
				p1[i] ^= c[0][i]
			}
			*iv = c[1]
			n = 32
		}
		src, dst = src[n:], dst[n:]
	}
	clear(c[0][:])
	clear(c[1][:])
	clear(q[:])
}

// smallKey is a Small key: its schedule and Nr (248 bytes). smallEncrypter
// and smallDecrypter are it with a CBC loop as method crypt, and a
// cipher.Block (smallBlock) and each direction's data-flow context are
// built on them.
//
// Stack knob: the loops are methods with the flow interface's signature
// on the struct each context embeds first, so that the context's crypt is
// a jump to them (the compiler's wrapper for a promoted method through a
// pointer) rather than a call in a frame of its own: a data flow's stack
// is 96 bytes less than with contexts that called smallEncryptCBC(rk, nr,
// iv, dst, src).
//
// Size knob: smallKey and the two loop types have no other methods; a
// method of an embedded type is linked again as a wrapper for each type
// that embeds it (a setKey on smallKey was three 98-byte copies in a data
// flow program) and gives each type's descriptor a method table.
type smallKey struct {
	rk smallSchedule
	nr int
}

type smallEncrypter struct{ smallKey }

type smallDecrypter struct{ smallKey }

// bitslice32 is the bitslice32 strategy, the Small configuration. Its
// methods, and smallBlock's and the data-flow contexts', are the only
// references to its code: a program that never names Small (or a Small
// cipher.Block) links none of it.
type bitslice32 struct{}

// bitslice32Config is the value Small returns. The methods have pointer
// receivers so that interface calls reach them directly, without the
// wrapper the compiler generates for a value receiver.
var bitslice32Config bitslice32

func (*bitslice32) String() string { return "Small" }

func (*bitslice32) Memory(keyBits int) Memory {
	return memory(keyBits, 16, int(unsafe.Sizeof(smallEncryptFlow{})))
}

func (*bitslice32) newBlock(key []byte) cipher.Block {
	b := new(smallBlock)
	b.nr = smallExpandKey(&b.rk, key)
	return b
}

// encryptCBC keeps the 240-byte schedule on its own stack and wipes it.
func (*bitslice32) encryptCBC(dst, key, iv, src []byte) error {
	if err := soleArgs(dst, src, len(key), len(iv)); err != nil {
		return err
	}
	dst = dst[:len(src)]
	var k smallEncrypter
	k.nr = smallExpandKey(&k.rk, key)
	var v [16]byte
	copy(v[:], iv)
	k.crypt(&v, dst, src)
	k = smallEncrypter{}
	return nil
}

// decryptCBC keeps the 240-byte schedule on its own stack and wipes it.
func (*bitslice32) decryptCBC(dst, key, iv, src []byte) error {
	if err := soleArgs(dst, src, len(key), len(iv)); err != nil {
		return err
	}
	dst = dst[:len(src)]
	var k smallDecrypter
	k.nr = smallExpandKey(&k.rk, key)
	var v [16]byte
	copy(v[:], iv)
	k.crypt(&v, dst, src)
	k = smallDecrypter{}
	return nil
}

func (*bitslice32) seal(out, key, iv, plaintext []byte) {
	var last [16]byte
	full := pkcs7Pad(&last, plaintext)
	var k smallEncrypter
	k.nr = smallExpandKey(&k.rk, key)
	var v [16]byte
	copy(v[:], iv)
	k.crypt(&v, out[:full], plaintext[:full])
	k.crypt(&v, out[full:], last[:])
	k = smallEncrypter{}
	clear(last[:])
}

func (*bitslice32) newEncryptFlow() any { return new(smallEncryptFlow) }

func (*bitslice32) newDecryptFlow() any { return new(smallDecryptFlow) }

// smallEncryptFlow and smallDecryptFlow are the data-flow contexts of
// Small (see CBC), one type per direction, so that a program that names
// one direction links only its CBC loop.
type smallEncryptFlow struct {
	smallEncrypter
	flowState
}

type smallDecryptFlow struct {
	smallDecrypter
	flowState
}

func (f *smallEncryptFlow) setKey(key []byte) { f.nr = smallExpandKey(&f.rk, key) }

func (f *smallEncryptFlow) state() *flowState { return &f.flowState }

func (f *smallEncryptFlow) wipe() { *f = smallEncryptFlow{} }

func (f *smallDecryptFlow) setKey(key []byte) { f.nr = smallExpandKey(&f.rk, key) }

func (f *smallDecryptFlow) state() *flowState { return &f.flowState }

func (f *smallDecryptFlow) wipe() { *f = smallDecryptFlow{} }

// smallBlock is cipher.Block in the Small configuration: 240 bytes of key
// array plus Nr. Its Encrypt and Decrypt are one block of CBC with a zero
// IV.
type smallBlock struct{ smallKey }

func (b *smallBlock) BlockSize() int { return BlockSize }

func (b *smallBlock) Encrypt(dst, src []byte) {
	checkBlock(dst, src)
	var iv [16]byte
	(*smallEncrypter)(b).crypt(&iv, dst[:BlockSize], src[:BlockSize])
}

func (b *smallBlock) Decrypt(dst, src []byte) {
	checkBlock(dst, src)
	var iv [16]byte
	(*smallDecrypter)(b).crypt(&iv, dst[:BlockSize], src[:BlockSize])
}

// NewCBCEncrypter is found by cipher.NewCBCEncrypter.
func (b *smallBlock) NewCBCEncrypter(iv []byte) cipher.BlockMode {
	return newCBCMode(b, dirEncrypt, iv)
}

// NewCBCDecrypter is found by cipher.NewCBCDecrypter.
func (b *smallBlock) NewCBCDecrypter(iv []byte) cipher.BlockMode {
	return newCBCMode(b, dirDecrypt, iv)
}

func (b *smallBlock) cryptCBC(dir direction, iv *[16]byte, dst, src []byte) {
	if dir == dirEncrypt {
		(*smallEncrypter)(b).crypt(iv, dst, src)
	} else {
		(*smallDecrypter)(b).crypt(iv, dst, src)
	}
}
