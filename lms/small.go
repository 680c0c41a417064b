// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

// The Small strategy: Algorithm 4b one chain at a time (algorithm4bSHA256
// and algorithm4bSHAKE in ots.go, shared with Fast's one-chain paths; on
// amd64 with the SHA extensions each SHA-256 chain runs in chainSHA256NI),
// no stored chain ends, no tables, no code of its own beyond this.

type smallConfig struct{}

func (*smallConfig) String() string { return "Small" }

func (*smallConfig) Memory(p Params) Memory {
	if !p.Valid() {
		return Memory{}
	}
	return Memory{Key: publicKeyStruct + p.PublicKeySize()}
}

func (*smallConfig) algorithm4b(t OTSType, I *[16]byte, q uint32, Qc digest, y []byte) (Kc [maxN]byte) {
	op := otsOf(t)
	if op.family == familySHAKE {
		algorithm4bSHAKE(Kc[:op.n], op, I, q, &Qc, y)
	} else {
		algorithm4bSHA256(Kc[:op.n], op, I, q, &Qc, y)
	}
	return Kc
}

func (*smallConfig) algorithm1(op otsParams, I [16]byte, q uint32, seed [maxN]byte) [maxN]byte {
	K := algorithm1(&op, &I, q, seed[:op.n])
	clear(seed[:])
	return K
}

func (*smallConfig) algorithm3(dst []byte, op *otsParams, I *[16]byte, q uint32, seed, C, msg []byte) []byte {
	return algorithm3(dst, op, I, q, seed, C, msg)
}
