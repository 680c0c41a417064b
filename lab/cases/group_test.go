package cases

import (
	"slices"
	"testing"

	"github.com/cryptolab-go/cryptolab/ecdsa"
	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/reference"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// TestOneInterleavedGroupPerRow checks that the harness measures every
// published row as one interleaved group holding all our configurations of
// that table and every in-process peer registered on the row: the cases
// that match one published row (ours through their page configuration
// values, peers through the operation columns) all fall into one group of
// measure.Groups, which holds nothing else, and each group of a table has
// every configuration of ours that the table has, except a configuration
// the page has no row for at that operation point (ML-DSA key generation
// is published only without low RAM, so LowRAM has no keyGen case).
func TestOneInterleavedGroupPerRow(t *testing.T) {
	d, err := reference.Load()
	if err != nil {
		t.Fatal(err)
	}
	all := suite.Cases()
	groups := measure.Groups(all)
	groupOf := map[string]int{} // case identity -> group index
	id := func(c suite.Case) string { return c.Table + "|" + c.Name + "|" + c.Impl + "|" + c.Config }
	configs := map[string][]string{} // table -> our configurations
	for gi, g := range groups {
		for _, c := range g {
			groupOf[id(c)] = gi
			if c.Impl == ImplOurs && !slices.Contains(configs[c.Table], c.Config) {
				configs[c.Table] = append(configs[c.Table], c.Config)
			}
			if k := catalog.RowKey(c.Table, c.Params); k != catalog.RowKey(g[0].Table, g[0].Params) {
				t.Errorf("group %d mixes rows %s and %s", gi, k, catalog.RowKey(g[0].Table, g[0].Params))
			}
		}
	}
	for gi, g := range groups {
		// A table without configuration columns (SHA) has nothing to
		// complete: its one case of ours per row names the code the
		// processor runs, which can differ between the rows of one table
		// (SHA-384 "Native" on AVX and BMI2, SHA-256 "" without the SHA
		// extensions: Skylake-SP and Cascade Lake Xeons).
		if _, tb, _ := catalog.TableOf(g[0].Table); tb != nil && len(tb.Config) == 0 {
			continue
		}
		var have []string
		for _, c := range g {
			if c.Impl == ImplOurs {
				have = append(have, c.Config)
			}
		}
		for _, cfg := range configs[g[0].Table] {
			if !slices.Contains(have, cfg) && published(d, g[0].Table, catalog.PageParams(g[0].Table, cfg, opParams(g[0]))) {
				t.Errorf("group %d (%s): configuration %s measured apart from the others", gi, g[0].Name, cfg)
			}
		}
	}
	rows := 0
	for _, f := range catalog.Families() {
		for _, tb := range f.Tables {
			if tb.Beyond {
				continue // TestBeyondGroups
			}
			rt, ok := d.Table(tb.Table)
			if !ok {
				t.Fatalf("no reference table %s", tb.Table)
			}
			for _, r := range d.Lookup(tb.Table, rt.Platforms()[0], nil) {
				p := r.Params()
				var in []int
				var impls []string
				for _, c := range all {
					if c.Table != tb.Table {
						continue
					}
					match := true
					for k, v := range c.Params {
						if p[k] != v {
							match = false
						}
					}
					if c.Impl != ImplOurs && catalog.RowKey(c.Table, c.Params) != catalog.RowKey(tb.Table, p) {
						match = false
					}
					if match {
						in = append(in, groupOf[id(c)])
						impls = append(impls, c.Impl)
					}
				}
				if len(in) == 0 {
					continue
				}
				rows++
				slices.Sort(in)
				if in = slices.Compact(in); len(in) != 1 {
					t.Errorf("%s %v: its cases (%v) are measured in %d separate groups", tb.Table, p, impls, len(in))
				}
			}
		}
	}
	if rows == 0 {
		t.Fatal("no published row has cases")
	}
	// ECDSA, explicitly: every configuration (four, and Native-Low/High
	// where the processor runs them) and the Go peer per row.
	for _, g := range groups {
		if want := len(ecdsa.Configs()) + 1; g[0].Table == "ecdsa" && len(g) != want {
			t.Errorf("ECDSA group %s has %d cases, want %d configurations + go", g[0].Name, len(g), want-1)
		}
	}
}

// opParams returns the operation columns of a case's row (its Params
// without the table's configuration columns).
func opParams(c suite.Case) map[string]string {
	_, tb, _ := catalog.TableOf(c.Table)
	out := map[string]string{}
	for k, v := range c.Params {
		if tb == nil || !slices.Contains(tb.Config, k) {
			out[k] = v
		}
	}
	return out
}

// published reports whether the reference has a row of table with params.
func published(d *reference.Dataset, table string, params map[string]string) bool {
	return len(d.Lookup(table, reference.DefaultPlatform, params)) > 0
}

// TestBeyondGroups checks the tables beyond the pages as
// TestOneInterleavedGroupPerRow checks the published ones: their rows
// are the operation points the cases name, each is one interleaved group
// of nothing else, and each group holds every configuration of ours and
// every in-process peer registered in the table (each at most once per
// configuration column value: the LMS signing rows have one case per
// configuration and tree cache).
func TestBeyondGroups(t *testing.T) {
	groups := measure.Groups(suite.Cases())
	tables := 0
	for _, f := range catalog.Families() {
		for _, tb := range f.Tables {
			if !tb.Beyond {
				continue
			}
			var configs, peers []string
			for _, c := range suite.Cases() {
				if c.Table != tb.Table {
					continue
				}
				if c.Impl == ImplOurs && !slices.Contains(configs, c.Config) {
					configs = append(configs, c.Config)
				}
				if c.Impl != ImplOurs && !slices.Contains(peers, c.Impl) {
					peers = append(peers, c.Impl)
				}
			}
			if len(configs) == 0 {
				t.Errorf("%s: no case of ours", tb.Table)
				continue
			}
			tables++
			n := 0
			for _, g := range groups {
				if g[0].Table != tb.Table {
					continue
				}
				n++
				var have, havePeers []string
				seen := map[string]bool{}
				for _, c := range g {
					if c.Table != tb.Table || catalog.RowKey(c.Table, c.Params) != catalog.RowKey(g[0].Table, g[0].Params) {
						t.Errorf("group %s mixes %s %v", g[0].Name, c.Table, c.Params)
					}
					if k := c.Impl + "|" + catalog.Key(c.Table, c.Params); seen[k] {
						t.Errorf("group %s: %s twice", g[0].Name, k)
					} else {
						seen[k] = true
					}
					if c.Impl == ImplOurs {
						have = append(have, c.Config)
					} else {
						havePeers = append(havePeers, c.Impl)
					}
				}
				for _, cfg := range configs {
					if !slices.Contains(have, cfg) {
						t.Errorf("%s group %s: configuration %s measured apart from the others", tb.Table, g[0].Name, cfg)
					}
				}
				for _, p := range peers {
					if !slices.Contains(havePeers, p) {
						t.Errorf("%s group %s: peer %s measured apart", tb.Table, g[0].Name, p)
					}
				}
			}
			if n == 0 {
				t.Errorf("%s: no group", tb.Table)
			}
		}
	}
	if tables < 3 {
		t.Errorf("%d Beyond tables with cases, want X25519, ML-DSA and LMS", tables)
	}
}
