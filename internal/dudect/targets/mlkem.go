package targets

import (
	"math/rand/v2"

	"github.com/cryptolab-go/cryptolab/internal/dudect"
	"github.com/cryptolab-go/cryptolab/mlkem"
)

// ML-KEM, in each configuration and parameter set: key generation from the
// seed (SetSeed: fixed vs random seed) and decapsulation under a fixed key
// of a valid ciphertext against a random one and against a valid one with
// one bit flipped (implicit rejection must not show).
func init() {
	for _, set := range kemSets {
		cfgs := []mlkem.Config{mlkem.Small(), mlkem.Fast()}
		if mlkem.Native() != mlkem.Fast() { // Native where it is its own configuration (AVX2)
			cfgs = append(cfgs, mlkem.Native())
		}
		for _, cfg := range cfgs {
			quick := set.name == "ML-KEM-768"
			register(
				&dudect.Target{
					Family: "mlkem", Op: "key generation (SetSeed)", Params: set.name, Config: cfg.String(),
					Classes: [2]string{"fixed seed", "random seed"}, Size: 64,
					Note:  kemKeyGenNote,
					Setup: kemKeyGen(set, cfg),
				},
				&dudect.Target{
					Family: "mlkem", Op: "decapsulation", Params: set.name, Config: cfg.String(),
					Classes: [2]string{"valid ciphertext", "random ciphertext"}, Size: set.ctSize, Quick: quick,
					Setup: kemDecaps(set, cfg, false),
				},
				&dudect.Target{
					Family: "mlkem", Op: "decapsulation", Params: set.name, Config: cfg.String(),
					Classes: [2]string{"valid ciphertext", "one bit flipped"}, Size: set.ctSize, Quick: quick,
					Setup: kemDecaps(set, cfg, true),
				},
			)
		}
	}
}

// kemKeyGenNote explains why fixed vs random seeds differ in key generation.
const kemKeyGenNote = "ML-KEM key generation expands the public seed ρ (the last 32 bytes of the " +
	"encapsulation key, derived from the secret seed d by G) into the matrix Â by rejection " +
	"sampling (FIPS 203, Algorithm 7), whose time depends on ρ by the standard's design. " +
	"A fixed seed fixes ρ and random seeds do not, so this pair measures that public " +
	"difference (|t| in the hundreds) and is no evidence either way about the secret σ; " +
	"decapsulation (fixed key) is the evidence for the secret-key operations."

// kemKey is what the targets use of a decapsulation key of any set.
type kemKey interface {
	SetSeed(cfg mlkem.Config, seed []byte) error
	DecapsulateTo(sharedKey *[mlkem.SharedKeySize]byte, ciphertext []byte) error
}

type kemSet struct {
	name   string
	ctSize int
	newKey func() kemKey
	// encapsulate returns a fresh valid ciphertext for k's public key.
	encapsulate func(k kemKey) []byte
}

var kemSets = []kemSet{
	{"ML-KEM-512", mlkem.CiphertextSize512,
		func() kemKey { return new(mlkem.DecapsulationKey512) },
		func(k kemKey) []byte {
			_, c, err := k.(*mlkem.DecapsulationKey512).EncapsulationKey().Encapsulate()
			if err != nil {
				panic(err)
			}
			return c
		}},
	{"ML-KEM-768", mlkem.CiphertextSize768,
		func() kemKey { return new(mlkem.DecapsulationKey768) },
		func(k kemKey) []byte {
			_, c, err := k.(*mlkem.DecapsulationKey768).EncapsulationKey().Encapsulate()
			if err != nil {
				panic(err)
			}
			return c
		}},
	{"ML-KEM-1024", mlkem.CiphertextSize1024,
		func() kemKey { return new(mlkem.DecapsulationKey1024) },
		func(k kemKey) []byte {
			_, c, err := k.(*mlkem.DecapsulationKey1024).EncapsulationKey().Encapsulate()
			if err != nil {
				panic(err)
			}
			return c
		}},
}

func kemKeyGen(set kemSet, cfg mlkem.Config) func(*rand.Rand) (*dudect.Instance, error) {
	return func(rng *rand.Rand) (*dudect.Instance, error) {
		k := set.newKey()
		return &dudect.Instance{
			Input: fixedVsRandom(rng, randomBytes(rng, 64)),
			Run: func(in []byte) {
				if err := k.SetSeed(cfg, in); err != nil {
					panic(err)
				}
			},
		}, nil
	}
}

// kemDecaps draws class 0 from a pool of valid ciphertexts (encapsulation
// is about as slow as decapsulation, so the pool keeps input preparation
// short) and class 1 either as random bytes or as a pooled ciphertext with
// one random bit flipped.
func kemDecaps(set kemSet, cfg mlkem.Config, flip bool) func(*rand.Rand) (*dudect.Instance, error) {
	return func(rng *rand.Rand) (*dudect.Instance, error) {
		k := set.newKey()
		if err := k.SetSeed(cfg, randomBytes(rng, 64)); err != nil {
			return nil, err
		}
		pool := make([][]byte, 64)
		for i := range pool {
			pool[i] = set.encapsulate(k)
		}
		var ss [mlkem.SharedKeySize]byte
		return &dudect.Instance{
			Input: func(class int, in []byte) {
				switch {
				case class == 0:
					copy(in, pool[rng.IntN(len(pool))])
				case flip:
					copy(in, pool[rng.IntN(len(pool))])
					bit := rng.IntN(8 * len(in))
					in[bit/8] ^= 1 << (bit % 8)
				default:
					fill(rng, in)
				}
			},
			Run: func(in []byte) {
				if err := k.DecapsulateTo(&ss, in); err != nil {
					panic(err)
				}
			},
		}, nil
	}
}
