package cases

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/cryptolab-go/cryptolab/internal/sha256block"
	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/suite"
	"github.com/cryptolab-go/cryptolab/lms"
)

// LMS cases: table "lms" (LMS-Verify × LMS_N32_H10_W1..W8_SHA256, h563-v5
// only; cycles min/avg/max and stack, no footprint table). One operation
// is PublicKey.Verify of a one-level HSS signature (RFC 8554, Section 6)
// by a key of LMS_SHA256_M32_H10 with LMOTS_SHA256_N32_W1..W8, with a
// parsed public key. The page gives the minimum, average and maximum over
// many signatures, because the number of hashes depends on the message
// digest; here each call verifies the next of 64 signatures of distinct
// messages (leaves 0..63 of one key, generated once per process: about
// 0.3 to 2.5 s), so a batch averages over them and the harness's min/max
// are over batches, narrower than the page's per-signature extremes (the
// compression counts of the set are in the case's comment below and in
// lms's BenchmarkHashBound).
//
// Ours run in Small and Fast (Default is Fast). No Go LMS implementation
// is available as a peer: the standard library has none, and the one
// maintained module found (github.com/trailofbits/lms-go, SHA-256 only,
// published February 2025) is refused by this environment's module proxy
// (403). The reference beside ours is the hash-count bound ("hash-bound"):
// for the same signature, the number of SHA-256 compressions Small's
// verification makes (message hash, chain steps, candidate key, leaf and
// ten interior nodes) run back to back through sha2's compression
// function — what verification would cost if it did nothing but hash.
//
// Working memory of ours: Config.Memory — the parsed public key with its
// encoding (Key), plus Fast's chain state (Context); the rest is the
// stack, which the harness measures (the page: 1,668 B). For the bound:
// one hash value and one block (96 bytes).
var lmsSuites = []struct {
	suite string
	ots   lms.OTSType
}{
	{"LMS_N32_H10_W1_SHA256", lms.LMOTS_SHA256_N32_W1},
	{"LMS_N32_H10_W2_SHA256", lms.LMOTS_SHA256_N32_W2},
	{"LMS_N32_H10_W4_SHA256", lms.LMOTS_SHA256_N32_W4},
	{"LMS_N32_H10_W8_SHA256", lms.LMOTS_SHA256_N32_W8},
}

const (
	implHashBound   = "hash-bound"
	lmsBoundMethod  = "the hash-count bound, not an implementation: for each signature, the number of SHA-256 compressions our Small verification makes for it, run back to back through our sha2 compression function, interleaved with our cases (no Go LMS package could be measured: the standard library has none and github.com/trailofbits/lms-go is not served by this environment's module proxy)."
	lmsSignatures   = 64
	lmsBoundWorking = 32 + 64
)

func init() {
	for _, s := range lmsSuites {
		for _, cfg := range []lms.Config{lms.Small(), lms.Fast()} {
			suite.Register(lmsCase(s.suite, s.ots, cfg))
		}
		suite.RegisterPeer(implHashBound, lmsBoundMethod, lmsBoundCase(s.suite, s.ots))
	}
}

func lmsBase(name string) suite.Case {
	return suite.Case{
		Suite:  "lms",
		Table:  "lms",
		Name:   "LMS/suite=" + name + "/op=LMS-Verify",
		Params: map[string]string{"function": "LMS-Verify", "suite": name},
	}
}

// lmsSet is one key's public key, messages and signatures.
type lmsSet struct {
	pub        []byte
	msgs, sigs [][]byte
	counts     []int // SHA-256 compressions Small makes per signature
}

var (
	lmsMu   sync.Mutex
	lmsSets = map[lms.OTSType]*lmsSet{}
)

type lmsNoStore struct{}

func (lmsNoStore) Save([]byte) error { return nil } // the lab's keys are thrown away

// lmsKeySet generates (once per process) the LMS_SHA256_M32_H10 key with
// LM-OTS type ots from a fixed seed and signs 64 messages.
func lmsKeySet(ots lms.OTSType) (*lmsSet, error) {
	lmsMu.Lock()
	defer lmsMu.Unlock()
	if s := lmsSets[ots]; s != nil {
		return s, nil
	}
	p := lms.Params{LMS: lms.LMS_SHA256_M32_H10, OTS: ots}
	seed := fill(48, 8554+uint64(ots))
	sk, err := lms.GenerateKey(lms.Fast(), []lms.Params{p}, lms.SignerOptions{Cache: lms.CacheAll, Reserve: lmsSignatures}, lmsNoStore{}, lmsReader(seed))
	if err != nil {
		return nil, err
	}
	s := &lmsSet{pub: sk.Public().Bytes()}
	for j := range lmsSignatures {
		msg := []byte(fmt.Sprintf("firmware image %d", j))
		sig, err := sk.Sign(msg)
		if err != nil {
			return nil, err
		}
		s.msgs = append(s.msgs, msg)
		s.sigs = append(s.sigs, sig)
		s.counts = append(s.counts, lmsCompressions(s.pub, msg, sig))
	}
	sk.Wipe()
	lmsSets[ots] = s
	return s, nil
}

type lmsReader []byte

func (r lmsReader) Read(p []byte) (int, error) { return copy(p, r), nil }

// lmsCompressions counts the SHA-256 compressions of Small's verification
// of a one-level HSS signature with SHA-256 parameters, recomputing the
// chain positions from the message digest (RFC 8554, Algorithm 4b) with
// crypto/sha256: ⌈(l+9)/64⌉ blocks per hashed l bytes for the message
// hash (22+n+len(msg)), one per chain step (Σ 2^w-1-a_i), the candidate
// key (22+pn), the leaf (22+m) and h interior nodes (22+2m).
func lmsCompressions(pub, msg, sig []byte) int {
	blocks := func(l int) int { return (l + 9 + 63) / 64 }
	const n, m, h = 32, 32, 10
	sig = sig[4:]
	I, q := pub[12:28], sig[0:4]
	w := map[uint32]int{1: 1, 2: 2, 3: 4, 4: 8}[binary.BigEndian.Uint32(sig[4:])]
	p := map[int]int{1: 265, 2: 133, 4: 67, 8: 34}[w]
	ls := map[int]int{1: 7, 2: 6, 4: 4, 8: 0}[w]
	C := sig[8 : 8+n]
	Q := sha256.Sum256(append(append(append(append(append([]byte{}, I...), q...), 0x81, 0x81), C...), msg...))
	digit := func(S []byte, i int) int { return int(S[i*w/8]>>(8-w-(i*w%8))) & (1<<w - 1) }
	sum := 0
	for i := 0; i < 8*n/w; i++ {
		sum += 1<<w - 1 - digit(Q[:], i)
	}
	S := binary.BigEndian.AppendUint16(Q[:], uint16(sum<<ls))
	steps := 0
	for i := 0; i < p; i++ {
		steps += 1<<w - 1 - digit(S, i)
	}
	return blocks(22+n+len(msg)) + steps + blocks(22+p*n) + blocks(22+m) + h*blocks(22+2*m)
}

var errLMSInvalid = errors.New("lms: signature rejected")

func lmsCase(name string, ots lms.OTSType, cfg lms.Config) suite.Case {
	c := lmsBase(name)
	c.Params = catalog.PageParams("lms", cfg.String(), c.Params)
	c.Impl = ImplOurs
	c.Config = cfg.String()
	c.Setup = func() (func() error, int, error) {
		s, err := lmsKeySet(ots)
		if err != nil {
			return nil, 0, err
		}
		pk, err := lms.ParsePublicKey(cfg, s.pub)
		if err != nil {
			return nil, 0, err
		}
		mem := cfg.Memory(pk.Params())
		j := 0
		return func() error {
			ok := pk.Verify(s.msgs[j], s.sigs[j])
			j = (j + 1) % lmsSignatures
			if !ok {
				return errLMSInvalid
			}
			return nil
		}, mem.Key + mem.Context, nil
	}
	return c
}

func lmsBoundCase(name string, ots lms.OTSType) suite.Case {
	c := lmsBase(name)
	c.Setup = func() (func() error, int, error) {
		s, err := lmsKeySet(ots)
		if err != nil {
			return nil, 0, err
		}
		var H [8]uint32
		var blk [64]byte
		j := 0
		return func() error {
			for range s.counts[j] {
				sha256block.Block(&H, blk[:])
			}
			blk[0] = byte(H[0])
			j = (j + 1) % lmsSignatures
			return nil
		}, lmsBoundWorking, nil
	}
	return c
}
