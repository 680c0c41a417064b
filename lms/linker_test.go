// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
	"github.com/cryptolab-go/cryptolab/internal/linkertest"
)

const lmsPkg = "github.com/cryptolab-go/cryptolab/lms"

// TestLinkerVisibility proves that the verification configurations are
// separable at link time: a program that names only lms.Small() contains
// none of Fast's functions (fast.go, the generated lanes.go, the AVX2
// code of lanes8_amd64.go and the SHA-NI chains of shani*.go), and a
// program that names lms.Fast() or lms.Default() none of Small's
// (small.go). Programs are built by internal/linkertest.
func TestLinkerVisibility(t *testing.T) {
	small := linkertest.DeclaredNames(t, "small.go")
	fast := linkertest.DeclaredNames(t, "fast.go", "lanes.go", "lanes8_amd64.go", "lanes8_other.go", "sha_arm64.go", "sha_none.go", "shani.go", "shani_amd64.go", "shani_other.go")
	for _, n := range []string{"smallConfig"} {
		if !small[n] {
			t.Fatalf("small.go no longer declares %s; update the test", n)
		}
	}
	for _, n := range []string{"fastConfig", "algorithm4bFast", "blockLanes1", "midstate", "blockLanes8AVX2", "hasAVX2", "algorithm4bLanes8", "algorithm4bNI", "chainsNI2", "niShared"} {
		if !fast[n] {
			t.Fatalf("fast.go or lanes.go no longer declares %s; update the test", n)
		}
	}
	body := func(cfg string) string {
		return strings.ReplaceAll(`pk, err := lms.ParsePublicKey(lms.CFG(), []byte(os.Args[0]))
if err != nil {
	panic(err)
}
ok := pk.Verify([]byte(os.Args[1]), []byte(os.Args[2]))
os.Stdout.Write([]byte{byte(len(pk.Bytes())), byte(len(pk.Config().String()))})
println(ok)`, "CFG", cfg)
	}
	for _, p := range []struct{ name, cfg, want string }{
		{"small", "Small", "Small"},
		{"fast", "Fast", "Fast"},
		{"default", "Default", "Fast"},
	} {
		b := linkertest.Build(t, linkertest.Program{Name: p.name, Imports: []string{"os", lmsPkg}, Body: body(p.cfg)})
		s := b.Declared(lmsPkg, small)
		f := b.Declared(lmsPkg, fast)
		want, not, notName := s, f, "Fast"
		if p.want == "Fast" {
			want, not, notName = f, s, "Small"
		}
		if len(want) == 0 {
			t.Errorf("%s program: no %s symbols: the check below would prove nothing", p.name, p.want)
		}
		if len(not) > 0 {
			t.Errorf("%s program links %d symbols of %s, e.g. %v", p.name, len(not), notName, not[:min(len(not), 8)])
		}
		// Small's one-chain SHA-NI code (chainni_amd64.go) is linked on
		// amd64 (the programs are built without build tags), and Fast's
		// multi-chain code, checked above, is not.
		if p.name == "small" && runtime.GOARCH == "amd64" && len(b.Declared(lmsPkg, map[string]bool{"chainSHA256NI": true})) == 0 {
			t.Errorf("small program on amd64: no chainSHA256NI")
		}
		t.Logf("%s program: %d %s symbols (%v), %d %s symbols; %v", p.name, len(want), p.want, want[:min(len(want), 6)], len(not), notName, b.Growth(t))
	}
}

// TestGeneratedLanes checks that lanes.go is what gen_lanes.go writes.
func TestGeneratedLanes(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_lanes.go", Args: []string{"-o", "$DIR"}}, "lanes.go")
}

// TestGeneratedAVX2 checks that lanes8_amd64.s is what gen_avx2.go writes.
func TestGeneratedAVX2(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_avx2.go", Args: []string{"-o", "$DIR"}}, "lanes8_amd64.s")
}
