package targets

import (
	"math/rand/v2"

	"github.com/cryptolab-go/cryptolab/aes"
	"github.com/cryptolab-go/cryptolab/internal/dudect"
)

// AES: key setup (fixed vs random key), block encryption and decryption
// under a random key (fixed vs random block), and the CBC padding check of
// OpenCBC (valid vs invalid PKCS#7 padding of a four-block message), for
// Small, Fast and, where the processor has AES instructions, Native.
func init() {
	cfgs := []aes.Config{aes.Small(), aes.Fast()}
	if aes.Native() != aes.Fast() {
		cfgs = append(cfgs, aes.Native())
	}
	for _, bits := range []int{128, 192, 256} {
		for _, cfg := range cfgs {
			quick := bits == 128
			params := "AES-" + itoa(bits)
			register(
				&dudect.Target{
					Family: "aes", Op: "key setup", Params: params, Config: cfg.String(),
					Classes: [2]string{"fixed key", "random key"}, Size: bits / 8, Quick: quick,
					Setup: aesKeySetup(cfg, bits),
				},
				&dudect.Target{
					Family: "aes", Op: "block encryption", Params: params, Config: cfg.String(),
					Classes: [2]string{"fixed block", "random block"}, Size: aes.BlockSize, Quick: quick,
					Setup: aesBlock(cfg, bits, false),
				},
				&dudect.Target{
					Family: "aes", Op: "block decryption", Params: params, Config: cfg.String(),
					Classes: [2]string{"fixed block", "random block"}, Size: aes.BlockSize,
					Setup: aesBlock(cfg, bits, true),
				},
				&dudect.Target{
					Family: "aes", Op: "CBC padding check (OpenCBC)", Params: params, Config: cfg.String(),
					Classes: [2]string{"valid padding", "invalid padding"}, Size: 4 * aes.BlockSize, Quick: quick,
					Note:  paddingNote,
					Setup: aesPadding(cfg, bits, 0),
				},
				&dudect.Target{
					Family: "aes", Op: "CBC padding check (OpenCBC)", Params: params, Config: cfg.String(),
					Classes: [2]string{"bad last byte", "bad inner padding byte"}, Size: 4 * aes.BlockSize, Quick: quick,
					Setup: aesPadding(cfg, bits, 1),
				},
			)
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; n > 0; n /= 10 {
		i--
		b[i] = byte('0' + n%10)
	}
	return string(b[i:])
}

// aesKeySetup times SetKey of a CBC value: the key expansion alone.
func aesKeySetup(cfg aes.Config, bits int) func(*rand.Rand) (*dudect.Instance, error) {
	return func(rng *rand.Rand) (*dudect.Instance, error) {
		s := new(aes.CBC)
		s.InitEncrypt(cfg, aes.NoPadding)
		return &dudect.Instance{
			Input: fixedVsRandom(rng, randomBytes(rng, bits/8)),
			Run: func(in []byte) {
				if err := s.SetKey(in); err != nil {
					panic(err)
				}
			},
		}, nil
	}
}

func aesBlock(cfg aes.Config, bits int, decrypt bool) func(*rand.Rand) (*dudect.Instance, error) {
	return func(rng *rand.Rand) (*dudect.Instance, error) {
		b, err := aes.NewCipherWithConfig(cfg, randomBytes(rng, bits/8))
		if err != nil {
			return nil, err
		}
		out := make([]byte, aes.BlockSize)
		run := func(in []byte) { b.Encrypt(out, in) }
		if decrypt {
			run = func(in []byte) { b.Decrypt(out, in) }
		}
		return &dudect.Instance{Input: fixedVsRandom(rng, randomBytes(rng, aes.BlockSize)), Run: run}, nil
	}
}

// paddingNote explains the valid-vs-invalid row.
const paddingNote = "OpenCBC does the same work for valid and invalid padding and selects " +
	"what it returns (the plaintext and nil, or dst and ErrDecrypt) with masks, without a " +
	"branch on the outcome (aes.unpadResult, checked for conditional jumps by internal/ctasm). " +
	"With the branch it had before, the return took about half a cycle longer one way: " +
	"|t| 10.8, 8.6 and 40.6 for Native AES-128/192/256 in a 2 s run, against 0.5, 0.9 and 2.0 " +
	"without it (cryptolab ct --suite aes --time 2s, AMD EPYC, shared machine)."

// aesPadding times OpenCBC of a four-block ciphertext. Pair 0: the last
// plaintext block has valid padding (class 0: random length 1..16) or not
// (class 1: half with a last byte outside 1..16, half with the right last
// byte and one wrong padding byte before it). Pair 1: both classes invalid,
// a last byte outside 1..16 (class 0) or one wrong inner padding byte
// (class 1), so the outcome is the same and only the check's work could
// differ.
func aesPadding(cfg aes.Config, bits int, pair int) func(*rand.Rand) (*dudect.Instance, error) {
	return func(rng *rand.Rand) (*dudect.Instance, error) {
		key, iv := randomBytes(rng, bits/8), randomBytes(rng, aes.BlockSize)
		dst := make([]byte, 0, 4*aes.BlockSize)
		pt := make([]byte, 4*aes.BlockSize)
		return &dudect.Instance{
			Input: func(class int, in []byte) {
				fill(rng, pt)
				last := pt[len(pt)-aes.BlockSize:]
				kind := class + 1 // 1, 2: invalid kinds
				if pair == 0 {
					kind = 0
					if class == 1 {
						kind = 1 + rng.IntN(2)
					}
				}
				if kind == 0 {
					p := 1 + rng.IntN(16)
					for i := 16 - p; i < 16; i++ {
						last[i] = byte(p)
					}
				} else if kind == 1 {
					if v := last[15]; v >= 1 && v <= 16 {
						last[15] = 0
					}
				} else {
					p := 2 + rng.IntN(15)
					for i := 16 - p; i < 16; i++ {
						last[i] = byte(p)
					}
					last[16-p+rng.IntN(p-1)] ^= byte(1 + rng.IntN(255))
				}
				if err := aes.EncryptCBC(cfg, in, key, iv, pt); err != nil {
					panic(err)
				}
			},
			// Run keeps the error without looking at it: a test of it
			// here would itself take a branch on the class.
			Run: func(in []byte) { _, errSink = aes.OpenCBC(cfg, dst[:0], key, iv, in) },
		}, nil
	}
}

var errSink error
