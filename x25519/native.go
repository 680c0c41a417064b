//go:build amd64 && !purego

package x25519

import "github.com/cryptolab-go/cryptolab/internal/edwards25519"

// Native: the Montgomery ladder in amd64 assembly on MULX, ADCX and ADOX
// (internal/edwards25519's ladder_amd64.s: four 64-bit limbs, 2^256 ≡ 38
// folding, all 255 steps in one call, no branch on the scalar), for
// processors with BMI2 and ADX (read from internal/cpu at each Native or
// Configs call, so tests can turn them off with cpu.Disable and reach
// SuperFast). The final inversion and the public key (k·B on the Edwards
// form with the OptHigh table, faster than the ladder on u = 9) are
// SuperFast's code. A shared secret takes about two thirds of SuperFast's
// time (the lab's table in the package documentation).
type native struct{}

func nativeValue() Config {
	if edwards25519.MulxSupported() {
		return native{}
	}
	return nil
}

func (native) String() string                { return "Native" }
func (native) Memory() Memory                { return Memory{privateKeySize, 0, superFastTables} }
func (native) ladder(k, u [32]byte) [32]byte { return edwards25519.LadderMulx(&k, &u) }
func (native) publicKey(k [32]byte) [32]byte { return edwards25519.BaseLadderHigh51(&k) }
