package keccak

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGenerated checks that f1600.go is what gen_f1600.go writes today with
// its default settings (the ones go generate uses).
func TestGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	out := filepath.Join(t.TempDir(), "f1600.go")
	cmd := exec.Command("go", "run", "gen_f1600.go", "-o", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_f1600.go: %v\n%s", err, b)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("f1600.go")
	if err != nil || !bytes.Equal(got, want) {
		t.Fatal("f1600.go is stale: run go generate in internal/keccak")
	}
}
