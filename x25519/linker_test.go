package x25519_test

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

// TestLinkerVisibility builds a program per configuration and checks from
// its symbol table that it links the field of its configuration only
// (internal/edwards25519's field25.go and curve25.go for Small, field51.go
// and curve51.go for SuperFast), no Edwards table but SuperFast's key
// generation table, and not crypto/ecdh.
func TestLinkerVisibility(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three programs")
	}
	gocmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gocmd); err != nil {
		t.Skip("no go command")
	}
	dir := filepath.Join("..", "internal", "edwards25519")
	names := func(files ...string) map[string]bool {
		m := map[string]bool{}
		fset := token.NewFileSet()
		for _, file := range files {
			f, err := parser.ParseFile(fset, filepath.Join(dir, file), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						m[d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							m[s.Name.Name] = true
						case *ast.ValueSpec:
							for _, n := range s.Names {
								m[n.Name] = true
							}
						}
					}
				}
			}
		}
		return m
	}
	small := names("field25.go", "curve25.go")
	fast := names("field51.go", "curve51.go")
	const edw = "github.com/cryptolab-go/cryptolab/internal/edwards25519."
	classify := func(sym string) (cfg string, table string) {
		for rest := sym; ; {
			i := strings.Index(rest, edw)
			if i < 0 {
				return
			}
			rest = rest[i+len(edw):]
			id := strings.TrimPrefix(strings.TrimPrefix(rest, "(*"), "(")
			id = id[:strings.IndexFunc(id+".", func(r rune) bool {
				return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
			})]
			if small[id] {
				cfg = "Small"
			} else if fast[id] {
				cfg = "SuperFast"
			}
			if strings.Contains(id, "Table") {
				table = id
			}
		}
	}
	root, _ := filepath.Abs("..")
	tmp := t.TempDir()
	for _, p := range []struct{ cfg, want, not string }{
		{"Small", "Small", "SuperFast"}, {"SuperFast", "SuperFast", "Small"}, {"Default", "SuperFast", "Small"},
	} {
		src := filepath.Join(tmp, p.cfg+".go")
		prog := `package main

import (
	"os"

	"github.com/cryptolab-go/cryptolab/x25519"
)

func main() {
	k := make([]byte, 32)
	copy(k, os.Args[0])
	priv, err := x25519.NewPrivateKey(x25519.` + p.cfg + `(), k)
	if err != nil {
		panic(err)
	}
	out := make([]byte, 32)
	x25519.X25519(x25519.` + p.cfg + `(), out, k, priv.PublicKey().Bytes())
	os.Stdout.Write(out)
}
`
		if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(tmp, p.cfg)
		cmd := exec.Command(gocmd, "build", "-o", exe, src)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: go build: %v\n%s", p.cfg, err, out)
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
			if strings.HasPrefix(s.Name, "crypto/ecdh.") {
				t.Errorf("%s links crypto/ecdh: %s", p.cfg, s.Name)
			}
			c, table := classify(s.Name)
			if c != "" {
				found[c] = append(found[c], s.Name)
			}
			// Small links no table; SuperFast only the fixed-base table its
			// key generation reads (highTable51 and its builder).
			if table != "" && (p.want == "Small" || !strings.Contains(table, "highTable51") && !strings.Contains(table, "HighTable51")) {
				t.Errorf("%s links a base-point table: %s", p.cfg, s.Name)
			}
		}
		if len(found[p.want]) < 3 {
			t.Errorf("%s: only %v of %s", p.cfg, found[p.want], p.want)
		}
		if bad := found[p.not]; len(bad) > 0 {
			t.Errorf("%s links %s: %v", p.cfg, p.not, bad[:min(8, len(bad))])
		}
		t.Logf("%s: %d %s symbols, none of %s", p.cfg, len(found[p.want]), p.want, p.not)
	}
}
