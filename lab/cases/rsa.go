package cases

import (
	"crypto"
	"crypto/rand"
	gorsa "crypto/rsa"
	"crypto/x509"
	_ "embed"
	"encoding/pem"
	"errors"
	"fmt"
	"sync"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/suite"
	"github.com/cryptolab-go/cryptolab/rsa"
	"github.com/cryptolab-go/cryptolab/rsa/stdrsa"
	"github.com/cryptolab-go/cryptolab/sha2"
)

// RSA cases: table "rsa" (RSA-3072, PKCS #1 v2.2 = RSASSA-PSS with
// SHA-256: Signature with a CRT key and with a key without CRT (n, d only)
// × math_config Small/Fast × privkey_modexp_impl Low/Mid/High, and
// Verification × math_config) and its footprint table. Our six
// configurations carry the pages' names ("Fast-Mid" is math_config Fast,
// privkey_modexp_impl Mid); CRT or no CRT is the key's, the operation
// column privkey_modexp_method. Verification has no window: each
// configuration is measured on the row of its mathematics.
//
// One Signature is rsa.SignPSS of a SHA-256 digest (computed once, outside
// the timed region; salt of 32 bytes from crypto/rand) into a reused
// buffer, with the key made once; one Verification is rsa.VerifyPSS of
// that signature with the public key made once (its Montgomery constants
// included, as a key is used more than once). The key is a fixed RSA-3072
// key (testdata/rsa3072.pem, made by openssl genpkey), e = 65537.
//
// The peer is the Go standard library, crypto/rsa SignPSS and VerifyPSS on
// the same key and digest: with the CRT key (Precomputed), and for the No
// CRT rows with a *rsa.PrivateKey holding N, E and D only, which crypto/rsa
// exponentiates with math/big; the purego worker measures it again without
// its assembly. openssl speed rsa3072 (lab/peers) measures PKCS #1 v1.5,
// not PSS, on the CRT rows and verification.
//
// Working memory of ours: the exponentiation working buffer of the
// configuration (rsa.WorkingMemory: window table, accumulator and selected
// entry, of the prime's size with CRT, of the modulus's without), the
// figure the pages' working_buffer_bytes column describes; the rest of the
// scratch is on the stack and measured as stack. For verification, the
// public key's precomputed values (n, R² and R mod n: 3·384 B). Peers: the
// numbers their key holds (their scratch is on the heap, measured by the
// heap pass).
var rsaOps = []struct{ method, op string }{{"CRT", "Signature"}, {"No CRT", "Signature"}, {"n/a", "Verification"}}

//go:embed testdata/rsa3072.pem
var rsa3072PEM []byte

var rsaStdKey = sync.OnceValues(func() (*gorsa.PrivateKey, error) {
	b, _ := pem.Decode(rsa3072PEM)
	if b == nil {
		return nil, errors.New("rsa case: no PEM key")
	}
	k, err := x509.ParsePKCS8PrivateKey(b.Bytes)
	if err != nil {
		return nil, err
	}
	sk, ok := k.(*gorsa.PrivateKey)
	if !ok {
		return nil, errors.New("rsa case: not an RSA key")
	}
	return sk, nil
})

var rsaDigest = sha2.Sum256(fill(64, 8017))

var rsaConfigs = []rsa.Config{rsa.SmallLow(), rsa.SmallMid(), rsa.SmallHigh(), rsa.FastLow(), rsa.FastMid(), rsa.FastHigh()}

func init() {
	for _, o := range rsaOps {
		for _, cfg := range rsaConfigs {
			suite.Register(rsaCase(o.method, o.op, cfg))
		}
		suite.Register(rsaGoCase(o.method, o.op))
	}
}

func rsaBase(method, op string) suite.Case {
	name := "RSA/bits=3072/method=" + map[string]string{"CRT": "CRT", "No CRT": "NoCRT", "n/a": "none"}[method] + "/op=" + op
	return suite.Case{
		Suite: "rsa",
		Table: "rsa",
		Name:  name,
		Params: map[string]string{"pkcs1_version": "v2.2", "privkey_modexp_method": method, "hash": "SHA-256",
			"modulus_bits": "3072", "operation": op},
	}
}

func rsaCase(method, op string, cfg rsa.Config) suite.Case {
	cs := rsaBase(method, op)
	cs.Impl = ImplOurs
	cs.Config = cfg.String()
	opParams := cs.Params
	cs.Params = catalog.PageParams("rsa", cs.Config, opParams)
	digest := rsaDigest[:]
	cs.Setup = func() (func() error, int, error) {
		sk, err := rsaStdKey()
		if err != nil {
			return nil, 0, err
		}
		var priv *rsa.PrivateKey
		if method == "No CRT" {
			priv, err = rsa.NewPrivateKeyWithoutCRT(cfg, sk.N.Bytes(), sk.E, sk.D.Bytes())
		} else {
			priv, err = stdrsa.FromPrivateKey(cfg, sk)
		}
		if err != nil {
			return nil, 0, err
		}
		sig, err := rsa.SignPSS(nil, nil, priv, rsa.SHA256(), digest, nil)
		if err != nil {
			return nil, 0, err
		}
		if op == "Signature" {
			dst := make([]byte, 0, len(sig))
			return func() error {
				_, err := rsa.SignPSS(dst, nil, priv, rsa.SHA256(), digest, nil)
				return err
			}, rsa.WorkingMemory(cfg, 3072, method == "CRT"), nil
		}
		pub := priv.PublicKey()
		return func() error {
			return rsa.VerifyPSS(pub, rsa.SHA256(), digest, sig, nil)
		}, 3 * 384, nil
	}
	cfgExpr := "rsa." + map[string]string{
		"Small-Low": "SmallLow", "Small-Mid": "SmallMid", "Small-High": "SmallHigh",
		"Fast-Low": "FastLow", "Fast-Mid": "FastMid", "Fast-High": "FastHigh",
	}[cs.Config] + "()"
	var body string
	switch {
	case op == "Verification":
		body = fmt.Sprintf(`in := append([]byte(os.Args[0]), make([]byte, 1200)...)
pub, err := rsa.NewPublicKey(%s, in[:384], 65537)
if err != nil {
	panic(err)
}
if rsa.VerifyPSS(pub, rsa.SHA256(), in[384:416], in[416:800], nil) == nil {
	os.Stdout.Write(in[:1])
}`, cfgExpr)
	case method == "No CRT":
		body = fmt.Sprintf(`in := append([]byte(os.Args[0]), make([]byte, 1200)...)
k, err := rsa.NewPrivateKeyWithoutCRT(%s, in[:384], 65537, in[384:768])
if err != nil {
	panic(err)
}
sig, err := rsa.SignPSS(nil, nil, k, rsa.SHA256(), in[768:800], nil)
if err != nil {
	panic(err)
}
os.Stdout.Write(sig[:1])`, cfgExpr)
	default:
		body = fmt.Sprintf(`in := append([]byte(os.Args[0]), make([]byte, 1200)...)
k, err := rsa.NewPrivateKey(%s, in[:384], 65537, in[384:768], in[768:960], in[960:1152])
if err != nil {
	panic(err)
}
sig, err := rsa.SignPSS(nil, nil, k, rsa.SHA256(), in[:32], nil)
if err != nil {
	panic(err)
}
os.Stdout.Write(sig[:1])`, cfgExpr)
	}
	cs.Footprint = &suite.FootprintSpec{
		Table:   "rsa_footprint",
		Params:  catalog.PageParams("rsa_footprint", cs.Config, opParams),
		Imports: []string{"os", ModulePath + "/rsa"},
		Body:    body,
	}
	return cs
}

func rsaGoCase(method, op string) suite.Case {
	cs := rsaBase(method, op)
	cs.Impl = ImplGo
	digest := rsaDigest[:]
	cs.Setup = func() (func() error, int, error) {
		sk, err := rsaStdKey()
		if err != nil {
			return nil, 0, err
		}
		k := sk
		if method == "No CRT" {
			k = &gorsa.PrivateKey{PublicKey: sk.PublicKey, D: sk.D}
		}
		opts := &gorsa.PSSOptions{SaltLength: gorsa.PSSSaltLengthEqualsHash}
		if op == "Signature" {
			return func() error {
				_, err := gorsa.SignPSS(rand.Reader, k, crypto.SHA256, digest, opts)
				return err
			}, rsaStdKeyBytes(k), nil
		}
		sig, err := gorsa.SignPSS(rand.Reader, k, crypto.SHA256, digest, opts)
		if err != nil {
			return nil, 0, err
		}
		return func() error {
			return gorsa.VerifyPSS(&k.PublicKey, crypto.SHA256, digest, sig, opts)
		}, len(k.N.Bits())*8 + 8, nil
	}
	return cs
}

// rsaStdKeyBytes is the size of the numbers a crypto/rsa private key
// holds (N, D, the primes and the CRT values), in bytes.
func rsaStdKeyBytes(k *gorsa.PrivateKey) int {
	n := 8 * (len(k.N.Bits()) + len(k.D.Bits()))
	for _, p := range k.Primes {
		n += 8 * len(p.Bits())
	}
	if k.Precomputed.Dp != nil {
		n += 8 * (len(k.Precomputed.Dp.Bits()) + len(k.Precomputed.Dq.Bits()) + len(k.Precomputed.Qinv.Bits()))
	}
	return n
}
