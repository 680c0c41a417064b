// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"crypto"
	"io"

	"github.com/cryptolab-go/cryptolab/internal/mldsa"
)

// internalSigner and internalVerifier reach ML-DSA.Sign_internal and
// Verify_internal with M′ given (the ACVP "internal" interface), which
// the public API does not expose.
type internalSigner interface {
	signInternal(sig, mPrime []byte, rnd [32]byte) error
}

type internalVerifier interface {
	verifyInternal(sig, mPrime []byte) bool
}

// privKey and pubKey let one test body run over the three parameter sets.
type privKey interface {
	sign(sig, message []byte, o *SignerOpts, rnd [32]byte, haveRnd bool) error
	SignTo(sig, message []byte, opts *SignerOpts) error
	Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error)
	Bytes() []byte
	ExpandedBytes() []byte
	Wipe()
	pubKey() pubKey
}

type pubKey interface {
	Verify(sig, message []byte, opts *SignerOpts) error
	Bytes() []byte
}

func (sk *PrivateKey44) pubKey() pubKey { return sk.PublicKey() }
func (sk *PrivateKey65) pubKey() pubKey { return sk.PublicKey() }
func (sk *PrivateKey87) pubKey() pubKey { return sk.PublicKey() }

type paramSet struct {
	n                   int
	name                string
	pkSize, skSize, sig int
	newSK               func(Config, []byte) (privKey, error)
	fromExpanded        func(Config, []byte) (privKey, error)
	newPK               func(Config, []byte) (pubKey, error)
}

func wrap[K any, I any](f func(Config, []byte) (*K, error)) func(Config, []byte) (I, error) {
	return func(c Config, b []byte) (I, error) {
		var zero I
		k, err := f(c, b)
		if err != nil {
			return zero, err
		}
		return any(k).(I), nil
	}
}

var sets = []paramSet{
	{44, "ML-DSA-44", PublicKeySize44, PrivateKeySize44, SignatureSize44,
		wrap[PrivateKey44, privKey](NewPrivateKey44), wrap[PrivateKey44, privKey](NewPrivateKey44FromExpanded), wrap[PublicKey44, pubKey](NewPublicKey44)},
	{65, "ML-DSA-65", PublicKeySize65, PrivateKeySize65, SignatureSize65,
		wrap[PrivateKey65, privKey](NewPrivateKey65), wrap[PrivateKey65, privKey](NewPrivateKey65FromExpanded), wrap[PublicKey65, pubKey](NewPublicKey65)},
	{87, "ML-DSA-87", PublicKeySize87, PrivateKeySize87, SignatureSize87,
		wrap[PrivateKey87, privKey](NewPrivateKey87), wrap[PrivateKey87, privKey](NewPrivateKey87FromExpanded), wrap[PublicKey87, pubKey](NewPublicKey87)},
}

var configs = func() []Config {
	c := []Config{Fast(), LowRAM()}
	if Native() != Fast() {
		c = append(c, Native())
	}
	return c
}()

func setByName(name string) *paramSet {
	for i := range sets {
		if sets[i].name == name {
			return &sets[i]
		}
	}
	return nil
}

func (sk *PrivateKey44) signInternal(sig, mPrime []byte, rnd [32]byte) error {
	m := mldsa.Message{Kind: mldsa.Internal, M: mPrime}
	sk.pub.cfg.sign44(sk, sig, m.Mu(&sk.pub.tr), rnd)
	return nil
}

func (pk *PublicKey44) verifyInternal(sig, mPrime []byte) bool {
	m := mldsa.Message{Kind: mldsa.Internal, M: mPrime}
	return len(sig) == SignatureSize44 && pk.cfg.verify44(pk, sig, m.Mu(&pk.tr))
}

func (sk *PrivateKey65) signInternal(sig, mPrime []byte, rnd [32]byte) error {
	m := mldsa.Message{Kind: mldsa.Internal, M: mPrime}
	sk.pub.cfg.sign65(sk, sig, m.Mu(&sk.pub.tr), rnd)
	return nil
}

func (pk *PublicKey65) verifyInternal(sig, mPrime []byte) bool {
	m := mldsa.Message{Kind: mldsa.Internal, M: mPrime}
	return len(sig) == SignatureSize65 && pk.cfg.verify65(pk, sig, m.Mu(&pk.tr))
}

func (sk *PrivateKey87) signInternal(sig, mPrime []byte, rnd [32]byte) error {
	m := mldsa.Message{Kind: mldsa.Internal, M: mPrime}
	sk.pub.cfg.sign87(sk, sig, m.Mu(&sk.pub.tr), rnd)
	return nil
}

func (pk *PublicKey87) verifyInternal(sig, mPrime []byte) bool {
	m := mldsa.Message{Kind: mldsa.Internal, M: mPrime}
	return len(sig) == SignatureSize87 && pk.cfg.verify87(pk, sig, m.Mu(&pk.tr))
}
