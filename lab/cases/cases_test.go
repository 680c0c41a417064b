package cases

import (
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/reference"
	"github.com/cryptolab-go/cryptolab/lab/suite"
	"github.com/cryptolab-go/cryptolab/x25519"
)

// TestCasesMatchReference checks every registered case against the
// embedded STM32 tables: each of ours names exactly one published row on
// every platform, each peer at least
// one; names are unique per implementation and configuration; ours carry a
// footprint spec exactly when the table has a footprint table; and
// together ours cover every published row of their tables, at most once per configuration of ours (tables without a
// config column, such as ML-KEM's, are covered once by each configuration).
func TestCasesMatchReference(t *testing.T) {
	d, err := reference.Load()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	covered := map[string]map[string]map[string]int{} // table -> row key -> our Config -> count
	for _, c := range suite.Cases() {
		if c.Setup == nil || c.Name == "" || c.Impl == "" || !slices.Contains(suite.Suites(), c.Suite) {
			t.Errorf("incomplete case %+v", c)
			continue
		}
		if catalog.IsBeyond(c.Table) {
			checkBeyondCase(t, c)
			key := c.Table + "|" + c.Name + "|" + c.Impl + "|" + c.Config
			if seen[key] {
				t.Errorf("duplicate case %s", key)
			}
			seen[key] = true
			continue
		}
		tab, ok := d.Table(c.Table)
		if !ok {
			t.Errorf("%s: unknown table %q", c.Name, c.Table)
			continue
		}
		ours := c.Impl == ImplOurs
		// A configuration of ours that the pages lack (aes Native, ecdsa
		// Native-Low/High) leaves a configuration column of the table
		// ("config"; "math_config") out of its Params: it must match
		// published rows on its other columns, not one row exactly.
		offPage := ours && slices.ContainsFunc(catalog.ConfigColumns(c.Table), func(col string) bool {
			return tab.Has(col) && c.Params[col] == ""
		})
		if err := d.Check(c.Table, c.Params, ours && !offPage); err != nil {
			t.Errorf("%s (%s %s): %v", c.Name, c.Impl, c.Config, err)
		}
		fpTable := reference.FootprintTable(c.Table)
		if (ours && fpTable != "") != (c.Footprint != nil) {
			t.Errorf("%s (%s %s): footprint spec %v, footprint table %q", c.Name, c.Impl, c.Config, c.Footprint, fpTable)
		}
		if c.Footprint != nil {
			fp := c.Footprint.Params
			if offPage && tab.Has("config") {
				if fp["config"] != c.Config {
					t.Errorf("%s (%s): footprint config %q", c.Name, c.Config, fp["config"])
				}
				fp = maps.Clone(fp)
				delete(fp, "config")
			}
			if err := d.Check(c.Footprint.Table, fp, !offPage); err != nil {
				t.Errorf("%s (%s) footprint: %v", c.Name, c.Config, err)
			}
			if c.Footprint.Table != fpTable {
				t.Errorf("%s: footprint table %s for %s", c.Name, c.Footprint.Table, c.Table)
			}
			if len(c.Footprint.Imports) == 0 || strings.TrimSpace(c.Footprint.Body) == "" {
				t.Errorf("%s (%s): empty footprint program", c.Name, c.Config)
			}
		}
		if tab.Has("config") && !offPage && (c.Config != c.Params["config"]) {
			t.Errorf("%s: Config %q but params config %q", c.Name, c.Config, c.Params["config"])
		}
		if !ours && (c.Config != "" || c.Params["config"] != "") {
			t.Errorf("%s (%s): a peer with a configuration", c.Name, c.Impl)
		}
		key := c.Name + "|" + c.Impl + "|" + c.Config
		if seen[key] {
			t.Errorf("duplicate case %s", key)
		}
		seen[key] = true
		if ours && !offPage {
			if covered[c.Table] == nil {
				covered[c.Table] = map[string]map[string]int{}
			}
			k := paramKey(c.Params)
			if covered[c.Table][k] == nil {
				covered[c.Table][k] = map[string]int{}
			}
			covered[c.Table][k][c.Config]++
		}
	}
	for table, rows := range covered {
		tab, _ := d.Table(table)
		published := map[string]bool{}
		for _, r := range d.Lookup(table, reference.DefaultPlatform, nil) {
			p := map[string]string{}
			for i, col := range tab.Columns {
				if col != "platform" && !reference.IsMeasure(col) {
					p[col] = r.Values[i]
				}
			}
			k := paramKey(p)
			published[k] = true
			if len(rows[k]) == 0 {
				t.Errorf("%s: published row %s has no case of ours", table, k)
			}
			for cfg, n := range rows[k] {
				if n != 1 {
					t.Errorf("%s: row %s covered %d times by configuration %q", table, k, n, cfg)
				}
			}
		}
		for k := range rows {
			if !published[k] {
				t.Errorf("%s: our row %s is not published on %s", table, k, reference.DefaultPlatform)
			}
		}
	}
}

// checkBeyondCase checks a case of a table beyond the pages (no reference
// to match): its suite is its family's, a case of ours names exactly the
// table's configuration and operation columns (the page's "config" column
// carrying its Config) and a peer exactly the operation columns; ours have
// a footprint spec exactly when the table has a footprint table, naming
// exactly that table's columns with the case's values.
func checkBeyondCase(t *testing.T, c suite.Case) {
	t.Helper()
	f, tb, ok := catalog.TableOf(c.Table)
	if !ok {
		t.Errorf("%s: unknown table %q", c.Name, c.Table)
		return
	}
	if c.Suite != f.Suite {
		t.Errorf("%s: suite %q in table %s of suite %q", c.Name, c.Suite, c.Table, f.Suite)
	}
	ours := c.Impl == ImplOurs
	cols := slices.Clone(tb.Operation)
	if ours {
		cols = append(cols, tb.Config...)
	}
	if got, want := slices.Sorted(maps.Keys(c.Params)), slices.Sorted(slices.Values(cols)); !slices.Equal(got, want) {
		t.Errorf("%s (%s %s): params %v, want the columns %v", c.Name, c.Impl, c.Config, got, want)
	}
	for k, v := range c.Params {
		if v == "" {
			t.Errorf("%s (%s %s): empty %s", c.Name, c.Impl, c.Config, k)
		}
	}
	if ours && slices.Contains(tb.Config, "config") && c.Params["config"] != c.Config {
		t.Errorf("%s: Config %q but params config %q", c.Name, c.Config, c.Params["config"])
	}
	if !ours && c.Config != "" {
		t.Errorf("%s (%s): a peer with a configuration", c.Name, c.Impl)
	}
	if (ours && tb.Footprint != "") != (c.Footprint != nil) {
		t.Errorf("%s (%s %s): footprint spec %v, footprint table %q", c.Name, c.Impl, c.Config, c.Footprint, tb.Footprint)
	}
	if c.Footprint == nil {
		return
	}
	ft, ok := catalog.FootprintOf(c.Footprint.Table)
	if !ok || c.Footprint.Table != tb.Footprint {
		t.Errorf("%s: footprint table %s for %s", c.Name, c.Footprint.Table, c.Table)
		return
	}
	fcols := append(slices.Clone(ft.Config), ft.Operation...)
	if got, want := slices.Sorted(maps.Keys(c.Footprint.Params)), slices.Sorted(slices.Values(fcols)); !slices.Equal(got, want) {
		t.Errorf("%s (%s) footprint params %v, want %v", c.Name, c.Config, got, want)
	}
	for k, v := range c.Footprint.Params {
		if c.Params[k] != v {
			t.Errorf("%s (%s) footprint %s=%s, case %s", c.Name, c.Config, k, v, c.Params[k])
		}
	}
	if len(c.Footprint.Imports) == 0 || strings.TrimSpace(c.Footprint.Body) == "" {
		t.Errorf("%s (%s): empty footprint program", c.Name, c.Config)
	}
}

func paramKey(p map[string]string) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(p)) {
		b.WriteString(k + "=" + p[k] + ";")
	}
	return b.String()
}

// TestCasesRun runs every case's operation a few times: setups succeed, no
// operation fails, and our data-flow cases allocate nothing. The LMS rows
// beyond the page run one parameter set per function (their setup and
// operation code is the same for every set; the others cost 3 s more here,
// key generation of H10 and W8 trees, and far more under emulation):
// CRYPTOLAB_LONG=1 runs them all.
func TestCasesRun(t *testing.T) {
	long := os.Getenv("CRYPTOLAB_LONG") != ""
	for _, c := range suite.Cases() {
		if c.Table == "lms_beyond" && !long && c.Params["suite"] != "LMS_N32_H5_W4_SHA256" && c.Params["suite"] != "LMS_N24_H10_W4_SHA256_192" {
			continue
		}
		op, working, err := c.Setup()
		if err != nil {
			t.Errorf("%s (%s %s): setup: %v", c.Name, c.Impl, c.Config, err)
			continue
		}
		if working <= 0 {
			t.Errorf("%s (%s %s): working memory %d", c.Name, c.Impl, c.Config, working)
		}
		for range 3 {
			if err := op(); err != nil {
				t.Fatalf("%s (%s %s): %v", c.Name, c.Impl, c.Config, err)
			}
		}
		if c.Impl == ImplOurs && allocates[c.Table+"/"+c.Params["operation"]+c.Params["function"]] == "" {
			if a := testing.AllocsPerRun(5, func() { op() }); a != 0 {
				t.Errorf("%s (%s): %v allocations per operation", c.Name, c.Config, a)
			}
		}
	}
}

// allocates lists the operations of ours whose API returns new memory (a
// key object, a signature), with the reason; every other case of ours
// must allocate nothing.
var allocates = map[string]string{
	"x25519/Key generation":     "x25519.NewPrivateKey returns a new 80-byte key",
	"lms_beyond/Key generation": "lms.GenerateKey returns a new key and its tree",
}

func TestCounts(t *testing.T) {
	aesN := len(aesConfigs) // Small, Fast and, with AES instructions, Native
	count := map[string]int{}
	for _, c := range suite.Cases() {
		count[c.Table+"/"+c.Impl]++
	}
	want := map[string]int{
		"sha_sole/cryptolab": 6, "sha_sole/go": 6,
		"sha_flow/cryptolab": 8, "sha_flow/go": 8,
		"sha_tag/cryptolab": 2, "sha_tag/go": 2,
		"aes_cbc_sole/cryptolab": 18 * aesN, "aes_cbc_sole/go": 18,
		"aes_cbc_flow/cryptolab": 24 * aesN, "aes_cbc_flow/go": 24,
		"eddsa/cryptolab": 8, "eddsa/go": 2, "eddsa/circl": 2,
		"rsa/cryptolab": 18, "rsa/go": 3,
		"lms/cryptolab": 8, "lms/hash-bound": 4,
		"mldsa/cryptolab": 15 + 9*(len(mldsaConfigs)-2), "mldsa/circl": 9, "mldsa/filippo.io/mldsa": 9,
		// Beyond the pages.
		"x25519/go": 2, "x25519/circl": 2,
		"mldsa_beyond/cryptolab": 3,
		"lms_beyond/cryptolab":   2 * (3 + 8 + 6),
	}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d cases, want %d", k, count[k], n)
		}
	}
	// X25519: two cases (shared secret, key generation) for Small and
	// SuperFast, and for Native exactly where x25519.Native() is the
	// assembly (BMI2 and ADX, not purego), none otherwise.
	perConfig := map[string]int{}
	for _, c := range suite.Cases() {
		if c.Table == "x25519" && c.Impl == "cryptolab" {
			perConfig[c.Config]++
		}
	}
	wantX := map[string]int{"Small": 2, "SuperFast": 2}
	if x25519.Native().String() == "Native" {
		wantX["Native"] = 2
	}
	if len(perConfig) != len(wantX) {
		t.Errorf("x25519 configurations with cases: %v, want %v", perConfig, wantX)
	}
	for cfg, n := range wantX {
		if perConfig[cfg] != n {
			t.Errorf("x25519/cryptolab %s: %d cases, want %d", cfg, perConfig[cfg], n)
		}
	}
}
