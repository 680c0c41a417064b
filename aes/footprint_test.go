package aes_test

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/footprinttest"
)

// footprintBudget holds Small's published operations (the rows of the
// STM32 footprint tables aes_cbc_sole_footprint and aes_cbc_flow_footprint)
// to what they measure: the stack high-water mark (largest over the key
// sizes, buffer sizes and chunk sizes of the lab's cases) and the code +
// constant data the lab attributes to cryptolab (see internal/footprinttest).
// Measured with go1.26 on linux/amd64; budgets about 5% above, and only
// going down.
var footprintBudget = map[string]footprinttest.Budget{
	"aes_cbc_sole_footprint config=Small operation=Encryption": {Stack: 1040, CodeConst: 7850}, // measured 984, 7473
	"aes_cbc_sole_footprint config=Small operation=Decryption": {Stack: 1072, CodeConst: 9350}, // measured 1016, 8892
	"aes_cbc_flow_footprint config=Small operation=Encryption": {Stack: 952, CodeConst: 16400}, // measured 904, 15645
	"aes_cbc_flow_footprint config=Small operation=Decryption": {Stack: 984, CodeConst: 16400}, // measured 936, 15645
}

// TestFootprintBudget (issue 17): Small's stack and code + constant data
// per published operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "aes", "Small", nil), footprintBudget)
}
