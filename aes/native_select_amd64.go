//go:build !purego

package aes

import (
	"unsafe"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
)

// nativeSupported reports whether this processor has AES-NI (read at each
// call, so that tests can turn it off with cpu.Disable).
func nativeSupported() bool { return cpu.X86.HasAES }

// nativeEncryptCBCKey is nativeExpandKey of key (cipher schedule only)
// then nativeEncryptCBC of n bytes (a positive multiple of 16) with a
// copy of the 16-byte iv (iv is not written), the schedule kept and wiped
// in its own frame (native_amd64.s; a Go function on arm64).
//
//go:noescape
func nativeEncryptCBCKey(nr int, key, iv, dst, src *byte, n int)

// nativeDecryptCBCVAES4 and nativeDecryptCBCVAES2 are nativeDecryptCBC on
// VAES, 32 blocks per pass in ZMM registers (n a multiple of 512) and 16
// blocks per pass in YMM registers, then one pass of 8 (n a multiple of
// 128) (native_vaes_amd64.s).
//
//go:noescape
func nativeDecryptCBCVAES4(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)

//go:noescape
func nativeDecryptCBCVAES2(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int)

// nativeDecrypt is the CBC decryption the Native strategy runs: the whole
// 512-byte passes on VAES with ZMM registers (AVX-512F), whole 256-byte
// passes and a last 128-byte one on VAES with YMM registers (AVX2), and
// the rest with AES-NI (eight, four, then one block per pass), each where
// the processor has it
// (read at each call, so tests can force each path with cpu.Disable).
//
// Speed knob: on AMD Zen 4, which executes a ZMM VAES instruction as two
// 256-bit halves, VAES on YMM doubles AES-NI's throughput and ZMM adds
// little; on Intel processors with VAES the ZMM form issues four blocks
// per instruction.
func nativeDecrypt(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int) {
	if cpu.X86.HasVAES && cpu.X86.HasAVX512F && n >= 512 {
		m := n &^ 511
		nativeDecryptCBCVAES4(nr, xk, iv, dst, src, m)
		dst, src, n = (*byte)(unsafe.Add(unsafe.Pointer(dst), m)), (*byte)(unsafe.Add(unsafe.Pointer(src), m)), n-m
	}
	if cpu.X86.HasVAES && cpu.X86.HasAVX2 && n >= 128 {
		m := n &^ 127
		nativeDecryptCBCVAES2(nr, xk, iv, dst, src, m)
		dst, src, n = (*byte)(unsafe.Add(unsafe.Pointer(dst), m)), (*byte)(unsafe.Add(unsafe.Pointer(src), m)), n-m
	}
	if n > 0 {
		nativeDecryptCBC(nr, xk, iv, dst, src, n)
	}
}

// crypt decrypts for the data flow. Speed knob: a whole number of 8-block
// passes under 512 bytes (a 128-byte chunk) goes straight to the YMM code
// where the processor has VAES and AVX2, one call fewer than through
// nativeDecrypt, which is too large for the compiler to inline: the lab's
// 8,000-byte message in 128-byte chunks makes 63 such calls.
func (f *nativeDecryptFlow) crypt(iv *[16]byte, dst, src []byte) {
	n := len(src) &^ 15
	if n == 0 {
		return
	}
	if n&127 == 0 && n < 512 && cpu.X86.HasVAES && cpu.X86.HasAVX2 {
		nativeDecryptCBCVAES2(f.nr, &f.dec[0], iv, &dst[0], &src[0], n)
		return
	}
	nativeDecrypt(f.nr, &f.dec[0], iv, &dst[0], &src[0], n)
}
