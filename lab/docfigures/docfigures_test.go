package docfigures

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// TestBlocksCurrent fails when a generated block in a package doc differs
// from what its snapshot gives (someone edited the figures by hand, or
// stored a new snapshot without running go generate ./lab/docfigures).
func TestBlocksCurrent(t *testing.T) {
	runs, err := LoadSnapshots(".", Blocks)
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range Files(Blocks) {
		src, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		out, err := Rewrite(file, src, Blocks, runs)
		if err != nil {
			t.Error(err)
			continue
		}
		if string(out) != string(src) {
			t.Errorf("%s: generated figures are stale: run go generate ./lab/docfigures", file)
		}
	}
}

// TestSnapshotsTrimmed keeps the committed snapshots small: no per-batch
// samples, method texts or instruction counts, and no result no table reads.
func TestSnapshotsTrimmed(t *testing.T) {
	runs, err := LoadSnapshots(".", Blocks)
	if err != nil {
		t.Fatal(err)
	}
	for suite, r := range runs {
		if len(r.Machine.Methods) != 0 {
			t.Errorf("%s: snapshot keeps the method texts", suite)
		}
		for _, res := range r.Results {
			if len(res.Ns.Samples)+len(res.CPUNs.Samples)+len(res.WallNs.Samples) != 0 || res.Instructions != nil || !used(res, suite, Blocks) {
				t.Errorf("%s: %s/%s/%s keeps samples or instruction counts, or no table reads it", suite, res.Case, res.Impl, res.Config)
				break
			}
		}
	}
}

func TestRewrite(t *testing.T) {
	run := &result.Run{
		Schema:  result.SchemaVersion,
		Machine: result.Machine{CPUModel: "Test CPU", GoVersion: "go1.x"},
		Config:  result.RunConfig{Suites: []string{"s"}, MinTimeNs: 2e8, Peers: true},
		Results: []result.Result{
			{Impl: "cryptolab", Config: "A", Status: result.StatusOK, Params: map[string]string{"op": "x"}, Ns: result.Stats{Median: 12345}, Stack: 1234},
			{Impl: "cryptolab", Config: "A", Status: result.StatusOK, Params: map[string]string{"op": "y"}, Ns: result.Stats{Median: 1.5e6}},
			{Impl: "go", Status: result.StatusOK, Params: map[string]string{"op": "x"}, Ns: result.Stats{Median: 987}},
		},
	}
	tables := []Table{{
		File: "f.go", Name: "t", Suite: "s",
		Cols: []Col{{Head: "x", Params: map[string]string{"op": "x"}}, {Head: "y", Params: map[string]string{"op": "y"}}, {Head: "stack x", Params: map[string]string{"op": "x"}, Metric: Stack}},
		Rows: []Row{{Head: "A", Impl: "cryptolab", Config: "A"}, {Head: "go", Impl: "go", Note: "(peer)"}},
	}}
	src := "package f\n\n// Doc.\n//\n" + beginPrefix + "t) old\n// old table\n" + endLine + "\n//\n// More.\n"
	out, err := Rewrite("f.go", []byte(src), tables, map[string]*result.Run{"s": run})
	if err != nil {
		t.Fatal(err)
	}
	want := "//\t          x        y  stack x\n" +
		"//\tA   12.3 µs  1.50 ms  1,234 B\n" +
		"//\tgo   987 ns        —        —  (peer)\n"
	if !strings.Contains(string(out), want) || !strings.HasSuffix(string(out), endLine+"\n//\n// More.\n") || strings.Contains(string(out), "old") {
		t.Errorf("Rewrite gave\n%s", out)
	}
	// Idempotent.
	again, err := Rewrite("f.go", out, tables, map[string]*result.Run{"s": run})
	if err != nil || string(again) != string(out) {
		t.Errorf("second Rewrite differs (%v)", err)
	}
	// A split cell: one result per value, in the unit of the largest.
	split := []Table{{
		File: "f.go", Name: "t", Suite: "s",
		Cols: []Col{{Head: "x/y", Split: "op", Values: []string{"x", "y", "z"}}},
		Rows: []Row{{Head: "A", Impl: "cryptolab", Config: "A"}},
	}}
	out, err = Rewrite("f.go", []byte(src), split, map[string]*result.Run{"s": run})
	if err != nil || !strings.Contains(string(out), "//\tA  0.01 / 1.50 / — ms\n") {
		t.Errorf("split cell: %v\n%s", err, out)
	}
	if _, err := Rewrite("f.go", []byte("package f\n"), tables, map[string]*result.Run{"s": run}); err == nil {
		t.Error("missing block: no error")
	}
	if _, err := Rewrite("f.go", []byte(beginPrefix+"t)\n"), tables, map[string]*result.Run{"s": run}); err == nil {
		t.Error("unterminated block: no error")
	}
}
