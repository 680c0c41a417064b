// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	stdrsa "crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"os"
	"sync"
	"testing"
)

// The test keys in testdata were generated once with
// "openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:N" (key2048e3
// with rsa_keygen_pubexp:3), so the tests need no key generation.

var allConfigs = []Config{SmallLow(), SmallMid(), SmallHigh(), FastLow(), FastMid(), FastHigh()}

var (
	stdKeysOnce sync.Once
	stdKeys     map[string]*stdrsa.PrivateKey
)

func stdKey(t testing.TB, name string) *stdrsa.PrivateKey {
	t.Helper()
	stdKeysOnce.Do(func() {
		stdKeys = map[string]*stdrsa.PrivateKey{}
		for _, n := range []string{"key1024", "key2048", "key3072", "key4096", "key2048e3"} {
			b, err := os.ReadFile("testdata/" + n + ".pem")
			if err != nil {
				panic(err)
			}
			blk, _ := pem.Decode(b)
			k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
			if err != nil {
				panic(err)
			}
			stdKeys[n] = k.(*stdrsa.PrivateKey)
		}
	})
	k := stdKeys[name]
	if k == nil {
		t.Fatalf("no test key %s", name)
	}
	return k
}

var testKeyNames = []string{"key2048", "key3072", "key4096", "key2048e3"}

// long reports whether the slow, exhaustive variants of the tests run
// (CRYPTOLAB_LONG=1): every configuration with every test key. Otherwise
// the 3072- and 4096-bit and e = 3 keys run in Small-Low and Fast-High
// only (one configuration of each mathematics, the two window extremes),
// and the others use the 2048-bit key.
func long() bool { return os.Getenv("CRYPTOLAB_LONG") == "1" }

// keyNamesFor returns the test keys to run in cfg.
func keyNamesFor(cfg Config, names ...string) []string {
	if testing.Short() {
		return names[:1]
	}
	if long() || cfg == SmallLow() || cfg == FastHigh() {
		return names
	}
	return names[:1]
}

// fromStd converts a crypto/rsa key (test helper; package stdrsa has the
// public conversion).
func fromStd(t testing.TB, cfg Config, k *stdrsa.PrivateKey, crt bool) *PrivateKey {
	t.Helper()
	var priv *PrivateKey
	var err error
	if crt {
		priv, err = NewPrivateKey(cfg, k.N.Bytes(), k.E, k.D.Bytes(), k.Primes[0].Bytes(), k.Primes[1].Bytes())
	} else {
		priv, err = NewPrivateKeyWithoutCRT(cfg, k.N.Bytes(), k.E, k.D.Bytes())
	}
	if err != nil {
		t.Fatalf("%v: %v", cfg, err)
	}
	return priv
}

func keyCases(t testing.TB, cfg Config, names ...string) []struct {
	name string
	priv *PrivateKey
	std  *stdrsa.PrivateKey
} {
	var out []struct {
		name string
		priv *PrivateKey
		std  *stdrsa.PrivateKey
	}
	for _, n := range names {
		sk := stdKey(t, n)
		for _, crt := range []bool{true, false} {
			out = append(out, struct {
				name string
				priv *PrivateKey
				std  *stdrsa.PrivateKey
			}{fmt.Sprintf("%s/crt=%v", n, crt), fromStd(t, cfg, sk, crt), sk})
		}
	}
	return out
}
