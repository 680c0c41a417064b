package ecdsa

import (
	"crypto/rand"
	"crypto/sha256"
	"runtime"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/measure"
)

// stackBudget is the Small-Low stack budget in bytes per curve and
// operation, on linux/amd64 with the Go release this was measured with
// (go1.26: P-256 and P-384 sign 2,184 and 2,296 B, verify 2,760 B),
// plus about 5% for toolchain drift. Budgets start at what the code reaches
// and only go down. The STM32 library's figures for comparison
// (lab/reference, H563 v5, stack + working buffer): sign 440 + 628 B,
// verify 488 + 856 B for P-256.
var stackBudget = map[Curve]map[string]int{
	P256: {"sign": 2290, "verify": 2900},
	P384: {"sign": 2410, "verify": 2900},
}

// TestStack measures, with the lab's stack probe (a painted goroutine
// stack, see lab/measure), the stack high-water mark of signing and
// verification in every configuration, and holds Small-Low to
// stackBudget on linux/amd64 (other targets, the race detector and other
// toolchains lay frames out differently, so there it only logs). A
// memory bound, not a timing claim.
func TestStack(t *testing.T) {
	enforce := runtime.GOOS == "linux" && runtime.GOARCH == "amd64" && !raceEnabled
	digest := sha256.Sum256([]byte("stack"))
	for _, c := range curvesUnderTest {
		for _, cfg := range Configs() {
			priv, err := GenerateKey(cfg, c, nil)
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 0, MaxSignatureSize(c, ASN1))
			sig, _ := Sign(nil, priv, nil, digest[:], ASN1)
			pub := priv.PublicKey()
			got := map[string]int{}
			got["sign"], err = measure.Stack(func() error {
				_, err := Sign(buf[:0], priv, rand.Reader, digest[:], ASN1)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			got["verify"], err = measure.Stack(func() error {
				if !Verify(pub, digest[:], sig, ASN1) {
					t.Error("verify failed")
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s %s: sign stack %d B, verify stack %d B", c, cfg, got["sign"], got["verify"])
			if cfg == SmallLow() && enforce {
				for _, op := range []string{"sign", "verify"} {
					if got[op] > stackBudget[c][op] {
						t.Errorf("%s Small-Low %s: stack %d B over its budget of %d B", c, op, got[op], stackBudget[c][op])
					}
				}
			}
		}
	}
}
