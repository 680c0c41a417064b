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
	"aes_cbc_flow_footprint config=Small operation=Encryption": {Stack: 731, CodeConst: 12950}, // measured 696, 12331
	"aes_cbc_flow_footprint config=Small operation=Decryption": {Stack: 781, CodeConst: 14450}, // measured 744, 13752
}

// Against the STM32 pages (h563-v5; issue 17's target: stack + working
// memory within twice the page's stack, which has no working buffer for
// these tables):
//
//	operation            stack + working (AES-128/192/256)   page x 2   code + const   page x 2
//	sole encryption      776 + 192/224/256 = 968-1,032       1,104      5,130          5,420
//	sole decryption      824 + 192/224/256 = 1,016-1,080     1,136      6,551          6,652
//	flow encryption      696 + 320 = 1,016                   352        12,331         5,244
//	flow decryption      744 + 320 = 1,064                   384        13,752         6,476
//
// The sole-buffer calls are within both bounds (their working memory, the
// expanded key and the chaining value, is on the measured stack too, so
// it is counted twice). The data flow is not, for these reasons: its
// working memory alone, the 320-byte context (the CBC value, a key array
// with room for AES-256 because Init allocates it before the key size is
// known, the chaining value and the partial block), is near the bound;
// its stack is Go frames of about 200 bytes each (Append, the CBC loop,
// the caller's) plus the S-box circuit's 120 (its eight inputs and
// temporaries spilled), where the register ABI reserves spill space for
// every call's slice arguments in the caller's frame; and its code is
// Append and Finish (2.6 KB: chunking, padding, the constant-time
// unpadding) beside the cipher itself, with 3.5 KB of constant data,
// mostly the type descriptors behind the interface dispatch (Config and
// the context).

// TestFootprintBudget (issue 17): Small's stack and code + constant data
// per published operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "aes", "Small", nil), footprintBudget)
}
