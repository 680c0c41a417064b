// Package peers measures the implementations cryptolab is compared with,
// beside ours in the same run:
//
//   - "go": the Go standard library as built. Its cases are ordinary
//     in-process cases (registered by lab/cases with Impl "go") and run
//     interleaved with ours by the harness.
//   - "go-purego": the Go standard library built with -tags purego, i.e.
//     without its assembly (AES-NI, SHA-NI, AVX2 paths): the portable Go
//     code, the fair comparison for our pure-Go implementations. A process
//     cannot hold two builds of the standard library, so Run builds a copy
//     of cmd/cryptolab with -tags purego (cached under
//     os.UserCacheDir()/cryptolab/peers, keyed by the go version, target and
//     the module's sources) and runs its hidden "worker" subcommand, which
//     measures the "go" cases with the same harness (lab/measure) and prints
//     the results as JSON (see Worker). They are relabelled "go-purego".
//   - "openssl": OpenSSL's libcrypto through the cgo helper
//     lab/peers/sslpeer where it builds, for the rows it knows (AES-CBC
//     sole buffers, every SHA row): RemoteCases gives lab/run cases the
//     harness interleaves with ours, timed in the helper (see sslpeer.go).
//     The other rows, or all of them without the helper, through
//     "openssl speed -mr" with parsed output (see openssl.go for how its
//     method differs).
//   - further peers (circl, filippo.io/mldsa, ...) join as in-process cases
//     registered by lab/cases with suite.RegisterPeer, their description in
//     the case's Method.
//
// The other out-of-process peers (go-purego, circl-purego, openssl speed)
// are not interleaved with our cases (A B A B); they run after them, each
// in one go.
package peers

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// Peer names (result.Result.Impl).
const (
	ImplGo       = "go"
	ImplGoPurego = "go-purego"
	ImplOpenSSL  = "openssl"
	// ImplCirclPurego is circl built with -tags purego (no AVX2 assembly),
	// run by the same purego worker on the cases registered as "circl".
	ImplCirclPurego = "circl-purego"
	implCircl       = "circl"
)

var (
	mu      sync.Mutex
	methods = map[string]string{
		ImplGo: "The Go standard library of the toolchain that built this command (crypto/aes with crypto/cipher's CBC, crypto/sha256, crypto/sha512, crypto/ecdsa, crypto/mlkem, ... as each case names), " +
			"with its assembly (AES-NI, SHA-NI, AVX2 where the CPU has them); measured in-process with the same harness, interleaved with our cases.",
		ImplGoPurego: "The Go standard library built with -tags purego (its portable Go code, no assembly): a copy of this command built with -tags purego " +
			"(cached) runs the standard-library cases in a separate process with the same harness; not interleaved with our cases.",
		ImplCirclPurego: "github.com/cloudflare/circl built with -tags purego (its portable Go code: no AVX2 NTT or 4-way Keccak): the same -tags purego copy of this command " +
			"runs the circl cases in a separate process with the same harness; not interleaved with our cases.",
		ImplOpenSSL: "lab/peers/sslpeer, a small cgo program on libcrypto (built and cached where cgo and libssl-dev's headers are present), for the AES sole-buffer rows and every SHA row: it performs the page's operation as our cases do " +
			"(the AES key and IV set in every call; a hash data flow written chunk by chunk through EVP_DigestUpdate; the tag alone from a copy of an absorbed context; the digest fetched once and one context reused) " +
			"and times each batch the harness asks for with its thread CPU clock, so its batches are interleaved with ours like an in-process peer's. " +
			"The other rows, and those too where the helper cannot be built, come from openssl speed -mr -seconds 1: OpenSSL times its own loop in one run per algorithm and size and divides by the process's user CPU time " +
			"(AES key and IV set once before the loop, labelled so; a hash data flow as one digest call over the whole message; AES data-flow figures as its per-chunk update time scaled to the 8000-byte message; " +
			"signatures with openssl's own sign/verify loops over a short fixed input and a key generated once); not interleaved with our cases, and a single sample, so no spread.",
	}
)

// Methods returns a description of each peer, keyed "peer:<impl>", for
// result.Machine.Methods, plus "peers" for the overall arrangement. The
// openssl entry names the installed version, or says it is missing.
func Methods() map[string]string {
	mu.Lock()
	defer mu.Unlock()
	m := map[string]string{
		"peers": "Every peer column is measured on the same rows as ours. In-process peers (go, circl, filippo.io/mldsa) run interleaved with our cases in the same harness; " +
			"so does openssl on the rows its cgo helper serves (its batches run in the helper process, requested in turn with ours); " +
			"go-purego, circl-purego and openssl speed run in separate processes after our cases.",
	}
	for k, v := range methods {
		m["peer:"+k] = v
	}
	for k, v := range suite.Methods() {
		if _, ok := methods[k]; !ok {
			m["peer:"+k] = v
		}
	}
	if path, ok := (Options{}).openSSLPath(); ok {
		if v, err := openSSLVersion(context.Background(), path); err == nil {
			m["peer:"+ImplOpenSSL] = v + " through " + m["peer:"+ImplOpenSSL]
		}
	} else {
		m["peer:"+ImplOpenSSL] = "No openssl command on this machine: no OpenSSL column."
	}
	return m
}

// Row is one published row to measure a peer on: the table, the parameters
// other than our configuration, and the case name used for it.
type Row struct {
	Table  string
	Name   string
	Params map[string]string
}

// Rows returns the distinct published rows of the registered cases in the
// given suites (all suites if nil), in registration order, with the
// configuration columns removed (catalog.RowKey). A row's name is that of a
// peer case (Config "") on it if there is one, else of the first case.
func Rows(suites []string) []Row {
	var rows []Row
	at := map[string]int{}
	named := map[string]bool{}
	for _, c := range suite.Cases() {
		if suites != nil && !slices.Contains(suites, c.Suite) {
			continue
		}
		k := catalog.RowKey(c.Table, c.Params)
		i, ok := at[k]
		if !ok {
			at[k] = len(rows)
			rows = append(rows, Row{Table: c.Table, Name: c.Name, Params: catalog.OperationParams(c.Table, c.Params)})
			named[k] = c.Config == ""
			continue
		}
		if !named[k] && c.Config == "" {
			rows[i].Name = c.Name
			named[k] = true
		}
	}
	return rows
}

// Options control Run.
type Options struct {
	Suites  []string      // suites to measure; nil = every registered suite
	Peers   []string      // out-of-process peers to run: ImplGoPurego, ImplOpenSSL; nil = both
	Quick   bool          // smoke-test settings: the worker uses measure.QuickOptions, openssl runs one job per table
	MinTime time.Duration // the worker's minimum measured time per case; 0 = harness default

	// CounterHz and CoreHz (from the run's result.Machine) convert
	// openssl's times to counter ticks and core cycles; 0 leaves them out.
	CounterHz, CoreHz float64

	OpenSSL string // openssl command; default "openssl" from PATH
	// NoSSLPeer makes RemoteCases return nothing, so that the rows it
	// serves are measured with openssl speed (AES key set once, a hash
	// data flow in one call) instead of the like-for-like cgo helper
	// lab/peers/sslpeer.
	NoSSLPeer bool
	// Interleaved holds the catalog.RowKey of the rows already measured
	// with OpenSSL in the harness (RemoteCases); openssl speed skips
	// them.
	Interleaved    map[string]bool
	OpenSSLSeconds int // seconds per openssl speed run; default 1

	// ModuleRoot is the cryptolab source tree the purego copy is built
	// from; default: located like lab/footprint does (working directory,
	// else this package's source path). GoCmd defaults to "go". CacheDir
	// defaults to os.UserCacheDir()/cryptolab/peers.
	ModuleRoot, GoCmd, CacheDir string

	// Progress, if set, is called as each peer advances: the peer's
	// steps done and total, and a label of the current step.
	Progress func(done, total int, label string)
}

func (o Options) wants(impl string) bool {
	return o.Peers == nil || slices.Contains(o.Peers, impl)
}

// notInterleaved returns the rows not in o.Interleaved.
func (o Options) notInterleaved(rows []Row) []Row {
	var out []Row
	for _, r := range rows {
		if !o.Interleaved[catalog.RowKey(r.Table, r.Params)] {
			out = append(out, r)
		}
	}
	return out
}

// Run measures the out-of-process peers on the rows of the registered cases
// in opt.Suites and returns their results. A peer that cannot run (openssl
// not installed, no source tree to build the purego copy from) is skipped;
// failures are returned joined in the error beside the results of the peers
// that worked.
//
// opt.Progress sees the peers as one sequence of steps: the purego worker's
// cases, then the openssl jobs.
func Run(ctx context.Context, opt Options) ([]result.Result, error) {
	rows := Rows(opt.Suites)
	goSteps, sslSteps := 0, 0
	circlSteps := 0
	for _, c := range suite.Cases() {
		if opt.Suites != nil && !slices.Contains(opt.Suites, c.Suite) {
			continue
		}
		switch {
		case c.Impl == ImplGo && opt.wants(ImplGoPurego):
			goSteps++
		case c.Impl == implCircl && opt.wants(ImplCirclPurego):
			circlSteps++
		}
	}
	if _, ok := opt.openSSLPath(); ok && opt.wants(ImplOpenSSL) {
		_, jobs := sslPlan(opt.notInterleaved(rows), opt.Quick)
		sslSteps = len(jobs)
	}
	total := goSteps + circlSteps + sslSteps
	user := opt.Progress
	phase := func(offset, size int) func(done, n int, label string) {
		if user == nil {
			return nil
		}
		return func(done, n int, label string) {
			d := offset
			if n > 0 {
				d += min(done, n) * size / n
			}
			user(d, total, label)
		}
	}

	var out []result.Result
	var errs []error
	if opt.wants(ImplGoPurego) && goSteps > 0 {
		o := opt
		o.Progress = phase(0, goSteps)
		rs, err := runPurego(ctx, o)
		out = append(out, rs...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	if circlSteps > 0 {
		o := opt
		o.Progress = phase(goSteps, circlSteps)
		rs, err := runPuregoImpl(ctx, o, implCircl, ImplCirclPurego, "circl built with -tags purego, measured in a separate process")
		out = append(out, rs...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	if opt.wants(ImplOpenSSL) {
		o := opt
		o.Progress = phase(goSteps+circlSteps, sslSteps)
		rs, err := runOpenSSL(ctx, rows, o)
		out = append(out, rs...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	if user != nil {
		user(total, total, "")
	}
	sortLike(out, opt.Suites)
	return out, errors.Join(errs...)
}

// sortLike orders results by the registration order of their rows, then by
// peer, so the out-of-process results read like the in-process ones.
func sortLike(rs []result.Result, suites []string) {
	order := map[string]int{}
	for i, r := range Rows(suites) {
		order[r.Table+"\x00"+r.Name] = i
	}
	sort.SliceStable(rs, func(i, j int) bool {
		oi, iok := order[rs[i].Table+"\x00"+rs[i].Case]
		oj, jok := order[rs[j].Table+"\x00"+rs[j].Case]
		if iok != jok {
			return iok
		}
		if oi != oj {
			return oi < oj
		}
		return strings.Compare(rs[i].Impl, rs[j].Impl) < 0
	})
}
