package ed25519_test

import (
	"sync"
	"testing"

	"github.com/cryptolab-go/cryptolab/ed25519"
)

// TestConcurrent signs and verifies from several goroutines at once with
// shared keys, in every configuration: the tables are built once (the
// first goroutines race to build them) and keys are read-only after
// construction. Run with -race to check it.
func TestConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for _, cfg := range ed25519.Configs() {
		priv, err := ed25519.NewKeyFromSeed(cfg, make([]byte, 32))
		if err != nil {
			t.Fatal(err)
		}
		pub := priv.PublicKey()
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				msg := []byte{byte(g), 'c'}
				var sig [64]byte
				for range 3 {
					if err := priv.SignTo(&sig, msg); err != nil {
						t.Error(err)
						return
					}
					if !pub.Verify(msg, sig[:]) || !ed25519.Verify(cfg, pub.Bytes(), msg, sig[:]) {
						t.Errorf("%v: concurrent verification failed", cfg)
						return
					}
				}
			}()
		}
	}
	wg.Wait()
}
