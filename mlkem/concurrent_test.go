// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	"bytes"
	"sync"
	"testing"
)

// TestConcurrentUse shares one key of each set and configuration between
// goroutines that encapsulate and decapsulate at the same time: keys are
// read-only after construction (run with -race to check).
func TestConcurrentUse(t *testing.T) {
	for _, k := range kems {
		for _, cfg := range configs {
			dk, err := k.newDK(bytes.Repeat([]byte{3}, 64), cfg)
			if err != nil {
				t.Fatal(err)
			}
			ek := k.ekOf(dk)
			var wg sync.WaitGroup
			errs := make(chan string, 8)
			for range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range 10 {
						K, c, _ := ek.Encapsulate()
						K2, err := dk.Decapsulate(c)
						if err != nil || !bytes.Equal(K, K2) {
							errs <- k.name + " " + cfg.String()
							return
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for e := range errs {
				t.Errorf("%s: concurrent round trip failed", e)
			}
		}
	}
}
