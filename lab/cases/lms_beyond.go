package cases

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/suite"
	"github.com/cryptolab-go/cryptolab/lms"
)

// LMS rows beyond the page: table "lms_beyond" (the page publishes
// verification of LMS_SHA256_M32_H10 only, and CMOX does not sign). Keys
// are one-level HSS keys, as in the published rows, named like the page's
// suites: LMS_N<n>_H<h>_W<w>_<hash>, hash SHA256, SHA256_192 (SHA-256/192),
// SHAKE256 or SHAKE256_192. Our Small and Fast configurations (the
// hashing of key generation, signing and verification) each run every row;
// there is no peer (no Go LMS package could be measured, see lms.go).
//
//   - Key generation (tree_cache n/a): lms.GenerateKey from a fixed seed
//     and I, computing the whole tree (2^h one-time public keys) and
//     keeping its root (CacheNone); a Store that keeps nothing.
//   - Signature (tree_cache none, top k, all): PrivateKey.AppendSign of a
//     new 32-byte message per call (a counter: the chain lengths follow the
//     message digest) into a buffer of SignatureSize bytes kept by the case,
//     with a Store that keeps nothing: no allocation. With k cached levels a signature recomputes the
//     2^(h-k) - 1 one-time public keys of its path below them. A key has
//     2^h indices and the harness may want more signatures than that: when
//     the key reports none remaining, the operation restores a copy of the
//     key's state taken right after generation (a reflect copy of the
//     PrivateKey, the one-time keys then reused; the tree is immutable for
//     one level, so the copy shares it), which costs a struct copy once per
//     2^h signatures. Reusing one-time keys is what the lms package exists
//     to prevent; the lab throws the signatures away.
//   - Verification (tree_cache n/a) of the parameter sets the page leaves
//     out: SHA-256/192 and SHAKE256 with 32- and 24-byte outputs, H10 W4
//     and H5 W8, as the published rows do (each call verifies the next of
//     64 signatures of distinct messages, 32 for H5, with a parsed public
//     key).
//
// Working memory of ours: for verification Config.Memory (the parsed key
// and Fast's chain state), as in the published rows; for signing the
// PrivateKey value and its tree cache, 2^(k+1)·m bytes (lms.TreeCache);
// for key generation the PrivateKey value, its root and the HSS public
// key. Scratch is on the stack (measured). Key generation allocates (the
// key and its tree), which the heap column shows; signing allocates
// nothing.
type lmsBeyondSet struct {
	hash string // "SHA256", "SHA256_192", "SHAKE256", "SHAKE256_192"
	h, w int
}

func (s lmsBeyondSet) name() string {
	n := 32
	if s.hash == "SHA256_192" || s.hash == "SHAKE256_192" {
		n = 24
	}
	return fmt.Sprintf("LMS_N%d_H%d_W%d_%s", n, s.h, s.w, s.hash)
}

// params returns the LMS and LM-OTS typecodes (RFC 8554 Section 5.1 and
// 4.1, SP 800-208 Sections 4.1 and 4.2: each hash family's typecodes in
// height and Winternitz order).
func (s lmsBeyondSet) params() lms.Params {
	base := map[string][2]uint32{"SHA256": {0x05, 0x01}, "SHA256_192": {0x0a, 0x05}, "SHAKE256": {0x0f, 0x09}, "SHAKE256_192": {0x14, 0x0d}}[s.hash]
	hi := map[int]uint32{5: 0, 10: 1, 15: 2, 20: 3, 25: 4}[s.h]
	wi := map[int]uint32{1: 0, 2: 1, 4: 2, 8: 3}[s.w]
	return lms.Params{LMS: lms.LMSType(base[0] + hi), OTS: lms.OTSType(base[1] + wi)}
}

// lmsCacheName is a tree cache's value in the tree_cache column.
func lmsCacheName(c lms.TreeCache) string {
	switch c {
	case lms.CacheNone:
		return "none"
	case lms.CacheAll:
		return "all"
	}
	return fmt.Sprintf("top %d", int(c))
}

var (
	lmsBeyondKeyGen = []lmsBeyondSet{{"SHA256", 5, 4}, {"SHA256", 5, 8}, {"SHA256", 10, 4}}
	lmsBeyondSign   = []struct {
		set    lmsBeyondSet
		caches []lms.TreeCache
	}{
		{lmsBeyondSet{"SHA256", 5, 4}, []lms.TreeCache{lms.CacheNone, lms.CacheTop(3), lms.CacheAll}},
		{lmsBeyondSet{"SHA256", 5, 8}, []lms.TreeCache{lms.CacheNone, lms.CacheTop(3), lms.CacheAll}},
		{lmsBeyondSet{"SHA256", 10, 4}, []lms.TreeCache{lms.CacheTop(5), lms.CacheAll}},
	}
	lmsBeyondVerify = []lmsBeyondSet{
		{"SHA256_192", 10, 4}, {"SHA256_192", 5, 8},
		{"SHAKE256", 10, 4}, {"SHAKE256", 5, 8},
		{"SHAKE256_192", 10, 4}, {"SHAKE256_192", 5, 8},
	}
)

func init() {
	cfgs := []lms.Config{lms.Small(), lms.Fast()}
	for _, s := range lmsBeyondKeyGen {
		for _, cfg := range cfgs {
			suite.Register(lmsBeyondKeyGenCase(s, cfg))
		}
	}
	for _, row := range lmsBeyondSign {
		for _, cache := range row.caches {
			for _, cfg := range cfgs {
				suite.Register(lmsBeyondSignCase(row.set, cache, cfg))
			}
		}
	}
	for _, s := range lmsBeyondVerify {
		for _, cfg := range cfgs {
			suite.Register(lmsBeyondVerifyCase(s, cfg))
		}
	}
}

func lmsBeyondBase(fn, name, cache string, cfg lms.Config) suite.Case {
	c := suite.Case{
		Suite:  "lms",
		Table:  "lms_beyond",
		Name:   "LMS/suite=" + name + "/op=" + map[string]string{"Key generation": "KeyGen", "Signature": "Sign", "Verification": "Verify"}[fn],
		Impl:   ImplOurs,
		Config: cfg.String(),
	}
	if fn == "Signature" {
		c.Name = "LMS/suite=" + name + "/cache=" + cache + "/op=Sign"
	}
	c.Params = catalog.PageParams("lms_beyond", c.Config, map[string]string{"function": fn, "suite": name, "tree_cache": cache})
	c.Footprint = lmsBeyondFootprint(fn, cfg)
	return c
}

// lmsSeed is the fixed SEED and I of a lab key of parameters p.
func lmsSeed(p lms.Params) []byte { return fill(48, 8554<<8+uint64(p.LMS)<<5+uint64(p.OTS)) }

func lmsBeyondKeyGenCase(s lmsBeyondSet, cfg lms.Config) suite.Case {
	c := lmsBeyondBase("Key generation", s.name(), "n/a", cfg)
	p := s.params()
	c.Setup = func() (func() error, int, error) {
		levels := []lms.Params{p}
		seed := lmsSeed(p)
		sk, err := lms.GenerateKey(cfg, levels, lms.SignerOptions{}, lmsNoStore{}, lmsReader(seed))
		if err != nil {
			return nil, 0, err
		}
		working := int(unsafe.Sizeof(*sk)) + 2*lmsM(p) + p.PublicKeySize() + 4
		return func() error {
			_, err := lms.GenerateKey(cfg, levels, lms.SignerOptions{}, lmsNoStore{}, lmsReader(seed))
			return err
		}, working, nil
	}
	return c
}

// lmsM is the hash output length m of an LMS parameter set, from its
// public key's length (24 + m).
func lmsM(p lms.Params) int { return p.PublicKeySize() - 24 }

func lmsBeyondSignCase(s lmsBeyondSet, cache lms.TreeCache, cfg lms.Config) suite.Case {
	c := lmsBeyondBase("Signature", s.name(), lmsCacheName(cache), cfg)
	p := s.params()
	c.Setup = func() (func() error, int, error) {
		sk, err := lms.GenerateKey(cfg, []lms.Params{p}, lms.SignerOptions{Cache: cache, Reserve: 1 << 20}, lmsNoStore{}, lmsReader(lmsSeed(p)))
		if err != nil {
			return nil, 0, err
		}
		// The state right after generation, restored when the key's
		// indices are used up (see above).
		snap := new(lms.PrivateKey)
		reflect.ValueOf(snap).Elem().Set(reflect.ValueOf(sk).Elem())
		k := min(int(cache), s.h)
		working := int(unsafe.Sizeof(*sk)) + (1<<(k+1))*lmsM(p)
		var ctr uint64
		msg := make([]byte, 32)
		pub := sk.Public()
		sig, err := sk.AppendSign(make([]byte, 0, sk.SignatureSize()), msg)
		if err != nil {
			return nil, 0, err
		}
		if !pub.Verify(msg, sig) {
			return nil, 0, errLMSInvalid
		}
		return func() error {
			if sk.Remaining() == 0 {
				reflect.ValueOf(sk).Elem().Set(reflect.ValueOf(snap).Elem())
			}
			ctr++
			binary.LittleEndian.PutUint64(msg, ctr)
			sig, err = sk.AppendSign(sig[:0], msg)
			return err
		}, working, nil
	}
	return c
}

// lmsVerifySets hold one key's public key and 64 signatures of distinct
// messages (as many as the key has, 32 for H5), made once per process for
// each parameter set.
var (
	lmsVerifyMu   sync.Mutex
	lmsVerifySets = map[lms.Params]*lmsSet{}
)

func lmsVerifyKeySet(p lms.Params) (*lmsSet, error) {
	lmsVerifyMu.Lock()
	defer lmsVerifyMu.Unlock()
	if s := lmsVerifySets[p]; s != nil {
		return s, nil
	}
	sk, err := lms.GenerateKey(lms.Fast(), []lms.Params{p}, lms.SignerOptions{Cache: lms.CacheAll, Reserve: lmsSignatures}, lmsNoStore{}, lmsReader(lmsSeed(p)))
	if err != nil {
		return nil, err
	}
	s := &lmsSet{pub: sk.Public().Bytes()}
	for j := range min(lmsSignatures, int(sk.Remaining())) {
		msg := []byte(fmt.Sprintf("firmware image %d", j))
		sig, err := sk.Sign(msg)
		if err != nil {
			return nil, err
		}
		s.msgs = append(s.msgs, msg)
		s.sigs = append(s.sigs, sig)
	}
	sk.Wipe()
	lmsVerifySets[p] = s
	return s, nil
}

func lmsBeyondVerifyCase(s lmsBeyondSet, cfg lms.Config) suite.Case {
	c := lmsBeyondBase("Verification", s.name(), "n/a", cfg)
	p := s.params()
	c.Setup = func() (func() error, int, error) {
		set, err := lmsVerifyKeySet(p)
		if err != nil {
			return nil, 0, err
		}
		pk, err := lms.ParsePublicKey(cfg, set.pub)
		if err != nil {
			return nil, 0, err
		}
		mem := cfg.Memory(pk.Params())
		j := 0
		return func() error {
			ok := pk.Verify(set.msgs[j], set.sigs[j])
			j = (j + 1) % len(set.sigs)
			if !ok {
				return errLMSInvalid
			}
			return nil
		}, mem.Key + mem.Context, nil
	}
	return c
}

// lmsBeyondFootprint is the minimal program of one function in one
// configuration (the parameter set changes data, not code). The key
// generation and signing programs hand GenerateKey a Store that is an
// empty interface value: they are built and measured, never run.
func lmsBeyondFootprint(fn string, cfg lms.Config) *suite.FootprintSpec {
	cfgExpr := "lms." + cfg.String() + "()"
	var body string
	switch fn {
	case "Verification":
		body = fmt.Sprintf(`in := append([]byte(os.Args[0]), make([]byte, 4096)...)
pk, err := lms.ParsePublicKey(%s, in[:60])
if err != nil {
	panic(err)
}
if pk.Verify(in[60:92], in[92:]) {
	os.Stdout.Write(in[:1])
}`, cfgExpr)
	default:
		sign := "os.Stdout.Write(sk.Public().Bytes()[:1])"
		if fn == "Signature" {
			sign = `sig, err := sk.AppendSign(make([]byte, 0, sk.SignatureSize()), seed[:32])
if err != nil {
	panic(err)
}
os.Stdout.Write(sig[:1])`
		}
		body = fmt.Sprintf(`seed := make([]byte, 48)
copy(seed, os.Args[0])
p := lms.Params{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W4}
sk, err := lms.GenerateKey(%s, []lms.Params{p}, lms.SignerOptions{}, struct{ lms.Store }{}, bytes.NewReader(seed))
if err != nil {
	panic(err)
}
%s`, cfgExpr, sign)
	}
	imports := []string{"os", ModulePath + "/lms"}
	if fn != "Verification" {
		imports = append(imports, "bytes")
	}
	return &suite.FootprintSpec{
		Table:   "lms_beyond_footprint",
		Params:  catalog.PageParams("lms_beyond_footprint", cfg.String(), map[string]string{"function": fn}),
		Imports: imports,
		Body:    body,
	}
}
