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
	"aes_cbc_sole_footprint config=Small operation=Encryption": {Stack: 815, CodeConst: 5400},  // measured 776, 5146
	"aes_cbc_sole_footprint config=Small operation=Decryption": {Stack: 866, CodeConst: 6885},  // measured 824, 6557
	"aes_cbc_flow_footprint config=Small operation=Encryption": {Stack: 731, CodeConst: 13200}, // measured 696, 12575
	"aes_cbc_flow_footprint config=Small operation=Decryption": {Stack: 781, CodeConst: 14700}, // measured 744, 13996
}

// TestFootprintBudget (issue 17): Small's stack and code + constant data
// per published operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "aes", "Small", nil), footprintBudget)
}
