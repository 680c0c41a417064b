package cases

import (
	stded25519 "crypto/ed25519"
	"fmt"
	"strings"
	"unsafe"

	circled25519 "github.com/cloudflare/circl/sign/ed25519"

	"github.com/cryptolab-go/cryptolab/ed25519"
	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// EdDSA cases: table "eddsa" (Ed25519, 1,023-byte message, Signature and
// Verification × math_config Small/SuperFast × curve_def OptLow/OptHigh)
// and its footprint table. Our four configurations carry the pages' names
// ("SuperFast-OptHigh" is math_config SuperFast, curve_def OptHigh). One
// Signature is PrivateKey.SignTo of the message into a caller array (the
// key is derived once, outside the timed region); one Verification is
// PublicKey.Verify of that signature with a parsed key. The peers do the
// same: the Go standard library ("go", crypto/ed25519 Sign and Verify;
// the purego worker measures it again without its assembly field
// multiplication) and circl (sign/ed25519 Sign and Verify).
//
// Working memory of ours: the key object (Config.Memory's Key for a
// PrivateKey, the size of a PublicKey and, in OptHigh, its 2,048 bytes of
// precomputed multiples for verification) plus the base-point tables the
// operation reads (computed once per process, shared by every key, held
// in memory: eddsaTableBytes); the scratch of one operation is on the
// stack and measured as stack. For the peers it is the
// size of their key values.
var eddsaOps = []string{"Signature", "Verification"}

const eddsaCirclMethod = "github.com/cloudflare/circl sign/ed25519 (v1.6.5), pure Go field arithmetic on every platform; Sign and Verify of the same 1,023-byte message, measured in-process with the same harness, interleaved with our cases."

var eddsaMessage = fill(1023, 25519)

// eddsaTableBytes is the part of Config.Memory's Tables that one
// operation reads (the figures of ed25519's Config documentation): OptLow
// signs with 8 multiples of B and verifies with 8 odd multiples (960 B
// each); OptHigh signs with 32×8 multiples (30,720 B) and verifies a key
// object with 64 odd multiples of B and of 2^128·B (2 × 7,680 B).
func eddsaTableBytes(config, op string) int {
	high := strings.HasSuffix(config, "OptHigh")
	switch {
	case !high:
		return 960
	case op == "Signature":
		return 30720
	default:
		return 2 * 7680
	}
}

// eddsaPrecomputed is what an OptHigh PublicKey keeps besides its struct:
// 16 cached points of 4 coordinates of 32 bytes (ed25519's Memory doc).
const eddsaPrecomputed = 16 * 4 * 32

func init() {
	for _, op := range eddsaOps {
		for _, cfg := range ed25519.Configs() {
			suite.Register(eddsaCase(op, cfg))
		}
		suite.Register(eddsaGoCase(op))
		suite.RegisterPeer(implCircl, eddsaCirclMethod, eddsaCirclCase(op))
	}
}

func eddsaBase(op string) suite.Case {
	return suite.Case{
		Suite:  "eddsa",
		Table:  "eddsa",
		Name:   "EdDSA/curve=Ed25519/op=" + op,
		Params: map[string]string{"curve": "Ed25519", "message_bytes": "1023", "operation": op},
	}
}

var eddsaSeed = fill(32, 8032)

func eddsaCase(op string, cfg ed25519.Config) suite.Case {
	cs := eddsaBase(op)
	cs.Impl = ImplOurs
	cs.Config = cfg.String()
	cs.Params = catalog.PageParams("eddsa", cs.Config, cs.Params)
	msg := eddsaMessage
	cs.Setup = func() (func() error, int, error) {
		priv, err := ed25519.NewKeyFromSeed(cfg, eddsaSeed)
		if err != nil {
			return nil, 0, err
		}
		mem := cfg.Memory()
		var sig [ed25519.SignatureSize]byte
		if err := priv.SignTo(&sig, msg); err != nil {
			return nil, 0, err
		}
		if op == "Signature" {
			return func() error { return priv.SignTo(&sig, msg) }, mem.Key + eddsaTableBytes(cs.Config, op), nil
		}
		pub := priv.PublicKey()
		working := int(unsafe.Sizeof(*pub)) + eddsaTableBytes(cs.Config, op)
		if strings.HasSuffix(cs.Config, "OptHigh") {
			working += eddsaPrecomputed // the key's odd multiples of -A
		}
		return func() error {
			if !pub.Verify(msg, sig[:]) {
				return fmt.Errorf("ed25519: verification failed")
			}
			return nil
		}, working, nil
	}
	cfgExpr := "ed25519." + map[string]string{
		"Small-OptLow": "SmallOptLow", "Small-OptHigh": "SmallOptHigh",
		"SuperFast-OptLow": "SuperFastOptLow", "SuperFast-OptHigh": "SuperFastOptHigh",
	}[cs.Config] + "()"
	var body string
	if op == "Signature" {
		body = fmt.Sprintf(`seed := make([]byte, 32)
copy(seed, os.Args[0])
priv, err := ed25519.NewKeyFromSeed(%s, seed)
if err != nil {
	panic(err)
}
msg := make([]byte, 1023)
copy(msg, os.Args[0])
var sig [64]byte
if err := priv.SignTo(&sig, msg); err != nil {
	panic(err)
}
os.Stdout.Write(sig[:1])`, cfgExpr)
	} else {
		body = fmt.Sprintf(`in := append([]byte(os.Args[0]), make([]byte, 1200)...)
pub, err := ed25519.NewPublicKey(%s, in[:32])
if err != nil {
	panic(err)
}
if pub.Verify(in[96:96+1023], in[32:96]) {
	os.Stdout.Write(in[:1])
}`, cfgExpr)
	}
	cs.Footprint = &suite.FootprintSpec{
		Table:   "eddsa_footprint",
		Params:  catalog.PageParams("eddsa_footprint", cs.Config, map[string]string{"curve": "Ed25519", "message_bytes": "1023", "operation": op}),
		Imports: []string{"os", ModulePath + "/ed25519"},
		Body:    body,
	}
	return cs
}

func eddsaGoCase(op string) suite.Case {
	cs := eddsaBase(op)
	cs.Impl = ImplGo
	msg := eddsaMessage
	cs.Setup = func() (func() error, int, error) {
		priv := stded25519.NewKeyFromSeed(eddsaSeed)
		if op == "Signature" {
			return func() error {
				stded25519.Sign(priv, msg)
				return nil
			}, len(priv), nil
		}
		pub := priv.Public().(stded25519.PublicKey)
		sig := stded25519.Sign(priv, msg)
		return func() error {
			if !stded25519.Verify(pub, msg, sig) {
				return fmt.Errorf("crypto/ed25519: verification failed")
			}
			return nil
		}, len(pub), nil
	}
	return cs
}

func eddsaCirclCase(op string) suite.Case {
	cs := eddsaBase(op)
	msg := eddsaMessage
	cs.Setup = func() (func() error, int, error) {
		priv := circled25519.NewKeyFromSeed(eddsaSeed)
		if op == "Signature" {
			return func() error {
				circled25519.Sign(priv, msg)
				return nil
			}, len(priv), nil
		}
		pub := priv.Public().(circled25519.PublicKey)
		sig := circled25519.Sign(priv, msg)
		return func() error {
			if !circled25519.Verify(pub, msg, sig) {
				return fmt.Errorf("circl ed25519: verification failed")
			}
			return nil
		}, len(pub), nil
	}
	return cs
}
