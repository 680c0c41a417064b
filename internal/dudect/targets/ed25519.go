package targets

import (
	"math/rand/v2"

	"github.com/cryptolab-go/cryptolab/ed25519"
	"github.com/cryptolab-go/cryptolab/internal/dudect"
	"github.com/cryptolab-go/cryptolab/x25519"
)

// Ed25519, in each configuration: key derivation from the seed (fixed vs
// random seed) and signing with a fixed key (fixed vs random 32-byte
// message, so the nonce r = SHA-512(prefix ‖ M) is fixed vs random).
// X25519, in each configuration: the scalar multiplication of a fixed
// public point by a fixed vs random secret scalar.
func init() {
	for _, cfg := range ed25519.Configs() {
		register(
			&dudect.Target{
				Family: "eddsa", Op: "key from seed", Params: "Ed25519", Config: cfg.String(),
				Classes: [2]string{"fixed seed", "random seed"}, Size: ed25519.SeedSize,
				Setup: func(rng *rand.Rand) (*dudect.Instance, error) {
					return &dudect.Instance{
						Input: fixedVsRandom(rng, randomBytes(rng, ed25519.SeedSize)),
						Run: func(in []byte) {
							if _, err := ed25519.NewKeyFromSeed(cfg, in); err != nil {
								panic(err)
							}
						},
					}, nil
				},
			},
			&dudect.Target{
				Family: "eddsa", Op: "signing", Params: "Ed25519", Config: cfg.String(),
				Classes: [2]string{"fixed message", "random message"}, Size: 32, Quick: true,
				Setup: func(rng *rand.Rand) (*dudect.Instance, error) {
					k, err := ed25519.NewKeyFromSeed(cfg, randomBytes(rng, ed25519.SeedSize))
					if err != nil {
						return nil, err
					}
					var sig [ed25519.SignatureSize]byte
					return &dudect.Instance{
						Input: fixedVsRandom(rng, randomBytes(rng, 32)),
						Run: func(in []byte) {
							if err := k.SignTo(&sig, in); err != nil {
								panic(err)
							}
						},
					}, nil
				},
			},
		)
	}
	for _, cfg := range x25519.Configs() {
		register(&dudect.Target{
			Family: "x25519", Op: "scalar multiplication (X25519)", Params: "X25519", Config: cfg.String(),
			Classes: [2]string{"fixed scalar", "random scalar"}, Size: 32, Quick: true,
			Setup: func(rng *rand.Rand) (*dudect.Instance, error) {
				peer, err := x25519.GenerateKey(cfg, nil)
				if err != nil {
					return nil, err
				}
				point := peer.PublicKey().Bytes()
				dst := make([]byte, 32)
				return &dudect.Instance{
					Input: fixedVsRandom(rng, randomBytes(rng, 32)),
					Run: func(in []byte) {
						if err := x25519.X25519(cfg, dst, in, point); err != nil {
							panic(err)
						}
					},
				}, nil
			},
		})
	}
}
