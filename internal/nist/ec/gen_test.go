package ec

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGenerated checks that points_fast.go is what gen_points.go writes today.
func TestGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	out := filepath.Join(t.TempDir(), "points_fast.go")
	cmd := exec.Command("go", "run", "gen_points.go", "-o", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_points.go: %v\n%s", err, b)
	}
	want, _ := os.ReadFile(out)
	got, err := os.ReadFile("points_fast.go")
	if err != nil || !bytes.Equal(got, want) {
		t.Fatal("points_fast.go is stale: run go generate in internal/nist/ec")
	}
}
