// Package linkertest is the test helper behind every package's linker test:
// it builds minimal programs with the go command, reads what the linker kept
// (the ELF symbol table and section sizes), and checks two kinds of claims.
//
//   - Link-time selection: a program that names one configuration links
//     none of the code or tables of the others. DeclaredNames lists the
//     top-level names of a strategy's source files; Binary.Declared finds
//     the executable's symbols that name any of them.
//   - Whole-program cost: Binary.Growth is the growth of the executable's
//     sections over Empty, an otherwise empty program that also reads from
//     crypto/rand (as every program that makes keys does), split into code,
//     read-only data and writable data (the bytes the file holds) and
//     zero-filled BSS (which the file does not hold: crypto/rand alone
//     brings the standard library's 32 MiB DRBG scratch buffer there).
//     CheckBudget fails when the file-backed growth exceeds a stated
//     budget; CheckNotLinked fails when the program links functions or
//     data of a given standard-library package that Empty does not.
//
// Programs are built for linux on the host's GOARCH with CGO_ENABLED=0 and
// -trimpath, so that the executable is ELF whatever the host. Each build
// takes about a second once the standard library is compiled; results are
// cached in the process and on disk (under os.UserCacheDir()/cryptolab/
// linkertest), keyed by the program text, the Go version, the target and a
// hash of the module's library sources, so an unchanged program is not
// relinked.
//
// This is a test-only package: nothing outside _test.go files imports it.
package linkertest

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/gobuild"
)

// Program is a minimal program: its imports and the statements of main.
// The body must keep its operation alive: take inputs from something the
// compiler cannot fold (os.Args) and use the output (write a byte of it to
// os.Stdout), or the linker removes the very code being measured. Build
// adds a read from crypto/rand to every program (so that Empty is a fair
// baseline); the body need not import crypto/rand for it.
type Program struct {
	Name    string   // for messages
	Imports []string // import paths
	Body    string   // statements of func main
}

// Source returns the program's Go source.
func (p Program) Source() string {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\tlinkertestrand \"crypto/rand\"\n")
	for _, imp := range p.Imports {
		fmt.Fprintf(&b, "\t%q\n", imp)
	}
	b.WriteString(")\n\nfunc main() {\n\tvar linkertestSeed [1]byte\n\tlinkertestrand.Read(linkertestSeed[:])\n")
	b.WriteString(p.Body)
	b.WriteString("\n\tprintln(linkertestSeed[0])\n}\n")
	return b.String()
}

// Size is a program's size by kind of section, in bytes. Text, Rodata and
// Data are held by the file (Rodata includes the runtime's function tables,
// .gopclntab, and type data; Data is initialised writable data); BSS is
// zero-filled at load and costs the file nothing.
type Size struct {
	Text, Rodata, Data, BSS int64
}

// File returns the bytes the executable file holds: Text+Rodata+Data.
func (s Size) File() int64 { return s.Text + s.Rodata + s.Data }

// Sub returns s-o, section by section.
func (s Size) Sub(o Size) Size {
	return Size{s.Text - o.Text, s.Rodata - o.Rodata, s.Data - o.Data, s.BSS - o.BSS}
}

func (s Size) String() string {
	return fmt.Sprintf("file %d B (text %d, rodata %d, data %d) + bss %d B", s.File(), s.Text, s.Rodata, s.Data, s.BSS)
}

// Symbol is one symbol of an executable.
type Symbol struct {
	Name string
	Size uint64
}

// Binary is what Build learned of one executable.
type Binary struct {
	Name    string
	Size    Size
	Symbols []Symbol
}

var (
	mu    sync.Mutex
	built = map[string]*Binary{}
)

// Build builds p (cached) and returns its sizes and symbols. It skips the
// test when there is no go command to build with.
func Build(t testing.TB, p Program) *Binary {
	t.Helper()
	gocmd := goCommand(t)
	root := moduleRoot(t)
	src := p.Source()
	key := cacheKey(t, root, src)

	mu.Lock()
	b := built[key]
	mu.Unlock()
	if b != nil {
		return named(b, p.Name)
	}
	cacheFile := ""
	if dir, err := os.UserCacheDir(); err == nil {
		cacheFile = filepath.Join(dir, "cryptolab", "linkertest", key+".json")
		if data, err := os.ReadFile(cacheFile); err == nil {
			var c Binary
			if json.Unmarshal(data, &c) == nil {
				b = &c
			}
		}
	}
	if b == nil {
		b = build(t, gocmd, root, p.Name, src)
		if cacheFile != "" {
			if data, err := json.Marshal(b); err == nil {
				if os.MkdirAll(filepath.Dir(cacheFile), 0o755) == nil {
					tmp := cacheFile + fmt.Sprintf(".%d.tmp", os.Getpid())
					if os.WriteFile(tmp, data, 0o644) == nil {
						os.Rename(tmp, cacheFile)
					}
				}
			}
		}
	}
	mu.Lock()
	built[key] = b
	mu.Unlock()
	return named(b, p.Name)
}

func named(b *Binary, name string) *Binary {
	c := *b
	c.Name = name
	return &c
}

// Empty builds (cached) the baseline: a program that only reads one byte
// from crypto/rand and prints it.
func Empty(t testing.TB) *Binary {
	t.Helper()
	return Build(t, Program{Name: "empty"})
}

func build(t testing.TB, gocmd, root, name, src string) *Binary {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "main.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "prog")
	cmd := exec.Command(gocmd, "build", "-trimpath", "-o", exe, file)
	cmd.Dir = root // the program's imports resolve in this module
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+runtime.GOARCH, "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: go build: %v\n%s\n%s", name, err, out, src)
	}
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := &Binary{Name: name}
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 {
			continue
		}
		n := int64(s.Size)
		switch {
		case s.Type == elf.SHT_NOBITS:
			b.Size.BSS += n
		case s.Flags&elf.SHF_EXECINSTR != 0:
			b.Size.Text += n
		case s.Flags&elf.SHF_WRITE != 0:
			b.Size.Data += n
		default:
			b.Size.Rodata += n
		}
	}
	syms, err := f.Symbols()
	if err != nil {
		t.Fatalf("%s: reading symbols: %v", name, err)
	}
	for _, s := range syms {
		b.Symbols = append(b.Symbols, Symbol{s.Name, s.Size})
	}
	return b
}

// Growth returns b's size minus Empty's.
func (b *Binary) Growth(t testing.TB) Size {
	t.Helper()
	return b.Size.Sub(Empty(t).Size)
}

// CheckBudget fails the test if b's file-backed growth over Empty (code,
// read-only and writable data; BSS is reported, not counted) exceeds
// budget bytes, and logs the growth either way.
func (b *Binary) CheckBudget(t testing.TB, budget int64) Size {
	t.Helper()
	g := b.Growth(t)
	t.Logf("%s: over an empty program: %v (budget %d B)", b.Name, g, budget)
	if g.File() > budget {
		t.Errorf("%s: grows the executable by %d file-backed bytes over an empty program, over its budget of %d B (%v)", b.Name, g.File(), budget, g)
	}
	return g
}

// Matching returns the names of b's symbols for which match is true.
func (b *Binary) Matching(match func(name string) bool) []string {
	var names []string
	for _, s := range b.Symbols {
		if match(s.Name) {
			names = append(names, s.Name)
		}
	}
	return names
}

// Declared returns the names of b's symbols that name one of the
// identifiers declared at top level in package pkgPath (a function or
// variable, a method of one of the types, the type's descriptor, an itab
// or generic instance that mentions one of them).
func (b *Binary) Declared(pkgPath string, names map[string]bool) []string {
	return b.Matching(func(sym string) bool { return mentions(sym, pkgPath, names) })
}

// mentions reports whether sym names pkgPath.X for some X in names.
func mentions(sym, pkgPath string, names map[string]bool) bool {
	prefix := pkgPath + "."
	for rest := sym; ; {
		i := strings.Index(rest, prefix)
		if i < 0 {
			return false
		}
		rest = rest[i+len(prefix):]
		id := strings.TrimPrefix(rest, "(*")
		end := strings.IndexFunc(id, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		})
		if end >= 0 {
			id = id[:end]
		}
		if names[id] {
			return true
		}
	}
}

// Package returns the names of b's symbols that belong to package pkgPath:
// its functions, methods and variables (not type descriptors that merely
// mention one of its types).
func (b *Binary) Package(pkgPath string) []string {
	prefix := pkgPath + "."
	return b.Matching(func(sym string) bool { return strings.HasPrefix(sym, prefix) })
}

// CheckNotLinked fails the test if b links symbols of any of the given
// packages (by import path: functions, methods, variables) that Empty does
// not link; a package crypto/rand itself needs is thus only counted for
// what b adds to it.
func (b *Binary) CheckNotLinked(t testing.TB, pkgPaths ...string) {
	t.Helper()
	empty := map[string]bool{}
	for _, s := range Empty(t).Symbols {
		empty[s.Name] = true
	}
	for _, pkg := range pkgPaths {
		var extra []string
		for _, s := range b.Package(pkg) {
			if !empty[s] {
				extra = append(extra, s)
			}
		}
		if len(extra) > 0 {
			t.Errorf("%s links %d symbols of %s, e.g. %v", b.Name, len(extra), pkg, extra[:min(len(extra), 6)])
		}
	}
}

// DeclaredNames returns the names of the top-level declarations of the
// given source files (paths relative to the test's directory): functions,
// the types, variables and constants. Methods are found through their
// receiver type's name.
func DeclaredNames(t testing.TB, files ...string) map[string]bool {
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
							if n.Name != "_" {
								names[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	return names
}

// goCommand returns the go command to build with, or skips the test.
func goCommand(t testing.TB) string {
	t.Helper()
	if p := filepath.Join(runtime.GOROOT(), "bin", "go"); fileExists(p) {
		return p
	}
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	t.Skip("no go command to build the test programs with")
	return ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// moduleRoot returns the directory of the go.mod above the working
// directory (tests run in their package's directory).
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if fileExists(filepath.Join(dir, "go.mod")) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("linkertest: no go.mod above the working directory")
		}
		dir = parent
	}
}

var (
	sourceOnce sync.Once
	sourceHash string
	sourceErr  error
)

// cacheKey hashes what the build depends on: the program, the toolchain
// and target, and the module's library sources (gobuild.HashSources
// outside lab/ and cmd/).
func cacheKey(t testing.TB, root, src string) string {
	t.Helper()
	sourceOnce.Do(func() {
		sourceHash, sourceErr = gobuild.HashSources(root, []string{"lab", "cmd"})
	})
	if sourceErr != nil {
		t.Fatal(sourceErr)
	}
	h := sha256.New()
	fmt.Fprintf(h, "linkertest v1\n%s\n%s\n%s/%s\n%s\n%s\n", runtime.Version(), runtime.GOROOT(), "linux", runtime.GOARCH, root, sourceHash)
	h.Write([]byte(src))
	return hex.EncodeToString(h.Sum(nil))[:32]
}
