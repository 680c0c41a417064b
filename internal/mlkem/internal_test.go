// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import (
	"bytes"
	"crypto/mlkem"
	"crypto/mlkem/mlkemtest"
	"math/rand/v2"
	"testing"
)

func TestReductions(t *testing.T) {
	for a := -32768; a <= 32767; a++ {
		r := barrettReduce(int16(a))
		if (int(r)-a)%q != 0 || r < -q/2 || r > q/2 {
			t.Fatalf("barrettReduce(%d) = %d", a, r)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1 << 20 {
		a := rng.Int32N(2*q<<15-1) - (q<<15 - 1)
		r := montgomeryReduce(a)
		// r·2^16 ≡ a (mod q)
		if ((int64(r)<<16)-int64(a))%q != 0 || r <= -q || r >= q {
			t.Fatalf("montgomeryReduce(%d) = %d", a, r)
		}
	}
	for a := -q + 1; a < q; a++ {
		if c := canonical(int16(a)); int(c) != (a%q+q)%q {
			t.Fatalf("canonical(%d) = %d", a, c)
		}
	}
}

// TestCompress checks Compress_d and Decompress_d exhaustively against the
// definitions with exact rational rounding (FIPS 203, equations 4.7, 4.8).
func TestCompress(t *testing.T) {
	for d := uint8(1); d <= 11; d++ {
		for x := 0; x < q; x++ {
			// round(2^d·x/q) = floor((2^(d+1)·x + q) / 2q)
			want := ((x<<(d+1) + q) / (2 * q)) % (1 << d)
			if got := Compress(uint16(x), d); int(got) != want {
				t.Fatalf("Compress(%d, %d) = %d, want %d", x, d, got, want)
			}
		}
		for y := 0; y < 1<<d; y++ {
			want := (y*q*2 + (1 << d)) / (1 << (d + 1))
			if got := Decompress(uint16(y), d); int(got) != want {
				t.Fatalf("Decompress(%d, %d) = %d, want %d", y, d, got, want)
			}
		}
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, d := range []uint8{1, 4, 5, 10, 11} {
		var f, g Poly
		for i := range f {
			f[i] = int16(rng.IntN(q))
		}
		b := make([]byte, 32*int(d))
		ByteEncodeCompress(b, &f, d)
		ByteDecodeDecompress(&g, b, d)
		b2 := make([]byte, 32*int(d))
		ByteEncodeCompress(b2, &g, d)
		if !bytes.Equal(b, b2) {
			t.Fatalf("d=%d: Compress(Decompress(Compress(f))) differs", d)
		}
		for i := range f {
			if int(Compress(uint16(g[i]), d)) != int(Compress(uint16(f[i]), d)) {
				t.Fatalf("d=%d coefficient %d", d, i)
			}
		}
	}
	var f, g NTTPoly
	for i := range f {
		f[i] = int16(rng.IntN(q))
	}
	b := make([]byte, 384)
	ByteEncode12(b, &f)
	if ByteDecode12(&g, b) != 1 || g != f {
		t.Fatal("ByteEncode12 round trip")
	}
	b[0], b[1] = 0xff, b[1]|0x0f // 4095 ≥ q
	if ByteDecode12(&g, b) != 0 || g[0] != 4095-q {
		t.Fatal("ByteDecode12 modulus check")
	}
}

// TestNTTRoundTrip checks NTTInverse(NTT(f)·R^-1 ... ) = f through the
// Montgomery factors the callers rely on.
func TestNTTRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var f Poly
	for i := range f {
		f[i] = int16(rng.IntN(2*q-1) - (q - 1))
	}
	g := f
	gHat := NTT(&g)
	// Multiply by the NTT of the constant 1 (all ones in T_q) to pick up
	// the R^-1 that NTTInverse expects.
	var one Poly
	var hHat NTTPoly
	one[0] = 1
	MultiplyNTTsAcc(&hHat, gHat, NTT(&one))
	polyReduce(&hHat)
	h := NTTInverse(&hHat)
	for i := range f {
		if (int(h[i])-int(f[i]))%q != 0 {
			t.Fatalf("coefficient %d: %d, want %d", i, h[i], f[i])
		}
	}
}

// TestNTTInverseBounds drives NTTInverse with the extreme inputs its lazy
// reduction allows (every coefficient ±(q-1)) and checks the result against
// an NTTInverse that reduces in every layer.
func TestNTTInverseBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	for trial := range 200 {
		var f NTTPoly
		for i := range f {
			switch trial % 3 {
			case 0:
				f[i] = q - 1
			case 1:
				f[i] = -(q - 1)
			default:
				f[i] = int16(rng.IntN(2*q-1) - (q - 1))
			}
		}
		g := Poly(f)
		NTTInverse(&f)
		nttInverseReference(&g)
		for i := range f {
			if f[i] <= -q || f[i] >= q || (int(f[i])-int(g[i]))%q != 0 {
				t.Fatalf("trial %d coefficient %d: %d, reference %d", trial, i, f[i], g[i])
			}
		}
	}
}

// nttInverseReference is FIPS 203, Algorithm 10 in int64 arithmetic with
// the same Montgomery scaling as NTTInverse (times R).
func nttInverseReference(f *Poly) {
	var g [n]int64
	for i := range f {
		g[i] = int64(f[i])
	}
	pow := func(e int) int64 {
		r := int64(1)
		for range e {
			r = r * 17 % q
		}
		return r
	}
	i := 127
	for length := 2; length <= 128; length <<= 1 {
		for start := 0; start < n; start += 2 * length {
			zeta := pow(int(bitRev7(uint8(i))))
			i--
			for j := start; j < start+length; j++ {
				t := g[j]
				g[j] = (t + g[j+length]) % q
				g[j+length] = zeta * (g[j+length] - t) % q
			}
		}
	}
	for i := range g {
		// times 128^-1 = 3303 and R = 2^16 mod q
		f[i] = int16(g[i] * 3303 % q * rModQ % q)
	}
}

// TestInternalDifferential runs both strategies' key types against the
// standard library's crypto/mlkem: key generation, encapsulation with a
// given message, decapsulation and implicit rejection.
func TestInternalDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for range 5 {
		var seed [64]byte
		for i := range seed {
			seed[i] = byte(rng.Uint32())
		}
		std, _ := mlkem.NewDecapsulationKey768(seed[:])
		ekStd := std.EncapsulationKey()
		for _, s := range []Strategy768{Small768{}, Fast768{}} {
			var dk DecapsulationKey768
			dk.SetSeed(s, &seed)
			ek := dk.Snapshot()
			if !bytes.Equal(ek.Bytes(), ekStd.Bytes()) {
				t.Fatalf("%v: ek differs", s)
			}
			var m [32]byte
			for i := range m {
				m[i] = byte(rng.Uint32())
			}
			var K [32]byte
			var c [1088]byte
			if err := ek.EncapsulateInternal(&K, &c, &m); err != nil {
				t.Fatal(err)
			}
			Kstd, cStd, _ := mlkemtest.Encapsulate768(ekStd, m[:])
			if !bytes.Equal(c[:], cStd) || !bytes.Equal(K[:], Kstd) {
				t.Fatalf("%v: encapsulation differs", s)
			}
			var K2 [32]byte
			dk.Decapsulate(&K2, &c)
			if K2 != K {
				t.Fatalf("%v: decapsulation differs", s)
			}
			c[5] ^= 1
			dk.Decapsulate(&K2, &c)
			Krej, _ := std.Decapsulate(c[:])
			if !bytes.Equal(K2[:], Krej) {
				t.Fatalf("%v: implicit rejection differs", s)
			}
		}
	}
}

// TestByteEncodeReference compares the packed encoders with FIPS 203,
// Algorithm 5 (and the decoders with Algorithm 6) written bit by bit, for
// every d, on random and extreme inputs.
func TestByteEncodeReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for d := uint8(1); d <= 11; d++ {
		for trial := range 20 {
			var f Poly
			for i := range f {
				f[i] = int16(rng.IntN(2*q-1) - (q - 1))
				if trial == 0 {
					f[i] = q - 1
				}
			}
			want := make([]byte, 32*int(d))
			for i := range f {
				a := Compress(canonical(f[i]), d)
				for j := range int(d) {
					bit := (a >> j) & 1
					want[(i*int(d)+j)/8] |= byte(bit) << ((i*int(d) + j) % 8)
				}
			}
			got := make([]byte, 32*int(d))
			ByteEncodeCompress(got, &f, d)
			if !bytes.Equal(got, want) {
				t.Fatalf("d=%d: ByteEncodeCompress differs from Algorithm 5", d)
			}
			// Algorithm 6 bit by bit, then Decompress_d.
			var g Poly
			ByteDecodeDecompress(&g, want, d)
			for i := range g {
				var a uint16
				for j := range int(d) {
					a |= uint16(want[(i*int(d)+j)/8]>>((i*int(d)+j)%8)&1) << j
				}
				if g[i] != Decompress(a, d) {
					t.Fatalf("d=%d: ByteDecodeDecompress differs from Algorithm 6 at %d", d, i)
				}
			}
		}
	}
}
