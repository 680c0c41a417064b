package ed25519_test

import (
	"debug/elf"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLinkerVisibility proves that the configurations are separable at
// link time: a program that names one configuration links the field
// arithmetic of its mathematics only (Small: field25.go and curve25.go of
// internal/edwards25519; SuperFast: field51.go and curve51.go) and the
// tables and base multiplications of its curve definition only (OptLow or
// OptHigh), and no program links crypto/ed25519 or the standard library's
// edwards25519. It builds five programs with the go command (for linux,
// so that the executable is ELF) and reads their symbol tables.
func TestLinkerVisibility(t *testing.T) {
	if testing.Short() {
		t.Skip("builds five programs")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		gocmd = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(gocmd); err != nil {
			t.Skip("no go command to build the test programs with")
		}
	}
	dir := filepath.Join("..", "internal", "edwards25519")
	small := declaredNames(t, filepath.Join(dir, "field25.go"), filepath.Join(dir, "curve25.go"))
	fast := declaredNames(t, filepath.Join(dir, "field51.go"), filepath.Join(dir, "curve51.go"))
	for _, n := range []string{"fe25", "point25", "BaseMultLow25", "getHighTable25"} {
		if !small[n] {
			t.Fatalf("no declaration of %s; update the test", n)
		}
	}

	const edw = "github.com/cryptolab-go/cryptolab/internal/edwards25519."
	const pub = "github.com/cryptolab-go/cryptolab/ed25519."
	// classify returns the dimensions a symbol belongs to: "Small" or
	// "SuperFast", and "OptLow" or "OptHigh".
	classify := func(sym string) (math, def string) {
		for rest := sym; ; {
			i := strings.Index(rest, edw)
			if i < 0 {
				break
			}
			rest = rest[i+len(edw):]
			id := strings.TrimPrefix(strings.TrimPrefix(rest, "(*"), "(")
			id = id[:strings.IndexFunc(id+".", func(r rune) bool {
				return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
			})]
			switch {
			case small[id]:
				math = "Small"
			case fast[id]:
				math = "SuperFast"
			}
			switch {
			case strings.Contains(id, "Low"):
				def = "OptLow"
			case strings.Contains(id, "High"):
				def = "OptHigh"
			}
		}
		if strings.Contains(sym, pub) {
			switch {
			case strings.Contains(sym, "smallOpt"):
				math = "Small"
			case strings.Contains(sym, "superFastOpt"):
				math = "SuperFast"
			}
			switch {
			case strings.Contains(sym, "OptLow"):
				def = "OptLow"
			case strings.Contains(sym, "OptHigh"):
				def = "OptHigh"
			}
		}
		return math, def
	}

	body := func(cfg string) string {
		return strings.ReplaceAll(`seed := make([]byte, 32)
copy(seed, os.Args[0])
priv, err := ed25519.NewKeyFromSeed(ed25519.CFG(), seed)
if err != nil {
	panic(err)
}
var sig [64]byte
if err := priv.SignTo(&sig, seed); err != nil {
	panic(err)
}
pub, err := ed25519.NewPublicKey(ed25519.CFG(), priv.PublicKey().Bytes())
if err != nil {
	panic(err)
}
println(pub.Verify(seed, sig[:]), priv.Config().String())`, "CFG", cfg)
	}
	programs := []struct {
		name, cfg, math, def string
	}{
		{"small-optlow", "SmallOptLow", "Small", "OptLow"},
		{"small-opthigh", "SmallOptHigh", "Small", "OptHigh"},
		{"superfast-optlow", "SuperFastOptLow", "SuperFast", "OptLow"},
		{"superfast-opthigh", "SuperFastOptHigh", "SuperFast", "OptHigh"},
		{"default", "Default", "SuperFast", "OptHigh"},
	}
	other := map[string]string{"Small": "SuperFast", "SuperFast": "Small", "OptLow": "OptHigh", "OptHigh": "OptLow"}

	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	for _, p := range programs {
		src := filepath.Join(tmp, p.name+".go")
		prog := "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/cryptolab-go/cryptolab/ed25519\"\n)\n\nfunc main() {\n" + body(p.cfg) + "\n}\n"
		if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(tmp, p.name)
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
		count := map[string][]string{}
		for _, s := range syms {
			if strings.HasPrefix(s.Name, "crypto/ed25519.") || strings.Contains(s.Name, "fips140/edwards25519") {
				t.Errorf("%s links the standard library's Ed25519: %s", p.name, s.Name)
			}
			m, d := classify(s.Name)
			if m != "" {
				count[m] = append(count[m], s.Name)
			}
			if d != "" {
				count[d] = append(count[d], s.Name)
			}
		}
		for _, want := range []string{p.math, p.def} {
			if len(count[want]) < 3 {
				t.Errorf("%s: only %d %s symbols %v: the check would prove nothing", p.name, len(count[want]), want, count[want])
			}
			if bad := count[other[want]]; len(bad) > 0 {
				t.Errorf("%s links %d symbols of %s, e.g. %v", p.name, len(bad), other[want], bad[:min(len(bad), 8)])
			}
		}
		t.Logf("%s: %d %s, %d %s symbols; none of %s, %s", p.name, len(count[p.math]), p.math, len(count[p.def]), p.def, other[p.math], other[p.def])
	}
}

// declaredNames returns the names of the top-level declarations of the
// files: functions, types, variables and constants.
func declaredNames(t *testing.T, files ...string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}
