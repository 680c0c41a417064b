package cases

import (
	stdsha256 "crypto/sha256"
	stdsha512 "crypto/sha512"
	"fmt"
	"hash"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/lab/suite"
	"github.com/cryptolab-go/cryptolab/sha2"
)

// SHA-2 cases: sha_sole (hash × buffer 32/64/128), sha_flow (8000-byte
// message in 128/512/1024/2048-byte chunks: init, append per chunk, tag) and
// sha_tag (the final tag generation alone). cryptolab's sha2 has no
// configuration to choose: every call runs the processor's SHA
// instructions (or, for SHA-384 on amd64, the AVX message schedule) where
// it has them and the unrolled Go code otherwise, chosen inside the
// package (sha2.Implementation256/512 name it). Our cases say which ran:
// Config "Native" when it is the assembly (the report names it in its
// Config column and the machine section lists the CPU's features), none
// when it is the Go code, the pages' only kind. The footprint programs
// link both, as every program using sha2 does.
func init() {
	for _, h := range shaHashes {
		for _, n := range soleSizes {
			suite.Register(shaSole(h, n, ImplOurs), shaSole(h, n, ImplGo))
		}
	}
	for _, h := range shaHashes {
		for _, c := range flowChunks {
			suite.Register(shaFlow(h, c, ImplOurs), shaFlow(h, c, ImplGo))
		}
	}
	for _, h := range shaHashes {
		suite.Register(shaTag(h, ImplOurs), shaTag(h, ImplGo))
	}
}

// shaConfig is our case's Config for hash h: "Native" if sha2 runs
// assembly for it on this processor, "" for the Go code.
func shaConfig(h string) string {
	impl := sha2.Implementation256()
	if h == "SHA384" {
		impl = sha2.Implementation512()
	}
	if impl == "Go" {
		return ""
	}
	return "Native"
}

// shaState returns a fresh hash of the given published name for impl, and
// the size in bytes of the state it keeps (the working memory).
func shaState(h, impl string) (hash.Hash, int) {
	switch {
	case impl == ImplOurs && h == "SHA256":
		return sha2.New256(), int(unsafe.Sizeof(sha2.Digest256{}))
	case impl == ImplOurs && h == "SHA384":
		return sha2.New384(), int(unsafe.Sizeof(sha2.Digest512{}))
	case h == "SHA256":
		d := stdsha256.New()
		return d, stateSize(d)
	default:
		d := stdsha512.New384()
		return d, stateSize(d)
	}
}

func shaSumFunc(h, impl string) func([]byte) byte {
	switch {
	case impl == ImplOurs && h == "SHA256":
		return func(b []byte) byte { s := sha2.Sum256(b); return s[0] }
	case impl == ImplOurs:
		return func(b []byte) byte { s := sha2.Sum384(b); return s[0] }
	case h == "SHA256":
		return func(b []byte) byte { s := stdsha256.Sum256(b); return s[0] }
	default:
		return func(b []byte) byte { s := stdsha512.Sum384(b); return s[0] }
	}
}

var shaSink byte

func shaSole(h string, n int, impl string) suite.Case {
	c := suite.Case{
		Suite:      "sha",
		Table:      "sha_sole",
		Name:       fmt.Sprintf("SHA/sole/hash=%s/size=%d", h, n),
		Params:     map[string]string{"hash": h, "buffer_bytes": itoa(n)},
		Impl:       impl,
		BytesPerOp: n,
	}
	c.Setup = func() (func() error, int, error) {
		msg := fill(n, uint64(n))
		sum := shaSumFunc(h, impl)
		_, working := shaState(h, impl)
		return func() error { shaSink ^= sum(msg); return nil }, working, nil
	}
	if impl == ImplOurs {
		c.Config = shaConfig(h)
		c.Footprint = &suite.FootprintSpec{
			Table:   "sha_sole_footprint",
			Params:  map[string]string{"hash": h},
			Imports: []string{"os", ModulePath + "/sha2"},
			Body:    fmt.Sprintf("sum := sha2.Sum%s([]byte(os.Args[0]))\nos.Stdout.Write(sum[:1])", h[3:]),
		}
	}
	return c
}

func shaFlow(h string, chunk int, impl string) suite.Case {
	c := suite.Case{
		Suite:      "sha",
		Table:      "sha_flow",
		Name:       fmt.Sprintf("SHA/flow/hash=%s/msg=%d/chunk=%d", h, flowMessage, chunk),
		Params:     map[string]string{"hash": h, "message_bytes": itoa(flowMessage), "chunk_bytes": itoa(chunk)},
		Impl:       impl,
		BytesPerOp: flowMessage,
	}
	c.Setup = func() (func() error, int, error) {
		msg := fill(flowMessage, 7)
		d, working := shaState(h, impl)
		tag := make([]byte, 0, d.Size())
		return func() error {
			d.Reset() // init
			for m := msg; len(m) > 0; {
				k := min(chunk, len(m))
				d.Write(m[:k]) // append
				m = m[k:]
			}
			tag = d.Sum(tag[:0]) // generate tag
			return nil
		}, working, nil
	}
	if impl == ImplOurs {
		c.Config = shaConfig(h)
		c.Footprint = shaFlowFootprint(h)
	}
	return c
}

func shaFlowFootprint(h string) *suite.FootprintSpec {
	return &suite.FootprintSpec{
		Table:   "sha_flow_footprint",
		Params:  map[string]string{"hash": h},
		Imports: []string{"os", ModulePath + "/sha2"},
		Body:    fmt.Sprintf("h := sha2.New%s()\nh.Write([]byte(os.Args[0]))\nh.Write([]byte(os.Args[0]))\nos.Stdout.Write(h.Sum(nil)[:1])", h[3:]),
	}
}

func shaTag(h, impl string) suite.Case {
	c := suite.Case{
		Suite:  "sha",
		Table:  "sha_tag",
		Name:   fmt.Sprintf("SHA/tag/hash=%s", h),
		Params: map[string]string{"hash": h},
		Impl:   impl,
	}
	c.Setup = func() (func() error, int, error) {
		d, working := shaState(h, impl)
		d.Write(fill(flowMessage, 7)) // the state after the data-flow message
		tag := make([]byte, 0, d.Size())
		// Sum finalises a copy of the state, so every call generates the
		// same tag from the same state, as a single generateTag call does.
		return func() error { tag = d.Sum(tag[:0]); return nil }, working, nil
	}
	// The tag is generated by the data-flow code, whose footprint table
	// the pages share with it (same spec, so the same build).
	if impl == ImplOurs {
		c.Config = shaConfig(h)
		c.Footprint = shaFlowFootprint(h)
	}
	return c
}
