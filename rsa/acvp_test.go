// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"crypto"
	"math/big"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/acvp"
	"github.com/cryptolab-go/cryptolab/sha2"
)

func acvpDigest(t *testing.T, alg string, msg []byte) (crypto.Hash, []byte) {
	switch alg {
	case "SHA2-224":
		d := sha2.Sum224(msg)
		return crypto.SHA224, d[:]
	case "SHA2-256":
		d := sha2.Sum256(msg)
		return crypto.SHA256, d[:]
	case "SHA2-384":
		d := sha2.Sum384(msg)
		return crypto.SHA384, d[:]
	case "SHA2-512":
		d := sha2.Sum512(msg)
		return crypto.SHA512, d[:]
	case "SHA2-512/224":
		d := sha2.Sum512_224(msg)
		return crypto.SHA512_224, d[:]
	case "SHA2-512/256":
		d := sha2.Sum512_256(msg)
		return crypto.SHA512_256, d[:]
	}
	t.Fatalf("unknown hash %q", alg)
	return 0, nil
}

// TestACVP runs the NIST ACVP RSA sigVer (FIPS186-5) vectors of the pinned
// acvp-testdata module (PKCS #1 v1.5 and PSS with MGF1, SHA-2, 2048, 3072
// and 4096 bits, expected pass and fail) in every configuration. The
// module has no RSA sigGen or keyGen sets: signing is covered by the
// differential tests against crypto/rsa, the RSA Laboratories examples and
// OpenSSL interop.
func TestACVP(t *testing.T) {
	sets := acvp.Load(t, "RSA")
	for _, cfg := range allConfigs {
		t.Run(cfg.String(), func(t *testing.T) {
			counts := map[string]int{}
			for _, vs := range sets {
				if vs.Mode != "sigVer" {
					t.Errorf("unexpected mode %q", vs.Mode)
					continue
				}
				for _, g := range vs.Groups {
					n := g.Fields.Hex("n")
					e := int(new(big.Int).SetBytes(g.Fields.Hex("e")).Int64())
					pub, err := NewPublicKey(cfg, n, e)
					if err != nil {
						t.Fatalf("tg %d: %v", g.TgID, err)
					}
					sigType := g.Fields.String("sigType")
					for _, tc := range g.Tests {
						h, digest := acvpDigest(t, g.Fields.String("hashAlg"), tc.Hex("message"))
						sig := tc.Hex("signature")
						if len(sig) < pub.Size() {
							sig = append(make([]byte, pub.Size()-len(sig)), sig...)
						}
						want := tc.Bool("testPassed")
						switch sigType {
						case "pkcs1v1.5":
							err = VerifyPKCS1v15(pub, hashFor(h), digest, sig)
						case "pss":
							if g.Fields.String("maskFunction") != "mgf1" {
								t.Fatalf("tg %d: mask function %q", g.TgID, g.Fields.String("maskFunction"))
							}
							sl := g.Fields.Int("saltLen")
							if sl == 0 {
								sl = PSSSaltLengthNone
							}
							err = VerifyPSS(pub, hashFor(h), digest, sig, &PSSOptions{SaltLength: sl})
						default:
							t.Fatalf("tg %d: sigType %q", g.TgID, sigType)
						}
						if (err == nil) != want {
							t.Errorf("tg %d tc %d (%s %d bits): err = %v, want pass = %v", g.TgID, tc.TcID, sigType, pub.Bits(), err, want)
						}
						counts[sigType+map[bool]string{true: " pass", false: " fail"}[want]]++
					}
				}
			}
			t.Logf("%v", counts)
			if counts["pss pass"] == 0 || counts["pss fail"] == 0 || counts["pkcs1v1.5 pass"] == 0 || counts["pkcs1v1.5 fail"] == 0 {
				t.Errorf("missing vector kinds: %v", counts)
			}
		})
	}
}
