// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLinkerVisibility proves that the configurations are separable at link
// time: a program that names only LowRAM() contains none of Fast's
// functions (the internal/mldsa Fast strategy and the fastConfig methods),
// the reverse for Fast(), Default() links Fast alone, and a program using
// only ML-DSA-65 links no ML-DSA-44 or -87 key code. It builds small
// programs with the go command (for linux, so that the executable is ELF)
// and reads their symbol tables.
func TestLinkerVisibility(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		gocmd = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(gocmd); err != nil {
			t.Skip("no go command to build the test programs with")
		}
	}
	const ipkg = "cryptolab/internal/mldsa."
	const pkg = "cryptolab/mldsa."
	classes := map[string][]string{
		"Fast": {ipkg + "SignFast", ipkg + "VerifyFast", ipkg + "KeyGenFast", ipkg + "ImportFast",
			ipkg + "ExpandPublicFast", ipkg + "NewExpanded", ipkg + "InnerProductNTT", pkg + "fastConfig.", pkg + "(*fastConfig)."},
		"LowRAM": {ipkg + "SignLowRAM", ipkg + "VerifyLowRAM", ipkg + "KeyGenLowRAM", ipkg + "ImportLowRAM",
			ipkg + "RejNTTPolyMulAccVarTime", ipkg + "rowT", pkg + "lowRAMConfig.", pkg + "(*lowRAMConfig)."},
		"44/87": {"Config.sign44", "Config.sign87", "Config.keyGen44", "Config.keyGen87", "PrivateKey44", "PrivateKey87", "PublicKey44", "PublicKey87"},
	}
	classify := func(sym string) []string {
		var cs []string
		for c, subs := range classes {
			for _, s := range subs {
				if strings.Contains(sym, s) {
					cs = append(cs, c)
					break
				}
			}
		}
		return cs
	}
	body := func(cfg string) string {
		return strings.ReplaceAll(`seed := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")[:32]
sk, err := mldsa.NewPrivateKey65(mldsa.CFG(), seed)
if err != nil {
	panic(err)
}
sig := make([]byte, mldsa.SignatureSize65)
if err := sk.SignTo(sig, seed, &mldsa.SignerOpts{Context: seed[:3]}); err != nil {
	panic(err)
}
pk, err := mldsa.NewPublicKey65(mldsa.CFG(), sk.PublicKey().Bytes())
if err != nil {
	panic(err)
}
k2, _ := mldsa.NewPrivateKey65FromExpanded(mldsa.CFG(), sk.ExpandedBytes())
os.Stdout.Write(k2.Bytes())
if pk.Verify(sig, seed, &mldsa.SignerOpts{Context: seed[:3]}) != nil {
	panic("verify")
}`, "CFG", cfg)
	}
	programs := []struct {
		name, body string
		want, not  string
	}{
		{"fast", body("Fast"), "Fast", "LowRAM"},
		{"lowram", body("LowRAM"), "LowRAM", "Fast"},
		{"default", body("Default"), "Fast", "LowRAM"},
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, p := range programs {
		src := filepath.Join(dir, p.name+".go")
		prog := "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/cryptolab-go/cryptolab/mldsa\"\n)\n\nfunc main() {\n" + p.body + "\n}\n"
		if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(dir, p.name)
		cmd := exec.Command(gocmd, "build", "-o", exe, src)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: go build: %v\n%s", p.name, err, out)
		}
		f, err := elf.Open(exe)
		if err != nil {
			t.Fatal(err)
		}
		syms, err := f.Symbols()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		found := map[string][]string{}
		for _, s := range syms {
			for _, c := range classify(s.Name) {
				found[c] = append(found[c], s.Name)
			}
		}
		if len(found[p.want]) < 5 {
			t.Errorf("%s program: only %d %s symbols (%v): the check would prove nothing", p.name, len(found[p.want]), p.want, found[p.want])
		}
		for _, not := range []string{p.not, "44/87"} {
			if bad := found[not]; len(bad) > 0 {
				t.Errorf("%s program links %d symbols of %s, e.g. %v", p.name, len(bad), not, bad[:min(len(bad), 8)])
			}
		}
		t.Logf("%s program: %d %s symbols, %d %s, %d 44/87", p.name, len(found[p.want]), p.want, len(found[p.not]), p.not, len(found["44/87"]))
	}
}
