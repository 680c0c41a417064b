package report

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// TestBeyond checks section 3, the rows beyond the published pages, with
// the synthetic run's X25519 and LMS signing results: it comes after
// section 2 in report.md, index.html and the terminal summary, is marked
// as beyond the pages, has our configurations and the peers beside our
// best and no STM32 column, a footprint table, and X25519 (a family of
// Beyond tables only) has no section 2 entry and is not "not implemented".
func TestBeyond(t *testing.T) {
	ref, platforms := loadRef(t)
	var md, h, sum bytes.Buffer
	if err := WriteMarkdown(&md, syntheticRun(), ref, platforms); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&h, syntheticRun(), ref, platforms); err != nil {
		t.Fatal(err)
	}
	if err := Summary(&sum, syntheticRun(), ref, platforms); err != nil {
		t.Fatal(err)
	}
	m := md.String()
	i2, i3 := strings.Index(m, "## 2. Performance values"), strings.Index(m, "## 3. Beyond the published pages")
	if i2 < 0 || i3 < i2 {
		t.Fatalf("report.md: section 3 missing or before section 2 (%d, %d)", i2, i3)
	}
	sec := m[i3:]
	if j := strings.Index(sec, "\nResults of tables that the STM32 pages do not have"); j >= 0 {
		sec = sec[:j]
	}
	for _, s := range []string{
		"Rows the STM32 pages do not publish",
		"### 3.1. X25519 key exchange",
		"| Operation | Config | Cycles", // our configuration is the config column
		"| Shared secret | Small |", "| Shared secret | SuperFast |", "| Key generation | SuperFast |",
		"go (time, heap · vs our best)", "circl", "openssl",
		"X25519 key exchange: footprint",
		"### 3.2. LMS key generation, signing and further parameter sets",
		"Function Signature, Suite LMS_N32_H5_W4_SHA256", // constant columns stated once
		"| Fast | none |", "| Fast | all |",
	} {
		if !strings.Contains(sec, s) {
			t.Errorf("section 3 lacks %q:\n%s", s, sec)
		}
	}
	for _, s := range []string{"h563-v5", "STM32 published", "cycles, time", "not measured"} {
		if strings.Contains(sec, s) {
			t.Errorf("section 3 has %q", s)
		}
	}
	if strings.Contains(m[:i3], "X25519") {
		t.Error("X25519 appears in section 2 or the glance")
	}
	// The peers' ratios are to our best configuration (SuperFast, 30 µs):
	// go 28 µs is ×0.93.
	x := sec[strings.Index(sec, "### 3.1."):strings.Index(sec, "### 3.2.")]
	if !strings.Contains(x, "**30.0 µs · spread") || !strings.Contains(x, "28.0 µs · heap 512 B · 2 (×0.93)") {
		t.Errorf("X25519 table: best or peer ratio missing:\n%s", x)
	}

	hs := h.String()
	for _, s := range []string{`<a href="#s3">3 Beyond the pages</a>`, `<section id="s3" class="beyond">`, `<h2>3. Beyond the published pages</h2>`,
		`id="t-x25519"`, `<span class="beyond-tag">beyond the pages</span>`, `id="t-lms_beyond"`} {
		if !strings.Contains(hs, s) {
			t.Errorf("index.html lacks %q", s)
		}
	}
	hsec := hs[strings.Index(hs, `<section id="s3"`):]
	if strings.Contains(hsec, "STM32 published") {
		t.Error("index.html: section 3 has STM32 columns")
	}

	s := sum.String()
	if !strings.Contains(s, "3.1 X25519 key exchange") || !strings.Contains(s, "3.2 LMS key generation") {
		t.Errorf("summary lacks section 3:\n%s", s)
	}
	if strings.Contains(s, "Not implemented yet: ") && strings.Contains(s[strings.Index(s, "Not implemented yet: "):], "X25519") {
		t.Error("summary calls X25519 not implemented")
	}

	// A run without Beyond results has no section 3.
	run := syntheticRun()
	var keep []result.Result
	for _, r := range run.Results {
		if r.Table != "x25519" && r.Table != "lms_beyond" {
			keep = append(keep, r)
		}
	}
	run.Results = keep
	md.Reset()
	if err := WriteMarkdown(&md, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), "## 3.") {
		t.Error("section 3 without Beyond results")
	}

	// results.json keeps the Beyond results (TestResultsJSONRoundTrip
	// round-trips the whole run), bench.txt names them.
	var b bytes.Buffer
	if err := WriteBench(&b, syntheticRun()); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"BenchmarkX25519/op=Shared_secret/impl=cryptolab/config=SuperFast\t", "BenchmarkX25519/op=Shared_secret/impl=circl\t",
		"BenchmarkLMS/suite=LMS_N32_H5_W4_SHA256/cache=all/op=Signature/impl=cryptolab/config=Fast\t"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("bench.txt lacks %q", s)
		}
	}
	dir := t.TempDir()
	if err := Write(dir, syntheticRun(), ref, platforms); err != nil {
		t.Fatal(err)
	}
	got, err := result.ReadFile(filepath.Join(dir, JSONFile))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range got.Results {
		if r.Table == "x25519" {
			n++
		}
	}
	if n != 9 {
		t.Errorf("results.json: %d X25519 results, want 9", n)
	}
}
