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

// TestGeneratedFields checks that fields_gen.go is what gen_fields.go
// writes from today's Field methods.
func TestGeneratedFields(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	out := filepath.Join(t.TempDir(), "fields_gen.go")
	cmd := exec.Command("go", "run", "gen_fields.go", "-o", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_fields.go: %v\n%s", err, b)
	}
	want, _ := os.ReadFile(out)
	got, err := os.ReadFile("fields_gen.go")
	if err != nil || !bytes.Equal(got, want) {
		t.Fatal("fields_gen.go is stale: run go generate in internal/nist/ec")
	}
}
