package mlkem

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
)

// TestGenerated checks that mlkem512.go, mlkem768.go and mlkem1024.go are
// what gen.go writes today (it writes them into its working directory).
func TestGenerated(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen.go", InDir: true}, "mlkem512.go", "mlkem768.go", "mlkem1024.go")
}
