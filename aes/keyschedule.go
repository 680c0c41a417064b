package aes

import "encoding/binary"

// maxRounds is Nr for AES-256; a schedule has Nr+1 round keys.
const maxRounds = 14

// rounds returns Nr (FIPS 197, Table 3) for a key of len(key) bytes, or 0 if
// the length is not 16, 24 or 32.
func rounds(keyLen int) int {
	switch keyLen {
	case 16:
		return 10
	case 24:
		return 12
	case 32:
		return 14
	}
	return 0
}

// rcon holds the round constants' first bytes, x^(j-1) in GF(2^8)
// (FIPS 197, Section 5.2).
var rcon = [...]uint32{0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36}

// keyExpansion is KeyExpansion (FIPS 197, Algorithm 2): it fills
// w[0 : 4*(Nr+1)] from the key, with Nk = len(key)/4 and Nr = Nk + 6. Word
// w[i] holds the bytes of column i most significant first, as in the
// specification. The caller has checked the key length and wipes w.
//
// Branches and indices depend only on i and Nk, never on the key; SubWord
// is the constant-time circuit.
func keyExpansion(w *[4 * (maxRounds + 1)]uint32, key []byte) int {
	nk := len(key) / 4
	nr := nk + 6
	for i := range nk {
		w[i] = binary.BigEndian.Uint32(key[4*i:])
	}
	// j is i mod Nk, c the index of the next round constant: counters,
	// not divisions by the variable Nk.
	for i, j, c := nk, 0, 0; i < 4*(nr+1); i++ {
		temp := w[i-1]
		if j == 0 {
			temp = subWord(temp<<8|temp>>24) ^ rcon[c]<<24 // RotWord, SubWord, Rcon
			c++
		} else if nk > 6 && j == 4 {
			temp = subWord(temp)
		}
		w[i] = w[i-nk] ^ temp
		if j++; j == nk {
			j = 0
		}
	}
	return nr
}

// roundKeyBytes writes round key r (words w[4r..4r+3]) as the 16 bytes that
// AddRoundKey XORs into the state, in input order.
func roundKeyBytes(dst *[16]byte, w *[4 * (maxRounds + 1)]uint32, r int) {
	for c := range 4 {
		binary.BigEndian.PutUint32(dst[4*c:], w[4*r+c])
	}
}
