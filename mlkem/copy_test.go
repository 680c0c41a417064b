// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	internal "github.com/cryptolab-go/cryptolab/internal/mlkem"
	"github.com/cryptolab-go/cryptolab/mlkem"
)

// valueCopy returns a value copy of *p. It copies through reflect because
// go vet's copylocks check (rightly) rejects a plain copy of a key.
func valueCopy[T any](p *T) *T {
	c := new(T)
	reflect.ValueOf(c).Elem().Set(reflect.ValueOf(p).Elem())
	return c
}

// TestCopyThenSetSeed is the regression test for the review's finding
// that a value copy of a Fast key shared the original's expansion: after
// SetSeed on the original, the copy decapsulated its own ciphertexts to the
// implicit-rejection key with no error. Now a Small copy is an independent
// key, and a Fast copy reports ErrCopied instead of computing with the
// other key's expansion; encapsulation keys from EncapsulationKey stay
// valid.
func TestCopyThenSetSeed(t *testing.T) {
	seed1, seed2 := bytes.Repeat([]byte{1}, 64), bytes.Repeat([]byte{2}, 64)
	for _, cfg := range configs {
		dk, err := mlkem.NewDecapsulationKey768WithConfig(cfg, seed1)
		if err != nil {
			t.Fatal(err)
		}
		ek := dk.EncapsulationKey()
		K, c, err := ek.Encapsulate()
		if err != nil {
			t.Fatal(err)
		}
		cp := valueCopy(dk)
		ekCopy := valueCopy(ek)
		if err := dk.SetSeed(cfg, seed2); err != nil {
			t.Fatal(err)
		}
		K2, err := cp.Decapsulate(c)
		switch cfg {
		case mlkem.Small():
			if err != nil || !bytes.Equal(K2, K) {
				t.Errorf("Small: copy after SetSeed on the original: %x, %v; want %x", K2, err, K)
			}
		default:
			if !errors.Is(err, internal.ErrCopied) {
				t.Errorf("Fast: copy after SetSeed on the original: %x, %v; want ErrCopied", K2, err)
			}
		}
		// The encapsulation key taken before SetSeed, and a copy of it,
		// are still seed1's key.
		fresh, _ := mlkem.NewDecapsulationKey768WithConfig(cfg, seed1)
		for name, e := range map[string]*mlkem.EncapsulationKey768{"EncapsulationKey": ek, "its copy": ekCopy} {
			K3, c3, err := e.Encapsulate()
			if err != nil {
				t.Fatalf("%v %s after SetSeed: %v", cfg, name, err)
			}
			if K4, _ := fresh.Decapsulate(c3); !bytes.Equal(K3, K4) {
				t.Errorf("%v: %s after SetSeed encapsulates to another key", cfg, name)
			}
		}
		// The original works with its new key.
		K5, c5, _ := dk.EncapsulationKey().Encapsulate()
		if K6, err := dk.Decapsulate(c5); err != nil || !bytes.Equal(K5, K6) {
			t.Errorf("%v: original after SetSeed: %v", cfg, err)
		}
		// And the reverse: SetSeed on the copy leaves the original alone
		// (Small) or makes it fail (Fast), never wrong.
		cp2 := valueCopy(dk)
		if err := cp2.SetSeed(cfg, seed1); err != nil {
			t.Fatal(err)
		}
		K7, err := dk.Decapsulate(c5)
		if cfg == mlkem.Small() && (err != nil || !bytes.Equal(K7, K5)) || cfg != mlkem.Small() && !errors.Is(err, internal.ErrCopied) {
			t.Errorf("%v: original after SetSeed on its copy: %x, %v", cfg, K7, err)
		}
	}
}

// TestWipe checks that Wipe leaves the zero key (every call an error or a
// zero value), that a Fast copy made before then fails rather than use the
// wiped secret, and that Wipe on nil does not panic.
func TestWipe(t *testing.T) {
	for _, k := range kems {
		for _, cfg := range configs {
			dk, _ := k.newDK(bytes.Repeat([]byte{3}, 64), cfg)
			ek := k.ekOf(dk)
			K, c, _ := ek.Encapsulate()
			var cp dkAPI
			switch d := dk.(type) {
			case *mlkem.DecapsulationKey512:
				cp = valueCopy(d)
			case *mlkem.DecapsulationKey768:
				cp = valueCopy(d)
			case *mlkem.DecapsulationKey1024:
				cp = valueCopy(d)
			}
			dk.Wipe()
			if dk.Bytes() != nil || dk.Config() != nil {
				t.Errorf("%s %v: wiped key still has a seed or configuration", k.name, cfg)
			}
			if _, err := dk.Decapsulate(c); err == nil {
				t.Errorf("%s %v: wiped key decapsulates", k.name, cfg)
			}
			K2, err := cp.Decapsulate(c)
			if cfg == mlkem.Small() && (err != nil || !bytes.Equal(K, K2)) || cfg != mlkem.Small() && !errors.Is(err, internal.ErrCopied) {
				t.Errorf("%s %v: copy after Wipe: %x, %v", k.name, cfg, K2, err)
			}
			// The encapsulation key taken before Wipe is public and stays
			// usable.
			if _, _, err := ek.Encapsulate(); err != nil {
				t.Errorf("%s %v: encapsulation key after Wipe: %v", k.name, cfg, err)
			}
		}
	}
	var nilKey *mlkem.DecapsulationKey768
	nilKey.Wipe()
}
