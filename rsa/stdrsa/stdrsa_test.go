// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package stdrsa_test

import (
	"crypto"
	"crypto/rand"
	gorsa "crypto/rsa"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"testing"
	"time"

	"github.com/cryptolab-go/cryptolab/rsa"
	"github.com/cryptolab-go/cryptolab/rsa/stdrsa"
)

func testKey(t *testing.T) *gorsa.PrivateKey {
	b, err := os.ReadFile("../testdata/key2048.pem")
	if err != nil {
		t.Fatal(err)
	}
	blk, _ := pem.Decode(b)
	k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return k.(*gorsa.PrivateKey)
}

func TestConversions(t *testing.T) {
	sk := testKey(t)
	priv, err := stdrsa.FromPrivateKey(rsa.Default(), sk)
	if err != nil {
		t.Fatal(err)
	}
	back, err := stdrsa.ToPrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(sk) {
		t.Error("round trip changed the key")
	}
	der, err := x509.MarshalPKCS8PrivateKey(back)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x509.ParsePKCS8PrivateKey(der); err != nil {
		t.Fatal(err)
	}
	// PKCS #1 and PEM through the standard library, and back.
	p1 := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(back)})
	blk, _ := pem.Decode(p1)
	k1, err := x509.ParsePKCS1PrivateKey(blk.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	again, err := stdrsa.FromPrivateKey(rsa.SmallMid(), k1)
	if err != nil || !again.Equal(priv) {
		t.Errorf("PKCS #1 round trip: %v", err)
	}
	pub1, err := x509.ParsePKCS1PublicKey(x509.MarshalPKCS1PublicKey(stdrsa.ToPublicKey(priv.PublicKey())))
	if err != nil || !pub1.Equal(&sk.PublicKey) {
		t.Errorf("PKCS #1 public key round trip: %v", err)
	}
	noCRT, err := stdrsa.FromPrivateKey(rsa.SmallLow(), &gorsa.PrivateKey{PublicKey: sk.PublicKey, D: sk.D})
	if err != nil || noCRT.HasCRT() {
		t.Fatalf("no-CRT conversion: %v", err)
	}
	if k, err := stdrsa.ToPrivateKey(noCRT); err != nil || k.Primes != nil || k.D.Cmp(sk.D) != 0 {
		t.Errorf("no-CRT back: %v", err)
	}
	pub, err := stdrsa.FromPublicKey(rsa.FastLow(), &sk.PublicKey)
	if err != nil || !stdrsa.ToPublicKey(pub).Equal(&sk.PublicKey) {
		t.Errorf("public: %v", err)
	}
	for _, bad := range []*gorsa.PrivateKey{nil, {}, {PublicKey: sk.PublicKey, D: sk.D, Primes: []*big.Int{sk.Primes[0], sk.Primes[1], big.NewInt(3)}}} {
		if _, err := stdrsa.FromPrivateKey(rsa.Default(), bad); err == nil {
			t.Error("bad key accepted")
		}
	}
	if _, err := stdrsa.FromPublicKey(rsa.Default(), nil); err == nil {
		t.Error("nil public key accepted")
	}
	if _, err := stdrsa.FromPrivateKey(nil, sk); err != rsa.ErrConfig {
		t.Errorf("nil Config: %v", err)
	}
	if stdrsa.ToPublicKey(nil) != nil {
		t.Error("ToPublicKey(nil)")
	}
	if _, err := stdrsa.ToPrivateKey(nil); err == nil {
		t.Error("ToPrivateKey(nil)")
	}
}

// selfSigned makes a certificate for signer with crypto/x509.
func selfSigned(t *testing.T, signer crypto.Signer, alg x509.SignatureAlgorithm) *x509.Certificate {
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "cryptolab"},
		DNSNames:              []string{"cryptolab.test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign | x509.KeyUsageKeyEncipherment,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:                  true,
		BasicConstraintsValid: true,
		SignatureAlgorithm:    alg,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, signer.Public(), signer)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	if err := cert.CheckSignatureFrom(cert); err != nil {
		t.Fatalf("%v: %v", alg, err)
	}
	return cert
}

func TestX509(t *testing.T) {
	priv, err := stdrsa.FromPrivateKey(rsa.Default(), testKey(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, alg := range []x509.SignatureAlgorithm{x509.SHA256WithRSA, x509.SHA384WithRSA, x509.SHA256WithRSAPSS, x509.SHA512WithRSAPSS} {
		selfSigned(t, stdrsa.Signer(priv), alg)
	}
}

// TestTLS runs TLS 1.3 and TLS 1.2 (ECDHE-RSA) handshakes over net.Pipe
// with a server whose key is our Signer.
func TestTLS(t *testing.T) {
	for _, cfg := range []rsa.Config{rsa.SmallLow(), rsa.FastHigh()} {
		priv, err := stdrsa.FromPrivateKey(cfg, testKey(t))
		if err != nil {
			t.Fatal(err)
		}
		signer := stdrsa.Signer(priv)
		cert := selfSigned(t, signer, x509.SHA256WithRSAPSS)
		pool := x509.NewCertPool()
		pool.AddCert(cert)
		for _, v := range []uint16{tls.VersionTLS13, tls.VersionTLS12} {
			c, s := net.Pipe()
			srv := tls.Server(s, &tls.Config{
				Certificates: []tls.Certificate{{Certificate: [][]byte{cert.Raw}, PrivateKey: signer}},
				MinVersion:   v, MaxVersion: v,
			})
			cli := tls.Client(c, &tls.Config{RootCAs: pool, ServerName: "cryptolab.test", MinVersion: v, MaxVersion: v})
			errc := make(chan error, 1)
			go func() { errc <- srv.Handshake() }()
			if err := cli.Handshake(); err != nil {
				t.Fatalf("%v TLS %x: client: %v", cfg, v, err)
			}
			if err := <-errc; err != nil {
				t.Fatalf("%v TLS %x: server: %v", cfg, v, err)
			}
			if cli.ConnectionState().Version != v {
				t.Errorf("negotiated %x", cli.ConnectionState().Version)
			}
			// Close the pipe, not the TLS connections: their close_notify
			// would wait for a reader that is not there.
			c.Close()
			s.Close()
		}
	}
}

func TestSignerDecrypter(t *testing.T) {
	sk := testKey(t)
	priv, _ := stdrsa.FromPrivateKey(rsa.FastMid(), sk)
	s := stdrsa.Signer(priv)
	d := sha256.Sum256([]byte("m"))
	for _, sl := range []int{gorsa.PSSSaltLengthAuto, gorsa.PSSSaltLengthEqualsHash, 10} {
		sig, err := s.Sign(rand.Reader, d[:], &gorsa.PSSOptions{Hash: crypto.SHA256, SaltLength: sl})
		if err != nil {
			t.Fatal(err)
		}
		if err := gorsa.VerifyPSS(&sk.PublicKey, crypto.SHA256, d[:], sig, &gorsa.PSSOptions{SaltLength: sl}); err != nil {
			t.Errorf("salt %d: %v", sl, err)
		}
	}
	dec := stdrsa.Decrypter(priv)
	if !dec.Public().(*gorsa.PublicKey).Equal(&sk.PublicKey) {
		t.Error("Public")
	}
	ct, _ := gorsa.EncryptOAEP(sha256.New(), rand.Reader, &sk.PublicKey, []byte("x"), nil)
	if pt, err := dec.Decrypt(nil, ct, &gorsa.OAEPOptions{Hash: crypto.SHA256}); err != nil || string(pt) != "x" {
		t.Errorf("OAEP: %v", err)
	}
	ct, _ = gorsa.EncryptPKCS1v15(rand.Reader, &sk.PublicKey, []byte("0123456789abcdef"))
	if pt, err := dec.Decrypt(rand.Reader, ct, &gorsa.PKCS1v15DecryptOptions{SessionKeyLen: 16}); err != nil || string(pt) != "0123456789abcdef" {
		t.Errorf("v1.5 session key: %v", err)
	}
	if pt, err := dec.Decrypt(rand.Reader, ct, nil); err != nil || string(pt) != "0123456789abcdef" {
		t.Errorf("v1.5: %v", err)
	}
}
