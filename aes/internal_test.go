package aes

import (
	"reflect"
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
		cfg     Config
		key     [3]int
		context int
	}{
		{Small(), [3]int{176, 208, 240}, 328},
		{Fast(), [3]int{704, 832, 960}, 1048},
	} {
		for i, bits := range []int{128, 192, 256} {
			want := Memory{Key: c.key[i], Context: c.context, Tables: 40}
			if unsafe.Sizeof(uintptr(0)) != 8 {
				want.Context = c.cfg.Memory(bits).Context // sizes below are for 64-bit platforms
			}
			if got := c.cfg.Memory(bits); got != want {
				t.Errorf("%v.Memory(%d) = %+v, want %+v", c.cfg, bits, got, want)
			}
		}
		for _, bits := range []int{0, 100, 127, 129, 512} {
			if m := c.cfg.Memory(bits); m != (Memory{}) {
				t.Errorf("%v.Memory(%d) = %+v, want zero", c.cfg, bits, m)
			}
		}
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
	if n := unsafe.Sizeof(CBC{}); n != 48 {
		t.Errorf("CBC is %d bytes", n)
	}
	// The context Init allocates is the configuration's flow, and nothing
	// else.
	for _, cfg := range []Config{Small(), Fast(), Native()} {
		for _, dec := range []bool{false, true} {
			var s CBC
			if dec {
				s.InitDecrypt(cfg, PKCS7)
			} else {
				s.InitEncrypt(cfg, PKCS7)
			}
			n := reflect.TypeOf(s.f).Elem().Size()
			if int(unsafe.Sizeof(s)+n) != cfg.Memory(128).Context {
				t.Errorf("%v decrypt=%v: CBC %d + context %d bytes, Memory says %d", cfg, dec, unsafe.Sizeof(s), n, cfg.Memory(128).Context)
			}
		}
	}
}

// countingConfig is a Config that records how many bytes its
// implementation decrypts, sole-buffer and data flow.
type countingConfig struct {
	Config
	decrypted *int
}

func (c countingConfig) decryptCBC(dst, key, iv, src []byte) error {
	*c.decrypted += len(src)
	return c.Config.decryptCBC(dst, key, iv, src)
}

func (c countingConfig) newDecryptFlow() any {
	return countingFlow{c.Config.newDecryptFlow().(flow), c.decrypted}
}

type countingFlow struct {
	flow
	decrypted *int
}

func (f countingFlow) crypt(iv *[16]byte, dst, src []byte) {
	*f.decrypted += len(src)
	f.flow.crypt(iv, dst, src)
}

// TestOpenSameWork is the regression test for the review's second CBC
// finding: OpenCBC returned on bad padding before decrypting the rest of
// the message. It checks that OpenCBC and the data flow's Finish decrypt
// every block whatever the padding, and that the failures zero the output
// they wrote.
func TestOpenSameWork(t *testing.T) {
	key, iv := make([]byte, 16), make([]byte, 16)
	for _, cfg := range []Config{Small(), Fast(), Native()} {
		for _, blocks := range []int{1, 2, 5, 9} {
			pt := make([]byte, 16*blocks-3) // padding 03 03 03
			good, _ := SealCBC(cfg, nil, key, iv, pt)
			padded := append(append([]byte{}, pt...), 3, 3, 2) // bad padding
			bad := make([]byte, len(padded))
			EncryptCBC(cfg, bad, key, iv, padded)
			var work [2]int
			for i, ctext := range [][]byte{good, bad} {
				n := 0
				c := countingConfig{cfg, &n}
				dst := make([]byte, 0, 1+len(ctext))
				dst = append(dst, 0xAA) // one byte of caller data, then spare capacity
				for j := 1; j < cap(dst); j++ {
					dst[:cap(dst)][j] = 0xAA
				}
				out, err := OpenCBC(c, dst, key, iv, ctext)
				if (err == nil) != (i == 0) {
					t.Fatalf("%v %d blocks, case %d: err %v", cfg, blocks, i, err)
				}
				if i == 1 {
					if len(out) != 1 || out[0] != 0xAA {
						t.Errorf("%v: OpenCBC changed dst on failure", cfg)
					}
					spare := out[:cap(out)][1:]
					for _, b := range spare[:len(ctext)] {
						if b != 0 {
							t.Fatalf("%v %d blocks: output not zeroed on failure: %x", cfg, blocks, spare)
						}
					}
				}
				var s CBC
				s.InitDecrypt(c, PKCS7)
				s.SetKey(key)
				s.SetIV(iv)
				o, _ := s.Append(nil, ctext)
				if _, err := s.Finish(o); (err == nil) != (i == 0) {
					t.Fatalf("%v %d blocks, case %d: Finish err %v", cfg, blocks, i, err)
				}
				work[i] = n
			}
			if work[0] != work[1] || work[0] != 2*len(good) {
				t.Errorf("%v %d blocks: decrypted %d bytes for good padding, %d for bad, want %d each", cfg, blocks, work[0], work[1], 2*len(good))
			}
		}
	}
}
