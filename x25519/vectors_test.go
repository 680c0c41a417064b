package x25519_test

import (
	"bytes"
	"compress/gzip"
	"crypto/ecdh"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/x25519"
)

// TestWycheproof runs Project Wycheproof's X25519 vectors (as vendored in
// circl's module testdata, dh/x25519/testdata) in both configurations:
// the shared secret must equal the expected one, and an all-zero secret
// must come with an error, exactly where crypto/ecdh reports one.
func TestWycheproof(t *testing.T) {
	out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "list", "-m", "-f", "{{.Dir}}", "github.com/cloudflare/circl").Output()
	if err != nil {
		t.Skipf("go list circl: %v", err)
	}
	f, err := os.Open(filepath.Join(strings.TrimSpace(string(out)), "dh", "x25519", "testdata", "wycheproof_kat.json.gz"))
	if err != nil {
		t.Skipf("circl testdata: %v", err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		TcID    int    `json:"tcId"`
		Public  string `json:"public"`
		Private string `json:"private"`
		Shared  string `json:"shared"`
		Result  string `json:"result"`
	}
	if err := json.NewDecoder(z).Decode(&cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 80 {
		t.Fatalf("only %d cases", len(cases))
	}
	zeros := 0
	for _, c := range cases {
		pub, _ := hex.DecodeString(c.Public)
		priv, _ := hex.DecodeString(c.Private)
		want, _ := hex.DecodeString(c.Shared)
		std, _ := ecdh.X25519().NewPrivateKey(priv)
		stdPub, err := ecdh.X25519().NewPublicKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		_, stdErr := std.ECDH(stdPub)
		if bytes.Equal(want, make([]byte, 32)) {
			zeros++
		}
		for _, cfg := range x25519.Configs() {
			got := make([]byte, 32)
			err := x25519.X25519(cfg, got, priv, pub)
			if !bytes.Equal(got, want) {
				t.Errorf("%v: tcId %d: %x, want %x", cfg, c.TcID, got, want)
			}
			if (err != nil) != (stdErr != nil) {
				t.Errorf("%v: tcId %d: error %v, crypto/ecdh %v", cfg, c.TcID, err, stdErr)
			}
		}
	}
	t.Logf("%d Wycheproof cases, %d with an all-zero secret", len(cases), zeros)
}
