// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/mlkem"
	"github.com/cryptolab-go/cryptolab/mlkem/mlkemtest"
)

// TestZeroKeyBytes: the zero value of a key has no encoding. Its Bytes used
// to return all zeros, which NewEncapsulationKey accepts as a real key with
// t̂ = 0 (and so v = e2 + μ: the message, hence the shared key, readable
// from the ciphertext), and which NewDecapsulationKey turns into the key of
// the all-zero seed rather than the uninitialised key it came from.
func TestZeroKeyBytes(t *testing.T) {
	var dk512 mlkem.DecapsulationKey512
	var dk768 mlkem.DecapsulationKey768
	var dk1024 mlkem.DecapsulationKey1024
	for name, b := range map[string][]byte{
		"DecapsulationKey512":   dk512.Bytes(),
		"DecapsulationKey768":   dk768.Bytes(),
		"DecapsulationKey1024":  dk1024.Bytes(),
		"EncapsulationKey512":   dk512.EncapsulationKey().Bytes(),
		"EncapsulationKey768":   dk768.EncapsulationKey().Bytes(),
		"EncapsulationKey1024":  dk1024.EncapsulationKey().Bytes(),
		"ExpandedDecapsulation": mlkemtest.ExpandedDecapsulationKey768(&dk768),
	} {
		if b != nil {
			t.Errorf("zero %s: Bytes = %d bytes, want nil", name, len(b))
		}
	}
}

// TestNilKeys: methods on nil key pointers report an error (or return nil)
// instead of panicking, like the zero value.
func TestNilKeys(t *testing.T) {
	var K [mlkem.SharedKeySize]byte
	var c [mlkem.CiphertextSize768]byte
	mustNotPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("%s panicked: %v", name, r)
			}
		}()
		f()
	}
	var dk *mlkem.DecapsulationKey768
	var ek *mlkem.EncapsulationKey768
	mustNotPanic("nil DecapsulateTo", func() {
		if dk.DecapsulateTo(&K, c[:]) == nil {
			t.Error("nil DecapsulateTo succeeded")
		}
	})
	mustNotPanic("nil Decapsulate", func() {
		if _, err := dk.Decapsulate(c[:]); err == nil {
			t.Error("nil Decapsulate succeeded")
		}
	})
	mustNotPanic("nil dk.Bytes", func() {
		if dk.Bytes() != nil {
			t.Error("nil dk.Bytes not nil")
		}
	})
	mustNotPanic("nil EncapsulateTo", func() {
		if ek.EncapsulateTo(&K, &c) == nil {
			t.Error("nil EncapsulateTo succeeded")
		}
	})
	mustNotPanic("nil Encapsulate", func() {
		if K, c, _ := ek.Encapsulate(); K != nil || c != nil {
			t.Error("nil Encapsulate returned a key")
		}
	})
	mustNotPanic("nil ek.Bytes", func() {
		if ek.Bytes() != nil {
			t.Error("nil ek.Bytes not nil")
		}
	})
	mustNotPanic("mlkemtest.Encapsulate768(nil)", func() {
		if _, _, err := mlkemtest.Encapsulate768(nil, make([]byte, 32)); err == nil {
			t.Error("mlkemtest.Encapsulate768(nil) succeeded")
		}
	})
	mustNotPanic("mlkemtest.ExpandedDecapsulationKey768(nil)", func() {
		if mlkemtest.ExpandedDecapsulationKey768(nil) != nil {
			t.Error("mlkemtest.ExpandedDecapsulationKey768(nil) not nil")
		}
	})
}

// TestDecapsulateExpandedConfig: mlkemtest's expanded-key decapsulation
// rejects a nil configuration, as every constructor of package mlkem does,
// instead of running it as Fast.
func TestDecapsulateExpandedConfig(t *testing.T) {
	dk, err := mlkem.NewDecapsulationKey768(make([]byte, mlkem.SeedSize))
	if err != nil {
		t.Fatal(err)
	}
	_, c, err := mlkemtest.Encapsulate768(dk.EncapsulationKey(), make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	x := mlkemtest.ExpandedDecapsulationKey768(dk)
	if _, err := mlkemtest.DecapsulateExpanded768(nil, x, c); err == nil {
		t.Error("DecapsulateExpanded768 accepted a nil Config")
	}
	if _, err := mlkemtest.DecapsulateExpanded768(mlkem.Small(), x, c); err != nil {
		t.Error(err)
	}
}

// TestNilOutputs: DecapsulateTo and EncapsulateTo with a nil output pointer
// return an error and leave the other output untouched, for every parameter
// set and configuration. They used to panic (issue 10, item 3).
func TestNilOutputs(t *testing.T) {
	seed := make([]byte, mlkem.SeedSize)
	for _, cfg := range []mlkem.Config{mlkem.Small(), mlkem.Fast()} {
		dk512, err := mlkem.NewDecapsulationKey512WithConfig(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		dk768, err := mlkem.NewDecapsulationKey768WithConfig(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		dk1024, err := mlkem.NewDecapsulationKey1024WithConfig(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		var K [mlkem.SharedKeySize]byte
		var c512 [mlkem.CiphertextSize512]byte
		var c768 [mlkem.CiphertextSize768]byte
		var c1024 [mlkem.CiphertextSize1024]byte
		calls := map[string]func() error{
			"DecapsulateTo512":       func() error { return dk512.DecapsulateTo(nil, c512[:]) },
			"DecapsulateTo768":       func() error { return dk768.DecapsulateTo(nil, c768[:]) },
			"DecapsulateTo1024":      func() error { return dk1024.DecapsulateTo(nil, c1024[:]) },
			"EncapsulateTo512 K":     func() error { return dk512.EncapsulationKey().EncapsulateTo(nil, &c512) },
			"EncapsulateTo768 K":     func() error { return dk768.EncapsulationKey().EncapsulateTo(nil, &c768) },
			"EncapsulateTo1024 K":    func() error { return dk1024.EncapsulationKey().EncapsulateTo(nil, &c1024) },
			"EncapsulateTo512 c":     func() error { return dk512.EncapsulationKey().EncapsulateTo(&K, nil) },
			"EncapsulateTo768 c":     func() error { return dk768.EncapsulationKey().EncapsulateTo(&K, nil) },
			"EncapsulateTo1024 c":    func() error { return dk1024.EncapsulationKey().EncapsulateTo(&K, nil) },
			"EncapsulateTo768 K & c": func() error { return dk768.EncapsulationKey().EncapsulateTo(nil, nil) },
		}
		for name, call := range calls {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%v %s panicked: %v", cfg, name, r)
					}
				}()
				if call() == nil {
					t.Errorf("%v %s: no error", cfg, name)
				}
			}()
		}
		if K != [mlkem.SharedKeySize]byte{} || c512 != [mlkem.CiphertextSize512]byte{} || c768 != [mlkem.CiphertextSize768]byte{} || c1024 != [mlkem.CiphertextSize1024]byte{} {
			t.Errorf("%v: an output was written on error", cfg)
		}
	}
}
