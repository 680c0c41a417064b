// Package run is the lab's pipeline: from the chosen suites and
// configurations to a result.Run. It selects the registered cases, calibrates
// the clocks once, measures the in-process cases interleaved per published
// row (lab/measure), attaches each operation's code footprint (lab/footprint),
// measures the out-of-process peers (lab/peers) and re-derives their counter
// ticks and core cycles with this run's calibration, all in one place. The
// command (cmd/cryptolab) parses flags, draws the progress and writes the
// report; lab/report renders the result.
//
// Dependencies go one way: lab/catalog → lab/cases (lab/suite) → lab/run
// {lab/measure, lab/footprint, lab/peers} → lab/result → lab/report.
package run

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/footprint"
	"github.com/cryptolab-go/cryptolab/lab/instr"
	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/peers"
	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// Ours is the Impl of cryptolab's own cases.
const Ours = "cryptolab"

// Options choose what a run measures.
type Options struct {
	Suites  []string      // suites in page order; nil = all
	Configs []string      // --config selectors (catalog.MatchConfig); nil = all
	NoPeers bool          // ours only: no in-process or out-of-process peers
	Quick   bool          // smoke-test settings
	MinTime time.Duration // measured time per case; 0 = the harness default

	// Instructions also counts the instructions of every in-process case
	// (ours and the in-process peers) under Valgrind's callgrind
	// (lab/instr), running Executable (default: this process's
	// executable) with its hidden instructions-worker subcommand.
	Instructions bool
	Executable   string
}

// Phases of a run, as Event.Phase names them.
const (
	PhaseCalibrate = "calibrating"
	PhaseMeasure   = "measuring"
	PhaseFootprint = "footprints"
	PhasePurego    = "purego build"
	PhasePeers     = "peers"
	PhaseInstr     = "instructions"
	PhaseDone      = "done"
)

// Event reports progress: the phase and what runs in it, and the work done
// out of the total in steps (one step per case measured, footprint program
// built or peer case measured). Timed is true while this process is timing
// cases: a progress display must then not run a goroutine of its own (the
// harness counts heap allocations process-wide, and the machine's cores
// are shared with the measured thread); when false (builds, out-of-process
// peers) it may redraw on a timer. Note, when not empty, is a message to
// print on its own line.
type Event struct {
	Phase, Label string
	Done, Total  int
	Timed        bool
	Note         string
}

// SelectCases returns the registered cases of the chosen suites,
// configurations and implementations. Configs select among our configured
// cases only; cases of ours without configurations (SHA) and the peers'
// always run.
func SelectCases(opt Options) []suite.Case {
	suites := opt.Suites
	if suites == nil {
		suites = suite.Suites()
	}
	var out []suite.Case
	for _, c := range suite.Cases() {
		if !slices.Contains(suites, c.Suite) {
			continue
		}
		if opt.NoPeers && c.Impl != Ours {
			continue
		}
		if !ConfigSelected(opt.Configs, c) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// ConfigSelected reports whether the --config selectors choose case c (a
// case without a configuration, ours or a peer's, is always chosen).
func ConfigSelected(configs []string, c suite.Case) bool {
	if configs == nil || c.Config == "" {
		return true
	}
	return slices.ContainsFunc(configs, func(sel string) bool { return catalog.MatchConfig(sel, c.Table, c.Config, c.Params) })
}

// Run measures the selected cases, their footprints and the peers, and
// returns the run (Config.References is left for the caller). progress, if
// not nil, receives every Event.
func Run(ctx context.Context, opt Options, progress func(Event)) (*result.Run, error) {
	started := time.Now()
	if opt.Suites == nil {
		opt.Suites = suite.Suites()
	}
	emit := func(e Event) {
		if progress != nil {
			progress(e)
		}
	}
	cases := SelectCases(opt)
	var specs []*suite.FootprintSpec
	specIndex := map[string]int{}
	for _, c := range cases {
		if c.Impl != Ours || c.Footprint == nil {
			continue
		}
		k := catalog.Key(c.Footprint.Table, c.Footprint.Params)
		if _, ok := specIndex[k]; !ok {
			specIndex[k] = len(specs)
			specs = append(specs, c.Footprint)
		}
	}
	// The out-of-process peers re-measure about as many cases as the
	// in-process Go peer has, so they weigh that much.
	peerSteps := 0
	if !opt.NoPeers {
		for _, c := range cases {
			if c.Impl == peers.ImplGo {
				peerSteps++
			}
		}
		peerSteps = max(peerSteps, 1)
	}
	instrSteps := 0
	if opt.Instructions {
		instrSteps = len(cases)
	}
	total := len(cases) + len(specs) + peerSteps + instrSteps
	for _, s := range opt.Suites {
		if !slices.ContainsFunc(suite.Cases(), func(c suite.Case) bool { return c.Suite == s }) && len(opt.Suites) < len(suite.Suites()) {
			emit(Event{Phase: PhaseCalibrate, Total: total, Note: s + ": not implemented yet (no cases); the report says so"})
		}
	}

	emit(Event{Phase: PhaseCalibrate, Label: "counter frequency and core clock", Total: total, Timed: true})
	machine := measure.Machine(started)
	if machine.CoreHz == 0 && machine.CoreProblem != "" {
		emit(Event{Phase: PhaseCalibrate, Total: total, Timed: true,
			Note: "core clock not estimated: " + machine.CoreProblem + "; cycle columns will be empty"})
	}
	if len(specs) > 0 {
		machine.Methods["footprint"] = footprint.Description()
	}
	cal := measure.Calibrate()

	mopt := measureOptions(opt)
	// OpenSSL on the rows its cgo helper serves joins the harness as
	// remote cases, interleaved with ours; openssl speed skips those rows.
	measured := cases
	var remote []peers.RemoteCase
	interleaved := map[string]bool{}
	stopRemote := func() {}
	if !opt.NoPeers {
		emit(Event{Phase: PhaseCalibrate, Label: "building the OpenSSL helper (cached after the first run)", Total: total})
		var err error
		remote, stopRemote, err = peers.RemoteCases(ctx, peerOptions(opt, mopt, cal, nil), cases)
		if err != nil {
			emit(Event{Phase: PhaseCalibrate, Total: total, Note: "peers: " + oneLine(err) + "; those openssl rows come from openssl speed"})
		}
		measured = slices.Clone(cases)
		for _, rc := range remote {
			measured = append(measured, rc.Case)
			interleaved[catalog.RowKey(rc.Case.Table, rc.Case.Params)] = true
		}
		total += len(remote)
	}
	results := measure.RunCases(measured, mopt, func(done, n int, name string) {
		emit(Event{Phase: PhaseMeasure, Label: name, Done: done, Total: total, Timed: true})
	})
	stopRemote()
	remoteResults := results[len(cases):]
	results = results[:len(cases):len(cases)]
	for i := range remoteResults {
		remoteResults[i].Note = joinNote(remote[i].Note, remoteResults[i].Note)
	}

	// The purego build of the peers runs beside the footprint builds
	// (nothing is being timed then); its result is cached.
	var popt peers.Options
	prebuilt := make(chan error, 1)
	if !opt.NoPeers {
		popt = peerOptions(opt, mopt, cal, nil)
		go func() {
			_, _, err := peers.PuregoBinary(ctx, popt)
			prebuilt <- err
		}()
	} else {
		prebuilt <- nil
	}

	// Footprints: one build per distinct operation, attached to every
	// result of ours that performs it.
	fps := make([]*result.Footprint, len(specs))
	fpErr := make([]error, len(specs))
	for i, s := range specs {
		emit(Event{Phase: PhaseFootprint, Done: len(measured) + i, Total: total,
			Label: fmt.Sprintf("building minimal program %d of %d (cached after the first run): %s", i+1, len(specs), catalog.Key(s.Table, s.Params))})
		rep, err := footprint.MeasureSpec(ctx, s)
		if err != nil {
			fpErr[i] = err
			continue
		}
		f := rep.Footprint()
		fps[i] = &f
	}
	for i, c := range cases {
		if c.Impl != Ours || c.Footprint == nil {
			continue
		}
		j := specIndex[catalog.Key(c.Footprint.Table, c.Footprint.Params)]
		if fps[j] != nil {
			results[i].Footprint = fps[j]
		} else if fpErr[j] != nil {
			results[i].Note = joinNote(results[i].Note, prefixed("footprint: ", oneLine(fpErr[j])))
		}
	}
	for _, err := range fpErr {
		if err != nil {
			emit(Event{Phase: PhaseFootprint, Done: len(measured) + len(specs), Total: total,
				Note: prefixed("footprint: ", oneLine(err)) + " (footprint columns left empty)"})
			break
		}
	}

	if !opt.NoPeers {
		base := len(measured) + len(specs)
		emit(Event{Phase: PhasePurego, Label: "building cryptolab with -tags purego (cached after the first run)", Done: base, Total: total})
		<-prebuilt // a failed build is retried and reported by peers.Run
		pos := base
		popt = peerOptions(opt, mopt, cal, func(frac float64, label string) {
			pos = max(pos, base+int(frac*float64(peerSteps)))
			emit(Event{Phase: PhasePeers, Label: label, Done: pos, Total: total})
		})
		popt.Interleaved = interleaved
		pr, err := peers.Run(ctx, popt)
		if err != nil {
			for _, e := range strings.Split(err.Error(), "\n") {
				emit(Event{Phase: PhasePeers, Done: pos, Total: total, Note: "peers: " + e})
			}
		}
		for i := range pr {
			Rederive(&pr[i], cal)
		}
		results = append(results, pr...)
		results = append(results, remoteResults...)
		for k, v := range peers.Methods() {
			machine.Methods[k] = v
		}
	}
	if opt.Instructions {
		base := len(measured) + len(specs) + peerSteps
		if err := countInstructions(ctx, opt, cases, results, machine.Methods, func(done, n int, label string) {
			emit(Event{Phase: PhaseInstr, Label: "callgrind: " + label, Done: base + done, Total: total})
		}); err != nil {
			emit(Event{Phase: PhaseInstr, Done: base, Total: total, Note: "instructions: " + oneLine(err) + " (instruction columns left empty)"})
		}
	}
	emit(Event{Phase: PhaseDone, Done: total, Total: total})

	machine.Duration = time.Since(started).Seconds()
	return &result.Run{
		Schema:  result.SchemaVersion,
		Machine: machine,
		Config: result.RunConfig{
			Suites:       opt.Suites,
			Configs:      opt.Configs,
			Quick:        opt.Quick,
			MinTimeNs:    int64(mopt.MinTime),
			Peers:        !opt.NoPeers,
			Instructions: opt.Instructions,
			Implemented:  implemented(),
		},
		Results: results,
	}, nil
}

// countInstructions counts the instructions of the in-process cases
// (results[i] belongs to cases[i]) with lab/instr and attaches them.
func countInstructions(ctx context.Context, opt Options, cases []suite.Case, results []result.Result, methods map[string]string, progress func(done, total int, label string)) error {
	vg, err := instr.Available()
	if err != nil {
		return err
	}
	exe := opt.Executable
	if exe == "" {
		if exe, err = os.Executable(); err != nil {
			return err
		}
	}
	var ids []string
	for _, c := range cases {
		ids = append(ids, instr.CaseID(c))
	}
	counts, err := instr.Run(ctx, exe, ids, progress)
	if err != nil {
		return err
	}
	tool := instr.Version(ctx, vg) + " callgrind"
	methods["instructions"] = instr.Method(instr.Version(ctx, vg))
	for i, c := range cases {
		n, ok := counts[instr.CaseID(c)]
		if !ok {
			continue
		}
		results[i].Instructions = &result.Instructions{PerOp: n.PerOp, Repeat: n.Repeat, Tool: tool, Err: n.Err}
	}
	return nil
}

// implemented returns the suites that have registered cases of ours, in
// page order.
func implemented() []string {
	var out []string
	for _, s := range suite.Suites() {
		if slices.ContainsFunc(suite.Cases(), func(c suite.Case) bool { return c.Suite == s && c.Impl == Ours }) {
			out = append(out, s)
		}
	}
	return out
}

// measureOptions turns the options into harness options.
func measureOptions(opt Options) measure.Options {
	m := measure.DefaultOptions()
	if opt.Quick {
		m = measure.QuickOptions()
	}
	if opt.MinTime > 0 {
		m.MinTime = opt.MinTime
	}
	return m
}

// peerOptions are the lab/peers settings of this run. progress gets the
// fraction of the peers' work done.
func peerOptions(opt Options, m measure.Options, cal measure.Calibration, progress func(frac float64, label string)) peers.Options {
	return peers.Options{
		Suites:    opt.Suites,
		Quick:     opt.Quick,
		MinTime:   m.MinTime,
		CounterHz: cal.CounterHz,
		CoreHz:    cal.CoreHz,
		Progress: func(done, total int, label string) {
			if total > 0 && progress != nil {
				progress(float64(done)/float64(total), label)
			}
		},
	}
}

// Rederive recomputes the counter ticks and core cycles of a result
// measured in the purego worker from its times and this process's
// calibration. The worker's harness, built with -tags purego, has no
// RDTSC and no assembly calibration loop (it counts monotonic nanoseconds
// and estimates the core clock with a Go loop); the counter is invariant
// and the cycles are time × core clock in any case, so the same figures
// follow from the wall and CPU times with the clocks of the main run, and
// all columns of the report then share one calibration. A run whose core
// clock estimate was rejected leaves the cycles out. Idempotent.
func Rederive(r *result.Result, cal measure.Calibration) {
	if r.Impl != peers.ImplGoPurego || r.Status != result.StatusOK || len(r.Ns.Samples) == 0 {
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
	} else {
		r.Cycles = result.Stats{Unit: "cycles/op"}
	}
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

func oneLine(err error) string {
	s := strings.TrimSpace(err.Error())
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
