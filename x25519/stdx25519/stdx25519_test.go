package stdx25519_test

import (
	"crypto/ecdh"
	"crypto/rand"
	"testing"

	"github.com/cryptolab-go/cryptolab/x25519"
	"github.com/cryptolab-go/cryptolab/x25519/stdx25519"
)

func TestConversions(t *testing.T) {
	for _, cfg := range x25519.Configs() {
		std, _ := ecdh.X25519().GenerateKey(rand.Reader)
		k, err := stdx25519.FromStdPrivateKey(cfg, std)
		if err != nil {
			t.Fatal(err)
		}
		back, err := stdx25519.ToStdPrivateKey(k)
		if err != nil || !back.Equal(std) {
			t.Fatalf("%v: private round trip: %v", cfg, err)
		}
		pub, err := stdx25519.FromStdPublicKey(std.PublicKey())
		if err != nil || !pub.Equal(k.PublicKey()) {
			t.Fatalf("%v: public key: %v", cfg, err)
		}
		sp, err := stdx25519.ToStdPublicKey(pub)
		if err != nil || !sp.Equal(std.PublicKey()) {
			t.Fatalf("%v: public round trip: %v", cfg, err)
		}
		// Agreement across the two implementations.
		peer, _ := ecdh.X25519().GenerateKey(rand.Reader)
		p, _ := stdx25519.FromStdPublicKey(peer.PublicKey())
		s1, err1 := k.ECDH(p)
		s2, err2 := peer.ECDH(std.PublicKey())
		if err1 != nil || err2 != nil || string(s1) != string(s2) {
			t.Fatalf("%v: shared secrets differ", cfg)
		}
	}
	p256, _ := ecdh.P256().GenerateKey(rand.Reader)
	if _, err := stdx25519.FromStdPrivateKey(x25519.Default(), p256); err == nil {
		t.Error("P-256 key converted")
	}
	if _, err := stdx25519.FromStdPublicKey(p256.PublicKey()); err == nil {
		t.Error("P-256 public key converted")
	}
	if _, err := stdx25519.FromStdPrivateKey(x25519.Default(), nil); err == nil {
		t.Error("nil converted")
	}
	if _, err := stdx25519.FromStdPublicKey(nil); err == nil {
		t.Error("nil converted")
	}
	if _, err := stdx25519.ToStdPrivateKey(nil); err == nil {
		t.Error("nil converted")
	}
	if _, err := stdx25519.ToStdPublicKey(nil); err == nil {
		t.Error("nil converted")
	}
}
