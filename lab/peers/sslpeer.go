package peers

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/gobuild"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// The AES-CBC sole-buffer rows and every SHA row are measured like-for-like
// and interleaved with ours through a small cgo program on libcrypto,
// lab/peers/sslpeer, where it can be built (cgo and libcrypto's headers,
// libssl-dev): it performs the page's operation as our cases do (the AES
// key and IV set in every sole-buffer call; a data flow hashed chunk by
// chunk; the tag alone of an absorbed state) and times each batch the
// harness asks for with its thread CPU clock, so OpenSSL's batches
// alternate with ours and the standard library's (RemoteCases). Without
// it those rows come from openssl speed, labelled so.

const sslPeerPkg = "./lab/peers/sslpeer"

var (
	sslPeerOnce sync.Once
	sslPeerPath string
	sslPeerErr  error
)

// sslPeerBinary builds (or finds cached) the helper, once per process.
func sslPeerBinary(ctx context.Context, opt Options) (string, error) {
	sslPeerOnce.Do(func() {
		sslPeerPath, _, sslPeerErr = gobuild.Binary{
			Pkg:      sslPeerPkg,
			Name:     "cryptolab-sslpeer",
			Tags:     []string{"cryptolab_openssl"},
			Env:      []string{"CGO_ENABLED=1"},
			Version:  "sslpeer-v2",
			Root:     opt.ModuleRoot,
			GoCmd:    opt.GoCmd,
			CacheDir: opt.CacheDir,
		}.Build(ctx)
	})
	return sslPeerPath, sslPeerErr
}

// sslFlowMessage is the message length of the SHA tag row's state, as in
// lab/cases (the state after the data-flow message).
const sslFlowMessage = 8000

// sslPeerOp returns the helper's operation for a published row ("sha
// SHA256 flow 8000 2048"), the payload bytes per operation and the
// result's note, or ok=false if the helper has no counterpart.
func sslPeerOp(table string, p map[string]string) (op string, bytes int, note string, ok bool) {
	num := func(k string) int {
		n, err := strconv.Atoi(p[k])
		if err != nil {
			return -1
		}
		return n
	}
	hash := p["hash"]
	if table != "aes_cbc_sole" && hash != "SHA256" && hash != "SHA384" {
		return "", 0, "", false
	}
	const how = " (thread CPU time of each batch, batches interleaved with ours)"
	switch table {
	case "aes_cbc_sole":
		bits, n := num("key_bits"), num("buffer_bytes")
		dir := map[string]string{"Encryption": "enc", "Decryption": "dec"}[p["operation"]]
		if bits != 128 && bits != 192 && bits != 256 || n <= 0 || n%16 != 0 || dir == "" {
			return "", 0, "", false
		}
		return fmt.Sprintf("aes %d %d %s", bits, n, dir), n,
			"EVP AES-CBC through lab/peers/sslpeer (cgo): cipher fetched once, one context reused; every call sets the key and IV (EVP_CipherInit_ex: key expansion and IV), one Update and Final, padding off, as the page's sole-buffer operation" + how, true
	case "sha_sole":
		n := num("buffer_bytes")
		if n < 0 {
			return "", 0, "", false
		}
		return fmt.Sprintf("sha %s sole %d", hash, n), n,
			"EVP through lab/peers/sslpeer (cgo): digest fetched once, one context reused; each call EVP_DigestInit_ex2, one EVP_DigestUpdate of the buffer, EVP_DigestFinal_ex" + how, true
	case "sha_flow":
		m, c := num("message_bytes"), num("chunk_bytes")
		if m <= 0 || c <= 0 {
			return "", 0, "", false
		}
		return fmt.Sprintf("sha %s flow %d %d", hash, m, c), m,
			fmt.Sprintf("EVP through lab/peers/sslpeer (cgo): digest fetched once, one context reused; each message EVP_DigestInit_ex2, one EVP_DigestUpdate per %d-byte chunk, EVP_DigestFinal_ex", c) + how, true
	case "sha_tag":
		return fmt.Sprintf("sha %s tag %d", hash, sslFlowMessage), 0,
			fmt.Sprintf("EVP through lab/peers/sslpeer (cgo): the tag of a context that has absorbed %d bytes, EVP_MD_CTX_copy_ex to a second context and EVP_DigestFinal_ex there (the absorbed state stays, as our Sum keeps it)", sslFlowMessage) + how, true
	}
	return "", 0, "", false
}

// sslPeer is a running helper: one request line, one reply line.
type sslPeer struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	stderr strings.Builder
	dead   error
}

func startSSLPeer(ctx context.Context, path string) (*sslPeer, error) {
	p := &sslPeer{cmd: exec.CommandContext(ctx, path)}
	p.cmd.Stderr = &p.stderr
	var err error
	if p.in, err = p.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p.out = bufio.NewScanner(out)
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	return p, nil
}

// request sends one line and returns the reply's fields after "ok".
func (p *sslPeer) request(line string) ([]string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dead != nil {
		return nil, p.dead
	}
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		p.dead = fmt.Errorf("sslpeer: %v %s", err, strings.TrimSpace(p.stderr.String()))
		return nil, p.dead
	}
	if !p.out.Scan() {
		p.dead = fmt.Errorf("sslpeer stopped: %v %s", p.out.Err(), strings.TrimSpace(p.stderr.String()))
		return nil, p.dead
	}
	f := strings.Fields(p.out.Text())
	switch {
	case len(f) > 0 && f[0] == "ok":
		return f[1:], nil
	case len(f) > 0 && f[0] == "err":
		return nil, fmt.Errorf("sslpeer %q: %s", line, strings.Join(f[1:], " "))
	}
	return nil, fmt.Errorf("sslpeer %q: unexpected reply %q", line, p.out.Text())
}

// close ends the helper (end of its input) and waits for it.
func (p *sslPeer) close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dead == nil {
		p.dead = errors.New("sslpeer: closed")
	}
	p.in.Close()
	return p.cmd.Wait()
}

// newOp sets op up in the helper and returns its batch function.
func (p *sslPeer) newOp(op string) (func(n int) (cpuNs, wallNs int64, err error), error) {
	f, err := p.request("new " + op)
	if err != nil {
		return nil, err
	}
	if len(f) != 1 {
		return nil, fmt.Errorf("sslpeer: bad reply to new %s", op)
	}
	id := f[0]
	return func(n int) (int64, int64, error) {
		f, err := p.request("run " + id + " " + strconv.Itoa(n))
		if err != nil {
			return 0, 0, err
		}
		if len(f) != 2 {
			return 0, 0, fmt.Errorf("sslpeer: bad reply to run %s", op)
		}
		cpu, err1 := strconv.ParseInt(f[0], 10, 64)
		wall, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil {
			return 0, 0, fmt.Errorf("sslpeer: bad reply to run %s: %q", op, f)
		}
		return cpu, wall, nil
	}, nil
}

// RemoteCase is one OpenSSL case measured by the helper, interleaved with
// the in-process cases of its row, and the note its result carries.
type RemoteCase struct {
	Case suite.Case
	Note string
}

// RemoteCases starts the OpenSSL helper (building it, or taking it from
// the cache) and returns one case (Impl "openssl", Remote set) for each
// published row of cases the helper measures (the AES-CBC sole-buffer rows
// and every SHA row), to be measured with them, and a function stopping
// the helper once they are. A run passes the rows' keys to Run
// (Options.Interleaved) so openssl speed skips them. It returns no cases
// and the reason when OpenSSL is not wanted (opt.Peers), the helper is
// disabled (opt.NoSSLPeer) or cannot be built or started; the rows then
// come from openssl speed.
func RemoteCases(ctx context.Context, opt Options, cases []suite.Case) ([]RemoteCase, func(), error) {
	stop := func() {}
	if !opt.wants(ImplOpenSSL) {
		return nil, stop, nil
	}
	if opt.NoSSLPeer {
		return nil, stop, errors.New("sslpeer disabled")
	}
	type row struct {
		c    suite.Case
		op   string
		n    int
		note string
	}
	var rows []row
	seen := map[string]bool{}
	for _, c := range cases {
		k := catalog.RowKey(c.Table, c.Params)
		if seen[k] || (opt.Suites != nil && !slices.Contains(opt.Suites, c.Suite)) {
			continue
		}
		p := catalog.OperationParams(c.Table, c.Params)
		op, n, note, ok := sslPeerOp(c.Table, p)
		if !ok {
			continue
		}
		seen[k] = true
		rows = append(rows, row{suite.Case{Suite: c.Suite, Table: c.Table, Name: c.Name, Params: p, Impl: ImplOpenSSL, BytesPerOp: n}, op, n, note})
	}
	if len(rows) == 0 {
		return nil, stop, nil
	}
	path, err := sslPeerBinary(ctx, opt)
	if err != nil {
		return nil, stop, fmt.Errorf("sslpeer cannot be built here: %v", err)
	}
	p, err := startSSLPeer(ctx, path)
	if err != nil {
		return nil, stop, fmt.Errorf("sslpeer: %v", err)
	}
	version := "OpenSSL"
	if bin, ok := opt.openSSLPath(); ok {
		if v, err := openSSLVersion(ctx, bin); err == nil {
			version = v
		}
	}
	var out []RemoteCase
	for _, r := range rows {
		c := r.c
		op := r.op
		c.Remote = func() (func(n int) (int64, int64, error), error) { return p.newOp(op) }
		out = append(out, RemoteCase{Case: c, Note: version + " " + r.note})
	}
	return out, func() { p.close() }, nil
}
