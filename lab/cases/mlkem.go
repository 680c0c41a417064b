package cases

import (
	stdmlkem "crypto/mlkem"
	"fmt"

	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"

	"github.com/cryptolab-go/cryptolab/lab/suite"
	"github.com/cryptolab-go/cryptolab/mlkem"
)

// ML-KEM cases: table "mlkem" (Key-pair-Generation, Key-Encapsulation,
// Key-Decapsulation × ML-KEM-512/768/1024, h563-v5 only; the page gives
// cycles, time and stack, no footprint table). Ours run in the Small and
// Fast configurations (Default is Fast, not measured twice) and, on amd64
// with AVX2, Native (Fast's key layout, SHAKE streams four at a time; a
// configuration the pages lack, elsewhere mlkem.Native() is Fast); the peers are
// the Go standard library ("go", crypto/mlkem: 768 and 1024 only) and circl
// ("circl", kem/mlkem, with its AVX2 assembly on amd64).
//
// What one call does, for every implementation:
//   - Key-pair-Generation: derive the key pair from a fixed 64-byte seed
//     (d‖z). Ours re-derive an existing key in place (SetSeed), so that the
//     Fast configuration's expanded form is reused rather than allocated
//     per call; the peers allocate a new key each time (their API has no
//     in-place form).
//   - Key-Encapsulation: encapsulate with fresh randomness to an already
//     parsed encapsulation key (ours: EncapsulateTo into caller memory).
//   - Key-Decapsulation: decapsulate a valid ciphertext with a parsed key
//     (ours: DecapsulateTo).
//
// Working memory of ours: what the key keeps besides its encoded form and
// seed, i.e. the derived state the operation reads: H(ek) and σ (64 bytes)
// and, in Fast, the expanded Â, t̂, ŝ (what Config.Memory's Key adds over
// Small's: mlkemWorking). Scratch
// (ŷ, accumulators, SHAKE states; Native's batches of SHAKE output blocks) lives on the stack, which the harness
// measures as the table's stack column. For the peers it is the size of
// their key structs, as their types tell.
var (
	mlkemFunctions = []string{"Key-pair-Generation", "Key-Encapsulation", "Key-Decapsulation"}
	mlkemSets      = []int{512, 768, 1024}
	mlkemConfigs   = func() []mlkem.Config {
		c := []mlkem.Config{mlkem.Small(), mlkem.Fast()}
		if mlkem.Native() != mlkem.Fast() {
			c = append(c, mlkem.Native())
		}
		return c
	}()
)

const (
	implCircl   = "circl"
	circlMethod = "github.com/cloudflare/circl kem/mlkem (v1.6.5), with its AVX2 assembly for the NTT and a 4-way Keccak on amd64; measured in-process with the same harness, interleaved with our cases."
)

func init() {
	for _, bits := range mlkemSets {
		for _, fn := range mlkemFunctions {
			for _, cfg := range mlkemConfigs {
				suite.Register(mlkemCase(bits, fn, cfg))
			}
			if bits != 512 {
				suite.Register(mlkemGoCase(bits, fn))
			}
			suite.RegisterPeer(implCircl, circlMethod, mlkemCirclCase(bits, fn))
		}
	}
}

func mlkemBase(bits int, fn string) suite.Case {
	return suite.Case{
		Suite:  "mlkem",
		Table:  "mlkem",
		Name:   fmt.Sprintf("MLKEM/%d/op=%s", bits, fn),
		Params: map[string]string{"function": fn, "suite": fmt.Sprintf("ML-KEM-%d", bits)},
	}
}

var mlkemSeed = fill(64, 203)

// mlkemOps is one parameter set behind closures.
type mlkemOps struct {
	keyGen  func() error
	encaps  func() error
	decaps  func() error
	working int // derived key state the operations read (see above)
}

func ourMLKEM(bits int, cfg mlkem.Config) (*mlkemOps, error) {
	var K [mlkem.SharedKeySize]byte
	switch bits {
	case 512:
		dk, err := mlkem.NewDecapsulationKey512WithConfig(cfg, mlkemSeed)
		if err != nil {
			return nil, err
		}
		gen, _ := mlkem.NewDecapsulationKey512WithConfig(cfg, mlkemSeed)
		var c [mlkem.CiphertextSize512]byte
		ek := dk.EncapsulationKey()
		if err := ek.EncapsulateTo(&K, &c); err != nil {
			return nil, err
		}
		return &mlkemOps{
			keyGen:  func() error { return gen.SetSeed(cfg, mlkemSeed) },
			encaps:  func() error { return ek.EncapsulateTo(&K, &c) },
			decaps:  func() error { return dk.DecapsulateTo(&K, c[:]) },
			working: mlkemWorking(cfg, 512),
		}, nil
	case 768:
		dk, err := mlkem.NewDecapsulationKey768WithConfig(cfg, mlkemSeed)
		if err != nil {
			return nil, err
		}
		gen, _ := mlkem.NewDecapsulationKey768WithConfig(cfg, mlkemSeed)
		var c [mlkem.CiphertextSize768]byte
		ek := dk.EncapsulationKey()
		if err := ek.EncapsulateTo(&K, &c); err != nil {
			return nil, err
		}
		return &mlkemOps{
			keyGen:  func() error { return gen.SetSeed(cfg, mlkemSeed) },
			encaps:  func() error { return ek.EncapsulateTo(&K, &c) },
			decaps:  func() error { return dk.DecapsulateTo(&K, c[:]) },
			working: mlkemWorking(cfg, 768),
		}, nil
	default:
		dk, err := mlkem.NewDecapsulationKey1024WithConfig(cfg, mlkemSeed)
		if err != nil {
			return nil, err
		}
		gen, _ := mlkem.NewDecapsulationKey1024WithConfig(cfg, mlkemSeed)
		var c [mlkem.CiphertextSize1024]byte
		ek := dk.EncapsulationKey()
		if err := ek.EncapsulateTo(&K, &c); err != nil {
			return nil, err
		}
		return &mlkemOps{
			keyGen:  func() error { return gen.SetSeed(cfg, mlkemSeed) },
			encaps:  func() error { return ek.EncapsulateTo(&K, &c) },
			decaps:  func() error { return dk.DecapsulateTo(&K, c[:]) },
			working: mlkemWorking(cfg, 1024),
		}, nil
	}
}

// mlkemWorking is the working memory of a key of ML-KEM-bits in cfg (see
// above): H(ek) and σ, plus what cfg's key holds beyond a Small key's.
func mlkemWorking(cfg mlkem.Config, bits int) int {
	return 64 + cfg.Memory(bits).Key - mlkem.Small().Memory(bits).Key
}

func mlkemCase(bits int, fn string, cfg mlkem.Config) suite.Case {
	c := mlkemBase(bits, fn)
	c.Impl = ImplOurs
	c.Config = cfg.String()
	c.Setup = func() (func() error, int, error) {
		o, err := ourMLKEM(bits, cfg)
		if err != nil {
			return nil, 0, err
		}
		switch fn {
		case "Key-pair-Generation":
			return o.keyGen, o.working, nil
		case "Key-Encapsulation":
			return o.encaps, o.working, nil
		default:
			return o.decaps, o.working, nil
		}
	}
	return c
}

func mlkemGoCase(bits int, fn string) suite.Case {
	c := mlkemBase(bits, fn)
	c.Impl = ImplGo
	c.Setup = func() (func() error, int, error) {
		if bits == 768 {
			dk, err := stdmlkem.NewDecapsulationKey768(mlkemSeed)
			if err != nil {
				return nil, 0, err
			}
			ek := dk.EncapsulationKey()
			_, ct := ek.Encapsulate()
			work := stateSize(dk)
			switch fn {
			case "Key-pair-Generation":
				return func() error { _, err := stdmlkem.NewDecapsulationKey768(mlkemSeed); return err }, work, nil
			case "Key-Encapsulation":
				return func() error { ek.Encapsulate(); return nil }, stateSize(ek), nil
			default:
				return func() error { _, err := dk.Decapsulate(ct); return err }, work, nil
			}
		}
		dk, err := stdmlkem.NewDecapsulationKey1024(mlkemSeed)
		if err != nil {
			return nil, 0, err
		}
		ek := dk.EncapsulationKey()
		_, ct := ek.Encapsulate()
		work := stateSize(dk)
		switch fn {
		case "Key-pair-Generation":
			return func() error { _, err := stdmlkem.NewDecapsulationKey1024(mlkemSeed); return err }, work, nil
		case "Key-Encapsulation":
			return func() error { ek.Encapsulate(); return nil }, stateSize(ek), nil
		default:
			return func() error { _, err := dk.Decapsulate(ct); return err }, work, nil
		}
	}
	return c
}

func mlkemCirclCase(bits int, fn string) suite.Case {
	c := mlkemBase(bits, fn)
	c.Setup = func() (func() error, int, error) {
		ss := make([]byte, 32)
		switch bits {
		case 512:
			pk, sk := mlkem512.NewKeyFromSeed(mlkemSeed)
			ct := make([]byte, mlkem512.CiphertextSize)
			pk.EncapsulateTo(ct, ss, nil)
			return circlOp(fn,
				func() { mlkem512.NewKeyFromSeed(mlkemSeed) },
				func() { pk.EncapsulateTo(ct, ss, nil) },
				func() { sk.DecapsulateTo(ss, ct) },
				stateSize(pk)+stateSize(sk))
		case 768:
			pk, sk := mlkem768.NewKeyFromSeed(mlkemSeed)
			ct := make([]byte, mlkem768.CiphertextSize)
			pk.EncapsulateTo(ct, ss, nil)
			return circlOp(fn,
				func() { mlkem768.NewKeyFromSeed(mlkemSeed) },
				func() { pk.EncapsulateTo(ct, ss, nil) },
				func() { sk.DecapsulateTo(ss, ct) },
				stateSize(pk)+stateSize(sk))
		default:
			pk, sk := mlkem1024.NewKeyFromSeed(mlkemSeed)
			ct := make([]byte, mlkem1024.CiphertextSize)
			pk.EncapsulateTo(ct, ss, nil)
			return circlOp(fn,
				func() { mlkem1024.NewKeyFromSeed(mlkemSeed) },
				func() { pk.EncapsulateTo(ct, ss, nil) },
				func() { sk.DecapsulateTo(ss, ct) },
				stateSize(pk)+stateSize(sk))
		}
	}
	return c
}

func circlOp(fn string, keyGen, encaps, decaps func(), work int) (func() error, int, error) {
	op := map[string]func(){"Key-pair-Generation": keyGen, "Key-Encapsulation": encaps, "Key-Decapsulation": decaps}[fn]
	return func() error { op(); return nil }, work, nil
}
