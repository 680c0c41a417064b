package gobuild

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func writeModule(t *testing.T, dir, msg string) {
	t.Helper()
	files := map[string]string{
		"go.mod":       "module example.com/tiny\n\ngo 1.24\n",
		"main.go":      "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"" + msg + "\") }\n",
		"main_test.go": "package main\n",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBuildCached builds a tiny module, takes it from the cache the second
// time, and rebuilds it when a source changes (but not a test file).
func TestBuildCached(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	src, cache := t.TempDir(), t.TempDir()
	writeModule(t, src, "one")
	b := Binary{Pkg: ".", Name: "tiny", Root: src, CacheDir: cache, Env: []string{"CGO_ENABLED=0", "GOFLAGS=-mod=mod", "GOWORK=off"}}
	ctx := context.Background()
	p1, built, err := b.Build(ctx)
	if err != nil || !built {
		t.Fatalf("first build: %v, built %v", err, built)
	}
	out, err := exec.Command(p1).Output()
	if err != nil || strings.TrimSpace(string(out)) != "one" {
		t.Fatalf("runs: %q, %v", out, err)
	}
	h1, _ := HashSources(src, nil)
	os.WriteFile(filepath.Join(src, "main_test.go"), []byte("package main\n// changed\n"), 0o644)
	if h2, _ := HashSources(src, nil); h2 != h1 {
		t.Error("a test file changed the source hash")
	}
	if p, built, err := b.Build(ctx); err != nil || built || p != p1 {
		t.Fatalf("second build: %s %v %v, want cached %s", p, built, err, p1)
	}
	writeModule(t, src, "two")
	p2, built, err := b.Build(ctx)
	if err != nil || !built || p2 == p1 {
		t.Fatalf("after a change: %s %v %v", p2, built, err)
	}
	if _, err := os.Stat(p1); !os.IsNotExist(err) {
		t.Error("the stale build was not removed")
	}
	out, _ = exec.Command(p2).Output()
	if strings.TrimSpace(string(out)) != "two" {
		t.Errorf("rebuilt program prints %q", out)
	}
}
