// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"crypto"
	"crypto/sha1"
	"encoding/hex"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The RSA Laboratories PKCS #1 v2.1 example vectors use SHA-1, which the
// library does not offer; the tests plug crypto/sha1 in as a Hash of their
// own (a test file of the package can implement the unexported methods).
type sha1Hash struct{}

func (sha1Hash) HashFunc() crypto.Hash { return crypto.SHA1 }
func (sha1Hash) sum(in [maxHashInput]byte, n int, long []byte) (out [maxHashSize]byte) {
	data := in[:n]
	if long != nil {
		data = long
	}
	d := sha1.Sum(data)
	copy(out[:], d[:])
	return out
}

// hashFor is HashFor with the tests' SHA-1.
func hashFor(h crypto.Hash) Hash {
	if h == crypto.SHA1 {
		return sha1Hash{}
	}
	return HashFor(h)
}

// TestPSSVectors runs the RSA Laboratories RSASSA-PSS examples
// (testdata/pss-vect.txt.bz2, "Test vectors for RSASSA-PSS", PKCS #1 v2.1,
// copied from the Go distribution's crypto/rsa/testdata): ten keys of
// 1024 to 2048 bits (odd sizes included, so emLen < k), six messages each,
// SHA-1 and MGF1-SHA-1, 20-byte salts. With the example's salt, the
// signature must equal the published one, in every configuration, with the
// published CRT values and without CRT; it must verify, and a wrong digest
// must not.
func TestPSSVectors(t *testing.T) {
	f, err := os.Open("testdata/pss-vect.txt.bz2")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type example struct{ msg, salt, sig []byte }
	type key struct {
		n, e, d, p, q, dP, dQ, qInv []byte
		examples                    []*example
	}
	var keys []*key
	var field *[]byte
	sc := bufio.NewScanner(bzip2.NewReader(f))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") {
			field = nil
			switch {
			case strings.HasPrefix(line, "# Example") && strings.Contains(line, "Key Pair"):
				keys = append(keys, &key{})
			case strings.HasPrefix(line, "# RSA modulus n"):
				field = &keys[len(keys)-1].n
			case strings.HasPrefix(line, "# RSA public exponent e"):
				field = &keys[len(keys)-1].e
			case strings.HasPrefix(line, "# RSA private exponent d"):
				field = &keys[len(keys)-1].d
			case strings.HasPrefix(line, "# Prime p"):
				field = &keys[len(keys)-1].p
			case strings.HasPrefix(line, "# Prime q"):
				field = &keys[len(keys)-1].q
			case strings.HasPrefix(line, "# p's CRT exponent dP"):
				field = &keys[len(keys)-1].dP
			case strings.HasPrefix(line, "# q's CRT exponent dQ"):
				field = &keys[len(keys)-1].dQ
			case strings.HasPrefix(line, "# CRT coefficient qInv"):
				field = &keys[len(keys)-1].qInv
			case strings.HasPrefix(line, "# RSASSA-PSS Signature Example"):
				k := keys[len(keys)-1]
				k.examples = append(k.examples, &example{})
			case strings.HasPrefix(line, "# Message to be signed"):
				k := keys[len(keys)-1]
				field = &k.examples[len(k.examples)-1].msg
			case strings.HasPrefix(line, "# Salt"):
				k := keys[len(keys)-1]
				field = &k.examples[len(k.examples)-1].salt
			case strings.HasPrefix(line, "# Signature"):
				k := keys[len(keys)-1]
				field = &k.examples[len(k.examples)-1].sig
			}
			continue
		}
		if field == nil || line == "" {
			continue
		}
		b, err := hex.DecodeString(strings.ReplaceAll(line, " ", ""))
		if err != nil {
			t.Fatal(err)
		}
		*field = append(*field, b...)
	}
	if len(keys) != 10 {
		t.Fatalf("parsed %d keys, want 10", len(keys))
	}
	total := 0
	for _, cfg := range allConfigs {
		for ki, k := range keys {
			e, _ := strconv.ParseInt(hex.EncodeToString(k.e), 16, 64)
			crt, err := NewPrivateKey(cfg, k.n, int(e), k.d, k.p, k.q)
			if err != nil {
				t.Fatalf("key %d: %v", ki+1, err)
			}
			dP, dQ, qInv := crt.CRTValues()
			eq := func(a, b []byte) bool { return new(big.Int).SetBytes(a).Cmp(new(big.Int).SetBytes(b)) == 0 }
			if !eq(dP, k.dP) || !eq(dQ, k.dQ) || !eq(qInv, k.qInv) {
				t.Errorf("%v key %d: computed CRT values differ from the published ones", cfg, ki+1)
			}
			noCRT, err := NewPrivateKeyWithoutCRT(cfg, k.n, int(e), k.d)
			if err != nil {
				t.Fatalf("key %d: %v", ki+1, err)
			}
			for xi, x := range k.examples {
				digest := sha1.Sum(x.msg)
				privs := []*PrivateKey{crt, noCRT}
				if xi > 0 && !long() {
					privs = privs[:1] // without CRT: the first example of each key
				}
				for _, priv := range privs {
					sig, err := SignPSS(nil, bytes.NewReader(x.salt), priv, hashFor(crypto.SHA1), digest[:], &PSSOptions{SaltLength: len(x.salt)})
					if err != nil {
						t.Fatalf("%v example %d.%d: %v", cfg, ki+1, xi+1, err)
					}
					if !bytes.Equal(sig, x.sig) {
						t.Errorf("%v example %d.%d (CRT %v): signature differs", cfg, ki+1, xi+1, priv.HasCRT())
					}
				}
				if err := VerifyPSS(crt.PublicKey(), hashFor(crypto.SHA1), digest[:], x.sig, &PSSOptions{SaltLength: PSSSaltLengthAuto}); err != nil {
					t.Errorf("%v example %d.%d: %v", cfg, ki+1, xi+1, err)
				}
				digest[0] ^= 1
				if VerifyPSS(crt.PublicKey(), hashFor(crypto.SHA1), digest[:], x.sig, nil) == nil {
					t.Errorf("%v example %d.%d: wrong digest accepted", cfg, ki+1, xi+1)
				}
				total++
			}
		}
	}
	if total != 6*60 {
		t.Errorf("ran %d examples, want 360", total)
	}
}

// TestOAEPVectors runs RSA Laboratories RSAES-OAEP examples (SHA-1, empty
// label; testdata/oaep-vect-subset.txt, with its provenance): encryption
// with the example's seed must give the published ciphertext, and
// decryption the message, in every configuration.
func TestOAEPVectors(t *testing.T) {
	b, err := os.ReadFile("testdata/oaep-vect-subset.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range allConfigs {
		var priv *PrivateKey
		var msg, seed []byte
		count := 0
		for _, line := range strings.Split(string(b), "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || f[0] == "#" || strings.HasPrefix(f[0], "#") {
				continue
			}
			switch f[0] {
			case "key":
				n, _ := hex.DecodeString(f[1])
				e, _ := strconv.Atoi(f[2])
				d, _ := hex.DecodeString(f[3])
				priv, err = NewPrivateKeyWithoutCRT(cfg, n, e, d)
				if err != nil {
					t.Fatal(err)
				}
			case "msg":
				msg, _ = hex.DecodeString(f[1])
			case "seed":
				seed, _ = hex.DecodeString(f[1])
			case "ct":
				want, _ := hex.DecodeString(f[1])
				ct, err := EncryptOAEP(nil, bytes.NewReader(seed), priv.PublicKey(), hashFor(crypto.SHA1), nil, msg, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(ct, want) {
					t.Errorf("%v: ciphertext differs", cfg)
				}
				pt, err := DecryptOAEP(nil, priv, hashFor(crypto.SHA1), nil, want, nil)
				if err != nil || !bytes.Equal(pt, msg) {
					t.Errorf("%v: decryption: %v", cfg, err)
				}
				count++
			}
		}
		if count != 4 {
			t.Errorf("ran %d examples", count)
		}
	}
}
