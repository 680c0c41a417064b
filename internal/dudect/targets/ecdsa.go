package targets

import (
	"math/rand/v2"

	"github.com/cryptolab-go/cryptolab/ecdsa"
	"github.com/cryptolab-go/cryptolab/internal/dudect"
)

// ECDSA, in each configuration: key generation (the candidate scalar drawn
// from the input: a fixed key vs random keys) and hedged signing with a
// fixed key (digest and random input fixed vs random, so the nonce is fixed
// vs random). Signatures are Raw: DER's length depends on r and s.
func init() {
	for _, c := range []ecdsa.Curve{ecdsa.P256, ecdsa.P384} {
		for _, cfg := range ecdsa.Configs() {
			n := c.ScalarSize()
			quick := c == ecdsa.P256
			register(
				&dudect.Target{
					Family: "ecdsa", Op: "key generation", Params: c.String(), Config: cfg.String(),
					Classes: [2]string{"fixed scalar", "random scalar"}, Size: n, Quick: quick,
					Setup: ecdsaKeyGen(c, cfg),
				},
				&dudect.Target{
					Family: "ecdsa", Op: "signing", Params: c.String(), Config: cfg.String(),
					Classes: [2]string{"fixed digest and nonce", "random digest and nonce"}, Size: 2 * n, Quick: quick,
					Setup: ecdsaSign(c, cfg),
				},
			)
		}
	}
}

func ecdsaKeyGen(c ecdsa.Curve, cfg ecdsa.Config) func(*rand.Rand) (*dudect.Instance, error) {
	return func(rng *rand.Rand) (*dudect.Instance, error) {
		fixed := randomBytes(rng, c.ScalarSize())
		fixed[0] &= 0x7f // below the order of either curve
		r := new(reader)
		return &dudect.Instance{
			Input: fixedVsRandom(rng, fixed),
			Run: func(in []byte) {
				r.b = in
				// A random candidate at or above n (probability below
				// 2^-32) exhausts the input and fails; that is rare enough
				// not to matter.
				ecdsa.GenerateKey(cfg, c, r)
			},
		}, nil
	}
}

func ecdsaSign(c ecdsa.Curve, cfg ecdsa.Config) func(*rand.Rand) (*dudect.Instance, error) {
	return func(rng *rand.Rand) (*dudect.Instance, error) {
		n := c.ScalarSize()
		d := randomBytes(rng, n)
		d[0] &= 0x7f
		priv, err := ecdsa.NewPrivateKey(cfg, c, d)
		if err != nil {
			return nil, err
		}
		r := new(reader)
		sig := make([]byte, 0, ecdsa.MaxSignatureSize(c, ecdsa.Raw))
		return &dudect.Instance{
			Input: fixedVsRandom(rng, randomBytes(rng, 2*n)),
			Run: func(in []byte) {
				r.b = in[n:]
				if _, err := ecdsa.Sign(sig[:0], priv, r, in[:n], ecdsa.Raw); err != nil {
					panic(err)
				}
			},
		}, nil
	}
}
