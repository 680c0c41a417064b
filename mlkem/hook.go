// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem

import "github.com/cryptolab-go/cryptolab/internal/mlkem"

// The derandomized encapsulation is reachable only through package
// mlkemtest, via this hook.
func init() {
	mlkem.EncapsulateDerandHook = func(ek any, K *[32]byte, c []byte, m *[32]byte) error {
		switch ek := ek.(type) {
		case *EncapsulationKey512:
			return ek.encapsulateDerand(K, (*[CiphertextSize512]byte)(c), m)
		case *EncapsulationKey768:
			return ek.encapsulateDerand(K, (*[CiphertextSize768]byte)(c), m)
		case *EncapsulationKey1024:
			return ek.encapsulateDerand(K, (*[CiphertextSize1024]byte)(c), m)
		}
		return errUninitialized
	}
}
