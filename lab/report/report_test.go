package report

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/reference"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

var (
	update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")
	outDir = flag.String("out", "", "also write the synthetic report to this directory (for looking at it)")
)

func loadRef(t *testing.T) (*reference.Dataset, []string) {
	t.Helper()
	ref, err := reference.Load()
	if err != nil {
		t.Fatal(err)
	}
	return ref, ref.PlatformIDs()
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./lab/report -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs from %s at line %d:\n got: %.300s\nwant: %.300s\n(go test ./lab/report -update rewrites it after a deliberate change)", name, path, i+1, g, w)
			}
		}
	}
}

// TestGolden renders the fixed synthetic run with every writer and compares
// the output with testdata/*.golden.
func TestGolden(t *testing.T) {
	ref, platforms := loadRef(t)
	run := syntheticRun()
	dir := t.TempDir()
	if *outDir != "" {
		dir = *outDir
	}
	if err := Write(dir, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{MarkdownFile, HTMLFile, BenchFile, "charts/aes_cbc_sole-1.svg", "charts/sha_tag-1.svg"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, strings.ReplaceAll(f, "/", "_"), b)
	}
	var sum bytes.Buffer
	if err := Summary(&sum, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	golden(t, "summary.txt", sum.Bytes())

	// The same view through the single-file writers.
	var md, h bytes.Buffer
	if err := WriteMarkdown(&md, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&h, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{MarkdownFile: md.Bytes(), HTMLFile: h.Bytes()} {
		disk, _ := os.ReadFile(filepath.Join(dir, name))
		if !bytes.Equal(disk, b) {
			t.Errorf("%s from Write and from its own writer differ", name)
		}
	}
}

// TestSections checks the layout of the pages: every family numbered as on
// the pages, the implemented ones with tables, charts and footprints, the
// others saying "not implemented yet" and carrying no figures.
func TestSections(t *testing.T) {
	ref, platforms := loadRef(t)
	var md, h bytes.Buffer
	if err := WriteMarkdown(&md, syntheticRun(), ref, platforms); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&h, syntheticRun(), ref, platforms); err != nil {
		t.Fatal(err)
	}
	m := md.String()
	order := []string{
		"## 1. Measurement configuration", "### 1.1. Machine", "### 1.2. Run", "### 1.3. Method", "### 1.4. Reference platforms",
		"## 2. Performance values",
		"### 2.1. AES symmetric key encryption and decryption", "#### 2.1.1. Sole buffer mode", "aes_cbc_sole-1.svg", "aes_cbc_sole-2.svg",
		"AES-CBC sole buffer mode, flash memory and RAM usage", "#### 2.1.2. Data flow mode", "AES-CBC data flow mode, flash memory and RAM usage",
		"### 2.2. HASH digest", "#### 2.2.1. Sole buffer mode", "#### 2.2.2. Data flow mode", "#### Final tag generation", "HASH data flow mode, flash memory and RAM usage",
		"### 2.3. ECDSA", "### 2.4. EdDSA", "### 2.5. RSA", "### 2.6. Post-quantum cryptography: ML-DSA", "### 2.7. Post-quantum cryptography: ML-KEM", "### 2.8. Post-quantum cryptography: HBS-LMS",
	}
	at := 0
	for _, s := range order {
		i := strings.Index(m[at:], s)
		if i < 0 {
			t.Fatalf("report.md: %q missing or out of order", s)
		}
		at += i + len(s)
	}
	for _, fam := range []string{"2.3. ECDSA", "2.5. RSA", "2.6. Post", "2.8. Post"} {
		i := strings.Index(m, "### "+fam)
		rest := m[i:]
		rest = rest[strings.Index(rest, "\n")+1:]
		if j := strings.Index(rest, "\n### "); j >= 0 {
			rest = rest[:j]
		}
		if !strings.Contains(rest, "Not implemented yet") || strings.Contains(rest, "|") {
			t.Errorf("section %s should say not implemented yet and hold no table:\n%s", fam, rest)
		}
	}
	for _, s := range []string{`id="s2-1"`, `id="t-aes_cbc_flow"`, "<svg class=\"chart\"", "Not implemented yet", "1.3. Method", "h563-v5"} {
		if !strings.Contains(h.String(), s) {
			t.Errorf("index.html lacks %q", s)
		}
	}

	// EdDSA: peers only, said so; the aes_gcm result is not placed.
	ed := m[strings.Index(m, "### 2.4."):strings.Index(m, "### 2.5.")]
	if !strings.Contains(ed, "Not implemented yet in cryptolab: the tables below show only the peers") || !strings.Contains(ed, "| Signature | Small | OptLow | 21.0 µs") || strings.Contains(ed, "not measured") {
		t.Errorf("EdDSA section:\n%s", ed)
	}
	if !strings.Contains(m, "left out of this report (they are in results.json): aes_gcm (1).") {
		t.Error("unplaced results not mentioned")
	}

	// ML-KEM: our two configurations get a Config column (the page has
	// none), the platforms without ML-KEM figures are named, not shown.
	mk := m[strings.Index(m, "### 2.7."):strings.Index(m, "### 2.8.")]
	for _, s := range []string{"| Function | Suite | Config (cryptolab) |", "| Key-Encapsulation | ML-KEM-768 | Fast |", "No published figures for this table on h753, h7s3, h743, h563-v4, l552", "stack 5,100", "circl"} {
		if !strings.Contains(mk, s) {
			t.Errorf("ML-KEM section lacks %q", s)
		}
	}
	if head := mk[strings.Index(mk, "| Function"):]; strings.Contains(head[:strings.Index(head, "\n")], "l552") {
		t.Error("ML-KEM table has a column for l552, which publishes no ML-KEM figures")
	}

	// A suite that was not selected is not called unimplemented.
	run := syntheticRun()
	run.Config.Suites = []string{"aes", "sha"}
	md.Reset()
	if err := WriteMarkdown(&md, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), `Not part of this run (suite "ecdsa" was not selected)`) {
		t.Error("unselected suite reported as not implemented")
	}
}

// TestHTMLSelfContained checks that index.html fetches nothing: no scripts,
// no external style sheets, images, fonts or imports; the only http(s)
// addresses are the reference pages' links.
func TestHTMLSelfContained(t *testing.T) {
	ref, platforms := loadRef(t)
	var h bytes.Buffer
	if err := WriteHTML(&h, syntheticRun(), ref, platforms); err != nil {
		t.Fatal(err)
	}
	s := h.String()
	for _, bad := range []string{"<script", "<link", "<img", "<iframe", "<object", "<embed", "@import", "url(", " src=", "xlink:href", "@font-face"} {
		if strings.Contains(strings.ToLower(s), bad) {
			t.Errorf("index.html contains %q", bad)
		}
	}
	re := regexp.MustCompile(`(?i)https?://`)
	links := 0
	for _, loc := range re.FindAllStringIndex(s, -1) {
		before := s[max(0, loc[0]-9):loc[0]]
		if before != `<a href="` {
			t.Errorf("http(s) address outside a link: %q", s[max(0, loc[0]-40):min(len(s), loc[1]+40)])
		}
		links++
	}
	if links == 0 {
		t.Error("expected the reference pages' source links")
	}
	// Sources of the reference platforms are links, not fetches, and
	// appear once each for the platforms that have an address.
	if !strings.Contains(s, "oldid=88452") {
		t.Error("h563-v5 source missing")
	}
}

// TestResultsJSONRoundTrip writes the report and reads results.json back.
func TestResultsJSONRoundTrip(t *testing.T) {
	ref, platforms := loadRef(t)
	run := syntheticRun()
	dir := t.TempDir()
	if err := Write(dir, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	got, err := result.ReadFile(filepath.Join(dir, JSONFile))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, syntheticRun()) {
		t.Error("results.json does not round-trip to the run written")
	}
	// Every measurement carries its unit.
	for _, r := range got.Results {
		if r.Status == result.StatusOK && (r.Ns.Unit == "" || r.Cycles.Unit == "" || r.Ticks.Unit == "") {
			t.Errorf("%s %s: unit missing", r.Case, r.Impl)
		}
	}
}

// TestBenchFormat checks bench.txt against the Go benchmark format that
// benchstat reads: configuration lines, then per batch one line of name,
// iterations and value-unit pairs.
func TestBenchFormat(t *testing.T) {
	run := syntheticRun()
	var b bytes.Buffer
	if err := WriteBench(&b, run); err != nil {
		t.Fatal(err)
	}
	byName := map[string]*result.Result{}
	for i := range run.Results {
		byName[benchName(&run.Results[i])] = &run.Results[i]
	}
	cfgRe := regexp.MustCompile(`^[\p{Ll}][^\s\p{Lu}]*:\s`)
	lines := 0
	names := map[string]int{}
	for i, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "Benchmark") {
			if !cfgRe.MatchString(line) {
				t.Errorf("line %d is neither a configuration nor a benchmark line: %q", i+1, line)
			}
			if lines > 0 {
				t.Errorf("line %d: configuration after results", i+1)
			}
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || len(f)%2 != 0 {
			t.Fatalf("line %d: %d fields: %q", i+1, len(f), line)
		}
		if n, err := strconv.Atoi(f[1]); err != nil || n < 1 {
			t.Errorf("line %d: iterations %q", i+1, f[1])
		}
		units := map[string]bool{}
		for j := 2; j < len(f); j += 2 {
			if _, err := strconv.ParseFloat(f[j], 64); err != nil {
				t.Errorf("line %d: value %q", i+1, f[j])
			}
			units[f[j+1]] = true
		}
		for _, u := range []string{"ns/op", "cycles/op", "ticks/op"} {
			if !units[u] {
				t.Errorf("line %d: no %s", i+1, u)
			}
		}
		// Memory is reported for what the harness measured, not for
		// openssl's own loop.
		if openssl := strings.Contains(f[0], "/impl=openssl"); units["B/op"] == openssl || units["allocs/op"] == openssl {
			t.Errorf("line %d: B/op and allocs/op must be there exactly when the harness measured: %q", i+1, line)
		}
		if r, ok := byName[f[0]]; !ok {
			t.Errorf("line %d: no result named %s", i+1, f[0])
		} else if (r.BytesPerOp > 0) != units["MB/s"] {
			t.Errorf("line %d: MB/s exactly for the results with a payload: %q", i+1, line)
		}
		names[f[0]]++
		lines++
	}
	want := 0
	for _, r := range run.Results {
		if r.Status == result.StatusOK {
			want += len(r.Ns.Samples)
			if n := names[benchName(&r)]; n != len(r.Ns.Samples) {
				t.Errorf("%s: %d lines, want %d", benchName(&r), n, len(r.Ns.Samples))
			}
		}
	}
	if lines != want {
		t.Errorf("%d benchmark lines, want %d (one per batch of each ok result)", lines, want)
	}
	if !strings.Contains(b.String(), "BenchmarkAES-CBC/sole/key=128/size=32/op=Encryption/impl=cryptolab/config=Small\t") {
		t.Error("benchmark name format")
	}
}

// TestNotMeasured checks that a published row without a result of ours keeps
// the table's columns aligned: every row of a grid has as many cells as the
// header, and the row says "not measured".
func TestNotMeasured(t *testing.T) {
	ref, platforms := loadRef(t)
	v, err := newView(syntheticRun(), ref, platforms)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, fv := range v.Families {
		for _, tv := range fv.Tables {
			if !tv.HasOurs && len(tv.Peers) == 0 {
				continue
			}
			grids := v.perfGrids(tv)
			if tv.Footprint != nil {
				grids = append(grids, v.footprintGrids(tv.Footprint)...)
			}
			for _, g := range grids {
				span := 0
				for _, gr := range g.Groups {
					span += gr.Span
				}
				if span != len(g.Heads) {
					t.Errorf("%s: header groups span %d columns, %d headers", tv.Spec.Table, span, len(g.Heads))
				}
				for i, row := range g.Rows {
					if len(row) != len(g.Heads) {
						t.Errorf("%s row %d: %d cells, %d columns", tv.Spec.Table, i, len(row), len(g.Heads))
					}
					for j, c := range row {
						if c.Text == "not measured" {
							found = true
							if h := g.Heads[j].Text; h != "Cycles" && h != "Code" {
								t.Errorf("%s row %d: \"not measured\" under %q", tv.Spec.Table, i, g.Heads[j].Text)
							}
						}
					}
				}
			}
		}
	}
	if !found {
		t.Error("the synthetic run should have a published row we did not measure")
	}
}

// TestRatios recomputes the figures of one row by hand.
func TestRatios(t *testing.T) {
	ref, _ := loadRef(t)
	run := syntheticRun()
	v, err := newView(run, ref, []string{"h563-v5", "l552"})
	if err != nil {
		t.Fatal(err)
	}
	tv := v.Families[0].Tables[0]
	if tv.Spec.Table != "aes_cbc_sole" {
		t.Fatal(tv.Spec.Table)
	}
	// Published rows in page order: 128-bit 32 B Encryption Small, Fast,
	// then our extra Default row for the same operation point.
	r0, r1, r2 := tv.Rows[0], tv.Rows[1], tv.Rows[2]
	if r0.Labels["config"] != "Small" || r1.Labels["config"] != "Fast" || r2.Labels["config"] != "Default" || r2.Op != r0.Op {
		t.Fatalf("row order: %v %v %v", r0.Labels, r1.Labels, r2.Labels)
	}
	if r2.Refs[0].OK {
		t.Error("Default has no published row, got one")
	}
	// Default is Fast: the two are told apart by no test, so neither is
	// bolded as the winner; both are marked ≈.
	if r0.Best || r1.Best || r2.Best || r0.Tie || !r1.Tie || !r2.Tie {
		t.Errorf("Fast and Default should tie (≈) at 128-bit 32 B, Small lose: best %v %v %v, tie %v %v %v", r0.Best, r1.Best, r2.Best, r0.Tie, r1.Tie, r2.Tie)
	}
	// h563-v5: 3659 cycles at 240 MHz for AES-128 32 B Small encryption.
	ours := (150 + 2*180) * 1.0
	wantTime := 3659 * 1000 / 240.0 / ours
	if c := r0.Refs[0]; !c.OK || math.Abs(c.TimeRatio-wantTime) > 1e-9 || math.Abs(c.CycRatio-3659/(ours*3.4)) > 1e-9 {
		t.Errorf("h563-v5 ratios %+v, want time %v", c, wantTime)
	}
	// l552 (110 MHz): its own published row.
	l, _ := ref.Match("aes_cbc_sole", "l552", map[string]string{"key_bits": "128", "buffer_bytes": "32", "operation": "Encryption", "config": "Small"})
	lc, _ := l.Cycles()
	if c := r0.Refs[1]; math.Abs(c.Cycles-lc) > 0 || math.Abs(c.TimeNs-lc*1000/110) > 1e-6 {
		t.Errorf("l552 cell %+v", c)
	}
	// Peers: ratio to our best (Fast) at the operation point.
	best := (250 + 2*45) * 1.0
	for _, pc := range r0.PeerCells {
		if pc.Impl == "go" && math.Abs(pc.Ratio-(20+2*3)/best) > 1e-9 {
			t.Errorf("go ratio %v", pc.Ratio)
		}
	}
	if len(r1.PeerCells) != 0 || r0.GroupLen != 3 {
		t.Error("peer cells belong to the head row of the operation point")
	}
	// openssl has no 64-byte rows: its cell is empty there, not invented.
	for _, row := range tv.Rows {
		if row.GroupHead && row.Labels["buffer_bytes"] == "64" {
			for _, pc := range row.PeerCells {
				if pc.Impl == "openssl" && pc.R != nil {
					t.Error("openssl result invented for 64 bytes")
				}
			}
		}
	}
}

func TestErrors(t *testing.T) {
	ref, _ := loadRef(t)
	if err := Write(t.TempDir(), syntheticRun(), ref, []string{"h999"}); err == nil {
		t.Error("unknown platform accepted")
	}
	if err := Summary(&bytes.Buffer{}, nil, ref, nil); err == nil {
		t.Error("nil run accepted")
	}
	if err := Summary(&bytes.Buffer{}, syntheticRun(), nil, nil); err == nil {
		t.Error("nil reference accepted")
	}
	// No platforms and an empty run still render.
	var b bytes.Buffer
	if err := WriteHTML(&b, &result.Run{Schema: 1}, ref, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "No reference platform chosen") {
		t.Error("empty run")
	}
	b.Reset()
	if err := Summary(&b, &result.Run{Schema: 1}, ref, nil); err != nil || !strings.Contains(b.String(), "No results measured") {
		t.Errorf("empty summary: %v %q", err, b.String())
	}
}

func TestFormat(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{fmtInt(0), "0"}, {fmtInt(999), "999"}, {fmtInt(1000), "1,000"}, {fmtInt(-1234567), "-1,234,567"},
		{fmtDur(523.4), "523 ns"}, {fmtDur(999.7), "1.00 µs"}, {fmtDur(12345), "12.3 µs"}, {fmtDur(1.5e6), "1.50 ms"}, {fmtDur(2e9), "2.00 s"}, {fmtDur(0), "—"},
		{fmtDur(9.996), "10.0 ns"}, {fmtDur(99.96), "100 ns"},
		{fmtRatio(812.4), "×812"}, {fmtRatio(12.34), "×12.3"}, {fmtRatio(1.254), "×1.25"}, {fmtRatio(0), ""},
		{fmtPct(0.031), "3.1 %"}, {fmtHz(2.096e9), "2.096 GHz"}, {fmtCount(1234.5), "1,235"}, {fmtCount(12.25), "12.2"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestConfigField lines results of ours up by their Config when their
// Params leave the page's config column out.
func TestConfigField(t *testing.T) {
	ref, _ := loadRef(t)
	run := &result.Run{Schema: result.SchemaVersion}
	for _, cfg := range []string{"Fast", "Small"} {
		run.Results = append(run.Results, result.Result{
			Table: "aes_cbc_sole", Case: "x", Impl: Ours, Config: cfg, Status: result.StatusOK,
			Params: map[string]string{"key_bits": "128", "buffer_bytes": "32", "operation": "Encryption"},
			Ns:     result.Stats{Unit: "ns", Median: map[string]float64{"Fast": 100, "Small": 200}[cfg]},
		})
	}
	v, err := newView(run, ref, []string{"h563-v5"})
	if err != nil {
		t.Fatal(err)
	}
	rows := v.Families[0].Tables[0].Rows
	for _, row := range rows[:2] {
		if row.Ours == nil || row.Ours.Config != row.Labels["config"] {
			t.Errorf("row %v holds %+v", row.Labels, row.Ours)
		}
	}
	if len(rows) != 36 {
		t.Errorf("%d rows, want the 36 published ones", len(rows))
	}
}

// TestMinimumForSigning compares ML-DSA signing by its minimum, as the page
// publishes it, and everything else by the median.
func TestMinimumForSigning(t *testing.T) {
	ref, _ := loadRef(t)
	run := &result.Run{Schema: result.SchemaVersion}
	for _, fn := range []string{"Signature", "Verification"} {
		run.Results = append(run.Results, result.Result{
			Table: "mldsa", Case: fn, Impl: Ours, Config: "Fast", Status: result.StatusOK,
			Params: map[string]string{"suite": "ML-DSA-44", "function": fn, "low_ram": "0"},
			Ns:     result.Stats{Unit: "ns", Median: 200e3, Min: 100e3, Max: 900e3},
			Cycles: result.Stats{Unit: "cycles", Median: 680e3, Min: 340e3, Max: 3060e3},
		})
	}
	v, err := newView(run, ref, []string{"h563-v5"})
	if err != nil {
		t.Fatal(err)
	}
	var tv *tableView
	for _, fv := range v.Families {
		if fv.Suite == "mldsa" {
			tv = fv.Tables[0]
		}
	}
	checked := 0
	for _, row := range tv.Rows {
		if row.Ours == nil {
			continue
		}
		c := row.Refs[0]
		want := c.TimeNs / 200e3
		if row.Labels["function"] == "Signature" {
			want = c.TimeNs / 100e3
		}
		if math.Abs(c.TimeRatio-want) > 1e-9 {
			t.Errorf("%s: ratio %v, want %v", row.Labels["function"], c.TimeRatio, want)
		}
		checked++
	}
	if checked != 2 {
		t.Errorf("%d rows of ours, want 2", checked)
	}
	var b bytes.Buffer
	if err := WriteMarkdown(&b, run, ref, []string{"h563-v5"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Time (min)") {
		t.Error("ML-DSA table lacks the minimum-time column")
	}
}

// TestHTMLBalanced checks that every element of index.html is closed in
// order (a cheap structural check; the page has no script and its style
// sheet has no angle brackets).
func TestHTMLBalanced(t *testing.T) {
	ref, platforms := loadRef(t)
	var h bytes.Buffer
	if err := WriteHTML(&h, syntheticRun(), ref, platforms); err != nil {
		t.Fatal(err)
	}
	void := map[string]bool{"meta": true, "br": true, "hr": true, "img": true, "input": true, "link": true}
	tag := regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*?(/?)>`)
	var stack []string
	for _, m := range tag.FindAllStringSubmatch(h.String(), -1) {
		closing, name, self := m[1] == "/", strings.ToLower(m[2]), m[3] == "/"
		switch {
		case void[name] || self:
		case closing:
			if len(stack) == 0 || stack[len(stack)-1] != name {
				t.Fatalf("</%s> closes %v", name, stack[max(0, len(stack)-3):])
			}
			stack = stack[:len(stack)-1]
		default:
			stack = append(stack, name)
		}
	}
	if len(stack) != 0 {
		t.Errorf("unclosed: %v", stack)
	}
	if strings.Count(h.String(), "<svg") != strings.Count(h.String(), "</svg>") || !strings.HasPrefix(h.String(), "<!DOCTYPE html>") {
		t.Error("svg elements or doctype")
	}
}

// TestPlatformSplit checks the layout that keeps performance and footprint
// tables within a 1,400-pixel page: with every platform chosen, each table
// with published columns comes as two grids of the same rows, the first
// with platformsPerTable STM32 platforms beside our columns, the second
// repeating the row labels and our figures to compare (Time; Code and
// Stack) beside the further platforms; every chosen platform
// appears once across the two, in order.
func TestPlatformSplit(t *testing.T) {
	ref, platforms := loadRef(t)
	if len(platforms) <= platformsPerTable {
		t.Fatalf("%d platforms: nothing to split", len(platforms))
	}
	v, err := newView(syntheticRun(), ref, platforms)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, grids []*grid, ids []string, keep []string) {
		t.Helper()
		if len(ids) <= platformsPerTable {
			if len(grids) != 1 {
				t.Errorf("%s: %d platforms in %d grids, want one", name, len(ids), len(grids))
			}
			return
		}
		if len(grids) != 2 {
			t.Fatalf("%s: %d platforms in %d grids, want two", name, len(ids), len(grids))
		}
		var seen []string
		var refs [2]int
		for gi, g := range grids {
			for _, h := range g.Heads {
				if h.Class == "ref" {
					seen = append(seen, h.Text)
					refs[gi]++
				}
			}
			if len(g.Rows) != len(grids[0].Rows) {
				t.Errorf("%s grid %d: %d rows, the first has %d", name, gi, len(g.Rows), len(grids[0].Rows))
			}
		}
		if refs[0] != platformsPerTable || refs[1] != len(ids)-platformsPerTable {
			t.Errorf("%s: %v platform columns per grid, want %d in the first and the rest in the second", name, refs, platformsPerTable)
		}
		if !slices.Equal(seen, ids) {
			t.Errorf("%s: platform columns %v, want %v", name, seen, ids)
		}
		g1, g2 := grids[0], grids[1]
		labels := g1.Groups[0].Span
		var mid []string
		for i, h := range g2.Heads {
			if i < labels {
				if h != g1.Heads[i] {
					t.Errorf("%s: second grid's label column %d is %q, want %q", name, i, h.Text, g1.Heads[i].Text)
				}
				continue
			}
			if h.Class != "ref" {
				mid = append(mid, h.Text)
			}
		}
		if !slices.Equal(mid, keep) {
			t.Errorf("%s: second grid's columns of ours %v, want %v", name, mid, keep)
		}
		for r := range g2.Rows {
			for i := 0; i < labels; i++ {
				if g2.Rows[r][i].Text != g1.Rows[r][i].Text {
					t.Errorf("%s row %d: second grid's label %q, first %q", name, r, g2.Rows[r][i].Text, g1.Rows[r][i].Text)
				}
			}
		}
	}
	perf, fp := 0, 0
	for _, fv := range v.Families {
		for _, tv := range fv.Tables {
			if !tv.HasOurs && len(tv.Peers) == 0 {
				continue
			}
			var ids []string
			for _, p := range tv.Platforms {
				ids = append(ids, p.ID)
			}
			var keep []string
			if tv.HasOurs {
				keep = []string{"Time"}
			}
			check(tv.Spec.Table, v.perfGrids(tv), ids, keep)
			if len(ids) > platformsPerTable {
				perf++
			}
			if tv.Footprint == nil || !tv.Footprint.HasOurs {
				continue
			}
			ids = nil
			for _, p := range tv.Footprint.Platforms {
				ids = append(ids, p.ID)
			}
			check(tv.Footprint.Table, v.footprintGrids(tv.Footprint), ids, []string{"Code", "Stack"})
			if len(ids) > platformsPerTable {
				fp++
			}
		}
	}
	if perf == 0 || fp == 0 {
		t.Errorf("split %d performance and %d footprint tables; the synthetic run should have both", perf, fp)
	}
}
