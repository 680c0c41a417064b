// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa_test

import (
	"bytes"
	"crypto"
	"errors"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	internal "github.com/cryptolab-go/cryptolab/internal/mldsa"
	"github.com/cryptolab-go/cryptolab/mldsa"
)

// TestBadInput checks that bad input is an error (never a panic) and
// leaves outputs untouched: nil Config, wrong seed, key, signature and μ
// lengths, contexts over 255 bytes, unknown pre-hash, digest of the wrong
// length, nil and wiped keys, expanded keys with out-of-range s1/s2
// coefficients or inconsistent t0/tr, and malformed hint encodings.
func TestBadInput(t *testing.T) {
	seed := make([]byte, 32)
	if _, err := mldsa.NewPrivateKey65(nil, seed); err == nil {
		t.Error("nil Config accepted")
	}
	if _, err := mldsa.NewPublicKey65(nil, make([]byte, mldsa.PublicKeySize65)); err == nil {
		t.Error("nil Config accepted")
	}
	if _, err := mldsa.NewPrivateKey65FromExpanded(nil, make([]byte, mldsa.PrivateKeySize65)); err == nil {
		t.Error("nil Config accepted")
	}
	for _, cfg := range bothConfigs {
		if _, err := mldsa.NewPrivateKey65(cfg, seed[:31]); err == nil {
			t.Error("short seed accepted")
		}
		if _, err := mldsa.NewPublicKey65(cfg, make([]byte, mldsa.PublicKeySize65-1)); err == nil {
			t.Error("short public key accepted")
		}
		if _, err := mldsa.NewPrivateKey65FromExpanded(cfg, make([]byte, mldsa.PrivateKeySize65+1)); err == nil {
			t.Error("long private key accepted")
		}
		sk, _ := mldsa.NewPrivateKey65(cfg, seed)
		pk := sk.PublicKey()
		msg := []byte("msg")
		sig := make([]byte, mldsa.SignatureSize65)
		keep := bytes.Repeat([]byte{0xaa}, len(sig))
		copy(sig, keep)
		for _, c := range []struct {
			name string
			sig  []byte
			msg  []byte
			opts *mldsa.SignerOpts
		}{
			{"short sig", sig[:10], msg, nil},
			{"long context", sig, msg, &mldsa.SignerOpts{Context: make([]byte, 256)}},
			{"bad pre-hash", sig, msg, &mldsa.SignerOpts{PreHash: 99}},
			{"digest length", sig, msg, &mldsa.SignerOpts{PreHash: mldsa.SHA256}},
			{"μ length", sig, msg, &mldsa.SignerOpts{ExternalMu: true}},
			{"μ and pre-hash", sig, make([]byte, 64), &mldsa.SignerOpts{ExternalMu: true, PreHash: mldsa.SHA512}},
		} {
			if err := sk.SignTo(c.sig, c.msg, c.opts); err == nil {
				t.Errorf("%v %s: SignTo accepted", cfg, c.name)
			}
			if !bytes.Equal(sig, keep) {
				t.Errorf("%v %s: output changed on error", cfg, c.name)
			}
			if err := pk.Verify(make([]byte, mldsa.SignatureSize65), c.msg, c.opts); err == nil {
				t.Errorf("%v %s: Verify accepted", cfg, c.name)
			}
		}
		if _, err := sk.Sign(nil, msg, crypto.MD5); err == nil {
			t.Error("Sign with MD5 accepted")
		}
		// A 255-byte context is fine.
		if err := sk.SignTo(sig, msg, &mldsa.SignerOpts{Context: make([]byte, 255)}); err != nil {
			t.Error(err)
		}
		if err := pk.Verify(sig, msg, &mldsa.SignerOpts{Context: make([]byte, 255)}); err != nil {
			t.Error(err)
		}

		// Malformed hints: each must be rejected (ErrVerification).
		good := append([]byte(nil), sig...)
		const ω, k = 55, 6
		h := len(sig) - ω - k
		mutate := []struct {
			name string
			f    func(s []byte)
		}{
			{"count above ω", func(s []byte) { s[h+ω+k-1] = ω + 1 }},
			{"decreasing counts", func(s []byte) { s[h+ω] = s[h+ω+1] + 1 }},
			{"indices not increasing", func(s []byte) {
				if s[h+ω] >= 2 {
					s[h], s[h+1] = s[h+1], s[h]
				} else {
					s[h+ω], s[h], s[h+1] = 2, 5, 5
				}
			}},
			{"non-zero padding", func(s []byte) { s[h+int(s[h+ω+k-1])] = 1 }},
		}
		for _, m := range mutate {
			s := append([]byte(nil), good...)
			m.f(s)
			if int(s[h+ω+k-1]) == ω && m.name == "non-zero padding" {
				continue // all ω slots used: no padding to corrupt
			}
			if err := pk.Verify(s, msg, &mldsa.SignerOpts{Context: make([]byte, 255)}); !errors.Is(err, mldsa.ErrVerification) {
				t.Errorf("%v %s: got %v", cfg, m.name, err)
			}
		}

		// Out-of-range s1 coefficient: η = 4 uses 4 bits, 15 decodes to −11.
		enc := sk.ExpandedBytes()
		bad := append([]byte(nil), enc...)
		bad[128] |= 0x0f
		if _, err := mldsa.NewPrivateKey65FromExpanded(cfg, bad); !errors.Is(err, mldsa.ErrPrivateKey) {
			t.Errorf("%v: s1 out of range: %v", cfg, err)
		}
		// In range but inconsistent with t0 / tr.
		for _, off := range []int{64, 128, len(enc) - 1} {
			bad := append([]byte(nil), enc...)
			bad[off] ^= 1
			if bad[128]&0x0f > 8 || bad[128]>>4 > 8 {
				bad[128] = enc[128] ^ 0x01
				if bad[128]&0x0f > 8 {
					bad[128] = enc[128] &^ 0x01
				}
			}
			if _, err := mldsa.NewPrivateKey65FromExpanded(cfg, bad); !errors.Is(err, mldsa.ErrPrivateKey) {
				t.Errorf("%v: inconsistent key (byte %d) accepted: %v", cfg, off, err)
			}
		}

		// Nil, zero and wiped keys.
		var nilSK *mldsa.PrivateKey65
		if nilSK.SignTo(sig, msg, nil) == nil || nilSK.Bytes() != nil || nilSK.ExpandedBytes() != nil {
			t.Error("nil key usable")
		}
		var zero mldsa.PrivateKey65
		if zero.SignTo(sig, msg, nil) == nil || zero.PublicKey().Verify(sig, msg, nil) == nil {
			t.Error("zero key usable")
		}
		var nilPK *mldsa.PublicKey65
		if nilPK.Verify(sig, msg, nil) == nil || nilPK.Bytes() != nil {
			t.Error("nil public key usable")
		}
		w, _ := mldsa.NewPrivateKey65(cfg, seed)
		w.Wipe()
		if w.SignTo(sig, msg, nil) == nil || w.Bytes() != nil {
			t.Error("wiped key usable")
		}
	}
	if mldsa.Default().String() != "Fast" || mldsa.LowRAM().String() != "LowRAM" {
		t.Error("configuration names")
	}
	if m := mldsa.Fast().Memory(65); m.Key < 53*1024 || m.Tables != 2048 {
		t.Errorf("Fast Memory(65) = %+v", m)
	}
	if m := mldsa.LowRAM().Memory(65); m.Key < mldsa.PrivateKeySize65 || m.Key > 8*1024 {
		t.Errorf("LowRAM Memory(65) = %+v", m)
	}
	if (mldsa.Fast().Memory(66) != mldsa.Memory{}) {
		t.Error("Memory of an unknown set")
	}
	// Native is its own configuration exactly where the x4 Keccak runs in
	// assembly (AVX2), Fast otherwise; it keeps Fast's cache.
	wantNative := "Fast"
	if cpu.X86.HasAVX2 {
		wantNative = "Native"
	}
	if got := mldsa.Native().String(); got != wantNative {
		t.Errorf("Native() prints %q, want %q", got, wantNative)
	}
	if restore, err := cpu.Disable("avx2"); err != nil {
		t.Error(err)
	} else {
		if mldsa.Native() != mldsa.Fast() {
			t.Error("Native() without AVX2 is not Fast()")
		}
		restore()
	}
	for _, set := range []int{44, 65, 87, 66} {
		m := mldsa.Native().Memory(set)
		if m.Tables != 0 && mldsa.Native() != mldsa.Fast() {
			m.Tables -= internal.NativeTablesBytes // the AVX2 transforms' table
		}
		if m != mldsa.Fast().Memory(set) {
			t.Errorf("ML-DSA-%d: Native memory %+v, Fast %+v", set, mldsa.Native().Memory(set), mldsa.Fast().Memory(set))
		}
	}
}

// TestAllocations pins the heap allocations of the steady-state
// operations: SignTo (hedged and deterministic) and Verify allocate
// nothing in either configuration.
func TestAllocations(t *testing.T) {
	for _, cfg := range bothConfigs {
		sk, _ := mldsa.NewPrivateKey65(cfg, make([]byte, 32))
		pk := sk.PublicKey()
		sig := make([]byte, mldsa.SignatureSize65)
		msg := []byte("message")
		opts := &mldsa.SignerOpts{Context: []byte("ctx")}
		det := &mldsa.SignerOpts{Context: []byte("ctx"), Deterministic: true}
		for name, f := range map[string]func(){
			"SignTo":     func() { sk.SignTo(sig, msg, opts) },
			"SignTo det": func() { sk.SignTo(sig, msg, det) },
			"Verify":     func() { pk.Verify(sig, msg, opts) },
			"SignTo 44":  sign44(cfg),
			"SignTo 87":  sign87(cfg),
		} {
			if a := testing.AllocsPerRun(20, f); a != 0 {
				t.Errorf("%v %s: %v allocations", cfg, name, a)
			}
		}
	}
}

func sign44(cfg mldsa.Config) func() {
	sk, _ := mldsa.NewPrivateKey44(cfg, make([]byte, 32))
	sig := make([]byte, mldsa.SignatureSize44)
	return func() {
		sk.SignTo(sig, sig[:10], nil)
		sk.PublicKey().Verify(sig, sig[:10], nil)
	}
}

func sign87(cfg mldsa.Config) func() {
	sk, _ := mldsa.NewPrivateKey87(cfg, make([]byte, 32))
	sig := make([]byte, mldsa.SignatureSize87)
	return func() {
		sk.SignTo(sig, sig[:10], nil)
		sk.PublicKey().Verify(sig, sig[:10], nil)
	}
}

// TestSetSeed checks that SetSeed re-derives a key in place without
// allocating, gives the key NewPrivateKey gives, and switches
// configurations.
func TestSetSeed(t *testing.T) {
	s1, s2 := make([]byte, 32), make([]byte, 32)
	s2[0] = 1
	for _, cfg := range bothConfigs {
		sk, _ := mldsa.NewPrivateKey65(cfg, s1)
		pk := sk.PublicKey()
		if a := testing.AllocsPerRun(5, func() { sk.SetSeed(cfg, s2) }); a != 0 {
			t.Errorf("%v: SetSeed allocates %v times", cfg, a)
		}
		want, _ := mldsa.NewPrivateKey65(cfg, s2)
		if !bytes.Equal(sk.ExpandedBytes(), want.ExpandedBytes()) || !pk.Equal(want.PublicKey()) {
			t.Errorf("%v: SetSeed gives another key", cfg)
		}
		for _, other := range bothConfigs {
			if err := sk.SetSeed(other, s1); err != nil || sk.Config() != other {
				t.Fatal(err)
			}
			ref, _ := mldsa.NewPrivateKey65(other, s1)
			if !bytes.Equal(sk.ExpandedBytes(), ref.ExpandedBytes()) {
				t.Errorf("%v → %v: wrong key", cfg, other)
			}
		}
		if sk.SetSeed(cfg, s1[:5]) == nil || sk.SetSeed(nil, s1) == nil {
			t.Error("bad SetSeed accepted")
		}
	}
}
