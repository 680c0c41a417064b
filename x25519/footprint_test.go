package x25519_test

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/footprinttest"
)

// footprintBudget holds Small's operations (the lab's x25519 rows, beyond
// the STM32 pages, which publish no X25519: key generation and shared
// secret) to what they measure in the lab's own cases and programs: the
// stack high-water mark and the code + constant data attributed to
// cryptolab (see internal/footprinttest). Measured with go1.26 on
// linux/amd64; budgets about 5% above, and only going down.
//
// The code + constant budgets rose by 526 B when the Native configuration
// came: package x25519 now imports internal/cpu (through
// internal/edwards25519's MulxSupported), whose initialization (CPUID and
// its feature map) every program importing x25519 links, Small ones too;
// the rest of a Small program is unchanged (7,537 and 8,339 B).
var footprintBudget = map[string]footprinttest.Budget{
	"x25519_footprint config=Small operation=Key generation": {Stack: 2016, CodeConst: 8450}, // measured 1912, 8063
	"x25519_footprint config=Small operation=Shared secret":  {Stack: 2080, CodeConst: 9300}, // measured 1976, 8865
}

// TestFootprintBudget (issue 17): Small's stack and code + constant data
// per operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "x25519", "Small", nil), footprintBudget)
}
