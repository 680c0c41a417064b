package ecdsa

import (
	"bytes"
	"crypto/ecdh"
	stdecdsa "crypto/ecdsa"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"testing"

	"github.com/cryptolab-go/cryptolab/internal/acvp"
)

// acvpCurve maps an ACVP curve name to ours; P-224 and P-521 are not
// implemented and are skipped (counted, so the test shows what it left out).
func acvpCurve(name string) (Curve, bool) {
	switch name {
	case "P-256":
		return P256, true
	case "P-384":
		return P384, true
	}
	return 0, false
}

func acvpHash(t *testing.T, alg string, msg []byte) []byte {
	switch alg {
	case "SHA2-224":
		s := sha256.Sum224(msg)
		return s[:]
	case "SHA2-256":
		s := sha256.Sum256(msg)
		return s[:]
	case "SHA2-384":
		s := sha512.Sum384(msg)
		return s[:]
	case "SHA2-512":
		s := sha512.Sum512(msg)
		return s[:]
	case "SHA2-512/224":
		s := sha512.Sum512_224(msg)
		return s[:]
	case "SHA2-512/256":
		s := sha512.Sum512_256(msg)
		return s[:]
	case "SHA3-224":
		s := sha3.Sum224(msg)
		return s[:]
	case "SHA3-256":
		s := sha3.Sum256(msg)
		return s[:]
	case "SHA3-384":
		s := sha3.Sum384(msg)
		return s[:]
	case "SHA3-512":
		s := sha3.Sum512(msg)
		return s[:]
	}
	t.Fatalf("unknown hash %q", alg)
	return nil
}

// TestACVP runs the NIST ACVP ECDSA (FIPS186-5) vectors: keyVer (public key
// validation), sigVer (verification, expected pass or fail) and, from
// DetECDSA, sigGen (the expected deterministic signatures must verify with
// the published public key, and our own signature of each message verifies
// here and with crypto/ecdsa), in all four configurations. The pinned data
// has no keyGen or randomised sigGen sets; key generation and signing are
// covered by RFC 6979 and the crypto/ecdsa differential tests.
func TestACVP(t *testing.T) {
	sets := append(acvp.Load(t, "ECDSA"), acvp.Load(t, "DetECDSA")...)
	forEach(t, func(t *testing.T, c Curve, cfg Config) {
		counts := map[string]int{}
		skipped := 0
		signer, err := GenerateKey(cfg, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		stdPriv, err := toStdPriv(signer)
		if err != nil {
			t.Fatal(err)
		}
		stdSigner := &stdPriv.PublicKey
		for _, vs := range sets {
			for _, g := range vs.Groups {
				gc, ok := acvpCurve(g.Fields.String("curve"))
				if !ok {
					skipped += len(g.Tests)
					continue
				}
				if gc != c {
					continue
				}
				for _, tc := range g.Tests {
					switch vs.Mode {
					case "keyVer":
						q := append([]byte{4}, append(tc.Hex("qx"), tc.Hex("qy")...)...)
						_, err := NewPublicKey(cfg, c, q)
						if want := tc.Bool("testPassed"); (err == nil) != want {
							t.Errorf("keyVer tc %d: err %v, want pass=%v", tc.TcID, err, want)
						}
					case "sigVer", "sigGen":
						q := append([]byte{4}, append(tc.Hex("qx"), tc.Hex("qy")...)...)
						pub, err := NewPublicKey(cfg, c, q)
						want := vs.Mode == "sigGen" || tc.Bool("testPassed")
						if err != nil {
							if want {
								t.Errorf("%s tc %d: public key rejected: %v", vs.Mode, tc.TcID, err)
							}
							continue
						}
						digest := acvpHash(t, g.Fields.String("hashAlg"), tc.Hex("message"))
						sig := append(pad(tc.Hex("r"), c.ScalarSize()), pad(tc.Hex("s"), c.ScalarSize())...)
						if len(sig) != 2*c.ScalarSize() {
							// r or s longer than the curve: out of range, invalid.
							if want {
								t.Errorf("%s tc %d: oversized r or s expected to pass", vs.Mode, tc.TcID)
							}
							continue
						}
						if got := Verify(pub, digest, sig, Raw); got != want {
							t.Errorf("%s tc %d (%s): Verify = %v, want %v", vs.Mode, tc.TcID, g.Fields.String("hashAlg"), got, want)
						}
						if vs.Mode == "sigGen" {
							// Our own signature of the same message (the vectors do not
							// publish d) must verify here and with crypto/ecdsa.
							ours, err := Sign(nil, signer, nil, digest, ASN1)
							if err != nil || !Verify(signer.PublicKey(), digest, ours, ASN1) || !stdecdsa.VerifyASN1(stdSigner, digest, ours) {
								t.Errorf("sigGen tc %d: our signature does not verify (%v)", tc.TcID, err)
							}
						}
					default:
						t.Fatalf("unexpected mode %q", vs.Mode)
					}
					counts[vs.Mode]++
				}
			}
		}
		if counts["keyVer"] == 0 || counts["sigVer"] == 0 || counts["sigGen"] == 0 {
			t.Fatalf("vectors missing: %v", counts)
		}
		t.Logf("%v; %d vectors of other curves skipped (P-224, P-521 not implemented)", counts, skipped)
	})
}

// pad left-pads b with zeros to n bytes (ACVP may print short values).
func pad(b []byte, n int) []byte {
	if len(b) >= n {
		return b
	}
	return append(make([]byte, n-len(b)), b...)
}

// TestACVPKeyPairs: the pinned vectors have no ECDSA keyGen set, so key
// derivation (Q = d·G) is checked on the IUT key pairs that the KAS-ECC-SSC
// vectors publish for P-256/P-384 (their expected answer judges the shared
// secret z, not the pair, so the pair is asserted whenever crypto/ecdh
// agrees that it is consistent, and ours must always equal crypto/ecdh's).
func TestACVPKeyPairs(t *testing.T) {
	n := 0
	for _, vs := range acvp.Load(t, "KAS-ECC-SSC") {
		for _, g := range vs.Groups {
			c, ok := acvpCurve(g.Fields.String("domainParameterGenerationMode"))
			if !ok {
				continue
			}
			for _, tc := range g.Tests {
				for _, kind := range []string{"static", "ephemeral"} {
					if !tc.Has(kind+"PrivateIut") || !tc.Has(kind+"PublicIutX") {
						continue
					}
					d := pad(tc.Hex(kind+"PrivateIut"), c.ScalarSize())
					want := append([]byte{4}, append(pad(tc.Hex(kind+"PublicIutX"), c.ScalarSize()), pad(tc.Hex(kind+"PublicIutY"), c.ScalarSize())...)...)
					std, err := map[Curve]ecdh.Curve{P256: ecdh.P256(), P384: ecdh.P384()}[c].NewPrivateKey(d)
					if err != nil {
						t.Fatalf("tc %d: crypto/ecdh rejects d: %v", tc.TcID, err)
					}
					for _, cfg := range Configs() {
						k, err := NewPrivateKey(cfg, c, d)
						if err != nil {
							t.Fatalf("tc %d %s: %v", tc.TcID, cfg, err)
						}
						got := k.PublicKey().Bytes()
						if !bytes.Equal(got, std.PublicKey().Bytes()) {
							t.Errorf("tc %d %s: d·G differs from crypto/ecdh", tc.TcID, cfg)
						}
						if bytes.Equal(std.PublicKey().Bytes(), want) && !bytes.Equal(got, want) {
							t.Errorf("tc %d %s: d·G = %x, published %x", tc.TcID, cfg, got, want)
						}
					}
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no P-256/P-384 key pair in KAS-ECC-SSC")
	}
	t.Logf("%d key pairs checked in %d configurations", n, len(Configs()))
}
