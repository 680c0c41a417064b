package aes_test

import (
	"bytes"
	stdaes "crypto/aes"
	"crypto/cipher"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cryptolab-go/cryptolab/aes"
	"github.com/cryptolab-go/cryptolab/internal/acvp"
)

// configs is the one loop every test runs over: Small, Fast and, where the
// processor has AES instructions, Native (elsewhere Native is Fast). Default
// is Native (TestConfig), so it is not run twice. The Native code paths
// that this processor skips (VAES, AES-NI under it) run in
// TestNativePaths.
var configs = func() []aes.Config {
	c := []aes.Config{aes.Small(), aes.Fast()}
	if aes.Native() != aes.Fast() {
		c = append(c, aes.Native())
	}
	return c
}()

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// TestConfig pins the names, that Default is Native and that Native says
// which implementation runs.
func TestConfig(t *testing.T) {
	native := "Fast"
	if aes.Native() != aes.Fast() {
		native = "Native"
	}
	t.Logf("Native() is %v here", aes.Native())
	for _, c := range []struct {
		cfg  aes.Config
		want string
	}{{aes.Small(), "Small"}, {aes.Fast(), "Fast"}, {aes.Native(), native}, {aes.Default(), native}} {
		if got := c.cfg.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
	if aes.Default() != aes.Native() || aes.Small() == aes.Fast() || aes.Native() == aes.Small() {
		t.Error("Default is not Native, or Small is Fast or Native")
	}
	if fmt.Sprint(aes.Small()) != "Small" {
		t.Error("fmt does not use String")
	}
	b, err := aes.NewCipher(make([]byte, 16))
	if err != nil {
		t.Fatal(err)
	}
	f, _ := aes.NewCipherWithConfig(aes.Native(), make([]byte, 16))
	if fmt.Sprintf("%T", b) != fmt.Sprintf("%T", f) {
		t.Errorf("NewCipher returned %T, want %T (Native)", b, f)
	}
}

// TestNilConfig checks that a nil Config is an error everywhere, never a
// panic, with the message that names the values to use.
func TestNilConfig(t *testing.T) {
	k16, iv, buf := make([]byte, 16), make([]byte, 16), make([]byte, 32)
	const msg = "aes: nil Config; use aes.Default(), aes.Small() or aes.Fast()"
	check := func(what string, err error) {
		t.Helper()
		if err == nil || err.Error() != msg {
			t.Errorf("%s: error %v, want %q", what, err, msg)
		}
	}
	var cfg aes.Config
	check("EncryptCBC", aes.EncryptCBC(cfg, buf, k16, iv, buf))
	check("DecryptCBC", aes.DecryptCBC(cfg, buf, k16, iv, buf))
	out, err := aes.SealCBC(cfg, buf[:0], k16, iv, buf[:5])
	check("SealCBC", err)
	if len(out) != 0 {
		t.Error("SealCBC output on error")
	}
	_, err = aes.OpenCBC(cfg, nil, k16, iv, buf)
	check("OpenCBC", err)
	b, err := aes.NewCipherWithConfig(cfg, k16)
	check("NewCipherWithConfig", err)
	if b != nil {
		t.Error("NewCipherWithConfig returned a block")
	}
	var s aes.CBC
	s.InitEncrypt(cfg, aes.PKCS7)
	check("CBC.SetKey", s.SetKey(k16))
	check("CBC.SetIV", s.SetIV(iv))
	_, err = s.Append(nil, buf)
	check("CBC.Append", err)
	_, err = s.Finish(nil)
	check("CBC.Finish", err)
}

// TestFIPS197 runs the example vectors of FIPS 197, Appendix C.1-C.3, on the
// block cipher, both directions, also in place.
func TestFIPS197(t *testing.T) {
	vectors := []struct{ key, pt, ct string }{
		{"000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"},
		{"000102030405060708090a0b0c0d0e0f1011121314151617", "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
		{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
	}
	for _, cfg := range configs {
		for _, v := range vectors {
			b, err := aes.NewCipherWithConfig(cfg, unhex(v.key))
			if err != nil {
				t.Fatal(err)
			}
			if b.BlockSize() != aes.BlockSize {
				t.Fatal("BlockSize")
			}
			got := make([]byte, 16)
			b.Encrypt(got, unhex(v.pt))
			if !bytes.Equal(got, unhex(v.ct)) {
				t.Errorf("%v key %s: Encrypt = %x, want %s", cfg, v.key, got, v.ct)
			}
			b.Decrypt(got, got)
			if !bytes.Equal(got, unhex(v.pt)) {
				t.Errorf("%v key %s: Decrypt = %x, want %s", cfg, v.key, got, v.pt)
			}
		}
	}
}

// TestSP80038A runs the CBC examples of SP 800-38A, Appendix F.2.1-F.2.6.
func TestSP80038A(t *testing.T) {
	const iv = "000102030405060708090a0b0c0d0e0f"
	const pt = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"
	vectors := []struct{ name, key, ct string }{
		{"F.2.1/F.2.2 CBC-AES128", "2b7e151628aed2a6abf7158809cf4f3c",
			"7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7"},
		{"F.2.3/F.2.4 CBC-AES192", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
			"4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd"},
		{"F.2.5/F.2.6 CBC-AES256", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
			"f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"},
	}
	for _, cfg := range configs {
		for _, v := range vectors {
			got := make([]byte, 64)
			if err := aes.EncryptCBC(cfg, got, unhex(v.key), unhex(iv), unhex(pt)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, unhex(v.ct)) {
				t.Errorf("%v %s encrypt = %x", cfg, v.name, got)
			}
			if err := aes.DecryptCBC(cfg, got, unhex(v.key), unhex(iv), got); err != nil { // in place
				t.Fatal(err)
			}
			if !bytes.Equal(got, unhex(pt)) {
				t.Errorf("%v %s decrypt = %x", cfg, v.name, got)
			}
		}
	}
}

// TestACVP runs NIST's ACVP-AES-CBC vectors: the AFT cases through the
// sole-buffer calls and the Monte Carlo tests (ACVP AES specification,
// Section 6.4.2, the CBC algorithm) through the data flow, one block per
// Append, checking all 100 outer iterations against resultsArray.
func TestACVP(t *testing.T) {
	sets := acvp.Load(t, "ACVP-AES-CBC")
	for _, cfg := range configs {
		aft, mct := 0, 0
		for _, vs := range sets {
			for _, g := range vs.Groups {
				dir := g.Fields.String("direction")
				switch g.Fields.String("testType") {
				case "AFT":
					for _, tc := range g.Tests {
						key, iv := tc.Hex("key"), tc.Hex("iv")
						in, want := tc.Hex("pt"), tc.Hex("ct")
						f := aes.EncryptCBC
						if dir == "decrypt" {
							in, want = want, in
							f = aes.DecryptCBC
						}
						got := make([]byte, len(in))
						if err := f(cfg, got, key, iv, in); err != nil {
							t.Fatalf("%v tcId %d: %v", cfg, tc.TcID, err)
						}
						if !bytes.Equal(got, want) {
							t.Errorf("%v tcId %d (%s): got %x want %x", cfg, tc.TcID, dir, got, want)
						}
						aft++
					}
				case "MCT":
					for _, tc := range g.Tests {
						runMCT(t, cfg, dir, tc)
						mct++
					}
				default:
					t.Fatalf("unknown test type %q", g.Fields.String("testType"))
				}
			}
		}
		if aft == 0 || mct != 6 {
			t.Fatalf("%v: ran %d AFT and %d MCT cases", cfg, aft, mct)
		}
	}
}

func runMCT(t *testing.T, cfg aes.Config, dir string, tc *acvp.Test) {
	t.Helper()
	var results []struct{ Key, IV, PT, CT string }
	if err := tc.Expected.Decode("resultsArray", &results); err != nil || len(results) != 100 {
		t.Fatalf("tcId %d: resultsArray: %v (%d)", tc.TcID, err, len(results))
	}
	key, iv := tc.Hex("key"), tc.Hex("iv")
	var in []byte // PT[0] when encrypting, CT[0] when decrypting
	d := dirEncrypt
	if dir == "decrypt" {
		in, d = tc.Hex("ct"), dirDecrypt
	} else {
		in = tc.Hex("pt")
	}
	var s aes.CBC
	out := make([][]byte, 1000)
	for i := range 100 {
		r := results[i]
		rin, rout := r.PT, r.CT
		if d == dirDecrypt {
			rin, rout = r.CT, r.PT
		}
		if hex.EncodeToString(key) != r.Key || hex.EncodeToString(iv) != r.IV || hex.EncodeToString(in) != rin {
			t.Fatalf("%v tcId %d i=%d: inputs diverge from resultsArray", cfg, tc.TcID, i)
		}
		initCBC(&s, cfg, d, aes.NoPadding)
		if err := s.SetKey(key); err != nil {
			t.Fatal(err)
		}
		if err := s.SetIV(iv); err != nil {
			t.Fatal(err)
		}
		x := in
		for j := range 1000 {
			// The data flow chains: block j uses output/input j-1 as its
			// chaining value, as the MCT prescribes.
			o, err := s.Append(nil, x)
			if err != nil {
				t.Fatal(err)
			}
			out[j] = o
			if j == 0 {
				x = iv
			} else {
				x = out[j-1]
			}
		}
		if _, err := s.Finish(nil); err != nil {
			t.Fatal(err)
		}
		last := out[999]
		if hex.EncodeToString(last) != rout {
			t.Fatalf("%v tcId %d i=%d: got %x want %s", cfg, tc.TcID, i, last, rout)
		}
		next := make([]byte, len(key))
		switch len(key) {
		case 16:
			copy(next, last)
		case 24:
			copy(next, out[998][8:])
			copy(next[8:], last)
		case 32:
			copy(next, out[998])
			copy(next[16:], last)
		}
		for k := range key {
			next[k] ^= key[k]
		}
		key, iv, in = next, last, out[998]
	}
}

// stdCBC is the reference: crypto/aes and crypto/cipher.
func stdCBC(t testing.TB, encrypt bool, key, iv, src []byte) []byte {
	b, err := stdaes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, len(src))
	if encrypt {
		cipher.NewCBCEncrypter(b, iv).CryptBlocks(out, src)
	} else {
		cipher.NewCBCDecrypter(b, iv).CryptBlocks(out, src)
	}
	return out
}

// pad7 builds PKCS#7 padding independently of the package.
func pad7(p []byte) []byte {
	n := 16 - len(p)%16
	return append(append([]byte{}, p...), bytes.Repeat([]byte{byte(n)}, n)...)
}

// streamAll runs a data flow over src cut in random chunks.
// direction names the data flow's two Init methods, for tests that run
// both.
type direction int

const (
	dirEncrypt direction = iota
	dirDecrypt
)

// initCBC calls s.InitEncrypt or s.InitDecrypt.
func initCBC(s *aes.CBC, cfg aes.Config, d direction, p aes.Padding) {
	if d == dirDecrypt {
		s.InitDecrypt(cfg, p)
	} else {
		s.InitEncrypt(cfg, p)
	}
}

func streamAll(t testing.TB, rng *rand.Rand, cfg aes.Config, d direction, p aes.Padding, key, iv, src []byte) ([]byte, error) {
	var s aes.CBC
	initCBC(&s, cfg, d, p)
	if err := s.SetKey(key); err != nil {
		t.Fatal(err)
	}
	if err := s.SetIV(iv); err != nil {
		t.Fatal(err)
	}
	var out []byte
	for len(src) > 0 {
		n := rng.IntN(len(src) + 1)
		if rng.IntN(4) == 0 {
			n = rng.IntN(min(len(src), 20) + 1)
		}
		var err error
		if out, err = s.Append(out, src[:n]); err != nil {
			t.Fatal(err)
		}
		src = src[n:]
	}
	return s.Finish(out)
}

// TestDifferential compares every path with crypto/aes + crypto/cipher on
// random keys, IVs, lengths and chunkings.
func TestDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	iters := 300
	if testing.Short() {
		iters = 50
	}
	for _, cfg := range configs {
		for it := range iters {
			key := make([]byte, []int{16, 24, 32}[it%3])
			iv := make([]byte, 16)
			for i := range key {
				key[i] = byte(rng.Uint32())
			}
			for i := range iv {
				iv[i] = byte(rng.Uint32())
			}
			n := rng.IntN(300)
			msg := make([]byte, n)
			for i := range msg {
				msg[i] = byte(rng.Uint32())
			}
			raw := msg[:n&^15]
			name := fmt.Sprintf("%v/key=%d/len=%d", cfg, len(key)*8, n)

			// Raw CBC, sole buffer, both directions.
			wantCT := stdCBC(t, true, key, iv, raw)
			got := make([]byte, len(raw))
			if err := aes.EncryptCBC(cfg, got, key, iv, raw); err != nil || !bytes.Equal(got, wantCT) {
				t.Fatalf("%s EncryptCBC: %v", name, err)
			}
			wantPT := stdCBC(t, false, key, iv, raw) // decrypting random data
			if err := aes.DecryptCBC(cfg, got, key, iv, raw); err != nil || !bytes.Equal(got, wantPT) {
				t.Fatalf("%s DecryptCBC: %v", name, err)
			}
			// Raw CBC, data flow.
			if got, err := streamAll(t, rng, cfg, dirEncrypt, aes.NoPadding, key, iv, raw); err != nil || !bytes.Equal(got, wantCT) {
				t.Fatalf("%s flow encrypt: %v", name, err)
			}
			if got, err := streamAll(t, rng, cfg, dirDecrypt, aes.NoPadding, key, iv, raw); err != nil || !bytes.Equal(got, wantPT) {
				t.Fatalf("%s flow decrypt: %v", name, err)
			}
			// PKCS#7, against padding built here.
			wantSealed := stdCBC(t, true, key, iv, pad7(msg))
			prefix := []byte("prefix")
			sealed, err := aes.SealCBC(cfg, prefix, key, iv, msg)
			if err != nil || !bytes.Equal(sealed[:6], prefix) || !bytes.Equal(sealed[6:], wantSealed) {
				t.Fatalf("%s SealCBC: %v", name, err)
			}
			opened, err := aes.OpenCBC(cfg, prefix, key, iv, wantSealed)
			if err != nil || !bytes.Equal(opened[:6], prefix) || !bytes.Equal(opened[6:], msg) {
				t.Fatalf("%s OpenCBC: %v", name, err)
			}
			if got, err := streamAll(t, rng, cfg, dirEncrypt, aes.PKCS7, key, iv, msg); err != nil || !bytes.Equal(got, wantSealed) {
				t.Fatalf("%s flow seal: %v", name, err)
			}
			if got, err := streamAll(t, rng, cfg, dirDecrypt, aes.PKCS7, key, iv, wantSealed); err != nil || !bytes.Equal(got, msg) {
				t.Fatalf("%s flow open: %v", name, err)
			}
			// In place.
			buf := append([]byte{}, msg...)
			if sealed, err := aes.SealCBC(cfg, buf[:0], key, iv, buf); err != nil || !bytes.Equal(sealed, wantSealed) {
				t.Fatalf("%s SealCBC in place: %v", name, err)
			}
			buf = append([]byte{}, wantSealed...)
			if opened, err := aes.OpenCBC(cfg, buf[:0], key, iv, buf); err != nil || !bytes.Equal(opened, msg) {
				t.Fatalf("%s OpenCBC in place: %v", name, err)
			}
			// cipher.Block, alone and under crypto/cipher's CBC (which finds
			// the block's own CBC methods).
			blk, err := aes.NewCipherWithConfig(cfg, key)
			if err != nil {
				t.Fatal(err)
			}
			std, _ := stdaes.NewCipher(key)
			for i := 0; i+16 <= len(raw); i += 16 {
				a, b := make([]byte, 16), make([]byte, 16)
				blk.Encrypt(a, raw[i:])
				std.Encrypt(b, raw[i:])
				if !bytes.Equal(a, b) {
					t.Fatalf("%s Block.Encrypt", name)
				}
				blk.Decrypt(a, raw[i:])
				std.Decrypt(b, raw[i:])
				if !bytes.Equal(a, b) {
					t.Fatalf("%s Block.Decrypt", name)
				}
			}
			got = make([]byte, len(raw))
			cipher.NewCBCEncrypter(blk, iv).CryptBlocks(got, raw)
			if !bytes.Equal(got, wantCT) {
				t.Fatalf("%s cipher.NewCBCEncrypter", name)
			}
			cipher.NewCBCDecrypter(blk, iv).CryptBlocks(got, raw)
			if !bytes.Equal(got, wantPT) {
				t.Fatalf("%s cipher.NewCBCDecrypter", name)
			}
			ctr := make([]byte, len(msg))
			cipher.NewCTR(blk, iv).XORKeyStream(ctr, msg)
			ctr2 := make([]byte, len(msg))
			cipher.NewCTR(std, iv).XORKeyStream(ctr2, msg)
			if !bytes.Equal(ctr, ctr2) {
				t.Fatalf("%s cipher.NewCTR", name)
			}
		}
	}
}

// TestFlowReuse checks that a CBC value runs several messages, with SetKey
// and SetIV after each Finish, and that Finish wipes the key.
func TestFlowReuse(t *testing.T) {
	key, iv := make([]byte, 16), make([]byte, 16)
	msg := []byte("a message of some length, not a multiple of sixteen")
	for _, cfg := range configs {
		want, _ := aes.SealCBC(cfg, nil, key, iv, msg)
		var s aes.CBC
		s.InitEncrypt(cfg, aes.PKCS7)
		for range 3 {
			if err := s.SetKey(key); err != nil {
				t.Fatal(err)
			}
			if err := s.SetIV(iv); err != nil {
				t.Fatal(err)
			}
			out, _ := s.Append(nil, msg[:7])
			out, _ = s.Append(out, msg[7:])
			out, err := s.Finish(out)
			if err != nil || !bytes.Equal(out, want) {
				t.Fatalf("%v: reuse gave %x, %v", cfg, out, err)
			}
			if _, err := s.Append(nil, msg); err == nil {
				t.Fatalf("%v: Append after Finish succeeded", cfg)
			}
		}
	}
}

// TestBadInput checks every misuse: a clear error, no panic, outputs
// untouched.
func TestBadInput(t *testing.T) {
	k16, iv := make([]byte, 16), make([]byte, 16)
	for _, cfg := range configs {
		sentinel := bytes.Repeat([]byte{0xAA}, 64)
		dst := append([]byte{}, sentinel...)
		check := func(what string, err error) {
			t.Helper()
			if err == nil {
				t.Errorf("%v %s: no error", cfg, what)
			}
			if !bytes.Equal(dst, sentinel) {
				t.Errorf("%v %s: dst changed", cfg, what)
			}
		}
		for _, kl := range []int{0, 1, 15, 17, 20, 31, 33, 64} {
			check(fmt.Sprintf("EncryptCBC key %d", kl), aes.EncryptCBC(cfg, dst, make([]byte, kl), iv, make([]byte, 16)))
			check(fmt.Sprintf("DecryptCBC key %d", kl), aes.DecryptCBC(cfg, dst, make([]byte, kl), iv, make([]byte, 16)))
			_, err := aes.SealCBC(cfg, dst[:0], make([]byte, kl), iv, nil)
			check("SealCBC key", err)
			_, err = aes.OpenCBC(cfg, dst[:0], make([]byte, kl), iv, make([]byte, 16))
			check("OpenCBC key", err)
			if _, err := aes.NewCipherWithConfig(cfg, make([]byte, kl)); err == nil {
				t.Errorf("NewCipherWithConfig key %d", kl)
			}
		}
		for _, ivl := range []int{0, 8, 15, 17, 32} {
			check("EncryptCBC iv", aes.EncryptCBC(cfg, dst, k16, make([]byte, ivl), make([]byte, 16)))
			check("DecryptCBC iv", aes.DecryptCBC(cfg, dst, k16, make([]byte, ivl), make([]byte, 16)))
			_, err := aes.SealCBC(cfg, dst[:0], k16, make([]byte, ivl), nil)
			check("SealCBC iv", err)
			_, err = aes.OpenCBC(cfg, dst[:0], k16, make([]byte, ivl), make([]byte, 16))
			check("OpenCBC iv", err)
		}
		for _, n := range []int{1, 15, 17, 33} {
			check("EncryptCBC length", aes.EncryptCBC(cfg, dst, k16, iv, make([]byte, n)))
			check("DecryptCBC length", aes.DecryptCBC(cfg, dst, k16, iv, make([]byte, n)))
		}
		for _, n := range []int{0, 1, 15, 17, 33} {
			_, err := aes.OpenCBC(cfg, dst[:0], k16, iv, make([]byte, n))
			check("OpenCBC length", err)
			if !errors.Is(err, aes.ErrDecrypt) {
				t.Errorf("OpenCBC length %d: %v is not ErrDecrypt", n, err)
			}
		}
		check("EncryptCBC short dst", aes.EncryptCBC(cfg, dst[:16], k16, iv, make([]byte, 32)))
		check("EncryptCBC overlap", aes.EncryptCBC(cfg, dst[1:33], k16, iv, dst[:32]))
		check("DecryptCBC overlap", aes.DecryptCBC(cfg, dst[:32], k16, iv, dst[16:48]))
		_, err := aes.SealCBC(cfg, dst[:1], k16, iv, dst[:16])
		check("SealCBC overlap", err)
		check("nil config", aes.EncryptCBC(nil, dst, k16, iv, make([]byte, 16)))

		// Data flow misuse.
		var z aes.CBC
		_, err = z.Append(dst[:0], make([]byte, 16))
		check("zero CBC Append", err)
		_, err = z.Finish(dst[:0])
		check("zero CBC Finish", err)
		check("zero CBC SetKey", z.SetKey(k16))
		check("zero CBC SetIV", z.SetIV(iv))
		var s aes.CBC
		s.InitEncrypt(cfg, 7)
		check("bad padding", s.SetKey(k16))
		s.InitEncrypt(nil, aes.NoPadding)
		check("nil config", s.SetKey(k16))
		s.InitEncrypt(cfg, aes.NoPadding)
		_, err = s.Append(dst[:0], make([]byte, 16))
		check("Append before SetKey", err)
		check("SetKey bad size", s.SetKey(make([]byte, 10)))
		if err := s.SetKey(k16); err != nil {
			t.Fatal(err)
		}
		_, err = s.Append(dst[:0], make([]byte, 16))
		check("Append before SetIV", err)
		check("SetIV bad size", s.SetIV(make([]byte, 12)))
		if err := s.SetIV(iv); err != nil {
			t.Fatal(err)
		}
		_, err = s.Append(dst[:16], dst[16:48]) // output would overlap chunk
		check("Append overlap", err)
		if _, err := s.Append(nil, make([]byte, 5)); err != nil {
			t.Fatal(err)
		}
		_, err = s.Finish(dst[:0])
		check("Finish partial block without padding", err)

		for _, n := range []int{0, 5, 17} {
			s.InitDecrypt(cfg, aes.PKCS7)
			s.SetKey(k16)
			s.SetIV(iv)
			if _, err := s.Append(nil, make([]byte, n)); err != nil {
				t.Fatal(err)
			}
			_, err = s.Finish(dst[:0])
			check("Finish bad length", err)
			if !errors.Is(err, aes.ErrDecrypt) {
				t.Errorf("Finish bad length %d: %v", n, err)
			}
		}
	}
}

// TestNilCBC: every method of a nil *CBC returns an error or does nothing;
// Init used to panic (issue 10, item 3).
func TestNilCBC(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("nil *CBC panicked: %v", r)
		}
	}()
	var s *aes.CBC
	for _, cfg := range configs {
		s.InitDecrypt(cfg, aes.PKCS7)
	}
	s.Wipe()
	if s.SetKey(make([]byte, 16)) == nil || s.SetIV(make([]byte, 16)) == nil {
		t.Error("SetKey or SetIV on a nil *CBC: no error")
	}
	dst := []byte("keep")
	if out, err := s.Append(dst, make([]byte, 32)); err == nil || !bytes.Equal(out, dst) {
		t.Errorf("Append on a nil *CBC: %q, %v", out, err)
	}
	if out, err := s.Finish(dst); err == nil || !bytes.Equal(out, dst) {
		t.Errorf("Finish on a nil *CBC: %q, %v", out, err)
	}
}

// TestOpenFailureResult pins what OpenCBC and Finish return on a padding
// failure, now selected with masks rather than a branch: dst itself when
// it had the capacity (same array, length and capacity), nil when dst had
// no capacity, dst's bytes otherwise; and ErrDecrypt.
func TestOpenFailureResult(t *testing.T) {
	key, iv := make([]byte, 16), make([]byte, 16)
	for _, cfg := range configs {
		bad, _ := aes.SealCBC(cfg, nil, key, iv, make([]byte, 20))
		bad[len(bad)-17] ^= 0x40 // garbles the padding of the last block
		roomy := append(make([]byte, 0, 100), "abc"...)
		for _, dst := range [][]byte{nil, {}, roomy, []byte("abc"), roomy[:0]} {
			got, err := aes.OpenCBC(cfg, dst, key, iv, bad)
			var s aes.CBC
			s.InitDecrypt(cfg, aes.PKCS7)
			s.SetKey(key)
			s.SetIV(iv)
			mid, _ := s.Append(dst, bad)
			fin, ferr := s.Finish(mid)
			if err != aes.ErrDecrypt || ferr != aes.ErrDecrypt {
				t.Fatalf("%v: errors %v, %v; want ErrDecrypt", cfg, err, ferr)
			}
			if !bytes.Equal(got, dst) || !bytes.Equal(fin, mid) {
				t.Errorf("%v: failure returned %q / %q for dst %q", cfg, got, fin, dst)
			}
			switch {
			case cap(dst) == 0:
				if got != nil {
					t.Errorf("%v: failure with a dst of no capacity returned a non-nil slice", cfg)
				}
			case cap(dst) >= len(dst)+len(bad):
				if &got[:1][0] != &dst[:1][0] || cap(got) != cap(dst) {
					t.Errorf("%v: failure with room in dst did not return dst itself", cfg)
				}
			}
		}
	}
}

// TestOpenOverlapNoOracle is the regression test for the review's first
// CBC finding: with a dst overlapping the ciphertext inexactly, OpenCBC
// returned the overlap error for valid padding and ErrDecrypt for invalid
// padding, a padding oracle. The overlap check now comes first: both get
// the overlap error, and the buffer is untouched.
func TestOpenOverlapNoOracle(t *testing.T) {
	key, iv := make([]byte, 16), make([]byte, 16)
	for _, cfg := range configs {
		good, _ := aes.SealCBC(cfg, nil, key, iv, make([]byte, 40))
		bad := append([]byte{}, good...)
		bad[len(bad)-17] ^= 1
		var errs [2]error
		for i, ctext := range [][]byte{good, bad} {
			buf := make([]byte, 16+len(ctext))
			copy(buf[16:], ctext)
			before := append([]byte{}, buf...)
			_, errs[i] = aes.OpenCBC(cfg, buf[:0], key, iv, buf[16:]) // out starts 16 bytes before ciphertext
			if !bytes.Equal(buf, before) {
				t.Errorf("%v: buffer changed by an overlapping OpenCBC", cfg)
			}
		}
		if errs[0] == nil || errs[0] != errs[1] || errors.Is(errs[0], aes.ErrDecrypt) {
			t.Errorf("%v: inexact overlap gives %v for valid padding and %v for invalid; want the same overlap error", cfg, errs[0], errs[1])
		}
	}
}

// TestBadPadding corrupts the padding in every way — each pad value 0..255
// with each position wrong — and expects ErrDecrypt, dst[:len(dst)]
// untouched and nothing appended.
func TestBadPadding(t *testing.T) {
	key, iv := make([]byte, 32), make([]byte, 16)
	for i := range key {
		key[i] = byte(i)
	}
	for _, cfg := range configs {
		for _, prefixBlocks := range []int{0, 1, 4, 5} {
			for p := range 256 {
				for wrong := -1; wrong < 16; wrong++ {
					last := make([]byte, 16)
					for i := range last {
						last[i] = byte(i * 31)
					}
					for i := 16 - min(max(p, 0), 16); i < 16; i++ {
						last[i] = byte(p)
					}
					last[15] = byte(p)
					if wrong >= 0 {
						if p < 1 || p > 16 || wrong < 16-p || wrong == 15 {
							continue // position not inside the padding
						}
						last[wrong] ^= 1
					}
					valid := wrong < 0 && p >= 1 && p <= 16
					pt := append(make([]byte, 16*prefixBlocks), last...)
					ctext := stdCBC(t, true, key, iv, pt)
					sentinel := []byte("keep")
					dst := append([]byte{}, sentinel...)
					out, err := aes.OpenCBC(cfg, dst, key, iv, ctext)
					var s aes.CBC
					s.InitDecrypt(cfg, aes.PKCS7)
					s.SetKey(key)
					s.SetIV(iv)
					fo, _ := s.Append(nil, ctext)
					fo2, ferr := s.Finish(fo)
					if valid {
						if err != nil || !bytes.Equal(out[4:], pt[:len(pt)-p]) || ferr != nil || !bytes.Equal(fo2, pt[:len(pt)-p]) {
							t.Fatalf("%v p=%d: valid padding rejected: %v %v", cfg, p, err, ferr)
						}
						continue
					}
					if err != aes.ErrDecrypt || ferr != aes.ErrDecrypt {
						t.Fatalf("%v p=%d wrong=%d: err %v / %v, want ErrDecrypt", cfg, p, wrong, err, ferr)
					}
					if !bytes.Equal(out, sentinel) || !bytes.Equal(dst, sentinel) || !bytes.Equal(fo2, fo) {
						t.Fatalf("%v p=%d wrong=%d: output changed on failure", cfg, p, wrong)
					}
				}
			}
		}
	}
}

// TestAllocs pins zero heap allocations on the steady-state paths.
func TestAllocs(t *testing.T) {
	key, iv := make([]byte, 32), make([]byte, 16)
	src := make([]byte, 4096)
	dst := make([]byte, 4096+32)
	for _, cfg := range configs {
		check := func(what string, f func()) {
			t.Helper()
			if n := testing.AllocsPerRun(20, f); n != 0 {
				t.Errorf("%v %s: %v allocations", cfg, what, n)
			}
		}
		check("EncryptCBC", func() { aes.EncryptCBC(cfg, dst, key, iv, src) })
		check("DecryptCBC", func() { aes.DecryptCBC(cfg, dst, key, iv, src) })
		check("SealCBC", func() { aes.SealCBC(cfg, dst[:0], key, iv, src[:100]) })
		sealed, _ := aes.SealCBC(cfg, nil, key, iv, src[:100])
		check("OpenCBC", func() { aes.OpenCBC(cfg, dst[:0], key, iv, sealed) })
		// A CBC value's first Init allocates its configuration's context:
		// one allocation by its owner (as documented on CBC), none per
		// operation on it; the value itself stays on the stack.
		for _, d := range []direction{dirEncrypt, dirDecrypt} {
			s := new(aes.CBC)
			check(fmt.Sprintf("flow %d on an existing CBC", d), func() {
				initCBC(s, cfg, d, aes.PKCS7)
				s.SetKey(key)
				s.SetIV(iv)
				out, _ := s.Append(dst[:0], src[:100])
				out, _ = s.Append(out, src[100:2000])
				s.Finish(out)
			})
			if n := testing.AllocsPerRun(20, func() {
				var s aes.CBC
				initCBC(&s, cfg, d, aes.PKCS7)
				s.SetKey(key)
				s.SetIV(iv)
				out, _ := s.Append(dst[:0], src[:100])
				s.Finish(out)
			}); n != 1 {
				t.Errorf("%v flow %d on a local CBC: %v allocations, documented 1", cfg, d, n)
			}
		}
		b, _ := aes.NewCipherWithConfig(cfg, key)
		check("Block.Encrypt", func() { b.Encrypt(dst, src) })
		check("Block.Decrypt", func() { b.Decrypt(dst, src) })
		enc, dec := cipher.NewCBCEncrypter(b, iv), cipher.NewCBCDecrypter(b, iv)
		check("cipher.NewCBCEncrypter CryptBlocks", func() { enc.CryptBlocks(dst[:len(src)], src) })
		check("cipher.NewCBCDecrypter CryptBlocks", func() { dec.CryptBlocks(dst[:len(src)], src) })
	}
}

// TestCipherFindsCBC checks that crypto/cipher's CBC constructors use the
// block's own multi-block CBC modes rather than one block at a time.
func TestCipherFindsCBC(t *testing.T) {
	for _, cfg := range configs {
		b, err := aes.NewCipherWithConfig(cfg, make([]byte, 16))
		if err != nil {
			t.Fatal(err)
		}
		iv := make([]byte, 16)
		for _, m := range []cipher.BlockMode{cipher.NewCBCEncrypter(b, iv), cipher.NewCBCDecrypter(b, iv)} {
			if typ := fmt.Sprintf("%T", m); typ != "*aes.cbcMode" {
				t.Errorf("%v: crypto/cipher returned %s", cfg, typ)
			}
		}
	}
}
