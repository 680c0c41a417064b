package mldsa_test

import (
	"fmt"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/footprinttest"
)

// footprintPrograms are the minimal programs of LowRAM's operations (the page has no footprint table for ML-DSA, so the lab has
// no program; these follow lab/footprint's rules).
func footprintPrograms() map[string]footprinttest.Program {
	ps := map[string]footprinttest.Program{}
	imports := []string{"os", "github.com/cryptolab-go/cryptolab/mldsa"}
	for _, n := range []int{44, 65, 87} {
		name := fmt.Sprintf("MLDSA/%d/op=", n)
		ps[name+"Signature"] = footprinttest.Program{Imports: imports, Body: fmt.Sprintf(`seed := make([]byte, 32)
copy(seed, os.Args[0])
sk, err := mldsa.NewPrivateKey%[1]d(mldsa.LowRAM(), seed)
if err != nil {
	panic(err)
}
sig := make([]byte, mldsa.SignatureSize%[1]d)
if err := sk.SignTo(sig, seed, nil); err != nil {
	panic(err)
}
os.Stdout.Write(sig[:1])`, n)}
		ps[name+"keyGen"] = footprinttest.Program{Imports: imports, Body: fmt.Sprintf(`seed := make([]byte, 32)
copy(seed, os.Args[0])
sk, err := mldsa.NewPrivateKey%[1]d(mldsa.LowRAM(), seed)
if err != nil {
	panic(err)
}
os.Stdout.Write(sk.PublicKey().Bytes()[:1])`, n)}
		ps[name+"Verification"] = footprinttest.Program{Imports: imports, Body: fmt.Sprintf(`in := append([]byte(os.Args[0]), make([]byte, mldsa.PublicKeySize%[1]d+mldsa.SignatureSize%[1]d)...)
pk, err := mldsa.NewPublicKey%[1]d(mldsa.LowRAM(), in[:mldsa.PublicKeySize%[1]d])
if err != nil {
	panic(err)
}
if pk.Verify(in[mldsa.PublicKeySize%[1]d:mldsa.PublicKeySize%[1]d+mldsa.SignatureSize%[1]d], in[:32], nil) == nil {
	os.Stdout.Write(in[:1])
}`, n)}
	}
	return ps
}

// footprintBudget holds LowRAM's operations (the low-RAM rows of the STM32
// ML-DSA table: signature and verification for each parameter set; and
// key generation, which has no low-RAM row there: the lab's mldsa_beyond)
// to what they measure: the stack
// high-water mark of the lab's cases and the code + constant data
// attributed to cryptolab in footprintPrograms (see internal/footprinttest).
// Measured with go1.26 on linux/amd64; budgets about 5% above, and only
// going down. TestLowRAMStack (stack_test.go) holds the stacks to the
// page's figures.
var footprintBudget = map[string]footprinttest.Budget{
	"MLDSA/44/op=keyGen": {Stack: 4320, CodeConst: 30200}, // measured 4104, 28668
	"MLDSA/65/op=keyGen": {Stack: 4320, CodeConst: 30200}, // measured 4104, 28668
	"MLDSA/87/op=keyGen": {Stack: 4320, CodeConst: 30200}, // measured 4104, 28671
	// Signing tests two candidates per pass over Â (internal/mldsa,
	// SignLowRAM): +768 B of stack for ML-DSA-65 and 87 (a second w, no
	// stored ŷ), −184 B for ML-DSA-44, and 3.3 KB more code, for
	// 1/(1 − (1 − p)²) matrix passes instead of 1/p. Verification
	// computes two rows per transform of z (VerifyLowRAM): +768 B of
	// stack (the second row's sum, packed) and 250 B of code for
	// ℓ·⌈k/2⌉ transforms instead of ℓ·k; the page allows 4,812 B.
	"MLDSA/44/op=Signature":    {Stack: 11300, CodeConst: 45900}, // measured 10872, 43730
	"MLDSA/44/op=Verification": {Stack: 4700, CodeConst: 34700},  // measured 4488, 33049
	"MLDSA/65/op=Signature":    {Stack: 14700, CodeConst: 45900}, // measured 14008, 43736
	"MLDSA/65/op=Verification": {Stack: 4700, CodeConst: 34700},  // measured 4488, 32997
	"MLDSA/87/op=Signature":    {Stack: 17392, CodeConst: 45900}, // measured 17144, 43739
	"MLDSA/87/op=Verification": {Stack: 4700, CodeConst: 34700},  // measured 4488, 32997
}

// TestFootprintBudget (issue 17): LowRAM's stack and code + constant data per
// published operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "mldsa", "LowRAM", footprintPrograms()), footprintBudget)
}
