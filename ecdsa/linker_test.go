package ecdsa_test

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestLinkerVisibility proves that the configurations are separable at link
// time: a P-256 program that names one configuration (e.g. ecdsa.SmallLow()) links the code
// of that arithmetic and that table and none of the other's, and none of
// the run-time dispatcher ec.Field. It builds one small program per
// configuration with the go command (for linux, so the executable is ELF;
// about a second each once the standard library is cached) and reads the
// symbol tables with debug/elf.
//
// Which symbols belong to what, by name:
//
//	Fast   package internal/nist/unrolled, ec.(*P256Fast), ec.(*P384Fast),
//	       ec.p256Xxx/ec.p384Xxx (points_fast.go), and the
//	       ecdsa implementations p256Fast*/p384Fast* and configurations fast*
//	Small  ec.(*SmallField), ecdsa.small* (implementations and configurations)
//	High   an ec or ecdsa symbol naming High or highTable
//	Low    an ec or ecdsa symbol naming Low or lowTable
//
// The generic multiplier of internal/nist/mont is not counted as Small: the
// curve constants are set up with it at init, and the scalar parsing and
// range checks of every configuration use the package.
func TestLinkerVisibility(t *testing.T) {
	if testing.Short() {
		t.Skip("builds four programs")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		gocmd = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(gocmd); err != nil {
			t.Skip("no go command to build the test programs with")
		}
	}
	const (
		mod   = "github.com/cryptolab-go/cryptolab/"
		ecPkg = mod + "internal/nist/ec."
		dsa   = mod + "ecdsa."
	)
	pointsFast := regexp.MustCompile(`internal/nist/ec\.p(256|384)[A-Z]`)
	classify := func(sym string) (tags []string) {
		switch {
		case strings.Contains(sym, mod+"internal/nist/unrolled."),
			strings.Contains(sym, ecPkg+"(*P256Fast)"), strings.Contains(sym, ecPkg+"(*P384Fast)"),
			pointsFast.MatchString(sym),
			strings.Contains(sym, dsa+"fast"), strings.Contains(sym, dsa+"p256Fast"), strings.Contains(sym, dsa+"p384Fast"):
			tags = append(tags, "Fast")
		}
		if strings.Contains(sym, ecPkg+"(*SmallField)") || strings.Contains(sym, dsa+"small") {
			tags = append(tags, "Small")
		}
		if strings.Contains(sym, ecPkg+"(*Field)") {
			tags = append(tags, "Field")
		}
		for _, pkg := range []string{ecPkg, dsa} {
			if i := strings.Index(sym, pkg); i >= 0 {
				rest := sym[i+len(pkg):]
				if strings.Contains(rest, "High") || strings.Contains(rest, "highTable") {
					tags = append(tags, "High")
				}
				if strings.Contains(rest, "Low") || strings.Contains(rest, "lowTable") {
					tags = append(tags, "Low")
				}
				break
			}
		}
		return tags
	}

	root, err := filepath.Abs("..") // the module root: tests run in ecdsa/
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, p := range []struct{ arith, table, notArith, notTable string }{
		{"Small", "Low", "Fast", "High"},
		{"Small", "High", "Fast", "Low"},
		{"Fast", "Low", "Small", "High"},
		{"Fast", "High", "Small", "Low"},
	} {
		name := p.arith + p.table
		prog := strings.NewReplacer("ARITH", p.arith, "TABLE", p.table).Replace(`package main

import (
	"os"

	"github.com/cryptolab-go/cryptolab/ecdsa"
)

func main() {
	cfg := ecdsa.ARITHTABLE()
	k, err := ecdsa.GenerateKey(cfg, ecdsa.P256, nil)
	if err != nil {
		panic(err)
	}
	digest := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")[:32]
	sig, err := ecdsa.Sign(nil, k, nil, digest, ecdsa.ASN1)
	if err != nil {
		panic(err)
	}
	pub, err := ecdsa.NewPublicKey(cfg, ecdsa.P256, k.PublicKey().BytesCompressed())
	if err != nil || !ecdsa.Verify(pub, digest, sig, ecdsa.ASN1) {
		panic("verification failed")
	}
	os.Stdout.Write(append(sig, pub.Bytes()...))
}
`)
		src := filepath.Join(dir, name+".go")
		if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(dir, name)
		cmd := exec.Command(gocmd, "build", "-o", exe, src)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: go build: %v\n%s", name, err, out)
		}
		f, err := elf.Open(exe)
		if err != nil {
			t.Fatal(err)
		}
		syms, err := f.Symbols()
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		found := map[string][]string{}
		for _, s := range syms {
			for _, tag := range classify(s.Name) {
				found[tag] = append(found[tag], s.Name)
			}
		}
		for _, want := range []string{p.arith, p.table} {
			if len(found[want]) < 5 {
				t.Errorf("%s program: only %d %s symbols (%v): the checks below would prove nothing", name, len(found[want]), want, found[want])
			}
		}
		for _, not := range []string{p.notArith, p.notTable, "Field"} {
			if bad := found[not]; len(bad) > 0 {
				t.Errorf("%s program links %d symbols of %s, e.g. %v", name, len(bad), not, bad[:min(len(bad), 8)])
			}
		}
		t.Logf("%s program: %d %s, %d %s symbols; %d %s, %d %s, %d Field", name,
			len(found[p.arith]), p.arith, len(found[p.table]), p.table,
			len(found[p.notArith]), p.notArith, len(found[p.notTable]), p.notTable, len(found["Field"]))
	}
}
