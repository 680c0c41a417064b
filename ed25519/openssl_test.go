package ed25519_test

import (
	"bytes"
	cryptoed25519 "crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/cryptolab-go/cryptolab/ed25519"
	"github.com/cryptolab-go/cryptolab/ed25519/stded25519"
)

// TestOpenSSL checks interoperability with the openssl command in both
// directions and every configuration: a key from "openssl genpkey
// -algorithm ed25519" gives the same public key here, its "openssl
// pkeyutl -sign -rawin" signature of the 1,023-byte message verifies here
// and equals ours (Ed25519 is deterministic), and our signature with our
// key, exported as PKCS #8, verifies with "openssl pkeyutl -verify".
func TestOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl not on PATH: interop test not run")
	}
	dir := t.TempDir()
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
	file := func(name string) string { return filepath.Join(dir, name) }
	msg := make([]byte, 1023)
	for i := range msg {
		msg[i] = byte(i * 13)
	}
	if err := os.WriteFile(file("msg"), msg, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, cfg := range ed25519.Configs() {
		// openssl's key and signature -> ours.
		run("genpkey", "-algorithm", "ed25519", "-out", file("key.pem"))
		run("pkey", "-in", file("key.pem"), "-pubout", "-out", file("pub.pem"))
		keyPEM, _ := os.ReadFile(file("key.pem"))
		blk, _ := pem.Decode(keyPEM)
		k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
		if err != nil {
			t.Fatal(err)
		}
		priv, err := ed25519.NewKeyFromSeed(cfg, k.(cryptoed25519.PrivateKey).Seed())
		if err != nil {
			t.Fatal(err)
		}
		pubPEM, _ := os.ReadFile(file("pub.pem"))
		blk, _ = pem.Decode(pubPEM)
		pk, err := x509.ParsePKIXPublicKey(blk.Bytes)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(priv.PublicKey().Bytes(), pk.(cryptoed25519.PublicKey)) {
			t.Fatalf("%v: public key differs from openssl's", cfg)
		}
		sig := run("pkeyutl", "-sign", "-rawin", "-inkey", file("key.pem"), "-in", file("msg"))
		if !priv.PublicKey().Verify(msg, sig) {
			t.Fatalf("%v: openssl's signature does not verify", cfg)
		}
		var ours [64]byte
		priv.SignTo(&ours, msg)
		if !bytes.Equal(ours[:], sig) {
			t.Fatalf("%v: our signature differs from openssl's", cfg)
		}

		// Our key and signature -> openssl.
		mine, _ := ed25519.GenerateKey(cfg, nil)
		std, _ := stded25519.ToStdPrivateKey(mine)
		der, err := x509.MarshalPKCS8PrivateKey(std)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(file("mine.pem"), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600)
		pubDER, _ := x509.MarshalPKIXPublicKey(std.Public())
		os.WriteFile(file("minepub.pem"), pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER}), 0o600)
		mine.SignTo(&ours, msg)
		os.WriteFile(file("sig"), ours[:], 0o600)
		out := run("pkeyutl", "-verify", "-rawin", "-pubin", "-inkey", file("minepub.pem"), "-in", file("msg"), "-sigfile", file("sig"))
		if !bytes.Contains(out, []byte("Signature Verified Successfully")) {
			t.Fatalf("%v: openssl: %s", cfg, out)
		}
		if got := run("pkeyutl", "-sign", "-rawin", "-inkey", file("mine.pem"), "-in", file("msg")); !bytes.Equal(got, ours[:]) {
			t.Fatalf("%v: openssl's signature with our key differs", cfg)
		}
		// A corrupted signature is refused by openssl too.
		ours[5] ^= 1
		os.WriteFile(file("sig"), ours[:], 0o600)
		cmd := exec.Command(openssl, "pkeyutl", "-verify", "-rawin", "-pubin", "-inkey", file("minepub.pem"), "-in", file("msg"), "-sigfile", file("sig"))
		if out, err := cmd.Output(); err == nil && bytes.Contains(out, []byte("Verified Successfully")) {
			t.Fatalf("%v: openssl verifies a corrupted signature", cfg)
		}
	}
}
