package footprint

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/suite"
)

func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("the go command is needed to build footprint programs: %v", err)
	}
}

// copyTree copies the fixture module so a test can modify it.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// tinyProgram uses the fixture module testdata/tiny: its library package lib
// has a 1000-byte zeroed array, a 1024-byte initialised table, a 64-byte
// string constant, an interface with one implementation, an assembly function
// (amd64) and a dead function with a dead 4000-byte table; its lab/helper
// package (excluded, like cryptolab's lab/) has a 5000-byte array.
var tinyProgram = Program{
	Imports: []string{"os", "example.com/tiny/lib", "example.com/tiny/lab/helper"},
	Body: `x := []byte(os.Args[0])
helper.Touch(x)
h := lib.New(uint32(len(os.Args)))
os.Exit(int(h.Hash(x)))`,
}

func TestTinyProgram(t *testing.T) {
	needGo(t)
	root := copyTree(t, "testdata/tiny")
	b := &Builder{ModulePath: "example.com/tiny", ModuleRoot: root, CacheDir: t.TempDir()}
	ctx := context.Background()
	rep, err := b.Measure(ctx, tinyProgram)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Cached {
		t.Error("first measurement came from an empty cache")
	}
	if rep.Method != MethodObjects {
		t.Errorf("Method = %q, want %q", rep.Method, MethodObjects)
	}
	const lib = "example.com/tiny/lib"
	if keys := mapKeys(rep.Packages); !slices.Equal(keys, []string{lib}) {
		t.Errorf("packages = %v, want only %s (lab/ is excluded)", keys, lib)
	}
	// Global data is exactly Buf and Table.
	if rep.Lib.Global != 1000+1024 {
		t.Errorf("global = %d, want 2024 (Buf 1000 + Table 1024)", rep.Lib.Global)
	}
	bySym := map[string]Symbol{}
	var code, cnst int
	for _, s := range rep.Symbols {
		bySym[s.Name] = s
		if s.Package != lib {
			t.Errorf("symbol %s attributed to %s", s.Name, s.Package)
		}
		switch s.Class {
		case classCode:
			code += s.Size
		case classConst:
			cnst += s.Size
		}
	}
	if code != rep.Lib.Code || cnst != rep.Lib.Const {
		t.Errorf("symbols sum to code %d const %d, Lib says %+v", code, cnst, rep.Lib)
	}
	want := map[string]string{
		lib + ".(*T).Hash":    classCode,
		lib + ".New":          classCode,
		lib + ".add":          classCode, // assembly on amd64
		lib + ".Buf":          classGlobal,
		lib + ".Table":        classGlobal,
		"type:" + lib + ".T":  classConst,
		"type:*" + lib + ".T": classConst,
		"go:itab.*" + lib + ".T," + lib + ".Hasher":                                    classConst,
		`go:string."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"`: classConst,
	}
	for name, class := range want {
		s, ok := bySym[name]
		if !ok {
			t.Errorf("symbol %s not attributed", name)
			continue
		}
		if s.Class != class {
			t.Errorf("%s: class %s, want %s", name, s.Class, class)
		}
	}
	if s := bySym[lib+".Buf"]; s.Size != 1000 {
		t.Errorf("Buf size %d", s.Size)
	}
	if s := bySym[`go:string."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"`]; s.Size != 64 {
		t.Errorf("string constant size %d, want 64", s.Size)
	}
	// Per-function metadata is left out; so is dead code and lab code.
	for name := range bySym {
		if isFuncdata(name) || strings.Contains(name, "Dead") || strings.Contains(name, "deadTable") || strings.Contains(name, "helper") {
			t.Errorf("symbol %s should not be attributed", name)
		}
	}
	if rep.Lib.Code < 100 || rep.Lib.Code > 2000 {
		t.Errorf("code = %d bytes, implausible for three small functions", rep.Lib.Code)
	}
	if rep.Binary.Code <= rep.Empty.Code || rep.Empty.Code == 0 || rep.Binary.Pclntab == 0 || rep.Binary.File == 0 {
		t.Errorf("binary %+v, empty %+v", rep.Binary, rep.Empty)
	}
	if f := rep.Footprint(); f.CodeBytes != rep.Lib.Code || f.ConstBytes != rep.Lib.Const || f.GlobalBytes != rep.Lib.Global ||
		f.Binary == nil || f.Binary.CodeBytes != rep.Binary.Code || f.Binary.GlobalBytes != rep.Binary.Global ||
		f.Empty == nil || f.Empty.ConstBytes != rep.Empty.Const || f.Empty.Binary != nil {
		t.Errorf("Footprint() = %+v, Lib = %+v, Binary %+v, Empty %+v", f, rep.Lib, rep.Binary, rep.Empty)
	}

	// The second measurement is served from the cache, identical.
	again, err := b.Measure(ctx, tinyProgram)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Cached || again.Lib != rep.Lib || len(again.Symbols) != len(rep.Symbols) || again.Empty != rep.Empty {
		t.Errorf("cached = %v, lib %+v vs %+v", again.Cached, again.Lib, rep.Lib)
	}

	if !slices.Equal(rep.Deps, []string{"lab/helper", "lib"}) {
		t.Errorf("deps = %q", rep.Deps)
	}

	// A new package elsewhere in the module leaves the entry valid.
	if err := os.MkdirAll(filepath.Join(root, "other"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "other", "other.go"), []byte("package other\n\nvar X [9]byte\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	unrelated, err := (&Builder{ModulePath: "example.com/tiny", ModuleRoot: root, CacheDir: b.CacheDir}).Measure(ctx, tinyProgram)
	if err != nil {
		t.Fatal(err)
	}
	if !unrelated.Cached {
		t.Error("an unrelated new package invalidated the cache")
	}

	// Growing a table in the library's source invalidates the cache and
	// the new size shows up.
	src := filepath.Join(root, "lib", "lib.go")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), "var Buf [1000]byte", "var Buf [3000]byte", 1))
	if err := os.WriteFile(src, data, 0o644); err != nil {
		t.Fatal(err)
	}
	b2 := &Builder{ModulePath: "example.com/tiny", ModuleRoot: root, CacheDir: b.CacheDir}
	grown, err := b2.Measure(ctx, tinyProgram)
	if err != nil {
		t.Fatal(err)
	}
	if grown.Cached || grown.Lib.Global != 3000+1024 {
		t.Errorf("after growing Buf: cached %v, global %d, want 4024", grown.Cached, grown.Lib.Global)
	}
}

func mapKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func TestBuildError(t *testing.T) {
	needGo(t)
	b := &Builder{ModulePath: "example.com/tiny", ModuleRoot: "testdata/tiny", CacheDir: "off"}
	_, err := b.Measure(context.Background(), Program{Imports: []string{"example.com/tiny/lib"}, Body: "lib.NoSuchFunction()"})
	if err == nil || !strings.Contains(err.Error(), "NoSuchFunction") {
		t.Fatalf("err = %v, want the compiler's message", err)
	}
	_, err = b.Measure(context.Background(), Program{Body: "x := ("})
	if err == nil || !strings.Contains(err.Error(), "does not parse") {
		t.Fatalf("err = %v, want a parse error", err)
	}
	bad := &Builder{ModulePath: "example.com/other", ModuleRoot: "testdata/tiny", CacheDir: "off"}
	if _, err := bad.Measure(context.Background(), Program{}); err == nil {
		t.Fatal("a root holding another module was accepted")
	}
}

// TestCryptolabSHA256 measures a real operation of this module with the
// default settings (module found from the working directory).
func TestCryptolabSHA256(t *testing.T) {
	needGo(t)
	b := &Builder{CacheDir: t.TempDir()}
	spec := &suite.FootprintSpec{
		Table:   "sha_sole_footprint",
		Imports: []string{"os", ModulePath + "/sha2"},
		Body:    "sum := sha2.Sum256([]byte(os.Args[0]))\nos.Stdout.Write(sum[:1])",
	}
	rep, err := b.MeasureSpec(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("../..")
	if b.ModuleRoot != root {
		t.Errorf("module root %s, want %s", b.ModuleRoot, root)
	}
	if _, ok := rep.Packages[ModulePath+"/sha2"]; !ok {
		t.Fatalf("sha2 not attributed: %+v", rep.Packages)
	}
	for pkg := range rep.Packages {
		if strings.Contains(pkg, "/lab/") || strings.Contains(pkg, "/cmd/") {
			t.Errorf("package %s attributed", pkg)
		}
	}
	if rep.Lib.Code < 200 {
		t.Errorf("SHA-256 code = %d bytes, too small to be a compression function", rep.Lib.Code)
	}
	t.Logf("SHA-256 sole buffer: code %d const %d global %d (shared %+v); binary %+v, empty program %+v",
		rep.Lib.Code, rep.Lib.Const, rep.Lib.Global, rep.Shared, rep.Binary, rep.Empty)
	for i, s := range rep.Symbols {
		if i == 8 {
			break
		}
		t.Logf("  %6d %-6s %s", s.Size, s.Class, s.Name)
	}
}

func TestProgramSource(t *testing.T) {
	src, err := Program{Imports: []string{"os", "fmt", "os"}, Body: "fmt.Println(len(os.Args))"}.Source()
	if err != nil {
		t.Fatal(err)
	}
	want := "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tfmt.Println(len(os.Args))\n}\n"
	if !strings.HasSuffix(string(src), want) {
		t.Errorf("source:\n%s\nwant suffix:\n%s", src, want)
	}
}

func TestPackageOf(t *testing.T) {
	for name, want := range map[string]string{
		"github.com/cryptolab-go/cryptolab/aes.encryptBlock":                    "github.com/cryptolab-go/cryptolab/aes",
		"github.com/cryptolab-go/cryptolab/aes.(*CBC).Append":                   "github.com/cryptolab-go/cryptolab/aes",
		"github.com/cryptolab-go/cryptolab/aes.EncryptCBC.func1":                "github.com/cryptolab-go/cryptolab/aes",
		"github.com/cryptolab-go/cryptolab/sha2..stmp_3":                        "github.com/cryptolab-go/cryptolab/sha2",
		"github.com/cryptolab-go/cryptolab/internal/ct.Select[go.shape.uint32]": "github.com/cryptolab-go/cryptolab/internal/ct",
		"slices.Clone[[]github.com/x/y.T,github.com/x/y.T]":                     "slices",
		"type:*github.com/cryptolab-go/cryptolab/aes.CBC":                       "github.com/cryptolab-go/cryptolab/aes",
		"type:[4]github.com/cryptolab-go/cryptolab/aes.word":                    "github.com/cryptolab-go/cryptolab/aes",
		"go:itab.*github.com/cryptolab-go/cryptolab/sha2.digest,hash.Hash":      "github.com/cryptolab-go/cryptolab/sha2",
		"type:.namedata.*aes.CBC.":                                              "",
		"type:func([]uint8) uint32":                                             "",
		`go:string."hello"`:                                                     "",
		"gclocals·J26BEvPExEQhJvjp9E8Whg==":                                     "",
		"runtime.memmove":                                                       "runtime",
		"main.main":                                                             "main",
		"K256":                                                                  "",
	} {
		if got := PackageOf(name); got != want {
			t.Errorf("PackageOf(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestParseNM(t *testing.T) {
	out := "/c/aa-d:\t    209a         11 T example.com/tiny/lib.(*T).Sum\n" +
		"/c/aa-d:\t    25b4          3 r example.com/tiny/lib.(*T).Sum.arginfo1<1>\n" +
		"/c/aa-d:\t    22f5         16 d example.com/tiny/lib..stmp_0<1>\n" +
		"/c/aa-d:\t                  0 U runtime.memmove\n" +
		"/c/aa-d:\t    25e5         56 R type:*[1000]uint8\n" +
		"/c/aa-d(add.o):\t     0         16 T example.com/tiny/lib.add\n" +
		"/c/aa-d:\t    2100         22 R go:string.\"a b -> c\"\n" +
		"/c/bb-d:\t    3000         56 R type:*[1000]uint8\n" +
		"/c/bb-d:\t    3100         99 T runtime.memmove\n" +
		"/c/cc-d:\t    3100          7 T example.com/tiny/lab/x.F\n"
	byPath := map[string]string{"/c/aa-d": "example.com/tiny/lib", "/c/bb-d": "runtime", "/c/cc-d": "example.com/tiny/lab/x"}
	b := &Builder{ModulePath: "example.com/tiny"}
	syms := parseNM([]byte(out), byPath, b.isLibrary)
	check := func(name, pkg string, kind byte, size int, other bool) {
		t.Helper()
		s, ok := syms[name]
		if !ok {
			t.Errorf("%s missing", name)
			return
		}
		if s.pkg != pkg || s.kind != kind || s.size != size || s.other != other {
			t.Errorf("%s = %+v, want pkg %q kind %c size %d other %v", name, s, pkg, kind, size, other)
		}
	}
	check("example.com/tiny/lib.(*T).Sum", "example.com/tiny/lib", 'T', 11, false)
	check("example.com/tiny/lib..stmp_0", "example.com/tiny/lib", 'd', 16, false)
	check("example.com/tiny/lib.add", "example.com/tiny/lib", 'T', 16, false)
	check(`go:string."a b -> c"`, "example.com/tiny/lib", 'R', 22, false)
	check("type:*[1000]uint8", "example.com/tiny/lib", 'R', 56, true)
	check("runtime.memmove", "", 'T', 99, true)
	check("example.com/tiny/lab/x.F", "", 'T', 7, true)
}

func TestParseDumpdep(t *testing.T) {
	out := "# cryptolabfootprint\n" +
		"_ -> _rt0_amd64_linux\n" +
		"main.main -> example.com/tiny/lib.(*T).Hash\n" +
		" -> go:info.example.com/tiny/lib.Hasher\n" +
		"example.com/tiny/lib.(*T).Hash -> go:string.\"x -> y\"\n" +
		"type:example.com/tiny/lib.T -> example.com/tiny/lib.(*T).Hash <UsedInIface><ReflectMethod>\n" +
		"reflect.Value.Method <ReflectMethod> -> reflect.methodReceiver\n"
	r := parseDumpdep([]byte(out))
	for _, name := range []string{"_rt0_amd64_linux", "main.main", "example.com/tiny/lib.(*T).Hash", `go:string."x -> y"`, "type:example.com/tiny/lib.T", "reflect.Value.Method", "reflect.methodReceiver"} {
		if !r[name] {
			t.Errorf("%q not reachable", name)
		}
	}
	if r["_"] || r[""] || r["# cryptolabfootprint"] {
		t.Error("noise parsed as a symbol")
	}
}

func TestIsLibrary(t *testing.T) {
	b := &Builder{}
	for pkg, want := range map[string]bool{
		ModulePath + "/aes":                      true,
		ModulePath + "/internal/ct":              true,
		ModulePath:                               true,
		ModulePath + "/lab/measure":              false,
		ModulePath + "/cmd/cryptolab":            false,
		ModulePath + "/labx":                     true,
		"github.com/cryptolab-go/cryptolabx/aes": false,
		"crypto/aes":                             false,
	} {
		if got := b.isLibrary(pkg); got != want {
			t.Errorf("isLibrary(%s) = %v", pkg, got)
		}
	}
}

// TestCrossTarget measures the fixture for darwin/arm64: a Mach-O
// executable, whose symbol sizes come from the package archives alone, and
// the portable Go version of the assembly function.
func TestCrossTarget(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiles the standard library for darwin/arm64 on a cold cache (about a minute); run without -short")
	}
	needGo(t)
	b := &Builder{ModulePath: "example.com/tiny", ModuleRoot: "testdata/tiny", CacheDir: t.TempDir(), Env: []string{"GOOS=darwin", "GOARCH=arm64"}}
	rep, err := b.Measure(context.Background(), tinyProgram)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rep.Target, "darwin/arm64") || rep.Method != MethodArchives {
		t.Errorf("target %q method %q", rep.Target, rep.Method)
	}
	if rep.Lib.Global != 2024 {
		t.Errorf("global = %d, want 2024", rep.Lib.Global)
	}
	names := map[string]bool{}
	for _, s := range rep.Symbols {
		names[s.Name] = true
	}
	// (add is plain Go on arm64 and inlined into Hash.)
	for _, want := range []string{"example.com/tiny/lib.(*T).Hash", "example.com/tiny/lib.New", "example.com/tiny/lib.Table"} {
		if !names[want] {
			t.Errorf("%s not attributed", want)
		}
	}
	if rep.Lib.Code < 100 || rep.Binary.Code == 0 || rep.Binary.Pclntab == 0 || rep.Binary.Global == 0 {
		t.Errorf("lib %+v binary %+v", rep.Lib, rep.Binary)
	}
	t.Logf("darwin/arm64: lib %+v, binary %+v", rep.Lib, rep.Binary)
}

func TestCompile(t *testing.T) {
	needGo(t)
	b := &Builder{ModulePath: "example.com/tiny", ModuleRoot: "testdata/tiny", CacheDir: "off"}
	good := tinyProgram
	bad := Program{Imports: []string{"example.com/tiny/lib"}, Body: "lib.Renamed()"}
	if err := b.Compile(context.Background(), []Program{good}); err != nil {
		t.Fatalf("good program: %v", err)
	}
	err := b.Compile(context.Background(), []Program{good, bad})
	if err == nil || !strings.Contains(err.Error(), "p001") || !strings.Contains(err.Error(), "Renamed") {
		t.Fatalf("err = %v, want p001 and the undefined name", err)
	}
}

// TestWholeProgramBSSApart builds a program that uses crypto/rand: the
// standard library's 32 MiB entropy scratch buffer lands in its BSS, which
// the whole-program figure (Loaded: code + constant + initialised data)
// leaves out and BinarySizes.BSS and the result's BSSBytes report apart.
func TestWholeProgramBSSApart(t *testing.T) {
	needGo(t)
	root := copyTree(t, "testdata/tiny")
	b := &Builder{ModulePath: "example.com/tiny", ModuleRoot: root, CacheDir: t.TempDir()}
	rep, err := b.Measure(context.Background(), Program{
		Imports: []string{"crypto/rand", "os", "example.com/tiny/lib"},
		Body: `var k [8]byte
rand.Read(k[:])
h := lib.New(uint32(k[0]))
os.Exit(int(h.Hash(k[:])))`,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("binary %+v, empty %+v", rep.Binary, rep.Empty)
	const scratch = 1 << 25 // crypto/internal/entropy.ScratchBuffer
	if grow := rep.Binary.BSS - rep.Empty.BSS; grow < scratch || grow > scratch+1<<20 {
		t.Errorf("BSS grows by %d bytes over the empty program, want the 32 MiB scratch buffer and a little more", grow)
	}
	if rep.Binary.Loaded() != rep.Binary.Code+rep.Binary.Const+rep.Binary.Global {
		t.Errorf("Loaded() = %d, want code + const + global of %+v", rep.Binary.Loaded(), rep.Binary)
	}
	if grow := rep.Binary.Loaded() - rep.Empty.Loaded(); grow <= 0 || grow > 4<<20 || rep.Binary.Global > 1<<20 {
		t.Errorf("file-backed growth %d bytes (global %d): BSS counted in?", grow, rep.Binary.Global)
	}
	// The library's zeroed Buf (1,000 bytes, in .noptrbss) still counts as
	// its global data, as the STM32 tables' RAM figure does.
	if rep.Lib.Global != 1000+1024 {
		t.Errorf("library global = %d, want 2024", rep.Lib.Global)
	}
	f := rep.Footprint()
	if f.Binary.BSSBytes != rep.Binary.BSS || f.Empty.BSSBytes != rep.Empty.BSS ||
		f.Binary.Loaded() != rep.Binary.Loaded() || f.Binary.Loaded() >= f.Binary.BSSBytes {
		t.Errorf("Footprint() binary %+v, empty %+v", f.Binary, f.Empty)
	}
}
