package ecdsa_test

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/footprinttest"
)

// footprintBudget holds Small-Low's published operations (the rows of the
// STM32 footprint table ecdsa_footprint: P-256 and P-384 signature and
// verification) to what they measure in the lab's own cases and programs:
// the stack high-water mark and the code + constant data attributed to
// cryptolab (see internal/footprinttest). Measured with go1.26 on
// linux/amd64; budgets about 5% above, and only going down. TestStack
// (stack_test.go) bounds the stack of every configuration; TestCodeBudget
// (linker_test.go) counts symbols by name, this test the lab's attribution
// (which adds the type descriptors and strings the linker folds).
var footprintBudget = map[string]footprinttest.Budget{
	"ecdsa_footprint curve=SECP256R1 curve_def=Low math_config=Small operation=Signature":    {Stack: 2290, CodeConst: 45400}, // measured 2184 (also without extensions), 43216
	"ecdsa_footprint curve=SECP256R1 curve_def=Low math_config=Small operation=Verification": {Stack: 2870, CodeConst: 36500}, // measured 2736, 34723
	"ecdsa_footprint curve=SECP384R1 curve_def=Low math_config=Small operation=Signature":    {Stack: 2410, CodeConst: 45400}, // measured 2296 (also without extensions), 43216
	"ecdsa_footprint curve=SECP384R1 curve_def=Low math_config=Small operation=Verification": {Stack: 2870, CodeConst: 36500}, // measured 2736, 34723
}

// TestFootprintBudget (issue 17): Small-Low's stack and code + constant data per
// published operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "ecdsa", "Small-Low", nil), footprintBudget)
}
