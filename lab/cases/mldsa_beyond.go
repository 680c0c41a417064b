package cases

import (
	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/suite"
	"github.com/cryptolab-go/cryptolab/mldsa"
)

// ML-DSA rows beyond the page: table "mldsa_beyond", key generation in our
// LowRAM configuration (low_ram 1), which the page does not publish (its
// keyGen rows are low_ram 0). One call re-derives an existing LowRAM key
// from the fixed seed ξ in place (SetSeed), as the published keyGen rows
// of Fast and Native do; nothing is allocated. Working memory: what the
// key keeps besides its seed and encoding (tr, 64 bytes; LowRAM expands
// nothing); the scratch is on the stack, measured. The peers' key
// generation is measured on the published rows (2.6), not again here.
func init() {
	for _, n := range mldsaSets {
		suite.Register(mldsaLowRAMKeyGenCase(n))
	}
}

func mldsaLowRAMKeyGenCase(n int) suite.Case {
	cfg := mldsa.LowRAM()
	c := mldsaBase(n, "keyGen")
	c.Table = "mldsa_beyond"
	c.Impl = ImplOurs
	c.Config = cfg.String()
	c.Params = catalog.PageParams("mldsa_beyond", c.Config, c.Params)
	c.Setup = func() (func() error, int, error) {
		o, err := ourMLDSA(n, cfg)
		if err != nil {
			return nil, 0, err
		}
		return o.keyGen, o.keyMem, nil
	}
	return c
}
