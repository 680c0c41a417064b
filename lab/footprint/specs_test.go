package footprint_test

import (
	"context"
	"testing"

	_ "github.com/cryptolab-go/cryptolab/lab/cases"
	"github.com/cryptolab-go/cryptolab/lab/footprint"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// TestRegisteredSpecsCompile compiles the minimal program of every
// registered footprint spec (one go build for all, no linking), so a library
// API change that breaks a spec's body fails here rather than as a note in a
// report.
func TestRegisteredSpecsCompile(t *testing.T) {
	var progs []footprint.Program
	var names []string
	seen := map[string]bool{}
	for _, c := range suite.Cases() {
		s := c.Footprint
		if s == nil || seen[s.Body] {
			continue
		}
		seen[s.Body] = true
		progs = append(progs, footprint.Program{Imports: s.Imports, Body: s.Body})
		names = append(names, c.Name)
	}
	if len(progs) == 0 {
		t.Fatal("no footprint specs registered")
	}
	if err := (&footprint.Builder{CacheDir: "off"}).Compile(context.Background(), progs); err != nil {
		for i, n := range names {
			t.Logf("p%03d: %s", i, n)
		}
		t.Fatal(err)
	}
	t.Logf("%d distinct footprint programs compile", len(progs))
}
