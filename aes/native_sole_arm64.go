//go:build !purego

package aes

import "unsafe"

// nativeEncryptCBCKey on arm64: the schedule expanded in this frame, the
// chain on a copy of iv, the schedule wiped (amd64 does it all in
// assembly, native_amd64.s).
func nativeEncryptCBCKey(nr int, key, iv, dst, src *byte, n int) {
	var enc [nativeScheduleBytes]byte
	nativeExpandKey(nr, key, &enc[0], nil)
	v := *(*[16]byte)(unsafe.Pointer(iv))
	nativeEncryptCBC(nr, &enc[0], &v, dst, src, n)
	clear(enc[:])
}
