// Package acvp loads NIST ACVP test vectors for cryptolab's tests.
//
// The vectors come from the Go module github.com/geomys/acvp-testdata at the
// version pinned in [Version]: the same trimmed, bzip2-compressed JSON that
// the Go standard library's FIPS 140-3 tests use. As those tests do, the
// module is fetched with "go mod download -json" into the module cache, so a
// second run needs no network. Setting CRYPTOLAB_ACVP_DIR to an unpacked copy
// of the module skips the download.
//
// Each file under vectors/ holds one or more ACVP vector sets (prompts); the
// file of the same name under expected/ holds the validated answers. Load
// merges the two by tgId and tcId so a test sees one record per case.
//
// Provenance: the data were obtained from the NIST ACVTS demo server and are
// redistributed by Geomys under the NIST software notice reproduced in the
// module's README.
package acvp

import (
	"compress/bzip2"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Module and Version pin the test-data module.
const (
	Module  = "github.com/geomys/acvp-testdata"
	Version = "v0.0.0-20251201200548-d893de8b8b1c"
)

var (
	dirOnce sync.Once
	dirPath string
	dirErr  error
)

// ModuleDir returns the directory of the unpacked test-data module,
// downloading it into the module cache on first use.
func ModuleDir() (string, error) {
	dirOnce.Do(func() {
		if d := os.Getenv("CRYPTOLAB_ACVP_DIR"); d != "" {
			dirPath = d
			return
		}
		goTool := filepath.Join(goroot(), "bin", "go")
		if _, err := os.Stat(goTool); err != nil {
			goTool = "go"
		}
		cmd := exec.Command(goTool, "mod", "download", "-json", Module+"@"+Version)
		// Run outside any module so the project's go.mod is never touched.
		cmd.Dir = os.TempDir()
		cmd.Env = append(os.Environ(), "GO111MODULE=on", "GOFLAGS=-mod=mod")
		out, err := cmd.Output()
		if err != nil {
			msg := ""
			if ee, ok := err.(*exec.ExitError); ok {
				msg = string(ee.Stderr)
			}
			dirErr = fmt.Errorf("acvp: go mod download %s@%s: %v %s %s", Module, Version, err, msg, out)
			return
		}
		var info struct{ Dir, Error string }
		if err := json.Unmarshal(out, &info); err != nil {
			dirErr = fmt.Errorf("acvp: parsing go mod download output: %v", err)
			return
		}
		if info.Error != "" || info.Dir == "" {
			dirErr = fmt.Errorf("acvp: go mod download: %s", info.Error)
			return
		}
		dirPath = info.Dir
	})
	return dirPath, dirErr
}

// goroot is the toolchain that runs the tests; the tests' go command is
// preferred over whatever "go" is first on PATH.
func goroot() string {
	if r := os.Getenv("GOROOT"); r != "" {
		return r
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// Fields is one JSON object of a vector file, decoded lazily.
type Fields map[string]json.RawMessage

// VectorSet is one ACVP prompt with its expected answers merged in.
type VectorSet struct {
	Algorithm string
	Mode      string
	Revision  string
	Fields    Fields
	Groups    []*Group
}

// Group is one test group (tgId) of a vector set.
type Group struct {
	TgID     int
	Fields   Fields // from the prompt
	Expected Fields // group-level answers, if any
	Tests    []*Test
}

// Test is one test case (tcId): the prompt's fields and the expected answer.
type Test struct {
	TcID     int
	Fields   Fields
	Expected Fields
	Group    *Group
}

// Load reads vectors/NAME.bz2 and expected/NAME.bz2 and merges them. It fails
// the test if the module cannot be fetched or parsed; it never skips.
func Load(tb testing.TB, name string) []*VectorSet {
	tb.Helper()
	dir, err := ModuleDir()
	if err != nil {
		tb.Fatal(err)
	}
	sets, err := LoadDir(dir, name)
	if err != nil {
		tb.Fatal(err)
	}
	return sets
}

// LoadDir is Load for an explicit module directory.
func LoadDir(dir, name string) ([]*VectorSet, error) {
	var prompts, answers []Fields
	if err := readBz2JSON(filepath.Join(dir, "vectors", name+".bz2"), &prompts); err != nil {
		return nil, err
	}
	if err := readBz2JSON(filepath.Join(dir, "expected", name+".bz2"), &answers); err != nil {
		return nil, err
	}
	// Element 0 of both files is the session header.
	var sets []*VectorSet
	for i := 1; i < len(prompts); i++ {
		vs, err := parseSet(prompts[i])
		if err != nil {
			return nil, fmt.Errorf("acvp: %s set %d: %v", name, i, err)
		}
		if i < len(answers) {
			if err := mergeExpected(vs, answers[i]); err != nil {
				return nil, fmt.Errorf("acvp: %s set %d expected: %v", name, i, err)
			}
		}
		sets = append(sets, vs)
	}
	if len(sets) == 0 {
		return nil, fmt.Errorf("acvp: %s: no vector sets", name)
	}
	return sets, nil
}

func readBz2JSON(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("acvp: %v", err)
	}
	defer f.Close()
	if err := json.NewDecoder(bzip2.NewReader(f)).Decode(v); err != nil {
		return fmt.Errorf("acvp: %s: %v", path, err)
	}
	return nil
}

func parseSet(f Fields) (*VectorSet, error) {
	vs := &VectorSet{Fields: f}
	vs.Algorithm = f.String("algorithm")
	vs.Mode = f.String("mode")
	vs.Revision = f.String("revision")
	var groups []Fields
	if err := json.Unmarshal(f["testGroups"], &groups); err != nil {
		return nil, err
	}
	for _, gf := range groups {
		g := &Group{TgID: gf.Int("tgId"), Fields: gf}
		var tests []Fields
		if err := json.Unmarshal(gf["tests"], &tests); err != nil {
			return nil, err
		}
		for _, tf := range tests {
			g.Tests = append(g.Tests, &Test{TcID: tf.Int("tcId"), Fields: tf, Group: g})
		}
		vs.Groups = append(vs.Groups, g)
	}
	return vs, nil
}

func mergeExpected(vs *VectorSet, f Fields) error {
	var groups []Fields
	if err := json.Unmarshal(f["testGroups"], &groups); err != nil {
		return err
	}
	byGroup := map[int]*Group{}
	for _, g := range vs.Groups {
		byGroup[g.TgID] = g
	}
	for _, gf := range groups {
		g, ok := byGroup[gf.Int("tgId")]
		if !ok {
			return fmt.Errorf("answer for unknown tgId %d", gf.Int("tgId"))
		}
		g.Expected = gf
		var tests []Fields
		if err := json.Unmarshal(gf["tests"], &tests); err != nil {
			return err
		}
		byTest := map[int]*Test{}
		for _, t := range g.Tests {
			byTest[t.TcID] = t
		}
		for _, tf := range tests {
			t, ok := byTest[tf.Int("tcId")]
			if !ok {
				return fmt.Errorf("answer for unknown tcId %d", tf.Int("tcId"))
			}
			t.Expected = tf
		}
	}
	return nil
}

// Has reports whether the key is present.
func (f Fields) Has(key string) bool { _, ok := f[key]; return ok }

// String returns a string field, or "" if absent or not a string.
func (f Fields) String(key string) string {
	var s string
	if raw, ok := f[key]; ok {
		_ = json.Unmarshal(raw, &s)
	}
	return s
}

// Int returns an integer field, or 0 if absent.
func (f Fields) Int(key string) int {
	raw, ok := f[key]
	if !ok {
		return 0
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err == nil {
		i, _ := strconv.Atoi(n.String())
		return i
	}
	return 0
}

// Bool returns a boolean field, or false if absent.
func (f Fields) Bool(key string) bool {
	var b bool
	if raw, ok := f[key]; ok {
		_ = json.Unmarshal(raw, &b)
	}
	return b
}

// Hex decodes a hexadecimal string field. It panics on malformed data, which
// is a broken test-data module, not a test outcome.
func (f Fields) Hex(key string) []byte {
	b, err := hex.DecodeString(f.String(key))
	if err != nil {
		panic(fmt.Sprintf("acvp: field %q is not hex: %v", key, err))
	}
	return b
}

// Decode unmarshals a field into v.
func (f Fields) Decode(key string, v any) error {
	raw, ok := f[key]
	if !ok {
		return fmt.Errorf("acvp: no field %q", key)
	}
	return json.Unmarshal(raw, v)
}

// Get looks a key up in the test, then its expected answer, then the group's
// prompt, then the group's expected answer, and returns the first that has it.
func (t *Test) Get(key string) Fields {
	for _, f := range []Fields{t.Fields, t.Expected, t.Group.Fields, t.Group.Expected} {
		if f.Has(key) {
			return f
		}
	}
	return Fields{}
}

// Hex is Get(key).Hex(key).
func (t *Test) Hex(key string) []byte { return t.Get(key).Hex(key) }

// String is Get(key).String(key).
func (t *Test) String(key string) string { return t.Get(key).String(key) }

// Int is Get(key).Int(key).
func (t *Test) Int(key string) int { return t.Get(key).Int(key) }

// Bool is Get(key).Bool(key).
func (t *Test) Bool(key string) bool { return t.Get(key).Bool(key) }

// Has reports whether the test, its answer or its group has the key.
func (t *Test) Has(key string) bool { return t.Get(key).Has(key) }
