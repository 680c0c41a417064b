//go:build amd64 && !purego

package aes

import "testing"

func BenchmarkZY(b *testing.B) {
	for _, kl := range []int{16, 32} {
		key := make([]byte, kl)
		iv := make([]byte, 16)
		src := make([]byte, 8192)
		dst := make([]byte, 8192)
		var s nativeSchedule
		s.expand(key)
		var v [16]byte
		b.Run("asmY", func(b *testing.B) {
			for b.Loop() {
				for i := 0; i < 8000-127; i += 128 {
					nativeDecryptCBCVAES2(s.nr, &s.dec[0], &v, &dst[i], &src[i], 128)
				}
			}
		})
		b.Run("asmNI", func(b *testing.B) {
			for b.Loop() {
				for i := 0; i < 8000-127; i += 128 {
					nativeDecryptCBC(s.nr, &s.dec[0], &v, &dst[i], &src[i], 128)
				}
			}
		})
		b.Run("dispatch", func(b *testing.B) {
			for b.Loop() {
				for i := 0; i < 8000-127; i += 128 {
					nativeDecrypt(s.nr, &s.dec[0], &v, &dst[i], &src[i], 128)
				}
			}
		})
		b.Run("append", func(b *testing.B) {
			var c CBC
			c.InitDecrypt(Native(), NoPadding)
			c.SetKey(key)
			c.SetIV(iv)
			for b.Loop() {
				o := dst[:0]
				for i := 0; i < 8000-127; i += 128 {
					o, _ = c.Append(o, src[i:i+128])
				}
			}
		})
		b.Run("whole", func(b *testing.B) {
			var c CBC
			for b.Loop() {
				c.InitDecrypt(Native(), NoPadding)
				c.SetKey(key)
				c.SetIV(iv)
				o := dst[:0]
				for i := 0; i < 8000; i += 128 {
					o, _ = c.Append(o, src[i:min(i+128, 8000)])
				}
				c.Finish(o)
			}
		})
	}
}
