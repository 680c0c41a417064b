// Package lib is a fixture for the footprint tests: its symbols have known
// sizes.
package lib

// Buf is 1000 bytes of zeroed global data (.noptrbss).
var Buf [1000]byte

// Table is 1024 bytes of initialised global data (.noptrdata).
var Table = [256]uint32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}

// alphabet is a 64-byte string constant: read-only data (.rodata).
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// Hasher gives T an interface, so T has a type descriptor and an itab.
type Hasher interface{ Hash(x []byte) uint32 }

type T struct{ seed uint32 }

// New returns a Hasher. It is not inlined, so the call through the
// interface stays and T's itab and type descriptors are linked in.
//
//go:noinline
func New(seed uint32) Hasher { return &T{seed: seed} }

// Hash mixes x with the tables.
//
//go:noinline
func (t *T) Hash(x []byte) uint32 {
	h := t.seed
	for i, b := range x {
		h = h*31 + Table[i&255] + uint32(alphabet[b&63])
		Buf[i%1000] ^= b
	}
	return uint32(add(uint64(h), 1))
}

// Dead is never called by the test program: the linker must drop it and its
// 4000-byte table.
func Dead(i int) byte { return deadTable[i%len(deadTable)] }

var deadTable [4000]byte
