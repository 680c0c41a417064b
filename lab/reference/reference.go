// Package reference holds the published STM32 figures that every cryptolab
// measurement is compared with: ST's pure-software cryptographic library
// (CMOX) measured on six STM32 platforms, as printed on ST's wiki performance
// pages, one TSV row per published table row.
//
// The files under stm32/ are embedded into the binary with go:embed, so the
// command needs no data files at run time. stm32/README.md is the dataset's
// provenance note (sources, units, how the numbers relate, the label fixes
// and the inconsistencies found in the pages), copied verbatim; the page
// texts and the build/check scripts it mentions stay in the project's shared
// data and are not part of the module.
//
// A measured result lines up with a published row through its table name
// and its parameters, which use the TSV's own column names and values
// (key_bits=128 buffer_bytes=32 operation=Encryption config=Small): see
// Dataset.Lookup.
package reference

import (
	"embed"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
)

//go:embed stm32/*.tsv stm32/README.md
var files embed.FS

// TableNames lists the published tables in the order of the pages
// (section 2.1 AES to 2.8 LMS), each performance table followed by its
// footprint table where the pages have one.
var TableNames = []string{
	"aes_cbc_sole", "aes_cbc_sole_footprint",
	"aes_cbc_flow", "aes_cbc_flow_footprint",
	"sha_sole", "sha_sole_footprint",
	"sha_flow", "sha_tag", "sha_flow_footprint",
	"ecdsa", "ecdsa_footprint",
	"eddsa", "eddsa_footprint",
	"rsa", "rsa_footprint",
	"mldsa", "mlkem", "lms",
}

// DefaultPlatform is the platform listed first by default: the most recent
// page (library 5.x on STM32H563), the only one that has the post-quantum
// tables.
const DefaultPlatform = "h563-v5"

// measureColumns are the columns that hold a measured quantity; every other
// column except "platform" labels the row (its operation, sizes and
// configuration). Measured columns hold plain integers or "n/a".
var measureColumns = map[string]bool{
	"cycles": true, "time_us": true, "time_ms": true, "kbytes_per_s": true,
	"cycles_min": true, "cycles_avg": true, "cycles_max": true, "time_avg_ms": true,
	"code_bytes": true, "const_bytes": true, "global_bytes": true,
	"stack_bytes": true, "working_buffer_bytes": true,
}

// IsMeasure reports whether a column holds a measured quantity (cycles, time,
// bit rate or bytes) rather than a row label.
func IsMeasure(column string) bool { return measureColumns[column] }

// Platform is one measured STM32 platform (a row of platforms.tsv).
type Platform struct {
	ID             string // "h563-v5"
	MCU            string // "STM32H563ZI"
	Board          string // "NUCLEO-H563ZI"
	CoreClockMHz   int    // system core clock: published cycles / CoreClockMHz = µs
	LibraryVersion string // cmox_getInfos value, "050000B2"
	Title          string // title of the source page
	URL            string // address of the source page, "" where the page gives none
	Revision       string // page revision, "" where the page gives none
	// Fields holds every column of platforms.tsv by name (flash wait
	// states, code execution, caches, toolchain, ...).
	Fields map[string]string
}

// Label is a short human description, e.g. "STM32H563ZI @ 240 MHz, CMOX 5.x".
func (p *Platform) Label() string {
	lib := p.LibraryVersion
	if len(lib) >= 2 {
		if major, err := strconv.Atoi(lib[:2]); err == nil {
			lib = fmt.Sprintf("CMOX %d.x", major)
		}
	}
	return fmt.Sprintf("%s @ %d MHz, %s", p.MCU, p.CoreClockMHz, lib)
}

// Table is one published table (one TSV file).
type Table struct {
	Name    string   // file name without .tsv, e.g. "aes_cbc_sole"
	Columns []string // header, "platform" first
	Rows    []Row    // in published order, platform by platform
	index   map[string]int
}

// Labels returns the columns that label a row, in file order, without
// "platform" (e.g. key_bits, buffer_bytes, operation, config).
func (t *Table) Labels() []string {
	var out []string
	for _, c := range t.Columns[1:] {
		if !measureColumns[c] {
			out = append(out, c)
		}
	}
	return out
}

// Measures returns the columns that hold measured quantities, in file order.
func (t *Table) Measures() []string {
	var out []string
	for _, c := range t.Columns[1:] {
		if measureColumns[c] {
			out = append(out, c)
		}
	}
	return out
}

// Has reports whether the table has the column.
func (t *Table) Has(column string) bool { _, ok := t.index[column]; return ok }

// Platforms returns the platforms that have rows in this table, in file
// order.
func (t *Table) Platforms() []string {
	var out []string
	for _, r := range t.Rows {
		if !slices.Contains(out, r.Platform) {
			out = append(out, r.Platform)
		}
	}
	return out
}

// Row is one published row.
type Row struct {
	Platform string
	Values   []string // one per Table.Columns, as written in the TSV
	table    *Table
}

// Table returns the table the row belongs to.
func (r Row) Table() *Table { return r.table }

// Get returns the value of a column as written ("" if the table has no such
// column).
func (r Row) Get(column string) string {
	i, ok := r.table.index[column]
	if !ok {
		return ""
	}
	return r.Values[i]
}

// Int returns a numeric column; ok is false if the table has no such column
// or the page says n/a there.
func (r Row) Int(column string) (v int64, ok bool) {
	s := r.Get(column)
	if s == "" || s == "n/a" {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

// Params returns the row's labels (every non-measure column except
// platform), in the form a result's Params uses.
func (r Row) Params() map[string]string {
	m := make(map[string]string)
	for _, c := range r.table.Labels() {
		m[c] = r.Get(c)
	}
	return m
}

// Cycles returns the published core cycles of a performance row: the cycles
// column, or cycles_avg for the LMS table (which also has min and max).
func (r Row) Cycles() (float64, bool) {
	for _, c := range []string{"cycles", "cycles_avg"} {
		if v, ok := r.Int(c); ok {
			return float64(v), true
		}
	}
	return 0, false
}

// PublishedTime returns the time column exactly as the page prints it (an
// integer, truncated or rounded, see README.md) and its unit: "µs" or "ms".
func (r Row) PublishedTime() (v int64, unit string, ok bool) {
	for _, c := range []struct{ col, unit string }{{"time_us", "µs"}, {"time_ms", "ms"}, {"time_avg_ms", "ms"}} {
		if v, ok := r.Int(c.col); ok {
			return v, c.unit, true
		}
	}
	return 0, "", false
}

// KBytesPerS returns the published bit rate in Kbytes/s (1 Kbyte = 1000
// bytes) of a data-flow row.
func (r Row) KBytesPerS() (float64, bool) {
	v, ok := r.Int("kbytes_per_s")
	return float64(v), ok
}

// Dataset is the whole embedded reference: the platforms and every table.
// It is read-only once loaded.
type Dataset struct {
	Platforms []Platform        // in platforms.tsv order
	Tables    map[string]*Table // by name, see TableNames for the order
	README    string            // the provenance note, stm32/README.md
}

var loadOnce = sync.OnceValues(parseEmbedded)

// Load parses the embedded dataset (once; later calls return the same
// read-only Dataset). An error means the embedded files are corrupt, which
// the package tests rule out.
func Load() (*Dataset, error) { return loadOnce() }

func parseEmbedded() (*Dataset, error) {
	d := &Dataset{Tables: make(map[string]*Table)}
	readme, err := files.ReadFile("stm32/README.md")
	if err != nil {
		return nil, err
	}
	d.README = string(readme)

	pt, err := parseFile("platforms")
	if err != nil {
		return nil, err
	}
	known := make(map[string]bool)
	for i, r := range pt.Rows {
		f := make(map[string]string)
		for j, c := range pt.Columns {
			f[c] = r.Values[j]
		}
		clock, err := strconv.Atoi(f["core_clock_mhz"])
		if err != nil || clock <= 0 {
			return nil, fmt.Errorf("reference: platforms.tsv line %d: bad core_clock_mhz %q", i+2, f["core_clock_mhz"])
		}
		if known[r.Platform] {
			return nil, fmt.Errorf("reference: platforms.tsv line %d: duplicate platform %q", i+2, r.Platform)
		}
		known[r.Platform] = true
		d.Platforms = append(d.Platforms, Platform{
			ID: r.Platform, MCU: f["mcu_part"], Board: f["board"], CoreClockMHz: clock,
			LibraryVersion: f["library_version"], Title: f["source_title"],
			URL: f["source_url"], Revision: f["source_revision"], Fields: f,
		})
	}

	for _, name := range TableNames {
		t, err := parseFile(name)
		if err != nil {
			return nil, err
		}
		seen := make(map[string]bool)
		for i, r := range t.Rows {
			if !known[r.Platform] {
				return nil, fmt.Errorf("reference: %s.tsv line %d: unknown platform %q", name, i+2, r.Platform)
			}
			key := r.Platform + "\x00" + labelKey(r)
			if seen[key] {
				return nil, fmt.Errorf("reference: %s.tsv line %d: duplicate row labels", name, i+2)
			}
			seen[key] = true
		}
		d.Tables[name] = t
	}
	return d, nil
}

func labelKey(r Row) string {
	var b strings.Builder
	for _, c := range r.table.Labels() {
		b.WriteString(r.Get(c))
		b.WriteByte(0)
	}
	return b.String()
}

// parseFile reads one embedded TSV: a header whose first column is
// "platform", then rows of exactly as many tab-separated fields; measure
// columns must be plain non-negative integers or n/a.
func parseFile(name string) (*Table, error) {
	b, err := files.ReadFile("stm32/" + name + ".tsv")
	if err != nil {
		return nil, fmt.Errorf("reference: %w", err)
	}
	return parseTSV(name, b)
}

func parseTSV(name string, b []byte) (*Table, error) {
	t := &Table{Name: name, index: make(map[string]int)}
	text := string(b)
	if text == "" {
		return nil, fmt.Errorf("reference: %s.tsv: empty file", name)
	}
	if !strings.HasSuffix(text, "\n") {
		return nil, fmt.Errorf("reference: %s.tsv: last line does not end in LF", name)
	}
	for i, text := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		line := i + 1
		if strings.Contains(text, "\r") {
			return nil, fmt.Errorf("reference: %s.tsv line %d: CRLF line ending", name, line)
		}
		fields := strings.Split(text, "\t")
		if line == 1 {
			if fields[0] != "platform" {
				return nil, fmt.Errorf("reference: %s.tsv: first column is %q, want platform", name, fields[0])
			}
			for i, c := range fields {
				if c == "" {
					return nil, fmt.Errorf("reference: %s.tsv: empty column name %d", name, i+1)
				}
				if _, dup := t.index[c]; dup {
					return nil, fmt.Errorf("reference: %s.tsv: duplicate column %q", name, c)
				}
				t.index[c] = i
			}
			t.Columns = fields
			continue
		}
		if len(fields) != len(t.Columns) {
			return nil, fmt.Errorf("reference: %s.tsv line %d: %d fields, want %d", name, line, len(fields), len(t.Columns))
		}
		if fields[0] == "" {
			return nil, fmt.Errorf("reference: %s.tsv line %d: empty platform", name, line)
		}
		for i, c := range t.Columns {
			if !measureColumns[c] || fields[i] == "n/a" {
				continue
			}
			if v, err := strconv.ParseInt(fields[i], 10, 64); err != nil || v < 0 || strconv.FormatInt(v, 10) != fields[i] {
				return nil, fmt.Errorf("reference: %s.tsv line %d: column %s: %q is not a plain integer", name, line, c, fields[i])
			}
		}
		t.Rows = append(t.Rows, Row{Platform: fields[0], Values: fields, table: t})
	}
	return t, nil
}

// Table returns a table by name.
func (d *Dataset) Table(name string) (*Table, bool) {
	t, ok := d.Tables[name]
	return t, ok
}

// Platform returns a platform by id.
func (d *Dataset) Platform(id string) (*Platform, bool) {
	for i := range d.Platforms {
		if d.Platforms[i].ID == id {
			return &d.Platforms[i], true
		}
	}
	return nil, false
}

// PlatformIDs returns every platform id, DefaultPlatform first, then the
// others in platforms.tsv order: the default of --reference.
func (d *Dataset) PlatformIDs() []string {
	out := []string{DefaultPlatform}
	for _, p := range d.Platforms {
		if p.ID != DefaultPlatform {
			out = append(out, p.ID)
		}
	}
	return out
}

// ParsePlatforms parses a --reference value: a comma-separated list of
// platform ids in the order wanted, or "all" (or "") for PlatformIDs, or
// "none" for no reference columns (an empty, non-nil list). Unknown ids are an error that lists the
// known ones.
func (d *Dataset) ParsePlatforms(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "", "all":
		return d.PlatformIDs(), nil
	case "none":
		return []string{}, nil
	}
	var out []string
	for _, id := range strings.Split(s, ",") {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		if _, ok := d.Platform(id); !ok {
			return nil, fmt.Errorf("unknown reference platform %q (known: %s, all, none)", id, strings.Join(d.PlatformIDs(), ", "))
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("empty reference platform list %q", s)
	}
	return out, nil
}

// Lookup returns the published rows of a table for one platform whose labels
// agree with params. Every key of params that is a label column of the table
// must equal the row's value exactly; keys that are not columns of the table
// are ignored, and label columns missing from params match any value. So
// a result of ours (which names its config) finds its one row, and a peer
// (which has no config) finds the row of every configuration.
//
// It returns nil for an unknown table or platform.
func (d *Dataset) Lookup(table, platform string, params map[string]string) []Row {
	t, ok := d.Tables[table]
	if !ok {
		return nil
	}
	var out []Row
	for _, r := range t.Rows {
		if r.Platform != platform || !r.matches(params) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// Match returns the one published row of a table for a platform that agrees
// with params (see Lookup); ok is false if there is none or more than one.
func (d *Dataset) Match(table, platform string, params map[string]string) (Row, bool) {
	rows := d.Lookup(table, platform, params)
	if len(rows) != 1 {
		return Row{}, false
	}
	return rows[0], true
}

func (r Row) matches(params map[string]string) bool {
	for k, v := range params {
		i, ok := r.table.index[k]
		if !ok || measureColumns[k] || k == "platform" {
			continue
		}
		if r.Values[i] != v {
			return false
		}
	}
	return true
}

// Check validates a case's table and params against the dataset: the table
// must exist, every key must be a label column of it, and on every platform
// that has the table the params must name exactly one row if exact is true
// (our configured cases), or at least one otherwise (peers, which leave the
// configuration out). The case registry tests use it so that a typo in a
// case's params cannot silently drop its reference columns.
func (d *Dataset) Check(table string, params map[string]string, exact bool) error {
	t, ok := d.Tables[table]
	if !ok {
		return fmt.Errorf("unknown reference table %q", table)
	}
	labels := t.Labels()
	for _, k := range slices.Sorted(maps.Keys(params)) {
		if !slices.Contains(labels, k) {
			return fmt.Errorf("%s: %q is not a label column (have %s)", table, k, strings.Join(labels, ", "))
		}
	}
	for _, p := range t.Platforms() {
		n := len(d.Lookup(table, p, params))
		switch {
		case n == 0:
			return fmt.Errorf("%s: no published row for %s on %s", table, formatParams(params), p)
		case exact && n != 1:
			return fmt.Errorf("%s: %d published rows for %s on %s, want one", table, n, formatParams(params), p)
		}
	}
	return nil
}

func formatParams(params map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(params)) {
		parts = append(parts, k+"="+params[k])
	}
	return "{" + strings.Join(parts, " ") + "}"
}

// TimeNs returns the time of a published performance row in nanoseconds,
// computed from its cycles and the platform's core clock (the pages define
// time = cycles / clock; their printed time is that value truncated to an
// integer µs or ms, so this is the unrounded figure used for ratios).
func (d *Dataset) TimeNs(r Row) (float64, bool) {
	c, ok := r.Cycles()
	if !ok {
		return 0, false
	}
	p, ok := d.Platform(r.Platform)
	if !ok {
		return 0, false
	}
	return c * 1000 / float64(p.CoreClockMHz), true
}

// FootprintTable returns the name of the footprint table that goes with a
// performance table ("" if the pages have none): sha_tag shares
// sha_flow_footprint, the post-quantum tables carry their stack column
// themselves. The pairing is the catalogue's (lab/catalog).
func FootprintTable(table string) string { return catalog.FootprintFor(table) }
