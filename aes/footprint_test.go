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
	"aes_cbc_sole_footprint config=Small operation=Encryption": {Stack: 790, CodeConst: 5330},  // measured 752, 5075
	"aes_cbc_sole_footprint config=Small operation=Decryption": {Stack: 832, CodeConst: 6820},  // measured 792, 6496
	"aes_cbc_flow_footprint config=Small operation=Encryption": {Stack: 697, CodeConst: 12890}, // measured 664, 12276
	"aes_cbc_flow_footprint config=Small operation=Decryption": {Stack: 748, CodeConst: 14380}, // measured 712, 13697
}

// Against the STM32 pages (h563-v5; issue 17's target: stack + working
// memory within twice the page's stack, which has no working buffer for
// these tables):
//
//	operation            stack + working (AES-128/192/256)   page x 2   code + const   page x 2
//	sole encryption      752 + 192/224/256 = 944-1,008       1,104      5,075          5,420
//	sole decryption      792 + 192/224/256 = 984-1,048       1,136      6,496          6,652
//	flow encryption      664 + 320 = 984                     352        12,276         5,244
//	flow decryption      712 + 320 = 1,032                   384        13,697         6,476
//
// The sole-buffer calls are within both bounds (their working memory, the
// expanded key and the chaining value, is on the measured stack too, so
// it is counted twice). The data flow is not, for these reasons: its
// working memory alone, the 320-byte context (the CBC value, a key array
// with room for AES-256 because Init allocates it before the key size is
// known, the chaining value and the partial block), is near the bound;
// its stack is Go frames of 150 to 200 bytes each (Append, the CBC loop,
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
