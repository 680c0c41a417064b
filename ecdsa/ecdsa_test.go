package ecdsa

import (
	"bufio"
	"bytes"
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"strings"
	"testing"
	"unsafe"
)

var curvesUnderTest = []Curve{P256, P384}

func forEach(t *testing.T, f func(t *testing.T, c Curve, cfg Config)) {
	for _, c := range curvesUnderTest {
		for _, cfg := range Configs() {
			t.Run(c.String()+"/"+cfg.String(), func(t *testing.T) { f(t, c, cfg) })
		}
	}
}

func mustHex(t testing.TB, s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var hashByName = map[string]crypto.Hash{
	"SHA-1": crypto.SHA1, "SHA-224": crypto.SHA224, "SHA-256": crypto.SHA256,
	"SHA-384": crypto.SHA384, "SHA-512": crypto.SHA512,
}

func digestOf(h crypto.Hash, msg []byte) []byte {
	switch h {
	case crypto.SHA1:
		s := sha1.Sum(msg)
		return s[:]
	case crypto.SHA224:
		s := sha256.Sum224(msg)
		return s[:]
	case crypto.SHA256:
		s := sha256.Sum256(msg)
		return s[:]
	case crypto.SHA384:
		s := sha512.Sum384(msg)
		return s[:]
	case crypto.SHA512:
		s := sha512.Sum512(msg)
		return s[:]
	case crypto.SHA512_224:
		s := sha512.Sum512_224(msg)
		return s[:]
	case crypto.SHA512_256:
		s := sha512.Sum512_256(msg)
		return s[:]
	}
	panic("hash")
}

// TestRFC6979 checks deterministic signing against every P-256 and P-384
// signature of RFC 6979 A.2.5 and A.2.6 with a SHA-2 hash, in every
// configuration; the SHA-1 signatures are verified (we do not sign with
// HMAC-SHA-1).
func TestRFC6979(t *testing.T) {
	f, err := os.Open("testdata/rfc6979.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	keys := map[string][]string{}
	var vectors [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		if fs[0] == "key" {
			keys[fs[1]] = fs[2:]
		} else {
			vectors = append(vectors, fs)
		}
	}
	if len(vectors) != 20 {
		t.Fatalf("read %d vectors, want 20", len(vectors))
	}
	forEach(t, func(t *testing.T, c Curve, cfg Config) {
		k := keys[c.String()]
		priv, err := NewPrivateKey(cfg, c, mustHex(t, k[0]))
		if err != nil {
			t.Fatal(err)
		}
		wantPub := append([]byte{4}, mustHex(t, k[1]+k[2])...)
		if !bytes.Equal(priv.PublicKey().Bytes(), wantPub) {
			t.Fatalf("public key %x, want %x", priv.PublicKey().Bytes(), wantPub)
		}
		n := 0
		for _, v := range vectors {
			if v[0] != c.String() {
				continue
			}
			n++
			h := hashByName[v[1]]
			digest := digestOf(h, []byte(v[2]))
			want := mustHex(t, v[4]+v[5])
			if h == crypto.SHA1 {
				// HMAC-SHA-1 is not supported (no SHA-1 is linked): the
				// vector's signature must verify, and signing must fail.
				if _, err := SignDeterministic(nil, priv, h, digest, Raw); err == nil {
					t.Error("SignDeterministic with SHA-1: no error")
				}
				if !Verify(priv.PublicKey(), digest, want, Raw) {
					t.Errorf("%s %q: the RFC's signature does not verify", v[1], v[2])
				}
				continue
			}
			sig, err := SignDeterministic(nil, priv, h, digest, Raw)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(sig, want) {
				t.Errorf("%s %q: got %x, want %x", v[1], v[2], sig, want)
			}
			if !Verify(priv.PublicKey(), digest, sig, Raw) {
				t.Errorf("%s %q: Verify failed", v[1], v[2])
			}
			der, _ := SignDeterministic(nil, priv, h, digest, ASN1)
			if !Verify(priv.PublicKey(), digest, der, ASN1) {
				t.Errorf("%s %q: Verify(ASN1) failed", v[1], v[2])
			}
		}
		if n != 10 {
			t.Fatalf("%d vectors for %s", n, c)
		}
	})
}

// TestDifferential: signatures made here verify with crypto/ecdsa and the
// reverse, for random keys and digests of many lengths; deterministic
// signatures equal crypto/ecdsa's RFC 6979 signatures byte for byte.
func TestDifferential(t *testing.T) {
	r := mrand.New(mrand.NewPCG(7, 8))
	digestLens := []int{0, 1, 20, 28, 31, 32, 33, 48, 64, 100}
	hashes := []crypto.Hash{crypto.SHA224, crypto.SHA256, crypto.SHA384, crypto.SHA512, crypto.SHA512_224, crypto.SHA512_256}
	forEach(t, func(t *testing.T, c Curve, cfg Config) {
		for i := range 8 {
			// Ours → crypto/ecdsa.
			priv, err := GenerateKey(cfg, c, nil)
			if err != nil {
				t.Fatal(err)
			}
			spriv, err := toStdPriv(priv)
			if err != nil {
				t.Fatal(err)
			}
			digest := make([]byte, digestLens[i%len(digestLens)])
			for j := range digest {
				digest[j] = byte(r.Uint32())
			}
			if i == 0 && len(digest) > 0 {
				digest[0] = 0xff // bits2int(digest) ≥ n
				for j := range digest {
					digest[j] = 0xff
				}
			}
			sig, err := Sign(nil, priv, rand.Reader, digest, ASN1)
			if err != nil {
				t.Fatal(err)
			}
			if !stdecdsa.VerifyASN1(&spriv.PublicKey, digest, sig) {
				t.Fatalf("crypto/ecdsa rejects our signature (digest %d bytes)", len(digest))
			}
			if !Verify(priv.PublicKey(), digest, sig, ASN1) {
				t.Fatal("we reject our signature")
			}
			raw, err := Sign(nil, priv, rand.Reader, digest, Raw)
			if err != nil || !Verify(priv.PublicKey(), digest, raw, Raw) {
				t.Fatal("raw signature")
			}
			// Signer interface, hedged and deterministic.
			s2, err := priv.Sign(rand.Reader, digest, crypto.SHA256)
			if err != nil || !stdecdsa.VerifyASN1(&spriv.PublicKey, digest, s2) {
				t.Fatal("crypto.Signer hedged")
			}
			h := hashes[i%len(hashes)]
			hd := digestOf(h, digest)
			det, err := priv.Sign(nil, hd, h)
			if err != nil {
				t.Fatal(err)
			}
			sdet, err := spriv.Sign(nil, hd, h)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(det, sdet) {
				t.Fatalf("deterministic %v: ours %x, crypto/ecdsa %x", h, det, sdet)
			}
			// crypto/ecdsa → ours.
			skey, err := stdecdsa.GenerateKey(c.elliptic(), rand.Reader)
			if err != nil {
				t.Fatal(err)
			}
			pub, err := fromStdPub(cfg, &skey.PublicKey)
			if err != nil {
				t.Fatal(err)
			}
			ssig, err := stdecdsa.SignASN1(rand.Reader, skey, digest)
			if err != nil {
				t.Fatal(err)
			}
			if !Verify(pub, digest, ssig, ASN1) {
				t.Fatalf("we reject crypto/ecdsa's signature (digest %d bytes)", len(digest))
			}
			ssig[len(ssig)-1] ^= 1
			if Verify(pub, digest, ssig, ASN1) {
				t.Fatal("tampered signature accepted")
			}
			if len(digest) > 0 {
				ssig[len(ssig)-1] ^= 1
				d2 := bytes.Clone(digest)
				d2[0] ^= 0x80
				if Verify(pub, d2, ssig, ASN1) {
					t.Fatal("signature of another digest accepted")
				}
			}
			ours, err := fromStdPriv(cfg, skey)
			if err != nil || !bytes.Equal(ours.PublicKey().Bytes(), pub.Bytes()) {
				t.Fatal("FromStdPrivateKey")
			}
			back, err := toStdPub(pub)
			if err != nil || !back.Equal(&skey.PublicKey) {
				t.Fatal("PublicKey.ToStd")
			}
			if !ours.Equal(ours) || ours.Equal(priv) || !pub.Equal(ours.Public()) {
				t.Fatal("Equal")
			}
		}
	})
}

// TestConfigsAgree: every configuration computes identical keys and
// deterministic signatures.
func TestConfigsAgree(t *testing.T) {
	for _, c := range curvesUnderTest {
		d := make([]byte, c.ScalarSize())
		rand.Read(d)
		d[0] &= 0x7f
		digest := make([]byte, 32)
		rand.Read(digest)
		var first []byte
		for _, cfg := range append(Configs(), Default()) {
			k, err := NewPrivateKey(cfg, c, d)
			if err != nil {
				t.Fatal(err)
			}
			sig, _ := SignDeterministic(k.PublicKey().Bytes(), k, crypto.SHA256, digest, Raw)
			if first == nil {
				first = sig
			} else if !bytes.Equal(first, sig) {
				t.Fatalf("%s %s differs", c, cfg)
			}
		}
	}
}

func TestConfigNames(t *testing.T) {
	want := []string{"Small-Low", "Small-High", "Fast-Low", "Fast-High"}
	named := []Config{SmallLow(), SmallHigh(), FastLow(), FastHigh()}
	wantDefault := "Fast-High"
	if NativeLow() != FastLow() {
		want = append(want, "Native-Low", "Native-High")
		named = append(named, NativeLow(), NativeHigh())
		wantDefault = "Native-High"
	} else if NativeHigh() != FastHigh() {
		t.Error("NativeLow is FastLow but NativeHigh is not FastHigh")
	}
	if len(Configs()) != len(want) {
		t.Fatalf("Configs() = %v, want %v", Configs(), want)
	}
	for i, cfg := range Configs() {
		if cfg.String() != want[i] {
			t.Errorf("%v", cfg)
		}
	}
	for i, cfg := range named {
		if cfg != Configs()[i] {
			t.Errorf("%v is not Configs()[%d]", cfg, i)
		}
	}
	if Default().String() != wantDefault || Default() != NativeHigh() {
		t.Errorf("Default is %v, not %s", Default(), wantDefault)
	}
	// Configs returns a fresh slice: changing it changes nothing here.
	Configs()[0] = nil
	if Configs()[0] != SmallLow() {
		t.Error("Configs shares its slice")
	}
	// A nil Config is an error, never a panic or a silent default.
	if _, err := GenerateKey(nil, P256, nil); err == nil {
		t.Error("GenerateKey with a nil Config: no error")
	}
	if _, err := NewPrivateKey(nil, P256, make([]byte, 32)); err == nil {
		t.Error("NewPrivateKey with a nil Config: no error")
	}
	if _, err := NewPublicKey(nil, P256, nil); err == nil {
		t.Error("NewPublicKey with a nil Config: no error")
	}
	key := int(unsafe.Sizeof(PrivateKey{}))
	for _, tc := range []struct {
		c    Curve
		cfg  Config
		want Memory
	}{
		{P256, SmallLow(), Memory{key, 0, 1024}}, {P256, FastHigh(), Memory{key, 0, 88064}},
		{P384, FastLow(), Memory{key, 0, 1536}}, {P384, SmallHigh(), Memory{key, 0, 199680}},
		{Curve(0), SmallLow(), Memory{}}, {Curve(3), FastHigh(), Memory{}},
	} {
		if got := tc.cfg.Memory(tc.c); got != tc.want {
			t.Errorf("%s %s: Memory %+v, want %+v", tc.c, tc.cfg, got, tc.want)
		}
	}
}

// TestWipe: a wiped key holds zeros and cannot sign; Wipe on nil is a
// no-op.
func TestWipe(t *testing.T) {
	forEach(t, func(t *testing.T, c Curve, cfg Config) {
		priv, err := GenerateKey(cfg, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		priv.Wipe()
		if *priv != (PrivateKey{}) {
			t.Fatal("Wipe left data in the key")
		}
		if _, err := Sign(nil, priv, nil, make([]byte, 32), ASN1); err == nil {
			t.Fatal("a wiped key signs")
		}
		if priv.Bytes() != nil || priv.Config() != nil || priv.Curve() != 0 {
			t.Fatal("accessors of a wiped key")
		}
	})
	var nilKey *PrivateKey
	nilKey.Wipe()
}

// TestNilAccessors: accessors on nil keys return zero values.
func TestNilAccessors(t *testing.T) {
	var priv *PrivateKey
	var pub *PublicKey
	if priv.Curve() != 0 || priv.Config() != nil || priv.Public() != nil || priv.PublicKey() != nil || priv.Bytes() != nil {
		t.Error("nil *PrivateKey accessors")
	}
	if pub.Curve() != 0 || pub.Config() != nil || pub.Bytes() != nil || pub.BytesCompressed() != nil {
		t.Error("nil *PublicKey accessors")
	}
	if _, err := priv.Sign(nil, make([]byte, 32), crypto.SHA256); err == nil {
		t.Error("Sign with a nil key")
	}
	if Verify(pub, make([]byte, 32), make([]byte, 64), Raw) {
		t.Error("Verify with a nil key")
	}
}

func ExampleSign() {
	priv, err := GenerateKey(SmallLow(), P256, nil)
	if err != nil {
		panic(err)
	}
	digest := sha256.Sum256([]byte("hello"))
	sig, err := Sign(nil, priv, nil, digest[:], ASN1)
	if err != nil {
		panic(err)
	}
	pub, err := NewPublicKey(Default(), P256, priv.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(Verify(pub, digest[:], sig, ASN1))
	// Output: true
}

var _ = sha3.Sum256
