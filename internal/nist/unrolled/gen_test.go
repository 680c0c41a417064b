package unrolled

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGenerated checks that unrolled.go is what gen.go writes today.
func TestGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	out := filepath.Join(t.TempDir(), "unrolled.go")
	cmd := exec.Command("go", "run", "gen.go", "-o", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen.go: %v\n%s", err, b)
	}
	want, _ := os.ReadFile(out)
	got, err := os.ReadFile("unrolled.go")
	if err != nil || !bytes.Equal(got, want) {
		t.Fatal("unrolled.go is stale: run go generate in internal/nist/unrolled")
	}
}
