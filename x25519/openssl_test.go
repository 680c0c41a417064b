package x25519_test

import (
	"bytes"
	"crypto/ecdh"
	"crypto/x509"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/cryptolab-go/cryptolab/x25519"
	"github.com/cryptolab-go/cryptolab/x25519/stdx25519"
)

// TestOpenSSL checks that our shared secrets equal "openssl pkeyutl
// -derive" for a key pair made by "openssl genpkey -algorithm x25519" and
// one made here, in both configurations and both roles.
func TestOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl not on PATH: interop test not run")
	}
	dir := t.TempDir()
	file := func(n string) string { return filepath.Join(dir, n) }
	run := func(args ...string) []byte {
		t.Helper()
		cmd := exec.Command(openssl, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("openssl %v: %v: %s", args, err, stderr.String())
		}
		return out
	}
	for _, cfg := range x25519.Configs() {
		run("genpkey", "-algorithm", "x25519", "-out", file("theirs.pem"))
		run("pkey", "-in", file("theirs.pem"), "-pubout", "-out", file("theirspub.pem"))
		b, _ := os.ReadFile(file("theirs.pem"))
		blk, _ := pem.Decode(b)
		k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := stdx25519.FromStdPrivateKey(cfg, k.(*ecdh.PrivateKey))
		if err != nil {
			t.Fatal(err)
		}
		b, _ = os.ReadFile(file("theirspub.pem"))
		blk, _ = pem.Decode(b)
		pk, err := x509.ParsePKIXPublicKey(blk.Bytes)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(theirs.PublicKey().Bytes(), pk.(*ecdh.PublicKey).Bytes()) {
			t.Fatalf("%v: public key differs from openssl's", cfg)
		}

		mine, _ := x25519.GenerateKey(cfg, nil)
		std, _ := stdx25519.ToStdPrivateKey(mine)
		der, _ := x509.MarshalPKCS8PrivateKey(std)
		os.WriteFile(file("mine.pem"), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600)
		pubDER, _ := x509.MarshalPKIXPublicKey(std.PublicKey())
		os.WriteFile(file("minepub.pem"), pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER}), 0o600)

		sslA := run("pkeyutl", "-derive", "-inkey", file("theirs.pem"), "-peerkey", file("minepub.pem"))
		sslB := run("pkeyutl", "-derive", "-inkey", file("mine.pem"), "-peerkey", file("theirspub.pem"))
		oursA, err1 := mine.ECDH(theirs.PublicKey())
		oursB, err2 := theirs.ECDH(mine.PublicKey())
		if err1 != nil || err2 != nil || !bytes.Equal(oursA, sslA) || !bytes.Equal(oursB, sslB) || !bytes.Equal(sslA, sslB) {
			t.Fatalf("%v: shared secrets differ: ours %x %x, openssl %x %x", cfg, oursA, oursB, sslA, sslB)
		}
	}
}
