package aes_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/cryptolab-go/cryptolab/aes"
)

// fuzzKey derives a valid key and IV from fuzz input.
func fuzzKeyIV(seed []byte, sel uint8) (key, iv []byte) {
	key = make([]byte, []int{16, 24, 32}[sel%3])
	iv = make([]byte, 16)
	copy(key, seed)
	if len(seed) > len(key) {
		copy(iv, seed[len(key):])
	}
	return
}

// cut splits msg at the offsets encoded in cuts.
func cut(msg, cuts []byte) [][]byte {
	var parts [][]byte
	for _, c := range cuts {
		n := min(int(c), len(msg))
		parts = append(parts, msg[:n])
		msg = msg[n:]
	}
	return append(parts, msg)
}

// FuzzStreaming: a data flow in any chunking equals the one-shot calls, in
// every configuration, direction and padding.
func FuzzStreaming(f *testing.F) {
	f.Add([]byte("key material and iv material!!!!!!!!!!"), uint8(0), []byte("hello, world; a message"), []byte{3, 0, 17, 200})
	f.Add([]byte{}, uint8(1), make([]byte, 64), []byte{16, 16, 16})
	f.Add([]byte{1, 2, 3}, uint8(2), make([]byte, 33), []byte{1, 1, 1, 1, 1, 40})
	f.Fuzz(func(t *testing.T, seed []byte, sel uint8, msg, cuts []byte) {
		key, iv := fuzzKeyIV(seed, sel)
		raw := msg[:len(msg)&^15]
		for _, cfg := range configs {
			oneCT := make([]byte, len(raw))
			if err := aes.EncryptCBC(cfg, oneCT, key, iv, raw); err != nil {
				t.Fatal(err)
			}
			onePT := make([]byte, len(raw))
			if err := aes.DecryptCBC(cfg, onePT, key, iv, raw); err != nil {
				t.Fatal(err)
			}
			sealed, err := aes.SealCBC(cfg, nil, key, iv, msg)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				d    direction
				p    aes.Padding
				in   []byte
				want []byte
			}{
				{dirEncrypt, aes.NoPadding, raw, oneCT},
				{dirDecrypt, aes.NoPadding, raw, onePT},
				{dirEncrypt, aes.PKCS7, msg, sealed},
				{dirDecrypt, aes.PKCS7, sealed, msg},
			} {
				var s aes.CBC
				initCBC(&s, cfg, c.d, c.p)
				if err := s.SetKey(key); err != nil {
					t.Fatal(err)
				}
				if err := s.SetIV(iv); err != nil {
					t.Fatal(err)
				}
				var out []byte
				for _, part := range cut(c.in, cuts) {
					if out, err = s.Append(out, part); err != nil {
						t.Fatal(err)
					}
				}
				if out, err = s.Finish(out); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(out, c.want) {
					t.Fatalf("%v dir %d pad %d: streaming differs from one-shot", cfg, c.d, c.p)
				}
			}
		}
	})
}

// FuzzRoundTrip: decrypt(encrypt(x)) = x, across configurations too.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("0123456789abcdef0123456789abcdef"), uint8(2), []byte("round trip"))
	f.Add([]byte{}, uint8(0), []byte{})
	f.Add([]byte{9}, uint8(1), make([]byte, 100))
	f.Fuzz(func(t *testing.T, seed []byte, sel uint8, msg []byte) {
		key, iv := fuzzKeyIV(seed, sel)
		for _, enc := range configs {
			sealed, err := aes.SealCBC(enc, nil, key, iv, msg)
			if err != nil {
				t.Fatal(err)
			}
			for _, dec := range configs {
				got, err := aes.OpenCBC(dec, nil, key, iv, sealed)
				if err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("seal %v, open %v: %v", enc, dec, err)
				}
			}
			raw := msg[:len(msg)&^15]
			ct := make([]byte, len(raw))
			aes.EncryptCBC(enc, ct, key, iv, raw)
			aes.DecryptCBC(enc, ct, key, iv, ct)
			if !bytes.Equal(ct, raw) {
				t.Fatalf("%v raw round trip", enc)
			}
		}
	})
}

// FuzzOpen: arbitrary key, IV and ciphertext never panic; the outcome
// matches a padding check written here on the raw decryption, and every
// failure is ErrDecrypt (or a key/IV size error).
func FuzzOpen(f *testing.F) {
	f.Add(make([]byte, 16), make([]byte, 16), make([]byte, 32))
	f.Add(make([]byte, 24), make([]byte, 16), make([]byte, 17))
	f.Add(make([]byte, 7), make([]byte, 3), []byte{})
	f.Add(make([]byte, 32), make([]byte, 16), bytes.Repeat([]byte{0x10}, 80))
	f.Fuzz(func(t *testing.T, key, iv, ct []byte) {
		for _, cfg := range configs {
			got, err := aes.OpenCBC(cfg, nil, key, iv, ct)
			var s aes.CBC
			s.InitDecrypt(cfg, aes.PKCS7)
			kerr, iverr := s.SetKey(key), s.SetIV(iv)
			var fout []byte
			var ferr error
			if kerr == nil && iverr == nil {
				fout, _ = s.Append(nil, ct)
				fout, ferr = s.Finish(fout)
			}
			if l := len(key); l != 16 && l != 24 && l != 32 || len(iv) != 16 {
				if err == nil || errors.Is(err, aes.ErrDecrypt) || (kerr == nil && iverr == nil) {
					t.Fatalf("bad key/iv accepted or misreported: %v", err)
				}
				continue
			}
			if len(ct) == 0 || len(ct)%16 != 0 {
				if !errors.Is(err, aes.ErrDecrypt) || !errors.Is(ferr, aes.ErrDecrypt) {
					t.Fatalf("bad length: %v / %v", err, ferr)
				}
				continue
			}
			raw := make([]byte, len(ct))
			if err := aes.DecryptCBC(cfg, raw, key, iv, ct); err != nil {
				t.Fatal(err)
			}
			p := int(raw[len(raw)-1])
			valid := p >= 1 && p <= 16 && bytes.Equal(raw[len(raw)-p:], bytes.Repeat([]byte{byte(p)}, p))
			if !valid {
				if err != aes.ErrDecrypt || ferr != aes.ErrDecrypt || got != nil {
					t.Fatalf("bad padding: %v / %v", err, ferr)
				}
				continue
			}
			if err != nil || ferr != nil || !bytes.Equal(got, raw[:len(raw)-p]) || !bytes.Equal(fout, got) {
				t.Fatalf("good padding: %v / %v", err, ferr)
			}
		}
	})
}
