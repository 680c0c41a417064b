package linkertest

import (
	"fmt"
	"testing"
)

func TestMentions(t *testing.T) {
	names := map[string]bool{"fastBlock": true, "fastCipher": true}
	const pkg = "example.com/m/aes"
	for sym, want := range map[string]bool{
		"example.com/m/aes.fastCipher":                             true,
		"example.com/m/aes.(*fastBlock).Encrypt":                   true,
		"go:itab.*example.com/m/aes.fastBlock,crypto/cipher.Block": true,
		"example.com/m/aes.fastCipherX":                            false,
		"example.com/m/aes.smallBlock":                             false,
		"example.com/m/aesx.fastBlock":                             false,
		"type:*example.com/m/aes.fastBlock":                        true,
		"example.com/m/aes.f[example.com/m/aes.fastBlock]":         true,
	} {
		if got := mentions(sym, pkg, names); got != want {
			t.Errorf("mentions(%q) = %v, want %v", sym, got, want)
		}
	}
}

func TestSize(t *testing.T) {
	a := Size{Text: 10, Rodata: 20, Data: 3, BSS: 100}
	b := Size{Text: 4, Rodata: 5, Data: 1, BSS: 100}
	if d := a.Sub(b); d != (Size{6, 15, 2, 0}) || d.File() != 23 {
		t.Errorf("Sub = %+v, File %d", d, d.File())
	}
}

// recorder is a testing.TB that records Errorf calls instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Helper() {}

// TestChecks builds a program that uses crypto/sha1 and checks that
// CheckNotLinked sees it (and does not see what the empty program has too),
// that CheckBudget fails a budget below the growth, and that the empty
// program carries the DRBG's zero-filled scratch in BSS.
func TestChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs")
	}
	empty := Empty(t)
	if empty.Size.BSS < 32<<20 {
		t.Errorf("empty program (crypto/rand) has %d B of BSS; expected the 32 MiB DRBG scratch", empty.Size.BSS)
	}
	if g := empty.Growth(t); g != (Size{}) {
		t.Errorf("empty program grows over itself: %v", g)
	}
	b := Build(t, Program{Name: "sha1", Imports: []string{"crypto/sha1", "os"}, Body: `s := sha1.Sum([]byte(os.Args[0]))
os.Stdout.Write(s[:1])`})
	r := &recorder{TB: t}
	b.CheckNotLinked(r, "crypto/sha1", "crypto/internal/fips140/ecdsa")
	if len(r.errs) != 1 {
		t.Errorf("CheckNotLinked(crypto/sha1, ecdsa) on a SHA-1 program: %q, want one error (sha1)", r.errs)
	}
	r = &recorder{TB: t}
	empty.CheckNotLinked(r, "crypto/rand", "runtime")
	if len(r.errs) != 0 {
		t.Errorf("CheckNotLinked on the empty program itself: %q", r.errs)
	}
	g := b.Growth(t)
	if g.File() <= 0 {
		t.Fatalf("SHA-1 program does not grow over the empty one: %v", g)
	}
	r = &recorder{TB: t}
	b.CheckBudget(r, g.File()-1)
	if len(r.errs) != 1 {
		t.Errorf("CheckBudget under the growth: %q, want one error", r.errs)
	}
	r = &recorder{TB: t}
	b.CheckBudget(r, g.File())
	if len(r.errs) != 0 {
		t.Errorf("CheckBudget at the growth: %q", r.errs)
	}
	if len(b.Package("crypto/sha1")) == 0 {
		t.Error("no crypto/sha1 symbols in the SHA-1 program")
	}
}

func TestDeclaredNames(t *testing.T) {
	names := DeclaredNames(t, "linkertest.go")
	for _, n := range []string{"Program", "Size", "Build", "mentions", "built"} {
		if !names[n] {
			t.Errorf("DeclaredNames misses %s", n)
		}
	}
	if names["File"] {
		t.Error("DeclaredNames lists method File")
	}
}
