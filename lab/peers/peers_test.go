package peers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The samples in testdata were captured from OpenSSL 3.0.19 on the project
// machine ("openssl speed -mr -seconds 1 ...").
func TestParseSpeedMR(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []sslMeasure
	}{
		{"openssl-aes-decrypt.txt", []sslMeasure{{alg: "AES-128-CBC", size: 32, count: 37717163, seconds: 0.98}}},
		{"openssl-sha384.txt", []sslMeasure{{alg: "sha384", size: 8000}}},
		{"openssl-ecdsa.txt", []sslMeasure{
			{alg: "ecdsa", size: 256, op: "sign"}, {alg: "ecdsa", size: 256, op: "verify"},
			{alg: "ecdsa", size: 384, op: "sign"}, {alg: "ecdsa", size: 384, op: "verify"}}},
		{"openssl-ed25519.txt", []sslMeasure{{alg: "Ed25519", size: 253, op: "sign"}, {alg: "Ed25519", size: 253, op: "verify"}}},
		{"openssl-ecdhx25519.txt", []sslMeasure{{alg: "ecdh", size: 253}}},
		{"openssl-rsa3072.txt", []sslMeasure{{alg: "rsa", size: 3072, op: "private", count: 404, seconds: 0.97}, {alg: "rsa", size: 3072, op: "public", count: 20269, seconds: 0.99}}},
	} {
		got, err := parseSpeedMR(readFile(t, tc.file))
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: %d results, want %d: %+v", tc.file, len(got), len(tc.want), got)
			continue
		}
		for i, w := range tc.want {
			g := got[i]
			if g.alg != w.alg || g.size != w.size || g.op != w.op || g.count <= 0 || g.seconds <= 0 {
				t.Errorf("%s[%d] = %+v, want %+v", tc.file, i, g, w)
			}
			if w.count != 0 && (g.count != w.count || g.seconds != w.seconds) {
				t.Errorf("%s[%d] count/seconds = %d/%g, want %d/%g", tc.file, i, g.count, g.seconds, w.count, w.seconds)
			}
		}
	}
	// The human-readable format and garbage are rejected, not misread.
	if _, err := parseSpeedMR(readFile(t, "openssl-human.txt")); err == nil {
		t.Error("human-readable output parsed as results")
	}
	for _, bad := range []string{"+R:12:AES-128-CBC:1.0\n", "+DT:AES:1:x\n", "+DT:AES:1:16\n+R:zero:AES:1\n", "+DT:AES:1:16\n+R:0:AES:1.0\n"} {
		if _, err := parseSpeedMR([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestSSLMapping(t *testing.T) {
	for _, tc := range []struct {
		table  string
		params map[string]string
		args   string
		alg    string
		size   int
		op     string
		scale  float64
		bytes  int
	}{
		{"aes_cbc_sole", map[string]string{"key_bits": "192", "buffer_bytes": "64", "operation": "Encryption"}, "-evp aes-192-cbc -bytes 64", "AES-192-CBC", 64, "", 1, 64},
		{"aes_cbc_sole", map[string]string{"key_bits": "256", "buffer_bytes": "32", "operation": "Decryption"}, "-evp aes-256-cbc -bytes 32 -decrypt", "AES-256-CBC", 32, "", 1, 32},
		{"aes_cbc_flow", map[string]string{"key_bits": "128", "message_bytes": "8000", "chunk_bytes": "512", "operation": "Decryption"}, "-evp aes-128-cbc -bytes 512 -decrypt", "AES-128-CBC", 512, "", 8000.0 / 512, 8000},
		{"sha_sole", map[string]string{"hash": "SHA384", "buffer_bytes": "128"}, "-evp sha384 -bytes 128", "sha384", 128, "", 1, 128},
		{"sha_flow", map[string]string{"hash": "SHA256", "message_bytes": "8000", "chunk_bytes": "2048"}, "-evp sha256 -bytes 8000", "sha256", 8000, "", 1, 8000},
		{"ecdsa", map[string]string{"curve": "SECP384R1", "operation": "Verification"}, "ecdsap384", "ecdsa", 384, "verify", 1, 0},
		{"eddsa", map[string]string{"curve": "Ed25519", "message_bytes": "1023", "operation": "Signature"}, "ed25519", "Ed25519", 253, "sign", 1, 0},
		{"x25519", map[string]string{"operation": "Shared secret"}, "ecdhx25519", "ecdh", 253, "", 1, 0},
		{"rsa", map[string]string{"privkey_modexp_method": "CRT", "modulus_bits": "3072", "operation": "Signature"}, "rsa3072", "rsa", 3072, "private", 1, 0},
		{"rsa", map[string]string{"privkey_modexp_method": "n/a", "modulus_bits": "3072", "operation": "Verification"}, "rsa3072", "rsa", 3072, "public", 1, 0},
	} {
		m, ok := sslMapping(tc.table, tc.params)
		if !ok {
			t.Errorf("%s %v: no mapping", tc.table, tc.params)
			continue
		}
		if m.job.key() != tc.args || m.alg != tc.alg || m.size != tc.size || m.op != tc.op || m.scale != tc.scale || m.bytes != tc.bytes || m.note == "" {
			t.Errorf("%s %v: got %+v", tc.table, tc.params, m)
		}
	}
	for _, tc := range []struct {
		table  string
		params map[string]string
	}{
		{"sha_tag", map[string]string{"hash": "SHA256"}},
		{"x25519", map[string]string{"operation": "Key generation"}},
		{"mlkem", map[string]string{"suite": "ML-KEM-768"}},
		{"aes_cbc_sole", map[string]string{"key_bits": "100", "buffer_bytes": "32", "operation": "Encryption"}},
		{"aes_cbc_sole", map[string]string{"key_bits": "128", "buffer_bytes": "32", "operation": "Both"}},
		{"sha_sole", map[string]string{"hash": "MD5", "buffer_bytes": "32"}},
		{"rsa", map[string]string{"privkey_modexp_method": "No CRT", "modulus_bits": "3072", "operation": "Signature"}},
	} {
		if m, ok := sslMapping(tc.table, tc.params); ok {
			t.Errorf("%s %v mapped to %+v", tc.table, tc.params, m)
		}
	}
}

func TestSSLResult(t *testing.T) {
	row := Row{Table: "aes_cbc_flow", Name: "AES-CBC/flow/key=128/chunk=512/op=Encryption",
		Params: map[string]string{"key_bits": "128", "message_bytes": "8000", "chunk_bytes": "512", "operation": "Encryption"}}
	m, _ := sslMapping(row.Table, row.Params)
	// 2,000,000 chunks of 512 bytes in 1 s: 500 ns per chunk, 8000/512
	// chunks per message.
	r := sslResult(row, m, sslMeasure{alg: "AES-128-CBC", size: 512, count: 2_000_000, seconds: 1}, "OpenSSL 3.0.19", Options{CounterHz: 2e9, CoreHz: 3e9})
	wantNs := 500 * 8000.0 / 512
	if r.Impl != ImplOpenSSL || r.Case != row.Name || r.Table != row.Table || r.Status != result.StatusOK || r.NsSource != "cpu" {
		t.Errorf("labels: %+v", r)
	}
	if math.Abs(r.Ns.Median-wantNs) > 1e-6 || r.Ns.Min != r.Ns.Max || r.CPUNs.Median != r.Ns.Median || r.Ns.Unit != "ns/op" {
		t.Errorf("ns = %+v, want %g", r.Ns, wantNs)
	}
	if math.Abs(r.Cycles.Median-wantNs*3) > 1e-6 || math.Abs(r.Ticks.Median-wantNs*2) > 1e-6 {
		t.Errorf("cycles %g ticks %g", r.Cycles.Median, r.Ticks.Median)
	}
	// 8000 bytes per 7812.5 ns = 1,024,000 Kbytes/s (1 Kbyte = 1000 bytes).
	if math.Abs(r.KBytesPer.Median-1024000) > 1e-6 || r.BytesPerOp != 8000 {
		t.Errorf("Kbytes/s = %g, bytes/op %d", r.KBytesPer.Median, r.BytesPerOp)
	}
	if !strings.Contains(r.Note, "OpenSSL 3.0.19") || !strings.Contains(r.Note, "not interleaved") {
		t.Errorf("note %q", r.Note)
	}
	// The row's params are copied, not shared.
	r.Params["x"] = "y"
	if _, ok := row.Params["x"]; ok {
		t.Error("result shares the row's params map")
	}
}

// fakeOpenSSL writes a script that answers "version" and "speed -mr" with
// captured output, whatever the algorithm, and records its arguments.
func fakeOpenSSL(t *testing.T) (bin, log string) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Fatalf("needs sh: %v", err)
	}
	dir := t.TempDir()
	log = filepath.Join(dir, "calls")
	script := `#!/bin/sh
echo "$@" >> ` + log + `
case "$1" in
version) echo "OpenSSL 9.9.9 1 Jan 2030 (Library: OpenSSL 9.9.9 1 Jan 2030)";;
speed)
  case "$*" in
  *aes-128-cbc*-bytes\ 32*-decrypt*) printf '+DT:AES-128-CBC:1:32\n+R:8000000:AES-128-CBC:1.00\n+H:32\n';;
  *aes-128-cbc*-bytes\ 32*) printf '+DT:AES-128-CBC:1:32\n+R:4000000:AES-128-CBC:1.00\n+H:32\n';;
  *sha256*-bytes\ 8000*) printf '+DT:sha256:1:8000\n+R:100000:sha256:0.50\n';;
  *ecdsap256*) printf '+DTP:256:sign:ecdsa:1\n+R5:30000:256:0.99\n+DTP:256:verify:ecdsa:1\n+R6:10000:256:1.00\n';;
  *) echo "speed: unknown algorithm" >&2; exit 1;;
  esac;;
esac
`
	bin = filepath.Join(dir, "openssl")
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, log
}

func TestRunOpenSSLFake(t *testing.T) {
	bin, log := fakeOpenSSL(t)
	rows := []Row{
		{Table: "aes_cbc_sole", Name: "aes32", Params: map[string]string{"key_bits": "128", "buffer_bytes": "32", "operation": "Encryption"}},
		{Table: "aes_cbc_sole", Name: "aes32-dec", Params: map[string]string{"key_bits": "128", "buffer_bytes": "32", "operation": "Decryption"}},
		{Table: "sha_flow", Name: "sha-c128", Params: map[string]string{"hash": "SHA256", "message_bytes": "8000", "chunk_bytes": "128"}},
		{Table: "sha_flow", Name: "sha-c512", Params: map[string]string{"hash": "SHA256", "message_bytes": "8000", "chunk_bytes": "512"}},
		{Table: "sha_tag", Name: "tag", Params: map[string]string{"hash": "SHA256"}},
		{Table: "ecdsa", Name: "p256-sign", Params: map[string]string{"curve": "SECP256R1", "operation": "Signature"}},
		{Table: "ecdsa", Name: "p256-verify", Params: map[string]string{"curve": "SECP256R1", "operation": "Verification"}},
		{Table: "aes_cbc_sole", Name: "aes-fails", Params: map[string]string{"key_bits": "256", "buffer_bytes": "64", "operation": "Encryption"}},
	}
	var steps []string
	rs, err := runOpenSSL(context.Background(), rows, Options{OpenSSL: bin, Progress: func(done, total int, label string) { steps = append(steps, label) }})
	if err == nil || !strings.Contains(err.Error(), "unknown algorithm") {
		t.Errorf("err = %v, want the failing job's message", err)
	}
	got := map[string]float64{}
	for _, r := range rs {
		if r.Case == "aes-fails" {
			// The failed job's row is an error result that says why.
			if r.Status != result.StatusError || !strings.Contains(r.Note, "unknown algorithm") {
				t.Errorf("failed row: status %q note %q", r.Status, r.Note)
			}
			continue
		}
		got[r.Case] = r.Ns.Median
		if !strings.Contains(r.Note, "OpenSSL 9.9.9") {
			t.Errorf("%s note %q", r.Case, r.Note)
		}
	}
	// Decryption prints the same "+DT:AES-128-CBC:1:32" header as
	// encryption; each row takes its own job's figure.
	want := map[string]float64{"aes32": 250, "aes32-dec": 125, "sha-c128": 5000, "sha-c512": 5000, "p256-sign": 0.99e9 / 30000, "p256-verify": 1e5}
	if len(got) != len(want) {
		t.Errorf("results %v, want %v", got, want)
	}
	for k, w := range want {
		if math.Abs(got[k]-w) > 1e-6 {
			t.Errorf("%s = %g ns, want %g", k, got[k], w)
		}
	}
	calls, _ := os.ReadFile(log)
	// version + 5 distinct jobs: the two sha_flow rows share one run, the
	// two ecdsa rows one run, and sha_tag has no openssl counterpart.
	if n := strings.Count(string(calls), "\n"); n != 6 {
		t.Errorf("%d openssl calls:\n%s", n, calls)
	}
	if !strings.Contains(string(calls), "speed -mr -seconds 1 -evp aes-128-cbc -bytes 32") {
		t.Errorf("calls:\n%s", calls)
	}
	if len(steps) != 6 || steps[5] != "" {
		t.Errorf("progress steps %q", steps)
	}

	// Quick: one job per table, so only the first aes_cbc_sole row, the
	// sha_flow rows (one shared job) and the ecdsa rows (one job).
	rs, _ = runOpenSSL(context.Background(), rows, Options{OpenSSL: bin, Quick: true})
	var quick []string
	for _, r := range rs {
		quick = append(quick, r.Case)
	}
	if strings.Join(quick, ",") != "aes32,sha-c128,sha-c512,p256-sign,p256-verify" {
		t.Errorf("quick results %v", quick)
	}

	// Rows measured interleaved by the helper are skipped.
	rs, _ = runOpenSSL(context.Background(), rows, Options{OpenSSL: bin, Quick: true,
		Interleaved: map[string]bool{catalog.RowKey("aes_cbc_sole", rows[0].Params): true, catalog.RowKey("sha_flow", rows[2].Params): true}})
	quick = nil
	for _, r := range rs {
		quick = append(quick, r.Case)
	}
	if strings.Join(quick, ",") != "aes32-dec,sha-c512,p256-sign,p256-verify" {
		t.Errorf("results without the interleaved rows %v", quick)
	}

	// No openssl installed: no results, no error.
	rs, err = runOpenSSL(context.Background(), rows, Options{OpenSSL: filepath.Join(t.TempDir(), "no-such-openssl")})
	if rs != nil || err != nil {
		t.Errorf("missing openssl: %v, %v", rs, err)
	}
}

// TestRunOpenSSLReal runs one real "openssl speed" job (1 s) when the
// command is installed.
func TestRunOpenSSLReal(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl not installed; TestRunOpenSSLFake covers the logic")
	}
	rows := []Row{{Table: "sha_sole", Name: "SHA/sole/hash=SHA256/size=64", Params: map[string]string{"hash": "SHA256", "buffer_bytes": "64"}}}
	rs, err := runOpenSSL(context.Background(), rows, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 {
		t.Fatalf("%d results", len(rs))
	}
	r := rs[0]
	// Hashing 64 bytes takes between 10 ns and 100 µs on anything that
	// runs this test.
	if r.Ns.Median < 10 || r.Ns.Median > 1e5 || r.KBytesPer.Median <= 0 || r.Ops <= 0 {
		t.Errorf("implausible: %+v", r)
	}
	t.Logf("openssl SHA-256 64 bytes: %.1f ns/op, %.0f Kbytes/s (%s)", r.Ns.Median, r.KBytesPer.Median, r.Note)
}

func TestWorker(t *testing.T) {
	calls := 0
	suite.Register(suite.Case{
		Suite: "lms", Table: "lms", Name: "peers-test/worker", Impl: "peers-test",
		Params: map[string]string{"function": "test"},
		Setup: func() (func() error, int, error) {
			return func() error { calls++; return nil }, 7, nil
		},
	})
	var out bytes.Buffer
	if err := Worker([]string{"--impl", "peers-test", "--suite", "lms", "--quick"}, &out); err != nil {
		t.Fatal(err)
	}
	var w WorkerOutput
	if err := json.Unmarshal(out.Bytes(), &w); err != nil {
		t.Fatalf("%v: %s", err, out.Bytes())
	}
	if w.Purego != builtWithPurego() || w.GoVersion == "" || len(w.Results) != 1 {
		t.Fatalf("output %+v", w)
	}
	r := w.Results[0]
	if r.Case != "peers-test/worker" || r.Impl != "peers-test" || r.Status != result.StatusOK || r.Working != 7 || r.Ops <= 0 || calls == 0 {
		t.Errorf("result %+v (calls %d)", r, calls)
	}

	for _, args := range [][]string{
		{"--bogus"},
		{"--suite", "nosuch"},
		{"--impl", "nobody"},
		{"--impl", "peers-test", "--suite", "aes"},
		{"extra"},
	} {
		if err := Worker(args, &out); err == nil {
			t.Errorf("Worker(%q) succeeded", args)
		}
	}
}

func TestForwardProgress(t *testing.T) {
	in := "progress\t0\t3\tA [go]\nnoise\nprogress\t3\t3\t\nprogress\tbroken\n"
	var got []string
	other := <-forwardProgress(strings.NewReader(in), func(done, total int, label string) {
		got = append(got, strings.Join([]string{string(rune('0' + done)), string(rune('0' + total)), label}, "|"))
	}, ImplGoPurego)
	if strings.Join(got, ";") != "0|3|go-purego: A [go];3|3|go-purego: " {
		t.Errorf("progress %q", got)
	}
	if other != "noise\n" {
		t.Errorf("other %q", other)
	}
}

// TestPuregoFake builds a stand-in command (testdata/fakecmd) with the
// purego pipeline: build with -tags purego into the cache, reuse it, run its
// worker, forward progress, relabel the results; and reports a failing
// worker.
func TestPuregoFake(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("needs the go command: %v", err)
	}
	root, _ := filepath.Abs("testdata/fakecmd")
	opt := Options{ModuleRoot: root, CacheDir: t.TempDir(), Suites: []string{"sha"}, Quick: true}
	ctx := context.Background()
	bin, built, err := PuregoBinary(ctx, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !built {
		t.Error("first call did not build")
	}
	bin2, built2, err := PuregoBinary(ctx, opt)
	if err != nil || built2 || bin2 != bin {
		t.Errorf("second call: %s %v %v, want the cached %s", bin2, built2, err, bin)
	}

	var labels []string
	opt.Progress = func(done, total int, label string) { labels = append(labels, label) }
	rs, err := runPurego(ctx, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 {
		t.Fatalf("%d results", len(rs))
	}
	r := rs[0]
	if r.Impl != ImplGoPurego || r.Case != "SHA/sole/hash=SHA256/size=32" || r.Ns.Median != 100 {
		t.Errorf("result %+v", r)
	}
	if !strings.Contains(r.Note, "-tags purego") || !strings.Contains(r.Note, "args: --impl go --suite sha --quick") {
		t.Errorf("note %q", r.Note)
	}
	if len(labels) != 3 || labels[1] != "go-purego: SHA/sole/hash=SHA256/size=32 [go]" {
		t.Errorf("progress labels %q", labels)
	}

	opt.Suites = []string{"lms"} // the stand-in fails on this suite
	if _, err := runPurego(ctx, opt); err == nil || !strings.Contains(err.Error(), "planted failure") {
		t.Errorf("failing worker: err = %v", err)
	}

	// Run joins the failure and still returns the other peer's results;
	// its progress runs once from 0 to the total over both peers.
	suite.Register(
		suite.Case{Suite: "lms", Table: "lms", Name: "peers-test/go-lms", Impl: ImplGo, Params: map[string]string{"function": "x"}},
		suite.Case{Suite: "ecdsa", Table: "ecdsa", Name: "peers-test/go-p256-sign", Impl: ImplGo, Params: map[string]string{"curve": "SECP256R1", "operation": "Signature"}},
	)
	fakeSSL, _ := fakeOpenSSL(t)
	opt.OpenSSL = fakeSSL
	opt.Suites = []string{"lms", "ecdsa"}
	type step struct{ done, total int }
	var steps []step
	opt.Progress = func(done, total int, label string) { steps = append(steps, step{done, total}) }
	rs, err = Run(ctx, opt)
	if err == nil || !strings.Contains(err.Error(), ImplGoPurego) || !strings.Contains(err.Error(), "planted failure") {
		t.Errorf("Run err = %v", err)
	}
	var joined interface{ Unwrap() []error }
	if !errors.As(err, &joined) {
		t.Errorf("Run err %T is not a joined error", err)
	}
	if len(rs) != 1 || rs[0].Impl != ImplOpenSSL || rs[0].Case != "peers-test/go-p256-sign" {
		t.Errorf("Run results %+v", rs)
	}
	// 2 go cases for the worker + 1 openssl job.
	for i, s := range steps {
		if s.total != 3 || s.done < 0 || s.done > 3 || (i > 0 && s.done < steps[i-1].done) {
			t.Errorf("progress steps %v", steps)
			break
		}
	}
	if len(steps) == 0 || steps[len(steps)-1] != (step{3, 3}) {
		t.Errorf("progress steps %v", steps)
	}
}

func TestRegisterAndMethods(t *testing.T) {
	suite.RegisterPeer("peers-test-circl", "circl, in-process.", suite.Case{Suite: "mlkem", Table: "mlkem", Name: "peers-test/circl", Config: "Fast", Params: map[string]string{"suite": "ML-KEM-768", "function": "keyGen"}})
	var found bool
	for _, c := range suite.Cases() {
		if c.Name == "peers-test/circl" {
			found = true
			if c.Impl != "peers-test-circl" || c.Config != "" {
				t.Errorf("registered %+v", c)
			}
		}
	}
	if !found {
		t.Fatal("case not registered")
	}
	m := Methods()
	for _, k := range []string{"peers", "peer:go", "peer:go-purego", "peer:openssl", "peer:peers-test-circl"} {
		if m[k] == "" {
			t.Errorf("Methods()[%q] empty", k)
		}
	}
	if _, err := exec.LookPath("openssl"); err == nil {
		if !strings.HasPrefix(m["peer:openssl"], "OpenSSL ") {
			t.Errorf("openssl installed, method %q does not name its version", m["peer:openssl"])
		}
	} else if !strings.HasPrefix(m["peer:openssl"], "No openssl") {
		t.Errorf("no openssl, method %q", m["peer:openssl"])
	}
	rows := Rows([]string{"mlkem"})
	if len(rows) != 1 || rows[0].Name != "peers-test/circl" {
		t.Errorf("Rows = %+v", rows)
	}
}

// TestRows: our cases in several configurations and a peer case on the same
// published row make one row, without the configuration columns, named
// after the peer case.
func TestRows(t *testing.T) {
	for _, cfg := range []string{"Small-Low", "Fast-High"} {
		suite.Register(suite.Case{Suite: "eddsa", Table: "eddsa", Name: "peers-test/ours/" + cfg, Impl: "cryptolab", Config: cfg,
			Params: map[string]string{"curve": "Ed25519", "operation": "Signature", "math_config": cfg[:4], "curve_def": cfg[5:], "config": cfg}})
	}
	suite.Register(suite.Case{Suite: "eddsa", Table: "eddsa", Name: "peers-test/go", Impl: "go",
		Params: map[string]string{"curve": "Ed25519", "operation": "Signature"}})
	suite.Register(suite.Case{Suite: "eddsa", Table: "eddsa", Name: "peers-test/verify", Impl: "cryptolab", Config: "Small-Low",
		Params: map[string]string{"curve": "Ed25519", "operation": "Verification", "math_config": "Small", "curve_def": "Low"}})
	rows := Rows([]string{"eddsa"})
	if len(rows) != 2 {
		t.Fatalf("Rows = %+v", rows)
	}
	if rows[0].Name != "peers-test/go" || len(rows[0].Params) != 2 || rows[0].Params["operation"] != "Signature" {
		t.Errorf("row 0 = %+v", rows[0])
	}
	if rows[1].Name != "peers-test/verify" || len(rows[1].Params) != 2 {
		t.Errorf("row 1 = %+v", rows[1])
	}
}
