// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	"bytes"
	"crypto/sha3"
	"fmt"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/acvp"
	"github.com/cryptolab-go/cryptolab/internal/cpu"
	internal "github.com/cryptolab-go/cryptolab/internal/mlkem"
	"github.com/cryptolab-go/cryptolab/mlkem"
)

// TestACVP runs the NIST ACVP ML-KEM keyGen and encapDecap vectors (FIPS203
// revision) in both configurations. The pinned acvp-testdata files are a
// trimmed sample: they hold ML-KEM-768 and -1024 cases only (keyGen AFT,
// encapsulation AFT, decapsulation VAL) and no key-check groups. ML-KEM-512
// is covered by TestACVPServer (the full NIST sample sets), the key checks
// by TestBadInput (neither vector set has key-check groups).
func TestACVP(t *testing.T) {
	counts := map[string]int{}
	for _, vs := range acvp.Load(t, "ML-KEM") {
		if vs.Revision != "FIPS203" {
			t.Fatalf("unexpected revision %q", vs.Revision)
		}
		for _, g := range vs.Groups {
			k := kemByName(g.Fields.String("parameterSet"))
			if k == nil {
				t.Fatalf("unknown parameter set %q", g.Fields.String("parameterSet"))
			}
			for _, tc := range g.Tests {
				switch {
				case vs.Mode == "keyGen":
					seed := append(tc.Hex("d"), tc.Hex("z")...)
					for _, cfg := range configs {
						dk, err := k.newDK(seed, cfg)
						if err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(k.ekOf(dk).Bytes(), tc.Hex("ek")) {
							t.Errorf("%s keyGen tcId %d %v: ek", k.name, tc.TcID, cfg)
						}
						if !bytes.Equal(k.expandedDK(dk), tc.Hex("dk")) {
							t.Errorf("%s keyGen tcId %d %v: dk", k.name, tc.TcID, cfg)
						}
						counts["keyGen/"+cfg.String()]++
					}
				case vs.Mode == "encapDecap" && g.Fields.String("function") == "encapsulation":
					for _, cfg := range configs {
						ek, err := k.newEK(tc.Hex("ek"), cfg)
						if err != nil {
							t.Fatal(err)
						}
						K, c, err := k.encDerand(ek, tc.Hex("m"))
						if err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(c, tc.Hex("c")) || !bytes.Equal(K, tc.Hex("k")) {
							t.Errorf("%s encapsulation tcId %d %v", k.name, tc.TcID, cfg)
						}
						counts["encapsulation/"+cfg.String()]++
					}
				case vs.Mode == "encapDecap" && g.Fields.String("function") == "decapsulation":
					for _, cfg := range configs {
						K, err := k.decExpanded(tc.Hex("dk"), tc.Hex("c"), cfg)
						if err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(K, tc.Hex("k")) {
							t.Errorf("%s decapsulation tcId %d %v", k.name, tc.TcID, cfg)
						}
						counts["decapsulation/"+cfg.String()]++
					}
				default:
					t.Fatalf("unknown mode %q function %q", vs.Mode, g.Fields.String("function"))
				}
			}
		}
	}
	for _, want := range []string{"keyGen/Small", "keyGen/Fast", "encapsulation/Small", "encapsulation/Fast", "decapsulation/Small", "decapsulation/Fast"} {
		if counts[want] == 0 {
			t.Errorf("no %s vectors ran", want)
		}
	}
	t.Log(counts)
}

// xof is a deterministic source of test inputs.
func xof(label string) *sha3.SHAKE {
	s := sha3.NewSHAKE128()
	s.Write([]byte(label))
	return s
}

func read(s *sha3.SHAKE, n int) []byte {
	b := make([]byte, n)
	s.Read(b)
	return b
}

// TestDifferential checks both directions against the standard library
// (768, 1024) and circl (512, 768, 1024), in both configurations: the same
// seed gives the same encapsulation key; peers' ciphertexts decapsulate here
// to their shared key, ours decapsulate there to ours; corrupted ciphertexts
// give the same implicit-rejection key on both sides.
func TestDifferential(t *testing.T) {
	for _, k := range kems {
		for _, cfg := range configs {
			r := xof("differential " + k.name + cfg.String())
			for i := range 8 {
				seed := read(r, 64)
				dk, err := k.newDK(seed, cfg)
				if err != nil {
					t.Fatal(err)
				}
				ek := k.ekOf(dk)
				peers := map[string]peerDK{"circl": k.circl(seed)}
				if k.std != nil {
					peers["go"] = k.std(seed)
				}
				for name, p := range peers {
					if !bytes.Equal(p.ek(), ek.Bytes()) {
						t.Fatalf("%s %v %s: encapsulation key differs", k.name, cfg, name)
					}
					// Peer → us.
					Kp, cp := p.encapsulate(read(r, 32))
					K, err := dk.Decapsulate(cp)
					if err != nil || !bytes.Equal(K, Kp) {
						t.Fatalf("%s %v: %s's ciphertext decapsulates differently", k.name, cfg, name)
					}
					// Us → peer, randomized and derandomized.
					K, c, _ := ek.Encapsulate()
					if !bytes.Equal(p.decapsulate(c), K) {
						t.Fatalf("%s %v: our ciphertext decapsulates differently in %s", k.name, cfg, name)
					}
					m := read(r, 32)
					K, c, err = k.encDerand(ek, m)
					if err != nil {
						t.Fatal(err)
					}
					Kp, cp = p.encapsulate(m)
					if !bytes.Equal(K, Kp) || !bytes.Equal(c, cp) {
						t.Fatalf("%s %v: derandomized encapsulation differs from %s", k.name, cfg, name)
					}
					// Implicit rejection: flip one bit at a varying place.
					c[(i*131)%len(c)] ^= 1 << (i % 8)
					K, err = dk.Decapsulate(c)
					if err != nil || !bytes.Equal(K, p.decapsulate(c)) {
						t.Fatalf("%s %v: implicit rejection differs from %s", k.name, cfg, name)
					}
					if bytes.Equal(K, Kp) {
						t.Fatalf("%s %v: corrupted ciphertext gave the real key", k.name, cfg)
					}
				}
				// A parsed encapsulation key of the other configuration
				// agrees with this one.
				for _, cfg2 := range configs {
					ek2, err := k.newEK(ek.Bytes(), cfg2)
					if err != nil {
						t.Fatal(err)
					}
					m := read(r, 32)
					K1, c1, _ := k.encDerand(ek, m)
					K2, c2, _ := k.encDerand(ek2, m)
					if !bytes.Equal(K1, K2) || !bytes.Equal(c1, c2) {
						t.Fatalf("%s: %v key and parsed %v key disagree", k.name, cfg, cfg2)
					}
				}
			}
		}
	}
}

// accumulate hashes, for n key pairs from a SHAKE128 stream of seeds: the
// encapsulation key, a derandomized encapsulation (ciphertext and key) and
// the decapsulation of a random ciphertext (implicit rejection), using the
// given implementation.
func accumulate(n int, label string, keygen func(seed []byte) (ek []byte, enc func(m []byte) (K, c []byte), dec func(c []byte) []byte), ctSize int) []byte {
	src := xof(label)
	acc := sha3.NewSHAKE128()
	for range n {
		ek, enc, dec := keygen(read(src, 64))
		acc.Write(ek)
		K, c := enc(read(src, 32))
		acc.Write(c)
		acc.Write(K)
		acc.Write(dec(read(src, ctSize)))
	}
	return read(acc, 32)
}

// TestAccumulated compares a digest over many derandomized key generations,
// encapsulations and rejections with the same digest computed by the
// standard library (768, 1024) and circl (all sets).
func TestAccumulated(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 30
	}
	for _, k := range kems {
		label := "accumulated " + k.name
		peer := func(mk func([]byte) peerDK) func(seed []byte) ([]byte, func([]byte) ([]byte, []byte), func([]byte) []byte) {
			return func(seed []byte) ([]byte, func([]byte) ([]byte, []byte), func([]byte) []byte) {
				p := mk(seed)
				return p.ek(), p.encapsulate, p.decapsulate
			}
		}
		want := map[string][]byte{"circl": accumulate(n, label, peer(k.circl), k.ctSize)}
		if k.std != nil {
			want["go"] = accumulate(n, label, peer(k.std), k.ctSize)
		}
		for _, cfg := range configs {
			got := accumulate(n, label, func(seed []byte) ([]byte, func([]byte) ([]byte, []byte), func([]byte) []byte) {
				dk, err := k.newDK(seed, cfg)
				if err != nil {
					panic(err)
				}
				ek := k.ekOf(dk)
				enc := func(m []byte) ([]byte, []byte) {
					K, c, err := k.encDerand(ek, m)
					if err != nil {
						panic(err)
					}
					return K, c
				}
				dec := func(c []byte) []byte {
					K, err := dk.Decapsulate(c)
					if err != nil {
						panic(err)
					}
					return K
				}
				return ek.Bytes(), enc, dec
			}, k.ctSize)
			for name, w := range want {
				if !bytes.Equal(got, w) {
					t.Errorf("%s %v: accumulated digest %x, %s gives %x", k.name, cfg, got, name, w)
				}
			}
		}
	}
}

// TestBadInput checks that every malformed input is an error, not a panic,
// and leaves outputs untouched.
func TestBadInput(t *testing.T) {
	for _, k := range kems {
		for _, cfg := range configs {
			name := fmt.Sprintf("%s/%v", k.name, cfg)
			for _, n := range []int{0, 1, 32, 63, 65, 128} {
				if _, err := k.newDK(make([]byte, n), cfg); err == nil {
					t.Errorf("%s: seed of %d bytes accepted", name, n)
				}
			}
			dk, err := k.newDK(make([]byte, 64), cfg)
			if err != nil {
				t.Fatal(err)
			}
			ekb := k.ekOf(dk).Bytes()
			for _, n := range []int{0, 1, k.ekSize - 1, k.ekSize + 1, 800, 1184, 1568} {
				if n == k.ekSize {
					continue
				}
				b := make([]byte, n)
				copy(b, ekb)
				if _, err := k.newEK(b, cfg); err == nil {
					t.Errorf("%s: encapsulation key of %d bytes accepted", name, n)
				}
			}
			// Modulus check: set one 12-bit value to each of q, 4095 in
			// every polynomial position class (first/second of a pair).
			for _, pos := range []int{0, 1, 191, 383, k.ekSize - 33 - 2} {
				for _, v := range []uint16{3329, 4095} {
					b := bytes.Clone(ekb)
					i := pos / 3 * 3
					if pos%2 == 0 {
						b[i] = byte(v)
						b[i+1] = b[i+1]&0xf0 | byte(v>>8)
					} else {
						b[i+1] = b[i+1]&0x0f | byte(v<<4)
						b[i+2] = byte(v >> 4)
					}
					if _, err := k.newEK(b, cfg); err == nil {
						t.Errorf("%s: non-canonical encapsulation key (pos %d, %d) accepted", name, pos, v)
					}
				}
			}
			// 3328 is the largest canonical value and must pass.
			b := bytes.Clone(ekb)
			b[0], b[1] = 0x00, b[1]&0xf0|0x0d
			if _, err := k.newEK(b, cfg); err != nil {
				t.Errorf("%s: canonical key rejected: %v", name, err)
			}
			for _, n := range []int{0, 1, k.ctSize - 1, k.ctSize + 1} {
				if _, err := dk.Decapsulate(make([]byte, n)); err == nil {
					t.Errorf("%s: ciphertext of %d bytes accepted", name, n)
				}
				K := [32]byte{1, 2, 3}
				if err := k.decTo(dk, &K, make([]byte, n)); err == nil || K != [32]byte{1, 2, 3} {
					t.Errorf("%s: DecapsulateTo wrong length: err %v, output touched", name, err)
				}
			}
		}
		// Expanded decapsulation keys: length and hash check (FIPS 203,
		// Section 7.3), and the modulus check of the ek inside.
		dk, _ := k.newDK(make([]byte, 64), mlkem.Small())
		dkx := k.expandedDK(dk)
		_, c, _ := k.ekOf(dk).Encapsulate()
		for _, cfg := range configs {
			K1, err := k.decExpanded(dkx, c, cfg)
			if err != nil {
				t.Fatal(err)
			}
			K2, _ := dk.Decapsulate(c)
			c2 := bytes.Clone(c)
			c2[3] ^= 0x10
			K3, _ := k.decExpanded(dkx, c2, cfg)
			K4, _ := dk.Decapsulate(c2)
			if !bytes.Equal(K1, K2) || !bytes.Equal(K3, K4) {
				t.Errorf("%s %v: expanded-key decapsulation differs from the seed key", k.name, cfg)
			}
			if _, err := k.decExpanded(dkx[:len(dkx)-1], c, cfg); err == nil {
				t.Errorf("%s: short expanded dk accepted", k.name)
			}
			if _, err := k.decExpanded(dkx, c[1:], cfg); err == nil {
				t.Errorf("%s: short ciphertext accepted", k.name)
			}
			kk := (k.ekSize - 32) / 384
			for _, off := range []int{384 * kk, 768*kk + 31, 768*kk + 32, 768*kk + 63} {
				bad := bytes.Clone(dkx)
				bad[off] ^= 1
				if _, err := k.decExpanded(bad, c, cfg); err == nil {
					t.Errorf("%s: dk with byte %d flipped passes the hash check", k.name, off)
				}
			}
			// A non-canonical ek inside dk with a matching hash is caught
			// by the modulus check.
			bad := bytes.Clone(dkx)
			bad[384*kk], bad[384*kk+1] = 0xff, bad[384*kk+1]|0x0f
			h := sha3.Sum256(bad[384*kk : 768*kk+32])
			copy(bad[768*kk+32:], h[:])
			if _, err := k.decExpanded(bad, c, cfg); err == nil {
				t.Errorf("%s: dk with a non-canonical ek accepted", k.name)
			}
		}
	}
}

// TestSetSeed checks in-place key derivation: the zero value works, the
// result equals a new key from the same seed, switching configuration works
// both ways, and bad input leaves the key unchanged.
func TestSetSeed(t *testing.T) {
	r := xof("SetSeed")
	var zero mlkem.DecapsulationKey768
	seed := read(r, 64)
	if err := zero.SetSeed(mlkem.Small(), seed); err != nil {
		t.Fatal(err)
	}
	want, _ := mlkem.NewDecapsulationKey768(seed)
	if !bytes.Equal(zero.EncapsulationKey().Bytes(), want.EncapsulationKey().Bytes()) {
		t.Fatal("SetSeed on the zero value differs")
	}
	for _, k := range kems {
		dk, _ := k.newDK(read(r, 64), mlkem.Fast())
		for _, cfg := range []mlkem.Config{mlkem.Small(), mlkem.Fast(), mlkem.Fast(), mlkem.Small()} {
			seed := read(r, 64)
			if err := dk.SetSeed(cfg, seed); err != nil {
				t.Fatal(err)
			}
			fresh, _ := k.newDK(seed, cfg)
			if dk.Config() != cfg || !bytes.Equal(dk.Bytes(), seed) || !bytes.Equal(k.ekOf(dk).Bytes(), k.ekOf(fresh).Bytes()) {
				t.Fatalf("%s: SetSeed(%v) differs from a new key", k.name, cfg)
			}
			m := read(r, 32)
			K1, c, _ := k.encDerand(k.ekOf(dk), m)
			K2, err := fresh.Decapsulate(c)
			if err != nil || !bytes.Equal(K1, K2) {
				t.Fatalf("%s: SetSeed(%v) key does not interoperate", k.name, cfg)
			}
		}
		before := dk.Bytes()
		if dk.SetSeed(mlkem.Small(), make([]byte, 63)) == nil || dk.SetSeed(nil, make([]byte, 64)) == nil {
			t.Fatalf("%s: bad SetSeed accepted", k.name)
		}
		if !bytes.Equal(dk.Bytes(), before) {
			t.Fatalf("%s: failed SetSeed changed the key", k.name)
		}
	}
}

func TestZeroValueAndConfig(t *testing.T) {
	var dk mlkem.DecapsulationKey768
	if _, err := dk.Decapsulate(make([]byte, mlkem.CiphertextSize768)); err == nil {
		t.Error("zero DecapsulationKey768 decapsulated")
	}
	var ek mlkem.EncapsulationKey768
	if K, c, _ := ek.Encapsulate(); K != nil || c != nil {
		t.Error("zero EncapsulationKey768 encapsulated")
	}
	var K [32]byte
	var c [mlkem.CiphertextSize768]byte
	if err := ek.EncapsulateTo(&K, &c); err == nil {
		t.Error("zero EncapsulationKey768 EncapsulateTo succeeded")
	}
	var dk5 mlkem.DecapsulationKey512
	if _, err := dk5.Decapsulate(make([]byte, mlkem.CiphertextSize512)); err == nil {
		t.Error("zero DecapsulationKey512 decapsulated")
	}
	var dk1 mlkem.DecapsulationKey1024
	if _, err := dk1.Decapsulate(make([]byte, mlkem.CiphertextSize1024)); err == nil {
		t.Error("zero DecapsulationKey1024 decapsulated")
	}
	if _, err := mlkem.NewDecapsulationKey768WithConfig(nil, make([]byte, 64)); err == nil {
		t.Error("nil configuration accepted")
	}
	if _, err := mlkem.NewEncapsulationKey768WithConfig(nil, make([]byte, mlkem.EncapsulationKeySize768)); err == nil {
		t.Error("nil configuration accepted")
	}
	if _, err := mlkem.GenerateKey768WithConfig(nil); err == nil {
		t.Error("nil configuration accepted")
	}
	for c, want := range map[mlkem.Config]string{mlkem.Default(): "Fast", mlkem.Small(): "Small", mlkem.Fast(): "Fast"} {
		if c.String() != want {
			t.Errorf("Config %v prints %q, want %q", c, c.String(), want)
		}
	}
	if mlkem.Default() != mlkem.Fast() || mlkem.Small() == mlkem.Fast() {
		t.Error("Default() is not Fast(), or Small() is Fast()")
	}
	// Native is its own configuration exactly where the x4 Keccak runs in
	// assembly, and Fast otherwise; it keeps Fast's key layout.
	wantNative := "Fast"
	if cpu.X86.HasAVX2 {
		wantNative = "Native"
	}
	if got := mlkem.Native().String(); got != wantNative {
		t.Errorf("Native() prints %q, want %q", got, wantNative)
	}
	if restore, err := cpu.Disable("avx2"); err != nil {
		t.Error(err)
	} else {
		if mlkem.Native() != mlkem.Fast() {
			t.Error("Native() without AVX2 is not Fast()")
		}
		restore()
	}
	for _, bits := range []int{512, 768, 1024, 999} {
		m := mlkem.Native().Memory(bits)
		if m.Tables != 0 && mlkem.Native() != mlkem.Fast() {
			m.Tables -= internal.NativeTablesBytes // the AVX2 code's twiddle factors
		}
		if m != mlkem.Fast().Memory(bits) {
			t.Errorf("ML-KEM-%d: Native memory %+v, Fast %+v", bits, mlkem.Native().Memory(bits), mlkem.Fast().Memory(bits))
		}
	}
	// Memory: the key value, plus the expansion in Fast (whose size is
	// (k²+2k)·512 bytes and its header).
	for _, set := range []struct{ bits, k int }{{512, 2}, {768, 3}, {1024, 4}} {
		s, f := mlkem.Small().Memory(set.bits), mlkem.Fast().Memory(set.bits)
		exp := (set.k*set.k + 2*set.k) * 512
		if s.Key < 2*32*set.k || s.Key > 400*set.k+400 || f.Key-s.Key < exp || f.Key-s.Key > exp+200 || s.Context != 0 || s.Tables != 512 || f.Tables != 512 {
			t.Errorf("ML-KEM-%d: Small %+v, Fast %+v", set.bits, s, f)
		}
	}
	if mlkem.Fast().Memory(999) != (mlkem.Memory{}) {
		t.Error("Memory(999) not zero")
	}
	// The default constructors use Default.
	d, err := mlkem.GenerateKey768()
	if err != nil || d.Config() != mlkem.Default() || d.EncapsulationKey().Config() != mlkem.Default() {
		t.Fatal("GenerateKey768 configuration", err)
	}
	if len(d.Bytes()) != mlkem.SeedSize {
		t.Fatal("seed length")
	}
	d2, err := mlkem.NewDecapsulationKey768(d.Bytes())
	if err != nil || !bytes.Equal(d2.EncapsulationKey().Bytes(), d.EncapsulationKey().Bytes()) {
		t.Fatal("NewDecapsulationKey768(dk.Bytes()) differs")
	}
	for _, gen := range []func() error{
		func() error { _, err := mlkem.GenerateKey512(); return err },
		func() error { _, err := mlkem.GenerateKey1024(); return err },
		func() error { _, err := mlkem.GenerateKey768WithConfig(mlkem.Small()); return err },
	} {
		if err := gen(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := mlkem.NewEncapsulationKey512(make([]byte, 3)); err == nil {
		t.Error("short key accepted")
	}
	if _, err := mlkem.NewEncapsulationKey1024(make([]byte, 3)); err == nil {
		t.Error("short key accepted")
	}
}

// TestAllocs pins the heap allocations: none for EncapsulateTo and
// DecapsulateTo, in either configuration.
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	for _, k := range kems {
		for _, cfg := range configs {
			dk, err := k.newDK(make([]byte, 64), cfg)
			if err != nil {
				t.Fatal(err)
			}
			ek := k.ekOf(dk)
			var K [32]byte
			c := make([]byte, k.ctSize)
			if n := testing.AllocsPerRun(10, func() { k.encTo(ek, &K, c) }); n != 0 {
				t.Errorf("%s %v EncapsulateTo: %v allocations", k.name, cfg, n)
			}
			if n := testing.AllocsPerRun(10, func() { k.decTo(dk, &K, c) }); n != 0 {
				t.Errorf("%s %v DecapsulateTo: %v allocations", k.name, cfg, n)
			}
			seed := make([]byte, 64)
			if n := testing.AllocsPerRun(10, func() { dk.SetSeed(cfg, seed) }); n != 0 {
				t.Errorf("%s %v SetSeed: %v allocations", k.name, cfg, n)
			}
		}
	}
	// A key declared as a local variable is passed to its strategy
	// through an interface, so it moves to the heap: one allocation for
	// its lifetime (Small; Fast adds its expansion), as documented.
	seed, c := make([]byte, 64), make([]byte, mlkem.CiphertextSize768)
	var K [32]byte
	if n := testing.AllocsPerRun(10, func() {
		var dk mlkem.DecapsulationKey768
		dk.SetSeed(mlkem.Small(), seed)
		dk.DecapsulateTo(&K, c)
	}); n != 1 {
		t.Errorf("local Small key: %v allocations, documented 1", n)
	}
}
