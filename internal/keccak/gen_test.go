package keccak

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
)

// TestGenerated checks that f1600.go is what gen_f1600.go writes today with
// its default settings (the ones go generate uses).
func TestGenerated(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen_f1600.go", Args: []string{"-o", "$DIR/f1600.go"}}, "f1600.go")
}
