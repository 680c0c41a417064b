package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/ed25519"
)

// Affine edwards25519 arithmetic over math/big, for building test inputs
// (small-order points, non-canonical encodings) independently of the code
// under test.
var (
	bp    = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	bL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	bd    = func() *big.Int {
		d := new(big.Int).ModInverse(big.NewInt(121666), bp)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, bp)
	}()
)

type bigPoint struct{ x, y *big.Int }

func bigAdd(p, q bigPoint) bigPoint {
	x1y2 := new(big.Int).Mul(p.x, q.y)
	y1x2 := new(big.Int).Mul(p.y, q.x)
	y1y2 := new(big.Int).Mul(p.y, q.y)
	x1x2 := new(big.Int).Mul(p.x, q.x)
	t := new(big.Int).Mul(x1x2, y1y2)
	t.Mul(t, bd).Mod(t, bp)
	den1 := new(big.Int).Add(big.NewInt(1), t)
	den2 := new(big.Int).Sub(big.NewInt(1), t)
	x := new(big.Int).Add(x1y2, y1x2)
	x.Mul(x, new(big.Int).ModInverse(den1.Mod(den1, bp), bp)).Mod(x, bp)
	y := new(big.Int).Add(y1y2, x1x2) // a = -1: y1y2 - a·x1x2
	y.Mul(y, new(big.Int).ModInverse(den2.Mod(den2, bp), bp)).Mod(y, bp)
	return bigPoint{x, y}
}

func bigMul(k *big.Int, p bigPoint) bigPoint {
	r := bigPoint{big.NewInt(0), big.NewInt(1)}
	for i := k.BitLen() - 1; i >= 0; i-- {
		r = bigAdd(r, r)
		if k.Bit(i) == 1 {
			r = bigAdd(r, p)
		}
	}
	return r
}

// bigDecode decodes y with x's sign bit, without the canonicity checks.
func bigDecode(b []byte) (bigPoint, bool) {
	yb := make([]byte, 32)
	copy(yb, b)
	sign := yb[31] >> 7
	yb[31] &= 0x7f
	y := leInt(yb)
	y.Mod(y, bp)
	y2 := new(big.Int).Mul(y, y)
	u := new(big.Int).Sub(y2, big.NewInt(1))
	v := new(big.Int).Mul(y2, bd)
	v.Add(v, big.NewInt(1))
	x2 := new(big.Int).Mul(u, new(big.Int).ModInverse(v.Mod(v, bp), bp))
	x2.Mod(x2, bp)
	x := new(big.Int).ModSqrt(x2, bp)
	if x == nil {
		return bigPoint{}, false
	}
	if x.Bit(0) != uint(sign) {
		x.Sub(bp, x).Mod(x, bp)
	}
	return bigPoint{x, y}, true
}

func bigEncode(p bigPoint) []byte {
	b := leBytes(p.y)
	b[31] |= byte(p.x.Bit(0)) << 7
	return b
}

func leInt(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

func leBytes(x *big.Int) []byte {
	b := x.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// smallOrderEncodings returns the encodings of the eight points of order
// dividing 8 (found as [L]·P for points P), followed by their
// non-canonical variants: y + p where y + p < 2^255, and the sign bit set
// where x = 0.
func smallOrderEncodings(t *testing.T) [][]byte {
	seen := map[string]bool{}
	var pts []bigPoint
	for i := 0; len(pts) < 8 && i < 200; i++ {
		enc := make([]byte, 32)
		enc[0] = byte(i + 2)
		enc[1] = byte(i * 7)
		p, ok := bigDecode(enc)
		if !ok {
			continue
		}
		q := bigMul(bL, p)
		e := string(bigEncode(q))
		if !seen[e] {
			seen[e] = true
			pts = append(pts, q)
		}
	}
	if len(pts) != 8 {
		t.Fatalf("found %d small-order points, want 8", len(pts))
	}
	var out [][]byte
	for _, p := range pts {
		out = append(out, bigEncode(p))
	}
	for _, p := range pts {
		if p.y.Cmp(big.NewInt(19)) < 0 {
			e := leBytes(new(big.Int).Add(p.y, bp))
			e[31] |= byte(p.x.Bit(0)) << 7
			out = append(out, e)
		}
		if p.x.Sign() == 0 {
			e := bigEncode(p)
			e[31] |= 0x80
			out = append(out, e)
			if p.y.Cmp(big.NewInt(19)) < 0 {
				e := leBytes(new(big.Int).Add(p.y, bp))
				e[31] |= 0x80
				out = append(out, e)
			}
		}
	}
	return out
}

type verifyCase struct {
	name          string
	pub, msg, sig []byte
}

// verifyCases builds valid signatures and their mutations: flipped bits in
// R, S, A and the message; S + L and S + 2^253 (non-canonical S); R and A
// replaced by each small-order point and its non-canonical encodings (with
// S = 0 and with the original S); A encoded non-canonically as y + p for
// every y < 19; and random 32-byte A.
func verifyCases(t *testing.T) []verifyCase {
	r := rand.New(rand.NewPCG(215, 8032))
	small := smallOrderEncodings(t)
	var cases []verifyCase
	add := func(name string, pub, msg, sig []byte) {
		cases = append(cases, verifyCase{name, append([]byte(nil), pub...), append([]byte(nil), msg...), append([]byte(nil), sig...)})
	}
	for i := 0; i < 4; i++ {
		seed := make([]byte, 32)
		for j := range seed {
			seed[j] = byte(r.Uint32())
		}
		priv := stded25519.NewKeyFromSeed(seed)
		pub := []byte(priv[32:])
		msg := []byte{byte(i), 'm', 's', 'g'}
		sig := stded25519.Sign(priv, msg)
		add("valid", pub, msg, sig)
		for k := 0; k < 12; k++ {
			b := r.IntN(512)
			s := append([]byte(nil), sig...)
			s[b/8] ^= 1 << (b % 8)
			add("flip sig", pub, msg, s)
			p := append([]byte(nil), pub...)
			b = r.IntN(256)
			p[b/8] ^= 1 << (b % 8)
			add("flip pub", p, msg, sig)
			m := append([]byte(nil), msg...)
			b = r.IntN(8 * len(m))
			m[b/8] ^= 1 << (b % 8)
			add("flip msg", pub, m, sig)
		}
		S := leInt(sig[32:])
		for _, off := range []*big.Int{bL, new(big.Int).Lsh(bL, 1), new(big.Int).Lsh(big.NewInt(1), 253), new(big.Int).Lsh(big.NewInt(1), 255)} {
			s2 := new(big.Int).Add(S, off)
			if s2.BitLen() <= 256 {
				add("S+offset", pub, msg, append(append([]byte(nil), sig[:32]...), leBytes(s2)...))
			}
		}
		for _, e := range small {
			add("small R", pub, msg, append(append([]byte(nil), e...), sig[32:]...))
			add("small A", e, msg, sig)
			add("small A, R, S=0", e, msg, append(append([]byte(nil), e...), make([]byte, 32)...))
			pairs := small // every pair for the first key, four R for the others
			if i > 0 {
				pairs = small[:4]
			}
			for _, e2 := range pairs {
				add("small A, small R, S=0", e, msg, append(append([]byte(nil), e2...), make([]byte, 32)...))
			}
			// A + T for a small-order T: the mixed-order key of the same
			// signer, accepted only where k·T = 0.
			pa, _ := bigDecode(pub)
			pt, _ := bigDecode(e)
			add("A+T", bigEncode(bigAdd(pa, pt)), msg, sig)
		}
		for y := int64(0); y < 19; y++ {
			e := leBytes(new(big.Int).Add(big.NewInt(y), bp))
			add("A = y+p", e, msg, sig)
			e[31] |= 0x80
			add("A = y+p, sign", e, msg, sig)
		}
		for k := 0; k < 8; k++ {
			e := make([]byte, 32)
			for j := range e {
				e[j] = byte(r.Uint32())
			}
			add("random A", e, msg, sig)
		}
	}
	return cases
}

// TestVerifyLikeStd checks that Verify decides exactly as
// crypto/ed25519.Verify on valid and mutated signatures, in every
// configuration, and that both sides accepted and rejected something
// (so the comparison is not vacuous). The Small configurations, whose
// curve code is the SuperFast one generated over another field, take
// every third case (all with CRYPTOLAB_LONG=1) to keep the test short.
func TestVerifyLikeStd(t *testing.T) {
	cases := verifyCases(t)
	long := os.Getenv("CRYPTOLAB_LONG") == "1"
	for _, cfg := range ed25519.Configs() {
		accepted, rejected := map[string]int{}, map[string]int{}
		for i, c := range cases {
			if !long && strings.HasPrefix(cfg.String(), "Small") && i%3 != 0 {
				continue
			}
			want := stded25519.Verify(c.pub, c.msg, c.sig)
			got := ed25519.Verify(cfg, c.pub, c.msg, c.sig)
			if got != want {
				t.Fatalf("%v: %s: Verify(%x, %x, %x) = %v, crypto/ed25519 says %v", cfg, c.name, c.pub, c.msg, c.sig, got, want)
			}
			pub, err := ed25519.NewPublicKey(cfg, c.pub)
			if err == nil {
				if pub.Verify(c.msg, c.sig) != want {
					t.Fatalf("%v: %s: PublicKey.Verify differs", cfg, c.name)
				}
			} else if want {
				t.Fatalf("%v: %s: NewPublicKey rejects %x (%v) but crypto/ed25519 verifies with it", cfg, c.name, c.pub, err)
			}
			if got {
				accepted[c.name]++
			} else {
				rejected[c.name]++
			}
		}
		if cfg == ed25519.Default() {
			t.Logf("%d cases; accepted %v; rejected %v", len(cases), accepted, rejected)
		}
		for _, name := range []string{"valid", "small A, R, S=0", "A+T"} {
			if accepted[name] == 0 {
				t.Errorf("%v: no %q case accepted", cfg, name)
			}
		}
		for _, name := range []string{"flip sig", "S+offset", "small R", "A = y+p"} {
			if rejected[name] == 0 {
				t.Errorf("%v: no %q case rejected", cfg, name)
			}
		}
	}
}
