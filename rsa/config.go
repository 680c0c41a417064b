// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package rsa

import "github.com/cryptolab-go/cryptolab/internal/mp"

// Config is one configuration of the pages' "RSA mathematics" (Small,
// Fast) × "private key modular exponentiation" (Low, Mid, High) columns. It
// is sealed: only this package's functions return one, and each is a
// separate implementation, so a program links only those it names.
type Config interface {
	// String returns the pages' names joined by a hyphen: "Fast-Mid".
	String() string
	// Memory returns the memory of a private key with CRT parameters of the
	// given modulus size in this configuration (see [Memory]).
	Memory(bits int) Memory

	window() uint
	// privateCRT and privateNoCRT write c^d mod n into out (Size()
	// bytes, which may be c itself): the caller's buffer, so that no
	// 512-byte result is copied up the call chain.
	privateCRT(k *PrivateKey, c, out []byte) error
	privateNoCRT(k *PrivateKey, c, out []byte) error
	// private is the same with the result returned (Size() bytes of
	// it): for the decryption functions, whose input cannot take the
	// result and whose local buffer would escape to the heap through an
	// interface call.
	private(k *PrivateKey, c []byte) (out [maxBytes]byte, err error)
	publicVarTime(k *PublicKey, s []byte) (out [maxBytes]byte, err error)
	// modExp sets z = x^e mod m in constant time (key construction and
	// generation).
	modExp(z, x, e []uint64, m *mp.Modulus)
	// mrWitness reports whether a is a witness of the compositeness of w
	// (keygen.go).
	mrWitness(w *mp.Modulus, a []uint64, m []uint64, aPow int) bool
}

// Memory describes the memory of one configuration, in bytes.
type Memory struct {
	// Key is what one private key with CRT parameters holds: n, R² mod n,
	// R mod n, d, and for each prime its value, R², R, the CRT exponent,
	// plus qInv (slices of 64-bit limbs) and the fixed part of the struct.
	Key int
	// Context is 0: RSA has no data-flow context.
	Context int
	// Tables is 0: no table is shared between keys; the exponentiation
	// window table is per-operation working memory (see [WorkingMemory]).
	Tables int
}

// The six configurations. Each is its own type, so a program that names
// one links its methods only. The Config values are pointers to the
// variables below (pointer receivers: the interface calls the methods
// directly, without the wrapper Go generates for a value receiver, which
// would hold a second copy of the 512-byte result on the stack).
type (
	smallLow  struct{}
	smallMid  struct{}
	smallHigh struct{}
	fastLow   struct{}
	fastMid   struct{}
	fastHigh  struct{}
)

var (
	smallLowConfig  smallLow
	smallMidConfig  smallMid
	smallHighConfig smallHigh
	fastLowConfig   fastLow
	fastMidConfig   fastMid
	fastHighConfig  fastHigh
)

// Windows, in bits, of the private exponentiation: the pages' Low, Mid and
// High. See the package documentation for their cost and memory.
const (
	windowLow  = 1
	windowMid  = 4
	windowHigh = 5
)

// SmallLow returns the configuration Small mathematics, Low window.
func SmallLow() Config { return &smallLowConfig }

// SmallMid returns the configuration Small mathematics, Mid window.
func SmallMid() Config { return &smallMidConfig }

// SmallHigh returns the configuration Small mathematics, High window.
func SmallHigh() Config { return &smallHighConfig }

// FastLow returns the configuration Fast mathematics, Low window.
func FastLow() Config { return &fastLowConfig }

// FastMid returns the configuration Fast mathematics, Mid window.
func FastMid() Config { return &fastMidConfig }

// FastHigh returns the configuration Fast mathematics, High window.
func FastHigh() Config { return &fastHighConfig }

// Default returns the configuration for a server: Fast-Mid. It signs as
// fast as Fast-High (RSA-3072 CRT: 1.75 against 1.77 ms, measured in the
// lab; the 5-bit window's fewer multiplications are paid back in longer
// table scans) with half the window buffer (3,456 B of stack per CRT
// exponentiation instead of 6,528) and 4 KB less stack in all.
func Default() Config { return &fastMidConfig }

func (*smallLow) String() string  { return "Small-Low" }
func (*smallMid) String() string  { return "Small-Mid" }
func (*smallHigh) String() string { return "Small-High" }
func (*fastLow) String() string   { return "Fast-Low" }
func (*fastMid) String() string   { return "Fast-Mid" }
func (*fastHigh) String() string  { return "Fast-High" }

func (*smallLow) window() uint  { return windowLow }
func (*smallMid) window() uint  { return windowMid }
func (*smallHigh) window() uint { return windowHigh }
func (*fastLow) window() uint   { return windowLow }
func (*fastMid) window() uint   { return windowMid }
func (*fastHigh) window() uint  { return windowHigh }

func (*smallLow) Memory(bits int) Memory  { return memory(bits) }
func (*smallMid) Memory(bits int) Memory  { return memory(bits) }
func (*smallHigh) Memory(bits int) Memory { return memory(bits) }
func (*fastLow) Memory(bits int) Memory   { return memory(bits) }
func (*fastMid) Memory(bits int) Memory   { return memory(bits) }
func (*fastHigh) Memory(bits int) Memory  { return memory(bits) }

// memory is the same for every configuration: the key layout does not
// depend on the window or the mathematics.
func memory(bits int) Memory {
	L := (bits + 63) / 64
	Lp := (bits/2 + 63) / 64
	limbs := 3*L + L + 2*(3*Lp+Lp) + Lp // n, R², R; d; p and q with R², R and dP/dQ; qInv
	const fixed = 8*16 + 2*(8*3*3+16) + 8*3*3 + 64
	return Memory{Key: 8*limbs + fixed}
}

// WorkingMemory returns the bytes of exponentiation working buffer of one
// private-key operation of cfg on a modulus of the given size, with or
// without CRT: the window table of 2^w entries plus the accumulator and the
// selected entry (mp.TableLimbs), of the prime's size with CRT, of the
// modulus's without. The other scratch (input, output, CRT halves, the
// multiplier's accumulator) is stack space of fixed size, measured by the
// lab's stack probe.
func WorkingMemory(cfg Config, bits int, crt bool) int {
	if cfg == nil {
		return 0
	}
	L := (bits + 63) / 64
	if crt {
		L = (bits/2 + 63) / 64
	}
	return 8 * mp.TableLimbs(L, cfg.window())
}

// The private operations: each configuration's own stack table, sized for
// its window and the largest modulus (CRT: the largest prime), and its
// mathematics called statically.

func (*smallLow) privateCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowLow + 2) * mp.MaxHalfLimbs]uint64
	return privateSmall(k, c, t[:], windowLow, out)
}
func (*smallLow) privateNoCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowLow + 2) * mp.MaxLimbs]uint64
	return privateSmall(k, c, t[:], windowLow, out)
}
func (*smallMid) privateCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowMid + 2) * mp.MaxHalfLimbs]uint64
	return privateSmall(k, c, t[:], windowMid, out)
}
func (*smallMid) privateNoCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowMid + 2) * mp.MaxLimbs]uint64
	return privateSmall(k, c, t[:], windowMid, out)
}
func (*smallHigh) privateCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowHigh + 2) * mp.MaxHalfLimbs]uint64
	return privateSmall(k, c, t[:], windowHigh, out)
}
func (*smallHigh) privateNoCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowHigh + 2) * mp.MaxLimbs]uint64
	return privateSmall(k, c, t[:], windowHigh, out)
}
func (*fastLow) privateCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowLow + 2) * mp.MaxHalfLimbs]uint64
	return privateFast(k, c, t[:], windowLow, out)
}
func (*fastLow) privateNoCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowLow + 2) * mp.MaxLimbs]uint64
	return privateFast(k, c, t[:], windowLow, out)
}
func (*fastMid) privateCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowMid + 2) * mp.MaxHalfLimbs]uint64
	return privateFast(k, c, t[:], windowMid, out)
}
func (*fastMid) privateNoCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowMid + 2) * mp.MaxLimbs]uint64
	return privateFast(k, c, t[:], windowMid, out)
}
func (*fastHigh) privateCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowHigh + 2) * mp.MaxHalfLimbs]uint64
	return privateFast(k, c, t[:], windowHigh, out)
}
func (*fastHigh) privateNoCRT(k *PrivateKey, c, out []byte) error {
	var t [(1<<windowHigh + 2) * mp.MaxLimbs]uint64
	return privateFast(k, c, t[:], windowHigh, out)
}

// The private operations returning their result, for decryption: the
// method of the key's kind called statically (a local array passed through
// the interface would be moved to the heap).

func (c *smallLow) private(k *PrivateKey, in []byte) (out [maxBytes]byte, err error) {
	if k.crt != nil {
		err = c.privateCRT(k, in, out[:k.pub.size])
	} else {
		err = c.privateNoCRT(k, in, out[:k.pub.size])
	}
	return
}
func (c *smallMid) private(k *PrivateKey, in []byte) (out [maxBytes]byte, err error) {
	if k.crt != nil {
		err = c.privateCRT(k, in, out[:k.pub.size])
	} else {
		err = c.privateNoCRT(k, in, out[:k.pub.size])
	}
	return
}
func (c *smallHigh) private(k *PrivateKey, in []byte) (out [maxBytes]byte, err error) {
	if k.crt != nil {
		err = c.privateCRT(k, in, out[:k.pub.size])
	} else {
		err = c.privateNoCRT(k, in, out[:k.pub.size])
	}
	return
}
func (c *fastLow) private(k *PrivateKey, in []byte) (out [maxBytes]byte, err error) {
	if k.crt != nil {
		err = c.privateCRT(k, in, out[:k.pub.size])
	} else {
		err = c.privateNoCRT(k, in, out[:k.pub.size])
	}
	return
}
func (c *fastMid) private(k *PrivateKey, in []byte) (out [maxBytes]byte, err error) {
	if k.crt != nil {
		err = c.privateCRT(k, in, out[:k.pub.size])
	} else {
		err = c.privateNoCRT(k, in, out[:k.pub.size])
	}
	return
}
func (c *fastHigh) private(k *PrivateKey, in []byte) (out [maxBytes]byte, err error) {
	if k.crt != nil {
		err = c.privateCRT(k, in, out[:k.pub.size])
	} else {
		err = c.privateNoCRT(k, in, out[:k.pub.size])
	}
	return
}

func (*smallLow) publicVarTime(k *PublicKey, s []byte) (out [maxBytes]byte, err error) {
	err = publicSmall(k, s, &out)
	return
}
func (*smallMid) publicVarTime(k *PublicKey, s []byte) (out [maxBytes]byte, err error) {
	err = publicSmall(k, s, &out)
	return
}
func (*smallHigh) publicVarTime(k *PublicKey, s []byte) (out [maxBytes]byte, err error) {
	err = publicSmall(k, s, &out)
	return
}
func (*fastLow) publicVarTime(k *PublicKey, s []byte) (out [maxBytes]byte, err error) {
	err = publicFast(k, s, &out)
	return
}
func (*fastMid) publicVarTime(k *PublicKey, s []byte) (out [maxBytes]byte, err error) {
	err = publicFast(k, s, &out)
	return
}
func (*fastHigh) publicVarTime(k *PublicKey, s []byte) (out [maxBytes]byte, err error) {
	err = publicFast(k, s, &out)
	return
}

func (*smallLow) modExp(z, x, e []uint64, m *mp.Modulus)  { modExpSmall(z, x, e, m) }
func (*smallMid) modExp(z, x, e []uint64, m *mp.Modulus)  { modExpSmall(z, x, e, m) }
func (*smallHigh) modExp(z, x, e []uint64, m *mp.Modulus) { modExpSmall(z, x, e, m) }
func (*fastLow) modExp(z, x, e []uint64, m *mp.Modulus)   { modExpFast(z, x, e, m) }
func (*fastMid) modExp(z, x, e []uint64, m *mp.Modulus)   { modExpFast(z, x, e, m) }
func (*fastHigh) modExp(z, x, e []uint64, m *mp.Modulus)  { modExpFast(z, x, e, m) }

func (*smallLow) mrWitness(w *mp.Modulus, a, m []uint64, s int) bool {
	return mrWitnessSmall(w, a, m, s)
}
func (*smallMid) mrWitness(w *mp.Modulus, a, m []uint64, s int) bool {
	return mrWitnessSmall(w, a, m, s)
}
func (*smallHigh) mrWitness(w *mp.Modulus, a, m []uint64, s int) bool {
	return mrWitnessSmall(w, a, m, s)
}
func (*fastLow) mrWitness(w *mp.Modulus, a, m []uint64, s int) bool {
	return mrWitnessFast(w, a, m, s)
}
func (*fastMid) mrWitness(w *mp.Modulus, a, m []uint64, s int) bool {
	return mrWitnessFast(w, a, m, s)
}
func (*fastHigh) mrWitness(w *mp.Modulus, a, m []uint64, s int) bool {
	return mrWitnessFast(w, a, m, s)
}
