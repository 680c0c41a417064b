package cases

import (
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"fmt"
	"strings"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/ecdsa"
	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// ECDSA cases: table "ecdsa" (curve × Signature/Verification × math_config
// × curve_def) and its footprint table. The catalogue maps our
// configurations to the page's columns (lab/catalog): arithmetic Small is
// math_config Small, our Fast sits beside SuperFast on P-256 and Fast on
// P-384 (the pages' names for the curve-specialised arithmetic), and our
// table Low/High is curve_def Low/High. One
// Signature is ecdsa.Sign of a SHA-256 digest (hedged nonce, 48 bytes from
// crypto/rand, DER output into a reused buffer); one Verification is
// ecdsa.Verify of that DER signature. The "go" peer does the same with
// crypto/ecdsa (SignASN1 / VerifyASN1).
var ecdsaCurves = []struct {
	c    ecdsa.Curve
	name string // the pages' curve name
}{{ecdsa.P256, "SECP256R1"}, {ecdsa.P384, "SECP384R1"}}

var ecdsaOps = []string{"Signature", "Verification"}

func init() {
	for _, cv := range ecdsaCurves {
		for _, op := range ecdsaOps {
			for _, cfg := range ecdsa.Configs() {
				suite.Register(ecdsaCase(cv.c, cv.name, op, cfg, ImplOurs))
			}
			suite.Register(ecdsaCase(cv.c, cv.name, op, ecdsa.Default(), ImplGo))
		}
	}
}

// ecdsaConfigParams returns math_config and curve_def for a configuration.
// (a configuration prints as "Small-Low", "Fast-High", ...).
func ecdsaConfigParams(cfg ecdsa.Config) (math, def string) {
	math, def, _ = strings.Cut(cfg.String(), "-")
	return math, def
}

// ecdsaConfigExpr is the Go expression naming cfg, e.g. "ecdsa.SmallLow()".
func ecdsaConfigExpr(cfg ecdsa.Config) string {
	math, def := ecdsaConfigParams(cfg)
	return "ecdsa." + math + def + "()"
}

func ecdsaCase(c ecdsa.Curve, curveName, op string, cfg ecdsa.Config, impl string) suite.Case {
	cs := suite.Case{
		Suite:  "ecdsa",
		Table:  "ecdsa",
		Name:   fmt.Sprintf("ECDSA/curve=%s/op=%s", curveName, op),
		Params: map[string]string{"curve": curveName, "operation": op},
		Impl:   impl,
	}
	digest := fill(32, 0xec)
	if impl == ImplGo {
		cs.Setup = func() (func() error, int, error) {
			priv, err := stdecdsa.GenerateKey(ecdsaElliptic(c), rand.Reader)
			if err != nil {
				return nil, 0, err
			}
			working := stateSize(priv)
			if op == "Signature" {
				return func() error {
					_, err := stdecdsa.SignASN1(rand.Reader, priv, digest)
					return err
				}, working, nil
			}
			sig, err := stdecdsa.SignASN1(rand.Reader, priv, digest)
			if err != nil {
				return nil, 0, err
			}
			return func() error {
				if !stdecdsa.VerifyASN1(&priv.PublicKey, digest, sig) {
					return fmt.Errorf("crypto/ecdsa: verification failed")
				}
				return nil
			}, stateSize(&priv.PublicKey), nil
		}
		return cs
	}
	cs.Config = cfg.String()
	// The ecdsa table has no "config" column: math_config and curve_def
	// carry our configuration (Config is "Small-Low" ... "Fast-High"), as
	// the catalogue maps it (our P-256 Fast beside SuperFast).
	cs.Params = catalog.PageParams("ecdsa", cs.Config, cs.Params)
	cs.Setup = func() (func() error, int, error) {
		priv, err := ecdsa.NewPrivateKey(cfg, c, fill(c.ScalarSize(), 0xd))
		if err != nil {
			return nil, 0, err
		}
		buf := make([]byte, 0, ecdsa.MaxSignatureSize(c, ecdsa.ASN1))
		// Working memory: the key object plus the precomputed base-point
		// table this configuration uses (built once per process, shared by
		// all keys, held on the heap); the scratch of one operation is on
		// the stack and measured as stack.
		mem := cfg.Memory(c)
		if op == "Signature" {
			return func() error {
				_, err := ecdsa.Sign(buf[:0], priv, rand.Reader, digest, ecdsa.ASN1)
				return err
			}, mem.Key + mem.Tables, nil
		}
		// Verification runs in variable time on public data: a fixed
		// (RFC 6979) signature gives every run the same work.
		sig, err := ecdsa.SignDeterministic(nil, priv, crypto.SHA256, digest, ecdsa.ASN1)
		if err != nil {
			return nil, 0, err
		}
		pub := priv.PublicKey()
		return func() error {
			if !ecdsa.Verify(pub, digest, sig, ecdsa.ASN1) {
				return fmt.Errorf("ecdsa: verification failed")
			}
			return nil
		}, int(unsafe.Sizeof(*pub)) + mem.Tables, nil
	}
	size := c.ScalarSize()
	curveExpr := map[ecdsa.Curve]string{ecdsa.P256: "ecdsa.P256", ecdsa.P384: "ecdsa.P384"}[c]
	var body string
	if op == "Signature" {
		body = fmt.Sprintf(`d := make([]byte, %d)
copy(d[1:], os.Args[0])
d[0] = 1
priv, err := ecdsa.NewPrivateKey(%[3]s, %[2]s, d)
if err != nil {
	panic(err)
}
sig, err := ecdsa.Sign(nil, priv, nil, d[:32], ecdsa.ASN1)
if err != nil {
	panic(err)
}
os.Stdout.Write(sig[:1])`, size, curveExpr, ecdsaConfigExpr(cfg))
	} else {
		body = fmt.Sprintf(`in := []byte(os.Args[0])
pub, err := ecdsa.NewPublicKey(%[2]s, %[1]s, in)
if err != nil {
	panic(err)
}
if ecdsa.Verify(pub, in[:32], in[32:], ecdsa.ASN1) {
	os.Stdout.Write(in[:1])
}`, curveExpr, ecdsaConfigExpr(cfg))
	}
	cs.Footprint = &suite.FootprintSpec{
		Table:   "ecdsa_footprint",
		Params:  catalog.PageParams("ecdsa_footprint", cs.Config, map[string]string{"curve": curveName, "operation": op}),
		Imports: []string{"os", ModulePath + "/ecdsa"},
		Body:    body,
	}
	return cs
}

func ecdsaElliptic(c ecdsa.Curve) elliptic.Curve {
	if c == ecdsa.P384 {
		return elliptic.P384()
	}
	return elliptic.P256()
}
