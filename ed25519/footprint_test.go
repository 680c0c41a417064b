package ed25519_test

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/footprinttest"
)

// footprintBudget holds Small-OptLow's published operations (the rows of
// the STM32 footprint table eddsa_footprint: signature and verification of
// a 1,023-byte message) to what they measure in the lab's own cases and
// programs: the stack high-water mark and the code + constant data
// attributed to cryptolab (see internal/footprinttest). Measured with
// go1.26 on linux/amd64; budgets about 5% above, and only going down.
var footprintBudget = map[string]footprinttest.Budget{
	"eddsa_footprint curve=Ed25519 curve_def=OptLow math_config=Small message_bytes=1023 operation=Signature":    {Stack: 2020, CodeConst: 24800}, // measured 1920 (also without extensions), 23576
	"eddsa_footprint curve=Ed25519 curve_def=OptLow math_config=Small message_bytes=1023 operation=Verification": {Stack: 2808, CodeConst: 27900}, // measured 2672, 26575
}

// TestFootprintBudget (issue 17): Small-OptLow's stack and code + constant data per
// published operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "eddsa", "Small-OptLow", nil), footprintBudget)
}
