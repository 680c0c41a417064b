package ed25519_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/linkertest"
)

// TestLinkerVisibility proves that the configurations are separable at
// link time: a program that names one configuration links the field
// arithmetic of its mathematics only (Small: field25.go and curve25.go of
// internal/edwards25519; SuperFast: field51.go and curve51.go) and the
// tables and base multiplications of its curve definition only (OptLow or
// OptHigh) and SHA-512 compression (Small: sha2's compact loop;
// SuperFast: its unrolled code and assembly), and no program links
// crypto/ed25519 or the standard library's edwards25519. It builds five programs with internal/linkertest and reads
// their symbol tables.
func TestLinkerVisibility(t *testing.T) {
	if testing.Short() {
		t.Skip("builds five programs")
	}
	dir := filepath.Join("..", "internal", "edwards25519")
	small := linkertest.DeclaredNames(t, filepath.Join(dir, "field25.go"), filepath.Join(dir, "curve25.go"))
	fast := linkertest.DeclaredNames(t, filepath.Join(dir, "field51.go"), filepath.Join(dir, "curve51.go"))
	for _, n := range []string{"fe25", "point25", "BaseMultLow25", "getHighTable25"} {
		if !small[n] {
			t.Fatalf("no declaration of %s; update the test", n)
		}
	}

	const edw = "github.com/cryptolab-go/cryptolab/internal/edwards25519."
	const pub = "github.com/cryptolab-go/cryptolab/ed25519."
	// classify returns the dimensions a symbol belongs to: "Small" or
	// "SuperFast", and "OptLow" or "OptHigh".
	classify := func(sym string) (math, def string) {
		for rest := sym; ; {
			i := strings.Index(rest, edw)
			if i < 0 {
				break
			}
			rest = rest[i+len(edw):]
			id := strings.TrimPrefix(strings.TrimPrefix(rest, "(*"), "(")
			id = id[:strings.IndexFunc(id+".", func(r rune) bool {
				return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
			})]
			switch {
			case small[id]:
				math = "Small"
			case fast[id]:
				math = "SuperFast"
			}
			switch {
			case strings.Contains(id, "Low"):
				def = "OptLow"
			case strings.Contains(id, "High"):
				def = "OptHigh"
			}
		}
		if strings.Contains(sym, pub) {
			switch {
			case strings.Contains(sym, "smallOpt"):
				math = "Small"
			case strings.Contains(sym, "superFastOpt"):
				math = "SuperFast"
			}
			switch {
			case strings.Contains(sym, "OptLow"):
				def = "OptLow"
			case strings.Contains(sym, "OptHigh"):
				def = "OptHigh"
			}
		}
		return math, def
	}

	body := func(cfg string) string {
		return strings.ReplaceAll(`seed := make([]byte, 32)
copy(seed, os.Args[0])
priv, err := ed25519.NewKeyFromSeed(ed25519.CFG(), seed)
if err != nil {
	panic(err)
}
var sig [64]byte
if err := priv.SignTo(&sig, seed); err != nil {
	panic(err)
}
pub, err := ed25519.NewPublicKey(ed25519.CFG(), priv.PublicKey().Bytes())
if err != nil {
	panic(err)
}
println(pub.Verify(seed, sig[:]), priv.Config().String())`, "CFG", cfg)
	}
	programs := []struct {
		name, cfg, math, def string
	}{
		{"small-optlow", "SmallOptLow", "Small", "OptLow"},
		{"small-opthigh", "SmallOptHigh", "Small", "OptHigh"},
		{"superfast-optlow", "SuperFastOptLow", "SuperFast", "OptLow"},
		{"superfast-opthigh", "SuperFastOptHigh", "SuperFast", "OptHigh"},
		{"default", "Default", "SuperFast", "OptHigh"},
	}
	other := map[string]string{"Small": "SuperFast", "SuperFast": "Small", "OptLow": "OptHigh", "OptHigh": "OptLow"}

	for _, p := range programs {
		b := linkertest.Build(t, linkertest.Program{
			Name:    p.name,
			Imports: []string{"os", "github.com/cryptolab-go/cryptolab/ed25519"},
			Body:    body(p.cfg),
		})
		count := map[string][]string{}
		for _, s := range b.Symbols {
			if strings.HasPrefix(s.Name, "crypto/ed25519.") || strings.Contains(s.Name, "fips140/edwards25519") {
				t.Errorf("%s links the standard library's Ed25519: %s", p.name, s.Name)
			}
			m, d := classify(s.Name)
			if m != "" {
				count[m] = append(count[m], s.Name)
			}
			if d != "" {
				count[d] = append(count[d], s.Name)
			}
		}
		// SHA-512: the Small configurations link sha2's compact loop and
		// none of its unrolled or assembly compression functions, and
		// SuperFast the reverse (internal/sha2sum's strategies).
		const sha = "github.com/cryptolab-go/cryptolab/sha2."
		for _, s := range b.Symbols {
			var part string
			switch strings.TrimPrefix(s.Name, sha) {
			case "blockSHA512Compact":
				part = "Small"
			case "blockSHA512", "blockSHA512AVX", "nativeBlock512":
				part = "SuperFast"
			default:
				continue
			}
			count["SHA-512 "+part] = append(count["SHA-512 "+part], s.Name)
		}
		if len(count["SHA-512 "+p.math]) < 1 {
			t.Errorf("%s: SHA-512 compression of %s not found (%v)", p.name, p.math, count["SHA-512 "+p.math])
		}
		if bad := count["SHA-512 "+other[p.math]]; len(bad) > 0 {
			t.Errorf("%s links the SHA-512 compression of %s: %v", p.name, other[p.math], bad)
		}
		for _, want := range []string{p.math, p.def} {
			if len(count[want]) < 3 {
				t.Errorf("%s: only %d %s symbols %v: the check would prove nothing", p.name, len(count[want]), want, count[want])
			}
			if bad := count[other[want]]; len(bad) > 0 {
				t.Errorf("%s links %d symbols of %s, e.g. %v", p.name, len(bad), other[want], bad[:min(len(bad), 8)])
			}
		}
		t.Logf("%s: %d %s, %d %s symbols; none of %s, %s", p.name, len(count[p.math]), p.math, len(count[p.def]), p.def, other[p.math], other[p.def])
	}
}
