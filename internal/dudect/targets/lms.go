package targets

import (
	"math/rand/v2"

	"github.com/cryptolab-go/cryptolab/internal/dudect"
	"github.com/cryptolab-go/cryptolab/lms"
)

// LMS, in each configuration: key generation of LMS_SHA256_M32_H5 with
// LMOTS_SHA256_N32_W1 (32 one-time keys, about 17,000 compressions) from
// a fixed vs random SEED, with a fixed I. SEED reaches the one-time
// private values x_q[i] and, through the chains, every public value; the
// loop bounds are the parameters. Too slow for the short test (a few
// milliseconds a call); "cryptolab ct" runs it. Signing is not a target:
// its chain lengths follow the message digest, public by design (the
// signature reveals them), and its secret inputs are the same derivations
// key generation makes.
func init() {
	for _, cfg := range []lms.Config{lms.Small(), lms.Fast()} {
		register(&dudect.Target{
			Family: "lms", Op: "key generation", Params: "LMS_SHA256_M32_H5/LMOTS_SHA256_N32_W1", Config: cfg.String(),
			Classes: [2]string{"fixed SEED", "random SEED"}, Size: 32,
			Setup: func(rng *rand.Rand) (*dudect.Instance, error) {
				I := randomBytes(rng, 16)
				r := new(reader)
				buf := make([]byte, 48)
				p := []lms.Params{{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W1}}
				return &dudect.Instance{
					Input: fixedVsRandom(rng, randomBytes(rng, 32)),
					Run: func(in []byte) {
						copy(buf, in)
						copy(buf[32:], I)
						r.b = buf
						if _, err := lms.GenerateKey(cfg, p, lms.SignerOptions{}, discardStore{}, r); err != nil {
							panic(err)
						}
					},
				}, nil
			},
		})
	}
}

// discardStore is a Store that keeps nothing: the target's keys are
// thrown away.
type discardStore struct{}

func (discardStore) Save([]byte) error { return nil }
