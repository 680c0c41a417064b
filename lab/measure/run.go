package measure

import (
	"fmt"
	"maps"
	"strings"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// RowKey identifies the published row a case lines up with:
// catalog.RowKey, its table and its operation columns without any
// configuration column. Cases with the same key (ours in each configuration
// and the in-process peers) are measured interleaved.
func RowKey(c suite.Case) string { return catalog.RowKey(c.Table, c.Params) }

// Groups splits cases into groups of the same RowKey, in the order of each
// key's first appearance, keeping registration order within a group.
func Groups(cases []suite.Case) [][]suite.Case {
	var out [][]suite.Case
	for _, idx := range groupIndices(cases) {
		g := make([]suite.Case, len(idx))
		for i, j := range idx {
			g[i] = cases[j]
		}
		out = append(out, g)
	}
	return out
}

func groupIndices(cases []suite.Case) [][]int {
	var out [][]int
	at := map[string]int{}
	for i, c := range cases {
		k := RowKey(c)
		j, ok := at[k]
		if !ok {
			j = len(out)
			at[k] = j
			out = append(out, nil)
		}
		out[j] = append(out[j], i)
	}
	return out
}

// RunCases measures cases with the harness and returns one Result per case,
// in the order given. Cases of the same published row are interleaved (see
// Interleaved). A case whose Setup or operation fails gets StatusError and
// the error in Note; the others are unaffected. Footprint is left nil: the
// caller attributes footprints (lab/footprint). progress, if not nil, is
// called before each group with the number of cases done, the total, and
// a label naming the group's cases, and once at the end with done == total.
func RunCases(cases []suite.Case, opt Options, progress func(done, total int, name string)) []result.Result {
	opt = opt.normalized()
	cal := Calibrate()
	out := make([]result.Result, len(cases))
	done := 0
	for _, idx := range groupIndices(cases) {
		g := make([]suite.Case, len(idx))
		for i, j := range idx {
			g[i] = cases[j]
		}
		if progress != nil {
			progress(done, len(cases), groupLabel(g))
		}
		for i, r := range runGroup(g, opt, cal) {
			out[idx[i]] = r
		}
		done += len(g)
	}
	if progress != nil {
		progress(done, len(cases), "")
	}
	return out
}

func groupLabel(g []suite.Case) string {
	var impls []string
	for _, c := range g {
		s := c.Impl
		if c.Config != "" {
			s += "/" + c.Config
		}
		impls = append(impls, s)
	}
	return g[0].Name + " [" + strings.Join(impls, " ") + "]"
}

// newResult fills the descriptive fields of a case's Result.
func newResult(c suite.Case) result.Result {
	return result.Result{
		Table:      c.Table,
		Case:       c.Name,
		Params:     maps.Clone(c.Params),
		Impl:       c.Impl,
		Config:     c.Config,
		Status:     result.StatusOK,
		BytesPerOp: c.BytesPerOp,
	}
}

func runGroup(g []suite.Case, opt Options, cal Calibration) []result.Result {
	rs := make([]result.Result, len(g))
	ops := make([]func() error, len(g))
	runs := make([]batcher, len(g))
	for i, c := range g {
		rs[i] = newResult(c)
		if c.Remote != nil {
			batch, err := c.Remote()
			if err != nil {
				rs[i].Status, rs[i].Note = result.StatusError, "setup: "+err.Error()
				continue
			}
			runs[i] = remote(batch, cal.CounterHz)
			continue
		}
		if c.Setup == nil {
			rs[i].Status, rs[i].Note = result.StatusError, "case has no Setup"
			continue
		}
		op, working, err := c.Setup()
		if err != nil {
			rs[i].Status, rs[i].Note = result.StatusError, "setup: "+err.Error()
			continue
		}
		ops[i] = op
		runs[i] = local(op)
		rs[i].Working = working
	}
	batches, errs := interleaved(runs, opt)
	for i, c := range g {
		r := &rs[i]
		if runs[i] == nil {
			continue
		}
		if errs[i] != nil {
			r.Status, r.Note = result.StatusError, errs[i].Error()
			continue
		}
		if c.Remote != nil {
			// Timed by the other process's thread CPU clock, whatever
			// this process has; its memory is not measured here, which
			// an empty wall-time figure tells the report (lab/report's
			// harnessMeasured).
			rc := cal
			rc.ThreadCPU = true
			fill(r, batches[i], rc)
			r.WallNs, r.Note = result.Stats{}, ""
			continue
		}
		fill(r, batches[i], cal)
		n := batches[i][0].N
		allocs, bytes, err := Heap(ops[i], n)
		if err != nil {
			r.Status, r.Note = result.StatusError, err.Error()
			continue
		}
		r.Allocs, r.HeapBytes = allocs, bytes
		st, err := Stack(ops[i])
		if err != nil {
			r.Status, r.Note = result.StatusError, "stack: "+err.Error()
			continue
		}
		r.Stack = st
	}
	return rs
}

// fill computes the per-operation statistics of a case from its batches.
func fill(r *result.Result, bs []Batch, cal Calibration) {
	var wall, cpu, ns, ticks, cycles, kbs []float64
	preempted := 0
	for _, b := range bs {
		n := float64(b.N)
		r.Ops += b.N
		w, c := float64(b.WallNs)/n, float64(b.CPUNs)/n
		wall = append(wall, w)
		cpu = append(cpu, c)
		t := w
		if cal.ThreadCPU {
			t = c
		}
		ns = append(ns, t)
		ticks = append(ticks, float64(b.Ticks)/n)
		if cal.CoreHz > 0 {
			cycles = append(cycles, t*cal.CoreHz/1e9)
		}
		if r.BytesPerOp > 0 && t > 0 {
			kbs = append(kbs, float64(r.BytesPerOp)*1e6/t)
		}
		if b.WallNs > b.CPUNs+b.CPUNs/20 {
			preempted++
		}
	}
	r.WallNs = Summarize("ns/op", wall, true)
	r.CPUNs = Summarize("ns/op", cpu, true)
	r.Ns = Summarize("ns/op", ns, true)
	r.NsSource = "wall"
	if cal.ThreadCPU {
		r.NsSource = "cpu"
	}
	r.Ticks = Summarize("ticks/op", ticks, false)
	r.Cycles = Summarize("cycles/op", cycles, false)
	if len(kbs) > 0 {
		r.KBytesPer = Summarize("Kbytes/s", kbs, false)
	}
	if preempted > 0 && cal.ThreadCPU {
		r.Note = fmt.Sprintf("wall time exceeded thread CPU time by >5%% in %d of %d batches (thread descheduled); CPU time used", preempted, len(bs))
	}
}
