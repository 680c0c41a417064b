package aes

import (
	"testing"
	"unsafe"
)

// gfMul multiplies in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS 197,
// Section 4.2). Variable time; test only.
func gfMul(a, b byte) byte {
	var p byte
	for b != 0 {
		if b&1 != 0 {
			p ^= a
		}
		hi := a & 0x80
		a <<= 1
		if hi != 0 {
			a ^= 0x1b
		}
		b >>= 1
	}
	return p
}

// sboxFromDefinition computes the S-box from FIPS 197, Section 5.1.1:
// the multiplicative inverse (x^254, 0 maps to 0) followed by the affine
// transformation b'[i] = b[i] ^ b[i+4] ^ b[i+5] ^ b[i+6] ^ b[i+7] ^ c[i].
func sboxFromDefinition(x byte) byte {
	inv := byte(1)
	for range 254 {
		inv = gfMul(inv, x)
	}
	if x == 0 {
		inv = 0
	}
	var s byte
	for i := range 8 {
		bit := (inv>>i ^ inv>>((i+4)%8) ^ inv>>((i+5)%8) ^ inv>>((i+6)%8) ^ inv>>((i+7)%8) ^ 0x63>>i) & 1
		s |= bit << i
	}
	return s
}

// TestSBoxCircuit checks the boolean circuit, forward and inverse, on all
// 256 inputs in every lane of both word sizes.
func TestSBoxCircuit(t *testing.T) {
	var want, inv [256]byte
	for x := range 256 {
		want[x] = sboxFromDefinition(byte(x))
		inv[want[x]] = byte(x)
	}
	for x := range 256 {
		if inv[want[x]] != byte(x) || want[inv[x]] != byte(x) {
			t.Fatal("reference S-box is not a permutation")
		}
	}
	if want[0x00] != 0x63 || want[0x53] != 0xed { // FIPS 197, Table 4 and Section 5.1.1 example
		t.Fatalf("reference S-box wrong: S(00)=%02x S(53)=%02x", want[0], want[0x53])
	}
	// Put byte (x + lane) in each of the 64 lanes, for all x.
	for x := range 256 {
		var q64 [8]uint64
		var q32 [8]uint32
		for lane := range 64 {
			v := byte(x + lane)
			for i := range 8 {
				q64[i] |= uint64(v>>i&1) << lane
				if lane < 32 {
					q32[i] |= uint32(v>>i&1) << lane
				}
			}
		}
		f64, f32 := q64, q32
		subBytes(&f64)
		subBytes(&f32)
		i64, i32 := q64, q32
		invSubBytes(&i64)
		invSubBytes(&i32)
		for lane := range 64 {
			v := byte(x + lane)
			var gf, gi byte
			for i := range 8 {
				gf |= byte(f64[i]>>lane&1) << i
				gi |= byte(i64[i]>>lane&1) << i
			}
			if gf != want[v] || gi != inv[v] {
				t.Fatalf("uint64 lane %d: S(%02x)=%02x want %02x, S^-1=%02x want %02x", lane, v, gf, want[v], gi, inv[v])
			}
			if lane < 32 {
				gf, gi = 0, 0
				for i := range 8 {
					gf |= byte(f32[i]>>lane&1) << i
					gi |= byte(i32[i]>>lane&1) << i
				}
				if gf != want[v] || gi != inv[v] {
					t.Fatalf("uint32 lane %d: S(%02x)=%02x, S^-1=%02x", lane, v, gf, gi)
				}
			}
		}
	}
	for _, w := range []uint32{0, 0x01020304, 0xFFFEFDFC, 0x53530053} {
		var r uint32
		for j := range 4 {
			r |= uint32(want[byte(w>>(8*j))]) << (8 * j)
		}
		if got := subWord(w); got != r {
			t.Errorf("subWord(%08x) = %08x, want %08x", w, got, r)
		}
	}
}

// TestKeyExpansionFIPS197 checks w[] against FIPS 197, Appendix A.1.
func TestKeyExpansionFIPS197(t *testing.T) {
	key := []byte{0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c}
	var w [4 * (maxRounds + 1)]uint32
	if nr := keyExpansion(&w, key); nr != 10 {
		t.Fatalf("Nr = %d", nr)
	}
	if w[4] != 0xa0fafe17 || w[43] != 0xb6630ca6 {
		t.Fatalf("w[4] = %08x, w[43] = %08x", w[4], w[43])
	}
}

// TestMemory pins the sizes the documentation states.
func TestMemory(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want [3]int
		used [3]int // CBCUsedBytes
	}{
		{Small, [3]int{176, 208, 240}, [3]int{232, 264, 296}},
		{Fast, [3]int{704, 832, 960}, [3]int{760, 888, 1016}},
		{Default, [3]int{704, 832, 960}, [3]int{760, 888, 1016}},
	} {
		for i, bits := range []int{128, 192, 256} {
			if got := c.cfg.KeyBytes(bits); got != c.want[i] {
				t.Errorf("%v.KeyBytes(%d) = %d, want %d", c.cfg, bits, got, c.want[i])
			}
			if got := CBCUsedBytes(c.cfg, bits); got != c.used[i] {
				t.Errorf("CBCUsedBytes(%v, %d) = %d, want %d", c.cfg, bits, got, c.used[i])
			}
		}
		for _, bits := range []int{0, 100, 127, 129, 512} {
			if c.cfg.KeyBytes(bits) != 0 || CBCUsedBytes(c.cfg, bits) != 0 {
				t.Errorf("%v: KeyBytes or CBCUsedBytes of %d bits not 0", c.cfg, bits)
			}
		}
	}
	if CBCUsedBytes(nil, 128) != 0 {
		t.Error("CBCUsedBytes(nil) not 0")
	}
	if unsafe.Sizeof(uintptr(0)) != 8 {
		return // the struct sizes below are for 64-bit platforms
	}
	if n := unsafe.Sizeof(smallBlock{}); n != 248 {
		t.Errorf("smallBlock is %d bytes", n)
	}
	if n := unsafe.Sizeof(fastBlock{}); n != 968 {
		t.Errorf("fastBlock is %d bytes", n)
	}
	if n := unsafe.Sizeof(CBC{}); n != cbcSize {
		t.Errorf("CBC is %d bytes, documented %d", n, cbcSize)
	}
	// The bytes CBCUsedBytes leaves out are the unused end of the key
	// array, and nothing else.
	if unused := 8*fastRoundKeyWords - Small.KeyBytes(256); cbcSize-unused != CBCUsedBytes(Small, 256) {
		t.Error("CBCUsedBytes(Small, 256) inconsistent with the layout")
	}
}
