// Package footprint measures how much code, constant data and global data one
// cryptolab operation puts into a program, the Go counterpart of the "Code",
// "Constant data" and "Global data" columns of the STM32 footprint tables.
//
// # Method
//
// For each operation (a suite.FootprintSpec: imports plus the statements of
// main) the package writes a minimal program that performs only that
// operation, in a temporary module whose go.mod replaces the cryptolab module
// with its source tree, and builds it with the local go command
// (CGO_ENABLED=0, -trimpath, GOWORK=off). The linker's dead-code elimination
// then leaves exactly what the operation reaches. The bytes are attributed to
// cryptolab's library packages (the module's packages outside lab/ and cmd/)
// in three steps:
//
//  1. The final executable's symbol table (debug/elf) gives the address,
//     size and section of every named function and variable. Sections map to
//     the columns: .text is code; .rodata, .typelink and .itablink are
//     constant data; .noptrdata, .data, .bss and .noptrbss are global data.
//  2. The Go linker does not list every symbol by name: type descriptors,
//     string literals, GC and argument metadata and static temporaries are
//     folded into aggregate symbols (type:*, go:string.*, go:func.*). To
//     attribute those, the compiled package archives of the program's
//     dependencies (go list -export) are read with go tool nm, which gives
//     each symbol's defining package, kind and size, and the linker is run
//     with -dumpdep, which prints every symbol the dead-code pass keeps.
//  3. A symbol counts for cryptolab when a library package's archive defines
//     it, the linker kept it, and no other package's archive defines it too.
//     Symbols that several packages define and the linker deduplicates (type
//     descriptors of unnamed types such as [16]uint8, common strings, shared
//     GC bitmaps) are reported as Shared and not counted. Its size and column
//     come from the executable when the symbol is named there, else from the
//     archive (kind T → code, R → constant, D/B → global).
//
// Not attributed: the per-function tables the linker generates into
// .gopclntab (line, frame-size and file tables, about as large again as the
// code they describe on amd64), the per-function GC and argument metadata
// the compiler emits beside each function (deduplicated by content, so its
// owner is ambiguous), alignment padding between symbols, and the
// standard-library code an operation pulls in (crypto/cipher, hash, ...).
// Report.Binary gives the whole executable's sizes and Report.Empty those of
// an empty program built the same way, so the difference shows the full cost
// of an operation including the runtime and standard library it reaches.
//
// Go has no read-only variables: a table declared with var (an S-box, round
// constants) is writable data in .noptrdata and so shows up as global data,
// where a C library on an MCU keeps it in flash as constant data. Only
// string constants and compiler-generated read-only data land in .rodata.
//
// If the archive step fails (an unusual toolchain, a changed -dumpdep
// format), the package falls back to step 1 alone and attributes each named
// symbol to the package in its name; Report.Method says which method was
// used.
//
// Mach-O (darwin) and PE (windows) executables are read for their section
// sizes only; every symbol's size then comes from the archives, which give
// the same function and data sizes. Builder.Env cross-builds for another
// target (e.g. GOARCH=arm GOARM=7, a 32-bit ARM closer to the STM32 cores of
// the published tables, though not a Cortex-M).
//
// # Cache
//
// Builds take seconds, so results are cached as JSON under
// os.UserCacheDir()/cryptolab/footprint, keyed by a SHA-256 hash of the
// program text, the module root, the go command's version and target (GOOS,
// GOARCH and their sub-architecture level) and the build tags. Each entry
// also records the module's packages the program links and a hash of their
// source files (and go.mod, go.sum); a change to any of them rebuilds, while
// edits elsewhere in the module keep the entry.
//
// # Writing a FootprintSpec
//
// The body must keep the operation alive: take inputs from something the
// compiler cannot constant-fold (os.Args, a length from os.Getpid) and use the
// output (write a byte of it to os.Stdout, or exit with it). Otherwise the
// compiler and linker may remove the very code being measured.
package footprint

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cryptolab-go/cryptolab/lab/gobuild"
	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// ModulePath is the import path of the cryptolab module.
const ModulePath = gobuild.ModulePath

// cacheVersion is part of every cache key; bump it when the method or the
// Report layout changes.
const cacheVersion = "footprint-v4"

// Program is the minimal program of one operation.
type Program struct {
	Imports []string // import paths
	Body    string   // statements of main()
}

// Source returns the program's main.go, gofmt-formatted. A syntax error in
// Body is reported here, before anything is built.
func (p Program) Source() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by cryptolab's lab/footprint. DO NOT EDIT.\n\n")
	b.WriteString("package main\n\n")
	imps := slices.Clone(p.Imports)
	slices.Sort(imps)
	imps = slices.Compact(imps)
	if len(imps) > 0 {
		b.WriteString("import (\n")
		for _, imp := range imps {
			fmt.Fprintf(&b, "\t%s\n", strconv.Quote(imp))
		}
		b.WriteString(")\n\n")
	}
	b.WriteString("func main() {\n")
	b.WriteString(p.Body)
	b.WriteString("\n}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("footprint: program does not parse: %v", err)
	}
	return src, nil
}

// Sizes are bytes in the three columns of the footprint tables.
type Sizes struct {
	Code   int `json:"code_bytes"`
	Const  int `json:"const_bytes"`
	Global int `json:"global_bytes"`
}

func (s *Sizes) add(class string, n int) {
	switch class {
	case classCode:
		s.Code += n
	case classConst:
		s.Const += n
	case classGlobal:
		s.Global += n
	}
}

// BinarySizes describes a whole executable, for context. Code, Const and
// Global are the file-backed sections the program loads; BSS, zero-filled
// data, is apart: it takes no room in the file and no memory until a page
// of it is written (every program that links crypto/rand holds 32 MiB of
// it that only FIPS 140-3 mode touches, see Description).
type BinarySizes struct {
	Code    int `json:"code_bytes"`    // .text
	Const   int `json:"const_bytes"`   // .rodata + .typelink + .itablink
	Global  int `json:"global_bytes"`  // .noptrdata + .data: initialised, file-backed
	BSS     int `json:"bss_bytes"`     // .bss + .noptrbss: zero-filled
	Pclntab int `json:"pclntab_bytes"` // .gopclntab: the runtime's function tables
	File    int `json:"file_bytes"`    // the file on disk, with symbols and DWARF
}

// Loaded is the file-backed size the lab reports as the whole program:
// code, constant data and initialised data, without BSS.
func (b BinarySizes) Loaded() int { return b.Code + b.Const + b.Global }

// Symbol is one attributed symbol.
type Symbol struct {
	Name    string `json:"name"`
	Package string `json:"package"`
	Class   string `json:"class"` // "code", "const" or "global"
	Size    int    `json:"size"`
}

// Report is the footprint of one program.
type Report struct {
	Lib           Sizes            `json:"lib"`                      // attributed to cryptolab's library packages
	Packages      map[string]Sizes `json:"packages"`                 // Lib by package
	Shared        Sizes            `json:"shared"`                   // deduplicated symbols cryptolab shares with other packages; not in Lib
	Binary        BinarySizes      `json:"binary"`                   // the whole executable
	Empty         BinarySizes      `json:"empty"`                    // an empty program built the same way
	Symbols       []Symbol         `json:"symbols"`                  // the attributed symbols, largest first
	SharedSymbols []Symbol         `json:"shared_symbols,omitempty"` // the symbols in Shared, largest first
	Method        string           `json:"method"`                   // MethodObjects, MethodArchives or MethodSymtab
	Deps          []string         `json:"deps"`                     // the module's packages the program links, as directories relative to the module root
	GoVer         string           `json:"go_version"`
	Target        string           `json:"target"` // e.g. "linux/amd64 v1"
	Cached        bool             `json:"-"`      // served from the cache
}

// Methods of attribution (Report.Method).
const (
	MethodObjects  = "elf symbols + package archives + linker -dumpdep"
	MethodArchives = "package archives + linker -dumpdep" // Mach-O, PE: no symbol sizes in the executable
	MethodSymtab   = "elf symbols by package name"
)

// Description is the method in a few sentences, for the report's
// "Measurement configuration" section (result.Machine.Methods["footprint"]).
func Description() string {
	return "Per operation and configuration, a minimal program performing only that operation is built (go build -trimpath, CGO_ENABLED=0, " +
		"in a temporary module that replaces cryptolab with this source tree; cached by program text, go version and target, and the sources of the module packages it links). " +
		"Code (.text), constant data (.rodata, .typelink, .itablink) and global data (.noptrdata, .data, .bss, .noptrbss) count the symbols that cryptolab's library packages (not lab/ or cmd/) define and the linker kept: " +
		"named symbols from the executable (debug/elf), and the ones the Go linker folds into aggregates (type descriptors, string literals, static data) from the package archives (go tool nm) intersected with the linker's -dumpdep reachability. " +
		"Not counted: the runtime and standard-library code the operation reaches, the .gopclntab function tables, per-function GC metadata and symbols shared with other packages. " +
		"The whole-program column gives the executable's file-backed size, code (.text) + constant data (.rodata, .typelink, .itablink) + initialised data (.noptrdata, .data), and its growth over an empty program built the same way, runtime and standard library included; zero-filled data (.bss, .noptrbss) is in a column apart, since it takes no room in the file and no memory until a page of it is written. " +
		"Every program that uses crypto/rand has 32 MiB of it more than the empty program: the scratch buffer of the Go standard library's CPU-jitter entropy source (crypto/internal/entropy, held by crypto/internal/fips140/drbg), which is read and written only in FIPS 140-3 mode (GODEBUG=fips140=on) and otherwise stays untouched zero pages that the kernel never backs with memory. " +
		"Go has no read-only variables, so tables declared with var (S-boxes, round constants) count as global data, where an MCU library keeps them in flash as constant data."
}

// Footprint returns the sizes in the lab's data model, with the whole
// executable and the empty program as context.
func (r *Report) Footprint() result.Footprint {
	return result.Footprint{
		CodeBytes:   r.Lib.Code,
		ConstBytes:  r.Lib.Const,
		GlobalBytes: r.Lib.Global,
		Binary:      &result.Footprint{CodeBytes: r.Binary.Code, ConstBytes: r.Binary.Const, GlobalBytes: r.Binary.Global, BSSBytes: r.Binary.BSS},
		Empty:       &result.Footprint{CodeBytes: r.Empty.Code, ConstBytes: r.Empty.Const, GlobalBytes: r.Empty.Global, BSSBytes: r.Empty.BSS},
	}
}

// Builder builds and measures programs. The zero value measures the cryptolab
// module found from the working directory (or, failing that, from this
// package's source location) and caches under the user cache directory.
// A Builder is safe for concurrent use; builds are serialised.
type Builder struct {
	ModulePath string   // default ModulePath
	ModuleRoot string   // directory holding the module's go.mod; default: located
	CacheDir   string   // default os.UserCacheDir()/cryptolab/footprint; "off" disables the cache
	Exclude    []string // sub-trees of the module that are not library code; default lab, cmd
	Tags       []string // build tags
	GoCmd      string   // default "go"
	// Env is added to the go command's environment, e.g. GOARCH=arm
	// GOARM=7 to measure the footprint for another target (the cache key
	// follows the target).
	Env []string

	mu      sync.Mutex
	inited  bool
	initErr error
	goenv   goEnv
	nmCache map[string][]nmSym // archive path → its symbols
}

type goEnv struct {
	GOVERSION, GOOS, GOARCH, GOAMD64, GOARM64, GOARM, GO386 string
}

func (e goEnv) target() string {
	lvl := ""
	switch e.GOARCH {
	case "amd64":
		lvl = e.GOAMD64
	case "arm64":
		lvl = e.GOARM64
	case "arm":
		lvl = e.GOARM
	case "386":
		lvl = e.GO386
	}
	return strings.TrimSpace(e.GOOS + "/" + e.GOARCH + " " + lvl)
}

var defaultBuilder Builder

// MeasureSpec measures a suite footprint spec with the default Builder.
func MeasureSpec(ctx context.Context, spec *suite.FootprintSpec) (*Report, error) {
	return defaultBuilder.MeasureSpec(ctx, spec)
}

// MeasureSpec measures a suite footprint spec.
func (b *Builder) MeasureSpec(ctx context.Context, spec *suite.FootprintSpec) (*Report, error) {
	if spec == nil {
		return nil, errors.New("footprint: nil spec")
	}
	return b.Measure(ctx, Program{Imports: spec.Imports, Body: spec.Body})
}

// Measure builds p (or takes it from the cache) and attributes its sizes.
func (b *Builder) Measure(ctx context.Context, p Program) (*Report, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.init(ctx); err != nil {
		return nil, err
	}
	rep, err := b.measure(ctx, p)
	if err != nil {
		return nil, err
	}
	if len(p.Imports) > 0 || strings.TrimSpace(p.Body) != "" {
		empty, err := b.measure(ctx, Program{})
		if err != nil {
			return nil, err
		}
		rep.Empty = empty.Binary
	} else {
		rep.Empty = rep.Binary
	}
	return rep, nil
}

func (b *Builder) modulePath() string {
	if b.ModulePath != "" {
		return b.ModulePath
	}
	return ModulePath
}

func (b *Builder) excluded() []string {
	if b.Exclude != nil {
		return b.Exclude
	}
	return []string{"lab", "cmd"}
}

func (b *Builder) goCmd() string {
	if b.GoCmd != "" {
		return b.GoCmd
	}
	return "go"
}

func (b *Builder) init(ctx context.Context) error {
	if b.inited {
		return b.initErr
	}
	b.inited = true
	b.initErr = b.doInit(ctx)
	return b.initErr
}

func (b *Builder) doInit(ctx context.Context) error {
	if b.ModuleRoot == "" {
		root, err := gobuild.FindModuleRoot(ctx, b.goCmd(), b.modulePath())
		if err != nil {
			return err
		}
		b.ModuleRoot = root
	}
	abs, err := filepath.Abs(b.ModuleRoot)
	if err != nil {
		return fmt.Errorf("footprint: %v", err)
	}
	b.ModuleRoot = abs
	if got := gobuild.ModulePathOf(filepath.Join(abs, "go.mod")); got != b.modulePath() {
		return fmt.Errorf("footprint: %s is not the root of module %s", abs, b.modulePath())
	}
	out, err := b.run(ctx, abs, nil, "env", "-json", "GOVERSION", "GOOS", "GOARCH", "GOAMD64", "GOARM64", "GOARM", "GO386")
	if err != nil {
		return err
	}
	if err := json.Unmarshal(out, &b.goenv); err != nil {
		return fmt.Errorf("footprint: go env: %v", err)
	}
	return nil
}

func (b *Builder) cacheDir() (string, error) {
	if b.CacheDir == "off" {
		return "", nil
	}
	if b.CacheDir != "" {
		return b.CacheDir, nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", nil // no cache directory: measure every time
	}
	return filepath.Join(dir, "cryptolab", "footprint"), nil
}

func (b *Builder) key(src []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n%s\n%s\n%q\n%q\n%q\n", cacheVersion, b.modulePath(), b.ModuleRoot, b.goenv.GOVERSION, b.goenv.target(), b.Tags, b.Env, b.excluded())
	h.Write(src)
	return hex.EncodeToString(h.Sum(nil))[:32]
}

func (b *Builder) measure(ctx context.Context, p Program) (*Report, error) {
	src, err := p.Source()
	if err != nil {
		return nil, err
	}
	key := b.key(src)
	cdir, _ := b.cacheDir()
	if cdir != "" {
		if data, err := os.ReadFile(filepath.Join(cdir, key+".json")); err == nil {
			var e cacheEntry
			if json.Unmarshal(data, &e) == nil && e.Report != nil {
				if h, err := hashDirs(b.ModuleRoot, e.Report.Deps); err == nil && h == e.DepHash {
					e.Report.Cached = true
					return e.Report, nil
				}
			}
		}
	}
	rep, err := b.build(ctx, src)
	if err != nil {
		return nil, err
	}
	if cdir != "" {
		if h, err := hashDirs(b.ModuleRoot, rep.Deps); err == nil {
			if data, err := json.MarshalIndent(cacheEntry{DepHash: h, Report: rep}, "", "\t"); err == nil {
				gobuild.WriteAtomic(cdir, key+".json", data) // a failed cache write only costs a rebuild
			}
		}
	}
	return rep, nil
}

// cacheEntry is a cached Report with the hash of the module sources it was
// built from.
type cacheEntry struct {
	DepHash string  `json:"dep_hash"`
	Report  *Report `json:"report"`
}

// hashDirs hashes go.mod, go.sum and the non-test .go, .s and .h files of
// the given packages of the module rooted at root.
func hashDirs(root string, pkgDirs []string) (string, error) {
	h := sha256.New()
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil && name == "go.mod" {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", name, len(data))
		h.Write(data)
	}
	for _, dir := range slices.Sorted(slices.Values(pkgDirs)) {
		ents, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			return "", err
		}
		for _, e := range ents {
			n := e.Name()
			if e.IsDir() || strings.HasSuffix(n, "_test.go") ||
				!(strings.HasSuffix(n, ".go") || strings.HasSuffix(n, ".s") || strings.HasSuffix(n, ".h")) {
				continue
			}
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(dir), n))
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%s/%s %d\n", dir, n, len(data))
			h.Write(data)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func (b *Builder) env(extra []string) []string {
	env := os.Environ()
	env = append(env, "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
	env = append(env, b.Env...)
	return append(env, extra...)
}

// run runs the go command in dir and returns its standard output; on failure
// the error carries its standard error.
func (b *Builder) run(ctx context.Context, dir string, stderr *bytes.Buffer, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, b.goCmd(), args...)
	cmd.Dir = dir
	cmd.Env = b.env(nil)
	var errBuf bytes.Buffer
	if stderr == nil {
		stderr = &errBuf
	}
	cmd.Stderr = stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 2000 {
			msg = msg[:2000] + " ..."
		}
		return nil, fmt.Errorf("footprint: go %s: %v: %s", args[0], err, msg)
	}
	return out, nil
}

func (b *Builder) buildFlags() []string {
	flags := []string{"-trimpath"}
	if len(b.Tags) > 0 {
		flags = append(flags, "-tags="+strings.Join(b.Tags, ","))
	}
	return flags
}

// tempModule creates a temporary module that requires the measured module
// (replaced by its source tree) and holds the given files (path → content).
// The caller removes the directory.
func (b *Builder) tempModule(files map[string][]byte) (string, error) {
	dir, err := os.MkdirTemp("", "cryptolab-footprint-")
	if err != nil {
		return "", fmt.Errorf("footprint: %v", err)
	}
	goLine := "go 1.21"
	if data, err := os.ReadFile(filepath.Join(b.ModuleRoot, "go.mod")); err == nil {
		if m := regexp.MustCompile(`(?m)^go\s+(\S+)\s*$`).FindSubmatch(data); m != nil {
			goLine = "go " + string(m[1])
		}
	}
	gomod := fmt.Sprintf("module cryptolabfootprint\n\n%s\n\nrequire %s v0.0.0\n\nreplace %s => %s\n",
		goLine, b.modulePath(), b.modulePath(), strconv.Quote(b.ModuleRoot))
	all := map[string][]byte{"go.mod": []byte(gomod)}
	if sum, err := os.ReadFile(filepath.Join(b.ModuleRoot, "go.sum")); err == nil {
		all["go.sum"] = sum
	}
	maps.Copy(all, files)
	for name, data := range all {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			os.RemoveAll(dir)
			return "", fmt.Errorf("footprint: %v", err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			os.RemoveAll(dir)
			return "", fmt.Errorf("footprint: %v", err)
		}
	}
	return dir, nil
}

// Compile type-checks programs together in one go command run, without
// building or measuring them: a quick test that every footprint program
// still compiles against the current library API. The error names the
// failing programs by directory (p000, p001, ... in the order given).
func (b *Builder) Compile(ctx context.Context, programs []Program) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.init(ctx); err != nil {
		return err
	}
	files := map[string][]byte{}
	for i, p := range programs {
		src, err := p.Source()
		if err != nil {
			return fmt.Errorf("program %d: %v", i, err)
		}
		files[fmt.Sprintf("p%03d/main.go", i)] = src
	}
	if len(files) == 0 {
		return nil
	}
	dir, err := b.tempModule(files)
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// go vet type-checks every program against the compiled library (the
	// same errors a build reports) without compiling or linking them.
	args := append([]string{"vet"}, b.buildFlags()...)
	_, err = b.run(ctx, dir, nil, append(args, "./...")...)
	return err
}

func (b *Builder) build(ctx context.Context, src []byte) (*Report, error) {
	dir, err := b.tempModule(map[string][]byte{"main.go": src})
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)

	// Compile everything and learn where the package archives are.
	listArgs := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, b.buildFlags()...)
	listOut, err := b.run(ctx, dir, nil, append(listArgs, ".")...)
	if err != nil {
		return nil, err
	}
	// Link, printing the dead-code pass's graph.
	exe := filepath.Join(dir, "prog")
	if b.goenv.GOOS == "windows" {
		exe += ".exe"
	}
	var linkErr bytes.Buffer
	buildArgs := append([]string{"build"}, b.buildFlags()...)
	buildArgs = append(buildArgs, "-ldflags=-dumpdep", "-o", exe, ".")
	if _, err := b.run(ctx, dir, &linkErr, buildArgs...); err != nil {
		return nil, err
	}

	syms, bin, err := readBinary(exe)
	if err != nil {
		return nil, err
	}
	rep := &Report{Binary: bin, GoVer: b.goenv.GOVERSION, Target: b.goenv.target()}

	archives := parseList(listOut)
	for _, a := range archives {
		if a.pkg == b.modulePath() {
			rep.Deps = append(rep.Deps, ".")
		} else if rel, ok := strings.CutPrefix(a.pkg, b.modulePath()+"/"); ok {
			rep.Deps = append(rep.Deps, rel)
		}
	}
	slices.Sort(rep.Deps)
	objSyms, err := b.archiveSymbols(ctx, dir, archives)
	reach := parseDumpdep(linkErr.Bytes())
	switch {
	case err == nil && len(reach) > 0:
		b.attributeObjects(rep, syms, objSyms, reach)
		rep.Method = MethodObjects
		if syms == nil {
			rep.Method = MethodArchives
		}
	case syms != nil:
		b.attributeNames(rep, syms)
		rep.Method = MethodSymtab
	default:
		if err == nil {
			err = errors.New("the linker printed no -dumpdep graph")
		}
		return nil, fmt.Errorf("footprint: cannot attribute symbols of a %s executable without the package archives: %v", b.goenv.GOOS, err)
	}
	return rep, nil
}

// Symbol classes.
const (
	classCode   = "code"
	classConst  = "const"
	classGlobal = "global"
)

func sectionClass(name string) string {
	switch name {
	case ".text":
		return classCode
	case ".rodata", ".typelink", ".itablink":
		return classConst
	case ".noptrdata", ".data", ".bss", ".noptrbss":
		return classGlobal
	}
	return ""
}

func kindClass(kind byte) string {
	switch kind {
	case 'T', 't':
		return classCode
	case 'R', 'r':
		return classConst
	case 'D', 'd', 'B', 'b':
		return classGlobal
	}
	return ""
}

type elfSym struct {
	class string
	size  int
}

// readBinary reads an executable's section sizes and, for ELF, its named
// symbols. Mach-O and PE executables give sizes only (the symbol sizes then
// come from the package archives); in PE, .rdata holds the constant data
// and the function tables together, so Pclntab is 0 and Const includes it.
func readBinary(path string) (map[string]elfSym, BinarySizes, error) {
	if f, err := macho.Open(path); err == nil {
		defer f.Close()
		var bin BinarySizes
		for _, s := range f.Sections {
			n := int(s.Size)
			switch s.Name {
			case "__text":
				bin.Code += n
			case "__rodata", "__typelink", "__itablink":
				bin.Const += n
			case "__gopclntab":
				bin.Pclntab += n
			case "__noptrdata", "__data":
				bin.Global += n
			case "__bss", "__noptrbss":
				bin.BSS += n
			}
		}
		bin.File = fileSize(path)
		return nil, bin, nil
	}
	if f, err := pe.Open(path); err == nil {
		defer f.Close()
		var bin BinarySizes
		for _, s := range f.Sections {
			switch s.Name {
			case ".text":
				bin.Code += int(s.VirtualSize)
			case ".rdata":
				bin.Const += int(s.VirtualSize)
			case ".data":
				// Go's PE writer puts the zero-filled data at the end of
				// .data, beyond its raw (file) size.
				bin.Global += int(min(s.Size, s.VirtualSize))
				bin.BSS += int(s.VirtualSize - min(s.Size, s.VirtualSize))
			case ".bss":
				bin.BSS += int(s.VirtualSize)
			}
		}
		bin.File = fileSize(path)
		return nil, bin, nil
	}
	return readELF(path)
}

func fileSize(path string) int {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return int(st.Size())
}

// readELF returns the executable's named symbols (by name, ".abi0" suffixes
// folded into the plain name) and its section sizes.
func readELF(path string) (map[string]elfSym, BinarySizes, error) {
	var bin BinarySizes
	f, err := elf.Open(path)
	if err != nil {
		return nil, bin, fmt.Errorf("footprint: reading the executable (ELF, Mach-O or PE): %v", err)
	}
	defer f.Close()
	bin.File = fileSize(path)
	for _, s := range f.Sections {
		n := int(s.Size)
		switch s.Name {
		case ".gopclntab":
			bin.Pclntab += n
		case ".bss", ".noptrbss":
			bin.BSS += n
		default:
			switch sectionClass(s.Name) {
			case classCode:
				bin.Code += n
			case classConst:
				bin.Const += n
			case classGlobal:
				bin.Global += n
			}
		}
	}
	esyms, err := f.Symbols()
	if err != nil {
		return nil, bin, fmt.Errorf("footprint: executable has no symbol table: %v", err)
	}
	syms := make(map[string]elfSym, len(esyms))
	for _, s := range esyms {
		if s.Section == elf.SHN_UNDEF || int(s.Section) >= len(f.Sections) || s.Size == 0 {
			continue
		}
		class := sectionClass(f.Sections[s.Section].Name)
		if class == "" {
			continue
		}
		name := strings.TrimSuffix(s.Name, ".abi0")
		e := syms[name]
		e.class = class
		e.size += int(s.Size)
		syms[name] = e
	}
	return syms, bin, nil
}

type archive struct {
	pkg, path string
}

func parseList(out []byte) []archive {
	var as []archive
	for _, line := range strings.Split(string(out), "\n") {
		pkg, path, ok := strings.Cut(line, "\t")
		if !ok || path == "" {
			continue
		}
		as = append(as, archive{pkg: pkg, path: path})
	}
	return as
}

type objSym struct {
	pkg   string // the defining library package (the first by path if several)
	kind  byte
	size  int
	other bool // a package outside the library defines it too
}

// nmLine matches a line of go tool nm -size: address (blank for undefined
// symbols), size, kind, name.
var nmLine = regexp.MustCompile(`^\s*([0-9a-f]*)\s+(\d+)\s+(\S)\s(.*)$`)

// staticSuffix is the version marker nm appends to static symbols.
var staticSuffix = regexp.MustCompile(`<\d+>$`)

// archiveSymbols returns every symbol defined by the package archives, with
// the library package defining it, if any, and whether another package
// defines it too.
func (b *Builder) archiveSymbols(ctx context.Context, dir string, archives []archive) (map[string]objSym, error) {
	if len(archives) == 0 {
		return nil, errors.New("footprint: no package archives")
	}
	// Archives in the build cache are named by their content, so the
	// symbols of one path never change: read each once per Builder (the
	// runtime's and the standard library's are in every program).
	if b.nmCache == nil {
		b.nmCache = map[string][]nmSym{}
	}
	var todo []string
	for _, a := range archives {
		if _, ok := b.nmCache[a.path]; !ok && !slices.Contains(todo, a.path) {
			todo = append(todo, a.path)
		}
	}
	if len(todo) > 0 {
		args := append([]string{"tool", "nm", "-size"}, todo...)
		if len(todo) == 1 {
			// With one file nm prints no file prefix; name it twice so the
			// output format stays the same.
			args = append(args, todo[0])
		}
		out, err := b.run(ctx, dir, nil, args...)
		if err != nil {
			return nil, err
		}
		for path, syms := range parseNMFiles(out, todo) {
			b.nmCache[path] = syms
		}
		for _, path := range todo {
			if _, ok := b.nmCache[path]; !ok {
				b.nmCache[path] = nil // no defined symbols
			}
		}
	}
	return mergeSyms(archives, b.nmCache, b.isLibrary), nil
}

// nmSym is a symbol an archive defines.
type nmSym struct {
	name string
	kind byte
	size int
}

// parseNMFiles parses the output of go tool nm -size over several files into
// the symbols each defines (code, read-only and data symbols only).
func parseNMFiles(out []byte, paths []string) map[string][]nmSym {
	known := map[string]bool{}
	for _, p := range paths {
		known[p] = true
	}
	per := map[string][]nmSym{}
	seen := map[string]map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		prefix, rest, ok := strings.Cut(sc.Text(), ":\t")
		if !ok {
			continue
		}
		// The prefix is the archive path, possibly followed by "(member)".
		path := prefix
		if !known[path] {
			if i := strings.LastIndexByte(prefix, '('); i > 0 && known[prefix[:i]] {
				path = prefix[:i]
			} else {
				continue
			}
		}
		m := nmLine.FindStringSubmatch(rest)
		if m == nil || m[3] == "U" || kindClass(m[3][0]) == "" {
			continue
		}
		name := staticSuffix.ReplaceAllString(m[4], "")
		if seen[path] == nil {
			seen[path] = map[string]bool{}
		}
		if seen[path][name] {
			continue
		}
		seen[path][name] = true
		size, _ := strconv.Atoi(m[2])
		per[path] = append(per[path], nmSym{name: name, kind: m[3][0], size: size})
	}
	return per
}

// mergeSyms combines the archives' symbols: each symbol gets the library
// package defining it (the first by path if several do) and whether a
// package outside the library defines it too.
func mergeSyms(archives []archive, per map[string][]nmSym, isLib func(string) bool) map[string]objSym {
	syms := map[string]objSym{}
	for _, a := range archives {
		lib := isLib(a.pkg)
		for _, s := range per[a.path] {
			prev, seen := syms[s.name]
			if !seen {
				prev = objSym{kind: s.kind, size: s.size}
			}
			if !lib {
				prev.other = true
			} else if prev.pkg == "" || a.pkg < prev.pkg {
				prev.pkg = a.pkg
				prev.kind, prev.size = s.kind, s.size
			}
			syms[s.name] = prev
		}
	}
	return syms
}

// parseNM parses nm output over the archives in byPath (path → package).
func parseNM(out []byte, byPath map[string]string, isLib func(string) bool) map[string]objSym {
	var archives []archive
	var paths []string
	for _, path := range slices.Sorted(maps.Keys(byPath)) {
		archives = append(archives, archive{pkg: byPath[path], path: path})
		paths = append(paths, path)
	}
	return mergeSyms(archives, parseNMFiles(out, paths), isLib)
}

// dumpFlags matches the flags -dumpdep appends to some symbol names.
var dumpFlags = regexp.MustCompile(` (<[A-Za-z]+>)+$`)

// parseDumpdep returns every symbol the linker's dead-code pass kept.
func parseDumpdep(out []byte) map[string]bool {
	reach := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		from, to, ok := strings.Cut(sc.Text(), " -> ")
		if !ok {
			continue
		}
		to = dumpFlags.ReplaceAllString(to, "")
		from = dumpFlags.ReplaceAllString(from, "")
		reach[to] = true
		if from != "" && from != "_" {
			reach[from] = true
		}
	}
	return reach
}

func (b *Builder) isLibrary(pkg string) bool {
	mod := b.modulePath()
	if pkg != mod && !strings.HasPrefix(pkg, mod+"/") {
		return false
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, mod), "/")
	for _, ex := range b.excluded() {
		if rel == ex || strings.HasPrefix(rel, ex+"/") {
			return false
		}
	}
	return true
}

func (b *Builder) attributeObjects(rep *Report, elfSyms map[string]elfSym, objSyms map[string]objSym, reach map[string]bool) {
	rep.Packages = map[string]Sizes{}
	for name, o := range objSyms {
		if isFuncdata(name) {
			continue
		}
		var class string
		var size int
		if e, ok := elfSyms[name]; ok {
			class, size = e.class, e.size
		} else if reach[name] {
			class, size = kindClass(o.kind), o.size
		} else {
			continue // removed by the linker
		}
		if o.pkg == "" {
			continue // not library code
		}
		if o.other {
			// Deduplicated with a package outside the library: a type
			// descriptor of an unnamed type, a common string, a generic
			// instantiation both use.
			rep.Shared.add(class, size)
			rep.SharedSymbols = append(rep.SharedSymbols, Symbol{Name: name, Package: o.pkg, Class: class, Size: size})
			continue
		}
		b.addSym(rep, Symbol{Name: name, Package: o.pkg, Class: class, Size: size})
	}
	b.sortSymbols(rep)
}

// funcdataSuffixes name the per-function runtime metadata the compiler emits
// beside each function (argument maps and liveness for tracebacks, GC
// stack maps, defer and stack-object records).
var funcdataSuffixes = []string{".arginfo0", ".arginfo1", ".argliveinfo", ".args_stackmap", ".opendefer", ".stkobj", ".wrapinfo"}

// isFuncdata reports whether name is per-function runtime metadata. The
// linker deduplicates these by content, so the name it keeps is arbitrary
// and cannot be attributed; like .gopclntab they are left out.
func isFuncdata(name string) bool {
	if strings.HasPrefix(name, "gclocals·") {
		return true
	}
	for _, suf := range funcdataSuffixes {
		if strings.HasSuffix(name, suf) {
			return true
		}
	}
	return false
}

// attributeNames is the fallback: attribute the executable's named symbols by
// the package in their names.
func (b *Builder) attributeNames(rep *Report, elfSyms map[string]elfSym) {
	rep.Packages = map[string]Sizes{}
	for name, e := range elfSyms {
		pkg := b.namePackage(name)
		if pkg == "" || !b.isLibrary(pkg) {
			continue
		}
		b.addSym(rep, Symbol{Name: name, Package: pkg, Class: e.class, Size: e.size})
	}
	b.sortSymbols(rep)
}

func (b *Builder) addSym(rep *Report, s Symbol) {
	rep.Lib.add(s.Class, s.Size)
	ps := rep.Packages[s.Package]
	ps.add(s.Class, s.Size)
	rep.Packages[s.Package] = ps
	rep.Symbols = append(rep.Symbols, s)
}

func (b *Builder) sortSymbols(rep *Report) {
	for _, syms := range [][]Symbol{rep.Symbols, rep.SharedSymbols} {
		sort.Slice(syms, func(i, j int) bool {
			si, sj := syms[i], syms[j]
			if si.Size != sj.Size {
				return si.Size > sj.Size
			}
			return si.Name < sj.Name
		})
	}
}

func (b *Builder) namePackage(name string) string { return PackageOf(name) }

// PackageOf returns the import path of the package a Go symbol name belongs
// to: "github.com/x/y.(*T).M" → "github.com/x/y"; type descriptors and itabs
// ("type:*a/b.T", "go:itab.*a/b.T,io.Reader") belong to the package of their
// (first) named type; generic instantiations to the package of the generic.
// It returns "" for symbols of no package (go:string.*, gclocals·...).
func PackageOf(name string) string {
	switch {
	case strings.HasPrefix(name, "go:itab."):
		name = strings.TrimPrefix(name, "go:itab.")
		if i := strings.IndexByte(name, ','); i >= 0 {
			name = name[:i]
		}
		name = strings.TrimLeft(name, "*")
	case strings.HasPrefix(name, "type:"):
		name = strings.TrimPrefix(name, "type:")
		if strings.HasPrefix(name, ".") { // type:.namedata.*, type:.eqfunc...
			return ""
		}
		name = strings.TrimLeft(name, "*[]0123456789")
		for _, p := range []string{"map[", "chan ", "<-chan ", "chan<- ", "func("} {
			if strings.HasPrefix(name, p) {
				return ""
			}
		}
	case strings.HasPrefix(name, "go:"), strings.HasPrefix(name, "gclocals"), strings.HasPrefix(name, "runtime.gcbits."):
		return ""
	}
	// The package path ends at the first '.' after its last '/', looking
	// only before any generic instantiation bracket.
	head := name
	if i := strings.IndexByte(head, '['); i >= 0 {
		head = head[:i]
	}
	slash := strings.LastIndexByte(head, '/')
	dot := strings.IndexByte(head[slash+1:], '.')
	if dot < 0 {
		return ""
	}
	return name[:slash+1+dot]
}
