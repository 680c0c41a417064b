package x25519_test

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/linkertest"
)

const edwPkg = "github.com/cryptolab-go/cryptolab/internal/edwards25519"

// TestLinkerVisibility builds a program per configuration and checks from
// its symbol table that it links the field of its configuration only
// (internal/edwards25519's field25.go and curve25.go for Small, field51.go
// and curve51.go for SuperFast), no Edwards table but SuperFast's key
// generation table, and not crypto/ecdh; and that only programs naming
// Native (or Default, which is Native) link its assembly ladder
// (ladderMulx, with LadderMulx and MulxSupported from ladder_amd64.go).
func TestLinkerVisibility(t *testing.T) {
	if testing.Short() {
		t.Skip("builds four programs")
	}
	dir := filepath.Join("..", "internal", "edwards25519")
	small := linkertest.DeclaredNames(t, filepath.Join(dir, "field25.go"), filepath.Join(dir, "curve25.go"))
	fast := linkertest.DeclaredNames(t, filepath.Join(dir, "field51.go"), filepath.Join(dir, "curve51.go"))
	for _, p := range []struct{ cfg, want, not string }{
		{"Small", "Small", "SuperFast"}, {"SuperFast", "SuperFast", "Small"}, {"Native", "SuperFast", "Small"}, {"Default", "SuperFast", "Small"},
	} {
		b := linkertest.Build(t, linkertest.Program{
			Name:    p.cfg,
			Imports: []string{"os", "github.com/cryptolab-go/cryptolab/x25519"},
			Body: `k := make([]byte, 32)
	copy(k, os.Args[0])
	priv, err := x25519.NewPrivateKey(x25519.` + p.cfg + `(), k)
	if err != nil {
		panic(err)
	}
	out := make([]byte, 32)
	x25519.X25519(x25519.` + p.cfg + `(), out, k, priv.PublicKey().Bytes())
	os.Stdout.Write(out)`,
		})
		b.CheckNotLinked(t, "crypto/ecdh")
		mulx := b.Matching(func(s string) bool { return strings.Contains(s, edwPkg+".ladderMulx") })
		if wantMulx := (p.cfg == "Native" || p.cfg == "Default") && runtime.GOARCH == "amd64"; wantMulx != (len(mulx) > 0) {
			t.Errorf("%s: links the assembly ladder: %v, want %v", p.cfg, mulx, wantMulx)
		}
		found := map[string][]string{"Small": b.Declared(edwPkg, small), "SuperFast": b.Declared(edwPkg, fast)}
		// Small links no table; SuperFast only the fixed-base table its
		// key generation reads (highTable51 and its builder).
		for _, s := range b.Matching(mentionsTable) {
			if p.want == "Small" || !strings.Contains(s, "highTable51") && !strings.Contains(s, "HighTable51") {
				t.Errorf("%s links a base-point table: %s", p.cfg, s)
			}
		}
		if len(found[p.want]) < 3 {
			t.Errorf("%s: only %v of %s", p.cfg, found[p.want], p.want)
		}
		if bad := found[p.not]; len(bad) > 0 {
			t.Errorf("%s links %s: %v", p.cfg, p.not, bad[:min(8, len(bad))])
		}
		t.Logf("%s: %d %s symbols, none of %s", p.cfg, len(found[p.want]), p.want, p.not)
	}
}

// mentionsTable reports whether sym names an identifier of
// internal/edwards25519 whose name contains "Table".
func mentionsTable(sym string) bool {
	for rest := sym; ; {
		i := strings.Index(rest, edwPkg+".")
		if i < 0 {
			return false
		}
		rest = rest[i+len(edwPkg)+1:]
		id := strings.TrimPrefix(strings.TrimPrefix(rest, "(*"), "(")
		id = id[:strings.IndexFunc(id+".", func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		})]
		if strings.Contains(id, "Table") {
			return true
		}
	}
}
