// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/mlkem"
)

// stm32Stack is the stack column of the STM32H5 CMOX v5 ML-KEM table
// (lab/reference/stm32/mlkem.tsv, platform h563-v5), in bytes: the Small
// configuration's budget for stack plus working memory.
var stm32Stack = map[int]map[string]int{
	512:  {"KeyGen": 3060, "Encaps": 4588, "Decaps": 4684},
	768:  {"KeyGen": 3572, "Encaps": 5100, "Decaps": 5516},
	1024: {"KeyGen": 4084, "Encaps": 5612, "Decaps": 6508},
}

// TestSmallStack measures, with the lab's stack probe (a painted goroutine
// stack, see lab/measure), the stack high-water mark of each Small
// operation, and checks that it plus the working memory the key keeps
// besides its inputs (H(ek) and σ, 64 bytes; Small caches nothing else)
// stays within the published CMOX stack figure. It also logs the Fast
// figures for comparison. This is a memory bound, not a timing claim.
func TestSmallStack(t *testing.T) {
	seed := make([]byte, 64)
	const working = 64
	for _, k := range kems {
		for _, cfg := range configs {
			dk, _ := k.newDK(seed, cfg)
			ek := k.ekOf(dk)
			var K [32]byte
			c := make([]byte, k.ctSize)
			k.encTo(ek, &K, c)
			gen, _ := k.newDK(seed, cfg)
			ops := map[string]func() error{
				"KeyGen": func() error { return gen.SetSeed(cfg, seed) },
				"Encaps": func() error { return k.encTo(ek, &K, c) },
				"Decaps": func() error { return k.decTo(dk, &K, c) },
			}
			for _, op := range []string{"KeyGen", "Encaps", "Decaps"} {
				s, err := measure.Stack(ops[op])
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s %v %s: stack %d bytes (CMOX %d)", k.name, cfg, op, s, stm32Stack[k.bits][op])
				if cfg == mlkem.Small() && s+working > stm32Stack[k.bits][op] {
					t.Errorf("%s Small %s: stack %d + working %d > %d", k.name, op, s, working, stm32Stack[k.bits][op])
				}
			}
		}
	}
}
