// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !purego

package sha2

import "github.com/cryptolab-go/cryptolab/internal/cpu"

// blockSHA256NI is blockSHA256 on the SHA extensions (sha256_amd64.s).
//
//go:noescape
func blockSHA256NI(H *[8]uint32, p []byte)

// hasSHANI reports whether blockSHA256NI runs here: SHA256RNDS2 and
// friends, with PSHUFB (SSSE3) and PBLENDW (SSE4.1) around them.
func hasSHANI() bool { return cpu.X86.HasSHA && cpu.X86.HasSSSE3 && cpu.X86.HasSSE41 }

// block256 is the SHA-256 compression function every caller uses: the
// SHA extensions where the processor has them, the unrolled Go code
// otherwise. The features are read at each call (a load and a branch), so
// tests can force the fallback with cpu.Disable.
func block256(H *[8]uint32, p []byte) {
	if len(p) < BlockSize256 {
		return
	}
	if hasSHANI() {
		blockSHA256NI(H, p)
		return
	}
	blockSHA256(H, p)
}

// blockSHA256NIFlow is blockSHA256NI on H in flow order (toFlow).
//
//go:noescape
func blockSHA256NIFlow(H *[8]uint32, p []byte)

// Digest256 keeps H in the order SHA256RNDS2 works in, so that a Write
// hands it to the assembly and back without the shuffles (about 2 ns a
// Write, measured with 64- and 128-byte Writes on AMD EPYC, 3 to 6 % of
// an 8,000-byte flow): words (f, e, b, a, h, g, d, c) of (a, b, ..., h).
// The order is fixed for the build, whatever the processor, so a state
// stays valid when the features read at each call change (cpu.Disable).

// toFlow returns H, in the order of FIPS 180-4, in Digest256's order.
func toFlow(H [8]uint32) [8]uint32 {
	return [8]uint32{H[5], H[4], H[1], H[0], H[7], H[6], H[3], H[2]}
}

// fromFlow undoes toFlow.
func fromFlow(F [8]uint32) [8]uint32 {
	return [8]uint32{F[3], F[2], F[7], F[6], F[1], F[0], F[5], F[4]}
}

// flowBlock256 is block256 on H in Digest256's order: the SHA extensions
// straight on it, or the Go code between two reorderings (8 words each
// way, against a Go block's few hundred nanoseconds).
func flowBlock256(F *[8]uint32, p []byte) {
	if len(p) < BlockSize256 {
		return
	}
	if hasSHANI() {
		blockSHA256NIFlow(F, p)
		return
	}
	H := fromFlow(*F)
	blockSHA256(&H, p)
	*F = toFlow(H)
}

// padSHA256NI writes the padded final block or two of a message to buf
// with whole 16-byte stores (sha256_amd64.s): x[:nx] the tail (nx < 64;
// x is read whole), bits the message length in bits.
//
//go:noescape
func padSHA256NI(buf *[2 * BlockSize256]byte, x *[BlockSize256]byte, nx, bits uint64)

// padEnd is the length of the padded final block or two of a message
// whose last partial block holds nx bytes.
func padEnd(nx uint64) int {
	if nx >= BlockSize256-8 {
		return 2 * BlockSize256
	}
	return BlockSize256
}

// padNI is padSHA256 on the SHA extensions, where the processor has them
// (it reports whether it ran). The buffers are in padTailNI's frame, not
// padSHA256's, so the Go path's stack is what it was without this one.
func padNI(H *[8]uint32, tail []byte, n uint64) bool {
	if !hasSHANI() {
		return false
	}
	padTailNI(H, tail, n)
	return true
}

//go:noinline
func padTailNI(H *[8]uint32, tail []byte, n uint64) {
	var x [BlockSize256]byte
	nx := uint64(copy(x[:], tail))
	var buf [2 * BlockSize256]byte
	padSHA256NI(&buf, &x, nx, n<<3)
	blockSHA256NI(H, buf[:padEnd(nx)])
}

// sumFlowNI sets H to the digest's final hash value (the message d has
// absorbed, padded) on the SHA extensions, where the processor has them,
// and reports whether it ran: the padding by padSHA256NI straight from
// d's buffer and the blocks on d's state in its own order, so H is not
// reordered in Go before the call (its 16-byte loads could not be
// forwarded from word stores; see flowIV).
func sumFlowNI(d *Digest256, H *[8]uint32) bool {
	if !hasSHANI() {
		return false
	}
	*H = sumFlowTailNI(d)
	return true
}

//go:noinline
func sumFlowTailNI(d *Digest256) [8]uint32 {
	F := d.h
	if d.len == 0 && F == [8]uint32{} {
		F = d.flowIV() // a zero value never Reset (see hashValue)
	}
	nx := d.len % BlockSize256
	var buf [2 * BlockSize256]byte
	padSHA256NI(&buf, &d.x, nx, d.len<<3)
	blockSHA256NIFlow(&F, buf[:padEnd(nx)])
	return fromFlow(F)
}

// blockSHA512AVX is blockSHA512, the rounds on general registers (BMI2's
// RORX) and the message schedule on AVX, side by side (sha512_amd64.s).
//
//go:noescape
func blockSHA512AVX(H *[8]uint64, p []byte)

func hasAVXBMI2() bool { return cpu.X86.HasAVX && cpu.X86.HasBMI2 }

// block512 is the SHA-512 compression function every caller uses:
// blockSHA512AVX where the processor has AVX and BMI2 (Intel since
// Haswell, AMD since Excavator), the unrolled Go code otherwise.
func block512(H *[8]uint64, p []byte) {
	if hasAVXBMI2() {
		blockSHA512AVX(H, p)
		return
	}
	blockSHA512(H, p)
}

func implementation256() string {
	if hasSHANI() {
		return "SHA-NI"
	}
	return "Go"
}

func implementation512() string {
	if hasAVXBMI2() {
		return "AVX"
	}
	return "Go"
}
