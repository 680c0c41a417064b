// Package cases registers the lab's cases with lab/suite: one file per
// algorithm family, each registering every row of the published STM32
// tables for cryptolab in each of its configurations and for the in-process
// peers (the Go standard library as built, impl "go"). Importing the package
// (for its side effect) is what makes the cases known to the command.
//
// Every case follows the pages' definition of the operation: what one call
// of the timed function does is what one published row measures (for
// example, the sole-buffer AES rows include the key expansion and the IV,
// and the data-flow rows include init, set key, set IV and every append).
// Inputs are fixed pseudo-random bytes prepared in Setup, outside the timed
// region.
package cases

import (
	"strconv"
)

const (
	// ModulePath is the cryptolab module, for footprint programs' imports.
	ModulePath = "github.com/cryptolab-go/cryptolab"

	// ImplOurs and ImplGo name the implementations registered here.
	ImplOurs = "cryptolab"
	ImplGo   = "go"
)

// Published constants of the pages (see lab/reference/stm32/README.md).
var (
	soleSizes   = []int{32, 64, 128}
	flowChunks  = []int{128, 512, 1024, 2048}
	flowMessage = 8000
	aesKeyBits  = []int{128, 192, 256}
	aesOps      = []string{"Encryption", "Decryption"}
	shaHashes   = []string{"SHA256", "SHA384"}
)

// fill returns n deterministic pseudo-random bytes (a xorshift stream
// seeded by seed): inputs need no secrecy, only to be the same every run.
func fill(n int, seed uint64) []byte {
	b := make([]byte, n)
	x := seed*0x9e3779b97f4a7c15 | 1
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = byte(x >> 32)
	}
	return b
}

func itoa(n int) string { return strconv.Itoa(n) }
