package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/perf/benchmath"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// compareCmd is "cryptolab compare [--metric M] OLD... [-- NEW...]": each
// side is one or more results.json files or report directories (a
// directory holding results.json, or holding run directories that do, such
// as cryptolab-report/). With two arguments and no "--" the first is the
// old side and the second the new.
func compareCmd(args []string, stdout io.Writer) error {
	fs := newFlagSet("compare")
	metric := fs.String("metric", "time", "")
	if err := parse(fs, args); err != nil {
		return err
	}
	m, ok := metrics[*metric]
	if !ok {
		return usageError{fmt.Errorf("unknown --metric %q (time, cycles, instructions)", *metric)}
	}
	rest := fs.Args()
	var oldArgs, newArgs []string
	if i := slices.Index(rest, "--"); i >= 0 {
		oldArgs, newArgs = rest[:i], rest[i+1:]
	} else if len(rest) == 2 {
		oldArgs, newArgs = rest[:1], rest[1:]
	}
	if len(oldArgs) == 0 || len(newArgs) == 0 {
		return usageError{fmt.Errorf("compare needs an old and a new side: OLD.json NEW.json, or OLD... -- NEW... (got %d arguments)", len(rest))}
	}
	oldRuns, err := readRuns(oldArgs)
	if err != nil {
		return err
	}
	newRuns, err := readRuns(newArgs)
	if err != nil {
		return err
	}
	if m.name != "instructions" && (len(oldRuns) == 1 || len(newRuns) == 1) {
		fmt.Fprintf(stdout, "warning: %d run(s) old, %d new. With one run on a side the test can use only the batches of that run, which do not see how much a whole run drifts on this machine (two identical runs can differ by more than their batches do); give several runs per side (compare a1 a2 a3 a4 -- b1 b2 b3 b4), or compare --metric instructions.\n\n", len(oldRuns), len(newRuns))
	}
	writeComparison(stdout, m, compareRuns(m, oldRuns, newRuns), len(oldRuns), len(newRuns))
	return nil
}

// readRuns reads the results.json files named by args, expanding
// directories.
func readRuns(args []string) ([]*result.Run, error) {
	var out []*result.Run
	for _, a := range args {
		files, err := expand(a)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			r, err := result.ReadFile(f)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// expand turns a results.json path or a report directory into files.
func expand(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	if f := filepath.Join(path, "results.json"); exists(f) {
		return []string{f}, nil
	}
	files, _ := filepath.Glob(filepath.Join(path, "*", "results.json"))
	var out []string
	for _, f := range files {
		if filepath.Base(filepath.Dir(f)) != "latest" {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no results.json in it or in its subdirectories", path)
	}
	return out, nil
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// metric is a quantity compare can test.
type metric struct {
	name, unit string
	exact      bool // counts: equal is no change, any difference is one
	// batches returns the per-batch values of a result (nil if the
	// result has none), value its one figure for the run.
	batches func(r *result.Result) []float64
	value   func(r *result.Result) (float64, bool)
}

var metrics = map[string]metric{
	"time": {name: "time", unit: "time/op",
		batches: func(r *result.Result) []float64 { return r.Ns.Samples },
		value:   func(r *result.Result) (float64, bool) { return r.Ns.Median, r.Ns.Median > 0 }},
	"cycles": {name: "cycles", unit: "cycles/op",
		batches: func(r *result.Result) []float64 {
			if len(r.Cycles.Samples) > 0 {
				return r.Cycles.Samples
			}
			return nil
		},
		value: func(r *result.Result) (float64, bool) { return r.Cycles.Median, r.Cycles.Median > 0 }},
	"instructions": {name: "instructions", unit: "instr/op", exact: true,
		value: func(r *result.Result) (float64, bool) {
			if in := r.Instructions; in != nil && in.Err == "" {
				return float64(in.PerOp), true
			}
			return 0, false
		}},
}

// delta is one case compared across the two sides.
type delta struct {
	key              string // case, impl and config
	old, cur         benchmath.Summary
	oldN, curN       int
	cmp              benchmath.Comparison
	ratio            float64 // new center / old center
	significant      bool
	oldOnly, curOnly bool
	warnings         []string
}

func resultKey(r result.Result) string {
	k := r.Case + " " + r.Impl
	if r.Config != "" {
		k += "/" + r.Config
	}
	return k
}

// samples collects, per case, the values of one side: with one run, the
// run's per-batch values (where the metric has them); with several, one
// value per run (its median), so that the test sees run-to-run variation.
func samples(m metric, runs []*result.Run) (map[string][]float64, []string) {
	out := map[string][]float64{}
	var order []string
	for _, run := range runs {
		for i := range run.Results {
			r := &run.Results[i]
			if r.Status != result.StatusOK {
				continue
			}
			k := resultKey(*r)
			var vals []float64
			if len(runs) == 1 && m.batches != nil {
				vals = m.batches(r)
			}
			if len(vals) == 0 {
				if v, ok := m.value(r); ok {
					vals = []float64{v}
				}
			}
			if len(vals) == 0 {
				continue
			}
			if _, seen := out[k]; !seen {
				order = append(order, k)
			}
			out[k] = append(out[k], vals...)
		}
	}
	return out, order
}

// compareRuns pairs the results of the two sides by case, implementation
// and configuration and compares them with benchstat's statistics
// (golang.org/x/perf/benchmath): medians with 95 % confidence intervals
// and the Mann-Whitney U test for time and cycles, exact values for
// instruction counts.
func compareRuns(m metric, oldRuns, newRuns []*result.Run) []delta {
	om, oorder := samples(m, oldRuns)
	cm, corder := samples(m, newRuns)
	assume := benchmath.Assumption(benchmath.AssumeNothing)
	if m.exact {
		assume = benchmath.AssumeExact
	}
	th := &benchmath.DefaultThresholds
	var out []delta
	for _, k := range corder {
		cs := benchmath.NewSample(slices.Clone(cm[k]), th)
		os, ok := om[k]
		if !ok {
			out = append(out, delta{key: k, cur: assume.Summary(cs, 0.95), curN: len(cs.Values), curOnly: true})
			continue
		}
		osm := benchmath.NewSample(slices.Clone(os), th)
		d := delta{key: k, old: assume.Summary(osm, 0.95), cur: assume.Summary(cs, 0.95), oldN: len(osm.Values), curN: len(cs.Values)}
		d.cmp = assume.Compare(osm, cs)
		if d.old.Center > 0 {
			d.ratio = d.cur.Center / d.old.Center
		}
		if m.exact {
			d.significant = d.old.Center != d.cur.Center
		} else {
			d.significant = d.cmp.P < d.cmp.Alpha
		}
		for _, w := range append(append(d.old.Warnings, d.cur.Warnings...), d.cmp.Warnings...) {
			d.warnings = append(d.warnings, w.Error())
		}
		out = append(out, d)
	}
	for _, k := range oorder {
		if _, ok := cm[k]; !ok {
			s := benchmath.NewSample(slices.Clone(om[k]), th)
			out = append(out, delta{key: k, old: assume.Summary(s, 0.95), oldN: len(s.Values), oldOnly: true})
		}
	}
	return out
}

func writeComparison(w io.Writer, m metric, ds []delta, oldRuns, newRuns int) {
	t := newTable(w)
	t.row("case", "old "+m.unit, "new "+m.unit, "delta", "")
	var logSum float64
	n := 0
	warned := map[string]bool{}
	for _, d := range ds {
		switch {
		case d.oldOnly:
			t.row(d.key, fmtSummary(m, d.old), "-", "(only in old)", "")
			continue
		case d.curOnly:
			t.row(d.key, "-", fmtSummary(m, d.cur), "(only in new)", "")
			continue
		}
		change := "~"
		switch {
		case m.exact && !d.significant:
			change = "0 (same)"
		case m.exact:
			change = fmt.Sprintf("%+.3f%% (%+.0f)", (d.ratio-1)*100, d.cur.Center-d.old.Center)
		case d.significant && d.ratio > 0:
			change = fmt.Sprintf("%+.1f%%", (d.ratio-1)*100)
		}
		test := ""
		if !m.exact {
			test = "(" + d.cmp.String() + ")"
		}
		t.row(d.key, fmtSummary(m, d.old), fmtSummary(m, d.cur), change, test)
		if d.ratio > 0 {
			logSum += math.Log(d.ratio)
			n++
		}
		for _, wn := range d.warnings {
			warned[wn] = true
		}
	}
	if n > 0 {
		t.row("geomean", "", "", fmt.Sprintf("%+.2f%%", (math.Exp(logSum/float64(n))-1)*100), "")
	}
	t.flush()
	switch {
	case m.exact:
		fmt.Fprintf(w, "\ndelta: instruction counts are exact; \"0 (same)\" means no change, any other value is one. Runs: %d old, %d new.\n", oldRuns, newRuns)
	default:
		unit := "the batches of the one run on each side"
		if oldRuns > 1 && newRuns > 1 {
			unit = "one median per run"
		}
		fmt.Fprintf(w, "\nValues are medians ± the 95 %% confidence interval (benchstat's statistics, golang.org/x/perf/benchmath) over %s; delta: change of the median where the Mann-Whitney U test gives p < 0.05, else ~. Runs: %d old, %d new.\n", unit, oldRuns, newRuns)
	}
	if len(warned) > 0 {
		var ws []string
		for wn := range warned {
			ws = append(ws, wn)
		}
		slices.Sort(ws)
		fmt.Fprintf(w, "note: %s\n", strings.Join(ws, "; "))
	}
}

// fmtSummary formats a center with its confidence interval as benchstat
// does: "1.23µs ± 4%".
func fmtSummary(m metric, s benchmath.Summary) string {
	if m.exact {
		v := fmt.Sprintf("%.0f", s.Center)
		if s.Lo != s.Hi {
			v += fmt.Sprintf(" (%.0f–%.0f)", s.Lo, s.Hi)
		}
		return v
	}
	v := fmtNs(s.Center)
	if m.name == "cycles" {
		v = fmt.Sprintf("%.4g", s.Center)
	}
	return v + " ± " + s.PctRangeString()
}

func fmtNs(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.3gs", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3gms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.3gµs", ns/1e3)
	default:
		return fmt.Sprintf("%.3gns", ns)
	}
}
