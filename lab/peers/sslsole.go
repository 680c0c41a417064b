package peers

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"maps"
	"os/exec"
	"strconv"
	"strings"
	"sync"

	"github.com/cryptolab-go/cryptolab/lab/gobuild"
	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

// The AES-CBC sole-buffer rows are measured like-for-like through a small
// cgo program, lab/peers/sslsole, where it can be built (cgo and libcrypto's
// headers, libssl-dev): each of its calls sets the key and the IV and
// processes the buffer, as the pages' sole-buffer operation and ours do,
// which "openssl speed" does not. Without it the rows come from openssl
// speed and their note says the key is set once.

const sslSolePkg = "./lab/peers/sslsole"

var (
	sslSoleOnce sync.Once
	sslSolePath string
	sslSoleErr  error
)

// sslSoleBinary builds (or finds cached) the helper, once per process.
func sslSoleBinary(ctx context.Context, opt Options) (string, error) {
	sslSoleOnce.Do(func() {
		sslSolePath, _, sslSoleErr = gobuild.Binary{
			Pkg:      sslSolePkg,
			Name:     "cryptolab-sslsole",
			Tags:     []string{"cryptolab_openssl"},
			Env:      []string{"CGO_ENABLED=1"},
			Version:  "sslsole-v1",
			Root:     opt.ModuleRoot,
			GoCmd:    opt.GoCmd,
			CacheDir: opt.CacheDir,
		}.Build(ctx)
	})
	return sslSolePath, sslSoleErr
}

// runSole measures one aes_cbc_sole row with the helper.
func runSole(ctx context.Context, helper string, row Row, version string, opt Options) result.Result {
	r := result.Result{Table: row.Table, Case: row.Name, Params: maps.Clone(row.Params), Impl: ImplOpenSSL}
	bits, n := row.Params["key_bits"], row.Params["buffer_bytes"]
	dir := map[string]string{"Encryption": "enc", "Decryption": "dec"}[row.Params["operation"]]
	minTime, batches := opt.MinTime, 10
	if minTime <= 0 {
		minTime = measure.DefaultOptions().MinTime
	}
	if opt.Quick {
		minTime, batches = measure.QuickOptions().MinTime, 5
	}
	cmd := exec.CommandContext(ctx, helper, bits, n, dir, minTime.String(), strconv.Itoa(batches))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		r.Status, r.Note = result.StatusError, fmt.Sprintf("sslsole %s %s %s: %v: %s", bits, n, dir, err, strings.TrimSpace(stderr.String()))
		return r
	}
	var ns []float64
	ops := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		calls, err1 := strconv.Atoi(f[0])
		v, err2 := strconv.ParseFloat(f[1], 64)
		if err1 == nil && err2 == nil && v > 0 {
			ns = append(ns, v)
			ops += calls
		}
	}
	if len(ns) == 0 {
		r.Status, r.Note = result.StatusError, "sslsole printed no batch"
		return r
	}
	r.Status = result.StatusOK
	r.Note = version + " EVP AES-CBC through lab/peers/sslsole (cgo): every call sets the key and IV (EVP_CipherInit_ex), padding off, one Update and Final, as the page's sole-buffer operation; thread CPU time per batch, not interleaved with ours"
	r.Ops = ops
	r.BytesPerOp, _ = strconv.Atoi(n)
	r.Ns = measure.Summarize("ns/op", ns, true)
	r.CPUNs = r.Ns
	r.NsSource = "cpu"
	scale := func(f float64, unit string) result.Stats {
		out := make([]float64, len(ns))
		for i, v := range ns {
			out[i] = v * f
		}
		return measure.Summarize(unit, out, false)
	}
	if opt.CounterHz > 0 {
		r.Ticks = scale(opt.CounterHz/1e9, "ticks/op")
	}
	if opt.CoreHz > 0 {
		r.Cycles = scale(opt.CoreHz/1e9, "cycles/op")
	}
	return r
}
