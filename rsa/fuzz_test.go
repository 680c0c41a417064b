// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"bytes"
	"crypto"
	stdrsa "crypto/rsa"
	"math/big"
	"testing"

	"github.com/cryptolab-go/cryptolab/sha2"
)

// The fuzz targets feed arbitrary bytes to every parser and to
// verification and decryption: no input may panic, and the outcomes must
// agree with crypto/rsa where it speaks the same operation.

func FuzzVerify(f *testing.F) {
	std := stdKey(f, "key2048")
	priv := fromStd(f, FastLow(), std, true)
	pub := priv.PublicKey()
	digest := sha2.Sum256([]byte("fuzz"))
	sig, _ := SignPSS(nil, nil, priv, SHA256(), digest[:], nil)
	v15, _ := SignPKCS1v15(nil, priv, SHA256(), digest[:])
	f.Add(sig, digest[:], 0)
	f.Add(v15, digest[:], 1)
	f.Add(make([]byte, 256), digest[:], -1)
	f.Fuzz(func(t *testing.T, sig, digest []byte, salt int) {
		errPSS := VerifyPSS(pub, SHA256(), digest, sig, &PSSOptions{SaltLength: salt % 80})
		errV15 := VerifyPKCS1v15(pub, SHA256(), digest, sig)
		if len(digest) == 32 {
			if (errV15 == nil) != (stdrsa.VerifyPKCS1v15(&std.PublicKey, crypto.SHA256, digest, sig) == nil) {
				t.Errorf("v1.5 verification disagrees with crypto/rsa: %v", errV15)
			}
			if salt%80 == PSSSaltLengthAuto {
				stdErr := stdrsa.VerifyPSS(&std.PublicKey, crypto.SHA256, digest, sig, &stdrsa.PSSOptions{SaltLength: stdrsa.PSSSaltLengthAuto})
				if (errPSS == nil) != (stdErr == nil) {
					t.Errorf("PSS verification disagrees with crypto/rsa: %v vs %v", errPSS, stdErr)
				}
			}
		}
	})
}

func FuzzDecrypt(f *testing.F) {
	std := stdKey(f, "key2048")
	priv := fromStd(f, FastLow(), std, true)
	ct, _ := EncryptOAEP(nil, nil, priv.PublicKey(), SHA256(), nil, []byte("m"), nil)
	v15, _ := EncryptPKCS1v15(nil, nil, priv.PublicKey(), []byte("0123456789abcdef"))
	f.Add(ct)
	f.Add(v15)
	f.Add(make([]byte, 256))
	f.Fuzz(func(t *testing.T, c []byte) {
		m, err := DecryptOAEP(nil, priv, SHA256(), nil, c, nil)
		sm, serr := stdrsa.DecryptOAEP(crypto.SHA256.New(), nil, std, c, nil)
		if (err == nil) != (serr == nil) || !bytes.Equal(m, sm) {
			t.Errorf("OAEP disagrees with crypto/rsa: %v vs %v", err, serr)
		}
		m, err = DecryptPKCS1v15(nil, priv, c)
		sm, serr = stdrsa.DecryptPKCS1v15(nil, std, c)
		if (err == nil) != (serr == nil) || !bytes.Equal(m, sm) {
			t.Errorf("v1.5 disagrees with crypto/rsa: %v vs %v", err, serr)
		}
		key := make([]byte, 16)
		DecryptPKCS1v15SessionKey(priv, c, key)
	})
}

// FuzzNewKey feeds arbitrary moduli, exponents and private values to the
// key constructors; an accepted key must sign and verify.
func FuzzNewKey(f *testing.F) {
	std := stdKey(f, "key1024")
	f.Add(std.N.Bytes(), 65537, std.D.Bytes(), std.Primes[0].Bytes(), std.Primes[1].Bytes())
	f.Add([]byte{0xff, 0xfb}, 3, []byte{1}, []byte{3}, []byte{5})
	f.Fuzz(func(t *testing.T, n []byte, e int, d, p, q []byte) {
		if len(n) > 600 || len(d) > 600 || len(p) > 600 || len(q) > 600 {
			return
		}
		pub, err := NewPublicKey(SmallLow(), n, e)
		if err == nil {
			if new(big.Int).SetBytes(pub.N()).Cmp(new(big.Int).SetBytes(n)) != 0 || pub.E() != e {
				t.Fatal("accepted key does not round-trip")
			}
			VerifyPSS(pub, SHA256(), make([]byte, 32), make([]byte, pub.Size()), nil)
		}
		digest := make([]byte, 32)
		for _, mk := range []func() (*PrivateKey, error){
			func() (*PrivateKey, error) { return NewPrivateKey(SmallLow(), n, e, d, p, q) },
			func() (*PrivateKey, error) { return NewPrivateKeyWithoutCRT(SmallLow(), n, e, d) },
		} {
			priv, err := mk()
			if err != nil {
				continue
			}
			sig, err := SignPKCS1v15(nil, priv, SHA256(), digest)
			if err != nil {
				t.Fatalf("accepted key cannot sign: %v", err)
			}
			if err := VerifyPKCS1v15(priv.PublicKey(), SHA256(), digest, sig); err != nil {
				t.Fatalf("accepted key's signature does not verify: %v", err)
			}
		}
	})
}
