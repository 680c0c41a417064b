package aes_test

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

// TestLinkerVisibility proves that the configurations are separable at link
// time: a program that names only aes.Small contains none of Fast's
// functions, types or tables, and the reverse, and a program that uses
// aes.Default or NewCipher links Fast alone. It builds three small
// programs with the go command (for linux, whatever the host, so that the
// executable is ELF; about a second each once the standard library is
// cached) and reads their symbol tables with debug/elf.
//
// Which symbols belong to which configuration comes from the source:
// every top-level declaration of small.go is Small's, every one of fast.go
// and fast_skew.go is Fast's. The S-box circuits are generic and shared by
// source; their uint64 instances are Fast's and the uint32 inverse is
// Small's (the uint32 forward circuit also serves the shared key
// expansion's SubWord).
func TestLinkerVisibility(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		gocmd = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(gocmd); err != nil {
			t.Skip("no go command to build the test programs with")
		}
	}
	smallNames := declaredNames(t, "small.go")
	fastNames := declaredNames(t, "fast.go", "fast_skew.go")
	for _, n := range []string{"smallCipher", "smallInvCipher", "small", "smallBlock"} {
		if !smallNames[n] {
			t.Fatalf("small.go no longer declares %s; update the test", n)
		}
	}
	for _, n := range []string{"fastCipher", "fastInvCipher", "fast", "fastBlock", "roundSkew1"} {
		if !fastNames[n] {
			t.Fatalf("fast.go no longer declares %s; update the test", n)
		}
	}

	// classify returns "Small", "Fast" or "" for a symbol of the
	// executable.
	const pkg = "github.com/cryptolab-go/cryptolab/aes."
	classify := func(sym string) string {
		switch {
		case strings.Contains(sym, "Circuit[go.shape.uint64]") || strings.Contains(sym, "Circuit[uint64]"):
			return "Fast"
		case strings.Contains(sym, "invSboxCircuit[go.shape.uint32]") || strings.Contains(sym, "invSboxCircuit[uint32]"):
			return "Small"
		}
		// An itab or method names several identifiers: any of them counts.
		for rest := sym; ; {
			i := strings.Index(rest, pkg)
			if i < 0 {
				return ""
			}
			rest = rest[i+len(pkg):]
			id := strings.TrimPrefix(rest, "(*")
			id = id[:strings.IndexFunc(id+".", func(r rune) bool {
				return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
			})]
			switch {
			case smallNames[id]:
				return "Small"
			case fastNames[id]:
				return "Fast"
			}
		}
	}

	body := func(cfg string) string {
		return strings.ReplaceAll(`in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
key, iv := in[:16], in[16:32]
buf := make([]byte, 64)
if err := aes.EncryptCBC(aes.CFG, buf, key, iv, in[:32]); err != nil {
	panic(err)
}
if err := aes.DecryptCBC(aes.CFG, buf, key, iv, buf[:32]); err != nil {
	panic(err)
}
ct, err := aes.SealCBC(aes.CFG, nil, key, iv, in)
if err != nil {
	panic(err)
}
pt, err := aes.OpenCBC(aes.CFG, nil, key, iv, ct)
if err != nil {
	panic(err)
}
var s aes.CBC
s.Init(aes.CFG, aes.Direction(len(os.Args)), aes.PKCS7)
s.SetKey(key)
s.SetIV(iv)
out, _ := s.Append(nil, in)
out, _ = s.Finish(out)
b, err := aes.NewCipherWithConfig(key, aes.CFG)
if err != nil {
	panic(err)
}
cipher.NewCBCDecrypter(b, iv).CryptBlocks(buf[:32], in[:32])
b.Encrypt(buf, buf)
os.Stdout.Write(append(append(pt[:1], out...), buf[0]))`, "CFG", cfg)
	}
	programs := []struct {
		name, body string
		want, not  string // configuration whose symbols must be present, absent
	}{
		{"small", body("Small"), "Small", "Fast"},
		{"fast", body("Fast"), "Fast", "Small"},
		{"default", body("Default") + `
c, _ := aes.NewCipher(key)
c.Decrypt(buf, buf)`, "Fast", "Small"},
	}

	root, err := filepath.Abs("..") // the module root: tests run in aes/
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, p := range programs {
		src := filepath.Join(dir, p.name+".go")
		prog := "package main\n\nimport (\n\t\"crypto/cipher\"\n\t\"os\"\n\n\t\"github.com/cryptolab-go/cryptolab/aes\"\n)\n\nfunc main() {\n" + p.body + "\n}\n"
		if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(dir, p.name)
		cmd := exec.Command(gocmd, "build", "-o", exe, src)
		cmd.Dir = root // resolve the aes import in this module
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
			t.Fatalf("%s: %v", p.name, err)
		}
		found := map[string][]string{}
		for _, s := range syms {
			if c := classify(s.Name); c != "" {
				found[c] = append(found[c], s.Name)
			}
		}
		if len(found[p.want]) < 10 {
			t.Errorf("%s program: only %d %s symbols (%v): the check below would prove nothing", p.name, len(found[p.want]), p.want, found[p.want])
		}
		if bad := found[p.not]; len(bad) > 0 {
			t.Errorf("%s program links %d symbols of %s, e.g. %v", p.name, len(bad), p.not, bad[:min(len(bad), 8)])
		}
		t.Logf("%s program: %d %s symbols, %d %s symbols", p.name, len(found[p.want]), p.want, len(found[p.not]), p.not)
	}
}

// declaredNames returns the names of the top-level declarations of the
// package's files: functions, receiver types of methods, types, variables
// and constants.
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

// TestGeneratedSkew checks that fast_skew.go is what gen_skew.go makes of
// the current sbox.go (go generate was run after the last change to
// either).
func TestGeneratedSkew(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		gocmd = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(gocmd); err != nil {
			t.Skip("no go command to run the generator with")
		}
	}
	out := filepath.Join(t.TempDir(), "fast_skew.txt") // not .go: go run would compile it
	cmd := exec.Command(gocmd, "run", "gen_skew.go", out)
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_skew.go: %v\n%s", err, b)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("fast_skew.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatal("fast_skew.go is stale: run go generate ./aes")
	}
}
