//go:build !purego

package edwards25519

import (
	"bytes"
	"crypto/ecdh"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLadderMulx checks the assembly ladder against Ladder51 and
// crypto/ecdh on random scalars and u-coordinates, u values at the edges
// (0, 1, p-1, p, p+1, 2^255-1 with and without bit 255, low-order points)
// and the RFC 7748, Section 5.2 vectors through the iterated test.
func TestLadderMulx(t *testing.T) {
	if !MulxSupported() {
		t.Skip("no BMI2 and ADX")
	}
	r := rand.New(rand.NewPCG(25519, 64))
	var us [][32]byte
	for _, v := range fieldInputs() {
		us = append(us, v)
	}
	for range 200 {
		var u [32]byte
		for i := range u {
			u[i] = byte(r.Uint32())
		}
		us = append(us, u)
	}
	for i, u := range us {
		var k [32]byte
		for j := range k {
			k[j] = byte(r.Uint32())
		}
		if i%7 == 0 {
			for j := range k {
				k[j] = 0xff
			}
		}
		got, want := LadderMulx(&k, &u), Ladder51(&k, &u)
		if got != want {
			t.Fatalf("LadderMulx(%x, %x) = %x, Ladder51 %x", k, u, got, want)
		}
		if i < 100 && u[31]&0x80 == 0 {
			priv, _ := ecdh.X25519().NewPrivateKey(k[:])
			pub, err := ecdh.X25519().NewPublicKey(u[:])
			if err == nil {
				s, err := priv.ECDH(pub)
				if err == nil && [32]byte(s) != got {
					t.Fatalf("LadderMulx(%x, %x) = %x, crypto/ecdh %x", k, u, got, s)
				}
			}
		}
	}
	// RFC 7748, Section 5.2: the iterated test, 1,000 iterations.
	k, u := [32]byte{9}, [32]byte{9}
	for range 1000 {
		k, u = LadderMulx(&k, &u), k
	}
	want := "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"
	if got := hexString(k[:]); got != want {
		t.Fatalf("1,000 iterations: %s, want %s", got, want)
	}
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	s := make([]byte, 2*len(b))
	for i, c := range b {
		s[2*i], s[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(s)
}

// TestLadderGenerated checks that ladder_amd64.s is what
// gen_ladder_amd64.go writes.
func TestLadderGenerated(t *testing.T) {
	out := filepath.Join(t.TempDir(), "ladder.s")
	cmd := exec.Command(filepath.Join(runtimeGOROOT(), "bin", "go"), "run", "gen_ladder_amd64.go", "-o", out)
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_ladder_amd64.go: %v\n%s", err, b)
	}
	want, _ := os.ReadFile(out)
	got, _ := os.ReadFile("ladder_amd64.s")
	if !bytes.Equal(got, want) {
		t.Fatal("ladder_amd64.s is stale: run go generate ./internal/edwards25519")
	}
}

// TestLadderNoDataBranches checks the assembly for jumps: the only one
// is the loop over the bit index (public), and no address but the
// scalar byte of that index is computed from a register.
func TestLadderNoDataBranches(t *testing.T) {
	src, err := os.ReadFile("ladder_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	jumps, indexed := 0, 0
	for _, line := range strings.Split(string(src), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "//") {
			continue
		}
		if strings.HasPrefix(f[0], "J") {
			jumps++
			if line != "\tJGE loop" {
				t.Errorf("jump: %q", line)
			}
		}
		if strings.Contains(line, ")(") {
			indexed++
			if line != "\tMOVBQZX (SI)(AX*1), AX" {
				t.Errorf("indexed address: %q", line)
			}
		}
	}
	if jumps != 1 || indexed != 1 {
		t.Errorf("%d jumps and %d indexed loads, want 1 and 1", jumps, indexed)
	}
}

// BenchmarkLadderMulx times one X25519(k, u) of the assembly ladder
// beside Ladder51 (BenchmarkPoint/ladder51):
//
//	go test -run X -bench 'LadderMulx|Point/ladder51' ./internal/edwards25519/
func BenchmarkLadderMulx(b *testing.B) {
	if !MulxSupported() {
		b.Skip("no BMI2 and ADX")
	}
	s := [32]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32}
	for b.Loop() {
		LadderMulx(&s, &s)
	}
}
