// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"bytes"
	"encoding/binary"
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
// is a valid signature of msg under the LMS public key k. Algorithm 4b is
// computed by cfg.
//
// Variable time: verification is over public data only.
func algorithm6a(cfg Config, k *lmsPublicKey, msg, sig []byte) bool {
	// Steps 2a-2c: q, the LM-OTS typecode (which must be the key's) and
	// the length of the LM-OTS signature.
	if len(sig) < 8 {
		return false
	}
	q := binary.BigEndian.Uint32(sig)
	if OTSType(binary.BigEndian.Uint32(sig[4:])) != k.op.typ {
		return false
	}
	op, lp := k.op, k.lp
	o := 4 + op.sigLen()
	// Steps 2d-2f: the LMS typecode (the key's), the length, q < 2^h.
	if len(sig) < o+4 || LMSType(binary.BigEndian.Uint32(sig[o:])) != lp.typ {
		return false
	}
	m, h := lp.m, lp.h
	if len(sig) != o+4+m*int(h) || uint64(q) >= 1<<h {
		return false
	}
	otsSig := sig[4:o]
	path := sig[o+4:]

	// Step 3: Kc, the candidate LM-OTS public key (Algorithm 4b).
	Kc := cfg.algorithm4b(op, k.I, q, otsSig, msg)

	// Step 4: climb from leaf 2^h + q to the root.
	var h2 hasher
	nodeNum := uint32(1)<<h + q
	var tmp [maxN]byte
	h2.init(lp.family)
	h2.writePrefix(&k.I, nodeNum, dLEAF)
	h2.write(Kc[:m])
	h2.sum(tmp[:m])
	for i := 0; nodeNum > 1; i++ {
		h2.init(lp.family)
		h2.writePrefix(&k.I, nodeNum/2, dINTR)
		if nodeNum%2 == 1 {
			h2.write(path[i*m : (i+1)*m])
			h2.write(tmp[:m])
		} else {
			h2.write(tmp[:m])
			h2.write(path[i*m : (i+1)*m])
		}
		h2.sum(tmp[:m])
		nodeNum /= 2
	}
	// Algorithm 6, step 4: the candidate root equals T[1]. (Public values:
	// no need for a constant-time comparison.)
	return bytes.Equal(tmp[:m], k.T1[:m])
}
