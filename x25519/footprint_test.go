package x25519_test

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/footprinttest"
	"github.com/cryptolab-go/cryptolab/x25519"
)

// footprintBudget holds Small's two operations to what they measure: the
// stack high-water mark and the code + constant data the lab's attribution
// gives cryptolab (see internal/footprinttest). The lab has no X25519 suite
// (the STM32 pages publish none), so the operations are stated here.
// Measured with go1.26 on linux/amd64; budgets about 5% above, and only
// going down.
var footprintBudget = map[string]footprinttest.Budget{
	"key generation (Small)": {Stack: 1984, CodeConst: 7900}, // measured 1880, 7520
	"shared secret (Small)":  {Stack: 2080, CodeConst: 8800}, // measured 1976, 8322
}

// TestFootprintBudget (issue 17): Small's stack and code + constant data
// per operation stay within footprintBudget.
func TestFootprintBudget(t *testing.T) {
	seed := make([]byte, 32)
	seed[0] = 1
	k, err := x25519.NewPrivateKey(x25519.Small(), seed)
	if err != nil {
		t.Fatal(err)
	}
	peer, err := x25519.NewPublicKey(k.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var shared [x25519.PointSize]byte
	imports := []string{"os", "github.com/cryptolab-go/cryptolab/x25519"}
	ops := []footprinttest.Op{
		{Name: "key generation (Small)", Runs: []func() error{func() error {
			_, err := x25519.NewPrivateKey(x25519.Small(), seed) // computes X25519(k, 9)
			return err
		}}, Imports: imports, Body: `in := append([]byte(os.Args[0]), make([]byte, 32)...)
k, err := x25519.NewPrivateKey(x25519.Small(), in[:32])
if err != nil {
	panic(err)
}
os.Stdout.Write(k.PublicKey().Bytes()[:1])`},
		{Name: "shared secret (Small)", Runs: []func() error{func() error { return k.ECDHTo(&shared, peer) }}, Imports: imports, Body: `in := append([]byte(os.Args[0]), make([]byte, 64)...)
k, err := x25519.NewPrivateKey(x25519.Small(), in[:32])
if err != nil {
	panic(err)
}
peer, err := x25519.NewPublicKey(in[32:64])
if err != nil {
	panic(err)
}
var s [x25519.PointSize]byte
if err := k.ECDHTo(&s, peer); err != nil {
	panic(err)
}
os.Stdout.Write(s[:1])`},
	}
	footprinttest.Check(t, ops, footprintBudget)
}
