package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestBadPublicKeys: off-curve points, the point at infinity, coordinates
// ≥ p, wrong prefixes and lengths, invalid compressed x → error.
func TestBadPublicKeys(t *testing.T) {
	forEach(t, func(t *testing.T, c Curve, cfg Config) {
		priv, _ := GenerateKey(cfg, c, nil)
		good := priv.PublicKey().Bytes()
		comp := priv.PublicKey().BytesCompressed()
		if _, err := NewPublicKey(cfg, c, good); err != nil {
			t.Fatal(err)
		}
		if k, err := NewPublicKey(cfg, c, comp); err != nil || !bytes.Equal(k.Bytes(), good) {
			t.Fatal("compressed round trip", err)
		}
		n := c.ScalarSize()
		p := c.elliptic().Params().P
		bad := map[string][]byte{
			"empty":        {},
			"infinity":     {0},
			"zeros":        append([]byte{4}, make([]byte, 2*n)...),
			"prefix 5":     append([]byte{5}, good[1:]...),
			"prefix 2 len": append([]byte{2}, good[1:]...),
			"truncated":    good[:len(good)-1],
			"extended":     append(bytes.Clone(good), 0),
			"compressed+1": append(bytes.Clone(comp), 0),
		}
		offCurve := bytes.Clone(good)
		offCurve[len(offCurve)-1] ^= 1
		bad["off curve"] = offCurve
		// x + p, y: same point modulo p but coordinates out of range.
		xp := new(big.Int).Add(new(big.Int).SetBytes(good[1:1+n]), p)
		if xp.BitLen() <= 8*n {
			e := bytes.Clone(good)
			xp.FillBytes(e[1 : 1+n])
			bad["x+p"] = e
		}
		yp := new(big.Int).Add(new(big.Int).SetBytes(good[1+n:]), p)
		if yp.BitLen() <= 8*n {
			e := bytes.Clone(good)
			yp.FillBytes(e[1+n:])
			bad["y+p"] = e
		}
		allFF := bytes.Repeat([]byte{0xff}, 2*n+1)
		allFF[0] = 4
		bad["coordinates ≥ p"] = allFF
		// A compressed x with no point: x³ - 3x + b not a square.
		for x := int64(1); ; x++ {
			xb := big.NewInt(x)
			y2 := new(big.Int).Exp(xb, big.NewInt(3), p)
			y2.Sub(y2, new(big.Int).Mul(big.NewInt(3), xb))
			y2.Add(y2, c.elliptic().Params().B)
			y2.Mod(y2, p)
			if new(big.Int).ModSqrt(y2, p) == nil {
				e := make([]byte, 1+n)
				e[0] = 2
				xb.FillBytes(e[1:])
				bad["compressed no root"] = e
				break
			}
		}
		for name, b := range bad {
			if k, err := NewPublicKey(cfg, c, b); err == nil || k != nil {
				t.Errorf("%s accepted", name)
			}
		}
		if _, err := NewPublicKey(cfg, Curve(9), good); err == nil {
			t.Error("unknown curve accepted")
		}
	})
}

// TestBadPrivateKeys: 0, n, n+1, all ones, wrong lengths → error.
func TestBadPrivateKeys(t *testing.T) {
	forEach(t, func(t *testing.T, c Curve, cfg Config) {
		nb := c.elliptic().Params().N
		n := c.ScalarSize()
		enc := func(v *big.Int) []byte { b := make([]byte, n); v.FillBytes(b); return b }
		bad := map[string][]byte{
			"zero":    make([]byte, n),
			"n":       enc(nb),
			"n+1":     enc(new(big.Int).Add(nb, big.NewInt(1))),
			"ones":    bytes.Repeat([]byte{0xff}, n),
			"short":   make([]byte, n-1),
			"long":    append([]byte{0}, enc(big.NewInt(1))...),
			"nothing": nil,
		}
		for name, b := range bad {
			if k, err := NewPrivateKey(cfg, c, b); err == nil || k != nil {
				t.Errorf("%s accepted", name)
			}
		}
		for _, v := range []*big.Int{big.NewInt(1), new(big.Int).Sub(nb, big.NewInt(1))} {
			k, err := NewPrivateKey(cfg, c, enc(v))
			if err != nil {
				t.Fatalf("%v rejected: %v", v, err)
			}
			if !bytes.Equal(k.Bytes(), enc(v)) {
				t.Fatal("Bytes round trip")
			}
			x, y := c.elliptic().ScalarBaseMult(enc(v))
			if !bytes.Equal(k.PublicKey().Bytes(), elliptic.Marshal(c.elliptic(), x, y)) {
				t.Fatalf("public key of d = %v", v)
			}
		}
	})
}

// TestBadSignatures: r or s = 0 or ≥ n, truncated, padded, non-minimal,
// negative and otherwise malformed DER, wrong raw lengths → invalid.
func TestBadSignatures(t *testing.T) {
	forEach(t, func(t *testing.T, c Curve, cfg Config) {
		priv, _ := GenerateKey(cfg, c, nil)
		pub := priv.PublicKey()
		digest := sha256.Sum256([]byte("bad input"))
		sig, err := SignDeterministic(nil, priv, crypto.SHA256, digest[:], ASN1)
		if err != nil || !Verify(pub, digest[:], sig, ASN1) {
			t.Fatal("baseline")
		}
		raw, _ := SignDeterministic(nil, priv, crypto.SHA256, digest[:], Raw)
		n := c.ScalarSize()
		N := c.elliptic().Params().N
		r := new(big.Int).SetBytes(raw[:n])
		s := new(big.Int).SetBytes(raw[n:])
		der := func(r, s []byte) []byte {
			in := func(b []byte) []byte { return append([]byte{2, byte(len(b))}, b...) }
			body := append(in(r), in(s)...)
			return append([]byte{0x30, byte(len(body))}, body...)
		}
		minimal := func(v *big.Int) []byte {
			b := v.Bytes()
			if len(b) == 0 || b[0]&0x80 != 0 {
				b = append([]byte{0}, b...)
			}
			return b
		}
		rb, sb := minimal(r), minimal(s)
		if !bytes.Equal(der(rb, sb), sig) {
			t.Fatalf("our DER %x differs from the reference encoding %x", sig, der(rb, sb))
		}
		bad := map[string][]byte{
			"empty":            {},
			"truncated":        sig[:len(sig)-1],
			"trailing byte":    append(bytes.Clone(sig), 0),
			"r = 0":            der([]byte{0}, sb),
			"s = 0":            der(rb, []byte{0}),
			"r = n":            der(minimal(N), sb),
			"s = n":            der(rb, minimal(N)),
			"r + n":            der(minimal(new(big.Int).Add(r, N)), sb),
			"s + n":            der(rb, minimal(new(big.Int).Add(s, N))),
			"r padded":         der(append([]byte{0, 0}, rb...), sb),
			"s padded":         der(rb, append([]byte{0, 0}, sb...)),
			"r negative":       der(append([]byte{0x80}, rb...), sb),
			"empty integer":    der([]byte{}, sb),
			"long-form length": append([]byte{0x30, 0x81, sig[1]}, sig[2:]...),
			"wrong tag":        append([]byte{0x31}, sig[1:]...),
			"integer tag":      func() []byte { b := bytes.Clone(sig); b[2] = 0x03; return b }(),
			"length too big":   func() []byte { b := bytes.Clone(sig); b[1]++; return b }(),
			"three integers":   func() []byte { d := der(rb, sb); d = append(d, 2, 1, 1); d[1] += 3; return d }(),
			"raw as DER":       raw,
		}
		// Non-minimal: a leading zero before a byte without the top bit.
		if rb[0] != 0 {
			bad["r non-minimal"] = der(append([]byte{0}, rb...), sb)
		}
		for name, b := range bad {
			if Verify(pub, digest[:], b, ASN1) {
				t.Errorf("%s accepted", name)
			}
		}
		badRaw := map[string][]byte{
			"short": raw[:len(raw)-1],
			"long":  append(bytes.Clone(raw), 0),
			"r = 0": append(make([]byte, n), raw[n:]...),
			"s = 0": append(bytes.Clone(raw[:n]), make([]byte, n)...),
			"r = n": append(N.FillBytes(make([]byte, n)), raw[n:]...),
			"s ≥ n": append(bytes.Clone(raw[:n]), bytes.Repeat([]byte{0xff}, n)...),
			"DER":   sig,
			"s + 1": append(bytes.Clone(raw[:n]), new(big.Int).Add(s, big.NewInt(1)).FillBytes(make([]byte, n))...),
			"nil":   nil,
		}
		// (r, n - s) is the other valid signature of the same digest (ECDSA
		// is malleable); it must verify.
		if !Verify(pub, digest[:], append(bytes.Clone(raw[:n]), new(big.Int).Sub(N, s).FillBytes(make([]byte, n))...), Raw) {
			t.Error("(r, n-s) rejected")
		}
		for name, b := range badRaw {
			if Verify(pub, digest[:], b, Raw) {
				t.Errorf("raw %s accepted", name)
			}
		}
		if Verify(nil, digest[:], sig, ASN1) || Verify(pub, digest[:], sig, Format(7)) {
			t.Error("nil key or unknown format accepted")
		}
	})
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("no entropy") }

func TestRandomFailure(t *testing.T) {
	if _, err := GenerateKey(Default(), P256, failingReader{}); err == nil {
		t.Error("GenerateKey with a failing reader")
	}
	priv, _ := GenerateKey(Default(), P256, nil)
	if sig, err := Sign([]byte("x"), priv, failingReader{}, make([]byte, 32), ASN1); err == nil || string(sig) != "x" {
		t.Error("Sign with a failing reader")
	}
	if _, err := SignDeterministic(nil, priv, crypto.MD5, make([]byte, 16), ASN1); err == nil {
		t.Error("SignDeterministic with MD5")
	}
}

// TestAllocs pins the heap allocations of signing and verification at zero
// in every configuration (dst with room, crypto/rand.Reader).
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	forEach(t, func(t *testing.T, c Curve, cfg Config) {
		priv, _ := GenerateKey(cfg, c, nil)
		pub := priv.PublicKey()
		digest := sha256.Sum256([]byte("allocs"))
		buf := make([]byte, 0, MaxSignatureSize(c, ASN1))
		sig, _ := Sign(nil, priv, nil, digest[:], ASN1)
		if a := testing.AllocsPerRun(5, func() { Sign(buf[:0], priv, rand.Reader, digest[:], ASN1) }); a != 0 {
			t.Errorf("Sign: %v allocs", a)
		}
		if a := testing.AllocsPerRun(5, func() { SignDeterministic(buf[:0], priv, crypto.SHA256, digest[:], Raw) }); a != 0 {
			t.Errorf("SignDeterministic: %v allocs", a)
		}
		if a := testing.AllocsPerRun(5, func() { Verify(pub, digest[:], sig, ASN1) }); a != 0 {
			t.Errorf("Verify: %v allocs", a)
		}
	})
}

// TestOpenSSL: a key and signature made by the openssl command verify here,
// and our signature verifies with openssl dgst -verify.
func TestOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl command not found; OpenSSL interoperability not tested")
	}
	dir := t.TempDir()
	run := func(args ...string) []byte {
		cmd := exec.Command(openssl, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("openssl %v: %v\n%s", args, err, out)
		}
		return out
	}
	msg := []byte("interoperability with OpenSSL\n")
	if err := os.WriteFile(filepath.Join(dir, "msg"), msg, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		c        Curve
		name     string
		hashFlag string
		hash     crypto.Hash
	}{{P256, "prime256v1", "-sha256", crypto.SHA256}, {P384, "secp384r1", "-sha384", crypto.SHA384}} {
		run("ecparam", "-name", tc.name, "-genkey", "-noout", "-out", "key.pem")
		run("ec", "-in", "key.pem", "-pubout", "-conv_form", "uncompressed", "-outform", "DER", "-out", "pub.der")
		run("ec", "-in", "key.pem", "-pubout", "-out", "pub.pem")
		run("dgst", tc.hashFlag, "-sign", "key.pem", "-out", "sig.der", "msg")
		pubDER, _ := os.ReadFile(filepath.Join(dir, "pub.der"))
		sigDER, _ := os.ReadFile(filepath.Join(dir, "sig.der"))
		point := pubDER[len(pubDER)-(1+2*tc.c.ScalarSize()):] // SubjectPublicKeyInfo ends with the SEC 1 point
		var digest []byte
		if tc.hash == crypto.SHA256 {
			d := sha256.Sum256(msg)
			digest = d[:]
		} else {
			digest = digestOf(crypto.SHA384, msg)
		}
		for _, cfg := range Configs() {
			pub, err := NewPublicKey(cfg, tc.c, point)
			if err != nil {
				t.Fatalf("%s: OpenSSL public key: %v", tc.c, err)
			}
			if !Verify(pub, digest, sigDER, ASN1) {
				t.Errorf("%s %s: OpenSSL signature rejected", tc.c, cfg)
			}
			// Ours → openssl dgst -verify with OpenSSL's own key file: sign
			// with a key of ours whose public key we give openssl as PEM.
			priv, _ := GenerateKey(cfg, tc.c, nil)
			sig, err := Sign(nil, priv, nil, digest, ASN1)
			if err != nil {
				t.Fatal(err)
			}
			spub, _ := toStdPub(priv.PublicKey())
			pem := pemPublicKey(t, spub)
			os.WriteFile(filepath.Join(dir, "ours.pem"), pem, 0o600)
			os.WriteFile(filepath.Join(dir, "ours.sig"), sig, 0o600)
			out := run("dgst", tc.hashFlag, "-verify", "ours.pem", "-signature", "ours.sig", "msg")
			if !bytes.Contains(out, []byte("Verified OK")) {
				t.Errorf("%s %s: openssl says %s", tc.c, cfg, out)
			}
		}
	}
}

// TestConcurrent signs and verifies from several goroutines at once (the
// tables are built on first use behind sync.Once; run with -race).
func TestConcurrent(t *testing.T) {
	done := make(chan error)
	for _, c := range curvesUnderTest {
		for _, cfg := range Configs() {
			go func() {
				priv, err := GenerateKey(cfg, c, nil)
				if err != nil {
					done <- err
					return
				}
				digest := sha256.Sum256([]byte(cfg.String()))
				for range 3 {
					sig, err := Sign(nil, priv, nil, digest[:], Raw)
					if err != nil || !Verify(priv.PublicKey(), digest[:], sig, Raw) {
						done <- errors.New(c.String() + " " + cfg.String() + ": concurrent sign/verify failed")
						return
					}
				}
				done <- nil
			}()
		}
	}
	for range 2 * len(Configs()) {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestZeroKeys: zero-value and nil keys give errors, nil or false, never a
// panic.
func TestZeroKeys(t *testing.T) {
	var priv PrivateKey
	var pub PublicKey
	digest := make([]byte, 32)
	if _, err := Sign(nil, &priv, nil, digest, ASN1); err == nil {
		t.Error("Sign with a zero key")
	}
	if _, err := Sign(nil, nil, nil, digest, ASN1); err == nil {
		t.Error("Sign with a nil key")
	}
	if _, err := SignDeterministic(nil, &priv, crypto.SHA256, digest, ASN1); err == nil {
		t.Error("SignDeterministic with a zero key")
	}
	if _, err := priv.Sign(rand.Reader, digest, crypto.SHA256); err == nil {
		t.Error("crypto.Signer with a zero key")
	}
	if priv.Bytes() != nil || pub.Bytes() != nil || pub.BytesCompressed() != nil || priv.PublicKey().Bytes() != nil {
		t.Error("Bytes of a zero key")
	}
	if Verify(&pub, digest, make([]byte, 64), Raw) {
		t.Error("Verify with a zero key")
	}
	if _, err := GenerateKey(Default(), Curve(0), nil); err == nil {
		t.Error("GenerateKey of curve 0")
	}
	if _, err := NewPrivateKey(Default(), Curve(3), digest); err == nil {
		t.Error("NewPrivateKey of curve 3")
	}
}
