// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

import "github.com/cryptolab-go/cryptolab/internal/keccak"

// MessageKind says how a [Message] becomes μ.
type MessageKind uint8

const (
	// Pure is ML-DSA.Sign/Verify (FIPS 204, Algorithms 2 and 3):
	// M′ = 0 ‖ |ctx| ‖ ctx ‖ M.
	Pure MessageKind = iota
	// PreHash is HashML-DSA.Sign/Verify (Algorithms 4 and 5):
	// M′ = 1 ‖ |ctx| ‖ ctx ‖ OID ‖ PH_M.
	PreHash
	// ExternalMu gives μ itself (M holds the 64 bytes), the external-μ
	// interface of ACVP and RFC 9881.
	ExternalMu
	// Internal signs M′ = M as given (ML-DSA.Sign_internal's input), for the
	// ACVP "internal" interface tests.
	Internal
)

// Message is a message representative: what Sign_internal and
// Verify_internal (FIPS 204, Algorithms 7 and 8) hash into μ. It is passed
// by value so that nothing the caller hands in escapes to the heap: the
// slices are the caller's memory and PH a copy.
type Message struct {
	Kind  MessageKind
	Ctx   []byte // at most 255 bytes (checked by the caller)
	M     []byte // M, PH_M's source is not needed: see PH
	OID   []byte // DER OID of the pre-hash function (PreHash)
	PH    [64]byte
	PHLen int
}

// Mu returns μ = H(BytesToBits(tr) ‖ M′, 64) (FIPS 204, Algorithm 7, and Algorithm 8), streaming M′ into SHAKE256 without
// building it.
func (m *Message) Mu(tr *[TrSize]byte) (μ [MuSize]byte) {
	if m.Kind == ExternalMu {
		copy(μ[:], m.M)
		return
	}
	var h keccak.SHAKE256
	h.Write(tr[:])
	switch m.Kind {
	case Pure:
		h.Write([]byte{0, byte(len(m.Ctx))})
		h.Write(m.Ctx)
		h.Write(m.M)
	case PreHash:
		h.Write([]byte{1, byte(len(m.Ctx))})
		h.Write(m.Ctx)
		h.Write(m.OID)
		h.Write(m.PH[:m.PHLen])
	case Internal:
		h.Write(m.M)
	}
	h.Read(μ[:])
	return
}

// expandSeed returns (ρ, ρ′, K) = H(ξ ‖ IntegerToBytes(k, 1) ‖
// IntegerToBytes(ℓ, 1), 128) (FIPS 204, Algorithm 6).
func expandSeed(p *Params, ξ *[SeedSize]byte) (ρ [32]byte, ρp [64]byte, K [32]byte) {
	var h keccak.SHAKE256
	h.Write(ξ[:])
	h.Write([]byte{byte(p.K), byte(p.L)})
	h.Read(ρ[:])
	h.Read(ρp[:])
	h.Read(K[:])
	return
}

// rhoPrimePrime returns ρ″ = H(K ‖ rnd ‖ μ, 64) (FIPS 204, Algorithm 7).
func rhoPrimePrime(K *[32]byte, rnd *[RndSize]byte, μ *[MuSize]byte) (ρpp [64]byte) {
	var h keccak.SHAKE256
	h.Write(K[:])
	h.Write(rnd[:])
	h.Write(μ[:])
	h.Read(ρpp[:])
	return
}

// Tr returns tr = H(pk, 64) (FIPS 204, Algorithm 6).
func Tr(pk []byte) (tr [TrSize]byte) {
	keccak.ShakeSum256(tr[:], pk)
	return
}
