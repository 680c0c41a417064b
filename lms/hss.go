// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"encoding/binary"
	"errors"
)

// maxLevels is the largest number of HSS levels L (RFC 8554, Section 6).
const maxLevels = 8

var (
	errNilConfig = errors.New("lms: nil Config; use lms.Default(), lms.Small() or lms.Fast()")
	errPublicKey = errors.New("lms: malformed public key")
)

// PublicKey is an HSS public key (RFC 8554, Section 6.1), or a bare LMS
// public key (Section 5.3) if it was parsed with ParseLMSPublicKey. It
// remembers the Config it was parsed with; Verify uses it. It holds 160
// bytes and its 24+m-byte encoding (Config.Memory's Key) and is immutable,
// so it may be used from several goroutines.
type PublicKey struct {
	cfg Config
	L   uint32 // number of HSS levels; 0 for a bare LMS key
	top lmsPublicKey
	raw []byte // the encoded LMS public key, 24+m bytes
}

// ParsePublicKey parses an HSS public key, u32str(L) || pub[0] (RFC 8554,
// Section 6.1), 1 ≤ L ≤ 8, for verification with configuration cfg. Every
// typecode and the exact length are checked.
func ParsePublicKey(cfg Config, b []byte) (*PublicKey, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	if len(b) < 4 {
		return nil, errPublicKey
	}
	L := binary.BigEndian.Uint32(b)
	if L < 1 || L > maxLevels {
		return nil, errPublicKey
	}
	k, ok := parseLMSPublicKey(b[4:])
	if !ok {
		return nil, errPublicKey
	}
	return &PublicKey{cfg: cfg, L: L, top: k, raw: k.append(nil)}, nil
}

// ParseLMSPublicKey parses a bare LMS public key (RFC 8554, Section 5.3)
// for verification with configuration cfg. Verify then expects bare LMS
// signatures (Section 5.4), not HSS ones.
func ParseLMSPublicKey(cfg Config, b []byte) (*PublicKey, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	k, ok := parseLMSPublicKey(b)
	if !ok {
		return nil, errPublicKey
	}
	return &PublicKey{cfg: cfg, top: k, raw: k.append(nil)}, nil
}

// Bytes returns the encoding of pk: the HSS public key, or the bare LMS
// public key. A nil key gives nil.
func (pk *PublicKey) Bytes() []byte {
	if pk == nil {
		return nil
	}
	var b []byte
	if pk.L != 0 {
		b = binary.BigEndian.AppendUint32(b, pk.L)
	}
	return pk.top.append(b)
}

// Levels returns L, the number of HSS levels, or 0 for a bare LMS key.
func (pk *PublicKey) Levels() int {
	if pk == nil {
		return 0
	}
	return int(pk.L)
}

// Params returns the parameter sets of the top-level tree.
func (pk *PublicKey) Params() Params {
	if pk == nil {
		return Params{}
	}
	return Params{LMS: pk.top.lp.typ, OTS: pk.top.op.typ}
}

// Config returns the configuration pk verifies with.
func (pk *PublicKey) Config() Config {
	if pk == nil {
		return nil
	}
	return pk.cfg
}

// Verify reports whether sig is a valid signature of msg under pk: an HSS
// signature (RFC 8554, Section 6.3, Algorithm 8 with the parsing of
// Section 6.2), or a bare LMS signature (Algorithm 6a) for a key from
// ParseLMSPublicKey. Malformed, truncated or trailing input is invalid; a
// nil key or Config is invalid too. It allocates nothing.
func (pk *PublicKey) Verify(msg, sig []byte) bool {
	if pk == nil || pk.cfg == nil {
		return false
	}
	if pk.L == 0 {
		return algorithm6a(pk.cfg, pk.raw, msg, sig)
	}
	return hssVerify(pk.cfg, pk.L, pk.raw, msg, sig)
}

// hssVerify is RFC 8554, Section 6.3 (Algorithm 8, "Verifying an HSS
// signature"), parsing as in Section 6.2: Nspk must be L-1; each signed
// public key is verified with the key above it, and the message with the
// last. The keys inside the signature are used where they lie, not
// copied: the stack holds only their decoded parameters and I.
func hssVerify(cfg Config, L uint32, top, msg, sig []byte) bool {
	if len(sig) < 4 {
		return false
	}
	Nspk := binary.BigEndian.Uint32(sig)
	if Nspk+1 != L {
		return false
	}
	sig = sig[4:]
	key := top
	for i := uint32(0); i < Nspk; i++ {
		l, ok := lmsSigLen(sig)
		if !ok {
			return false
		}
		s := sig[:l]
		sig = sig[l:]
		if len(sig) < 4 {
			return false
		}
		pl := lmsPublicKeyLen(sig)
		if pl == 0 {
			return false
		}
		pub := sig[:pl]
		sig = sig[pl:]
		if !algorithm6a(cfg, key, pub, s) {
			return false
		}
		key = pub
	}
	return algorithm6a(cfg, key, msg, sig)
}
