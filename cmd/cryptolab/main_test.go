package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

func runMain(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = Main(args, &o, &e)
	return code, o.String(), e.String()
}

// TestRunEndToEnd runs "cryptolab run --quick --suite sha --out DIR" and
// checks the report files and the results they hold, peers included (the
// purego build of the command and the footprint programs are cached after
// the first run).
func TestRunEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds footprint programs (cached after the first run)")
	}
	dir := filepath.Join(t.TempDir(), "report")
	code, stdout, stderr := runMain(t, "run", "--quick", "--suite", "sha", "--reference", "h563-v5,l552", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr)
	}
	for _, f := range []string{"report.md", "index.html", "results.json", "bench.txt"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	run, err := result.ReadFile(filepath.Join(dir, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	if run.Machine.CounterHz <= 0 || run.Machine.CoreHz <= 0 || run.Machine.GoVersion == "" || run.Machine.Methods["stack"] == "" {
		t.Errorf("machine description incomplete: %+v", run.Machine)
	}
	if !run.Config.Quick || !run.Config.Peers || strings.Join(run.Config.References, ",") != "h563-v5,l552" {
		t.Errorf("run config %+v", run.Config)
	}
	count := map[string]int{}
	for _, r := range run.Results {
		count[r.Table+"/"+r.Impl]++
		if r.Status != result.StatusOK {
			t.Errorf("%s %s: %s %s", r.Case, r.Impl, r.Status, r.Note)
			continue
		}
		if r.Impl == "openssl" {
			if r.Ns.Median <= 0 {
				t.Errorf("%s openssl: no time", r.Case)
			}
			continue
		}
		if r.Ns.Median <= 0 || r.Cycles.Median <= 0 || r.Ticks.Median <= 0 || r.Stack <= 0 || r.Working <= 0 || len(r.Ns.Samples) == 0 {
			t.Errorf("%s %s: incomplete result %+v", r.Case, r.Impl, r)
		}
		if r.Impl == ours && r.Table != "sha_tag" && (r.Footprint == nil || r.Footprint.CodeBytes <= 0) {
			t.Errorf("%s: footprint %+v", r.Case, r.Footprint)
		}
		if r.Table == "sha_flow" && r.KBytesPer.Median <= 0 {
			t.Errorf("%s %s: no throughput", r.Case, r.Impl)
		}
	}
	for _, impl := range []string{ours, "go", "go-purego"} {
		for k, n := range map[string]int{"sha_sole": 6, "sha_flow": 8, "sha_tag": 2} {
			if count[k+"/"+impl] != n {
				t.Errorf("%s/%s: %d results, want %d", k, impl, count[k+"/"+impl], n)
			}
		}
	}
	if _, err := exec.LookPath("openssl"); err == nil && count["sha_sole/openssl"] == 0 {
		t.Error("openssl is installed but no openssl results")
	}
	if !strings.Contains(stdout, "SHA256") || !strings.Contains(stdout, dir) {
		t.Errorf("summary on stdout lacks the SHA rows or the report path:\n%s", stdout)
	}
	if !strings.Contains(stderr, "done in") {
		t.Errorf("no progress on stderr:\n%s", stderr)
	}
}

// TestBadUsage checks that bad flags, unknown suites, configurations,
// platforms or commands and unreadable files give one line on stderr and a
// non-zero exit.
func TestBadUsage(t *testing.T) {
	dir := t.TempDir()
	notJSON := filepath.Join(dir, "not.json")
	os.WriteFile(notJSON, []byte("hello"), 0o644)
	for _, args := range [][]string{
		{"--bogus"},
		{"run", "--suite", "des"},
		{"run", "--suite", "aes,md5"},
		{"run", "--config", "Huge"},
		{"run", "--min-time", "-1s"},
		{"run", "--min-time", "fast"},
		{"run", "--reference", "h999"},
		{"run", "extra"},
		{"list", "--suite", "nope"},
		{"frobnicate"},
		{"reference", "--platform", "x1"},
		{"reference", "notatable"},
		{"compare", "one.json"},
		{"compare", filepath.Join(dir, "missing.json"), filepath.Join(dir, "missing2.json")},
		{"compare", notJSON, notJSON},
	} {
		code, stdout, stderr := runMain(t, args...)
		if code == 0 {
			t.Errorf("%q: exit 0", args)
		}
		if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "cryptolab: ") {
			t.Errorf("%q: stderr is not one line: %q", args, stderr)
		}
		if stdout != "" {
			t.Errorf("%q: wrote to stdout: %q", args, stdout)
		}
	}
}

func TestHelpListReference(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"run", "-h"}} {
		if code, stdout, _ := runMain(t, args...); code != 0 || !strings.Contains(stdout, "--min-time") {
			t.Errorf("%q: exit %d, usage missing", args, code)
		}
	}
	code, stdout, _ := runMain(t, "list", "--suite", "sha")
	if code != 0 || !strings.Contains(stdout, "SHA/flow/hash=SHA384/msg=8000/chunk=2048") || !strings.Contains(stdout, "\n32 cases") {
		t.Errorf("list: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runMain(t, "list", "--suite", "sha", "--no-peers")
	if code != 0 || strings.Contains(stdout, " go ") || !strings.Contains(stdout, "\n16 cases") {
		t.Errorf("list: exit %d\n%s", code, stdout)
	}
	// --config keeps our cases of that configuration (and the peers).
	code, stdout, _ = runMain(t, "list", "--suite", "aes", "--config", "small")
	if code != 0 || strings.Contains(stdout, " Fast ") || !strings.Contains(stdout, " Small ") || !strings.Contains(stdout, "\n84 cases") {
		t.Errorf("list --config small: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runMain(t, "reference", "--platform", "h563-v5", "sha_tag")
	if code != 0 || !strings.Contains(stdout, "SHA384") {
		t.Errorf("reference: exit %d\n%s", code, stdout)
	}
}

// synthRun builds a run of cases whose per-batch samples are drawn around
// the given medians with 5 % noise, from a fixed seed.
func synthRun(seed uint64, medians map[string]float64) *result.Run {
	rng := rand.New(rand.NewPCG(seed, 1))
	run := &result.Run{Schema: result.SchemaVersion}
	for _, name := range []string{"A", "B", "C"} {
		m := medians[name]
		var s []float64
		for range 20 {
			s = append(s, m*(1+0.05*(rng.Float64()*2-1)))
		}
		run.Results = append(run.Results, result.Result{
			Table: "sha_sole", Case: name, Impl: ours, Status: result.StatusOK,
			Ns: measure.Summarize("ns/op", s, true),
		})
	}
	return run
}

// TestComparePlantedRegression writes two results files, one with case B
// twice as slow, and checks that compare flags B and only B.
func TestComparePlantedRegression(t *testing.T) {
	dir := t.TempDir()
	oldPath, newPath := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
	if err := result.WriteFile(oldPath, synthRun(1, map[string]float64{"A": 1000, "B": 5000, "C": 200})); err != nil {
		t.Fatal(err)
	}
	if err := result.WriteFile(newPath, synthRun(2, map[string]float64{"A": 1000, "B": 10000, "C": 200})); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runMain(t, "compare", oldPath, newPath)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	t.Log("\n" + stdout)
	lines := map[string]string{}
	for _, l := range strings.Split(stdout, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			lines[f[0]] = l
		}
	}
	if l := lines["B"]; !strings.Contains(l, "+9") && !strings.Contains(l, "+10") {
		t.Errorf("2x regression of B not flagged: %q", l)
	}
	for _, k := range []string{"A", "C"} {
		if !slices.Contains(strings.Fields(lines[k]), "~") {
			t.Errorf("noise in %s flagged: %q", k, lines[k])
		}
	}
	// The same comparison through compareRuns, for the p-values.
	old, _ := result.ReadFile(oldPath)
	cur, _ := result.ReadFile(newPath)
	for _, d := range compareRuns(metrics["time"], []*result.Run{old}, []*result.Run{cur}) {
		want := strings.HasPrefix(d.key, "B ")
		if d.significant != want {
			t.Errorf("%s: significant=%v %s ratio=%.3f", d.key, d.significant, d.cmp, d.ratio)
		}
	}
	if !strings.Contains(stdout, "warning: 1 run(s) old, 1 new") {
		t.Error("no warning for one run per side")
	}
}

// TestCompareSeveralRuns gives compare five runs per side: each run is one
// sample (its median), so a run-to-run drift that one run's batches would
// call significant is not flagged, and a real 2x change still is; the
// instruction metric calls equal counts "same" and any difference a change.
func TestCompareSeveralRuns(t *testing.T) {
	dir := t.TempDir()
	var oldArgs, newArgs []string
	for i := range 5 {
		// Each run drifts by up to ±8 % as a whole (a shared machine),
		// more than the 5 % noise of its batches.
		drift := 1 + 0.08*float64(i%3-1)
		o := synthRun(uint64(10+i), map[string]float64{"A": 1000 * drift, "B": 5000 * drift, "C": 200 * drift})
		n := synthRun(uint64(20+i), map[string]float64{"A": 1000 / drift, "B": 10000 / drift, "C": 200 / drift})
		for k := range o.Results {
			o.Results[k].Instructions = &result.Instructions{PerOp: 1000 + int64(k)}
			n.Results[k].Instructions = &result.Instructions{PerOp: 1000 + int64(k)}
		}
		n.Results[2].Instructions.PerOp++ // C: one more instruction
		po, pn := filepath.Join(dir, fmt.Sprintf("o%d", i), "results.json"), filepath.Join(dir, fmt.Sprintf("n%d", i), "results.json")
		os.MkdirAll(filepath.Dir(po), 0o755)
		os.MkdirAll(filepath.Dir(pn), 0o755)
		result.WriteFile(po, o)
		result.WriteFile(pn, n)
		oldArgs, newArgs = append(oldArgs, filepath.Dir(po)), append(newArgs, pn)
	}
	args := append(append(append([]string{"compare"}, oldArgs...), "--"), newArgs...)
	code, stdout, stderr := runMain(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	t.Log("\n" + stdout)
	if strings.Contains(stdout, "warning:") {
		t.Error("warned with five runs per side")
	}
	lines := map[string]string{}
	for _, l := range strings.Split(stdout, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			lines[f[0]] = l
		}
	}
	if !strings.Contains(lines["B"], "+9") && !strings.Contains(lines["B"], "+10") {
		t.Errorf("2x change of B not flagged:\n%s", stdout)
	}
	if !slices.Contains(strings.Fields(lines["A"]), "~") {
		t.Errorf("run drift in A flagged: %q", lines["A"])
	}
	code, stdout, _ = runMain(t, append([]string{"compare", "--metric", "instructions"}, append(append(oldArgs, "--"), newArgs...)...)...)
	if code != 0 {
		t.Fatal(stdout)
	}
	t.Log("\n" + stdout)
	for _, l := range strings.Split(stdout, "\n") {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "A", "B":
			if !strings.Contains(l, "0 (same)") {
				t.Errorf("equal counts not called the same: %q", l)
			}
		case "C":
			if !strings.Contains(l, "(+1)") {
				t.Errorf("one more instruction not reported: %q", l)
			}
		}
	}
}

// TestOutDirectory checks that the report directory is settled before
// measuring: a default run gets a new timestamped directory, an explicit
// non-empty one is refused without --force, and an unwritable one fails.
func TestOutDirectory(t *testing.T) {
	base := filepath.Join(t.TempDir(), "cryptolab-report")
	now := time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC)
	o := &options{out: base}
	d1, err := prepareOut(o, now)
	if err != nil || d1 != filepath.Join(base, "20261201-140000") {
		t.Fatalf("default: %q, %v", d1, err)
	}
	os.WriteFile(filepath.Join(d1, "results.json"), []byte("{}"), 0o644)
	d2, err := prepareOut(o, now)
	if err != nil || d2 == d1 {
		t.Fatalf("second default run in the same second: %q, %v", d2, err)
	}
	linkLatest(d2)
	if target, err := os.Readlink(filepath.Join(base, "latest")); err != nil || target != filepath.Base(d2) {
		t.Errorf("latest -> %q, %v", target, err)
	}
	o = &options{out: d1, outSet: true}
	if _, err := prepareOut(o, now); err == nil {
		t.Error("a non-empty --out was accepted without --force")
	} else if _, ok := err.(usageError); !ok {
		t.Errorf("not a usage error: %v", err)
	}
	o.force = true
	if d, err := prepareOut(o, now); err != nil || d != d1 {
		t.Errorf("--force: %q, %v", d, err)
	}
	if os.Geteuid() != 0 {
		ro := filepath.Join(t.TempDir(), "ro")
		os.Mkdir(ro, 0o555)
		if _, err := prepareOut(&options{out: ro, outSet: true}, now); err == nil {
			t.Error("an unwritable --out was accepted")
		}
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	if _, err := prepareOut(&options{out: filepath.Join(file, "sub"), outSet: true}, now); err == nil {
		t.Error("an --out under a file was accepted")
	}
}

func TestProgressNotTerminal(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, 20)
	for i := 0; i <= 20; i++ {
		p.step(i, "measuring", "case")
	}
	p.step(20, "peers", "x")
	p.note("hello")
	p.finish()
	out := b.String()
	if strings.Contains(out, "\r") {
		t.Error("carriage returns written to a non-terminal")
	}
	// One line per tenth of the work, one per phase change, the note and
	// the closing line.
	if n := strings.Count(out, "\n"); n < 12 || n > 15 {
		t.Errorf("%d lines:\n%s", n, out)
	}
	if !strings.Contains(out, "cryptolab: hello\n") || !strings.Contains(out, "done in") {
		t.Errorf("output:\n%s", out)
	}
}
