// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa_test

import (
	"bytes"
	"crypto"
	"crypto/rand"
	_ "crypto/sha256"
	"crypto/sha3"
	_ "crypto/sha512"
	"encoding/hex"
	"fmt"
	"os"
	"testing"

	"filippo.io/mldsa/mldsacrypto"

	fmldsa "filippo.io/mldsa"
	csign "github.com/cloudflare/circl/sign"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"

	"github.com/cryptolab-go/cryptolab/mldsa"
)

// ours is the per-set API of this package behind one shape.
type ours struct {
	n       int
	sigSize int
	circl   csign.Scheme
	filippo fmldsa.Parameters
	newKey  func(cfg mldsa.Config, seed []byte) (signer, error)
	newPub  func(cfg mldsa.Config, pk []byte) (verifier, error)
}

type signer interface {
	crypto.Signer
	SignTo(sig, message []byte, opts *mldsa.SignerOpts) error
	ExpandedBytes() []byte
	pub() verifier
}

type verifier interface {
	Verify(sig, message []byte, opts *mldsa.SignerOpts) error
	Bytes() []byte
}

type k44 struct{ *mldsa.PrivateKey44 }
type k65 struct{ *mldsa.PrivateKey65 }
type k87 struct{ *mldsa.PrivateKey87 }

func (k k44) pub() verifier { return k.PublicKey() }
func (k k65) pub() verifier { return k.PublicKey() }
func (k k87) pub() verifier { return k.PublicKey() }

var oursSets = []ours{
	{44, mldsa.SignatureSize44, mldsa44.Scheme(), fmldsa.MLDSA44(),
		func(c mldsa.Config, s []byte) (signer, error) {
			k, err := mldsa.NewPrivateKey44(c, s)
			return k44{k}, err
		},
		func(c mldsa.Config, b []byte) (verifier, error) { return mldsa.NewPublicKey44(c, b) }},
	{65, mldsa.SignatureSize65, mldsa65.Scheme(), fmldsa.MLDSA65(),
		func(c mldsa.Config, s []byte) (signer, error) {
			k, err := mldsa.NewPrivateKey65(c, s)
			return k65{k}, err
		},
		func(c mldsa.Config, b []byte) (verifier, error) { return mldsa.NewPublicKey65(c, b) }},
	{87, mldsa.SignatureSize87, mldsa87.Scheme(), fmldsa.MLDSA87(),
		func(c mldsa.Config, s []byte) (signer, error) {
			k, err := mldsa.NewPrivateKey87(c, s)
			return k87{k}, err
		},
		func(c mldsa.Config, b []byte) (verifier, error) { return mldsa.NewPublicKey87(c, b) }},
}

// bothConfigs are the configurations every test runs: Fast, LowRAM and,
// on a processor with AVX2, Native (elsewhere Native() is Fast(); the
// Native strategy itself is tested on every machine, on both x4 Keccak
// paths, by internal/mldsa's TestNativeMatchesFast).
var bothConfigs = func() []mldsa.Config {
	c := []mldsa.Config{mldsa.Fast(), mldsa.LowRAM()}
	if mldsa.Native() != mldsa.Fast() {
		c = append(c, mldsa.Native())
	}
	return c
}()

// TestDifferential compares, for random seeds, messages and contexts, both
// configurations with circl and filippo.io/mldsa in both directions: keys
// from the same seed equal byte for byte (public key with both, expanded
// private key with circl); deterministic signatures equal; hedged
// signatures made here verify there and theirs verify here; and all
// verifiers agree on mutated signatures.
func TestDifferential(t *testing.T) {
	for _, s := range oursSets {
		for _, cfg := range bothConfigs {
			for i := range 8 {
				seed := make([]byte, 32)
				rand.Read(seed)
				msg := make([]byte, i*37)
				rand.Read(msg)
				ctx := make([]byte, (i*61)%256)
				rand.Read(ctx)
				name := fmt.Sprintf("ML-DSA-%d %v seed %x", s.n, cfg, seed)

				sk, err := s.newKey(cfg, seed)
				if err != nil {
					t.Fatal(err)
				}
				cpk, csk := s.circl.DeriveKey(seed)
				fsk, err := fmldsa.NewPrivateKey(s.filippo, seed)
				if err != nil {
					t.Fatal(err)
				}
				cpkb, _ := cpk.MarshalBinary()
				cskb, _ := csk.MarshalBinary()
				if !bytes.Equal(sk.pub().Bytes(), cpkb) || !bytes.Equal(sk.pub().Bytes(), fsk.PublicKey().Bytes()) {
					t.Fatalf("%s: public keys differ", name)
				}
				if !bytes.Equal(sk.ExpandedBytes(), cskb) {
					t.Fatalf("%s: expanded private keys differ", name)
				}

				// Deterministic signatures.
				det := &mldsa.SignerOpts{Context: ctx, Deterministic: true}
				sig, err := sk.Sign(nil, msg, det)
				if err != nil {
					t.Fatal(err)
				}
				csig := s.circl.Sign(csk, msg, &csign.SignatureOpts{Context: string(ctx)})
				fsig, err := fsk.SignDeterministic(msg, &fmldsa.Options{Context: string(ctx)})
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(sig, csig) || !bytes.Equal(sig, fsig) {
					t.Fatalf("%s: deterministic signatures differ", name)
				}

				// Hedged, both directions.
				opts := &mldsa.SignerOpts{Context: ctx}
				hsig, _ := sk.Sign(nil, msg, opts)
				if bytes.Equal(hsig, sig) {
					t.Fatalf("%s: hedged signature equals the deterministic one", name)
				}
				if !s.circl.Verify(cpk, msg, hsig, &csign.SignatureOpts{Context: string(ctx)}) {
					t.Fatalf("%s: circl rejects our signature", name)
				}
				if err := fmldsa.Verify(fsk.PublicKey(), msg, hsig, &fmldsa.Options{Context: string(ctx)}); err != nil {
					t.Fatalf("%s: filippo.io/mldsa rejects our signature: %v", name, err)
				}
				fh, _ := fsk.Sign(nil, msg, &fmldsa.Options{Context: string(ctx)})
				for _, peer := range [][]byte{fh, csig} {
					if err := sk.pub().Verify(peer, msg, opts); err != nil {
						t.Fatalf("%s: we reject a peer signature: %v", name, err)
					}
				}
				pk, err := s.newPub(cfg, cpkb)
				if err != nil {
					t.Fatal(err)
				}
				if err := pk.Verify(fh, msg, opts); err != nil {
					t.Fatalf("%s: parsed key rejects a peer signature: %v", name, err)
				}

				// Mutations: every verifier agrees.
				for range 16 {
					m := append([]byte(nil), hsig...)
					pos := int(randByte())<<8 | int(randByte())
					m[pos%len(m)] ^= 1 << (randByte() % 8)
					ours := pk.Verify(m, msg, opts) == nil
					c := s.circl.Verify(cpk, msg, m, &csign.SignatureOpts{Context: string(ctx)})
					f := fmldsa.Verify(fsk.PublicKey(), msg, m, &fmldsa.Options{Context: string(ctx)}) == nil
					if ours != c || ours != f {
						t.Fatalf("%s: mutated signature at %d: ours %v circl %v filippo %v", name, pos%len(m), ours, c, f)
					}
				}
				if pk.Verify(hsig, msg, &mldsa.SignerOpts{Context: append(ctx, 0)}) == nil {
					t.Fatalf("%s: verifies under another context", name)
				}
			}
		}
	}
}

func randByte() byte {
	var b [1]byte
	rand.Read(b[:])
	return b[0]
}

// TestHashMLDSAAndExternalMu checks HashML-DSA (FIPS 204, Algorithm 4) and
// the external-μ interface against filippo.io/mldsa's external-μ signing:
// μ = SHAKE256(tr ‖ 1 ‖ |ctx| ‖ ctx ‖ OID ‖ PH(M), 64) is computed here with
// the standard library (crypto/sha3, and crypto/sha256 etc. via
// crypto.Hash), independently of this package, and the deterministic
// signatures must be equal; each signature must verify here with the same
// options and not with others. No ACVP pre-hash vectors exist in the
// pinned sets (see TestACVP).
func TestHashMLDSAAndExternalMu(t *testing.T) {
	oid := func(arc byte) []byte { return []byte{6, 9, 0x60, 0x86, 0x48, 1, 0x65, 3, 4, 2, arc} }
	hashes := []struct {
		ph    mldsa.PreHash
		h     crypto.Hash
		shake int
		arc   byte
	}{
		{mldsa.SHA256, crypto.SHA256, 0, 1}, {mldsa.SHA384, crypto.SHA384, 0, 2}, {mldsa.SHA512, crypto.SHA512, 0, 3},
		{mldsa.SHA224, crypto.SHA224, 0, 4}, {mldsa.SHA512_224, crypto.SHA512_224, 0, 5}, {mldsa.SHA512_256, crypto.SHA512_256, 0, 6},
		{mldsa.SHA3_224, crypto.SHA3_224, 0, 7}, {mldsa.SHA3_256, crypto.SHA3_256, 0, 8}, {mldsa.SHA3_384, crypto.SHA3_384, 0, 9},
		{mldsa.SHA3_512, crypto.SHA3_512, 0, 10}, {mldsa.SHAKE128, 0, 128, 11}, {mldsa.SHAKE256, 0, 256, 12},
	}
	msg := []byte("HashML-DSA test message")
	ctx := []byte("context")
	for _, s := range oursSets {
		seed := make([]byte, 32)
		seed[0] = byte(s.n)
		fsk, _ := fmldsa.NewPrivateKey(s.filippo, seed)
		tr := make([]byte, 64)
		x := sha3.NewSHAKE256()
		x.Write(fsk.PublicKey().Bytes())
		x.Read(tr)
		for _, cfg := range bothConfigs {
			sk, _ := s.newKey(cfg, seed)
			for _, hh := range hashes {
				var digest []byte
				switch hh.shake {
				case 128:
					digest = sha3.SumSHAKE128(msg, 32)
				case 256:
					digest = sha3.SumSHAKE256(msg, 64)
				default:
					h := hh.h.New()
					h.Write(msg)
					digest = h.Sum(nil)
				}
				if ours, err := hh.ph.Sum(msg); err != nil || !bytes.Equal(ours, digest) {
					t.Fatalf("%v.Sum differs from the standard library: %v", hh.ph, err)
				}
				mu := make([]byte, 64)
				x := sha3.NewSHAKE256()
				x.Write(tr)
				x.Write([]byte{1, byte(len(ctx))})
				x.Write(ctx)
				x.Write(oid(hh.arc))
				x.Write(digest)
				x.Read(mu)
				want, err := fsk.SignDeterministic(mu, mldsacrypto.MLDSAMu)
				if err != nil {
					t.Fatal(err)
				}
				opts := &mldsa.SignerOpts{Context: ctx, PreHash: hh.ph, Deterministic: true}
				got, err := sk.Sign(nil, digest, opts)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("ML-DSA-%d %v HashML-DSA %v: signature differs from filippo.io/mldsa's over the same μ", s.n, cfg, hh.ph)
				}
				if err := sk.pub().Verify(got, digest, opts); err != nil {
					t.Fatalf("HashML-DSA %v: %v", hh.ph, err)
				}
				if sk.pub().Verify(got, digest, &mldsa.SignerOpts{Context: ctx}) == nil {
					t.Fatalf("HashML-DSA %v signature verifies as pure ML-DSA", hh.ph)
				}
				// The same through external μ, and through crypto.Signer
				// with a crypto.Hash.
				gotMu, err := sk.Sign(nil, mu, &mldsa.SignerOpts{ExternalMu: true, Deterministic: true})
				if err != nil || !bytes.Equal(gotMu, want) {
					t.Fatalf("external μ signature differs: %v", err)
				}
				if err := sk.pub().Verify(got, mu, &mldsa.SignerOpts{ExternalMu: true}); err != nil {
					t.Fatalf("external μ verification: %v", err)
				}
				if hh.h != 0 && len(ctx) > 0 {
					sig, err := sk.Sign(rand.Reader, digest, hh.h)
					if err != nil {
						t.Fatal(err)
					}
					if err := sk.pub().Verify(sig, digest, &mldsa.SignerOpts{PreHash: hh.ph}); err != nil {
						t.Fatalf("crypto.Signer with %v: %v", hh.h, err)
					}
				}
			}
		}
	}
}

// TestAccumulated derives 400 keys per parameter set (1,200 in all; 10,000 per set with
// CRYPTOLAB_LONG=1) from seeds drawn from a SHAKE128 stream, signs a
// message from the same stream deterministically with each, and hashes
// every public key, expanded private key and signature into one digest per
// set; circl does the same and the digests must be equal. Both
// configurations take part (alternating keys; Native too where it is its own).
func TestAccumulated(t *testing.T) {
	count := 400
	if os.Getenv("CRYPTOLAB_LONG") == "1" {
		count = 10000
	}
	if testing.Short() {
		count = 100
	}
	for _, s := range oursSets {
		src := sha3.NewSHAKE128()
		src.Write([]byte(fmt.Sprintf("cryptolab ML-DSA-%d accumulated", s.n)))
		ours, theirs := sha3.NewSHAKE128(), sha3.NewSHAKE128()
		seed := make([]byte, 32)
		msg := make([]byte, 48)
		sig := make([]byte, s.sigSize)
		for i := range count {
			src.Read(seed)
			src.Read(msg)
			sk, err := s.newKey(bothConfigs[i%len(bothConfigs)], seed)
			if err != nil {
				t.Fatal(err)
			}
			if err := sk.SignTo(sig, msg, &mldsa.SignerOpts{Deterministic: true}); err != nil {
				t.Fatal(err)
			}
			ours.Write(sk.pub().Bytes())
			ours.Write(sk.ExpandedBytes())
			ours.Write(sig)

			cpk, csk := s.circl.DeriveKey(seed)
			b, _ := cpk.MarshalBinary()
			theirs.Write(b)
			b, _ = csk.MarshalBinary()
			theirs.Write(b)
			theirs.Write(s.circl.Sign(csk, msg, nil))
		}
		a, b := make([]byte, 32), make([]byte, 32)
		ours.Read(a)
		theirs.Read(b)
		if !bytes.Equal(a, b) {
			t.Errorf("ML-DSA-%d: accumulated digest %x, circl %x", s.n, a, b)
		}
		t.Logf("ML-DSA-%d: %d keys and signatures, digest %s", s.n, count, hex.EncodeToString(a))
	}
}
