// Package gobuild is the lab's cached use of the go command: locating the
// cryptolab source tree, hashing the sources that can affect a build, and
// building a package once per go version, target, tags and source tree,
// keeping the result under the user cache directory. lab/footprint builds
// its minimal programs with it, lab/peers the -tags purego copy of the
// command and the OpenSSL helper.
package gobuild

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// ModulePath is the import path of the cryptolab module.
const ModulePath = "github.com/cryptolab-go/cryptolab"

// FindModuleRoot locates the source tree of module modPath: the main module
// of the working directory if that is modPath, else the tree this package was
// compiled from (when the binary was not built with -trimpath).
func FindModuleRoot(ctx context.Context, goCmd, modPath string) (string, error) {
	if goCmd == "" {
		goCmd = "go"
	}
	if out, err := exec.CommandContext(ctx, goCmd, "env", "GOMOD").Output(); err == nil {
		gomod := strings.TrimSpace(string(out))
		if gomod != "" && gomod != os.DevNull && ModulePathOf(gomod) == modPath {
			return filepath.Dir(gomod), nil
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		for dir := filepath.Dir(file); ; {
			if ModulePathOf(filepath.Join(dir, "go.mod")) == modPath {
				return dir, nil
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return "", fmt.Errorf("cannot find the source of %s: run from inside its checkout", modPath)
}

var moduleLine = regexp.MustCompile(`(?m)^module\s+"?([^\s"]+)"?\s*$`)

// ModulePathOf returns the module path declared by the go.mod file at
// gomod, "" if it cannot be read.
func ModulePathOf(gomod string) string {
	data, err := os.ReadFile(gomod)
	if err != nil {
		return ""
	}
	m := moduleLine.FindSubmatch(data)
	if m == nil {
		return ""
	}
	return string(m[1])
}

// HashSources returns a SHA-256 (hex) over every file under root that can
// affect a build: go.mod, go.sum and the non-test .go, .s, .c and .h
// files, skipping hidden and underscore directories, testdata, nested
// modules and the sub-trees in exclude (slash-separated, relative to root).
func HashSources(root string, exclude []string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || slices.Contains(exclude, rel)) {
				return filepath.SkipDir
			}
			if rel != "." {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // a nested module
				}
			}
			return nil
		}
		name := d.Name()
		switch {
		case name == "go.mod", name == "go.sum":
		case strings.HasSuffix(name, "_test.go"):
			return nil
		case strings.HasSuffix(name, ".go"), strings.HasSuffix(name, ".s"), strings.HasSuffix(name, ".h"), strings.HasSuffix(name, ".c"):
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", rel, len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("hashing sources: %v", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// WriteAtomic writes data to dir/name through a temporary file and a
// rename, so that a reader never sees a partial file.
func WriteAtomic(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, name+".tmp*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), filepath.Join(dir, name))
}

// CacheDir returns os.UserCacheDir()/cryptolab/sub (the temporary
// directory's when there is no user cache directory).
func CacheDir(sub string) string {
	ucd, err := os.UserCacheDir()
	if err != nil {
		ucd = os.TempDir()
	}
	return filepath.Join(ucd, "cryptolab", sub)
}

// Binary describes a cached build of one package of the module.
type Binary struct {
	Pkg      string   // package to build, relative to the module root, e.g. "./cmd/cryptolab"
	Name     string   // file name prefix in the cache, e.g. "cryptolab-purego"
	Tags     []string // build tags
	Env      []string // added to the go command's environment (e.g. CGO_ENABLED=1)
	Version  string   // part of the cache key; change it when what is built changes meaning
	Root     string   // module root; default FindModuleRoot
	GoCmd    string   // default "go"
	CacheDir string   // default CacheDir("peers")
}

// Build returns the path of the binary, building it unless the cache
// already holds one for this go version, target, tags, environment and
// source tree. It reports whether it was built now. Older builds of the
// same Name are removed.
func (b Binary) Build(ctx context.Context) (path string, built bool, err error) {
	goCmd := b.GoCmd
	if goCmd == "" {
		goCmd = "go"
	}
	root := b.Root
	if root == "" {
		if root, err = FindModuleRoot(ctx, goCmd, ModulePath); err != nil {
			return "", false, err
		}
	}
	envCmd := exec.CommandContext(ctx, goCmd, "env", "GOVERSION", "GOOS", "GOARCH", "GOAMD64", "GOARM64", "CC")
	envCmd.Env = append(os.Environ(), b.Env...)
	envOut, err := envCmd.Output()
	if err != nil {
		return "", false, fmt.Errorf("go env: %v", err)
	}
	src, err := HashSources(root, nil)
	if err != nil {
		return "", false, err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%q\n%q\n%s\n%s\n", b.Version, b.Pkg, b.Tags, b.Env, envOut, src)
	key := hex.EncodeToString(h.Sum(nil))[:24]

	dir := b.CacheDir
	if dir == "" {
		dir = CacheDir("peers")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", false, err
	}
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	prefix := b.Name + "-"
	path = filepath.Join(dir, prefix+key+exe)
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		return path, false, nil
	}
	tmp := path + ".tmp" + strconv.Itoa(os.Getpid())
	args := []string{"build", "-trimpath", "-o", tmp}
	if len(b.Tags) > 0 {
		args = append(args, "-tags", strings.Join(b.Tags, ","))
	}
	cmd := exec.CommandContext(ctx, goCmd, append(args, b.Pkg)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), b.Env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		return "", false, fmt.Errorf("go build %s: %v: %s", strings.Join(append(args[1:2], b.Pkg), " "), err, strings.TrimSpace(stderr.String()))
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return "", false, err
	}
	if old, _ := filepath.Glob(filepath.Join(dir, prefix+"*")); old != nil {
		for _, o := range old {
			if o != path && !strings.Contains(o, ".tmp") {
				os.Remove(o)
			}
		}
	}
	return path, true, nil
}
