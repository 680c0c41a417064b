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
