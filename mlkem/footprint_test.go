package mlkem_test

import (
	"fmt"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/footprinttest"
)

// footprintPrograms are the minimal programs of Small's published
// operations (the page has no footprint table for ML-KEM, so the lab has
// no program; these follow lab/footprint's rules).
func footprintPrograms() map[string]footprinttest.Program {
	ps := map[string]footprinttest.Program{}
	imports := []string{"os", "github.com/cryptolab-go/cryptolab/mlkem"}
	for _, n := range []int{512, 768, 1024} {
		name := fmt.Sprintf("MLKEM/%d/op=", n)
		ps[name+"Key-pair-Generation"] = footprinttest.Program{Imports: imports, Body: fmt.Sprintf(`seed := make([]byte, mlkem.SeedSize)
copy(seed, os.Args[0])
dk, err := mlkem.NewDecapsulationKey%[1]dWithConfig(mlkem.Small(), seed)
if err != nil {
	panic(err)
}
os.Stdout.Write(dk.EncapsulationKey().Bytes()[:1])`, n)}
		ps[name+"Key-Encapsulation"] = footprinttest.Program{Imports: imports, Body: fmt.Sprintf(`in := append([]byte(os.Args[0]), make([]byte, mlkem.EncapsulationKeySize%[1]d)...)
ek, err := mlkem.NewEncapsulationKey%[1]dWithConfig(mlkem.Small(), in[:mlkem.EncapsulationKeySize%[1]d])
if err != nil {
	panic(err)
}
var K [mlkem.SharedKeySize]byte
var c [mlkem.CiphertextSize%[1]d]byte
if err := ek.EncapsulateTo(&K, &c); err != nil {
	panic(err)
}
os.Stdout.Write(K[:1])`, n)}
		ps[name+"Key-Decapsulation"] = footprinttest.Program{Imports: imports, Body: fmt.Sprintf(`in := append([]byte(os.Args[0]), make([]byte, mlkem.SeedSize+mlkem.CiphertextSize%[1]d)...)
dk, err := mlkem.NewDecapsulationKey%[1]dWithConfig(mlkem.Small(), in[:mlkem.SeedSize])
if err != nil {
	panic(err)
}
var K [mlkem.SharedKeySize]byte
if err := dk.DecapsulateTo(&K, in[mlkem.SeedSize:mlkem.SeedSize+mlkem.CiphertextSize%[1]d]); err != nil {
	panic(err)
}
os.Stdout.Write(K[:1])`, n)}
	}
	return ps
}

// footprintBudget holds Small's published operations (the rows of the
// STM32 ML-KEM table: key generation, encapsulation and decapsulation for
// each parameter set) to what they measure: the stack high-water mark of
// the lab's cases and the code + constant data attributed to cryptolab in
// footprintPrograms (see internal/footprinttest). Measured with go1.26 on
// linux/amd64; budgets about 5% above, and only going down. TestSmallStack
// (stack_test.go) holds the same stacks to the page's figures.
var footprintBudget = map[string]footprinttest.Budget{
	"MLKEM/512/op=Key-pair-Generation":  {Stack: 2928, CodeConst: 19800}, // measured 2784, 18794
	"MLKEM/512/op=Key-Encapsulation":    {Stack: 3488, CodeConst: 24900}, // measured 3320, 23639
	"MLKEM/512/op=Key-Decapsulation":    {Stack: 3952, CodeConst: 30800}, // measured 3760, 29299
	"MLKEM/768/op=Key-pair-Generation":  {Stack: 2928, CodeConst: 19900}, // measured 2784, 18916
	"MLKEM/768/op=Key-Encapsulation":    {Stack: 4032, CodeConst: 25000}, // measured 3832, 23776
	"MLKEM/768/op=Key-Decapsulation":    {Stack: 4496, CodeConst: 30900}, // measured 4272, 29410
	"MLKEM/1024/op=Key-pair-Generation": {Stack: 2928, CodeConst: 19900}, // measured 2784, 18858
	"MLKEM/1024/op=Key-Encapsulation":   {Stack: 4576, CodeConst: 24900}, // measured 4344, 23704
	"MLKEM/1024/op=Key-Decapsulation":   {Stack: 5024, CodeConst: 30900}, // measured 4784, 29360
}

// TestFootprintBudget (issue 17): Small's stack and code + constant data per
// published operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	footprinttest.Check(t, footprinttest.LabOps(t, "mlkem", "Small", footprintPrograms()), footprintBudget)
}
