package ecdsa

import (
	stdecdsa "crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"testing"
)

// BenchmarkECDSA measures the published operations — signature and
// verification of a SHA-256 digest — for every configuration and for the
// standard library (impl=go) under the same names:
//
//	BenchmarkECDSA/P256/Sign/impl=Fast-High
//	BenchmarkECDSA/P384/Verify/impl=go
func BenchmarkECDSA(b *testing.B) {
	digest := sha256.Sum256([]byte("cryptolab"))
	for _, c := range curvesUnderTest {
		name := map[Curve]string{P256: "P256", P384: "P384"}[c]
		for _, op := range []string{"Sign", "Verify"} {
			for _, cfg := range Configs() {
				b.Run(name+"/"+op+"/impl="+cfg.String(), func(b *testing.B) {
					priv, err := GenerateKey(cfg, c, nil)
					if err != nil {
						b.Fatal(err)
					}
					buf := make([]byte, 0, MaxSignatureSize(c, ASN1))
					sig, _ := Sign(buf, priv, nil, digest[:], ASN1)
					sig = append([]byte(nil), sig...)
					b.ReportAllocs()
					if op == "Sign" {
						for b.Loop() {
							if _, err := Sign(buf[:0], priv, rand.Reader, digest[:], ASN1); err != nil {
								b.Fatal(err)
							}
						}
					} else {
						pub := priv.PublicKey()
						for b.Loop() {
							if !Verify(pub, digest[:], sig, ASN1) {
								b.Fatal("verify")
							}
						}
					}
				})
			}
			b.Run(name+"/"+op+"/impl=go", func(b *testing.B) {
				priv, err := stdecdsa.GenerateKey(c.elliptic(), rand.Reader)
				if err != nil {
					b.Fatal(err)
				}
				sig, _ := stdecdsa.SignASN1(rand.Reader, priv, digest[:])
				b.ReportAllocs()
				if op == "Sign" {
					for b.Loop() {
						if _, err := stdecdsa.SignASN1(rand.Reader, priv, digest[:]); err != nil {
							b.Fatal(err)
						}
					}
				} else {
					for b.Loop() {
						if !stdecdsa.VerifyASN1(&priv.PublicKey, digest[:], sig) {
							b.Fatal("verify")
						}
					}
				}
			})
		}
	}
}
