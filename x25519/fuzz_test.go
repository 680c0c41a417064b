package x25519_test

import (
	"bytes"
	"crypto/ecdh"
	"testing"

	"github.com/cryptolab-go/cryptolab/x25519"
)

// FuzzX25519 compares X25519 in both configurations with crypto/ecdh for
// arbitrary scalars and points (any 32 bytes are a valid input).
func FuzzX25519(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32), append([]byte{9}, make([]byte, 31)...))
	f.Fuzz(func(t *testing.T, k, u []byte) {
		if len(k) != 32 || len(u) != 32 {
			for _, cfg := range x25519.Configs() {
				if x25519.X25519(cfg, make([]byte, 32), k, u) == nil {
					t.Fatal("bad lengths accepted")
				}
			}
			return
		}
		priv, _ := ecdh.X25519().NewPrivateKey(k)
		pub, _ := ecdh.X25519().NewPublicKey(u)
		want, errStd := priv.ECDH(pub)
		if errStd != nil {
			want = make([]byte, 32)
		}
		for _, cfg := range x25519.Configs() {
			got := make([]byte, 32)
			err := x25519.X25519(cfg, got, k, u)
			if !bytes.Equal(got, want) || (err != nil) != (errStd != nil) {
				t.Fatalf("%v: X25519(%x, %x) = %x (%v), crypto/ecdh %x (%v)", cfg, k, u, got, err, want, errStd)
			}
		}
	})
}
