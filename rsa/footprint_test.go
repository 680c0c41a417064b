package rsa_test

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/footprinttest"
)

// footprintBudget holds Small-Low's published operations (the rows of the
// STM32 footprint table rsa_footprint: RSA-3072 PSS signature with and
// without CRT, and verification) to what they measure in the lab's own
// cases and programs: the stack high-water mark and the code + constant
// data attributed to cryptolab (see internal/footprinttest). Measured with
// go1.26 on linux/amd64; budgets about 5% above, and only going down.
// Code + constant data fell by 36 KB when the hash functions became
// sealed values (rsa.SHA256() links SHA-256 alone); the stacks rose by
// 8-184 B then (hash inputs passed by value, see Hash.sum), and fell by
// 504-2,128 B when the results and scratch of the private and public
// operations moved into the callers' buffers and the window table.
var footprintBudget = map[string]footprinttest.Budget{
	"rsa_footprint hash=SHA-256 math_config=Small modulus_bits=3072 operation=Signature pkcs1_version=v2.2 privkey_modexp_impl=Low privkey_modexp_method=CRT":    {Stack: 4112, CodeConst: 45300}, // measured 3912, 43106
	"rsa_footprint hash=SHA-256 math_config=Small modulus_bits=3072 operation=Signature pkcs1_version=v2.2 privkey_modexp_impl=Low privkey_modexp_method=No CRT": {Stack: 5264, CodeConst: 42100}, // measured 5008, 39997
	"rsa_footprint hash=SHA-256 math_config=Small modulus_bits=3072 operation=Verification pkcs1_version=v2.2 privkey_modexp_impl=n/a privkey_modexp_method=n/a": {Stack: 4416, CodeConst: 32500}, // measured 3864 (4200 without SHA-NI), 31143
}

// TestFootprintBudget (issue 17): Small-Low's stack and code + constant data per
// published operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "rsa", "Small-Low", nil), footprintBudget)
}
