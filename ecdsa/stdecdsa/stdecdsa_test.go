package stdecdsa_test

import (
	"bytes"
	"crypto"
	goecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"net"
	"testing"
	"time"

	"github.com/cryptolab-go/cryptolab/ecdsa"
	"github.com/cryptolab-go/cryptolab/ecdsa/stdecdsa"
)

var curves = []struct {
	c   ecdsa.Curve
	std elliptic.Curve
}{{ecdsa.P256, elliptic.P256()}, {ecdsa.P384, elliptic.P384()}}

// TestRoundTrip converts keys both ways in every configuration and checks
// signatures across: ours verified by crypto/ecdsa and the reverse.
func TestRoundTrip(t *testing.T) {
	digest := sha256.Sum256([]byte("stdecdsa"))
	for _, cv := range curves {
		for _, cfg := range ecdsa.Configs() {
			priv, err := ecdsa.GenerateKey(cfg, cv.c, nil)
			if err != nil {
				t.Fatal(err)
			}
			spriv, err := stdecdsa.ToStdPrivateKey(priv)
			if err != nil {
				t.Fatal(err)
			}
			spub, err := stdecdsa.ToStdPublicKey(priv.PublicKey())
			if err != nil || !spub.Equal(&spriv.PublicKey) {
				t.Fatal("ToStdPublicKey", err)
			}
			sig, err := ecdsa.Sign(nil, priv, nil, digest[:], ecdsa.ASN1)
			if err != nil || !goecdsa.VerifyASN1(spub, digest[:], sig) {
				t.Fatalf("%s %s: crypto/ecdsa rejects our signature", cv.c, cfg)
			}
			back, err := stdecdsa.FromStdPrivateKey(cfg, spriv)
			if err != nil || !back.Equal(priv) || back.Config() != cfg {
				t.Fatal("FromStdPrivateKey round trip", err)
			}
			other, _ := goecdsa.GenerateKey(cv.std, rand.Reader)
			ssig, _ := goecdsa.SignASN1(rand.Reader, other, digest[:])
			pub, err := stdecdsa.FromStdPublicKey(cfg, &other.PublicKey)
			if err != nil || !ecdsa.Verify(pub, digest[:], ssig, ecdsa.ASN1) {
				t.Fatalf("%s %s: we reject crypto/ecdsa's signature (%v)", cv.c, cfg, err)
			}
		}
	}
}

// TestBadKeys: nil keys, nil coordinates, other curves, scalars out of
// range, public points off the curve or not d·G: errors, never panics.
func TestBadKeys(t *testing.T) {
	cfg := ecdsa.SmallLow()
	good, _ := goecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	p224, _ := goecdsa.GenerateKey(elliptic.P224(), rand.Reader)
	other, _ := goecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	n := elliptic.P256().Params().N
	mod := func(f func(k *goecdsa.PrivateKey)) *goecdsa.PrivateKey {
		k := *good
		k.X, k.Y, k.D = new(big.Int).Set(good.X), new(big.Int).Set(good.Y), new(big.Int).Set(good.D)
		f(&k)
		return &k
	}
	privs := map[string]*goecdsa.PrivateKey{
		"nil":         nil,
		"zero":        {},
		"nil D":       mod(func(k *goecdsa.PrivateKey) { k.D = nil }),
		"nil X":       mod(func(k *goecdsa.PrivateKey) { k.X = nil }),
		"nil Y":       mod(func(k *goecdsa.PrivateKey) { k.Y = nil }),
		"nil curve":   mod(func(k *goecdsa.PrivateKey) { k.Curve = nil }),
		"P-224":       p224,
		"D = 0":       mod(func(k *goecdsa.PrivateKey) { k.D.SetInt64(0) }),
		"D < 0":       mod(func(k *goecdsa.PrivateKey) { k.D.Neg(k.D) }),
		"D = n":       mod(func(k *goecdsa.PrivateKey) { k.D.Set(n) }),
		"D = 2^300":   mod(func(k *goecdsa.PrivateKey) { k.D.Lsh(big.NewInt(1), 300) }),
		"Q is not dG": mod(func(k *goecdsa.PrivateKey) { k.X, k.Y = other.X, other.Y }),
		"X too large": mod(func(k *goecdsa.PrivateKey) { k.X.Lsh(big.NewInt(1), 300) }),
	}
	for name, k := range privs {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("FromStdPrivateKey(%s) panicked: %v", name, r)
				}
			}()
			if got, err := stdecdsa.FromStdPrivateKey(cfg, k); err == nil || got != nil {
				t.Errorf("FromStdPrivateKey(%s) accepted", name)
			}
			if k != nil && name != "Q is not dG" && name != "nil D" && name != "D = 0" && name != "D < 0" && name != "D = n" && name != "D = 2^300" {
				if got, err := stdecdsa.FromStdPublicKey(cfg, &k.PublicKey); err == nil || got != nil {
					t.Errorf("FromStdPublicKey(%s) accepted", name)
				}
			}
		}()
	}
	offCurve := good.PublicKey
	offCurve.Y = new(big.Int).Add(good.Y, big.NewInt(1))
	if _, err := stdecdsa.FromStdPublicKey(cfg, &offCurve); err == nil {
		t.Error("off-curve public key accepted")
	}
	if _, err := stdecdsa.FromStdPublicKey(cfg, nil); err == nil {
		t.Error("nil public key accepted")
	}
	if _, err := stdecdsa.FromStdPrivateKey(nil, good); err == nil {
		t.Error("nil Config accepted")
	}
	if _, err := stdecdsa.ToStdPrivateKey(nil); err == nil {
		t.Error("ToStdPrivateKey(nil)")
	}
	if _, err := stdecdsa.ToStdPrivateKey(&ecdsa.PrivateKey{}); err == nil {
		t.Error("ToStdPrivateKey(zero)")
	}
	if _, err := stdecdsa.ToStdPublicKey(nil); err == nil {
		t.Error("ToStdPublicKey(nil)")
	}
	if _, err := stdecdsa.ToStdPublicKey(&ecdsa.PublicKey{}); err == nil {
		t.Error("ToStdPublicKey(zero)")
	}
	s := stdecdsa.Signer(nil)
	if s.Public() != nil {
		t.Error("Signer(nil).Public() is not nil")
	}
	if _, err := s.Sign(rand.Reader, make([]byte, 32), crypto.SHA256); err == nil {
		t.Error("Signer(nil).Sign: no error")
	}
}

// selfSigned makes a self-signed certificate with our signer through
// crypto/x509, which checks the signature against Public() before it
// returns.
func selfSigned(t *testing.T, signer crypto.Signer, name string) *x509.Certificate {
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: name},
		DNSNames:              []string{name},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, signer.Public(), signer)
	if err != nil {
		t.Fatalf("x509.CreateCertificate: %v", err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert
}

// TestX509: a certificate signed by our key parses, verifies against
// itself as a root, and carries our public key.
func TestX509(t *testing.T) {
	for _, cv := range curves {
		for _, cfg := range []ecdsa.Config{ecdsa.SmallLow(), ecdsa.FastHigh()} {
			priv, err := ecdsa.GenerateKey(cfg, cv.c, nil)
			if err != nil {
				t.Fatal(err)
			}
			signer := stdecdsa.Signer(priv)
			if _, ok := signer.Public().(*goecdsa.PublicKey); !ok {
				t.Fatalf("Public() is %T", signer.Public())
			}
			cert := selfSigned(t, signer, "cryptolab.test")
			if err := cert.CheckSignatureFrom(cert); err != nil {
				t.Fatalf("%s %s: %v", cv.c, cfg, err)
			}
			roots := x509.NewCertPool()
			roots.AddCert(cert)
			if _, err := cert.Verify(x509.VerifyOptions{Roots: roots, DNSName: "cryptolab.test"}); err != nil {
				t.Fatalf("%s %s: chain: %v", cv.c, cfg, err)
			}
			pub, ok := cert.PublicKey.(*goecdsa.PublicKey)
			if !ok {
				t.Fatalf("certificate key is %T", cert.PublicKey)
			}
			ours, err := stdecdsa.FromStdPublicKey(cfg, pub)
			if err != nil || !bytes.Equal(ours.Bytes(), priv.PublicKey().Bytes()) {
				t.Fatal("certificate public key differs from ours")
			}
		}
	}
}

// TestTLS: a TLS 1.3 and a TLS 1.2 handshake over net.Pipe, the server
// authenticating with our signer (ECDSA P-256 and P-384 signature
// schemes), the client verifying with the self-signed certificate as root.
func TestTLS(t *testing.T) {
	for _, cv := range curves {
		for _, version := range []uint16{tls.VersionTLS13, tls.VersionTLS12} {
			priv, err := ecdsa.GenerateKey(ecdsa.SmallLow(), cv.c, nil)
			if err != nil {
				t.Fatal(err)
			}
			signer := stdecdsa.Signer(priv)
			cert := selfSigned(t, signer, "server.test")
			roots := x509.NewCertPool()
			roots.AddCert(cert)
			server := &tls.Config{
				Certificates: []tls.Certificate{{Certificate: [][]byte{cert.Raw}, PrivateKey: signer, Leaf: cert}},
				MinVersion:   version, MaxVersion: version,
			}
			client := &tls.Config{RootCAs: roots, ServerName: "server.test", MinVersion: version, MaxVersion: version}
			c1, c2 := net.Pipe()
			errc := make(chan error, 1)
			go func() {
				s := tls.Server(c1, server)
				err := s.Handshake()
				if err == nil {
					_, err = s.Write([]byte("hello"))
				}
				s.Close()
				errc <- err
			}()
			cl := tls.Client(c2, client)
			if err := cl.Handshake(); err != nil {
				t.Fatalf("%s TLS %x: client handshake: %v", cv.c, version, err)
			}
			// Read to the server's close_notify (net.Pipe is unbuffered: the
			// server's Close waits for this read).
			buf, err := io.ReadAll(cl)
			if err != nil || string(buf) != "hello" {
				t.Fatalf("read %q %v", buf, err)
			}
			if err := <-errc; err != nil {
				t.Fatalf("%s TLS %x: server: %v", cv.c, version, err)
			}
			st := cl.ConnectionState()
			if !st.PeerCertificates[0].Equal(cert) {
				t.Fatal("peer certificate")
			}
			cl.Close()
		}
	}
}
