package x25519_test

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	"github.com/cryptolab-go/cryptolab/x25519"
)

// TestNativePaths checks which configuration Native is: "Native" on amd64
// with BMI2 and ADX (not under purego), SuperFast with either turned off
// by cpu.Disable, on other architectures and under purego; and that in
// each case Native's shared secrets and public keys equal Small's (the
// other tests run every configuration of Configs against crypto/ecdh,
// OpenSSL and the RFC 7748 vectors).
func TestNativePaths(t *testing.T) {
	check := func(want string) {
		t.Helper()
		cfg := x25519.Native()
		if cfg.String() != want {
			t.Fatalf("Native() is %v, want %s", cfg, want)
		}
		if x25519.Default() != cfg {
			t.Errorf("Default() is %v, Native() %v", x25519.Default(), cfg)
		}
		names := ""
		for _, c := range x25519.Configs() {
			names += c.String() + " "
		}
		if wantNames := map[bool]string{true: "Small SuperFast Native ", false: "Small SuperFast "}[want == "Native"]; names != wantNames {
			t.Errorf("Configs() = %s, want %s", names, wantNames)
		}
		r := rand.New(rand.NewPCG(64, uint64(len(want))))
		for range 20 {
			k, u := make([]byte, 32), make([]byte, 32)
			for i := range k {
				k[i], u[i] = byte(r.Uint32()), byte(r.Uint32())
			}
			got, ref := make([]byte, 32), make([]byte, 32)
			x25519.X25519(cfg, got, k, u)
			x25519.X25519(x25519.Small(), ref, k, u)
			if !bytes.Equal(got, ref) {
				t.Fatalf("%v: X25519(%x, %x) = %x, Small %x", cfg, k, u, got, ref)
			}
			a, _ := x25519.NewPrivateKey(cfg, k)
			b, _ := x25519.NewPrivateKey(x25519.Small(), k)
			if !a.PublicKey().Equal(b.PublicKey()) {
				t.Fatalf("%v: public key of %x differs from Small's", cfg, k)
			}
		}
	}
	if runtime.GOARCH != "amd64" || !cpu.X86.HasBMI2 || !cpu.X86.HasADX {
		check("SuperFast")
		return
	}
	check("Native")
	for _, ext := range []string{"bmi2", "adx"} {
		restore, err := cpu.Disable(ext)
		if err != nil {
			t.Fatal(err)
		}
		check("SuperFast")
		restore()
	}
}
