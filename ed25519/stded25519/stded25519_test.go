package stded25519_test

import (
	"crypto"
	cryptoed25519 "crypto/ed25519"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"testing"
	"time"

	"github.com/cryptolab-go/cryptolab/ed25519"
	"github.com/cryptolab-go/cryptolab/ed25519/stded25519"
)

func TestConversions(t *testing.T) {
	for _, cfg := range ed25519.Configs() {
		_, stdPriv, _ := cryptoed25519.GenerateKey(rand.Reader)
		priv, err := stded25519.FromStdPrivateKey(cfg, stdPriv)
		if err != nil {
			t.Fatal(err)
		}
		back, err := stded25519.ToStdPrivateKey(priv)
		if err != nil || !back.Equal(stdPriv) {
			t.Fatalf("%v: round trip of the private key: %v", cfg, err)
		}
		pub, err := stded25519.FromStdPublicKey(cfg, stdPriv.Public().(cryptoed25519.PublicKey))
		if err != nil {
			t.Fatal(err)
		}
		stdPub, err := stded25519.ToStdPublicKey(pub)
		if err != nil || !stdPub.Equal(stdPriv.Public()) {
			t.Fatalf("%v: round trip of the public key: %v", cfg, err)
		}
		if !priv.PublicKey().Equal(pub) {
			t.Fatal("public halves differ")
		}
	}
	if _, err := stded25519.ToStdPrivateKey(nil); err == nil {
		t.Error("nil private key converted")
	}
	if _, err := stded25519.ToStdPublicKey(nil); err == nil {
		t.Error("nil public key converted")
	}
	if stded25519.Signer(nil) != nil {
		t.Error("Signer(nil) is not nil")
	}
	if _, err := stded25519.FromStdPrivateKey(ed25519.Default(), cryptoed25519.PrivateKey(make([]byte, 10))); err == nil {
		t.Error("short key converted")
	}
}

// TestSignerOptions checks that Signer's signatures equal crypto/ed25519's
// for Ed25519, Ed25519ph and Ed25519ctx.
func TestSignerOptions(t *testing.T) {
	_, stdPriv, _ := cryptoed25519.GenerateKey(rand.Reader)
	digest := make([]byte, 64)
	for _, cfg := range ed25519.Configs() {
		priv, _ := stded25519.FromStdPrivateKey(cfg, stdPriv)
		s := stded25519.Signer(priv)
		for _, c := range []struct {
			msg  []byte
			opts crypto.SignerOpts
		}{
			{[]byte("message"), crypto.Hash(0)},
			{digest, crypto.SHA512},
			{[]byte("message"), &cryptoed25519.Options{Context: "ctx"}},
			{digest, &cryptoed25519.Options{Hash: crypto.SHA512, Context: "ctx"}},
		} {
			got, err := s.Sign(nil, c.msg, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			want, err := stdPriv.Sign(nil, c.msg, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%v: signature with %v differs from crypto/ed25519's", cfg, c.opts)
			}
		}
	}
}

func selfSigned(t *testing.T, s crypto.Signer) *x509.Certificate {
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(25519),
		Subject:               pkix.Name{CommonName: "cryptolab ed25519"},
		DNSNames:              []string{"cryptolab.test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, s.Public(), s)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert
}

// TestX509 signs a self-signed certificate with Signer, checks its
// signature with crypto/x509, and round-trips the key through PKCS #8.
func TestX509(t *testing.T) {
	for _, cfg := range ed25519.Configs() {
		priv, _ := ed25519.GenerateKey(cfg, nil)
		s := stded25519.Signer(priv)
		cert := selfSigned(t, s)
		if err := cert.CheckSignatureFrom(cert); err != nil {
			t.Fatalf("%v: %v", cfg, err)
		}
		stdPriv, _ := stded25519.ToStdPrivateKey(priv)
		der, err := x509.MarshalPKCS8PrivateKey(stdPriv)
		if err != nil {
			t.Fatal(err)
		}
		k, err := x509.ParsePKCS8PrivateKey(der)
		if err != nil {
			t.Fatal(err)
		}
		back, err := stded25519.FromStdPrivateKey(cfg, k.(cryptoed25519.PrivateKey))
		if err != nil || !back.Equal(priv) {
			t.Fatalf("%v: PKCS #8 round trip: %v", cfg, err)
		}
	}
}

// TestTLS runs a TLS 1.3 handshake over net.Pipe whose server
// authenticates with a certificate and a key of this package (through
// Signer), in every configuration.
func TestTLS(t *testing.T) {
	for _, cfg := range ed25519.Configs() {
		priv, _ := ed25519.GenerateKey(cfg, nil)
		s := stded25519.Signer(priv)
		cert := selfSigned(t, s)
		pool := x509.NewCertPool()
		pool.AddCert(cert)
		serverConf := &tls.Config{
			Certificates: []tls.Certificate{{Certificate: [][]byte{cert.Raw}, PrivateKey: s, Leaf: cert}},
			MinVersion:   tls.VersionTLS13,
		}
		clientConf := &tls.Config{RootCAs: pool, ServerName: "cryptolab.test", MinVersion: tls.VersionTLS13}
		c1, c2 := net.Pipe()
		errc := make(chan error, 1)
		go func() {
			srv := tls.Server(c1, serverConf)
			err := srv.Handshake()
			if err == nil {
				_, err = srv.Write([]byte("hello"))
			}
			errc <- err // no close_notify: both ends writing on a net.Pipe would block
		}()
		cli := tls.Client(c2, clientConf)
		if err := cli.Handshake(); err != nil {
			t.Fatalf("%v: client handshake: %v", cfg, err)
		}
		buf := make([]byte, 5)
		if _, err := cli.Read(buf); err != nil || string(buf) != "hello" {
			t.Fatalf("%v: read %q: %v", cfg, buf, err)
		}
		if err := <-errc; err != nil {
			t.Fatalf("%v: server: %v", cfg, err)
		}
		st := cli.ConnectionState()
		if st.PeerCertificates[0].PublicKeyAlgorithm != x509.Ed25519 {
			t.Fatalf("%v: peer key %v", cfg, st.PeerCertificates[0].PublicKeyAlgorithm)
		}
		c1.Close()
		c2.Close()
	}
}
