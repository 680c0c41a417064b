package aes

import "encoding/binary"

// Fast: 64-bit bitslicing, four blocks per pass.
//
// State: eight uint64 words; word q[i] holds bit i of all 64 bytes of four
// blocks. Byte (row r, column c) of block b sits at bit 16*r + 4*c + b, so
// that
//   - a row is one 16-bit group and a column one nibble of it;
//   - MixColumns needs "the same byte one row down", which is a rotation of
//     the whole word by 16 bits (one instruction);
//   - a round key, identical for the four blocks, is spread over the four
//     lanes once, at key setup.
//
// Fixslicing (the idea of Adomnicai and Peyrin, "Fixslicing AES-like
// ciphers", TCHES 2021, worked out here for this layout): ShiftRows is
// never computed. Skipping it leaves the state "skewed": after k skipped
// ShiftRows, logical byte (r, j) sits in column j + k*r mod 4. SubBytes
// does not care; MixColumns fetches the byte one row down from column p+k
// instead of p (mixColumnsSkew0..3, fast_skew.go), and round key r is
// stored pre-skewed by r mod 4. The skew returns to 0 every four rounds; a
// final fix-up (sr2_64) realigns AES-128 and AES-256, whose Nr is 2 mod 4.
// Speed knob: a skewed row fetch costs 5 operations instead of 1, but
// ShiftRows' ~25 per plane are gone, about 130 fewer operations a round.
// Size knob: four copies of MixColumns, about 3 KiB of code more than one.
//
// Memory knob: the key schedule is kept fully bitsliced and expanded, 8
// words = 64 bytes per round key, so AddRoundKey is eight XORs with no
// unpacking: 64*(Nr+1) = 704, 832 or 960 bytes for AES-128/192/256 (four
// times Small's 176/208/240). The arrays holding it are sized for AES-256.
//
// Speed knob: CBC decryption (and ECB through cipher.Block's CryptBlocks
// paths) fills all four lanes; CBC encryption is a chain, so it runs one
// block per pass and pays for four.

// fastRoundKeyWords is the number of uint64 words of a Fast schedule.
const fastRoundKeyWords = 8 * (maxRounds + 1)

// fastExpandKey expands key into rk (64 bytes per round key) and returns Nr.
// The caller has checked the key length.
func fastExpandKey(rk *[fastRoundKeyWords]uint64, key []byte) int {
	var w [4 * (maxRounds + 1)]uint32
	nr := keyExpansion(&w, key)
	var t [16]byte
	var q [8]uint64
	for r := 0; r <= nr; r++ {
		roundKeyBytes(&t, &w, r)
		// Round keys 1..Nr-1 meet the state in skew r mod 4 (see
		// fastCipher).
		skew := r % 4
		if r == nr {
			skew = 0
		}
		var k [16]byte
		for i, j := range skewedPosition[skew] {
			k[j] = t[i]
		}
		fastLoad1(&q, binary.LittleEndian.Uint64(k[0:]), binary.LittleEndian.Uint64(k[8:]))
		for i := range q {
			// Lane 0 holds bits at multiples of 4; times 15 copies each
			// into lanes 1, 2 and 3 (no carries).
			rk[8*r+i] = q[i] * 15
		}
		clear(k[:])
	}
	clear(w[:])
	clear(t[:])
	clear(q[:])
	return nr
}

// skewedPosition[k][i] is where byte i (row i%4, column i/4) of a round key
// goes in a state of skew k: column i/4 + k*(i%4) mod 4. Public indices.
var skewedPosition = func() (p [4][16]uint8) {
	for k := range 4 {
		for i := range 16 {
			row, col := i%4, i/4
			p[k][i] = uint8(row + 4*((col+k*row)%4))
		}
	}
	return
}()

// spread16 moves byte j of x to byte 2j of the result.
func spread16(x uint32) uint64 {
	y := uint64(x)
	y = (y | y<<16) & 0x0000FFFF0000FFFF
	return (y | y<<8) & 0x00FF00FF00FF00FF
}

// unspread16 is the inverse of spread16 on the even bytes of y.
func unspread16(y uint64) uint32 {
	y &= 0x00FF00FF00FF00FF
	y = (y | y>>8) & 0x0000FFFF0000FFFF
	return uint32(y | y>>16)
}

// ortho64 transposes, within every byte lane n, the 8x8 bit matrix of word
// index m and bit index i: bit 8n+i of q[m] goes to bit 8n+m of q[i]. It is
// its own inverse. Three rounds of swaps, 36 operations.
func ortho64(q *[8]uint64) {
	swap := func(a, b *uint64, mask uint64, n uint) {
		t := ((*a >> n) ^ *b) & mask
		*b ^= t
		*a ^= t << n
	}
	const m1, m2, m4 = 0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F
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

// fastLoad bitslices four blocks. Before the transpose, word W[b] collects
// the bytes of block b in rows 0..3 of columns 0 and 2 (byte lane 2r + c/2),
// and W[4+b] those of columns 1 and 3; ortho64 then puts byte (r, c) of
// block b at bit 16r + 4c + b of every plane.
func fastLoad(q *[8]uint64, src *[64]byte) {
	for b := range 4 {
		s := src[16*b : 16*b+16]
		q[b] = spread16(binary.LittleEndian.Uint32(s[0:])) | spread16(binary.LittleEndian.Uint32(s[8:]))<<8
		q[4+b] = spread16(binary.LittleEndian.Uint32(s[4:])) | spread16(binary.LittleEndian.Uint32(s[12:]))<<8
	}
	ortho64(q)
}

// fastStore is the inverse of fastLoad. It clobbers q.
func fastStore(dst *[64]byte, q *[8]uint64) {
	ortho64(q)
	for b := range 4 {
		d := dst[16*b : 16*b+16]
		binary.LittleEndian.PutUint32(d[0:], unspread16(q[b]))
		binary.LittleEndian.PutUint32(d[8:], unspread16(q[b]>>8))
		binary.LittleEndian.PutUint32(d[4:], unspread16(q[4+b]))
		binary.LittleEndian.PutUint32(d[12:], unspread16(q[4+b]>>8))
	}
}

// sr2_64 is ShiftRows applied twice: rows 1 and 3 rotate by two columns,
// rows 0 and 2 stay. It is its own inverse, and realigns a state of skew 2.
func sr2_64(x uint64) uint64 {
	return x&0x0000FFFF0000FFFF | (x>>8)&0x00FF000000FF0000 | (x<<8)&0xFF000000FF000000
}

// fastCipher is Cipher (FIPS 197, Algorithm 1) on four bitsliced blocks,
// fixsliced: round r leaves the state in skew r mod 4, and round key r is
// stored in that skew. The state lives in eight local words for the whole
// call.
func fastCipher(q *[8]uint64, rk []uint64, nr int) {
	k := (*[8]uint64)(rk[0:8])
	q0, q1, q2, q3 := q[0]^k[0], q[1]^k[1], q[2]^k[2], q[3]^k[3]
	q4, q5, q6, q7 := q[4]^k[4], q[5]^k[5], q[6]^k[6], q[7]^k[7]
	for r := 1; r < nr; r++ {
		q0, q1, q2, q3, q4, q5, q6, q7 = sboxCircuit(q0, q1, q2, q3, q4, q5, q6, q7)
		// ShiftRows: skipped, the skew is now r mod 4.
		switch r % 4 {
		case 0:
			q0, q1, q2, q3, q4, q5, q6, q7 = mixColumnsSkew0(q0, q1, q2, q3, q4, q5, q6, q7)
		case 1:
			q0, q1, q2, q3, q4, q5, q6, q7 = mixColumnsSkew1(q0, q1, q2, q3, q4, q5, q6, q7)
		case 2:
			q0, q1, q2, q3, q4, q5, q6, q7 = mixColumnsSkew2(q0, q1, q2, q3, q4, q5, q6, q7)
		case 3:
			q0, q1, q2, q3, q4, q5, q6, q7 = mixColumnsSkew3(q0, q1, q2, q3, q4, q5, q6, q7)
		}
		k = (*[8]uint64)(rk[8*r : 8*r+8])
		q0, q1, q2, q3 = q0^k[0], q1^k[1], q2^k[2], q3^k[3]
		q4, q5, q6, q7 = q4^k[4], q5^k[5], q6^k[6], q7^k[7]
	}
	q0, q1, q2, q3, q4, q5, q6, q7 = sboxCircuit(q0, q1, q2, q3, q4, q5, q6, q7)
	// The skew is now Nr mod 4: 2 for AES-128 and AES-256, 0 for AES-192.
	if nr%4 == 2 {
		q0, q1, q2, q3 = sr2_64(q0), sr2_64(q1), sr2_64(q2), sr2_64(q3)
		q4, q5, q6, q7 = sr2_64(q4), sr2_64(q5), sr2_64(q6), sr2_64(q7)
	}
	k = (*[8]uint64)(rk[8*nr : 8*nr+8])
	q[0], q[1], q[2], q[3] = q0^k[0], q1^k[1], q2^k[2], q3^k[3]
	q[4], q[5], q[6], q[7] = q4^k[4], q5^k[5], q6^k[6], q7^k[7]
}

// fastInvCipher is InvCipher (FIPS 197, Algorithm 3) on four bitsliced
// blocks, fixsliced with the same round keys as fastCipher: the state is
// first set to skew Nr mod 4; each skipped InvShiftRows lowers the skew by
// one, so round key r meets it in skew r mod 4 and round key 0 aligned.
func fastInvCipher(q *[8]uint64, rk []uint64, nr int) {
	k := (*[8]uint64)(rk[8*nr : 8*nr+8])
	q0, q1, q2, q3 := q[0]^k[0], q[1]^k[1], q[2]^k[2], q[3]^k[3]
	q4, q5, q6, q7 := q[4]^k[4], q[5]^k[5], q[6]^k[6], q[7]^k[7]
	if nr%4 == 2 {
		q0, q1, q2, q3 = sr2_64(q0), sr2_64(q1), sr2_64(q2), sr2_64(q3)
		q4, q5, q6, q7 = sr2_64(q4), sr2_64(q5), sr2_64(q6), sr2_64(q7)
	}
	for r := nr - 1; r > 0; r-- {
		// InvShiftRows: skipped, the skew is now r mod 4.
		q0, q1, q2, q3, q4, q5, q6, q7 = invSboxCircuit(q0, q1, q2, q3, q4, q5, q6, q7)
		k = (*[8]uint64)(rk[8*r : 8*r+8])
		q0, q1, q2, q3 = q0^k[0], q1^k[1], q2^k[2], q3^k[3]
		q4, q5, q6, q7 = q4^k[4], q5^k[5], q6^k[6], q7^k[7]
		switch r % 4 {
		case 0:
			q0, q1, q2, q3, q4, q5, q6, q7 = invMixColumnsSkew0(q0, q1, q2, q3, q4, q5, q6, q7)
		case 1:
			q0, q1, q2, q3, q4, q5, q6, q7 = invMixColumnsSkew1(q0, q1, q2, q3, q4, q5, q6, q7)
		case 2:
			q0, q1, q2, q3, q4, q5, q6, q7 = invMixColumnsSkew2(q0, q1, q2, q3, q4, q5, q6, q7)
		case 3:
			q0, q1, q2, q3, q4, q5, q6, q7 = invMixColumnsSkew3(q0, q1, q2, q3, q4, q5, q6, q7)
		}
	}
	q0, q1, q2, q3, q4, q5, q6, q7 = invSboxCircuit(q0, q1, q2, q3, q4, q5, q6, q7)
	k = (*[8]uint64)(rk[0:8])
	q[0], q[1], q[2], q[3] = q0^k[0], q1^k[1], q2^k[2], q3^k[3]
	q[4], q[5], q[6], q[7] = q4^k[4], q5^k[5], q6^k[6], q7^k[7]
}

// fastEncryptBlocks encrypts n = len(src)/16 <= 4 blocks from src to dst
// (exact aliasing allowed).
func fastEncryptBlocks(rk []uint64, nr int, dst, src []byte) {
	var b [64]byte
	var q [8]uint64
	n := copy(b[:], src)
	fastLoad(&q, &b)
	fastCipher(&q, rk, nr)
	fastStore(&b, &q)
	copy(dst[:n], b[:])
}

// fastDecryptBlocks decrypts n = len(src)/16 <= 4 blocks from src to dst
// (exact aliasing allowed).
func fastDecryptBlocks(rk []uint64, nr int, dst, src []byte) {
	var b [64]byte
	var q [8]uint64
	n := copy(b[:], src)
	fastLoad(&q, &b)
	fastInvCipher(&q, rk, nr)
	fastStore(&b, &q)
	copy(dst[:n], b[:])
}

// fastLoad1 bitslices one block, given as two little-endian words, into
// lane 0 (the other lanes are zero): fastLoad without the empty lanes.
func fastLoad1(q *[8]uint64, lo, hi uint64) {
	*q = [8]uint64{
		0: spread16(uint32(lo)) | spread16(uint32(hi))<<8,
		4: spread16(uint32(lo>>32)) | spread16(uint32(hi>>32))<<8,
	}
	ortho64(q)
}

// fastStore1 returns lane 0 of q as two little-endian words. It clobbers q.
func fastStore1(q *[8]uint64) (lo, hi uint64) {
	ortho64(q)
	lo = uint64(unspread16(q[0])) | uint64(unspread16(q[4]))<<32
	hi = uint64(unspread16(q[0]>>8)) | uint64(unspread16(q[4]>>8))<<32
	return
}

// fastEncryptCBC is CBC encryption (SP 800-38A, Section 6.2):
// C[j] = CIPH(P[j] ^ C[j-1]), C[0] = CIPH(P[0] ^ IV). The chain allows one
// block per pass, in lane 0; iv is updated to the last ciphertext block.
// len(src) is a multiple of 16, dst is at least as long, exact aliasing
// allowed.
func fastEncryptCBC(rk []uint64, nr int, iv *[16]byte, dst, src []byte) {
	c0, c1 := binary.LittleEndian.Uint64(iv[0:]), binary.LittleEndian.Uint64(iv[8:])
	var q [8]uint64
	for len(src) >= 16 && len(dst) >= 16 {
		fastLoad1(&q, binary.LittleEndian.Uint64(src[0:])^c0, binary.LittleEndian.Uint64(src[8:])^c1)
		fastCipher(&q, rk, nr)
		c0, c1 = fastStore1(&q)
		binary.LittleEndian.PutUint64(dst[0:], c0)
		binary.LittleEndian.PutUint64(dst[8:], c1)
		src, dst = src[16:], dst[16:]
	}
	binary.LittleEndian.PutUint64(iv[0:], c0)
	binary.LittleEndian.PutUint64(iv[8:], c1)
}

// fastDecryptCBC is CBC decryption (SP 800-38A, Section 6.2):
// P[j] = CIPH^-1(C[j]) ^ C[j-1], four blocks per pass.
func fastDecryptCBC(rk []uint64, nr int, iv *[16]byte, dst, src []byte) {
	var c, b [64]byte
	var q [8]uint64
	for len(src) > 0 {
		n := copy(c[:], src) // keep the ciphertext: dst may alias src
		if n < 64 {
			clear(c[n:])
		}
		fastLoad(&q, &c)
		fastInvCipher(&q, rk, nr)
		fastStore(&b, &q)
		d := dst[:n]
		binary.LittleEndian.PutUint64(d[0:], binary.LittleEndian.Uint64(b[0:])^binary.LittleEndian.Uint64(iv[0:]))
		binary.LittleEndian.PutUint64(d[8:], binary.LittleEndian.Uint64(b[8:])^binary.LittleEndian.Uint64(iv[8:]))
		for i := 16; i < n; i += 8 {
			binary.LittleEndian.PutUint64(d[i:], binary.LittleEndian.Uint64(b[i:])^binary.LittleEndian.Uint64(c[i-16:]))
		}
		copy(iv[:], c[n-16:n])
		src, dst = src[n:], dst[n:]
	}
	clear(b[:])
}
