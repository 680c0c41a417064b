// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import (
	"bytes"
	"crypto"
	"math/big"
	"testing"

	"github.com/cryptolab-go/cryptolab/sha2"
)

// TestBadInput: malformed keys, signatures and parameters give an error,
// never a panic, and leave dst untouched.
func TestBadInput(t *testing.T) {
	std := stdKey(t, "key2048")
	n, d := std.N.Bytes(), std.D.Bytes()
	p, q := std.Primes[0].Bytes(), std.Primes[1].Bytes()
	cfg := FastMid()
	if _, err := NewPublicKey(nil, n, 65537); err != ErrConfig {
		t.Errorf("nil Config: %v", err)
	}
	even := bytes.Clone(n)
	even[len(even)-1] &^= 1
	small := make([]byte, 64)
	small[0], small[63] = 0x80, 1
	for name, bad := range map[string][]byte{"even": even, "small": small, "empty": nil, "zero": make([]byte, 256), "huge": append([]byte{1}, make([]byte, 512)...)} {
		if _, err := NewPublicKey(cfg, bad, 65537); err == nil {
			t.Errorf("%s modulus accepted", name)
		}
		if _, err := NewPrivateKeyWithoutCRT(cfg, bad, 65537, d); err == nil {
			t.Errorf("%s modulus accepted in a private key", name)
		}
	}
	for _, e := range []int{-3, 0, 1, 2, 65536} {
		if _, err := NewPublicKey(cfg, n, e); err == nil {
			t.Errorf("e = %d accepted", e)
		}
	}
	dPlus := new(big.Int).Add(std.D, big.NewInt(2)).Bytes()
	for name, args := range map[string][3][]byte{
		"wrong d":     {dPlus, p, q},
		"zero d":      {{0}, p, q},
		"d ≥ n":       {n, p, q},
		"p = q":       {d, p, p},
		"swapped n":   {d, q, q},
		"p even":      {d, new(big.Int).Add(std.Primes[0], big.NewInt(1)).Bytes(), q},
		"p one":       {d, {1}, q},
		"p with n":    {d, n, {3}},
		"no primes":   {d, nil, nil},
		"oversized d": {append([]byte{1}, d...), p, q},
		"q + 2":       {d, p, new(big.Int).Add(std.Primes[1], big.NewInt(2)).Bytes()},
	} {
		if _, err := NewPrivateKey(cfg, n, 65537, args[0], args[1], args[2]); err == nil {
			t.Errorf("%s: key accepted", name)
		}
	}
	if _, err := NewPrivateKeyWithoutCRT(cfg, n, 65537, dPlus); err == nil {
		t.Error("no-CRT key with wrong d accepted")
	}
	// A leading zero byte on d is fine.
	if _, err := NewPrivateKey(cfg, n, 65537, append([]byte{0}, d...), p, q); err != nil {
		t.Errorf("d with a leading zero: %v", err)
	}

	priv := fromStd(t, cfg, std, true)
	pub := priv.PublicKey()
	digest := sha2.Sum256([]byte("bad"))
	dst := []byte("prefix")
	buf := make([]byte, len(dst), 600)
	copy(buf, dst)
	check := func(name string, out []byte, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error", name)
		}
		if !bytes.Equal(out, dst) || !bytes.Equal(buf[len(dst):cap(buf)], make([]byte, cap(buf)-len(dst))) {
			t.Errorf("%s: dst changed", name)
		}
	}
	out, err := SignPSS(buf, nil, priv, SHA256(), digest[:31], nil)
	check("short digest", out, err)
	out, err = SignPSS(buf, nil, priv, HashFor(crypto.MD5), digest[:16], nil)
	check("MD5 (nil Hash)", out, err)
	out, err = SignPSS(buf, nil, priv, SHA256(), digest[:], &PSSOptions{SaltLength: 300})
	check("salt too long", out, err)
	out, err = SignPSS(buf, nil, priv, SHA256(), digest[:], &PSSOptions{SaltLength: -5})
	check("negative salt", out, err)
	if out, err := priv.Sign(nil, digest[:], &PSSOptions{Hash: crypto.MD5}); err == nil || out != nil {
		t.Error("Sign, PSS, MD5: no error")
	}
	if out, err := priv.Sign(nil, digest[:16], crypto.MD5); err == nil || out != nil {
		t.Error("Sign, v1.5, MD5: no error")
	}
	out, err = SignPSS(buf, nil, nil, SHA256(), digest[:], nil)
	check("nil key", out, err)
	out, err = SignPKCS1v15(buf, priv, SHA256(), digest[:20])
	check("v1.5 short digest", out, err)
	out, err = SignPKCS1v15(buf, priv, nil, make([]byte, 250))
	check("v1.5 raw too long", out, err)
	out, err = SignPKCS1v15(buf, nil, SHA256(), digest[:])
	check("v1.5 nil key", out, err)

	sig, err := SignPSS(nil, nil, priv, SHA256(), digest[:], nil)
	if err != nil {
		t.Fatal(err)
	}
	nPlus := new(big.Int).Add(std.N, big.NewInt(5)).FillBytes(make([]byte, 256))
	for name, s := range map[string][]byte{
		"empty": nil, "short": sig[1:], "long": append([]byte{0}, sig...),
		"= n": n, "> n": nPlus, "all ones": bytes.Repeat([]byte{0xff}, 256), "zero": make([]byte, 256),
	} {
		if VerifyPSS(pub, SHA256(), digest[:], s, nil) == nil {
			t.Errorf("PSS signature %s accepted", name)
		}
		if VerifyPKCS1v15(pub, SHA256(), digest[:], s) == nil {
			t.Errorf("v1.5 signature %s accepted", name)
		}
	}
	if VerifyPSS(nil, SHA256(), digest[:], sig, nil) == nil || VerifyPKCS1v15(nil, SHA256(), digest[:], sig) == nil {
		t.Error("nil public key accepted")
	}
	if VerifyPSS(pub, SHA256(), digest[:31], sig, nil) == nil {
		t.Error("short digest accepted")
	}
	if VerifyPSS(pub, SHA256(), digest[:], sig, &PSSOptions{SaltLength: 31}) == nil {
		t.Error("wrong salt length accepted")
	}
	if VerifyPSS(pub, SHA256(), digest[:], sig, &PSSOptions{SaltLength: 1000}) == nil {
		t.Error("huge salt length accepted")
	}
	// Nil receivers.
	var nk *PrivateKey
	var np *PublicKey
	if nk.PublicKey() != nil || nk.HasCRT() || nk.D() != nil || np.Size() != 0 || np.Bits() != 0 || np.N() != nil || np.E() != 0 || np.Config() != nil {
		t.Error("nil accessors")
	}
	nk.Wipe()
	// Nil options (issue 10 item 3: HashFunc, Sign and Decrypt panicked).
	var nopts *PSSOptions
	if h := nopts.HashFunc(); h != 0 {
		t.Errorf("nil *PSSOptions HashFunc = %v, want 0", h)
	}
	if _, err := priv.Sign(nil, digest[:], nopts); err == nil {
		t.Error("Sign with a nil *PSSOptions: no error")
	}
	if _, err := priv.Decrypt(nil, make([]byte, priv.PublicKey().Size()), (*OAEPOptions)(nil)); err == nil {
		t.Error("Decrypt with a nil *OAEPOptions: no error")
	}
	if _, err := priv.Decrypt(nil, make([]byte, priv.PublicKey().Size()), (*PKCS1v15DecryptOptions)(nil)); err == nil {
		t.Error("Decrypt with a nil *PKCS1v15DecryptOptions: no error")
	}
	// Wiped key.
	w := fromStd(t, cfg, std, true)
	w.Wipe()
	if _, err := SignPSS(nil, nil, w, SHA256(), digest[:], nil); err == nil {
		t.Error("wiped key signs")
	}
	if w.D() != nil {
		t.Error("wiped key returns d")
	}
	if WorkingMemory(nil, 3072, true) != 0 {
		t.Error("WorkingMemory(nil)")
	}
}

// TestFaultCheck: a key whose CRT half is wrong (as a fault would make it)
// signs nothing: the check with e catches the bad signature.
func TestFaultCheck(t *testing.T) {
	std := stdKey(t, "key2048")
	for _, cfg := range allConfigs {
		priv := fromStd(t, cfg, std, true)
		priv.crt.DP[3] ^= 1 << 7
		digest := sha2.Sum256([]byte("fault"))
		out, err := SignPKCS1v15(make([]byte, 0, 256), priv, SHA256(), digest[:])
		if err != errFault || len(out) != 0 {
			t.Errorf("%v: faulty CRT key: %v, %d bytes", cfg, err, len(out))
		}
		if bytes.Count(out[:cap(out)], []byte{0}) != cap(out) {
			t.Errorf("%v: faulty signature left in dst", cfg)
		}
	}
}
