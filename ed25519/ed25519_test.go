package ed25519_test

import (
	"bufio"
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"encoding/hex"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/ed25519"
	"github.com/cryptolab-go/cryptolab/sha2"
)

type rfcVector struct {
	name, scheme            string
	seed, pk, msg, ctx, sig []byte
}

func loadRFC(t *testing.T) []rfcVector {
	f, err := os.Open("testdata/rfc8032.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []rfcVector
	var v rfcVector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if line == "" {
			if v.name != "" {
				vs = append(vs, v)
			}
			v = rfcVector{}
			continue
		}
		k, val, _ := strings.Cut(line, ": ")
		val = strings.TrimSpace(val)
		b, _ := hex.DecodeString(val)
		switch k {
		case "name":
			v.name = val
		case "scheme":
			v.scheme = val
		case "seed":
			v.seed = b
		case "pk":
			v.pk = b
		case "msg":
			v.msg = b
		case "ctx":
			v.ctx = b
		case "sig":
			v.sig = b
		}
	}
	if v.name != "" {
		vs = append(vs, v)
	}
	if len(vs) != 10 {
		t.Fatalf("read %d RFC 8032 vectors, want 10", len(vs))
	}
	return vs
}

// TestRFC8032 runs the test vectors of RFC 8032, Sections 7.1, 7.2 and
// 7.3 (TEST 1024 is the 1,023-byte message the STM32 pages measure) in
// every configuration, and checks each against crypto/ed25519 too.
func TestRFC8032(t *testing.T) {
	for _, v := range loadRFC(t) {
		opts := &ed25519.Options{Context: string(v.ctx)}
		msg := v.msg
		if v.scheme == "Ed25519ph" {
			d := sha2.Sum512(v.msg)
			msg = d[:]
			opts.Hash = crypto.SHA512
		}
		// crypto/ed25519 agrees with the transcription.
		stdPriv := stded25519.NewKeyFromSeed(v.seed)
		stdSig, err := stdPriv.Sign(nil, msg, &stded25519.Options{Hash: opts.Hash, Context: opts.Context})
		if err != nil || !bytes.Equal(stdSig, v.sig) || !bytes.Equal(stdPriv[32:], v.pk) {
			t.Fatalf("%s: crypto/ed25519 disagrees with the vector (%v)", v.name, err)
		}
		for _, cfg := range ed25519.Configs() {
			priv, err := ed25519.NewKeyFromSeed(cfg, v.seed)
			if err != nil {
				t.Fatal(err)
			}
			if got := priv.PublicKey().Bytes(); !bytes.Equal(got, v.pk) {
				t.Errorf("%s %v: public key %x, want %x", v.name, cfg, got, v.pk)
			}
			var sig [64]byte
			if err := priv.SignWithOptionsTo(&sig, msg, opts); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(sig[:], v.sig) {
				t.Errorf("%s %v: signature %x, want %x", v.name, cfg, sig, v.sig)
			}
			sig2, err := priv.Sign(nil, msg, opts)
			if err != nil || !bytes.Equal(sig2, v.sig) {
				t.Errorf("%s %v: crypto.Signer signature %x (%v)", v.name, cfg, sig2, err)
			}
			pub, err := ed25519.NewPublicKey(cfg, v.pk)
			if err != nil {
				t.Fatal(err)
			}
			if err := pub.VerifyWithOptions(msg, v.sig, opts); err != nil {
				t.Errorf("%s %v: %v", v.name, cfg, err)
			}
			if v.scheme == "Ed25519" && !pub.Verify(msg, v.sig) {
				t.Errorf("%s %v: Verify false", v.name, cfg)
			}
			// Any other variant, context or message fails.
			bad := []*ed25519.Options{{Context: string(v.ctx) + "x"}, {Hash: opts.Hash}}
			if v.scheme != "Ed25519ph" {
				bad = append(bad, &ed25519.Options{Hash: crypto.SHA512, Context: opts.Context})
			}
			for _, o := range bad {
				if o.Hash == crypto.SHA512 && len(msg) != 64 {
					continue
				}
				if *o == *opts {
					continue
				}
				if pub.VerifyWithOptions(msg, v.sig, o) == nil {
					t.Errorf("%s %v: verifies under %+v", v.name, cfg, o)
				}
			}
			if pub.VerifyWithOptions(append([]byte{1}, msg...)[:len(msg)+1], v.sig, &ed25519.Options{Context: opts.Context}) == nil {
				t.Errorf("%s %v: verifies a longer message", v.name, cfg)
			}
		}
	}
}

func TestConfigs(t *testing.T) {
	want := []string{"Small-OptLow", "Small-OptHigh", "SuperFast-OptLow", "SuperFast-OptHigh"}
	for i, cfg := range ed25519.Configs() {
		if cfg.String() != want[i] {
			t.Errorf("config %d is %q, want %q", i, cfg, want[i])
		}
		m := cfg.Memory()
		if m.Key != int(unsafe.Sizeof(ed25519.PrivateKey{})) || m.Context != 0 {
			t.Errorf("%v: Memory %+v, PrivateKey is %d bytes", cfg, m, unsafe.Sizeof(ed25519.PrivateKey{}))
		}
		if (i%2 == 0) != (m.Tables == 1920) || (i%2 == 1) != (m.Tables == 46080) {
			t.Errorf("%v: Tables %d", cfg, m.Tables)
		}
	}
	if ed25519.Default().String() != "SuperFast-OptHigh" {
		t.Errorf("Default is %v", ed25519.Default())
	}
	if ed25519.SmallOptLow().String() != want[0] || ed25519.SmallOptHigh().String() != want[1] ||
		ed25519.SuperFastOptLow().String() != want[2] || ed25519.SuperFastOptHigh().String() != want[3] {
		t.Error("constructor names")
	}
}

// TestDifferential checks, in every configuration and both directions,
// that keys and signatures equal crypto/ed25519's byte for byte for random
// seeds and messages, and that each verifies the other's signatures.
func TestDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(8032, 1))
	n := 64
	if testing.Short() {
		n = 16
	}
	for i := range n {
		seed := make([]byte, 32)
		for j := range seed {
			seed[j] = byte(r.Uint32())
		}
		msg := make([]byte, r.IntN(300))
		for j := range msg {
			msg[j] = byte(r.Uint32())
		}
		stdPriv := stded25519.NewKeyFromSeed(seed)
		stdSig := stded25519.Sign(stdPriv, msg)
		for _, cfg := range ed25519.Configs() {
			priv, err := ed25519.NewKeyFromSeed(cfg, seed)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(priv.Bytes(), stdPriv) {
				t.Fatalf("%v: key %x, want %x", cfg, priv.Bytes(), []byte(stdPriv))
			}
			var sig [64]byte
			if err := priv.SignTo(&sig, msg); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(sig[:], stdSig) {
				t.Fatalf("%v: signature %d differs from crypto/ed25519's", cfg, i)
			}
			if !stded25519.Verify(stdPriv.Public().(stded25519.PublicKey), msg, sig[:]) {
				t.Fatalf("%v: crypto/ed25519 rejects our signature", cfg)
			}
			if !ed25519.Verify(cfg, stdPriv[32:], msg, stdSig) || !priv.PublicKey().Verify(msg, stdSig) ||
				!priv.Public().(*ed25519.PublicKey).Verify(msg, stdSig) {
				t.Fatalf("%v: we reject crypto/ed25519's signature", cfg)
			}
			bad := append([]byte(nil), stdSig...)
			bad[i%64] ^= 1 << (i % 8)
			if priv.PublicKey().Verify(msg, bad) != stded25519.Verify(stdPriv.Public().(stded25519.PublicKey), msg, bad) {
				t.Fatalf("%v: decision on a flipped bit differs from crypto/ed25519's", cfg)
			}
			k2, err := ed25519.NewPrivateKey(cfg, stdPriv)
			if err != nil || !k2.Equal(priv) {
				t.Fatalf("%v: NewPrivateKey: %v", cfg, err)
			}
		}
	}
}

// TestNewPrivateKeyMismatch checks that a 64-byte key whose public half is
// not its seed's is refused.
func TestNewPrivateKeyMismatch(t *testing.T) {
	k := stded25519.NewKeyFromSeed(make([]byte, 32))
	k[63] ^= 1
	for _, cfg := range ed25519.Configs() {
		if _, err := ed25519.NewPrivateKey(cfg, k); err == nil {
			t.Errorf("%v: mismatched key accepted", cfg)
		}
	}
}
