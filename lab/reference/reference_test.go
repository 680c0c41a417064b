package reference

import (
	"bytes"
	"strings"
	"testing"
)

// TestRowCounts pins the number of published rows of every table, as the
// dataset's README states them.
func TestRowCounts(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		"aes_cbc_sole": 216, "aes_cbc_flow": 288,
		"sha_sole": 36, "sha_flow": 48, "sha_tag": 12,
		"aes_cbc_sole_footprint": 24, "aes_cbc_flow_footprint": 24,
		"sha_sole_footprint": 12, "sha_flow_footprint": 12,
		"ecdsa": 96, "ecdsa_footprint": 96,
		"eddsa": 48, "eddsa_footprint": 48,
		"rsa": 84, "rsa_footprint": 84,
		"mldsa": 15, "mlkem": 9, "lms": 4,
	}
	if len(d.Tables) != len(want) || len(TableNames) != len(want) {
		t.Errorf("%d tables loaded, %d named, want %d", len(d.Tables), len(TableNames), len(want))
	}
	for name, n := range want {
		tb, ok := d.Table(name)
		if !ok {
			t.Errorf("table %s missing", name)
			continue
		}
		if len(tb.Rows) != n {
			t.Errorf("%s: %d rows, want %d", name, len(tb.Rows), n)
		}
	}
	if len(d.Platforms) != 6 {
		t.Errorf("%d platforms, want 6", len(d.Platforms))
	}
	if ids := d.PlatformIDs(); len(ids) != 6 || ids[0] != "h563-v5" {
		t.Errorf("PlatformIDs = %v, want 6 with h563-v5 first", ids)
	}
	if !strings.Contains(d.README, "CMOX") {
		t.Error("README not embedded")
	}
}

// TestSamePerPlatform checks the README's statement that every non
// post-quantum table has the same rows for each of the six platforms.
func TestSamePerPlatform(t *testing.T) {
	d, _ := Load()
	for _, name := range TableNames {
		tb := d.Tables[name]
		switch name {
		case "mldsa", "mlkem", "lms":
			if ps := tb.Platforms(); len(ps) != 1 || ps[0] != "h563-v5" {
				t.Errorf("%s: platforms %v, want only h563-v5", name, ps)
			}
			continue
		}
		per := make(map[string][]string)
		for _, r := range tb.Rows {
			per[r.Platform] = append(per[r.Platform], labelKey(r))
		}
		if len(per) != 6 {
			t.Errorf("%s: %d platforms", name, len(per))
		}
		first := per["h753"]
		for p, keys := range per {
			if strings.Join(keys, "|") != strings.Join(first, "|") {
				t.Errorf("%s: rows of %s differ from h753", name, p)
			}
		}
	}
}

func TestPublishedValues(t *testing.T) {
	d, _ := Load()
	// The README's worked example: h753, AES-128-CBC, 128-byte buffer,
	// encryption, Small: 10156 cycles / 400 MHz = 25.39 µs, published 25.
	r, ok := d.Match("aes_cbc_sole", "h753", map[string]string{
		"key_bits": "128", "buffer_bytes": "128", "operation": "Encryption", "config": "Small"})
	if !ok {
		t.Fatal("h753 AES-128 128-byte Small encryption row not found")
	}
	if c, _ := r.Cycles(); c != 10156 {
		t.Errorf("cycles = %v, want 10156", c)
	}
	if v, unit, _ := r.PublishedTime(); v != 25 || unit != "µs" {
		t.Errorf("published time = %d %s, want 25 µs", v, unit)
	}
	if ns, _ := d.TimeNs(r); ns != 25390 {
		t.Errorf("TimeNs = %v, want 25390", ns)
	}

	// h563-v5 page, section 2.2.2: SHA256 8000 bytes in 128-byte chunks,
	// 386 204 cycles, 4971 Kbytes/s.
	r, ok = d.Match("sha_flow", "h563-v5", map[string]string{"hash": "SHA256", "chunk_bytes": "128", "message_bytes": "8000"})
	if !ok {
		t.Fatal("sha_flow row not found")
	}
	if c, _ := r.Cycles(); c != 386204 {
		t.Errorf("cycles = %v", c)
	}
	if k, _ := r.KBytesPerS(); k != 4971 {
		t.Errorf("kbytes_per_s = %v", k)
	}

	// LMS has min/avg/max; Cycles is the average.
	r, ok = d.Match("lms", "h563-v5", map[string]string{"suite": "LMS_N32_H10_W8_SHA256"})
	if !ok {
		t.Fatal("lms row not found")
	}
	if c, _ := r.Cycles(); c != 17624414 {
		t.Errorf("lms cycles_avg = %v", c)
	}
	if v, unit, _ := r.PublishedTime(); v != 73 || unit != "ms" {
		t.Errorf("lms time = %d %s", v, unit)
	}

	// RSA verification has n/a labels and a footprint with working buffer.
	r, ok = d.Match("rsa_footprint", "h563-v5", map[string]string{"operation": "Verification", "math_config": "Fast"})
	if !ok {
		t.Fatal("rsa footprint row not found")
	}
	if v, _ := r.Int("working_buffer_bytes"); v != 3108 {
		t.Errorf("working = %d", v)
	}
	if _, ok := r.Int("privkey_modexp_impl"); ok {
		t.Error("n/a parsed as a number")
	}
	if r.Get("privkey_modexp_impl") != "n/a" {
		t.Errorf("label = %q", r.Get("privkey_modexp_impl"))
	}

	p, _ := d.Platform("h563-v5")
	if p.CoreClockMHz != 240 || p.MCU != "STM32H563ZI" || p.Label() != "STM32H563ZI @ 240 MHz, CMOX 5.x" {
		t.Errorf("platform = %+v, label %q", p, p.Label())
	}
}

func TestLookup(t *testing.T) {
	d, _ := Load()
	// A peer names no config: both configurations' rows come back.
	rows := d.Lookup("aes_cbc_sole", "h563-v5", map[string]string{"key_bits": "256", "buffer_bytes": "64", "operation": "Decryption"})
	if len(rows) != 2 || rows[0].Get("config") != "Small" || rows[1].Get("config") != "Fast" {
		t.Errorf("peer lookup: %d rows", len(rows))
	}
	// Keys that are not columns are ignored; a wrong value matches nothing.
	if n := len(d.Lookup("sha_tag", "l552", map[string]string{"hash": "SHA384", "extra": "x"})); n != 1 {
		t.Errorf("extra key: %d rows", n)
	}
	if n := len(d.Lookup("sha_tag", "l552", map[string]string{"hash": "SHA512"})); n != 0 {
		t.Errorf("wrong value: %d rows", n)
	}
	if d.Lookup("nope", "l552", nil) != nil || d.Lookup("sha_tag", "nope", nil) != nil {
		t.Error("unknown table or platform matched")
	}
	if _, ok := d.Match("aes_cbc_sole", "h753", map[string]string{"key_bits": "128"}); ok {
		t.Error("Match accepted an ambiguous selection")
	}
}

func TestCheck(t *testing.T) {
	d, _ := Load()
	ok := map[string]string{"key_bits": "192", "message_bytes": "8000", "chunk_bytes": "512", "operation": "Encryption", "config": "Fast"}
	if err := d.Check("aes_cbc_flow", ok, true); err != nil {
		t.Error(err)
	}
	peer := map[string]string{"key_bits": "192", "message_bytes": "8000", "chunk_bytes": "512", "operation": "Encryption"}
	if err := d.Check("aes_cbc_flow", peer, false); err != nil {
		t.Error(err)
	}
	if err := d.Check("aes_cbc_flow", peer, true); err == nil {
		t.Error("ambiguous params accepted as exact")
	}
	if err := d.Check("aes_cbc_flow", map[string]string{"key": "192"}, false); err == nil {
		t.Error("typo key accepted")
	}
	if err := d.Check("aes_cbc_flow", map[string]string{"chunk_bytes": "100"}, false); err == nil {
		t.Error("unpublished value accepted")
	}
	if err := d.Check("mlkem", map[string]string{"function": "Key-Encapsulation", "suite": "ML-KEM-768"}, true); err != nil {
		t.Error(err)
	}
	if err := d.Check("aes_gcm", nil, false); err == nil {
		t.Error("unknown table accepted")
	}
}

func TestParsePlatforms(t *testing.T) {
	d, _ := Load()
	for _, s := range []string{"", "all"} {
		if ps, err := d.ParsePlatforms(s); err != nil || len(ps) != 6 || ps[0] != "h563-v5" {
			t.Errorf("%q: %v %v", s, ps, err)
		}
	}
	if ps, err := d.ParsePlatforms("none"); err != nil || ps == nil || len(ps) != 0 {
		t.Errorf("none: %v %v", ps, err)
	}
	if ps, err := d.ParsePlatforms("l552, h753,l552"); err != nil || strings.Join(ps, ",") != "l552,h753" {
		t.Errorf("list: %v %v", ps, err)
	}
	if _, err := d.ParsePlatforms("h753,h999"); err == nil || !strings.Contains(err.Error(), "h999") {
		t.Errorf("unknown platform: %v", err)
	}
	if _, err := d.ParsePlatforms(","); err == nil {
		t.Error("empty list accepted")
	}
}

func TestFootprintTable(t *testing.T) {
	d, _ := Load()
	for _, name := range TableNames {
		f := FootprintTable(name)
		if f != "" && d.Tables[f] == nil {
			t.Errorf("%s: footprint table %s does not exist", name, f)
		}
	}
	if FootprintTable("sha_tag") != "sha_flow_footprint" || FootprintTable("mlkem") != "" || FootprintTable("ecdsa") != "ecdsa_footprint" {
		t.Error("FootprintTable mapping")
	}
}

func TestLabelsAndMeasures(t *testing.T) {
	d, _ := Load()
	tb := d.Tables["aes_cbc_sole"]
	if got := strings.Join(tb.Labels(), ","); got != "key_bits,buffer_bytes,operation,config" {
		t.Errorf("labels = %s", got)
	}
	if got := strings.Join(tb.Measures(), ","); got != "cycles,time_us" {
		t.Errorf("measures = %s", got)
	}
	// Every column of every table is either a label or a known measure,
	// and every table has at least one measure.
	for _, name := range TableNames {
		if len(d.Tables[name].Measures()) == 0 {
			t.Errorf("%s has no measure column", name)
		}
	}
}

func TestPrint(t *testing.T) {
	d, _ := Load()
	var b bytes.Buffer
	if err := d.Print(&b, []string{"h563-v5"}, []string{"sha"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, s := range []string{
		"h563-v5", "STM32H563ZI", "240 MHz",
		"sha_sole — HASH digest, sole buffer mode (6 of 36 rows)",
		"sha_tag — HASH final tag generation (2 of 12 rows)",
		"14371", // SHA384 tag cycles on h563-v5
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "aes_cbc") || strings.Contains(out, "h753") {
		t.Error("output not filtered")
	}
	b.Reset()
	if err := d.Print(&b, []string{"l552"}, []string{"mlkem"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "no rows for l552") {
		t.Errorf("post-quantum table on l552:\n%s", b.String())
	}
	if err := d.Print(&b, nil, []string{"aes_gcm"}); err == nil {
		t.Error("unknown table accepted")
	}
	if err := d.Print(&b, []string{"x"}, nil); err == nil {
		t.Error("unknown platform accepted")
	}
	b.Reset()
	if err := d.Print(&b, nil, nil); err != nil {
		t.Fatal(err)
	}
	// Header line + 1180 data rows... every row of every table appears once.
	lines := strings.Count(b.String(), "\n")
	if lines < 1174 {
		t.Errorf("full print has %d lines", lines)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "", "empty file"},
		{"first", "x\ty\n", "want platform"},
		{"fields", "platform\tcycles\nh753\n", "1 fields, want 2"},
		{"number", "platform\tcycles\nh753\t10 156\n", "not a plain integer"},
		{"negative", "platform\tcycles\nh753\t-1\n", "not a plain integer"},
		{"crlf", "platform\tcycles\r\n", "CRLF"},
		{"nolf", "platform\tcycles", "LF"},
		{"dupcol", "platform\tcycles\tcycles\n", "duplicate column"},
	} {
		_, err := parseTSV(tc.name, []byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
	tb, err := parseTSV("ok", []byte("platform\top\tcycles\nh753\tEnc\tn/a\nh753\tDec\t12\n"))
	if err != nil || len(tb.Rows) != 2 {
		t.Fatalf("%v %v", tb, err)
	}
	if _, ok := tb.Rows[0].Int("cycles"); ok {
		t.Error("n/a is a number")
	}
}

func FuzzParseTSV(f *testing.F) {
	f.Add([]byte("platform\tkey_bits\tcycles\nh753\t128\t3824\n"))
	f.Add([]byte("platform\tcycles\nh753\tn/a\n"))
	f.Add([]byte("platform\n\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		tb, err := parseTSV("fuzz", b)
		if err != nil {
			return
		}
		for _, r := range tb.Rows {
			if len(r.Values) != len(tb.Columns) {
				t.Fatalf("row of %d values in a table of %d columns", len(r.Values), len(tb.Columns))
			}
			_ = r.Params()
			r.Cycles()
			r.PublishedTime()
		}
	})
}

// TestSelectTablesBeyond: a suite or table of rows beyond the pages is
// named as such, not called unknown; the published tables still resolve.
func TestSelectTablesBeyond(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"x25519", "lms_beyond", "mldsa_beyond"} {
		if _, err := d.SelectTables([]string{n}); err == nil || !strings.Contains(err.Error(), "not on the STM32 pages") {
			t.Errorf("%s: %v", n, err)
		}
	}
	if _, err := d.SelectTables([]string{"nonsense"}); err == nil || !strings.Contains(err.Error(), "unknown") {
		t.Errorf("nonsense: %v", err)
	}
	if got, err := d.SelectTables([]string{"lms"}); err != nil || len(got) != 1 || got[0] != "lms" {
		t.Errorf("lms: %v %v", got, err)
	}
}
