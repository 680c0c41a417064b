// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"bytes"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	stdrsa "crypto/rsa"

	"github.com/cryptolab-go/cryptolab/sha2"
)

// TestOpenSSL checks interoperability with the openssl command (3.x): a
// key made by "openssl genpkey -algorithm RSA", PSS (salt = hash length)
// and PKCS #1 v1.5 signatures made by "openssl pkeyutl -sign" verified
// here and ours verified by "openssl pkeyutl -verify", and OAEP (SHA-256,
// a label) both ways. Skipped when openssl is not installed.
func TestOpenSSL(t *testing.T) {
	if testing.Short() {
		t.Skip("runs openssl")
	}
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("openssl", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("openssl %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	path := func(name string) string { return filepath.Join(dir, name) }
	bits := "2048"
	if long() {
		bits = "3072"
	}
	run("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:"+bits, "-out", path("key.pem"))
	b, _ := os.ReadFile(path("key.pem"))
	blk, _ := pem.Decode(b)
	k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	sk := k.(*stdrsa.PrivateKey)
	der, _ := x509.MarshalPKIXPublicKey(&sk.PublicKey)
	os.WriteFile(path("pub.pem"), pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), 0o600)
	digest := sha2.Sum256([]byte("openssl interop"))
	os.WriteFile(path("digest.bin"), digest[:], 0o600)
	pss := []string{"-pkeyopt", "digest:sha256", "-pkeyopt", "rsa_padding_mode:pss", "-pkeyopt", "rsa_pss_saltlen:32"}
	v15 := []string{"-pkeyopt", "digest:sha256", "-pkeyopt", "rsa_padding_mode:pkcs1"}
	oaep := []string{"-pkeyopt", "rsa_padding_mode:oaep", "-pkeyopt", "rsa_oaep_md:sha256", "-pkeyopt", "rsa_mgf1_md:sha256", "-pkeyopt", "rsa_oaep_label:" + hex.EncodeToString([]byte("label"))}

	// OpenSSL signs; we verify.
	run(append([]string{"pkeyutl", "-sign", "-inkey", path("key.pem"), "-in", path("digest.bin"), "-out", path("pss.sig")}, pss...)...)
	run(append([]string{"pkeyutl", "-sign", "-inkey", path("key.pem"), "-in", path("digest.bin"), "-out", path("v15.sig")}, v15...)...)
	msg := []byte("a message for OAEP")
	os.WriteFile(path("msg.bin"), msg, 0o600)
	run(append([]string{"pkeyutl", "-encrypt", "-pubin", "-inkey", path("pub.pem"), "-in", path("msg.bin"), "-out", path("oaep.ct")}, oaep...)...)
	pssSig, _ := os.ReadFile(path("pss.sig"))
	v15Sig, _ := os.ReadFile(path("v15.sig"))
	oaepCT, _ := os.ReadFile(path("oaep.ct"))

	for _, cfg := range []Config{SmallLow(), FastHigh()} {
		for _, crt := range []bool{true, false} {
			priv := fromStd(t, cfg, sk, crt)
			pub := priv.PublicKey()
			if err := VerifyPSS(pub, SHA256(), digest[:], pssSig, nil); err != nil {
				t.Errorf("%v: OpenSSL PSS signature rejected: %v", cfg, err)
			}
			if err := VerifyPKCS1v15(pub, SHA256(), digest[:], v15Sig); err != nil {
				t.Errorf("%v: OpenSSL v1.5 signature rejected: %v", cfg, err)
			}
			if pt, err := DecryptOAEP(nil, priv, SHA256(), nil, oaepCT, []byte("label")); err != nil || !bytes.Equal(pt, msg) {
				t.Errorf("%v: OpenSSL OAEP ciphertext: %v", cfg, err)
			}
			// We sign and encrypt; OpenSSL verifies and decrypts.
			sig, err := SignPSS(nil, nil, priv, SHA256(), digest[:], nil)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(path("ours.sig"), sig, 0o600)
			out := run(append([]string{"pkeyutl", "-verify", "-pubin", "-inkey", path("pub.pem"), "-in", path("digest.bin"), "-sigfile", path("ours.sig")}, pss...)...)
			if !strings.Contains(out, "Signature Verified Successfully") {
				t.Errorf("%v: OpenSSL rejects our PSS signature: %s", cfg, out)
			}
			sig, _ = SignPKCS1v15(nil, priv, SHA256(), digest[:])
			if !bytes.Equal(sig, v15Sig) {
				t.Errorf("%v: v1.5 signature differs from OpenSSL's", cfg)
			}
			ct, err := EncryptOAEP(nil, nil, pub, SHA256(), nil, msg, []byte("label"))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(path("ours.ct"), ct, 0o600)
			pt := run(append([]string{"pkeyutl", "-decrypt", "-inkey", path("key.pem"), "-in", path("ours.ct")}, oaep...)...)
			if pt != string(msg) {
				t.Errorf("%v: OpenSSL decrypts our OAEP to %q", cfg, pt)
			}
		}
	}

	// A key generated here passes "openssl pkey -check" (primality of p
	// and q, n = p·q, d·e ≡ 1, the CRT values).
	gen, err := GenerateKey(FastMid(), 2048, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, q := gen.Primes()
	gk := &stdrsa.PrivateKey{PublicKey: stdrsa.PublicKey{N: new(big.Int).SetBytes(gen.PublicKey().N()), E: gen.PublicKey().E()},
		D: new(big.Int).SetBytes(gen.D()), Primes: []*big.Int{new(big.Int).SetBytes(p), new(big.Int).SetBytes(q)}}
	gk.Precompute()
	gder, err := x509.MarshalPKCS8PrivateKey(gk)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path("gen.pem"), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: gder}), 0o600)
	if out := run("pkey", "-check", "-noout", "-in", path("gen.pem")); !strings.Contains(out, "valid") {
		t.Errorf("openssl pkey -check on our key: %s", out)
	}
}
