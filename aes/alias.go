package aes

import "unsafe"

// anyOverlap reports whether x and y share memory at any (not necessarily
// corresponding) index. It compares addresses only; it is the one use of
// unsafe.Pointer in the package, as in the standard library's
// crypto/internal/alias.
func anyOverlap(x, y []byte) bool {
	return len(x) > 0 && len(y) > 0 &&
		uintptr(unsafe.Pointer(&x[0])) <= uintptr(unsafe.Pointer(&y[len(y)-1])) &&
		uintptr(unsafe.Pointer(&y[0])) <= uintptr(unsafe.Pointer(&x[len(x)-1]))
}

// inexactOverlap reports whether x and y share memory at any
// non-corresponding index: overlapping other than by exact aliasing.
func inexactOverlap(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 || &x[0] == &y[0] {
		return false
	}
	return anyOverlap(x, y)
}
