package aes_test

import (
	"bytes"
	stdaes "crypto/aes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/cryptolab-go/cryptolab/aes"
	"github.com/cryptolab-go/cryptolab/internal/cpu"
)

// nativePaths are the feature sets that select each code path of Native's
// CBC decryption on this processor (internal/cpu names; see
// native_select_amd64.go): everything the processor has (VAES on ZMM,
// then YMM, then AES-NI), without AVX-512 (VAES on YMM, then AES-NI),
// without VAES (AES-NI alone), and without AES instructions (Native is
// Fast).
var nativePaths = map[string][][]string{
	"amd64": {nil, {"avx512f"}, {"vaes"}, {"aes"}},
	"arm64": {nil, {"arm64.aes"}},
}

// TestNativePaths runs each path of Native against crypto/aes on messages
// long enough for every pass size (up to 2,100 bytes: 512-byte ZMM passes,
// 256-byte YMM passes, 8, 4 and 1 blocks), sole buffer and in place, the
// data flow with random chunks, and cipher.Block's CBC modes. A path this
// processor lacks is not skipped: its subtest runs the next path down
// (Native() logs which configuration runs).
func TestNativePaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 15))
	for _, off := range nativePaths[runtime.GOARCH] {
		name := fmt.Sprintf("without%v", off)
		t.Run(name, func(t *testing.T) {
			restore, err := cpu.Disable(off...)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			cfg := aes.Native()
			t.Logf("Native() is %v", cfg)
			for it := range 60 {
				key := make([]byte, []int{16, 24, 32}[it%3])
				iv := make([]byte, 16)
				fillRand(rng, key)
				fillRand(rng, iv)
				n := 16 * rng.IntN(132)
				if it < 6 {
					n = []int{512, 768, 1024 + 256 + 128 + 64 + 16, 2048, 256, 16}[it]
				}
				msg := make([]byte, n)
				fillRand(rng, msg)
				b, _ := stdaes.NewCipher(key)
				wantCT := make([]byte, n)
				cipher.NewCBCEncrypter(b, iv).CryptBlocks(wantCT, msg)
				wantPT := make([]byte, n)
				cipher.NewCBCDecrypter(b, iv).CryptBlocks(wantPT, msg) // decrypting random data

				got := make([]byte, n)
				if err := aes.EncryptCBC(cfg, got, key, iv, msg); err != nil || !bytes.Equal(got, wantCT) {
					t.Fatalf("EncryptCBC key %d len %d: %v", len(key)*8, n, err)
				}
				if err := aes.DecryptCBC(cfg, got, key, iv, msg); err != nil || !bytes.Equal(got, wantPT) {
					t.Fatalf("DecryptCBC key %d len %d: %v", len(key)*8, n, err)
				}
				inPlace := bytes.Clone(msg)
				if err := aes.DecryptCBC(cfg, inPlace, key, iv, inPlace); err != nil || !bytes.Equal(inPlace, wantPT) {
					t.Fatalf("DecryptCBC in place key %d len %d: %v", len(key)*8, n, err)
				}
				if got, err := streamAll(t, rng, cfg, dirDecrypt, aes.NoPadding, key, iv, msg); err != nil || !bytes.Equal(got, wantPT) {
					t.Fatalf("flow decrypt key %d len %d: %v", len(key)*8, n, err)
				}
				if got, err := streamAll(t, rng, cfg, dirEncrypt, aes.NoPadding, key, iv, msg); err != nil || !bytes.Equal(got, wantCT) {
					t.Fatalf("flow encrypt key %d len %d: %v", len(key)*8, n, err)
				}
				ours, _ := aes.NewCipherWithConfig(cfg, key)
				m := cipher.NewCBCDecrypter(ours, iv)
				clear(got)
				half := n / 32 * 16
				m.CryptBlocks(got[:half], msg[:half])
				m.CryptBlocks(got[half:], msg[half:])
				if !bytes.Equal(got, wantPT) {
					t.Fatalf("cipher.NewCBCDecrypter key %d len %d", len(key)*8, n)
				}
			}
		})
	}
}

func fillRand(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

// BenchmarkNativePaths measures Native's CBC decryption of 8 KiB on a set
// key (cipher.Block's CBC mode) on each path of nativePaths.
func BenchmarkNativePaths(b *testing.B) {
	for _, off := range nativePaths[runtime.GOARCH] {
		for _, bits := range []int{128, 256} {
			b.Run(fmt.Sprintf("without=%v/key=%d", off, bits), func(b *testing.B) {
				restore, err := cpu.Disable(off...)
				if err != nil {
					b.Fatal(err)
				}
				defer restore()
				key, iv := benchKey(bits)
				blk, _ := aes.NewCipherWithConfig(aes.Native(), key)
				m := cipher.NewCBCDecrypter(blk, iv)
				buf := make([]byte, 8192)
				b.SetBytes(int64(len(buf)))
				for b.Loop() {
					m.CryptBlocks(buf, buf)
				}
			})
		}
	}
}
