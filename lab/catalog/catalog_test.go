package catalog_test

import (
	"slices"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/reference"
)

// TestMatchesReference checks the catalogue against the embedded TSVs:
// every published table is described, in page order, and each table's
// configuration and operation columns are exactly its label columns.
func TestMatchesReference(t *testing.T) {
	ref, err := reference.Load()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range catalog.Families() {
		for _, tb := range f.Tables {
			if tb.Beyond {
				continue // TestBeyondTables
			}
			names = append(names, tb.Table)
			if tb.Footprint != "" && !slices.Contains(names, tb.Footprint) {
				names = append(names, tb.Footprint)
			}
			rt, ok := ref.Table(tb.Table)
			if !ok {
				t.Errorf("%s: no reference table", tb.Table)
				continue
			}
			checkColumns(t, tb.Table, rt.Labels(), tb.Config, tb.Operation)
			for _, c := range append(append(slices.Clone(tb.Facet), tb.Group...), tb.Glance...) {
				if !slices.Contains(tb.Operation, c) {
					t.Errorf("%s: chart/glance column %q is not an operation column", tb.Table, c)
				}
			}
			for c, v := range tb.GlanceAt {
				if len(ref.Lookup(tb.Table, rt.Platforms()[0], map[string]string{c: v})) == 0 {
					t.Errorf("%s: glance value %s=%s is not published", tb.Table, c, v)
				}
			}
			if tb.Footprint != "" {
				ft, ok := catalog.FootprintOf(tb.Footprint)
				if !ok {
					t.Errorf("%s: footprint table %s not described", tb.Table, tb.Footprint)
					continue
				}
				rf, ok := ref.Table(ft.Table)
				if !ok {
					t.Errorf("%s: no reference table", ft.Table)
					continue
				}
				checkColumns(t, ft.Table, rf.Labels(), ft.Config, ft.Operation)
			}
		}
	}
	// reference.TableNames lists the performance and footprint tables in
	// page order; the SHA data-flow footprint follows the tag table there.
	var want []string
	for _, n := range reference.TableNames {
		want = append(want, n)
	}
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("catalogue tables %v, reference %v", names, want)
	}
	if got := catalog.Suites(); !slices.Equal(got, []string{"aes", "sha", "ecdsa", "eddsa", "x25519", "rsa", "mldsa", "mlkem", "lms"}) {
		t.Errorf("suites in page order: %v", got)
	}
}

// TestBeyondTables checks the tables of rows beyond the pages: none has a
// reference TSV, their chart columns are operation columns, their
// footprint tables are described and Beyond too, and IsBeyond and
// Published tell them from the pages' tables.
func TestBeyondTables(t *testing.T) {
	ref, err := reference.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range catalog.Families() {
		beyond := 0
		for _, tb := range f.Tables {
			if catalog.IsBeyond(tb.Table) != tb.Beyond {
				t.Errorf("%s: IsBeyond %v", tb.Table, !tb.Beyond)
			}
			if !tb.Beyond {
				continue
			}
			n++
			beyond++
			if _, ok := ref.Table(tb.Table); ok {
				t.Errorf("%s: a Beyond table with a reference table", tb.Table)
			}
			if len(tb.Operation) == 0 || tb.Title == "" || tb.Short == "" {
				t.Errorf("%s: operation columns %v, title %q, short %q", tb.Table, tb.Operation, tb.Title, tb.Short)
			}
			for _, c := range append(slices.Clone(tb.Facet), tb.Group...) {
				if !slices.Contains(tb.Operation, c) {
					t.Errorf("%s: chart column %q is not an operation column", tb.Table, c)
				}
			}
			if tb.Footprint != "" {
				ft, ok := catalog.FootprintOf(tb.Footprint)
				if !ok || !ft.Beyond || !catalog.IsBeyond(ft.Table) {
					t.Errorf("%s: footprint table %s not described as Beyond", tb.Table, tb.Footprint)
				}
				if _, ok := ref.Table(tb.Footprint); ok {
					t.Errorf("%s: a Beyond footprint table with a reference table", tb.Footprint)
				}
				for _, c := range append(slices.Clone(ft.Config), ft.Operation...) {
					if !slices.Contains(tb.Config, c) && !slices.Contains(tb.Operation, c) {
						t.Errorf("%s: footprint column %q is not a column of %s", ft.Table, c, tb.Table)
					}
				}
			}
		}
		if f.Published() != (beyond < len(f.Tables)) {
			t.Errorf("%s: Published() = %v", f.Suite, f.Published())
		}
	}
	if n < 3 {
		t.Errorf("%d Beyond tables, want X25519, ML-DSA and LMS", n)
	}
	if f, _ := catalog.FamilyOf("x25519"); f == nil || f.Published() {
		t.Error("x25519 should be a family of Beyond tables only")
	}
	// A configuration column of a Beyond table keeps our configuration.
	p := catalog.PageParams("lms_beyond", "Fast", map[string]string{"function": "Signature", "suite": "S", "tree_cache": "all"})
	if p["config"] != "Fast" || p["tree_cache"] != "all" || catalog.RowKey("lms_beyond", p) != "lms_beyond|function=Signature|suite=S" {
		t.Errorf("lms_beyond params %v, row key %s", p, catalog.RowKey("lms_beyond", p))
	}
	if p := catalog.PageParams("mldsa_beyond", "LowRAM", map[string]string{"function": "keyGen", "suite": "ML-DSA-65"}); p["low_ram"] != "1" {
		t.Errorf("mldsa_beyond params %v", p)
	}
}

func checkColumns(t *testing.T, table string, labels, config, op []string) {
	t.Helper()
	got := append(slices.Clone(config), op...)
	slices.Sort(got)
	want := slices.Clone(labels)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s: config %v + operation %v != label columns %v", table, config, op, labels)
	}
}

// TestPageParams checks the configuration mapping against published rows:
// each of our configuration names lands on a row the pages publish.
func TestPageParams(t *testing.T) {
	ref, err := reference.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		table, config string
		op            map[string]string
		want          map[string]string
	}{
		{"aes_cbc_sole", "Small", map[string]string{"key_bits": "128", "buffer_bytes": "32", "operation": "Encryption"}, map[string]string{"config": "Small"}},
		{"ecdsa", "Fast-High", map[string]string{"curve": "SECP256R1", "operation": "Signature"}, map[string]string{"math_config": "SuperFast", "curve_def": "High"}},
		{"ecdsa", "Fast-Low", map[string]string{"curve": "SECP384R1", "operation": "Verification"}, map[string]string{"math_config": "Fast", "curve_def": "Low"}},
		{"ecdsa", "Small-Low", map[string]string{"curve": "SECP256R1", "operation": "Verification"}, map[string]string{"math_config": "Small", "curve_def": "Low"}},
		{"ecdsa", "Native-High", map[string]string{"curve": "SECP256R1", "operation": "Signature"}, map[string]string{"curve_def": "High"}},
		{"ecdsa_footprint", "Native-Low", map[string]string{"curve": "SECP384R1", "operation": "Signature"}, map[string]string{"curve_def": "Low"}},
		{"ecdsa_footprint", "Fast-Low", map[string]string{"curve": "SECP256R1", "operation": "Verification"}, map[string]string{"math_config": "SuperFast", "curve_def": "Low"}},
		{"eddsa", "SuperFast-OptHigh", map[string]string{"curve": "Ed25519", "message_bytes": "1023", "operation": "Signature"}, map[string]string{"math_config": "SuperFast", "curve_def": "OptHigh"}},
		{"rsa", "Fast-Mid", map[string]string{"pkcs1_version": "v2.2", "privkey_modexp_method": "CRT", "hash": "SHA-256", "modulus_bits": "3072", "operation": "Signature"}, map[string]string{"math_config": "Fast", "privkey_modexp_impl": "Mid"}},
		{"rsa", "Small-High", map[string]string{"pkcs1_version": "v2.2", "privkey_modexp_method": "n/a", "hash": "SHA-256", "modulus_bits": "3072", "operation": "Verification"}, map[string]string{"math_config": "Small", "privkey_modexp_impl": "n/a"}},
		{"mldsa", "LowRAM", map[string]string{"suite": "ML-DSA-65", "function": "Signature"}, map[string]string{"low_ram": "1"}},
		{"mldsa", "Fast", map[string]string{"suite": "ML-DSA-65", "function": "keyGen"}, map[string]string{"low_ram": "0"}},
		{"mlkem", "Small", map[string]string{"suite": "ML-KEM-768", "function": "Key-Encapsulation"}, map[string]string{}},
	} {
		got := catalog.PageParams(tc.table, tc.config, tc.op)
		for k, v := range tc.want {
			if got[k] != v {
				t.Errorf("PageParams(%s, %s, %v)[%s] = %q, want %q", tc.table, tc.config, tc.op, k, got[k], v)
			}
		}
		if len(got) != len(tc.op)+len(tc.want) {
			t.Errorf("PageParams(%s, %s) = %v", tc.table, tc.config, got)
		}
		if len(ref.Lookup(tc.table, "h563-v5", got)) == 0 && tc.table != "mlkem" {
			t.Errorf("%s %v: no published row", tc.table, got)
		}
		if catalog.RowKey(tc.table, got) != catalog.RowKey(tc.table, tc.op) {
			t.Errorf("%s: row key changes with the configuration", tc.table)
		}
	}
}

func TestMatchConfig(t *testing.T) {
	ecdsa256 := catalog.PageParams("ecdsa", "Fast-High", map[string]string{"curve": "SECP256R1", "operation": "Signature"})
	for _, tc := range []struct {
		sel, table, config string
		params             map[string]string
		want               bool
	}{
		{"Small", "ecdsa", "Small-Low", nil, true},
		{"small", "ecdsa", "Small-High", nil, true},
		{"Small", "ecdsa", "Fast-Low", nil, false},
		{"Small-Low", "ecdsa", "Small-Low", nil, true},
		{"Small-Low", "ecdsa", "Small-High", nil, false},
		{"SuperFast", "ecdsa", "Fast-High", ecdsa256, true},
		{"High", "ecdsa", "Fast-High", ecdsa256, true},
		{"Fast", "aes_cbc_sole", "Fast", map[string]string{"config": "Fast"}, true},
		{"Fast", "aes_cbc_sole", "Small", map[string]string{"config": "Small"}, false},
		{"Sma", "aes_cbc_sole", "Small", nil, false},
	} {
		if got := catalog.MatchConfig(tc.sel, tc.table, tc.config, tc.params); got != tc.want {
			t.Errorf("MatchConfig(%q, %s, %q) = %v, want %v", tc.sel, tc.table, tc.config, got, tc.want)
		}
	}
}
