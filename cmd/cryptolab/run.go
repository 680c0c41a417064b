package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/footprint"
	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/peers"
	"github.com/cryptolab-go/cryptolab/lab/reference"
	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// runCmd is "cryptolab run": measure the selected cases, their footprints
// and the out-of-process peers, then write the report.
func runCmd(args []string, stdout, stderr io.Writer) error {
	o, err := parseFlags("run", args, true)
	if err != nil {
		return err
	}
	ref, err := reference.Load()
	if err != nil {
		return err
	}
	platforms, err := ref.ParsePlatforms(o.reference)
	if err != nil {
		return usageError{err}
	}
	run, err := measureRun(context.Background(), o, stderr)
	if err != nil {
		return err
	}
	run.Config.References = platforms
	if err := writeReport(o.out, run, ref, platforms); err != nil {
		return err
	}
	if err := summary(stdout, run, ref, platforms); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nReport: %s (index.html, report.md, results.json, bench.txt)\n", o.out)
	return nil
}

// footprintKey identifies a footprint table row.
func footprintKey(f *suite.FootprintSpec) string { return catalog.Key(f.Table, f.Params) }

// measureRun does the measuring: the in-process cases (ours and the Go
// standard library, interleaved per published row), then the footprint of
// each distinct operation of ours (cached builds), then the out-of-process
// peers (purego build, OpenSSL) unless --no-peers.
func measureRun(ctx context.Context, o *options, stderr io.Writer) (*result.Run, error) {
	started := time.Now()
	cases := selectCases(o)
	var specs []*suite.FootprintSpec
	specIndex := map[string]int{}
	for _, c := range cases {
		if c.Impl != ours || c.Footprint == nil {
			continue
		}
		k := footprintKey(c.Footprint)
		if _, ok := specIndex[k]; !ok {
			specIndex[k] = len(specs)
			specs = append(specs, c.Footprint)
		}
	}
	// The out-of-process peers re-measure about as many cases as the
	// in-process Go peer has, so they weigh that much in the bar.
	peerSteps := 0
	if !o.noPeers {
		for _, c := range cases {
			if c.Impl == "go" {
				peerSteps++
			}
		}
		peerSteps = max(peerSteps, 1)
	}
	bar := newProgress(stderr, len(cases)+len(specs)+peerSteps)
	for _, s := range o.suites {
		if !slices.ContainsFunc(suite.Cases(), func(c suite.Case) bool { return c.Suite == s }) && len(o.suites) < len(suite.Suites()) {
			bar.note(s + ": not implemented yet (no cases); the report says so")
		}
	}
	bar.step(0, "calibrating", "counter frequency and core clock")
	machine := measure.Machine(started)
	if machine.CoreHz == 0 && machine.CoreProblem != "" {
		bar.note("core clock not estimated: " + machine.CoreProblem + "; cycle columns will be empty")
	}
	if machine.Module == "" || machine.Module == "(devel)" {
		if rev := gitRevision(); rev != "" {
			machine.Module = rev
		}
	}
	if len(specs) > 0 {
		machine.Methods["footprint"] = footprint.Description()
	}

	opt := o.measureOptions()
	results := measure.RunCases(cases, opt, func(done, total int, name string) {
		bar.step(done, "measuring", name)
	})

	// The out-of-process peers' purego build runs beside the footprint
	// builds (nothing is being timed then); its result is cached.
	var popt peers.Options
	prebuilt := make(chan error, 1)
	if !o.noPeers {
		popt = peerOptions(o, opt, measure.Calibrate(), nil)
		go func() { prebuilt <- prebuildPeers(ctx, popt) }()
	} else {
		prebuilt <- nil
	}

	// Footprints: one build per distinct operation, attached to every
	// result of ours that performs it.
	stopTicking := bar.ticking()
	defer func() { stopTicking() }()
	fps := make([]*result.Footprint, len(specs))
	fpErr := make([]error, len(specs))
	for i, s := range specs {
		bar.step(len(cases)+i, "footprint", footprintKey(s))
		rep, err := footprint.MeasureSpec(ctx, s)
		if err != nil {
			fpErr[i] = err
			continue
		}
		f := rep.Footprint()
		fps[i] = &f
	}
	for i, c := range cases {
		if c.Impl != ours || c.Footprint == nil {
			continue
		}
		j := specIndex[footprintKey(c.Footprint)]
		if fps[j] != nil {
			results[i].Footprint = fps[j]
		} else if fpErr[j] != nil {
			results[i].Note = joinNote(results[i].Note, prefixed("footprint: ", oneLine(fpErr[j])))
		}
	}
	for _, err := range fpErr {
		if err != nil {
			bar.note(prefixed("footprint: ", oneLine(err)) + " (footprint columns left empty)")
			break
		}
	}

	if !o.noPeers {
		base := len(cases) + len(specs)
		bar.step(base, "peers", "building the Go standard library peer with -tags purego")
		<-prebuilt // a failed build is retried and reported by peers.Run
		pos := base
		popt = peerOptions(o, opt, measure.Calibrate(), func(frac float64, label string) {
			pos = max(pos, base+int(frac*float64(peerSteps)))
			bar.step(pos, "peers", label)
		})
		pr, methods, err := runPeers(ctx, popt)
		if err != nil {
			for _, e := range strings.Split(err.Error(), "\n") {
				bar.note("peers: " + e)
			}
		}
		cal := measure.Calibrate()
		for i := range pr {
			rederive(&pr[i], cal)
		}
		results = append(results, pr...)
		for k, v := range methods {
			machine.Methods[k] = v
		}
	}
	stopTicking()
	stopTicking = func() {}
	bar.step(bar.total, "done", "")
	bar.finish()

	machine.Duration = time.Since(started).Seconds()
	run := &result.Run{
		Schema:  result.SchemaVersion,
		Machine: machine,
		Config: result.RunConfig{
			Suites:    o.suites,
			Configs:   o.configs,
			Quick:     o.quick,
			MinTimeNs: int64(opt.MinTime),
			Peers:     !o.noPeers,
		},
		Results: results,
	}
	return run, nil
}

// prefixed returns s with prefix, unless s already starts with it.
func prefixed(prefix, s string) string {
	if strings.HasPrefix(s, prefix) {
		return s
	}
	return prefix + s
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// listCmd is "cryptolab list".
func listCmd(args []string, stdout io.Writer) error {
	o, err := parseFlags("list", args, false)
	if err != nil {
		return err
	}
	cases := selectCases(o)
	w := newTable(stdout)
	w.row("suite", "table", "case", "impl", "config", "footprint")
	for _, c := range cases {
		fp := ""
		if c.Footprint != nil {
			fp = c.Footprint.Table
		}
		w.row(c.Suite, c.Table, c.Name, c.Impl, c.Config, fp)
	}
	w.flush()
	var empty []string
	for _, s := range o.suites {
		if !slices.ContainsFunc(suite.Cases(), func(c suite.Case) bool { return c.Suite == s }) {
			empty = append(empty, s)
		}
	}
	fmt.Fprintf(stdout, "\n%d cases", len(cases))
	if len(empty) > 0 {
		fmt.Fprintf(stdout, "; not implemented yet: %s", strings.Join(empty, ", "))
	}
	fmt.Fprintln(stdout)
	if !o.noPeers {
		fmt.Fprintln(stdout, "run also measures the out-of-process peers (Go standard library built with -tags purego; OpenSSL via \"openssl speed\" when installed).")
	}
	return nil
}

// referenceCmd is "cryptolab reference [--platform P] [suite|table ...]".
func referenceCmd(args []string, stdout io.Writer) error {
	fs := newFlagSet("reference")
	platform := fs.String("platform", "all", "")
	if err := parse(fs, args); err != nil {
		return err
	}
	ref, err := reference.Load()
	if err != nil {
		return err
	}
	platforms, err := ref.ParsePlatforms(*platform)
	if err != nil {
		return usageError{err}
	}
	tables, err := ref.SelectTables(fs.Args())
	if err != nil {
		return usageError{err}
	}
	return ref.Print(stdout, platforms, tables)
}

// rederive recomputes the counter ticks and core cycles of a result
// measured in the purego worker from its times and this process's
// calibration. The worker's harness, built with -tags purego, has no
// RDTSC and no assembly calibration loop (it counts monotonic nanoseconds
// and estimates the core clock with a Go loop); the counter is invariant
// and the cycles are time × core clock in any case, so the same figures
// follow from the wall and CPU times with the clocks of the main run, and
// all columns of the report then share one calibration. Idempotent.
func rederive(r *result.Result, cal measure.Calibration) {
	if r.Impl != "go-purego" || r.Status != result.StatusOK || len(r.Ns.Samples) == 0 {
		return
	}
	scale := func(s result.Stats, f float64, unit string) result.Stats {
		out := make([]float64, len(s.Samples))
		for i, v := range s.Samples {
			out[i] = v * f
		}
		return measure.Summarize(unit, out, false)
	}
	if len(r.WallNs.Samples) > 0 && cal.CounterHz > 0 {
		r.Ticks = scale(r.WallNs, cal.CounterHz/1e9, "ticks/op")
	}
	if cal.CoreHz > 0 {
		r.Cycles = scale(r.Ns, cal.CoreHz/1e9, "cycles/op")
	}
}
