package cases

import (
	"encoding/binary"
	"fmt"

	fmldsa "filippo.io/mldsa"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/suite"
	"github.com/cryptolab-go/cryptolab/mldsa"
)

// ML-DSA cases: table "mldsa" (keyGen, Signature, Verification ×
// ML-DSA-44/65/87 × low_ram 0/1; keyGen is published only with low_ram 0;
// no footprint table). Ours run in Fast (low_ram 0; Default is Fast, not
// measured twice) and LowRAM (low_ram 1) and, on amd64 with AVX2, Native
// (Fast's cache with the SHAKE streams four at a time; low_ram 0 like Fast,
// a configuration the pages lack; elsewhere mldsa.Native() is Fast); the peers are circl
// (sign/mldsa, with its AVX2 assembly on amd64) and filippo.io/mldsa (the
// Go standard library's FIPS 140 ML-DSA packaged as a module).
//
// What one call does, for every implementation:
//   - keyGen: derive the key pair from a fixed 32-byte seed ξ. Ours
//     re-derive an existing key in place (SetSeed: the Fast expanded form
//     is reused, nothing allocated); the peers make a new key (their API
//     has no in-place form).
//   - Signature: hedged signing (fresh rnd) of a 32-byte message, with an
//     empty context. The time of one signature depends on the number of
//     rejection-loop iterations (4.25 / 5.1 / 3.85 on average for
//     ML-DSA-44/65/87, FIPS 204, Table 1), so every call signs a new
//     message (a counter) with the next of 8 keys: a batch's mean is the
//     mean over many messages and keys, and the spread of the batches (the
//     report's min, median and quartiles) shows the variation. The page
//     publishes the minimum it observed (one key, one message).
//   - Verification: verify a valid signature of a 32-byte message with a
//     parsed public key.
//
// Working memory of ours, as for ML-KEM: what the key keeps besides its
// encoded form and seed, i.e. the derived state the operation reads: tr
// (64 bytes, which CMOX recomputes or reads from the encoding) and, in
// Fast, the expanded key (Â, t̂1·2^d and, for a private key, ŝ1, ŝ2, t̂0 in
// the NTT domain: mldsaExpanded). Scratch (ŷ, w, accumulators, SHAKE
// states) lives on the stack, which the harness measures as the stack
// column, so LowRAM's stack plus working memory is what compares with the
// page's low-RAM working buffer (mldsa/stack_test.go checks it). Not
// counted: the NTT twiddle tables (Config.Memory's Tables, 2,048 bytes
// computed once at start-up from constants, the counterpart of CMOX's
// tables in flash). For the peers it is the size of their key values.
var (
	mldsaFunctions = []string{"keyGen", "Signature", "Verification"}
	mldsaSets      = []int{44, 65, 87}
	mldsaConfigs   = func() []mldsa.Config {
		c := []mldsa.Config{mldsa.Fast(), mldsa.LowRAM()}
		if mldsa.Native() != mldsa.Fast() {
			c = append(c, mldsa.Native())
		}
		return c
	}()
)

const (
	mldsaCirclMethod   = "github.com/cloudflare/circl sign/mldsa (v1.6.5), with its AVX2 assembly for the NTT and a 4-way Keccak on amd64; key generation from the seed, hedged SignTo of a new message per call over 8 keys, Verify; measured in-process with the same harness, interleaved with our cases."
	implFilippo        = "filippo.io/mldsa"
	mldsaFilippoMethod = "filippo.io/mldsa v1.0.0 (the Go standard library's FIPS 140 ML-DSA as a module, pure Go): NewPrivateKey from the seed, hedged Sign of a new message per call over 8 keys, Verify; measured in-process with the same harness, interleaved with our cases."
	mldsaKeys          = 8
)

func init() {
	for _, n := range mldsaSets {
		for _, fn := range mldsaFunctions {
			for _, cfg := range mldsaConfigs {
				if fn == "keyGen" && cfg.String() == "LowRAM" {
					continue // no published low-RAM key generation row
				}
				suite.Register(mldsaCase(n, fn, cfg))
			}
			suite.RegisterPeer(implCircl, mldsaCirclMethod, mldsaCirclCase(n, fn))
			suite.RegisterPeer(implFilippo, mldsaFilippoMethod, mldsaFilippoCase(n, fn))
		}
	}
}

func mldsaBase(n int, fn string) suite.Case {
	return suite.Case{
		Suite:  "mldsa",
		Table:  "mldsa",
		Name:   fmt.Sprintf("MLDSA/%d/op=%s", n, fn),
		Params: map[string]string{"function": fn, "suite": fmt.Sprintf("ML-DSA-%d", n)},
	}
}

// mldsaSeeds are the seeds of the signing keys; keyGen uses the first.
var mldsaSeeds = func() [][]byte {
	s := make([][]byte, mldsaKeys)
	for i := range s {
		s[i] = fill(32, 204+uint64(i))
	}
	return s
}()

var mldsaMessage = fill(32, 2040)

// mldsaExpanded is what a Fast (or Native) key adds to its struct: Â and
// t̂1·2^d, k·(ℓ+1) polynomials of 1,024 bytes, and for a private key ŝ1,
// ŝ2, t̂0, ℓ + 2k more; 0 for LowRAM.
func mldsaExpanded(cfg mldsa.Config, n int, private bool) int {
	if cfg.String() == "LowRAM" {
		return 0
	}
	kl := map[int][2]int{44: {4, 4}, 65: {6, 5}, 87: {8, 7}}[n]
	polys := kl[0] * (kl[1] + 1)
	if private {
		polys += kl[1] + 2*kl[0]
	}
	return polys * 1024
}

// mldsaOps is one parameter set of ours behind closures.
type mldsaOps struct {
	keyGen, sign, verify func() error
	keyMem, pubMem       int
}

// ourMLDSA builds the operations for ML-DSA-n in cfg. The per-set types
// differ only in their names and sizes, hence the three arms.
func ourMLDSA(n int, cfg mldsa.Config) (*mldsaOps, error) {
	var ctr uint64
	msg := make([]byte, 32)
	next := func() int {
		ctr++
		binary.LittleEndian.PutUint64(msg, ctr)
		return int(ctr % mldsaKeys)
	}
	o := &mldsaOps{keyMem: 64 + mldsaExpanded(cfg, n, true), pubMem: 64 + mldsaExpanded(cfg, n, false)}
	switch n {
	case 44:
		gen, err := mldsa.NewPrivateKey44(cfg, mldsaSeeds[0])
		if err != nil {
			return nil, err
		}
		keys := make([]*mldsa.PrivateKey44, mldsaKeys)
		for i := range keys {
			keys[i], _ = mldsa.NewPrivateKey44(cfg, mldsaSeeds[i])
		}
		sig := make([]byte, mldsa.SignatureSize44)
		if err := keys[0].SignTo(sig, mldsaMessage, nil); err != nil {
			return nil, err
		}
		pk, err := mldsa.NewPublicKey44(cfg, keys[0].PublicKey().Bytes())
		if err != nil {
			return nil, err
		}
		o.keyGen = func() error { return gen.SetSeed(cfg, mldsaSeeds[0]) }
		o.sign = func() error { i := next(); return keys[i].SignTo(sig, msg, nil) }
		o.verify = func() error { return pk.Verify(sig, mldsaMessage, nil) }
	case 65:
		gen, err := mldsa.NewPrivateKey65(cfg, mldsaSeeds[0])
		if err != nil {
			return nil, err
		}
		keys := make([]*mldsa.PrivateKey65, mldsaKeys)
		for i := range keys {
			keys[i], _ = mldsa.NewPrivateKey65(cfg, mldsaSeeds[i])
		}
		sig := make([]byte, mldsa.SignatureSize65)
		if err := keys[0].SignTo(sig, mldsaMessage, nil); err != nil {
			return nil, err
		}
		pk, err := mldsa.NewPublicKey65(cfg, keys[0].PublicKey().Bytes())
		if err != nil {
			return nil, err
		}
		o.keyGen = func() error { return gen.SetSeed(cfg, mldsaSeeds[0]) }
		o.sign = func() error { i := next(); return keys[i].SignTo(sig, msg, nil) }
		o.verify = func() error { return pk.Verify(sig, mldsaMessage, nil) }
	default:
		gen, err := mldsa.NewPrivateKey87(cfg, mldsaSeeds[0])
		if err != nil {
			return nil, err
		}
		keys := make([]*mldsa.PrivateKey87, mldsaKeys)
		for i := range keys {
			keys[i], _ = mldsa.NewPrivateKey87(cfg, mldsaSeeds[i])
		}
		sig := make([]byte, mldsa.SignatureSize87)
		if err := keys[0].SignTo(sig, mldsaMessage, nil); err != nil {
			return nil, err
		}
		pk, err := mldsa.NewPublicKey87(cfg, keys[0].PublicKey().Bytes())
		if err != nil {
			return nil, err
		}
		o.keyGen = func() error { return gen.SetSeed(cfg, mldsaSeeds[0]) }
		o.sign = func() error { i := next(); return keys[i].SignTo(sig, msg, nil) }
		o.verify = func() error { return pk.Verify(sig, mldsaMessage, nil) }
	}
	return o, nil
}

func mldsaCase(n int, fn string, cfg mldsa.Config) suite.Case {
	c := mldsaBase(n, fn)
	c.Impl = ImplOurs
	c.Config = cfg.String()
	c.Params = catalog.PageParams("mldsa", c.Config, c.Params)
	c.Setup = func() (func() error, int, error) {
		o, err := ourMLDSA(n, cfg)
		if err != nil {
			return nil, 0, err
		}
		switch fn {
		case "keyGen":
			return o.keyGen, o.keyMem, nil
		case "Signature":
			return o.sign, o.keyMem, nil
		default:
			return o.verify, o.pubMem, nil
		}
	}
	return c
}

// mldsaPeerOps returns the operation fn from the three closures and the
// working memory.
func mldsaPeerOp(fn string, keyGen, sign, verify func() error, work int) (func() error, int, error) {
	op := map[string]func() error{"keyGen": keyGen, "Signature": sign, "Verification": verify}[fn]
	return op, work, nil
}

func mldsaCirclCase(n int, fn string) suite.Case {
	c := mldsaBase(n, fn)
	c.Setup = func() (func() error, int, error) {
		var ctr uint64
		msg := make([]byte, 32)
		next := func() int {
			ctr++
			binary.LittleEndian.PutUint64(msg, ctr)
			return int(ctr % mldsaKeys)
		}
		verr := fmt.Errorf("circl ML-DSA-%d: verification failed", n)
		switch n {
		case 44:
			seed := [32]byte(mldsaSeeds[0])
			pk, _ := mldsa44.NewKeyFromSeed(&seed)
			keys := make([]*mldsa44.PrivateKey, mldsaKeys)
			for i := range keys {
				s := [32]byte(mldsaSeeds[i])
				_, keys[i] = mldsa44.NewKeyFromSeed(&s)
			}
			sig := make([]byte, mldsa44.SignatureSize)
			mldsa44.SignTo(keys[0], mldsaMessage, nil, true, sig)
			return mldsaPeerOp(fn,
				func() error { mldsa44.NewKeyFromSeed(&seed); return nil },
				func() error { i := next(); return mldsa44.SignTo(keys[i], msg, nil, true, sig) },
				func() error {
					if !mldsa44.Verify(pk, mldsaMessage, nil, sig) {
						return verr
					}
					return nil
				}, stateSize(pk)+stateSize(keys[0]))
		case 65:
			seed := [32]byte(mldsaSeeds[0])
			pk, _ := mldsa65.NewKeyFromSeed(&seed)
			keys := make([]*mldsa65.PrivateKey, mldsaKeys)
			for i := range keys {
				s := [32]byte(mldsaSeeds[i])
				_, keys[i] = mldsa65.NewKeyFromSeed(&s)
			}
			sig := make([]byte, mldsa65.SignatureSize)
			mldsa65.SignTo(keys[0], mldsaMessage, nil, true, sig)
			return mldsaPeerOp(fn,
				func() error { mldsa65.NewKeyFromSeed(&seed); return nil },
				func() error { i := next(); return mldsa65.SignTo(keys[i], msg, nil, true, sig) },
				func() error {
					if !mldsa65.Verify(pk, mldsaMessage, nil, sig) {
						return verr
					}
					return nil
				}, stateSize(pk)+stateSize(keys[0]))
		default:
			seed := [32]byte(mldsaSeeds[0])
			pk, _ := mldsa87.NewKeyFromSeed(&seed)
			keys := make([]*mldsa87.PrivateKey, mldsaKeys)
			for i := range keys {
				s := [32]byte(mldsaSeeds[i])
				_, keys[i] = mldsa87.NewKeyFromSeed(&s)
			}
			sig := make([]byte, mldsa87.SignatureSize)
			mldsa87.SignTo(keys[0], mldsaMessage, nil, true, sig)
			return mldsaPeerOp(fn,
				func() error { mldsa87.NewKeyFromSeed(&seed); return nil },
				func() error { i := next(); return mldsa87.SignTo(keys[i], msg, nil, true, sig) },
				func() error {
					if !mldsa87.Verify(pk, mldsaMessage, nil, sig) {
						return verr
					}
					return nil
				}, stateSize(pk)+stateSize(keys[0]))
		}
	}
	return c
}

func mldsaFilippoCase(n int, fn string) suite.Case {
	c := mldsaBase(n, fn)
	c.Setup = func() (func() error, int, error) {
		params := map[int]fmldsa.Parameters{44: fmldsa.MLDSA44(), 65: fmldsa.MLDSA65(), 87: fmldsa.MLDSA87()}[n]
		keys := make([]*fmldsa.PrivateKey, mldsaKeys)
		for i := range keys {
			k, err := fmldsa.NewPrivateKey(params, mldsaSeeds[i])
			if err != nil {
				return nil, 0, err
			}
			keys[i] = k
		}
		pk := keys[0].PublicKey()
		sig, err := keys[0].Sign(nil, mldsaMessage, nil)
		if err != nil {
			return nil, 0, err
		}
		var ctr uint64
		msg := make([]byte, 32)
		return mldsaPeerOp(fn,
			func() error {
				k, err := fmldsa.NewPrivateKey(params, mldsaSeeds[0])
				if err == nil {
					k.PublicKey()
				}
				return err
			},
			func() error {
				ctr++
				binary.LittleEndian.PutUint64(msg, ctr)
				_, err := keys[ctr%mldsaKeys].Sign(nil, msg, nil)
				return err
			},
			func() error { return fmldsa.Verify(pk, mldsaMessage, sig, nil) },
			stateSize(pk)+stateSize(keys[0]))
	}
	return c
}
