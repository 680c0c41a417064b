package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCTUsage(t *testing.T) {
	for _, args := range [][]string{
		{"ct", "--time", "-1s"},
		{"ct", "--suite", "nope"},
		{"ct", "extra"},
	} {
		if code, _, stderr := runMain(t, args...); code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr)
		}
	}
}

func TestCTQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	dir := t.TempDir()
	// A report there gets the section, once however often ct runs.
	os.WriteFile(filepath.Join(dir, "report.md"), []byte("# report\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<main>\n</main>\n"), 0o644)
	var stdout, stderr string
	for range 2 {
		var code int
		code, stdout, stderr = runMain(t, "ct", "--suite", "aes", "--config", "Fast", "--time", "30ms", "--out", dir)
		if code != 0 && !strings.Contains(stderr, "constant-time evidence") {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	}
	for name, want := range map[string]string{
		"report.md":          "## Constant-time evidence",
		"constant-time.md":   "## Constant-time evidence",
		"index.html":         "<section id=\"constant-time\">",
		"constant-time.json": "\"rows\"",
	} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), want); n != 1 {
			t.Errorf("%s holds %q %d times", name, want, n)
		}
	}
	for _, want := range []string{"## Constant-time evidence", "| aes | key setup | AES-256 | Fast |", "detected"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}
