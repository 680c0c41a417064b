package aes_test

import (
	stdaes "crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"

	"github.com/cryptolab-go/cryptolab/aes"
)

// The benchmark names are the lab's case names:
//
//	BenchmarkCBC/sole/key=128/size=32/op=Encryption/impl=Small
//	BenchmarkCBC/flow/key=128/chunk=512/op=Decryption/impl=Fast
//	BenchmarkCBC/throughput/key=128/size=8192/op=Encryption/impl=stdlib
//
// impl=stdlib is crypto/aes with crypto/cipher's CBC; under -tags purego
// it is the standard library's table-based Go AES. Compare with benchstat.

type benchImpl struct {
	name string
	cfg  aes.Config
	std  bool
}

// benchImpls has Native where the processor has AES instructions (else
// Native is Fast).
var benchImpls = func() []benchImpl {
	b := []benchImpl{{"Small", aes.Small(), false}, {"Fast", aes.Fast(), false}}
	if aes.Native() != aes.Fast() {
		b = append(b, benchImpl{"Native", aes.Native(), false})
	}
	return append(b, benchImpl{"stdlib", nil, true})
}()

var benchOps = []struct {
	name string
	dir  direction
}{{"Encryption", dirEncrypt}, {"Decryption", dirDecrypt}}

func benchKey(bits int) (key, iv []byte) {
	key, iv = make([]byte, bits/8), make([]byte, 16)
	for i := range key {
		key[i] = byte(i * 3)
	}
	for i := range iv {
		iv[i] = byte(i * 5)
	}
	return
}

func stdMode(key, iv []byte, dir direction) cipher.BlockMode {
	b, _ := stdaes.NewCipher(key)
	if dir == dirEncrypt {
		return cipher.NewCBCEncrypter(b, iv)
	}
	return cipher.NewCBCDecrypter(b, iv)
}

func BenchmarkCBC(b *testing.B) {
	// Sole buffer: key setup and IV included in every timed call.
	for _, bits := range []int{128, 192, 256} {
		for _, size := range []int{32, 64, 128} {
			for _, op := range benchOps {
				for _, im := range benchImpls {
					name := fmt.Sprintf("sole/key=%d/size=%d/op=%s/impl=%s", bits, size, op.name, im.name)
					b.Run(name, func(b *testing.B) {
						key, iv := benchKey(bits)
						src, dst := make([]byte, size), make([]byte, size)
						b.SetBytes(int64(size))
						b.ReportAllocs()
						for b.Loop() {
							switch {
							case im.std:
								stdMode(key, iv, op.dir).CryptBlocks(dst, src)
							case op.dir == dirEncrypt:
								aes.EncryptCBC(im.cfg, dst, key, iv, src)
							default:
								aes.DecryptCBC(im.cfg, dst, key, iv, src)
							}
						}
					})
				}
			}
		}
	}
	// Data flow: an 8,000-byte message in chunks; Init, SetKey, SetIV,
	// Append per chunk and Finish are all timed.
	const msgLen = 8000
	for _, bits := range []int{128, 192, 256} {
		for _, chunk := range []int{128, 512, 1024, 2048} {
			for _, op := range benchOps {
				for _, im := range benchImpls {
					name := fmt.Sprintf("flow/key=%d/chunk=%d/op=%s/impl=%s", bits, chunk, op.name, im.name)
					b.Run(name, func(b *testing.B) {
						key, iv := benchKey(bits)
						src, dst := make([]byte, msgLen), make([]byte, 0, msgLen)
						b.SetBytes(msgLen)
						b.ReportAllocs()
						// One CBC value reused, as the lab does: a CBC
						// declared inside the loop would be one heap
						// allocation per message (see aes.CBC).
						var s aes.CBC
						for b.Loop() {
							if im.std {
								m := stdMode(key, iv, op.dir)
								out := dst[:msgLen]
								for off := 0; off < msgLen; off += chunk {
									end := min(off+chunk, msgLen)
									m.CryptBlocks(out[off:end], src[off:end])
								}
								continue
							}
							initCBC(&s, im.cfg, op.dir, aes.NoPadding)
							s.SetKey(key)
							s.SetIV(iv)
							out := dst[:0]
							for off := 0; off < msgLen; off += chunk {
								out, _ = s.Append(out, src[off:min(off+chunk, msgLen)])
							}
							s.Finish(out)
						}
					})
				}
			}
		}
	}
	// Throughput: 8 KiB per call on a key set up once.
	const tpLen = 8192
	for _, bits := range []int{128, 256} {
		for _, op := range benchOps {
			for _, im := range benchImpls {
				name := fmt.Sprintf("throughput/key=%d/size=%d/op=%s/impl=%s", bits, tpLen, op.name, im.name)
				b.Run(name, func(b *testing.B) {
					key, iv := benchKey(bits)
					var m cipher.BlockMode
					if im.std {
						m = stdMode(key, iv, op.dir)
					} else {
						blk, _ := aes.NewCipherWithConfig(im.cfg, key)
						if op.dir == dirEncrypt {
							m = cipher.NewCBCEncrypter(blk, iv)
						} else {
							m = cipher.NewCBCDecrypter(blk, iv)
						}
					}
					buf := make([]byte, tpLen)
					b.SetBytes(tpLen)
					b.ReportAllocs()
					for b.Loop() {
						m.CryptBlocks(buf, buf)
					}
				})
			}
		}
	}
}
