// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa_test

import (
	"flag"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/mldsa"
)

// cmoxLowRAM is the working-buffer column of the STM32H5 CMOX v5 ML-DSA
// table for the "low RAM" rows (lab/reference/stm32/mldsa.tsv, platform
// h563-v5, low_ram = 1), in bytes: the LowRAM configuration's budget for
// stack plus working memory. Key generation has no low-RAM row; its
// normal working buffer (7,116 / 8,140 / 10,188) is the budget there.
var cmoxLowRAM = map[int]map[string]int{
	44: {"KeyGen": 7116, "Sign": 11340, "Verify": 4812},
	65: {"KeyGen": 8140, "Sign": 15436, "Verify": 4828},
	87: {"KeyGen": 10188, "Sign": 19532, "Verify": 5100},
}

type stackOps struct {
	n                    int
	keyGen, sign, verify func(cfg mldsa.Config) func() error
}

func opsFor(t *testing.T) []stackOps {
	seed := make([]byte, 32)
	msg := []byte("message")
	mk := func(n int) stackOps {
		return stackOps{n: n,
			keyGen: func(cfg mldsa.Config) func() error {
				return func() error {
					var err error
					switch n {
					case 44:
						_, err = mldsa.NewPrivateKey44(cfg, seed)
					case 65:
						_, err = mldsa.NewPrivateKey65(cfg, seed)
					case 87:
						_, err = mldsa.NewPrivateKey87(cfg, seed)
					}
					return err
				}
			},
			sign: func(cfg mldsa.Config) func() error {
				switch n {
				case 44:
					sk, _ := mldsa.NewPrivateKey44(cfg, seed)
					sig := make([]byte, mldsa.SignatureSize44)
					return func() error { return sk.SignTo(sig, msg, nil) }
				case 65:
					sk, _ := mldsa.NewPrivateKey65(cfg, seed)
					sig := make([]byte, mldsa.SignatureSize65)
					return func() error { return sk.SignTo(sig, msg, nil) }
				default:
					sk, _ := mldsa.NewPrivateKey87(cfg, seed)
					sig := make([]byte, mldsa.SignatureSize87)
					return func() error { return sk.SignTo(sig, msg, nil) }
				}
			},
			verify: func(cfg mldsa.Config) func() error {
				switch n {
				case 44:
					sk, _ := mldsa.NewPrivateKey44(cfg, seed)
					sig, _ := sk.Sign(nil, msg, nil)
					return func() error { return sk.PublicKey().Verify(sig, msg, nil) }
				case 65:
					sk, _ := mldsa.NewPrivateKey65(cfg, seed)
					sig, _ := sk.Sign(nil, msg, nil)
					return func() error { return sk.PublicKey().Verify(sig, msg, nil) }
				default:
					sk, _ := mldsa.NewPrivateKey87(cfg, seed)
					sig, _ := sk.Sign(nil, msg, nil)
					return func() error { return sk.PublicKey().Verify(sig, msg, nil) }
				}
			},
		}
	}
	return []stackOps{mk(44), mk(65), mk(87)}
}

// TestLowRAMStack measures, with the lab's stack probe (a painted goroutine
// stack, see lab/measure), the stack high-water mark of each operation, and
// checks that LowRAM's plus its working memory stays within the published
// CMOX low-RAM working buffer. LowRAM's working memory outside the stack
// is tr (64 bytes, which the key keeps beside its encoding; lab/cases
// reports the same); the twiddle tables (Config.Memory's Tables) are
// constants computed once, not per-operation memory. Key generation is measured without the key object it
// returns (the key's memory is Config.Memory). The Fast figures are
// logged for comparison. This is a memory bound, not a timing claim.
func TestLowRAMStack(t *testing.T) {
	if raceEnabled || testing.CoverMode() != "" || flag.Lookup("test.fuzz").Value.String() != "" {
		t.Skip("instrumented builds (race, coverage, fuzzing) have larger frames")
	}
	for _, o := range opsFor(t) {
		for _, cfg := range []mldsa.Config{mldsa.Fast(), mldsa.LowRAM()} {
			for _, op := range []struct {
				name string
				f    func() error
			}{{"KeyGen", o.keyGen(cfg)}, {"Sign", o.sign(cfg)}, {"Verify", o.verify(cfg)}} {
				s, err := measure.Stack(op.f)
				if err != nil {
					t.Fatal(err)
				}
				budget := cmoxLowRAM[o.n][op.name]
				t.Logf("ML-DSA-%d %v %s: stack %d bytes (CMOX low-RAM %d)", o.n, cfg, op.name, s, budget)
				const working = 64
				if cfg.String() == "LowRAM" && s+working > budget {
					t.Errorf("ML-DSA-%d LowRAM %s: stack %d + working %d > %d", o.n, op.name, s, working, budget)
				}
			}
		}
	}
}
