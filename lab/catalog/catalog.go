// Package catalog is the lab's one description of the published STM32
// (CMOX) performance pages: their families in page order (2.1 AES to 2.8
// LMS), each family's suite name, tables and titles, which label columns of
// each table name a configuration and which the operation, how our
// configurations map to the pages' configuration values, which footprint
// table goes with which performance table, and the one row key that every
// part of the lab groups and matches results by.
//
// Every other lab package reads the pages' structure from here: lab/cases
// (the configuration columns of a case), lab/measure (the interleaved
// groups), lab/peers (the rows a peer is measured on), lab/report (the
// layout) and the command (--suite, --config). Adding a family to the lab is
// one entry in families (already present for every family of the pages)
// and one cases file; see ARCHITECTURE.md.
package catalog

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Family is one section of the pages (2.1 AES, ..., 2.8 LMS).
type Family struct {
	Num   string // section number, "2.3"
	Suite string // the lab's suite name (--suite), "ecdsa"
	Title string // the section title as on the pages
	Short string // short name for summaries and messages, "ECDSA"

	Tables []Table // performance tables, in page order

	// Mapping states how our configurations line up with the page's
	// configuration columns, for the report ("" where they have the
	// same names).
	Mapping string

	// pageValues returns the page's configuration-column values for our
	// configuration config on the operation point op (the operation
	// columns' values). nil: config's hyphen-separated parts, one per
	// configuration column in order ("Small-Low" → Small, Low).
	pageValues func(t *Table, config string, op map[string]string) map[string]string
}

// Table is one performance table of a family.
type Table struct {
	Num   string // "2.1.1", or "" for a table that sits inside the previous number
	Title string // title as on the pages ("Sole buffer mode"); "" = the family's
	Short string // short title for the glance and the terminal, "AES-CBC sole buffer"
	Table string // reference table name (TSV without .tsv), "aes_cbc_sole"
	Intro string // what one operation is, for the report

	// The table's label columns, split: Config names a configuration of
	// the measured library (ours, or CMOX's), Operation the operation
	// point. Together they are the reference TSV's label columns
	// (checked by a test). Results of every configuration and every peer
	// on one operation point share one row key (RowKey).
	Config    []string
	Operation []string

	Facet []string // one chart per distinct value of these columns
	Group []string // one group of bars per distinct value of these

	Flow    bool // data flow: throughput in Kbytes/s is the headline
	ShowMin bool // also show the minimum time (rejection-sampled operations)

	// Footprint is the footprint table shown after this table ("" for
	// none); FootprintFrom lists the performance tables whose results
	// feed it (the SHA data-flow footprint covers the data flow and the
	// tag).
	Footprint     string
	FootprintFrom []string

	// Glance picks this table's rows of the report's "At a glance": one
	// per distinct value of the Glance columns (default Facet), at the
	// GlanceAt values of other columns where given, else at the first
	// published value (largest for the size columns).
	Glance   []string
	GlanceAt map[string]string

	// Beyond marks a table of rows the pages do not publish: operations
	// cryptolab measures beyond them (X25519, LMS signing and key
	// generation, ML-DSA low-RAM key generation, ...). It has no
	// reference TSV: its rows are those the registered cases name, its
	// columns are Config and Operation, and the report shows it in its
	// own section, without STM32 columns.
	Beyond bool
}

// FootprintTable describes a footprint table: its configuration columns
// and its operation columns (a footprint row is per configuration, so its
// key keeps both).
type FootprintTable struct {
	Table     string
	Config    []string
	Operation []string
	Beyond    bool // not on the pages (see Table.Beyond)
}

var families = []Family{
	{Num: "2.1", Suite: "aes", Short: "AES", Title: "AES symmetric key encryption and decryption", Tables: []Table{
		{Num: "2.1.1", Title: "Sole buffer mode", Short: "AES-CBC sole buffer", Table: "aes_cbc_sole",
			Footprint: "aes_cbc_sole_footprint", FootprintFrom: []string{"aes_cbc_sole"},
			Intro:  "One buffer encrypted or decrypted with AES-CBC in a single call; key setup and IV are inside the timed call, as in CMOX's single-call API.",
			Config: []string{"config"}, Operation: []string{"key_bits", "buffer_bytes", "operation"},
			Facet: []string{"operation"}, Group: []string{"key_bits", "buffer_bytes"}},
		{Num: "2.1.2", Title: "Data flow mode", Short: "AES-CBC data flow (8000 B)", Table: "aes_cbc_flow",
			Footprint: "aes_cbc_flow_footprint", FootprintFrom: []string{"aes_cbc_flow"},
			Intro:  "An 8000-byte message encrypted or decrypted in fixed-size chunks: init, set key, set IV, then one append per chunk (and finish). One operation is the whole message.",
			Config: []string{"config"}, Operation: []string{"key_bits", "message_bytes", "chunk_bytes", "operation"},
			Facet: []string{"operation"}, Group: []string{"key_bits", "chunk_bytes"}, Flow: true},
	}},
	{Num: "2.2", Suite: "sha", Short: "SHA", Title: "HASH digest", Tables: []Table{
		{Num: "2.2.1", Title: "Sole buffer mode", Short: "SHA sole buffer", Table: "sha_sole",
			Footprint: "sha_sole_footprint", FootprintFrom: []string{"sha_sole"},
			Intro:     "One buffer hashed in a single call.",
			Operation: []string{"hash", "buffer_bytes"},
			Facet:     []string{"hash"}, Group: []string{"buffer_bytes"}},
		{Num: "2.2.2", Title: "Data flow mode", Short: "SHA data flow (8000 B)", Table: "sha_flow",
			Intro:     "An 8000-byte message hashed in fixed-size chunks: init, one append per chunk, then the tag. One operation is the whole message.",
			Operation: []string{"hash", "message_bytes", "chunk_bytes"},
			Facet:     []string{"hash"}, Group: []string{"chunk_bytes"}, Flow: true},
		{Title: "Final tag generation", Short: "SHA final tag", Table: "sha_tag",
			Footprint: "sha_flow_footprint", FootprintFrom: []string{"sha_flow", "sha_tag"},
			Intro:     "The final tag generation call on its own.",
			Operation: []string{"hash"},
			Group:     []string{"hash"}},
	}},
	{Num: "2.3", Suite: "ecdsa", Short: "ECDSA", Title: "ECDSA signature and verification",
		Mapping: "Our arithmetic Small is the pages' math_config Small; our Fast arithmetic (per-curve generated Montgomery code) sits beside the pages' SuperFast on P-256 (where CMOX's curve-specialised 256-bit arithmetic is called SuperFast) and beside Fast on P-384. Our Native arithmetic (Fast's point code on assembly field and scalar multiplication, MULX/ADCX/ADOX, on amd64 processors with BMI2, ADX and AVX2) has no math_config on the pages: its rows stand beside the others with its own name. Our table Low/High is curve_def Low/High.",
		pageValues: func(t *Table, config string, op map[string]string) map[string]string {
			math, def, _ := strings.Cut(config, "-")
			if math == "Native" { // off the pages: no math_config
				return map[string]string{"curve_def": def}
			}
			if math == "Fast" && op["curve"] == "SECP256R1" {
				math = "SuperFast"
			}
			return map[string]string{"math_config": math, "curve_def": def}
		},
		Tables: []Table{
			{Table: "ecdsa", Short: "ECDSA", Footprint: "ecdsa_footprint", FootprintFrom: []string{"ecdsa"},
				Config: []string{"math_config", "curve_def"}, Operation: []string{"curve", "operation"},
				Facet: []string{"operation"}, Group: []string{"curve"}, Glance: []string{"operation", "curve"}},
		}},
	{Num: "2.4", Suite: "eddsa", Short: "EdDSA", Title: "EdDSA signature and verification", Tables: []Table{
		{Table: "eddsa", Short: "EdDSA", Footprint: "eddsa_footprint", FootprintFrom: []string{"eddsa"},
			Config: []string{"math_config", "curve_def"}, Operation: []string{"curve", "message_bytes", "operation"},
			Facet: []string{"operation"}, Group: []string{"curve"}},
	}},
	// X25519 is not on the pages (CMOX has ECDH over Curve25519, its pages
	// do not measure it): a family of Beyond tables only, in its own
	// suite, after EdDSA, whose field arithmetic it shares.
	{Suite: "x25519", Short: "X25519", Title: "X25519 key exchange (RFC 7748)", Tables: []Table{
		{Table: "x25519", Short: "X25519", Title: "X25519 key exchange", Beyond: true,
			Footprint: "x25519_footprint", FootprintFrom: []string{"x25519"},
			Intro:  "Shared secret: X25519(k, u) of a fixed private key and a peer's public key into caller memory (crypto/ecdh's PrivateKey.ECDH for the peers, openssl speed ecdhx25519's derive). Key generation: a private key from 32 fixed bytes and its public key X25519(k, 9); ours allocate the 80-byte key object, crypto/ecdh its key objects; circl writes into caller arrays.",
			Config: []string{"config"}, Operation: []string{"operation"},
			Group: []string{"operation"}},
	}},
	{Num: "2.5", Suite: "rsa", Short: "RSA", Title: "RSA signature and verification",
		Mapping: "Our configuration names the mathematics and the private-exponentiation window (\"Fast-Mid\" is math_config Fast, privkey_modexp_impl Mid); CRT or no CRT is a property of the key and an operation column; verification has no window (privkey_modexp_impl n/a).",
		pageValues: func(t *Table, config string, op map[string]string) map[string]string {
			math, impl, _ := strings.Cut(config, "-")
			if op["operation"] == "Verification" {
				impl = "n/a"
			}
			return map[string]string{"math_config": math, "privkey_modexp_impl": impl}
		},
		Tables: []Table{
			{Table: "rsa", Short: "RSA", Footprint: "rsa_footprint", FootprintFrom: []string{"rsa"},
				Config:    []string{"math_config", "privkey_modexp_impl"},
				Operation: []string{"pkcs1_version", "privkey_modexp_method", "hash", "modulus_bits", "operation"},
				Facet:     []string{"operation"}, Group: []string{"modulus_bits", "privkey_modexp_method"}},
		}},
	{Num: "2.6", Suite: "mldsa", Short: "ML-DSA", Title: "Post-quantum cryptography: ML-DSA key pair generation, signature and verification",
		Mapping: "Our LowRAM configuration is the pages' low_ram 1; every other configuration is low_ram 0.",
		pageValues: func(t *Table, config string, op map[string]string) map[string]string {
			if config == "LowRAM" {
				return map[string]string{"low_ram": "1"}
			}
			return map[string]string{"low_ram": "0"}
		},
		Tables: []Table{
			{Table: "mldsa", Short: "ML-DSA", Config: []string{"low_ram"}, Operation: []string{"suite", "function"},
				Facet: []string{"function"}, Group: []string{"suite"}, ShowMin: true,
				GlanceAt: map[string]string{"suite": "ML-DSA-65"},
				Intro:    "Signing is rejection-sampled, so its time is not bounded: the page publishes the minimum observed (one key, a 32-byte message). Both our median and our minimum are shown, and the ratios of the signing rows compare minimum with minimum. Our LowRAM key generation, which the page does not publish, is in section 3."},
			{Table: "mldsa_beyond", Short: "ML-DSA low-RAM keyGen", Title: "ML-DSA key generation with low RAM", Beyond: true,
				Config: []string{"low_ram"}, Operation: []string{"suite", "function"}, Group: []string{"suite"},
				Intro: "The page publishes key generation without low RAM only. Our LowRAM configuration derives the key pair from the same 32-byte seed ξ in place (SetSeed), with Â streamed row by row; Fast, Native and the peers' key generation are in the keyGen rows of 2.6."},
		}},
	{Num: "2.7", Suite: "mlkem", Short: "ML-KEM", Title: "Post-quantum cryptography: ML-KEM key pair generation, encapsulation and decapsulation",
		Mapping: "The page has no configuration column: each of our configurations is shown beside the one published row.",
		Tables: []Table{
			{Table: "mlkem", Short: "ML-KEM", Operation: []string{"function", "suite"}, Facet: []string{"function"}, Group: []string{"suite"},
				GlanceAt: map[string]string{"suite": "ML-KEM-768"}},
		}},
	{Num: "2.8", Suite: "lms", Short: "LMS", Title: "Post-quantum cryptography: HBS-LMS signature verification", Tables: []Table{
		{Table: "lms", Short: "LMS", Operation: []string{"function", "suite"}, Group: []string{"suite"}},
		{Table: "lms_beyond", Short: "LMS beyond the page", Title: "LMS key generation, signing and further parameter sets", Beyond: true,
			Footprint: "lms_beyond_footprint", FootprintFrom: []string{"lms_beyond"},
			Config: []string{"config", "tree_cache"}, Operation: []string{"function", "suite"},
			Facet: []string{"function"}, Group: []string{"suite"},
			Intro: "One-level HSS keys (RFC 8554) named like the page's suites. Key generation: GenerateKey from a fixed seed, computing the whole tree (2^h one-time public keys). Signing: Sign of a short message; the tree cache (none, the top k levels, all) is how many levels of the tree the key keeps, and a signature recomputes the 2^(h-k)-1 one-time public keys of its path below them. When a key's 2^h indices are used, the lab restores a copy of its state taken after generation (its one-time keys are then reused: the signatures are thrown away). Verification of the SHA-256/192 (N24) and SHAKE parameter sets, as in 2.8."},
	}},
}

var footprints = []FootprintTable{
	{Table: "aes_cbc_sole_footprint", Config: []string{"config"}, Operation: []string{"operation"}},
	{Table: "aes_cbc_flow_footprint", Config: []string{"config"}, Operation: []string{"operation"}},
	{Table: "sha_sole_footprint", Operation: []string{"hash"}},
	{Table: "sha_flow_footprint", Operation: []string{"hash"}},
	{Table: "ecdsa_footprint", Config: []string{"math_config", "curve_def"}, Operation: []string{"curve", "operation"}},
	{Table: "eddsa_footprint", Config: []string{"math_config", "curve_def"}, Operation: []string{"curve", "message_bytes", "operation"}},
	{Table: "rsa_footprint", Config: []string{"math_config", "privkey_modexp_impl"}, Operation: []string{"pkcs1_version", "privkey_modexp_method", "hash", "modulus_bits", "operation"}},
	{Table: "x25519_footprint", Config: []string{"config"}, Operation: []string{"operation"}, Beyond: true},
	{Table: "lms_beyond_footprint", Config: []string{"config"}, Operation: []string{"function"}, Beyond: true},
}

// Families returns the families of the pages in page order. The slice is
// a copy; the tables are shared and must not be modified.
func Families() []Family { return slices.Clone(families) }

// Suites returns the suite names in page order.
func Suites() []string {
	var out []string
	for _, f := range families {
		out = append(out, f.Suite)
	}
	return out
}

// FamilyOf returns the family of a suite name.
func FamilyOf(suite string) (*Family, bool) {
	for i := range families {
		if families[i].Suite == suite {
			return &families[i], true
		}
	}
	return nil, false
}

// TableOf returns a performance table and its family by reference name.
func TableOf(name string) (*Family, *Table, bool) {
	for i := range families {
		for j := range families[i].Tables {
			if families[i].Tables[j].Table == name {
				return &families[i], &families[i].Tables[j], true
			}
		}
	}
	return nil, nil, false
}

// FootprintFor returns the footprint table that a performance table's
// results feed (the table whose FootprintFrom lists it), "" for none.
func FootprintFor(table string) string {
	for _, f := range families {
		for _, t := range f.Tables {
			if slices.Contains(t.FootprintFrom, table) {
				return t.Footprint
			}
		}
	}
	return ""
}

// IsBeyond reports whether a performance or footprint table is one of the
// Beyond tables: rows the pages do not publish, no reference TSV.
func IsBeyond(table string) bool {
	if _, t, ok := TableOf(table); ok {
		return t.Beyond
	}
	if ft, ok := FootprintOf(table); ok {
		return ft.Beyond
	}
	return false
}

// Published reports whether the family has a table of the pages (a family
// of Beyond tables only, such as X25519, has none).
func (f *Family) Published() bool {
	for _, t := range f.Tables {
		if !t.Beyond {
			return true
		}
	}
	return false
}

// Footprints returns the footprint tables.
func Footprints() []FootprintTable { return slices.Clone(footprints) }

// FootprintOf returns a footprint table by name.
func FootprintOf(name string) (*FootprintTable, bool) {
	for i := range footprints {
		if footprints[i].Table == name {
			return &footprints[i], true
		}
	}
	return nil, false
}

// ConfigColumns returns the configuration columns of a performance or
// footprint table, always including "config" (the column AES uses, and the
// key a case without a page column of its own would name).
func ConfigColumns(table string) []string {
	cols := []string{"config"}
	if _, t, ok := TableOf(table); ok {
		cols = append(cols, t.Config...)
	} else if ft, ok := FootprintOf(table); ok {
		cols = append(cols, ft.Config...)
	}
	return slices.Compact(cols)
}

// IsConfigColumn reports whether column names a configuration in table.
func IsConfigColumn(table, column string) bool {
	return slices.Contains(ConfigColumns(table), column)
}

// RowKey is the one identity of a published operation point: the table
// and its operation columns' values, without any configuration column.
// Every result on one operation point (ours in each configuration, every
// peer) has the same RowKey; the harness measures them interleaved, the
// peers are run on each RowKey once, and the report lines them up by it.
func RowKey(table string, params map[string]string) string {
	cfg := ConfigColumns(table)
	var b strings.Builder
	b.WriteString(table)
	for _, k := range slices.Sorted(maps.Keys(params)) {
		if slices.Contains(cfg, k) {
			continue
		}
		fmt.Fprintf(&b, "|%s=%s", k, params[k])
	}
	return b.String()
}

// Key is the identity of one row with its configuration: the table and
// every parameter (a footprint program, a result of ours).
func Key(table string, params map[string]string) string {
	var b strings.Builder
	b.WriteString(table)
	for _, k := range slices.Sorted(maps.Keys(params)) {
		fmt.Fprintf(&b, "|%s=%s", k, params[k])
	}
	return b.String()
}

// OperationParams returns params without the table's configuration
// columns: what a peer's case on the same operation point carries.
func OperationParams(table string, params map[string]string) map[string]string {
	out := maps.Clone(params)
	for _, c := range ConfigColumns(table) {
		delete(out, c)
	}
	return out
}

// PageParams returns the parameters of one of our cases: the operation
// point op plus the table's configuration columns set to the page values
// that our configuration config lines up with (see Family.Mapping). A table
// without configuration columns gets op unchanged. table may be a
// performance or a footprint table.
func PageParams(table, config string, op map[string]string) map[string]string {
	out := maps.Clone(op)
	if out == nil {
		out = map[string]string{}
	}
	f, t, ok := TableOf(table)
	var cols []string
	if ok {
		cols = t.Config
	} else if ft, fok := FootprintOf(table); fok {
		cols = ft.Config
		f, t = familyOfFootprint(table)
	}
	if len(cols) == 0 || config == "" {
		return out
	}
	var vals map[string]string
	if f != nil && f.pageValues != nil {
		vals = f.pageValues(t, config, op)
	} else {
		parts := strings.Split(config, "-")
		vals = map[string]string{}
		for i, c := range cols {
			if i < len(parts) {
				vals[c] = parts[i]
			}
		}
	}
	for _, c := range cols {
		if v, ok := vals[c]; ok {
			out[c] = v
		}
	}
	return out
}

func familyOfFootprint(name string) (*Family, *Table) {
	for i := range families {
		for j := range families[i].Tables {
			if families[i].Tables[j].Footprint == name {
				return &families[i], &families[i].Tables[j]
			}
		}
	}
	return nil, nil
}

// MatchConfig reports whether the --config selector sel selects a case of
// ours in configuration config with parameters params (which carry the
// page's configuration values). sel matches, ignoring case, our
// configuration's name ("Small-Low"), a hyphen-separated prefix of it
// ("Small" selects Small-Low and Small-High), or any of the page's
// configuration values on that row ("SuperFast" selects our Fast P-256
// cases, "High" every High table).
func MatchConfig(sel, table, config string, params map[string]string) bool {
	if sel == "" || config == "" {
		return false
	}
	if strings.EqualFold(sel, config) {
		return true
	}
	parts := strings.Split(config, "-")
	sp := strings.Split(sel, "-")
	if len(sp) <= len(parts) {
		all := true
		for i := range sp {
			if !strings.EqualFold(sp[i], parts[i]) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	for _, c := range ConfigColumns(table) {
		if v, ok := params[c]; ok && strings.EqualFold(v, sel) {
			return true
		}
	}
	return false
}

// columnTitles are the display names of reference columns.
var columnTitles = map[string]string{
	"key_bits": "Key", "buffer_bytes": "Buffer", "message_bytes": "Message",
	"chunk_bytes": "Chunk", "operation": "Operation", "config": "Config",
	"hash": "Hash", "curve": "Curve", "math_config": "Math config",
	"curve_def": "Curve def.", "pkcs1_version": "PKCS#1",
	"privkey_modexp_method": "Priv. exp. method", "modulus_bits": "Modulus",
	"privkey_modexp_impl": "Priv. exp. impl.", "suite": "Suite",
	"function": "Function", "low_ram": "Low RAM",
	"code_bytes": "Code", "const_bytes": "Const", "global_bytes": "Global",
	"stack_bytes": "Stack", "working_buffer_bytes": "Working",
	"tree_cache": "Tree cache",
}

// ColumnTitle is the display name of a reference column.
func ColumnTitle(c string) string {
	if t, ok := columnTitles[c]; ok {
		return t
	}
	return c
}

// LabelValue formats a label value for display: sizes get their unit.
func LabelValue(col, v string) string {
	switch col {
	case "key_bits", "modulus_bits":
		return v + "-bit"
	case "buffer_bytes", "message_bytes", "chunk_bytes":
		return v + " B"
	case "low_ram":
		if v == "1" {
			return "yes"
		}
		return "no"
	}
	return v
}
