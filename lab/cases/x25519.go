package cases

import (
	"bytes"
	"crypto/ecdh"
	"errors"
	"fmt"

	circlx25519 "github.com/cloudflare/circl/dh/x25519"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/suite"
	"github.com/cryptolab-go/cryptolab/x25519"
)

// X25519 cases: table "x25519", beyond the pages (CMOX offers ECDH over
// Curve25519 but its pages do not measure it), suite "x25519". Two
// operations, each in our Small and SuperFast configurations (the
// mathematics of ed25519), Native (the ladder in amd64 assembly on
// MULX/ADX, where the processor has them) and for the peers:
//   - Shared secret: X25519(k, u) of a fixed private key and a fixed peer
//     public key. Ours: PrivateKey.ECDHTo into a caller array (nothing
//     allocated); crypto/ecdh: PrivateKey.ECDH (returns a new slice); circl:
//     dh/x25519.Shared into a caller array; openssl: openssl speed
//     ecdhx25519 (its EVP_PKEY_derive loop, lab/peers).
//   - Key generation: a private key from 32 fixed bytes and its public key
//     X25519(k, 9). Ours: x25519.NewPrivateKey, which computes the public
//     key (the ladder in Small; SuperFast's and Native's fixed-base k·B
//     on the Edwards form with ed25519's OptHigh table) and allocates the
//     80-byte key;
//     crypto/ecdh: X25519().NewPrivateKey and PublicKey; circl: KeyGen
//     into caller arrays (no randomness drawn in any of them: the 32 bytes
//     are the secret).
//
// The standard library is measured again without its assembly by the
// purego worker ("go-purego"), and circl without its MULX/ADX assembly
// ("circl-purego").
//
// Working memory of ours: Config.Memory's Key (the PrivateKey: its
// configuration, scalar and public key, 80 bytes) plus, for the shared
// secret, the peer's PublicKey (32 bytes); for SuperFast and Native key
// generation, the 30,720-byte base-point table it reads (built once per
// process, shared). The ladder's state is on the stack (Native: its
// 496-byte assembly frame), measured as stack. For the peers: the size of their key values.
var x25519Ops = []struct{ name, op string }{
	{"ECDH", "Shared secret"},
	{"KeyGen", "Key generation"},
}

const (
	x25519CirclMethod = "github.com/cloudflare/circl dh/x25519 (v1.6.5), with its MULX/ADX assembly on amd64; Shared and KeyGen into caller arrays, measured in-process with the same harness, interleaved with our cases."
	// x25519TableBytes is ed25519's OptHigh signing table, which
	// SuperFast's key generation reads (x25519 package documentation).
	x25519TableBytes = 30720
)

var (
	x25519Scalar = fill(32, 7748)
	x25519Remote = fill(32, 7749) // a peer's private key; its public key is the point
)

func init() {
	for _, o := range x25519Ops {
		for _, cfg := range x25519.Configs() {
			suite.Register(x25519Case(o.name, o.op, cfg))
		}
		suite.Register(x25519GoCase(o.name, o.op))
		suite.RegisterPeer(implCircl, x25519CirclMethod, x25519CirclCase(o.name, o.op))
	}
}

func x25519Base(name, op string) suite.Case {
	return suite.Case{
		Suite:  "x25519",
		Table:  "x25519",
		Name:   "X25519/op=" + name,
		Params: map[string]string{"operation": op},
	}
}

// x25519Point is the public key of x25519Remote, computed with
// crypto/ecdh.
func x25519Point() ([]byte, error) {
	k, err := ecdh.X25519().NewPrivateKey(x25519Remote)
	if err != nil {
		return nil, err
	}
	return k.PublicKey().Bytes(), nil
}

func x25519Case(name, op string, cfg x25519.Config) suite.Case {
	c := x25519Base(name, op)
	c.Impl = ImplOurs
	c.Config = cfg.String()
	c.Params = catalog.PageParams("x25519", c.Config, c.Params)
	c.Setup = func() (func() error, int, error) {
		mem := cfg.Memory()
		if op == "Key generation" {
			working := mem.Key
			if cfg.String() != "Small" {
				working += x25519TableBytes
			}
			return func() error {
				k, err := x25519.NewPrivateKey(cfg, x25519Scalar)
				if err == nil && k.PublicKey() == nil {
					err = errors.New("x25519: no public key")
				}
				return err
			}, working, nil
		}
		priv, err := x25519.NewPrivateKey(cfg, x25519Scalar)
		if err != nil {
			return nil, 0, err
		}
		point, err := x25519Point()
		if err != nil {
			return nil, 0, err
		}
		remote, err := x25519.NewPublicKey(point)
		if err != nil {
			return nil, 0, err
		}
		var dst [x25519.PointSize]byte
		if err := priv.ECDHTo(&dst, remote); err != nil {
			return nil, 0, err
		}
		want, err := x25519GoShared(point)
		if err != nil {
			return nil, 0, err
		}
		if !bytes.Equal(dst[:], want) {
			return nil, 0, errors.New("x25519: shared secret differs from crypto/ecdh's")
		}
		return func() error { return priv.ECDHTo(&dst, remote) }, mem.Key + x25519.PointSize, nil
	}
	cfgExpr := "x25519." + cfg.String() + "()"
	var body string
	if op == "Key generation" {
		body = fmt.Sprintf(`k := make([]byte, 32)
copy(k, os.Args[0])
priv, err := x25519.NewPrivateKey(%s, k)
if err != nil {
	panic(err)
}
os.Stdout.Write(priv.PublicKey().Bytes()[:1])`, cfgExpr)
	} else {
		body = fmt.Sprintf(`in := append([]byte(os.Args[0]), make([]byte, 64)...)
priv, err := x25519.NewPrivateKey(%s, in[:32])
if err != nil {
	panic(err)
}
remote, err := x25519.NewPublicKey(in[32:64])
if err != nil {
	panic(err)
}
var s [32]byte
if priv.ECDHTo(&s, remote) == nil {
	os.Stdout.Write(s[:1])
}`, cfgExpr)
	}
	c.Footprint = &suite.FootprintSpec{
		Table:   "x25519_footprint",
		Params:  catalog.PageParams("x25519_footprint", c.Config, map[string]string{"operation": op}),
		Imports: []string{"os", ModulePath + "/x25519"},
		Body:    body,
	}
	return c
}

func x25519GoShared(point []byte) ([]byte, error) {
	k, err := ecdh.X25519().NewPrivateKey(x25519Scalar)
	if err != nil {
		return nil, err
	}
	pub, err := ecdh.X25519().NewPublicKey(point)
	if err != nil {
		return nil, err
	}
	return k.ECDH(pub)
}

func x25519GoCase(name, op string) suite.Case {
	c := x25519Base(name, op)
	c.Impl = ImplGo
	c.Setup = func() (func() error, int, error) {
		curve := ecdh.X25519()
		priv, err := curve.NewPrivateKey(x25519Scalar)
		if err != nil {
			return nil, 0, err
		}
		if op == "Key generation" {
			return func() error {
				k, err := curve.NewPrivateKey(x25519Scalar)
				if err != nil {
					return err
				}
				k.PublicKey()
				return nil
			}, stateSize(priv) + stateSize(priv.PublicKey()), nil
		}
		point, err := x25519Point()
		if err != nil {
			return nil, 0, err
		}
		remote, err := curve.NewPublicKey(point)
		if err != nil {
			return nil, 0, err
		}
		return func() error {
			_, err := priv.ECDH(remote)
			return err
		}, stateSize(priv) + stateSize(remote), nil
	}
	return c
}

func x25519CirclCase(name, op string) suite.Case {
	c := x25519Base(name, op)
	c.Setup = func() (func() error, int, error) {
		var secret, public, shared circlx25519.Key
		copy(secret[:], x25519Scalar)
		if op == "Key generation" {
			return func() error {
				circlx25519.KeyGen(&public, &secret)
				return nil
			}, 2 * circlx25519.Size, nil
		}
		point, err := x25519Point()
		if err != nil {
			return nil, 0, err
		}
		copy(public[:], point)
		want, err := x25519GoShared(point)
		if err != nil {
			return nil, 0, err
		}
		if !circlx25519.Shared(&shared, &secret, &public) || !bytes.Equal(shared[:], want) {
			return nil, 0, errors.New("circl x25519: shared secret differs from crypto/ecdh's")
		}
		return func() error {
			if !circlx25519.Shared(&shared, &secret, &public) {
				return errors.New("circl x25519: low-order point")
			}
			return nil
		}, 3 * circlx25519.Size, nil
	}
	return c
}
