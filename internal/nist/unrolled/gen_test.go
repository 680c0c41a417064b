package unrolled

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
)

// TestGenerated checks that unrolled.go is what gen.go writes today. The
// arithmetic itself is tested against math/big through the instantiations
// of internal/nist/ec that call it (TestArithmeticAgainstBig there).
func TestGenerated(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen.go", Args: []string{"-o", "$DIR/unrolled.go"}}, "unrolled.go")
}
