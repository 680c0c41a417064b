package aes_test

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"testing"

	"github.com/cryptolab-go/cryptolab/aes"
)

// TestOpenSSL checks interoperability with the openssl command in both
// directions, PKCS#7 padding, all key sizes and configurations.
func TestOpenSSL(t *testing.T) {
	path, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl not on PATH: interop test not run")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, cfg := range configs {
		for _, bits := range []int{128, 192, 256} {
			for _, n := range []int{0, 1, 16, 47, 1000} {
				key, iv, msg := make([]byte, bits/8), make([]byte, 16), make([]byte, n)
				for _, b := range [][]byte{key, iv, msg} {
					for i := range b {
						b[i] = byte(rng.Uint32())
					}
				}
				alg := fmt.Sprintf("-aes-%d-cbc", bits)
				run := func(dir string, in []byte) []byte {
					cmd := exec.Command(path, "enc", dir, alg, "-K", hex.EncodeToString(key), "-iv", hex.EncodeToString(iv))
					cmd.Stdin = bytes.NewReader(in)
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					out, err := cmd.Output()
					if err != nil {
						t.Fatalf("openssl enc %s %s: %v: %s", dir, alg, err, stderr.String())
					}
					return out
				}
				// Ours -> openssl.
				sealed, err := aes.SealCBC(cfg, nil, key, iv, msg)
				if err != nil {
					t.Fatal(err)
				}
				if got := run("-d", sealed); !bytes.Equal(got, msg) {
					t.Errorf("%v %s n=%d: openssl decrypted our ciphertext to %x", cfg, alg, n, got)
				}
				// openssl -> ours.
				theirs := run("-e", msg)
				if !bytes.Equal(theirs, sealed) {
					t.Errorf("%v %s n=%d: ciphertexts differ", cfg, alg, n)
				}
				got, err := aes.OpenCBC(cfg, nil, key, iv, theirs)
				if err != nil || !bytes.Equal(got, msg) {
					t.Errorf("%v %s n=%d: opening openssl's ciphertext: %v", cfg, alg, n, err)
				}
			}
		}
	}
}
