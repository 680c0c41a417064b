package lms_test

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/footprinttest"
)

// footprintPrograms are the minimal programs of Small's published
// operation, HSS verification (the page has no footprint table for LMS,
// so the lab has no program; this follows lab/footprint's rules). The
// Winternitz parameter is read from the key at run time, so the four rows
// share one program.
func footprintPrograms() map[string]footprinttest.Program {
	verify := footprinttest.Program{Imports: []string{"os", "github.com/cryptolab-go/cryptolab/lms"}, Body: `in := append([]byte(os.Args[0]), make([]byte, 4096)...)
pk, err := lms.ParsePublicKey(lms.Small(), in[:60])
if err != nil {
	panic(err)
}
if pk.Verify(in[60:92], in[92:]) {
	os.Stdout.Write(in[:1])
}`}
	ps := map[string]footprinttest.Program{}
	for _, w := range []string{"1", "2", "4", "8"} {
		ps["LMS/suite=LMS_N32_H10_W"+w+"_SHA256/op=LMS-Verify"] = verify
	}
	return ps
}

// footprintBudget holds Small's operations (the rows of the STM32 LMS
// table: HSS verification, LMS_SHA256_M32_H10 with W = 1, 2, 4, 8; and
// the lab's rows beyond the page: key generation, signing, verification
// of the SHA-256/192 and SHAKE256 sets, whose programs the lab has) to
// what they measure: the stack high-water mark of the lab's cases and the
// code + constant data attributed to cryptolab in footprintPrograms (see
// internal/footprinttest). Measured with go1.26 on linux/amd64; budgets
// about 5% above, and only going down. The stack is the fallback paths'
// (SHA-256 in Go: 1,592 B), 288 B deeper than on SHA-NI (1,304 B); the
// verification program's code includes Small's SHA-NI chain
// (chainSHA256NI, 699 B of code, and chainNI, 173 B); its 496 B of
// constants, static symbols of chainni_amd64.s (kchain, chainm), are not
// in the attributed const figure (38,772 B with them). TestVerifyStack (mem_test.go) holds
// the stack to the page's figure.
var footprintBudget = map[string]footprinttest.Budget{
	"lms_beyond_footprint config=Small function=Key generation": {Stack: 10560, CodeConst: 38300}, // measured 10048, 36386
	"lms_beyond_footprint config=Small function=Signature":      {Stack: 6208, CodeConst: 47800},  // measured 5720 to 5904 (the leaf's path), 45481
	"lms_beyond_footprint config=Small function=Verification":   {Stack: 1968, CodeConst: 38800},  // measured 1864, 38276
	"LMS/suite=LMS_N32_H10_W1_SHA256/op=LMS-Verify":             {Stack: 1680, CodeConst: 38800},  // measured 1304 (1,592 on the fallback paths), 38276
	"LMS/suite=LMS_N32_H10_W2_SHA256/op=LMS-Verify":             {Stack: 1680, CodeConst: 38800},  // measured 1304 (1,592 on the fallback paths), 38276
	"LMS/suite=LMS_N32_H10_W4_SHA256/op=LMS-Verify":             {Stack: 1680, CodeConst: 38800},  // measured 1304 (1,592 on the fallback paths), 38276
	"LMS/suite=LMS_N32_H10_W8_SHA256/op=LMS-Verify":             {Stack: 1680, CodeConst: 38800},  // measured 1304 (1,592 on the fallback paths), 38276
}

// TestFootprintBudget (issue 17): Small's stack and code + constant data per
// published operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "lms", "Small", footprintPrograms()), footprintBudget)
}
