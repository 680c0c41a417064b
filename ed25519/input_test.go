package ed25519_test

import (
	"crypto"
	"errors"
	"testing"

	"github.com/cryptolab-go/cryptolab/ed25519"
)

// TestAllocations pins the heap allocations of the steady-state
// operations at zero in every configuration: SignTo and
// SignWithOptionsTo into the caller's array, Verify and VerifyWithOptions.
func TestAllocations(t *testing.T) {
	msg := make([]byte, 1023)
	for _, cfg := range ed25519.Configs() {
		priv, err := ed25519.NewKeyFromSeed(cfg, make([]byte, 32))
		if err != nil {
			t.Fatal(err)
		}
		pub := priv.PublicKey()
		var sig [64]byte
		opts := &ed25519.Options{Context: "context"}
		priv.SignTo(&sig, msg) // build the tables outside the measurement
		if n := testing.AllocsPerRun(10, func() { priv.SignTo(&sig, msg) }); n != 0 {
			t.Errorf("%v: SignTo allocates %v times", cfg, n)
		}
		if n := testing.AllocsPerRun(10, func() {
			if !pub.Verify(msg, sig[:]) {
				t.Fatal("Verify false")
			}
		}); n != 0 {
			t.Errorf("%v: Verify allocates %v times", cfg, n)
		}
		if n := testing.AllocsPerRun(10, func() { priv.SignWithOptionsTo(&sig, msg, opts) }); n != 0 {
			t.Errorf("%v: SignWithOptionsTo allocates %v times", cfg, n)
		}
		if n := testing.AllocsPerRun(10, func() {
			if pub.VerifyWithOptions(msg, sig[:], opts) != nil {
				t.Fatal("VerifyWithOptions failed")
			}
		}); n != 0 {
			t.Errorf("%v: VerifyWithOptions allocates %v times", cfg, n)
		}
		pk := pub.Bytes()
		if n := testing.AllocsPerRun(10, func() { ed25519.Verify(cfg, pk, msg, sig[:]) }); n != 0 {
			t.Errorf("%v: package Verify allocates %v times", cfg, n)
		}
	}
}

// TestBadInput checks that wrong lengths, nil keys, nil configurations,
// bad options and wiped keys give errors or false, never a panic.
func TestBadInput(t *testing.T) {
	cfg := ed25519.Default()
	if _, err := ed25519.NewKeyFromSeed(nil, make([]byte, 32)); err == nil {
		t.Error("nil Config accepted")
	}
	if _, err := ed25519.GenerateKey(nil, nil); err == nil {
		t.Error("GenerateKey: nil Config accepted")
	}
	if _, err := ed25519.NewPrivateKey(nil, make([]byte, 64)); err == nil {
		t.Error("NewPrivateKey: nil Config accepted")
	}
	if _, err := ed25519.NewPublicKey(nil, make([]byte, 32)); err == nil {
		t.Error("NewPublicKey: nil Config accepted")
	}
	for _, n := range []int{0, 31, 33, 64} {
		if _, err := ed25519.NewKeyFromSeed(cfg, make([]byte, n)); err == nil {
			t.Errorf("seed of %d bytes accepted", n)
		}
	}
	for _, n := range []int{0, 32, 63, 65} {
		if _, err := ed25519.NewPrivateKey(cfg, make([]byte, n)); err == nil {
			t.Errorf("private key of %d bytes accepted", n)
		}
	}
	for _, n := range []int{0, 31, 33, 64} {
		if _, err := ed25519.NewPublicKey(cfg, make([]byte, n)); err == nil {
			t.Errorf("public key of %d bytes accepted", n)
		}
	}
	// y = 2 is not the y of any point.
	notOnCurve := make([]byte, 32)
	notOnCurve[0] = 2
	if _, err := ed25519.NewPublicKey(cfg, notOnCurve); err == nil {
		t.Error("public key not on the curve accepted")
	}
	if ed25519.Verify(cfg, notOnCurve, nil, make([]byte, 64)) {
		t.Error("Verify with a key not on the curve")
	}
	if ed25519.Verify(nil, make([]byte, 32), nil, make([]byte, 64)) || ed25519.Verify(cfg, make([]byte, 31), nil, make([]byte, 64)) {
		t.Error("Verify with nil Config or short key")
	}

	priv, _ := ed25519.NewKeyFromSeed(cfg, make([]byte, 32))
	pub := priv.PublicKey()
	var sig [64]byte
	if err := priv.SignTo(&sig, []byte("m")); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 63, 65} {
		if pub.Verify([]byte("m"), make([]byte, n)) {
			t.Errorf("signature of %d bytes verified", n)
		}
	}
	// Options: bad hash, context too long, Ed25519ph of a non-digest.
	for _, o := range []*ed25519.Options{{Hash: crypto.SHA256}, {Context: string(make([]byte, 256))}, {Hash: crypto.SHA512}} {
		if err := priv.SignWithOptionsTo(&sig, []byte("m"), o); err == nil {
			t.Errorf("SignWithOptionsTo(%v) accepted", o.Hash)
		}
		if _, err := priv.Sign(nil, []byte("m"), o); err == nil {
			t.Errorf("Sign(%v) accepted", o.Hash)
		}
		if err := pub.VerifyWithOptions([]byte("m"), sig[:], o); err == nil {
			t.Errorf("VerifyWithOptions(%v) accepted", o.Hash)
		}
	}
	if _, err := priv.Sign(nil, []byte("m"), crypto.SHA384); err == nil {
		t.Error("Sign with SHA-384 accepted")
	}
	if err := priv.SignTo(nil, []byte("m")); err == nil {
		t.Error("SignTo(nil) accepted")
	}

	// Nil receivers.
	var np *ed25519.PrivateKey
	var npub *ed25519.PublicKey
	if np.Bytes() != nil || np.Seed() != nil || np.PublicKey() != nil || np.Config() != nil || np.Equal(priv) || priv.Equal(np) {
		t.Error("nil PrivateKey accessors")
	}
	np.Wipe()
	if err := np.SignTo(&sig, nil); err == nil {
		t.Error("nil PrivateKey signs")
	}
	if _, err := np.Sign(nil, nil, crypto.Hash(0)); err == nil {
		t.Error("nil PrivateKey signs (crypto.Signer)")
	}
	if npub.Bytes() != nil || npub.Config() != nil || npub.Verify(nil, sig[:]) || npub.Equal(pub) || pub.Equal(npub) {
		t.Error("nil PublicKey")
	}
	if err := npub.VerifyWithOptions(nil, sig[:], nil); err == nil {
		t.Error("nil PublicKey verifies")
	}
	// Zero values.
	var zp ed25519.PrivateKey
	var zpub ed25519.PublicKey
	if err := zp.SignTo(&sig, nil); err == nil {
		t.Error("zero PrivateKey signs")
	}
	if zpub.Verify(nil, sig[:]) {
		t.Error("zero PublicKey verifies")
	}
	// Wipe.
	priv2, _ := ed25519.NewKeyFromSeed(cfg, []byte("0123456789abcdef0123456789abcdef"))
	priv2.Wipe()
	if err := priv2.SignTo(&sig, nil); err == nil {
		t.Error("wiped key signs")
	}
	for _, b := range priv2.Seed() {
		if b != 0 {
			t.Fatal("wiped key keeps its seed")
		}
	}
}

// TestGenerateKey checks GenerateKey with crypto/rand and a failing
// reader.
func TestGenerateKey(t *testing.T) {
	for _, cfg := range ed25519.Configs() {
		priv, err := ed25519.GenerateKey(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		var sig [64]byte
		priv.SignTo(&sig, []byte("x"))
		if !priv.PublicKey().Verify([]byte("x"), sig[:]) || priv.Config() != cfg {
			t.Fatalf("%v: generated key does not work", cfg)
		}
		if _, err := ed25519.GenerateKey(cfg, failReader{}); err == nil {
			t.Fatal("failing reader accepted")
		}
	}
}

type failReader struct{}

func (failReader) Read([]byte) (int, error) { return 0, errors.New("no randomness") }
