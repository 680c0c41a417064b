package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"testing"
)

// Fuzz targets for every parser and for Verify. The seeds run as unit tests
// under plain "go test"; "go test -fuzz FuzzVerify" explores further.

func FuzzNewPublicKey(f *testing.F) {
	for _, c := range curvesUnderTest {
		k, _ := NewPrivateKey(Default(), c, bytes.Repeat([]byte{7}, c.ScalarSize()))
		f.Add(uint8(c), k.PublicKey().Bytes())
		f.Add(uint8(c), k.PublicKey().BytesCompressed())
	}
	f.Add(uint8(1), []byte{0})
	f.Add(uint8(2), []byte{4, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, ci uint8, b []byte) {
		c := Curve(ci%3 + 1)
		for _, cfg := range Configs() {
			k, err := NewPublicKey(cfg, c, b)
			if err != nil {
				if k != nil {
					t.Fatal("key returned with an error")
				}
				continue
			}
			// Whatever parses re-encodes to an equivalent encoding.
			if b[0] == 4 && !bytes.Equal(k.Bytes(), b) {
				t.Fatalf("re-encoding %x", k.Bytes())
			}
			if b[0] != 4 && !bytes.Equal(k.BytesCompressed(), b) {
				t.Fatalf("re-encoding %x", k.BytesCompressed())
			}
			std, err := toStdPub(k)
			if err != nil {
				t.Fatalf("crypto/ecdsa rejects a key we accept: %v", err)
			}
			_ = std
		}
	})
}

func FuzzNewPrivateKey(f *testing.F) {
	f.Add(uint8(1), bytes.Repeat([]byte{0xff}, 32))
	f.Add(uint8(2), bytes.Repeat([]byte{0x01}, 48))
	f.Add(uint8(1), make([]byte, 32))
	f.Fuzz(func(t *testing.T, ci uint8, d []byte) {
		c := Curve(ci%3 + 1)
		k, err := NewPrivateKey(FastLow(), c, d)
		if err != nil {
			return
		}
		if !bytes.Equal(k.Bytes(), d) {
			t.Fatal("Bytes round trip")
		}
		std, err := toStdPriv(k)
		if err != nil {
			t.Fatalf("crypto/ecdsa rejects a scalar we accept: %v", err)
		}
		pb, _ := std.PublicKey.Bytes()
		if !bytes.Equal(pb, k.PublicKey().Bytes()) {
			t.Fatal("public key differs from crypto/ecdsa")
		}
	})
}

func FuzzVerify(f *testing.F) {
	digest := sha256.Sum256([]byte("fuzz"))
	for _, c := range curvesUnderTest {
		k, _ := NewPrivateKey(Default(), c, bytes.Repeat([]byte{9}, c.ScalarSize()))
		sig, _ := SignDeterministic(nil, k, crypto.SHA256, digest[:], ASN1)
		f.Add(uint8(c), false, digest[:], sig)
		raw, _ := SignDeterministic(nil, k, crypto.SHA256, digest[:], Raw)
		f.Add(uint8(c), true, digest[:], raw)
	}
	f.Add(uint8(1), false, []byte{}, []byte{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01})
	f.Add(uint8(2), false, []byte{1}, []byte{0x30, 0x80})
	keys := map[Curve]*PrivateKey{}
	for _, c := range curvesUnderTest {
		keys[c], _ = NewPrivateKey(Default(), c, bytes.Repeat([]byte{9}, c.ScalarSize()))
	}
	f.Fuzz(func(t *testing.T, ci uint8, raw bool, digest, sig []byte) {
		c := curvesUnderTest[int(ci)%2]
		format := ASN1
		if raw {
			format = Raw
		}
		pub := keys[c].PublicKey()
		ok := Verify(pub, digest, sig, format)
		// All configurations agree, and with crypto/ecdsa on DER.
		for _, cfg := range Configs() {
			p2, _ := NewPublicKey(cfg, c, pub.Bytes())
			if Verify(p2, digest, sig, format) != ok {
				t.Fatalf("%s disagrees", cfg)
			}
		}
		if !raw {
			std, _ := toStdPub(pub)
			if stdOK := stdVerifyASN1(std, digest, sig); stdOK != ok {
				t.Fatalf("crypto/ecdsa says %v, we say %v", stdOK, ok)
			}
		}
	})
}
