// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"bytes"
	"encoding/binary"

	"github.com/cryptolab-go/cryptolab/internal/keccak"
)

// lmsPublicKey is a parsed LMS public key (RFC 8554, Section 5.3):
// u32str(type) || u32str(otstype) || I || T[1]. 96 bytes.
type lmsPublicKey struct {
	lp lmsParams
	op otsParams
	I  [16]byte
	T1 [maxN]byte // the root, m bytes used
}

// parseLMSPublicKey parses an LMS public key of exactly len(b) bytes,
// checking both typecodes, their pairing and the length.
func parseLMSPublicKey(b []byte) (k lmsPublicKey, ok bool) {
	if len(b) < 8 {
		return k, false
	}
	p := Params{LMS: LMSType(binary.BigEndian.Uint32(b)), OTS: OTSType(binary.BigEndian.Uint32(b[4:]))}
	lp, op, ok := p.lookup()
	if !ok || len(b) != 24+lp.m {
		return lmsPublicKey{}, false
	}
	k.lp, k.op = lp, op
	copy(k.I[:], b[8:24])
	copy(k.T1[:], b[24:])
	return k, true
}

// lmsPublicKeyLen returns the length of the LMS public key at the start of
// b, 24+m, if its typecodes are known and paired and b holds it; 0
// otherwise.
func lmsPublicKeyLen(b []byte) int {
	if len(b) < 8 {
		return 0
	}
	p := Params{LMS: LMSType(binary.BigEndian.Uint32(b)), OTS: OTSType(binary.BigEndian.Uint32(b[4:]))}
	if !p.Valid() {
		return 0
	}
	l := p.PublicKeySize()
	if len(b) < l {
		return 0
	}
	return l
}

// appendLMSPublicKey appends the encoding of k (RFC 8554, Section 5.3).
func (k *lmsPublicKey) append(b []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(k.lp.typ))
	b = binary.BigEndian.AppendUint32(b, uint32(k.op.typ))
	b = append(b, k.I[:]...)
	return append(b, k.T1[:k.lp.m]...)
}

// lmsSigLen returns the length of the LMS signature at the start of sig
// (RFC 8554, Section 5.4), read from its two typecodes, or ok = false if
// a typecode is unknown or sig is shorter than that.
func lmsSigLen(sig []byte) (int, bool) {
	if len(sig) < 8 {
		return 0, false
	}
	op, ok := lookupOTS(OTSType(binary.BigEndian.Uint32(sig[4:])))
	if !ok {
		return 0, false
	}
	o := 4 + op.sigLen()
	if len(sig) < o+4 {
		return 0, false
	}
	lp, ok := lookupLMS(LMSType(binary.BigEndian.Uint32(sig[o:])))
	if !ok {
		return 0, false
	}
	l := o + 4 + lp.m*int(lp.h)
	if len(sig) < l {
		return 0, false
	}
	return l, true
}

// algorithm6a is RFC 8554, Algorithm 6a (with Algorithm 6's final
// comparison): it checks that sig, which must be exactly one LMS signature,
// is a valid signature of msg under the LMS public key pub, whose
// encoding (Section 5.3) has been checked. Algorithm 4b is computed by cfg.
// pub, msg and sig must not be on the caller's stack: I is passed to cfg
// by pointer into pub.
//
// Variable time: verification is over public data only.
func algorithm6a(cfg Config, pub, msg, sig []byte) bool {
	// The key was checked when it was parsed; decode it again here so
	// that the callers hold only slices.
	lp := lmsOf(LMSType(binary.BigEndian.Uint32(pub)))
	op := otsOf(OTSType(binary.BigEndian.Uint32(pub[4:])))
	I := (*[16]byte)(pub[8:24])
	T1 := pub[24:]
	// Steps 2a-2c: q, the LM-OTS typecode (which must be the key's) and
	// the length of the LM-OTS signature.
	if len(sig) < 8 {
		return false
	}
	q := binary.BigEndian.Uint32(sig)
	if OTSType(binary.BigEndian.Uint32(sig[4:])) != op.typ {
		return false
	}
	o := 4 + op.sigLen()
	// Steps 2d-2f: the LMS typecode (the key's), the length, q < 2^h.
	if len(sig) < o+4 || LMSType(binary.BigEndian.Uint32(sig[o:])) != lp.typ {
		return false
	}
	m, h := lp.m, lp.h
	if len(sig) != o+4+m*int(h) || uint64(q) >= 1<<h {
		return false
	}
	// Step 3: Kc, the candidate LM-OTS public key (Algorithm 4b). The
	// message digest Q || Cksm(Q) (its step 3) is computed here rather
	// than inside cfg.algorithm4b, so that the frames of the message hash
	// and of the chain hashes are never stacked (TestVerifyStack).
	C := sig[8 : 8+op.n]
	Qc := messageDigest(op, I, q, C, msg)
	Kc := cfg.algorithm4b(op.typ, I, q, Qc, sig[8+op.n:o])
	// Step 4 and Algorithm 6, step 4: climb from leaf 2^h + q to the root
	// and compare with T[1]. (Public values: no need for a constant-time
	// comparison.)
	var Tc [maxN]byte
	if lp.family == familySHAKE {
		climbSHAKE(Tc[:m], I, h, q, Kc[:m], sig[o+4:])
	} else {
		climbSHA256(Tc[:m], I, h, q, Kc[:m], sig[o+4:])
	}
	return bytes.Equal(Tc[:m], T1)
}

// climbSHA256 is RFC 8554, Algorithm 6a, step 4, with SHA-256: tmp =
// H(I || u32str(2^h+q) || u16str(D_LEAF) || Kc), then for each level
// H(I || u32str(node_num/2) || u16str(D_INTR) || left || right) with
// path[i] on the side node_num's parity says, up to the root, into Tc.
//
//go:noinline
func climbSHA256(Tc []byte, I *[16]byte, h uint, q uint32, Kc, path []byte) {
	m := len(Tc)
	nodeNum := uint32(1)<<h + q
	var s sha256State
	s.reset()
	s.writePrefix(I, nodeNum, dLEAF)
	s.write(Kc)
	s.sum(Tc)
	for i := 0; nodeNum > 1; i++ {
		s.reset()
		s.writePrefix(I, nodeNum/2, dINTR)
		if nodeNum%2 == 1 {
			s.write(path[i*m : (i+1)*m])
			s.write(Tc)
		} else {
			s.write(Tc)
			s.write(path[i*m : (i+1)*m])
		}
		s.sum(Tc)
		nodeNum /= 2
	}
}

// climbSHAKE is climbSHA256 with SHAKE256.
//
//go:noinline
func climbSHAKE(Tc []byte, I *[16]byte, h uint, q uint32, Kc, path []byte) {
	m := len(Tc)
	nodeNum := uint32(1)<<h + q
	var k keccak.SHAKE256
	writePrefixSHAKE(&k, I, nodeNum, dLEAF)
	k.Write(Kc)
	k.Read(Tc)
	for i := 0; nodeNum > 1; i++ {
		k.Reset()
		writePrefixSHAKE(&k, I, nodeNum/2, dINTR)
		if nodeNum%2 == 1 {
			k.Write(path[i*m : (i+1)*m])
			k.Write(Tc)
		} else {
			k.Write(Tc)
			k.Write(path[i*m : (i+1)*m])
		}
		k.Read(Tc)
		nodeNum /= 2
	}
}
