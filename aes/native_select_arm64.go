//go:build !purego

package aes

import "github.com/cryptolab-go/cryptolab/internal/cpu"

// nativeSupported reports whether this processor has the ARMv8 AES
// instructions (read at each call, so that tests can turn them off with
// cpu.Disable).
func nativeSupported() bool { return cpu.ARM64.HasAES }

// nativeDecrypt is the CBC decryption the Native strategy runs.
func nativeDecrypt(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int) {
	nativeDecryptCBC(nr, xk, iv, dst, src, n)
}

// crypt decrypts for the data flow.
func (f *nativeDecryptFlow) crypt(iv *[16]byte, dst, src []byte) { f.decryptCBC(iv, dst, src) }
