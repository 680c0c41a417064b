package mlkem

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
)

// TestGenerated checks that mlkem512.go, mlkem768.go and mlkem1024.go, and
// internal/mlkem's keys512.go, keys768.go and keys1024.go, are what gen.go
// writes today.
func TestGenerated(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen.go", Args: []string{"-internal", "$DIR"}, InDir: true},
		"mlkem512.go", "mlkem768.go", "mlkem1024.go",
		"../internal/mlkem/keys512.go", "../internal/mlkem/keys768.go", "../internal/mlkem/keys1024.go")
}
