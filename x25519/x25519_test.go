package x25519_test

import (
	"bytes"
	"crypto/ecdh"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/cryptolab-go/cryptolab/x25519"
)

func h(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// TestRFC7748 runs the two X25519 test vectors of RFC 7748, Section 5.2,
// and the Diffie-Hellman example of Section 6.1, in both configurations.
func TestRFC7748(t *testing.T) {
	vectors := []struct{ scalar, u, out string }{
		// RFC 7748, Section 5.2, first and second test vectors.
		{"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
			"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
			"c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
		{"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
			"e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
			"95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
	}
	// RFC 7748, Section 6.1: Alice's and Bob's keys and their shared
	// secret K.
	alicePriv := h("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
	alicePub := h("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
	bobPriv := h("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
	bobPub := h("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
	shared := h("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")
	for _, cfg := range x25519.Configs() {
		for i, v := range vectors {
			out := make([]byte, 32)
			if err := x25519.X25519(cfg, out, h(v.scalar), h(v.u)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, h(v.out)) {
				t.Errorf("%v: vector %d: %x, want %s", cfg, i+1, out, v.out)
			}
		}
		a, err := x25519.NewPrivateKey(cfg, alicePriv)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := x25519.NewPrivateKey(cfg, bobPriv)
		if !bytes.Equal(a.PublicKey().Bytes(), alicePub) || !bytes.Equal(b.PublicKey().Bytes(), bobPub) {
			t.Errorf("%v: public keys", cfg)
		}
		k1, err1 := a.ECDH(b.PublicKey())
		k2, err2 := b.ECDH(a.PublicKey())
		if err1 != nil || err2 != nil || !bytes.Equal(k1, shared) || !bytes.Equal(k2, shared) {
			t.Errorf("%v: shared secrets %x %x (%v %v)", cfg, k1, k2, err1, err2)
		}
	}
}

// TestIterated runs the iterated test of RFC 7748, Section 5.2: k = u = 9,
// then k, u = X25519(k, u), k. The results after 1 and 1,000 iterations
// are checked in both configurations; the 1,000,000-iteration result (a
// few minutes) only with CRYPTOLAB_LONG=1.
func TestIterated(t *testing.T) {
	want := map[int]string{
		1:       "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
		1000:    "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
		1000000: "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424",
	}
	last := 1000
	if os.Getenv("CRYPTOLAB_LONG") == "1" {
		last = 1000000
	}
	for _, cfg := range x25519.Configs() {
		k := make([]byte, 32)
		u := make([]byte, 32)
		k[0], u[0] = 9, 9
		out := make([]byte, 32)
		for i := 1; i <= last; i++ {
			if err := x25519.X25519(cfg, out, k, u); err != nil {
				t.Fatal(err)
			}
			copy(u, k)
			copy(k, out)
			if w, ok := want[i]; ok && hex.EncodeToString(k) != w {
				t.Fatalf("%v: after %d iterations %x, want %s", cfg, i, k, w)
			}
		}
		if last < 1000000 && cfg == x25519.Default() {
			t.Log("1,000,000 iterations skipped (set CRYPTOLAB_LONG=1)")
		}
	}
}

// TestAgainstECDH checks both directions against crypto/ecdh for random
// keys and peers, including public keys with the top bit set and
// non-canonical u (u ≥ p).
func TestAgainstECDH(t *testing.T) {
	r := rand.New(rand.NewPCG(7748, 1))
	rnd := func() []byte {
		b := make([]byte, 32)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	for i := range 50 {
		for _, cfg := range x25519.Configs() {
			kb := rnd()
			ours, err := x25519.NewPrivateKey(cfg, kb)
			if err != nil {
				t.Fatal(err)
			}
			theirs, err := ecdh.X25519().NewPrivateKey(kb)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(ours.PublicKey().Bytes(), theirs.PublicKey().Bytes()) {
				t.Fatalf("%v: public key differs", cfg)
			}
			peer := rnd()
			if i%5 == 0 {
				peer[31] |= 0x80
			}
			if i%7 == 0 { // u = p + small: non-canonical
				for j := range peer {
					peer[j] = 0xff
				}
				peer[31] = 0x7f
				peer[0] = byte(0xed + i%18)
			}
			want, errStd := theirs.ECDH(mustECDHPub(t, peer))
			pub, _ := x25519.NewPublicKey(peer)
			got, err := ours.ECDH(pub)
			if (err != nil) != (errStd != nil) || !bytes.Equal(got, want) {
				t.Fatalf("%v: ECDH with %x: %x (%v), crypto/ecdh %x (%v)", cfg, peer, got, err, want, errStd)
			}
		}
	}
}

func mustECDHPub(t *testing.T, b []byte) *ecdh.PublicKey {
	p, err := ecdh.X25519().NewPublicKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// lowOrder returns u-coordinates of points of order 1, 2, 4 and 8 and
// non-canonical forms (u + p where below 2^255, top bit set): 0, 1, the two order-8 points
// (D. J. Bernstein's list of points to reject, cr.yp.to/ecdh.html), p-1,
// p, p+1. The test checks that crypto/ecdh rejects each, so a wrong entry
// would show.
func lowOrder() [][]byte {
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	o8a, _ := new(big.Int).SetString("325606250916557431795983626356110631294008115727848805560023387167927233504", 10)
	o8b, _ := new(big.Int).SetString("39382357235489614581723060781553021112529911719440698176882885853963445705823", 10)
	vals := []*big.Int{big.NewInt(0), big.NewInt(1), o8a, o8b, new(big.Int).Sub(p, big.NewInt(1)), p, new(big.Int).Add(p, big.NewInt(1))}
	var out [][]byte
	for _, v := range vals {
		b := v.FillBytes(make([]byte, 32))
		for i, j := 0, 31; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		out = append(out, b)
		top := append([]byte(nil), b...)
		top[31] |= 0x80
		out = append(out, top)
	}
	return out
}

// TestLowOrder checks that every small-order input gives an all-zero
// result and an error, in X25519 and ECDH, as crypto/ecdh.
func TestLowOrder(t *testing.T) {
	k := make([]byte, 32)
	for i := range k {
		k[i] = byte(i + 1)
	}
	theirs, _ := ecdh.X25519().NewPrivateKey(k)
	for _, u := range lowOrder() {
		if _, err := theirs.ECDH(mustECDHPub(t, u)); err == nil {
			t.Fatalf("crypto/ecdh accepts %x: not a low-order point", u)
		}
		for _, cfg := range x25519.Configs() {
			out := bytes.Repeat([]byte{0xaa}, 32)
			if err := x25519.X25519(cfg, out, k, u); err == nil || !bytes.Equal(out, make([]byte, 32)) {
				t.Errorf("%v: X25519(k, %x) = %x, %v; want zeros and an error", cfg, u, out, err)
			}
			priv, _ := x25519.NewPrivateKey(cfg, k)
			pub, _ := x25519.NewPublicKey(u)
			if s, err := priv.ECDH(pub); err == nil || s != nil {
				t.Errorf("%v: ECDH with %x succeeded", cfg, u)
			}
			var dst [32]byte
			if err := priv.ECDHTo(&dst, pub); err == nil || dst != [32]byte{} {
				t.Errorf("%v: ECDHTo with %x: %x, %v", cfg, u, dst, err)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	out := make([]byte, 32)
	if err := x25519.X25519(nil, out, out, out); err == nil {
		t.Error("nil Config accepted")
	}
	for _, n := range []int{0, 31, 33} {
		if err := x25519.X25519(x25519.Default(), make([]byte, n), out, out); err == nil {
			t.Error("short dst accepted")
		}
		if err := x25519.X25519(x25519.Default(), out, make([]byte, n), out); err == nil {
			t.Error("short scalar accepted")
		}
		if err := x25519.X25519(x25519.Default(), out, out, make([]byte, n)); err == nil {
			t.Error("short point accepted")
		}
		if _, err := x25519.NewPrivateKey(x25519.Default(), make([]byte, n)); err == nil {
			t.Error("short private key accepted")
		}
		if _, err := x25519.NewPublicKey(make([]byte, n)); err == nil {
			t.Error("short public key accepted")
		}
	}
	if _, err := x25519.NewPrivateKey(nil, out); err == nil {
		t.Error("NewPrivateKey: nil Config accepted")
	}
	if _, err := x25519.GenerateKey(nil, nil); err == nil {
		t.Error("GenerateKey: nil Config accepted")
	}
	var nk *x25519.PrivateKey
	var np *x25519.PublicKey
	if nk.Bytes() != nil || nk.PublicKey() != nil || nk.Config() != nil || nk.Equal(nk) || np.Bytes() != nil || np.Equal(np) {
		t.Error("nil accessors")
	}
	nk.Wipe()
	if _, err := nk.ECDH(np); err == nil {
		t.Error("nil key agrees")
	}
	k, _ := x25519.GenerateKey(x25519.Default(), nil)
	if _, err := k.ECDH(nil); err == nil {
		t.Error("nil peer accepted")
	}
	if err := k.ECDHTo(nil, k.PublicKey()); err == nil {
		t.Error("nil dst accepted")
	}
	var zero x25519.PrivateKey
	if _, err := zero.ECDH(k.PublicKey()); err == nil {
		t.Error("zero key agrees")
	}
	k.Wipe()
	if _, err := k.ECDH(k.PublicKey()); err == nil {
		t.Error("wiped key agrees")
	}
}

// TestAllocations pins X25519 and ECDHTo at zero allocations.
func TestAllocations(t *testing.T) {
	for _, cfg := range x25519.Configs() {
		k, _ := x25519.GenerateKey(cfg, nil)
		peer, _ := x25519.GenerateKey(cfg, nil)
		pub := peer.PublicKey()
		out := make([]byte, 32)
		kb, pb := k.Bytes(), pub.Bytes()
		var dst [32]byte
		if n := testing.AllocsPerRun(10, func() { x25519.X25519(cfg, out, kb, pb) }); n != 0 {
			t.Errorf("%v: X25519 allocates %v", cfg, n)
		}
		if n := testing.AllocsPerRun(10, func() { k.ECDHTo(&dst, pub) }); n != 0 {
			t.Errorf("%v: ECDHTo allocates %v", cfg, n)
		}
	}
}

func TestConfigs(t *testing.T) {
	if x25519.Small().String() != "Small" || x25519.SuperFast().String() != "SuperFast" || x25519.Default().String() != x25519.Native().String() {
		t.Error("names")
	}
	if n := x25519.Native().String(); n != "Native" && n != "SuperFast" {
		t.Errorf("Native() is %q", n)
	}
	for _, cfg := range x25519.Configs() {
		tables := 0
		if cfg.String() != "Small" {
			tables = 30720 // the Edwards table of its key generation
		}
		if m := cfg.Memory(); m.Key != 80 || m.Tables != tables {
			t.Errorf("%v: %+v", cfg, m)
		}
	}
}
