// Package suite is the lab's case registry: every measurable operation of the
// published STM32 tables, for our implementation in each configuration and
// for every peer, is a Case registered here. The command, the harness and the
// report only ever iterate over Cases(); a new algorithm joins the lab by
// adding one file in lab/cases that calls Register (its family's entry is
// already in lab/catalog), and nothing in the core changes.
package suite

import (
	"slices"
	"sync"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
)

// Case is one row of a published table measured with one implementation in
// one configuration.
type Case struct {
	Suite  string            // the catalogue's suite name: "aes", "sha", "ecdsa", "eddsa", "rsa", "mldsa", "mlkem", "lms"
	Table  string            // reference TSV name without .tsv, e.g. "aes_cbc_sole"
	Name   string            // stable benchstat-style name, e.g. "AES-CBC/sole/key=128/size=32/op=Encryption"
	Params map[string]string // reference column names and values, e.g. key_bits=128 buffer_bytes=32 operation=Encryption config=Small (ours: catalog.PageParams)
	Impl   string            // "cryptolab" or a peer name
	Config string            // our configuration, "" for peers

	// Method describes a peer in a sentence for the report (what is
	// measured and how); the first non-empty Method of an Impl is used.
	// Empty for our cases.
	Method string

	BytesPerOp int // payload per operation (throughput); 0 if n/a

	// Setup prepares everything outside the timed region and returns the
	// operation to time (one call = one published operation) and the
	// working memory in bytes that the operation keeps besides its inputs
	// and outputs (context, expanded key, scratch).
	Setup func() (op func() error, workingBytes int, err error)

	// Remote, set instead of Setup, is for a peer that runs in another
	// process (lab/peers' OpenSSL helper) but is measured interleaved
	// with the in-process cases of its row: it prepares the operation
	// there and returns a function that performs n operations and
	// returns that process's thread CPU time and wall time for them, in
	// nanoseconds. The harness neither counts its heap nor probes its
	// stack (they are not this process's). Such cases are made by
	// lab/run for one run, never registered.
	Remote func() (batch func(n int) (cpuNs, wallNs int64, err error), err error)

	Footprint *FootprintSpec // nil if no footprint table
}

// FootprintSpec describes the minimal program whose size is attributed to one
// operation of a footprint table.
type FootprintSpec struct {
	Table   string            // footprint TSV, e.g. "aes_cbc_sole_footprint"
	Params  map[string]string // its columns, e.g. operation=Encryption config=Small
	Imports []string          // import paths of the minimal program
	Body    string            // Go statements of main() performing only this operation
}

var (
	mu    sync.Mutex
	cases []Case
)

// Register adds cases to the registry. It is meant to be called from init
// functions of the packages under lab/cases (and lab/peers).
func Register(cs ...Case) {
	mu.Lock()
	defer mu.Unlock()
	cases = append(cases, cs...)
}

// RegisterPeer adds in-process peer cases under the peer name impl, with a
// sentence describing the peer for the report: it sets Impl and Method and
// clears Config on each case, then calls Register.
func RegisterPeer(impl, method string, cs ...Case) {
	for i := range cs {
		cs[i].Impl = impl
		cs[i].Method = method
		cs[i].Config = ""
	}
	Register(cs...)
}

// Cases returns every registered case in registration order. The slice is a
// copy; the Params maps are shared and must not be modified.
func Cases() []Case {
	mu.Lock()
	defer mu.Unlock()
	return slices.Clone(cases)
}

// Suites returns the suite names of the catalogue in the order of the
// published pages, implemented or not.
func Suites() []string {
	return catalog.Suites()
}

// Methods returns the Method of each peer Impl among the registered cases.
func Methods() map[string]string {
	mu.Lock()
	defer mu.Unlock()
	m := map[string]string{}
	for _, c := range cases {
		if c.Method != "" && m[c.Impl] == "" {
			m[c.Impl] = c.Method
		}
	}
	return m
}
