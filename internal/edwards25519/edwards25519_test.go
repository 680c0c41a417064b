package edwards25519

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/sha512"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var (
	bigP    = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	bigL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
)

func leBig(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

func bigLE(x *big.Int, n int) []byte {
	b := x.FillBytes(make([]byte, n))
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// field is the interface the tests use to drive both field types.
type fieldOps struct {
	name string
	op   func(op string, a, b *[32]byte) [32]byte
}

func fe51Op(op string, a, b *[32]byte) [32]byte {
	var x, y, z fe51
	x.setBytes(a)
	y.setBytes(b)
	switch op {
	case "add":
		z.add(&x, &y)
	case "sub":
		z.sub(&x, &y)
	case "mul":
		z.mul(&x, &y)
	case "square":
		z.square(&x)
	case "neg":
		z.neg(&x)
	case "inv":
		invert51(&z, &x)
	case "121665":
		z.mul121665(&x)
	case "chain": // a long mixed chain, to exercise the limb bounds
		z = x
		for range 20 {
			z.add(&z, &y)
			z.mul(&z, &z)
			z.sub(&z, &x)
			z.square(&z)
		}
	}
	return z.bytes()
}

func fe25Op(op string, a, b *[32]byte) [32]byte {
	var x, y, z fe25
	x.setBytes(a)
	y.setBytes(b)
	switch op {
	case "add":
		z.add(&x, &y)
	case "sub":
		z.sub(&x, &y)
	case "mul":
		z.mul(&x, &y)
	case "square":
		z.square(&x)
	case "neg":
		z.neg(&x)
	case "inv":
		invert25(&z, &x)
	case "121665":
		z.mul121665(&x)
	case "chain":
		z = x
		for range 20 {
			z.add(&z, &y)
			z.mul(&z, &z)
			z.sub(&z, &x)
			z.square(&z)
		}
	}
	return z.bytes()
}

func bigOp(op string, a, b *[32]byte) [32]byte {
	x := leBig(a[:])
	x.SetBit(x, 255, 0)
	y := leBig(b[:])
	y.SetBit(y, 255, 0)
	z := new(big.Int)
	switch op {
	case "add":
		z.Add(x, y)
	case "sub":
		z.Sub(x, y)
	case "mul":
		z.Mul(x, y)
	case "square":
		z.Mul(x, x)
	case "neg":
		z.Neg(x)
	case "inv":
		z.Exp(x, new(big.Int).Sub(bigP, big.NewInt(2)), bigP)
	case "121665":
		z.Mul(x, big.NewInt(121665))
	case "chain":
		z.Set(x)
		for range 20 {
			z.Add(z, y)
			z.Mul(z, z)
			z.Sub(z, x)
			z.Mul(z, z)
			z.Mod(z, bigP)
		}
	}
	z.Mod(z, bigP)
	var r [32]byte
	copy(r[:], bigLE(z, 32))
	return r
}

func fieldInputs() [][32]byte {
	r := rand.New(rand.NewPCG(11, 25519))
	var in [][32]byte
	edge := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(19),
		new(big.Int).Sub(bigP, big.NewInt(1)), bigP, new(big.Int).Add(bigP, big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1)),
		new(big.Int).Lsh(big.NewInt(1), 254), new(big.Int).Lsh(big.NewInt(1), 51), new(big.Int).Lsh(big.NewInt(1), 26)}
	for _, e := range edge {
		var b [32]byte
		copy(b[:], bigLE(e, 32))
		in = append(in, b)
	}
	for range 300 {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if r.IntN(4) == 0 { // many all-ones limbs
			for i := range b {
				b[i] |= byte(r.Uint32()) | 0xf0
			}
		}
		in = append(in, b)
	}
	return in
}

func TestFieldDifferential(t *testing.T) {
	in := fieldInputs()
	for _, f := range []fieldOps{{"fe51", fe51Op}, {"fe25", fe25Op}} {
		for _, op := range []string{"add", "sub", "mul", "square", "neg", "inv", "121665", "chain"} {
			for i := range in {
				a, b := &in[i], &in[(i*7+3)%len(in)]
				if got, want := f.op(op, a, b), bigOp(op, a, b); got != want {
					t.Fatalf("%s %s(%x, %x) = %x, want %x", f.name, op, a, b, got, want)
				}
			}
		}
	}
}

func TestFieldConstants(t *testing.T) {
	d := new(big.Int).Mul(big.NewInt(-121665), new(big.Int).ModInverse(big.NewInt(121666), bigP))
	d.Mod(d, bigP)
	d2 := new(big.Int).Mod(new(big.Int).Lsh(d, 1), bigP)
	sm1 := new(big.Int).Exp(big.NewInt(2), new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(1)), 2), bigP)
	for _, c := range []struct {
		name string
		got  [32]byte
		want *big.Int
	}{
		{"d51", d51.bytes(), d}, {"d2_51", d2_51.bytes(), d2}, {"sqrtM151", sqrtM151.bytes(), sm1},
		{"d25", d25.bytes(), d}, {"d2_25", d2_25.bytes(), d2}, {"sqrtM125", sqrtM125.bytes(), sm1},
	} {
		if !bytes.Equal(c.got[:], bigLE(c.want, 32)) {
			t.Errorf("%s = %x, want %x", c.name, c.got, bigLE(c.want, 32))
		}
	}
	// sqrt(-1)² = -1
	if new(big.Int).Exp(sm1, big.NewInt(2), bigP).Cmp(new(big.Int).Sub(bigP, big.NewInt(1))) != 0 {
		t.Error("sqrt(-1) is not a square root of -1")
	}
	// Scalar constants.
	R := new(big.Int).Lsh(big.NewInt(1), 256)
	words := func(w [4]uint64) *big.Int {
		x := new(big.Int)
		for i := 3; i >= 0; i-- {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(w[i]))
		}
		return x
	}
	if words(scL).Cmp(bigL) != 0 {
		t.Error("scL")
	}
	if words(scR2).Cmp(new(big.Int).Exp(R, big.NewInt(2), bigL)) != 0 || words(scR3).Cmp(new(big.Int).Exp(R, big.NewInt(3), bigL)) != 0 {
		t.Error("scR2/scR3")
	}
	if scL[0]*scLPrim != 1<<64-1 {
		t.Error("scLPrim is not -1/L mod 2^64")
	}
	if y := leBig(baseBytes[:]); y.Cmp(new(big.Int).Mod(new(big.Int).Mul(big.NewInt(4), new(big.Int).ModInverse(big.NewInt(5), bigP)), bigP)) != 0 {
		t.Error("base point y is not 4/5")
	}
}

func TestScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		var h [64]byte
		for j := range h {
			h[j] = byte(r.Uint32())
		}
		if i == 0 {
			for j := range h {
				h[j] = 0xff
			}
		}
		var s Scalar
		s.SetUniformBytes(&h)
		got := s.Bytes()
		want := new(big.Int).Mod(leBig(h[:]), bigL)
		if !bytes.Equal(got[:], bigLE(want, 32)) {
			t.Fatalf("SetUniformBytes(%x) = %x, want %x", h, got, bigLE(want, 32))
		}
		var a [32]byte
		copy(a[:], h[:32])
		a[31] &= 0x7f
		var c, k Scalar
		var h2 [64]byte
		copy(h2[:], h[32:])
		c.SetUniformBytes(&h2)
		k.SetUniformBytes(&[64]byte{byte(i), 7})
		var res Scalar
		res.MulAdd(&a, &k, &c)
		got = res.Bytes()
		w := new(big.Int).Mul(leBig(a[:]), leBig(k.l2b()))
		w.Add(w, leBig(c.l2b())).Mod(w, bigL)
		if !bytes.Equal(got[:], bigLE(w, 32)) {
			t.Fatalf("MulAdd mismatch")
		}
	}
	var lb [32]byte
	copy(lb[:], bigLE(bigL, 32))
	var s Scalar
	if s.SetCanonicalBytes(&lb) {
		t.Error("L accepted as canonical")
	}
	lb[0]--
	if !s.SetCanonicalBytes(&lb) {
		t.Error("L-1 rejected")
	}
}

func (s *Scalar) l2b() []byte { b := s.Bytes(); return b[:] }

func TestRecodings(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		var s [32]byte
		for j := range s {
			s[j] = byte(r.Uint32())
		}
		s[31] &= 0x1f // below 2^253, as reduced scalars (the NAF's domain)
		want := leBig(s[:])
		e := signedRadix16(&s)
		x := new(big.Int)
		for i := 63; i >= 0; i-- {
			x.Lsh(x, 4).Add(x, big.NewInt(int64(e[i])))
			if e[i] < -8 || e[i] > 8 {
				t.Fatal("digit out of range")
			}
		}
		if x.Cmp(want) != 0 {
			t.Fatal("signedRadix16")
		}
		for _, w := range []uint{4, 5, 8} {
			n := nafVarTime(&s, w)
			x.SetInt64(0)
			for i := 255; i >= 0; i-- {
				x.Lsh(x, 1).Add(x, big.NewInt(int64(n[i])))
				if d := int(n[i]); d != 0 && (d%2 == 0 || d >= 1<<(w-1) || d <= -(1<<(w-1))) {
					t.Fatalf("w=%d: digit %d out of range", w, d)
				}
			}
			if x.Cmp(want) != 0 {
				t.Fatalf("naf w=%d", w)
			}
		}
	}
}

type impl struct {
	name   string
	base   func(*[32]byte) [32]byte
	verify func(a, k, s *[32]byte) ([32]byte, bool)
	ladder func(k, u *[32]byte) [32]byte
}

var impls = []impl{
	{"51/Low", BaseMultLow51, VerifyLowVarTime51, Ladder51},
	{"51/High", BaseMultHigh51, VerifyHighVarTime51, Ladder51},
	{"25/Low", BaseMultLow25, VerifyLowVarTime25, Ladder25},
	{"25/High", BaseMultHigh25, VerifyHighVarTime25, Ladder25},
}

// TestAgainstStd checks s·B against crypto/ed25519's public keys, the
// verification equation against its signatures, and the ladder against
// crypto/ecdh.
func TestAgainstStd(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 40 {
		seed := make([]byte, 32)
		for j := range seed {
			seed[j] = byte(r.Uint32())
		}
		priv := ed25519.NewKeyFromSeed(seed)
		h := sha512.Sum512(seed)
		var s [32]byte
		copy(s[:], h[:32])
		s[0] &= 248
		s[31] &= 127
		s[31] |= 64
		msg := []byte{byte(i), 1, 2}
		sig := ed25519.Sign(priv, msg)
		var a, R, S [32]byte
		copy(a[:], priv[32:])
		copy(R[:], sig[:32])
		copy(S[:], sig[32:])
		kh := sha512.Sum512(append(append(append([]byte{}, R[:]...), a[:]...), msg...))
		var k Scalar
		k.SetUniformBytes(&kh)
		kb := k.Bytes()

		ek, _ := ecdh.X25519().NewPrivateKey(seed)
		peer, _ := ecdh.X25519().NewPrivateKey(h[32:])
		shared, _ := ek.ECDH(peer.PublicKey())
		var u [32]byte
		copy(u[:], peer.PublicKey().Bytes())
		var ks [32]byte
		copy(ks[:], seed)
		for _, im := range impls {
			if got := im.base(&s); !bytes.Equal(got[:], a[:]) {
				t.Fatalf("%s: s·B = %x, want %x", im.name, got, a)
			}
			got, ok := im.verify(&a, &kb, &S)
			if !ok || got != R {
				t.Fatalf("%s: verification R = %x %v, want %x", im.name, got, ok, R)
			}
			if got := im.ladder(&ks, &u); !bytes.Equal(got[:], shared) {
				t.Fatalf("%s: X25519 = %x, want %x", im.name, got, shared)
			}
		}
	}
}

// TestGenerated checks that curve25.go is what gen_small.go makes of
// curve51.go.
func TestGenerated(t *testing.T) {
	out := filepath.Join(t.TempDir(), "curve25.txt")
	cmd := exec.Command(filepath.Join(runtimeGOROOT(), "bin", "go"), "run", "gen_small.go", out)
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_small.go: %v\n%s", err, b)
	}
	want, _ := os.ReadFile(out)
	got, _ := os.ReadFile("curve25.go")
	if !bytes.Equal(got, want) {
		t.Fatal("curve25.go is stale: run go generate ./internal/edwards25519")
	}
}

// TestPrecomputedVerify checks the split-scalar verification of a
// precomputed key against the plain one, for random points, points of
// small order and mixed order (A plus a point of order 8), and scalars
// up to L-1.
func TestPrecomputedVerify(t *testing.T) {
	r := rand.New(rand.NewPCG(128, 253))
	var points [][32]byte
	for len(points) < 24 {
		var a [32]byte
		for i := range a {
			a[i] = byte(r.Uint32())
		}
		var p point51
		if p.setBytes(&a) {
			points = append(points, a)
		}
	}
	// The identity, (0, -1), and mixed-order sums A + T8 for a point T8 of
	// order 8 (found as [L]P).
	points = append(points, [32]byte{1}, [32]byte{0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f})
	var lb [32]byte
	copy(lb[:], bigLE(bigL, 32))
	for _, a := range points[:4] {
		var p, tp point51
		p.setBytes(&a)
		var tA [8]cached51
		q := p // oddMultiples51 moves its point
		oddMultiples51(tA[:], &q)
		var zero [32]byte
		doubleScalarMultVarTime51(&tp, &lb, tA[:], &zero, getOddLowTable51()[:]) // [L]P: small order
		var c completed51
		var tc cached51
		tc.fromPoint(&tp)
		c.add(&p, &tc)
		p.fromCompleted(&c)
		points = append(points, p.bytes(), tp.bytes())
	}
	lm1 := new(big.Int).Sub(bigL, big.NewInt(1))
	for i, a := range points {
		var pre51, pre25 Precomputed
		if !PrecomputeVarTime51(&pre51, &a) || !PrecomputeVarTime25(&pre25, &a) {
			t.Fatalf("point %d does not decode", i)
		}
		for j := range 6 {
			var k, s [32]byte
			var h [64]byte
			for x := range h {
				h[x] = byte(r.Uint32())
			}
			var sc Scalar
			sc.SetUniformBytes(&h)
			k = sc.Bytes()
			h[0]++
			sc.SetUniformBytes(&h)
			s = sc.Bytes()
			if j == 0 {
				copy(k[:], bigLE(lm1, 32))
				copy(s[:], bigLE(lm1, 32))
			}
			want, ok := VerifyHighVarTime51(&a, &k, &s)
			if !ok {
				t.Fatal("decode")
			}
			if got := VerifyPrecomputedHighVarTime51(&pre51, &k, &s); got != want {
				t.Fatalf("point %d: split verification 51 = %x, want %x", i, got, want)
			}
			if got := VerifyPrecomputedHighVarTime25(&pre25, &k, &s); got != want {
				t.Fatalf("point %d: split verification 25 = %x, want %x", i, got, want)
			}
		}
	}
}

// TestBaseLadder checks the Edwards-table public key against the ladder
// with u = 9, for random and edge scalars, in both fields.
func TestBaseLadder(t *testing.T) {
	r := rand.New(rand.NewPCG(7748, 9))
	nine := [32]byte{9}
	for i := range 64 {
		var k [32]byte
		for j := range k {
			k[j] = byte(r.Uint32())
		}
		switch i {
		case 0:
			k = [32]byte{}
		case 1:
			for j := range k {
				k[j] = 0xff
			}
		}
		want := Ladder51(&k, &nine)
		if got := BaseLadderHigh51(&k); got != want {
			t.Fatalf("BaseLadderHigh51(%x) = %x, want %x", k, got, want)
		}
		if got := BaseLadderHigh25(&k); got != want {
			t.Fatalf("BaseLadderHigh25(%x) = %x, want %x", k, got, want)
		}
	}
}
