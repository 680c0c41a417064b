// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa_test

import (
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
	"github.com/cryptolab-go/cryptolab/internal/linkertest"
)

const (
	rsaPkg = "github.com/cryptolab-go/cryptolab/rsa"
	mpPkg  = "github.com/cryptolab-go/cryptolab/internal/mp"
)

// strategy returns the symbols of b that belong to a mathematics ("Small"
// or "Fast": the mp multiplier, mp's operations on it, rsa's math file and
// the configurations of that mathematics) or to a configuration type
// ("smallLow", …).
func strategy(b *linkertest.Binary, math string) []string {
	lower := strings.ToLower(math)
	return b.Matching(func(sym string) bool {
		return strings.Contains(sym, mpPkg+"."+math+".") ||
			strings.Contains(sym, mpPkg+".montMul"+math) || strings.Contains(sym, mpPkg+".montSqr"+math) ||
			strings.Contains(sym, rsaPkg+".private"+math) || strings.Contains(sym, rsaPkg+".public"+math) ||
			strings.Contains(sym, rsaPkg+".modExp"+math) || strings.Contains(sym, rsaPkg+".mrWitness"+math) ||
			strings.Contains(sym, rsaPkg+"."+lower) || strings.Contains(sym, rsaPkg+".(*"+lower)
	})
}

func configSymbols(b *linkertest.Binary, cfgType string) []string {
	return b.Matching(func(sym string) bool {
		return strings.Contains(sym, rsaPkg+"."+cfgType+".") || strings.Contains(sym, rsaPkg+".(*"+cfgType+")")
	})
}

// TestLinkerVisibility proves that the configurations are separable at
// link time: a program that names one configuration links its mathematics
// and its configuration type only, none of the other mathematics' code and
// none of the other configurations' methods (the windows differ in their
// stack tables, which live in those methods). None links crypto/rsa or
// math/big: the interop lives in package stdrsa.
func TestLinkerVisibility(t *testing.T) {
	all := []string{"smallLow", "smallMid", "smallHigh", "fastLow", "fastMid", "fastHigh"}
	for _, p := range []struct{ fn, typ, math, other string }{
		{"SmallLow", "smallLow", "Small", "Fast"},
		{"SmallHigh", "smallHigh", "Small", "Fast"},
		{"FastLow", "fastLow", "Fast", "Small"},
		{"FastMid", "fastMid", "Fast", "Small"},
		{"Default", "fastMid", "Fast", "Small"},
		{"FastHigh", "fastHigh", "Fast", "Small"},
	} {
		body := strings.ReplaceAll(`in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
k, err := rsa.NewPrivateKey(rsa.CFG(), in, 65537, in, in[:16], in[16:])
if err != nil {
	panic(err)
}
sig, err := rsa.SignPSS(nil, nil, k, rsa.SHA256(), in[:32], nil)
if err != nil {
	panic(err)
}
if err := rsa.VerifyPSS(k.PublicKey(), rsa.SHA256(), in[:32], sig, nil); err != nil {
	panic(err)
}
os.Stdout.Write(sig)`, "CFG", p.fn)
		b := linkertest.Build(t, linkertest.Program{Name: p.fn, Imports: []string{"os", rsaPkg}, Body: body})
		b.CheckNotLinked(t, "crypto/rsa", "math/big")
		want, not := strategy(b, p.math), strategy(b, p.other)
		if len(want) < 8 {
			t.Errorf("%s program: only %d %s symbols (%v): the check below would prove nothing", p.fn, len(want), p.math, want)
		}
		if len(not) > 0 {
			t.Errorf("%s program links %d symbols of %s, e.g. %v", p.fn, len(not), p.other, not[:min(len(not), 8)])
		}
		if len(configSymbols(b, p.typ)) == 0 {
			t.Errorf("%s program links no method of %s", p.fn, p.typ)
		}
		for _, other := range all {
			if other != p.typ {
				if s := configSymbols(b, other); len(s) > 0 {
					t.Errorf("%s program links %s: %v", p.fn, other, s[:min(len(s), 4)])
				}
			}
		}
		t.Logf("%s program: %d %s symbols, %d %s symbols; growth %v", p.fn, len(want), p.math, len(not), p.other, b.Growth(t))
	}
}

// hashSymbols returns the bytes of b's symbols of package sha2 by family
// (names with "512" and the rest, SHA-256's) and of internal/keccak.
func hashSymbols(b *linkertest.Binary) (sha256, sha512, keccak uint64) {
	for _, s := range b.Symbols {
		switch {
		case strings.Contains(s.Name, sha2Pkg+"."):
			if strings.Contains(s.Name, "512") {
				sha512 += s.Size
			} else {
				sha256 += s.Size
			}
		case strings.Contains(s.Name, keccakPkg+"."):
			keccak += s.Size
		}
	}
	return
}

const (
	sha2Pkg   = "github.com/cryptolab-go/cryptolab/sha2"
	keccakPkg = "github.com/cryptolab-go/cryptolab/internal/keccak"
)

// TestLinkerHashes proves that a program links only the hash functions it
// names: RSA-3072 PSS signing with rsa.SHA256() links no SHA-512 family
// code and no Keccak, while the same program naming its hash by number
// (rsa.HashFor(crypto.SHA256), as crypto.Signer's Sign must) links all
// ten. Whole-program budgets (file-backed growth over linkertest.Empty)
// start at what the code reaches on linux/amd64 with go1.26, plus about
// 5-8%, and only go down. Measured, Fast-Mid PSS signing: 131,641 B when
// the package switched on the crypto.Hash (every hash linked: sha2 47,586
// B of symbols, keccak 4,300 B), 89,392 B with rsa.SHA256() (sha2 15,340
// B, keccak 0): 42 KB, a third of the program, saved; Small-Low 67,673 B.
// Through HashFor (the crypto.Signer path) 143,776 B: 12 KB more than the
// switch, the methods and type data of ten Hash types.
func TestLinkerHashes(t *testing.T) {
	const sign = `in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
k, err := rsa.NewPrivateKey(rsa.CFG(), in, 65537, in, in[:16], in[16:])
if err != nil {
	panic(err)
}
sig, err := rsa.SignPSS(nil, nil, k, HASH, in[:32], nil)
if err != nil {
	panic(err)
}
os.Stdout.Write(sig)`
	for _, p := range []struct {
		name, cfg, hash string
		imports         []string
		budget          int64
		onlySHA256      bool
	}{
		{"FastMid/SHA256", "FastMid", "rsa.SHA256()", []string{"os", rsaPkg}, 94 << 10, true},
		{"SmallLow/SHA256", "SmallLow", "rsa.SHA256()", []string{"os", rsaPkg}, 71 << 10, true},
		{"FastMid/HashFor", "FastMid", "rsa.HashFor(crypto.SHA256)", []string{"crypto", "os", rsaPkg}, 148 << 10, false},
	} {
		body := strings.NewReplacer("CFG", p.cfg, "HASH", p.hash).Replace(sign)
		b := linkertest.Build(t, linkertest.Program{Name: p.name, Imports: p.imports, Body: body})
		size := b.CheckBudget(t, p.budget)
		s256, s512, k := hashSymbols(b)
		t.Logf("%s: %v; sha2 SHA-256 %d B, SHA-512 family %d B, keccak %d B", p.name, size, s256, s512, k)
		if s256 == 0 {
			t.Errorf("%s links no SHA-256: the check below would prove nothing", p.name)
		}
		if p.onlySHA256 && s512+k != 0 {
			t.Errorf("%s links %d B of SHA-512 family and %d B of Keccak symbols", p.name, s512, k)
		}
		if !p.onlySHA256 && (s512 == 0 || k == 0) {
			t.Errorf("%s links no SHA-512 or no Keccak: HashFor should link every hash", p.name)
		}
	}
}

// TestGenerated checks that math_fast.go is what gen_math.go makes of
// math_small.go.
func TestGenerated(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_math.go", Args: []string{"-o", "$DIR/math_fast.go"}}, "math_fast.go")
}
