//go:build (amd64 || arm64) && !purego

package mulx

import (
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/gentest"
	"github.com/cryptolab-go/cryptolab/internal/nist/unrolled"
)

// The assembly is checked against internal/nist/unrolled (the Fast
// arithmetic, itself tested against math/big) and against math/big
// directly, on random operands and on operands that stress the carry
// chains: 0, 1, m-1, m-2, values with all-ones or zero limbs, and random
// values just below m.

func need(t *testing.T) {
	if !Supported() {
		t.Skip("processor without BMI2, ADX and AVX2: the assembly cannot run here (the fallback is tested in package ecdsa)")
	}
}

// operands returns count values below m: the edge cases first, then
// random ones, half of them within 2^64 of m or with limbs saturated.
func operands(m *big.Int, n, count int, rng *rand.Rand) []*big.Int {
	var out []*big.Int
	one := big.NewInt(1)
	out = append(out, new(big.Int), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(m, one), new(big.Int).Sub(m, big.NewInt(2)),
		new(big.Int).Rsh(m, 1), new(big.Int).Lsh(one, uint(64*n-65)))
	for len(out) < count {
		var l [6]uint64
		for i := 0; i < n; i++ {
			switch rng.IntN(4) {
			case 0:
				l[i] = ^uint64(0)
			case 1:
				l[i] = 0
			default:
				l[i] = rng.Uint64()
			}
		}
		v := fromLimbs(l[:n])
		if rng.IntN(3) == 0 { // just below m
			v.Sub(m, new(big.Int).SetUint64(rng.Uint64()>>rng.IntN(64)))
			v.Sub(v, one)
		}
		v.Mod(v, m)
		out = append(out, v)
	}
	return out
}

func fromLimbs(l []uint64) *big.Int {
	v := new(big.Int)
	for i := len(l) - 1; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(l[i]))
	}
	return v
}

func toLimbs(l []uint64, v *big.Int) {
	t := new(big.Int).Set(v)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range l {
		l[i] = new(big.Int).And(t, mask).Uint64()
		t.Rsh(t, 64)
	}
}

type case4 struct {
	name         string
	hex          string
	mul, mulFast func(z, x, y *[4]uint64)
	sqr, sqrFast func(z, x *[4]uint64)
}

type case6 struct {
	name         string
	hex          string
	mul, mulFast func(z, x, y *[6]uint64)
	sqr, sqrFast func(z, x *[6]uint64)
}

func TestAgainstFast(t *testing.T) {
	need(t)
	rng := rand.New(rand.NewPCG(1, 2))
	count := 300
	if testing.Short() {
		count = 100
	}
	for _, c := range []case4{
		{"P256", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", P256Mul, unrolled.P256Mul, P256Sqr, unrolled.P256Sqr},
		{"N256", "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", N256Mul, unrolled.N256Mul, N256Sqr, unrolled.N256Sqr},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _ := new(big.Int).SetString(c.hex, 16)
			rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 256), m)
			ops := operands(m, 4, count, rng)
			for i, a := range ops {
				for _, b := range []*big.Int{ops[(i*7+3)%len(ops)], ops[i%7], a} {
					var x, y, z, zf, zs, zsf [4]uint64
					toLimbs(x[:], a)
					toLimbs(y[:], b)
					c.mul(&z, &x, &y)
					c.mulFast(&zf, &x, &y)
					want := new(big.Int).Mul(a, b)
					want.Mul(want, rInv).Mod(want, m)
					if z != zf || fromLimbs(z[:]).Cmp(want) != 0 {
						t.Fatalf("Mul(%x, %x) = %x, Fast %x, want %x", x, y, z, zf, want)
					}
					// Aliasing: z = x.
					zz := x
					c.mul(&zz, &zz, &y)
					if zz != z {
						t.Fatalf("Mul aliased = %x, want %x", zz, z)
					}
					c.sqr(&zs, &x)
					c.sqrFast(&zsf, &x)
					if zs != zsf {
						t.Fatalf("Sqr(%x) = %x, Fast %x", x, zs, zsf)
					}
				}
			}
		})
	}
	for _, c := range []case6{
		{"P384", "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff", P384Mul, unrolled.P384Mul, P384Sqr, unrolled.P384Sqr},
		{"N384", "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973", N384Mul, unrolled.N384Mul, N384Sqr, unrolled.N384Sqr},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _ := new(big.Int).SetString(c.hex, 16)
			rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 384), m)
			ops := operands(m, 6, count, rng)
			for i, a := range ops {
				for _, b := range []*big.Int{ops[(i*7+3)%len(ops)], ops[i%7], a} {
					var x, y, z, zf, zs, zsf [6]uint64
					toLimbs(x[:], a)
					toLimbs(y[:], b)
					c.mul(&z, &x, &y)
					c.mulFast(&zf, &x, &y)
					want := new(big.Int).Mul(a, b)
					want.Mul(want, rInv).Mod(want, m)
					if z != zf || fromLimbs(z[:]).Cmp(want) != 0 {
						t.Fatalf("Mul(%x, %x) = %x, Fast %x, want %x", x, y, z, zf, want)
					}
					zz := x
					c.mul(&zz, &zz, &y)
					if zz != z {
						t.Fatalf("Mul aliased = %x, want %x", zz, z)
					}
					c.sqr(&zs, &x)
					c.sqrFast(&zsf, &x)
					if zs != zsf {
						t.Fatalf("Sqr(%x) = %x, Fast %x", x, zs, zsf)
					}
				}
			}
		})
	}
}

// TestGenerated checks that mulx_amd64.s is what gen.go writes and
// mulx_arm64.s what gen_arm64.go writes.
func TestGenerated(t *testing.T) {
	gentest.Check(t, gentest.Generator{File: "gen.go", Args: []string{"-o", "$DIR/mulx_amd64.s"}}, "mulx_amd64.s")
	gentest.Check(t, gentest.Generator{File: "gen_arm64.go", Args: []string{"-o", "$DIR/mulx_arm64.s"}}, "mulx_arm64.s")
}

func BenchmarkP256Mul(b *testing.B) {
	need2(b)
	x := [4]uint64{1, 2, 3, 4}
	for b.Loop() {
		P256Mul(&x, &x, &x)
	}
}

func BenchmarkP256MulFast(b *testing.B) {
	x := [4]uint64{1, 2, 3, 4}
	for b.Loop() {
		unrolled.P256Mul(&x, &x, &x)
	}
}

func BenchmarkP384Mul(b *testing.B) {
	need2(b)
	x := [6]uint64{1, 2, 3, 4, 5, 6}
	for b.Loop() {
		P384Mul(&x, &x, &x)
	}
}

func BenchmarkP384MulFast(b *testing.B) {
	x := [6]uint64{1, 2, 3, 4, 5, 6}
	for b.Loop() {
		unrolled.P384Mul(&x, &x, &x)
	}
}

func need2(b *testing.B) {
	if !Supported() {
		b.Skip("no BMI2/ADX/AVX2")
	}
}

func BenchmarkP256Sqr(b *testing.B) {
	need2(b)
	x := [4]uint64{1, 2, 3, 4}
	for b.Loop() {
		P256Sqr(&x, &x)
	}
}

func BenchmarkP256SqrFast(b *testing.B) {
	x := [4]uint64{1, 2, 3, 4}
	for b.Loop() {
		unrolled.P256Sqr(&x, &x)
	}
}

func BenchmarkP256Add(b *testing.B) {
	x := [4]uint64{1, 2, 3, 4}
	for b.Loop() {
		unrolled.P256Add(&x, &x, &x)
	}
}

// TestSelect checks the scans (AVX2 on amd64) against the entry itself for every d
// from 0 to entries+1 on random tables of 1, 16 and 32 entries.
func TestSelect(t *testing.T) {
	if !Supported() {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, entries := range []int{1, 2, 3, 16, 31, 32} {
		tbl8 := make([]uint64, 8*entries)
		tbl12 := make([]uint64, 12*entries)
		for i := range tbl8 {
			tbl8[i] = rng.Uint64()
		}
		for i := range tbl12 {
			tbl12[i] = rng.Uint64()
		}
		for d := 0; d <= entries+1; d++ {
			var out8, want8 [8]uint64
			var out12, want12 [12]uint64
			if d >= 1 && d <= entries {
				copy(want8[:], tbl8[8*(d-1):])
				copy(want12[:], tbl12[12*(d-1):])
			}
			Select8(&out8, &tbl8[0], entries, uint64(d))
			Select12(&out12, &tbl12[0], entries, uint64(d))
			if out8 != want8 || out12 != want12 {
				t.Fatalf("entries %d, d %d: Select8 %x (want %x), Select12 %x (want %x)", entries, d, out8, want8, out12, want12)
			}
		}
	}
}

// TestNoDataBranches reads the assembly: internal/ctasm disassembles
// compiled package archives, which hold only the ABI wrappers of
// assembly functions, so the check of the machine code is made here on
// the source. mulx_amd64.s has only SqrN's loops over the public count
// and the exits of the variable-time additions (public points),
// select_amd64.s only its loops over the public entry count,
// update_amd64.s none, and
// mulx_arm64.s both kinds.
func TestNoDataBranches(t *testing.T) {
	allowed := map[string]map[string]bool{
		"mulx_amd64.s": {"JNZ loopP256": true, "JNZ loopN256": true, // SqrN's public count
			"JNZ generalAffine": true, "JNZ generalAdd": true}, // the VarTime additions' H = 0 (public points)
		"update_amd64.s": {}, // none
		"select_amd64.s": {"JZ single8": true, "JNZ pair8": true, "JZ done8": true, "JZ noprefetch8": true, "JNZ prefetch8": true,
			"JZ done12": true, "JNZ loop12": true},
		"mulx_arm64.s": {"BNE loopP256": true, "BNE loopN256": true,
			"CBZ R1, done8": true, "BNE loop8": true, "CBZ R1, done12": true, "BNE loop12": true},
	}
	// Branch mnemonics: amd64 J*, LOOP, CALL; arm64 B, B.cond, BL, CB(N)Z,
	// TB(N)Z, RET is not a data branch.
	isBranch := func(op string) bool {
		switch {
		case strings.HasPrefix(op, "J"), strings.HasPrefix(op, "LOOP"), strings.HasPrefix(op, "CALL"):
			return true
		case op == "B", op == "BL", op == "CBZ", op == "CBNZ", op == "TBZ", op == "TBNZ":
			return true
		}
		for _, c := range []string{"EQ", "NE", "CS", "HS", "CC", "LO", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE"} {
			if op == "B"+c {
				return true
			}
		}
		return false
	}
	for file, ok := range allowed {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for i, line := range strings.Split(string(src), "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || !isBranch(f[0]) {
				continue
			}
			if !ok[strings.Join(f, " ")] {
				t.Errorf("%s:%d: %q", file, i+1, strings.TrimSpace(line))
			}
			seen++
		}
		if seen != len(ok) {
			t.Errorf("%s: %d jumps, %d listed", file, seen, len(ok))
		}
	}
}

// TestSqrN checks k squarings in one call against k calls of Sqr.
func TestSqrN(t *testing.T) {
	need(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		sqr, m string
		one    func(z, x *[4]uint64)
		n      func(z, x *[4]uint64, k int)
	}{{"P256", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", P256Sqr, P256SqrN},
		{"N256", "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", N256Sqr, N256SqrN}} {
		m, _ := new(big.Int).SetString(c.m, 16)
		for _, v := range operands(m, 4, 40, rng) {
			var x [4]uint64
			toLimbs(x[:], v)
			for _, k := range []int{1, 2, 3, 7, 32} {
				want := x
				for range k {
					c.one(&want, &want)
				}
				var got [4]uint64
				c.n(&got, &x, k)
				if got != want {
					t.Fatalf("%sSqrN(%x, %d) = %x, want %x", c.sqr, x, k, got, want)
				}
			}
		}
	}
}
