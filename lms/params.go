// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import "strconv"

// OTSType is an LM-OTS typecode: RFC 8554, Section 4.1 (SHA-256, n = 32)
// and NIST SP 800-208, Section 4.1 (SHA-256/192, SHAKE256/256 and
// SHAKE256/192), as registered by IANA.
type OTSType uint32

// The LM-OTS parameter sets. N is the hash output length n in bytes, W the
// Winternitz parameter w in bits.
const (
	LMOTS_SHA256_N32_W1 OTSType = 0x01
	LMOTS_SHA256_N32_W2 OTSType = 0x02
	LMOTS_SHA256_N32_W4 OTSType = 0x03
	LMOTS_SHA256_N32_W8 OTSType = 0x04
	LMOTS_SHA256_N24_W1 OTSType = 0x05
	LMOTS_SHA256_N24_W2 OTSType = 0x06
	LMOTS_SHA256_N24_W4 OTSType = 0x07
	LMOTS_SHA256_N24_W8 OTSType = 0x08
	LMOTS_SHAKE_N32_W1  OTSType = 0x09
	LMOTS_SHAKE_N32_W2  OTSType = 0x0a
	LMOTS_SHAKE_N32_W4  OTSType = 0x0b
	LMOTS_SHAKE_N32_W8  OTSType = 0x0c
	LMOTS_SHAKE_N24_W1  OTSType = 0x0d
	LMOTS_SHAKE_N24_W2  OTSType = 0x0e
	LMOTS_SHAKE_N24_W4  OTSType = 0x0f
	LMOTS_SHAKE_N24_W8  OTSType = 0x10
)

// LMSType is an LMS typecode: RFC 8554, Section 5.1 and NIST SP 800-208,
// Section 4.2.
type LMSType uint32

// The LMS parameter sets. M is the hash output length m in bytes, H the
// tree height h (2^h one-time keys).
const (
	LMS_SHA256_M32_H5  LMSType = 0x05
	LMS_SHA256_M32_H10 LMSType = 0x06
	LMS_SHA256_M32_H15 LMSType = 0x07
	LMS_SHA256_M32_H20 LMSType = 0x08
	LMS_SHA256_M32_H25 LMSType = 0x09
	LMS_SHA256_M24_H5  LMSType = 0x0a
	LMS_SHA256_M24_H10 LMSType = 0x0b
	LMS_SHA256_M24_H15 LMSType = 0x0c
	LMS_SHA256_M24_H20 LMSType = 0x0d
	LMS_SHA256_M24_H25 LMSType = 0x0e
	LMS_SHAKE_M32_H5   LMSType = 0x0f
	LMS_SHAKE_M32_H10  LMSType = 0x10
	LMS_SHAKE_M32_H15  LMSType = 0x11
	LMS_SHAKE_M32_H20  LMSType = 0x12
	LMS_SHAKE_M32_H25  LMSType = 0x13
	LMS_SHAKE_M24_H5   LMSType = 0x14
	LMS_SHAKE_M24_H10  LMSType = 0x15
	LMS_SHAKE_M24_H15  LMSType = 0x16
	LMS_SHAKE_M24_H20  LMSType = 0x17
	LMS_SHAKE_M24_H25  LMSType = 0x18
)

// hashFamily is the hash function H of a parameter set: SHA-256 truncated
// to n bytes (n = 32 is SHA-256 itself, n = 24 is SP 800-208's SHA-256/192)
// or SHAKE256 with an n-byte output.
type hashFamily uint8

const (
	familySHA256 hashFamily = iota
	familySHAKE
)

// otsParams are the LM-OTS parameters of RFC 8554, Section 4.1, Table 1
// (and SP 800-208, Section 4.1): n bytes per hash, w bits per Winternitz
// digit, p chains, and the left shift ls of the checksum (Appendix B).
type otsParams struct {
	typ    OTSType
	family hashFamily
	n      int
	w      uint
	p      int
	ls     uint
}

// lmsParams are the LMS parameters of RFC 8554, Section 5.1: m bytes per
// hash and tree height h.
type lmsParams struct {
	typ    LMSType
	family hashFamily
	m      int
	h      uint
}

// maxN is the largest n (and m); maxP the largest p (n = 32, w = 1);
// maxH the largest h.
const (
	maxN = 32
	maxP = 265
	maxH = 25
)

// otsTable holds the LM-OTS parameter sets by typecode (index t-1): RFC
// 8554, Section 4.1, Table 1 and SP 800-208, Section 4.1. p and ls follow
// from RFC 8554, Appendix B; TestOTSParams recomputes them. The
// verification path uses pointers into these tables so that its frames
// hold one word per parameter set rather than a copy (TestVerifyStack).
var otsTable = [16]otsParams{
	{0x01, familySHA256, 32, 1, 265, 7},
	{0x02, familySHA256, 32, 2, 133, 6},
	{0x03, familySHA256, 32, 4, 67, 4},
	{0x04, familySHA256, 32, 8, 34, 0},
	{0x05, familySHA256, 24, 1, 200, 8},
	{0x06, familySHA256, 24, 2, 101, 6},
	{0x07, familySHA256, 24, 4, 51, 4},
	{0x08, familySHA256, 24, 8, 26, 0},
	{0x09, familySHAKE, 32, 1, 265, 7},
	{0x0a, familySHAKE, 32, 2, 133, 6},
	{0x0b, familySHAKE, 32, 4, 67, 4},
	{0x0c, familySHAKE, 32, 8, 34, 0},
	{0x0d, familySHAKE, 24, 1, 200, 8},
	{0x0e, familySHAKE, 24, 2, 101, 6},
	{0x0f, familySHAKE, 24, 4, 51, 4},
	{0x10, familySHAKE, 24, 8, 26, 0},
}

// lmsTable holds the LMS parameter sets by typecode (index t-5): RFC 8554,
// Section 5.1 and SP 800-208, Section 4.2.
var lmsTable = [20]lmsParams{
	{0x05, familySHA256, 32, 5},
	{0x06, familySHA256, 32, 10},
	{0x07, familySHA256, 32, 15},
	{0x08, familySHA256, 32, 20},
	{0x09, familySHA256, 32, 25},
	{0x0a, familySHA256, 24, 5},
	{0x0b, familySHA256, 24, 10},
	{0x0c, familySHA256, 24, 15},
	{0x0d, familySHA256, 24, 20},
	{0x0e, familySHA256, 24, 25},
	{0x0f, familySHAKE, 32, 5},
	{0x10, familySHAKE, 32, 10},
	{0x11, familySHAKE, 32, 15},
	{0x12, familySHAKE, 32, 20},
	{0x13, familySHAKE, 32, 25},
	{0x14, familySHAKE, 24, 5},
	{0x15, familySHAKE, 24, 10},
	{0x16, familySHAKE, 24, 15},
	{0x17, familySHAKE, 24, 20},
	{0x18, familySHAKE, 24, 25},
}

// lookupOTS returns the parameters of typecode t, or ok = false for a
// typecode this package does not know.
func lookupOTS(t OTSType) (op otsParams, ok bool) {
	if p := otsOf(t); p != nil {
		return *p, true
	}
	return otsParams{}, false
}

// otsOf returns the table entry of typecode t, or nil.
func otsOf(t OTSType) *otsParams {
	if t < 1 || t > 0x10 {
		return nil
	}
	return &otsTable[t-1]
}

// lookupLMS returns the parameters of typecode t, or ok = false for a
// typecode this package does not know.
func lookupLMS(t LMSType) (lp lmsParams, ok bool) {
	if p := lmsOf(t); p != nil {
		return *p, true
	}
	return lmsParams{}, false
}

// lmsOf returns the table entry of typecode t, or nil.
func lmsOf(t LMSType) *lmsParams {
	if t < 5 || t > 0x18 {
		return nil
	}
	return &lmsTable[t-5]
}

// String returns the registry name, "LMOTS_SHA256_N32_W8" for example.
func (t OTSType) String() string {
	op, ok := lookupOTS(t)
	if !ok {
		return "OTSType(" + strconv.FormatUint(uint64(t), 10) + ")"
	}
	return "LMOTS_" + op.family.String() + "_N" + strconv.Itoa(op.n) + "_W" + strconv.Itoa(int(op.w))
}

// String returns the registry name, "LMS_SHA256_M32_H10" for example.
func (t LMSType) String() string {
	lp, ok := lookupLMS(t)
	if !ok {
		return "LMSType(" + strconv.FormatUint(uint64(t), 10) + ")"
	}
	return "LMS_" + lp.family.String() + "_M" + strconv.Itoa(lp.m) + "_H" + strconv.Itoa(int(lp.h))
}

func (f hashFamily) String() string {
	if f == familySHAKE {
		return "SHAKE"
	}
	return "SHA256"
}

// Params names one LMS tree: its LMS and LM-OTS parameter sets. The hash
// function and output length of the two must agree (n = m), as in every
// pairing SP 800-208 defines; Valid says whether they do.
type Params struct {
	LMS LMSType
	OTS OTSType
}

// Valid reports whether p names known parameter sets that this package
// accepts together.
func (p Params) Valid() bool {
	_, _, ok := p.lookup()
	return ok
}

func (p Params) lookup() (lmsParams, otsParams, bool) {
	lp, ok1 := lookupLMS(p.LMS)
	op, ok2 := lookupOTS(p.OTS)
	if !ok1 || !ok2 || lp.family != op.family || lp.m != op.n {
		return lmsParams{}, otsParams{}, false
	}
	return lp, op, true
}

// String returns "LMS_SHA256_M32_H10/LMOTS_SHA256_N32_W8" for example.
func (p Params) String() string { return p.LMS.String() + "/" + p.OTS.String() }

// otsSigLen is the length of an LM-OTS signature (RFC 8554, Section 4.5):
// the typecode, C and p hashes.
func (op *otsParams) sigLen() int { return 4 + op.n*(op.p+1) }

// PublicKeySize returns the length of an LMS public key of these
// parameters (RFC 8554, Section 5.3): 24 + m. An HSS public key adds 4.
func (p Params) PublicKeySize() int {
	lp, _, ok := p.lookup()
	if !ok {
		return 0
	}
	return 24 + lp.m
}

// SignatureSize returns the length of an LMS signature of these parameters
// (RFC 8554, Section 5.4): 12 + n(p+1) + mh.
func (p Params) SignatureSize() int {
	lp, op, ok := p.lookup()
	if !ok {
		return 0
	}
	return 8 + op.sigLen() + lp.m*int(lp.h)
}
