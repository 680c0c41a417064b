// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

// Package mlkemtest provides test-only access to ML-KEM: derandomized
// encapsulation (the message m given by the caller) and the expanded
// decapsulation key form of FIPS 203 used by test vectors. It works on
// internal/mlkem's key types directly.
//
// Never use it outside tests: a predictable m breaks the security of
// encapsulation.
package mlkemtest

import (
	"errors"

	"github.com/cryptolab-go/cryptolab/internal/mlkem"
	pub "github.com/cryptolab-go/cryptolab/mlkem"
)

var (
	errRandomLength = errors.New("mlkemtest: random must be 32 bytes")
	errConfig       = errors.New("mlkemtest: nil Config")
)

// small reports whether cfg is the Small configuration (by its name: the
// public package keeps its strategies to itself).
func small(cfg pub.Config) bool { return cfg != nil && cfg.String() == "Small" }

// Encapsulate512 is ML-KEM.Encaps_internal (FIPS 203, Algorithm 17) with
// the 32-byte message m = random, computed in ek's own configuration.
func Encapsulate512(ek *pub.EncapsulationKey512, random []byte) (sharedKey, ciphertext []byte, err error) {
	if len(random) != mlkem.MessageSize {
		return nil, nil, errRandomLength
	}
	var s mlkem.Strategy512 = mlkem.Fast512{}
	if small(ek.Config()) {
		s = mlkem.Small512{}
	}
	var k mlkem.EncapsulationKey512
	if err := k.Parse(s, ek.Bytes()); err != nil {
		return nil, nil, err
	}
	var K [32]byte
	var c [pub.CiphertextSize512]byte
	if err := k.EncapsulateInternal(&K, &c, (*[32]byte)(random)); err != nil {
		return nil, nil, err
	}
	return K[:], c[:], nil
}

// Encapsulate768 is Encapsulate512 for ML-KEM-768.
func Encapsulate768(ek *pub.EncapsulationKey768, random []byte) (sharedKey, ciphertext []byte, err error) {
	if len(random) != mlkem.MessageSize {
		return nil, nil, errRandomLength
	}
	var s mlkem.Strategy768 = mlkem.Fast768{}
	if small(ek.Config()) {
		s = mlkem.Small768{}
	}
	var k mlkem.EncapsulationKey768
	if err := k.Parse(s, ek.Bytes()); err != nil {
		return nil, nil, err
	}
	var K [32]byte
	var c [pub.CiphertextSize768]byte
	if err := k.EncapsulateInternal(&K, &c, (*[32]byte)(random)); err != nil {
		return nil, nil, err
	}
	return K[:], c[:], nil
}

// Encapsulate1024 is Encapsulate512 for ML-KEM-1024.
func Encapsulate1024(ek *pub.EncapsulationKey1024, random []byte) (sharedKey, ciphertext []byte, err error) {
	if len(random) != mlkem.MessageSize {
		return nil, nil, errRandomLength
	}
	var s mlkem.Strategy1024 = mlkem.Fast1024{}
	if small(ek.Config()) {
		s = mlkem.Small1024{}
	}
	var k mlkem.EncapsulationKey1024
	if err := k.Parse(s, ek.Bytes()); err != nil {
		return nil, nil, err
	}
	var K [32]byte
	var c [pub.CiphertextSize1024]byte
	if err := k.EncapsulateInternal(&K, &c, (*[32]byte)(random)); err != nil {
		return nil, nil, err
	}
	return K[:], c[:], nil
}

func expanded(p *mlkem.Params, seed []byte) []byte {
	if len(seed) != mlkem.SeedSize {
		return nil // a nil or zero key has no seed
	}
	dk := make([]byte, p.DecapsulationKeySize)
	mlkem.DecapsulationKeyBytes(p, dk, (*[32]byte)(seed[:32]), (*[32]byte)(seed[32:]))
	return dk
}

// ExpandedDecapsulationKey512 returns the decapsulation key in the expanded
// form of FIPS 203, Algorithm 16: ByteEncode_12(ŝ)‖ek‖H(ek)‖z, or nil for
// a nil or zero key.
func ExpandedDecapsulationKey512(dk *pub.DecapsulationKey512) []byte {
	return expanded(mlkem.MLKEM512, dk.Bytes())
}

// ExpandedDecapsulationKey768 is ExpandedDecapsulationKey512 for ML-KEM-768.
func ExpandedDecapsulationKey768(dk *pub.DecapsulationKey768) []byte {
	return expanded(mlkem.MLKEM768, dk.Bytes())
}

// ExpandedDecapsulationKey1024 is ExpandedDecapsulationKey512 for
// ML-KEM-1024.
func ExpandedDecapsulationKey1024(dk *pub.DecapsulationKey1024) []byte {
	return expanded(mlkem.MLKEM1024, dk.Bytes())
}

func decapsulate(cfg pub.Config, p *mlkem.Params, dk, ciphertext []byte) ([]byte, error) {
	if cfg == nil {
		return nil, errConfig
	}
	decaps := mlkem.DecapsExpandedFast
	if small(cfg) {
		decaps = mlkem.DecapsExpandedSmall
	}
	K, err := decaps(p, dk, ciphertext)
	if err != nil {
		return nil, err
	}
	return K[:], nil
}

// DecapsulateExpanded512 is ML-KEM.Decaps (FIPS 203, Algorithm 21) with an
// expanded decapsulation key, after the decapsulation key checks of Section
// 7.3 (length, hash check) and the ciphertext length check, computed the
// way configuration cfg computes it (Small: ŝ decoded and Â sampled one
// polynomial at a time; Fast and Default: expanded first).
func DecapsulateExpanded512(cfg pub.Config, dk, ciphertext []byte) ([]byte, error) {
	return decapsulate(cfg, mlkem.MLKEM512, dk, ciphertext)
}

// DecapsulateExpanded768 is DecapsulateExpanded512 for ML-KEM-768.
func DecapsulateExpanded768(cfg pub.Config, dk, ciphertext []byte) ([]byte, error) {
	return decapsulate(cfg, mlkem.MLKEM768, dk, ciphertext)
}

// DecapsulateExpanded1024 is DecapsulateExpanded512 for ML-KEM-1024.
func DecapsulateExpanded1024(cfg pub.Config, dk, ciphertext []byte) ([]byte, error) {
	return decapsulate(cfg, mlkem.MLKEM1024, dk, ciphertext)
}
