package targets

import (
	crand "crypto/rand"
	stdrsa "crypto/rsa"
	"math/big"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/cryptolab-go/cryptolab/internal/dudect"
	"github.com/cryptolab-go/cryptolab/rsa"
)

// RSA-2048, in each configuration: PKCS #1 v1.5 signing of a fixed vs
// random digest (the private exponentiation of a fixed vs random message
// representative), with and without the CRT, and PKCS #1 v1.5 session-key
// decryption of ciphertexts with valid vs invalid padding (the
// Bleichenbacher/Marvin oracle must not show). 4096-bit keys take 30-400 ms
// per operation here, too slow for a timing test of a few seconds.
func init() {
	for _, cfg := range []rsa.Config{rsa.SmallLow(), rsa.SmallMid(), rsa.SmallHigh(), rsa.FastLow(), rsa.FastMid(), rsa.FastHigh()} {
		quick := cfg.String() == rsa.Default().String()
		register(
			&dudect.Target{
				Family: "rsa", Op: "signing (PKCS #1 v1.5)", Params: "RSA-2048 CRT", Config: cfg.String(),
				Classes: [2]string{"fixed digest", "random digest"}, Size: 32, Quick: quick,
				QuickTime: 2 * time.Second, // 2.5 ms per signature: 600 ms is too few
				Setup:     rsaSign(cfg, true),
			},
			&dudect.Target{
				Family: "rsa", Op: "signing (PKCS #1 v1.5)", Params: "RSA-2048 no CRT", Config: cfg.String(),
				Classes: [2]string{"fixed digest", "random digest"}, Size: 32,
				Setup: rsaSign(cfg, false),
			},
			&dudect.Target{
				Family: "rsa", Op: "decryption (PKCS #1 v1.5 session key)", Params: "RSA-2048 CRT", Config: cfg.String(),
				Classes: [2]string{"valid padding", "invalid padding"}, Size: 256, Quick: quick,
				QuickTime: 2 * time.Second, // about 4 ms per decryption: 600 ms is too few
				Setup:     rsaDecrypt(cfg),
			},
		)
	}
}

// rsaTestKey is one 2048-bit key from crypto/rsa, shared by the targets
// (making one with our GenerateKey in Small takes seconds).
var rsaTestKey = sync.OnceValue(func() *stdrsa.PrivateKey {
	k, err := stdrsa.GenerateKey(crand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	return k
})

func rsaKey(cfg rsa.Config, crt bool) (*rsa.PrivateKey, error) {
	sk := rsaTestKey()
	if !crt {
		return rsa.NewPrivateKeyWithoutCRT(cfg, sk.N.Bytes(), sk.E, sk.D.Bytes())
	}
	return rsa.NewPrivateKey(cfg, sk.N.Bytes(), sk.E, sk.D.Bytes(), sk.Primes[0].Bytes(), sk.Primes[1].Bytes())
}

func rsaSign(cfg rsa.Config, crt bool) func(*rand.Rand) (*dudect.Instance, error) {
	return func(rng *rand.Rand) (*dudect.Instance, error) {
		k, err := rsaKey(cfg, crt)
		if err != nil {
			return nil, err
		}
		sig := make([]byte, 0, 256)
		return &dudect.Instance{
			Input: fixedVsRandom(rng, randomBytes(rng, 32)),
			Run: func(in []byte) {
				if _, err := rsa.SignPKCS1v15(sig[:0], k, rsa.SHA256(), in); err != nil {
					panic(err)
				}
			},
		}, nil
	}
}

// rsaDecrypt makes ciphertexts of 32-byte session keys: class 0 with valid
// PKCS #1 v1.5 encryption padding, class 1 with a message representative
// whose padding is wrong (a wrong second byte, no zero separator, or a
// message of another length, in turn), encrypted with math/big (public
// data, test code).
func rsaDecrypt(cfg rsa.Config) func(*rand.Rand) (*dudect.Instance, error) {
	return func(rng *rand.Rand) (*dudect.Instance, error) {
		k, err := rsaKey(cfg, true)
		if err != nil {
			return nil, err
		}
		sk := rsaTestKey()
		e := big.NewInt(int64(sk.E))
		key := make([]byte, 32)
		em := make([]byte, 256)
		var m, c big.Int
		return &dudect.Instance{
			Input: func(class int, in []byte) {
				// EM = 0x00 ‖ 0x02 ‖ PS (nonzero) ‖ 0x00 ‖ 32-byte key.
				em[0], em[1] = 0, 2
				for i := 2; i < 256-33; i++ {
					em[i] = byte(1 + rng.IntN(255))
				}
				em[256-33] = 0
				fill(rng, em[256-32:])
				if class == 1 {
					switch rng.IntN(3) {
					case 0:
						em[1] = 3
					case 1:
						em[256-33] = byte(1 + rng.IntN(255))
					default:
						em[256-49] = 0 // separator earlier: a 48-byte message
					}
				}
				m.SetBytes(em)
				c.Exp(&m, e, sk.N)
				c.FillBytes(in)
			},
			Run: func(in []byte) {
				if err := rsa.DecryptPKCS1v15SessionKey(k, in, key); err != nil {
					panic(err)
				}
			},
		}, nil
	}
}
