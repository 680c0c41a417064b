// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

// Package mlkemtest provides test-only access to ML-KEM: derandomized
// encapsulation (the message m given by the caller) and the expanded
// decapsulation key form of FIPS 203 used by test vectors.
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
	errConfig       = errors.New("mlkemtest: unknown configuration")
)

func encapsulate(ek any, random []byte, ctSize int) (sharedKey, ciphertext []byte, err error) {
	if len(random) != mlkem.MessageSize {
		return nil, nil, errRandomLength
	}
	var K [32]byte
	c := make([]byte, ctSize)
	if err := mlkem.EncapsulateDerandHook(ek, &K, c, (*[32]byte)(random)); err != nil {
		return nil, nil, err
	}
	return K[:], c, nil
}

// Encapsulate512 is ML-KEM.Encaps_internal (FIPS 203, Algorithm 17) with
// the 32-byte message m = random, in ek's own configuration.
func Encapsulate512(ek *pub.EncapsulationKey512, random []byte) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(ek, random, pub.CiphertextSize512)
}

// Encapsulate768 is Encapsulate512 for ML-KEM-768.
func Encapsulate768(ek *pub.EncapsulationKey768, random []byte) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(ek, random, pub.CiphertextSize768)
}

// Encapsulate1024 is Encapsulate512 for ML-KEM-1024.
func Encapsulate1024(ek *pub.EncapsulationKey1024, random []byte) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(ek, random, pub.CiphertextSize1024)
}

func expanded(p *mlkem.Params, seed []byte) []byte {
	if len(seed) != mlkem.SeedSize {
		return nil // the zero value of a key has no seed
	}
	dk := make([]byte, p.DecapsulationKeySize)
	mlkem.DecapsulationKeyBytes(p, dk, (*[32]byte)(seed[:32]), (*[32]byte)(seed[32:]))
	return dk
}

// ExpandedDecapsulationKey512 returns the decapsulation key in the expanded
// form of FIPS 203, Algorithm 16: ByteEncode_12(ŝ)‖ek‖H(ek)‖z, or nil for
// the zero value.
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

func decapsulate(p *mlkem.Params, dk, ciphertext []byte, cfg pub.Config) ([]byte, error) {
	if cfg != pub.Default && cfg != pub.Small && cfg != pub.Fast {
		return nil, errConfig
	}
	K, err := mlkem.DecapsExpanded(p, dk, ciphertext, cfg == pub.Small)
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
func DecapsulateExpanded512(dk, ciphertext []byte, cfg pub.Config) ([]byte, error) {
	return decapsulate(mlkem.MLKEM512, dk, ciphertext, cfg)
}

// DecapsulateExpanded768 is DecapsulateExpanded512 for ML-KEM-768.
func DecapsulateExpanded768(dk, ciphertext []byte, cfg pub.Config) ([]byte, error) {
	return decapsulate(mlkem.MLKEM768, dk, ciphertext, cfg)
}

// DecapsulateExpanded1024 is DecapsulateExpanded512 for ML-KEM-1024.
func DecapsulateExpanded1024(dk, ciphertext []byte, cfg pub.Config) ([]byte, error) {
	return decapsulate(mlkem.MLKEM1024, dk, ciphertext, cfg)
}
