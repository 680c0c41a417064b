package ct

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestSelected(t *testing.T) {
	all := Selected(Options{})
	aes := Selected(Options{Families: []string{"aes"}, Configs: []string{"small"}})
	if len(aes) < 2 || len(aes) >= len(all) {
		t.Fatalf("selected %d aes Small targets of %d", len(aes), len(all))
	}
	control := 0
	for _, tg := range aes {
		if tg.Leaky {
			control++
			continue
		}
		if tg.Family != "aes" || tg.Config != "Small" {
			t.Errorf("selected %s", tg.Name())
		}
	}
	if control != 1 {
		t.Errorf("the planted leak must always run (%d)", control)
	}
}

func TestRunWrites(t *testing.T) {
	rows := Run(Options{Families: []string{"aes"}, Configs: []string{"Fast"}, Time: 20 * time.Millisecond}, nil)
	var md, js bytes.Buffer
	if err := WriteMarkdown(&md, rows, Options{Time: 20 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&js, rows); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	for _, want := range []string{"## Constant-time evidence", "| control | early-exit compare", "| aes | key setup | AES-128 | Fast |", "Note 1."} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown lacks %q:\n%s", want, out)
		}
	}
	var back struct{ Rows []Row }
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Rows) != len(rows) {
		t.Fatalf("json: %v, %d rows", err, len(back.Rows))
	}
	for _, r := range rows {
		if r.Err != "" || r.N == 0 {
			t.Errorf("%+v", r)
		}
	}
}

func TestInsert(t *testing.T) {
	const b, e = "<!-- s -->", "<!-- /s -->"
	doc := "<html><main>x</main></html>"
	once := Insert(doc, "<p>1</p>\n", b, e, "</main>")
	if want := "<html><main>x<!-- s -->\n<p>1</p>\n<!-- /s -->\n</main></html>"; once != want {
		t.Fatalf("first insert:\n%s\nwant\n%s", once, want)
	}
	twice := Insert(once, "<p>2</p>\n", b, e, "</main>")
	if want := "<html><main>x<!-- s -->\n<p>2</p>\n<!-- /s -->\n</main></html>"; twice != want {
		t.Fatalf("replacement:\n%s\nwant\n%s", twice, want)
	}
	if got := Insert("# r\n", "## s\n", b, e, ""); got != "# r\n\n<!-- s -->\n## s\n<!-- /s -->\n" {
		t.Fatalf("append: %q", got)
	}
}
