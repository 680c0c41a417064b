// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	stdmlkem "crypto/mlkem"
	stdmlkemtest "crypto/mlkem/mlkemtest"

	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"

	"github.com/cryptolab-go/cryptolab/mlkem"
	"github.com/cryptolab-go/cryptolab/mlkem/mlkemtest"
)

// The tests and benchmarks run every parameter set through one table of
// adapters, so one loop covers 512/768/1024 × Small/Fast (BearSSL-style:
// one test over all implementations).

type dkAPI interface {
	SetSeed(mlkem.Config, []byte) error
	Wipe()
	Bytes() []byte
	Decapsulate([]byte) ([]byte, error)
	Config() mlkem.Config
}

type ekAPI interface {
	Bytes() []byte
	Encapsulate() ([]byte, []byte, error)
	Config() mlkem.Config
}

type peerDK interface {
	ek() []byte
	encapsulate(m []byte) (K, c []byte) // derandomized, to its own key
	decapsulate(c []byte) []byte        // with its own key
}

type kemSet struct {
	name               string
	bits               int
	ekSize, ctSize     int
	newDK              func(seed []byte, cfg mlkem.Config) (dkAPI, error)
	ekOf               func(dk dkAPI) ekAPI
	newEK              func(b []byte, cfg mlkem.Config) (ekAPI, error)
	encDerand          func(ek ekAPI, m []byte) (K, c []byte, err error)
	encTo              func(ek ekAPI, K *[32]byte, c []byte) error
	decTo              func(dk dkAPI, K *[32]byte, c []byte) error
	expandedDK         func(dk dkAPI) []byte
	decExpanded        func(dk, c []byte, cfg mlkem.Config) ([]byte, error)
	std                func(seed []byte) peerDK // nil for 512
	stdEncapsulateTo   func(ek, m []byte) (K, c []byte)
	circl              func(seed []byte) peerDK
	circlEncapsulateTo func(ek, m []byte) (K, c []byte)
}

// configs are the configurations every test runs: Small, Fast and, on a
// processor with AVX2, Native (elsewhere Native() is Fast(), already
// listed; internal/mlkem's TestNativeMatchesFast runs the Native strategy
// on every machine, on both x4 Keccak paths).
var configs = func() []mlkem.Config {
	c := []mlkem.Config{mlkem.Small(), mlkem.Fast()}
	if mlkem.Native() != mlkem.Fast() {
		c = append(c, mlkem.Native())
	}
	return c
}()

var kems = []*kemSet{
	{
		name: "ML-KEM-512", bits: 512, ekSize: mlkem.EncapsulationKeySize512, ctSize: mlkem.CiphertextSize512,
		newDK: func(seed []byte, cfg mlkem.Config) (dkAPI, error) {
			return mlkem.NewDecapsulationKey512WithConfig(cfg, seed)
		},
		ekOf: func(dk dkAPI) ekAPI { return dk.(*mlkem.DecapsulationKey512).EncapsulationKey() },
		newEK: func(b []byte, cfg mlkem.Config) (ekAPI, error) {
			return mlkem.NewEncapsulationKey512WithConfig(cfg, b)
		},
		encDerand: func(ek ekAPI, m []byte) ([]byte, []byte, error) {
			return mlkemtest.Encapsulate512(ek.(*mlkem.EncapsulationKey512), m)
		},
		encTo: func(ek ekAPI, K *[32]byte, c []byte) error {
			return ek.(*mlkem.EncapsulationKey512).EncapsulateTo(K, (*[mlkem.CiphertextSize512]byte)(c))
		},
		decTo: func(dk dkAPI, K *[32]byte, c []byte) error {
			return dk.(*mlkem.DecapsulationKey512).DecapsulateTo(K, c)
		},
		expandedDK: func(dk dkAPI) []byte { return mlkemtest.ExpandedDecapsulationKey512(dk.(*mlkem.DecapsulationKey512)) },
		decExpanded: func(dk, c []byte, cfg mlkem.Config) ([]byte, error) {
			return mlkemtest.DecapsulateExpanded512(cfg, dk, c)
		},
		circl: func(seed []byte) peerDK { pk, sk := mlkem512.NewKeyFromSeed(seed); return circl512{pk, sk} },
		circlEncapsulateTo: func(ek, m []byte) ([]byte, []byte) {
			var pk mlkem512.PublicKey
			if err := pk.Unpack(ek); err != nil {
				panic(err)
			}
			return circl512{pk: &pk}.encapsulate(m)
		},
	},
	{
		name: "ML-KEM-768", bits: 768, ekSize: mlkem.EncapsulationKeySize768, ctSize: mlkem.CiphertextSize768,
		newDK: func(seed []byte, cfg mlkem.Config) (dkAPI, error) {
			return mlkem.NewDecapsulationKey768WithConfig(cfg, seed)
		},
		ekOf: func(dk dkAPI) ekAPI { return dk.(*mlkem.DecapsulationKey768).EncapsulationKey() },
		newEK: func(b []byte, cfg mlkem.Config) (ekAPI, error) {
			return mlkem.NewEncapsulationKey768WithConfig(cfg, b)
		},
		encDerand: func(ek ekAPI, m []byte) ([]byte, []byte, error) {
			return mlkemtest.Encapsulate768(ek.(*mlkem.EncapsulationKey768), m)
		},
		encTo: func(ek ekAPI, K *[32]byte, c []byte) error {
			return ek.(*mlkem.EncapsulationKey768).EncapsulateTo(K, (*[mlkem.CiphertextSize768]byte)(c))
		},
		decTo: func(dk dkAPI, K *[32]byte, c []byte) error {
			return dk.(*mlkem.DecapsulationKey768).DecapsulateTo(K, c)
		},
		expandedDK: func(dk dkAPI) []byte { return mlkemtest.ExpandedDecapsulationKey768(dk.(*mlkem.DecapsulationKey768)) },
		decExpanded: func(dk, c []byte, cfg mlkem.Config) ([]byte, error) {
			return mlkemtest.DecapsulateExpanded768(cfg, dk, c)
		},
		std: func(seed []byte) peerDK {
			dk, err := stdmlkem.NewDecapsulationKey768(seed)
			if err != nil {
				panic(err)
			}
			return std768{dk}
		},
		stdEncapsulateTo: func(ek, m []byte) ([]byte, []byte) {
			e, err := stdmlkem.NewEncapsulationKey768(ek)
			if err != nil {
				panic(err)
			}
			K, c, err := stdmlkemtest.Encapsulate768(e, m)
			if err != nil {
				panic(err)
			}
			return K, c
		},
		circl: func(seed []byte) peerDK { pk, sk := mlkem768.NewKeyFromSeed(seed); return circl768{pk, sk} },
		circlEncapsulateTo: func(ek, m []byte) ([]byte, []byte) {
			var pk mlkem768.PublicKey
			if err := pk.Unpack(ek); err != nil {
				panic(err)
			}
			return circl768{pk: &pk}.encapsulate(m)
		},
	},
	{
		name: "ML-KEM-1024", bits: 1024, ekSize: mlkem.EncapsulationKeySize1024, ctSize: mlkem.CiphertextSize1024,
		newDK: func(seed []byte, cfg mlkem.Config) (dkAPI, error) {
			return mlkem.NewDecapsulationKey1024WithConfig(cfg, seed)
		},
		ekOf: func(dk dkAPI) ekAPI { return dk.(*mlkem.DecapsulationKey1024).EncapsulationKey() },
		newEK: func(b []byte, cfg mlkem.Config) (ekAPI, error) {
			return mlkem.NewEncapsulationKey1024WithConfig(cfg, b)
		},
		encDerand: func(ek ekAPI, m []byte) ([]byte, []byte, error) {
			return mlkemtest.Encapsulate1024(ek.(*mlkem.EncapsulationKey1024), m)
		},
		encTo: func(ek ekAPI, K *[32]byte, c []byte) error {
			return ek.(*mlkem.EncapsulationKey1024).EncapsulateTo(K, (*[mlkem.CiphertextSize1024]byte)(c))
		},
		decTo: func(dk dkAPI, K *[32]byte, c []byte) error {
			return dk.(*mlkem.DecapsulationKey1024).DecapsulateTo(K, c)
		},
		expandedDK: func(dk dkAPI) []byte { return mlkemtest.ExpandedDecapsulationKey1024(dk.(*mlkem.DecapsulationKey1024)) },
		decExpanded: func(dk, c []byte, cfg mlkem.Config) ([]byte, error) {
			return mlkemtest.DecapsulateExpanded1024(cfg, dk, c)
		},
		std: func(seed []byte) peerDK {
			dk, err := stdmlkem.NewDecapsulationKey1024(seed)
			if err != nil {
				panic(err)
			}
			return std1024{dk}
		},
		stdEncapsulateTo: func(ek, m []byte) ([]byte, []byte) {
			e, err := stdmlkem.NewEncapsulationKey1024(ek)
			if err != nil {
				panic(err)
			}
			K, c, err := stdmlkemtest.Encapsulate1024(e, m)
			if err != nil {
				panic(err)
			}
			return K, c
		},
		circl: func(seed []byte) peerDK { pk, sk := mlkem1024.NewKeyFromSeed(seed); return circl1024{pk, sk} },
		circlEncapsulateTo: func(ek, m []byte) ([]byte, []byte) {
			var pk mlkem1024.PublicKey
			if err := pk.Unpack(ek); err != nil {
				panic(err)
			}
			return circl1024{pk: &pk}.encapsulate(m)
		},
	},
}

func kemByName(name string) *kemSet {
	for _, k := range kems {
		if k.name == name {
			return k
		}
	}
	return nil
}

// Peers behind one interface.

type std768 struct{ dk *stdmlkem.DecapsulationKey768 }

func (s std768) ek() []byte { return s.dk.EncapsulationKey().Bytes() }
func (s std768) encapsulate(m []byte) ([]byte, []byte) {
	K, c, err := stdmlkemtest.Encapsulate768(s.dk.EncapsulationKey(), m)
	if err != nil {
		panic(err)
	}
	return K, c
}
func (s std768) decapsulate(c []byte) []byte {
	K, err := s.dk.Decapsulate(c)
	if err != nil {
		panic(err)
	}
	return K
}

type std1024 struct {
	dk *stdmlkem.DecapsulationKey1024
}

func (s std1024) ek() []byte { return s.dk.EncapsulationKey().Bytes() }
func (s std1024) encapsulate(m []byte) ([]byte, []byte) {
	K, c, err := stdmlkemtest.Encapsulate1024(s.dk.EncapsulationKey(), m)
	if err != nil {
		panic(err)
	}
	return K, c
}
func (s std1024) decapsulate(c []byte) []byte {
	K, err := s.dk.Decapsulate(c)
	if err != nil {
		panic(err)
	}
	return K
}

type circl512 struct {
	pk *mlkem512.PublicKey
	sk *mlkem512.PrivateKey
}

func (s circl512) ek() []byte { b := make([]byte, mlkem512.PublicKeySize); s.pk.Pack(b); return b }
func (s circl512) encapsulate(m []byte) ([]byte, []byte) {
	K, c := make([]byte, mlkem512.SharedKeySize), make([]byte, mlkem512.CiphertextSize)
	s.pk.EncapsulateTo(c, K, m)
	return K, c
}
func (s circl512) decapsulate(c []byte) []byte {
	K := make([]byte, mlkem512.SharedKeySize)
	s.sk.DecapsulateTo(K, c)
	return K
}

type circl768 struct {
	pk *mlkem768.PublicKey
	sk *mlkem768.PrivateKey
}

func (s circl768) ek() []byte { b := make([]byte, mlkem768.PublicKeySize); s.pk.Pack(b); return b }
func (s circl768) encapsulate(m []byte) ([]byte, []byte) {
	K, c := make([]byte, mlkem768.SharedKeySize), make([]byte, mlkem768.CiphertextSize)
	s.pk.EncapsulateTo(c, K, m)
	return K, c
}
func (s circl768) decapsulate(c []byte) []byte {
	K := make([]byte, mlkem768.SharedKeySize)
	s.sk.DecapsulateTo(K, c)
	return K
}

type circl1024 struct {
	pk *mlkem1024.PublicKey
	sk *mlkem1024.PrivateKey
}

func (s circl1024) ek() []byte { b := make([]byte, mlkem1024.PublicKeySize); s.pk.Pack(b); return b }
func (s circl1024) encapsulate(m []byte) ([]byte, []byte) {
	K, c := make([]byte, mlkem1024.SharedKeySize), make([]byte, mlkem1024.CiphertextSize)
	s.pk.EncapsulateTo(c, K, m)
	return K, c
}
func (s circl1024) decapsulate(c []byte) []byte {
	K := make([]byte, mlkem1024.SharedKeySize)
	s.sk.DecapsulateTo(K, c)
	return K
}
