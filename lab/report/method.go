package report

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// kv is one line of a description list.
type kv struct{ K, V string }

// para is a titled paragraph of the method section.
type para struct{ Title, Text string }

func (v *view) machineRows() []kv { return machineRows(v.Run.Machine) }

// machineRows describes one machine.
func machineRows(m result.Machine) []kv {
	cpu := m.CPUModel
	if cpu == "" {
		cpu = "unknown"
	}
	if m.Cores > 0 {
		cpu += fmt.Sprintf(" (%d logical cores)", m.Cores)
	}
	feat := strings.Join(m.Features, ", ")
	if feat == "" {
		feat = "none detected"
	}
	counter := m.Counter
	if counter == "" {
		counter = "unknown"
	}
	if m.CounterHz > 0 {
		counter += ", measured at " + fmtHz(m.CounterHz)
	}
	core := fmtHz(m.CoreHz)
	if m.CoreHz > 0 {
		core += " (estimated)"
	} else if m.CoreProblem != "" {
		core = "not estimated: " + m.CoreProblem + "; cycle columns left empty"
	}
	if m.CoreMethod != "" {
		core += " — " + m.CoreMethod
	}
	osArch := m.OS + "/" + m.Arch
	if m.GOAMD64 != "" {
		osArch += ", GOAMD64=" + m.GOAMD64
	}
	flags := m.BuildFlags
	if flags == "" {
		flags = "(none)"
	}
	module := m.Module
	if module == "" {
		module = "unknown"
	}
	return []kv{
		{"CPU", cpu},
		{"CPU features", feat},
		{"Cycle counter", counter},
		{"Core clock", core},
		{"OS / architecture", osArch},
		{"Go", m.GoVersion},
		{"cryptolab", module},
		{"Build flags", flags},
	}
}

func (v *view) runRows() []kv {
	c := v.Run.Config
	m := v.Run.Machine
	suites := strings.Join(c.Suites, ", ")
	if suites == "" {
		suites = "(default)"
	}
	configs := strings.Join(c.Configs, ", ")
	if configs == "" {
		configs = "all"
	}
	mode := "full"
	if c.Quick {
		mode = "quick (few repetitions: a smoke test, not a measurement to quote)"
	}
	peers := "off (--no-peers)"
	if c.Peers {
		peers = "on"
		if len(v.Peers) > 0 {
			peers += ": " + strings.Join(v.Peers, ", ")
		} else {
			peers += " (none produced results)"
		}
	}
	var refs []string
	for _, p := range v.Platforms {
		refs = append(refs, p.ID)
	}
	ref := strings.Join(refs, ", ")
	if ref == "" {
		ref = "none"
	}
	started := "unknown"
	if !m.Started.IsZero() {
		started = m.Started.UTC().Format(time.RFC3339)
	}
	dur := "unknown"
	if m.Duration > 0 {
		dur = (time.Duration(m.Duration * float64(time.Second))).Round(100 * time.Millisecond).String()
	}
	n, ok := 0, 0
	for _, r := range v.Run.Results {
		n++
		if isOK(&r) {
			ok++
		}
	}
	return []kv{
		{"Started", started},
		{"Duration", dur},
		{"Suites", suites},
		{"Configurations", configs},
		{"Mode", mode},
		{"Minimum measured time per case", time.Duration(c.MinTimeNs).String()},
		{"Peers", peers},
		{"Reference platforms", ref},
		{"Results", fmt.Sprintf("%d (%d ok)", n, ok)},
	}
}

// defaultMethods are used for any quantity the run's Machine.Methods does
// not describe (a results file from an older harness).
var defaultMethods = map[string]string{
	"time":      "Each case is warmed up and timed in batches until a minimum measured time; median, min, max and spread ((max−min)/median) are over the batches.",
	"cycles":    "Counter ticks are the CPU's cycle counter read around each batch; core cycles are estimated from the time and the estimated core clock.",
	"heap":      "Heap allocations and bytes per operation from runtime.ReadMemStats around a batch.",
	"stack":     "Goroutine stack high-water mark, measured by painting a pre-grown stack with a sentinel and scanning for the deepest overwritten word.",
	"working":   "Working memory: the bytes the operation keeps besides its inputs and outputs (context, expanded key, state, scratch).",
	"footprint": "Footprint: a minimal program performing only the operation is built, and the sizes of the ELF symbols of cryptolab's library packages are summed by section: .text is code, .rodata constant data, .data/.bss/.noptrdata/.noptrbss global data.",
	"peers":     "Peers run with the same harness in the same process, interleaved with our cases (go), or in a helper binary built with -tags purego (go-purego); openssl on the AES sole-buffer and SHA rows runs in a cgo helper whose batches are requested in turn with ours, and elsewhere is openssl speed, its own loop with no key setup per call.",
}

const chartMethod = "Charts are hand-written SVG (grouped bars, log scale when the values span more than a factor of 30): every chart here is the same kind, a template of about 200 lines draws it with no dependency and with byte-stable output for the golden tests, and the markup inlines into the self-contained page. A plotting library (gonum.org/v1/plot) would add a dependency tree for one chart type."

const ratioMethod = "Ratios are always “their time ÷ our time”, so ×10 means cryptolab on this machine is ten times faster, ×0.5 that it is twice as slow. Beside each published row: ×N compares times (the STM32 time is the published cycles ÷ the platform's core clock, unrounded; the page prints it truncated), and ×N cyc compares cycles (published core cycles ÷ our estimated core cycles): a measure of work per clock, independent of clock speed. Peer columns compare the peer with our fastest configuration at the same operation point. For data-flow tables the time ratio equals the throughput ratio."

func (v *view) methodParas() []para {
	get := func(k string) string {
		s := v.Run.Machine.Methods[k]
		if s == "" {
			s = defaultMethods[k]
		}
		return s
	}
	var ps []para
	for _, p := range []para{
		{"Time", get("time") + v.timeSourceNote()},
		{"Cycles and counter ticks", get("cycles")},
		{"Heap", get("heap")},
		{"Stack", get("stack")},
		{"Working memory", get("working")},
		{"Footprint", get("footprint")},
		{"Peers", get("peers") + v.peerNotes()},
	} {
		ps = append(ps, para{p.Title, trimLead(p.Title, p.Text)})
	}
	// Any other method the harness described, in key order.
	var extra []string
	for k := range v.Run.Machine.Methods {
		switch k {
		case "time", "cycles", "heap", "stack", "working", "footprint", "peers":
			continue
		}
		if strings.HasPrefix(k, "peer:") {
			continue // folded into Peers
		}
		extra = append(extra, k)
	}
	slices.Sort(extra)
	for _, k := range extra {
		title := strings.ToUpper(k[:1]) + k[1:]
		ps = append(ps, para{title, trimLead(title, v.Run.Machine.Methods[k])})
	}
	ps = append(ps,
		para{"Repeatability", v.spreadNote()},
		para{"Ratios", ratioMethod},
		para{"Charts", chartMethod},
	)
	return ps
}

// trimLead drops a leading "Title:" from a method text that repeats the
// paragraph's title ("Working memory: the bytes ..." under "Working
// memory"), and capitalises what is left.
func trimLead(title, text string) string {
	if len(text) > len(title) && strings.EqualFold(text[:len(title)], title) && text[len(title)] == ':' {
		text = strings.TrimSpace(text[len(title)+1:])
		if text != "" {
			text = strings.ToUpper(text[:1]) + text[1:]
		}
	}
	return text
}

func (v *view) timeSourceNote() string {
	cpu, wall := 0, 0
	for _, r := range v.Run.Results {
		if r.Status != result.StatusOK {
			continue
		}
		switch r.NsSource {
		case "cpu":
			cpu++
		case "wall":
			wall++
		}
	}
	if cpu+wall == 0 {
		return ""
	}
	switch {
	case wall == 0:
		return fmt.Sprintf(" In this run the time figure is thread CPU time for all %d results.", cpu)
	case cpu == 0:
		return fmt.Sprintf(" In this run the time figure is wall time for all %d results.", wall)
	}
	return fmt.Sprintf(" In this run the time figure is thread CPU time for %d results and wall time for %d.", cpu, wall)
}

func (v *view) peerNotes() string {
	var b strings.Builder
	for _, impl := range v.Peers {
		if s := v.Run.Machine.Methods["peer:"+impl]; s != "" {
			fmt.Fprintf(&b, " %s: %s", impl, strings.TrimSpace(s))
			if !strings.HasSuffix(s, ".") {
				b.WriteString(".")
			}
			continue
		}
		// Otherwise the distinct notes its results carry.
		var notes []string
		for _, r := range v.Run.Results {
			if r.Impl == impl && r.Note != "" && r.Status == result.StatusOK && !slices.Contains(notes, r.Note) {
				notes = append(notes, r.Note)
			}
		}
		if len(notes) > 0 && len(notes) <= 3 {
			fmt.Fprintf(&b, " %s: %s", impl, strings.Join(notes, "; "))
			if !strings.HasSuffix(notes[len(notes)-1], ".") {
				b.WriteString(".")
			}
		}
	}
	return b.String()
}

// spreadNote summarises the spread of the results that take at least 10 µs
// (the repeatability target is stated for those).
func (v *view) spreadNote() string {
	var sp []float64
	worst := ""
	wv := -1.0
	for _, r := range v.Run.Results {
		if r.Status != result.StatusOK || r.Ns.Median < 10e3 {
			continue
		}
		sp = append(sp, r.Ns.Spread)
		if r.Ns.Spread > wv {
			wv = r.Ns.Spread
			worst = r.Case + " (" + r.Impl
			if r.Config != "" {
				worst += " " + r.Config
			}
			worst += ")"
		}
	}
	if len(sp) == 0 {
		return "Spread is (max−min)/median of the per-batch times of one case. No result in this run takes 10 µs or more."
	}
	slices.Sort(sp)
	med := sp[len(sp)/2]
	if len(sp)%2 == 0 {
		med = (sp[len(sp)/2-1] + sp[len(sp)/2]) / 2
	}
	over := 0
	for _, s := range sp {
		if s > 0.10 {
			over++
		}
	}
	return fmt.Sprintf("Spread is (max−min)/median of the per-batch times of one case. Over the %d results of 10 µs or more: median spread %s, largest %s (%s); %d above 10 %%. Spreads above 10 %% are marked in the tables. Thread CPU time leaves out the intervals the thread was descheduled, but not the slowdown that load on a sibling hardware thread causes through shared execution units: on a shared machine, throughput-bound code (AES, SHA) varies with the load of the other virtual CPU; the minimum (in each time cell's tooltip and in results.json) is the steadier figure then.",
		len(sp), fmtPct(med), fmtPct(wv), worst, over)
}

// machineParts are the machine descriptions of section 1.1: this run's
// machine, and each further machine of a several-machine report.
func (v *view) machineParts() []part {
	if len(v.Others) == 0 {
		return []part{{"1.1. Machine", v.machineRows()}}
	}
	out := []part{{"1.1. Machine 1: " + v.Machines[0], v.machineRows()}}
	for i, o := range v.Others {
		rows := machineRows(o.Machine)
		if !o.Machine.Started.IsZero() {
			rows = append(rows, kv{"Run started", o.Machine.Started.UTC().Format("2006-01-02 15:04 UTC")})
		}
		out = append(out, part{fmt.Sprintf("1.1. Machine %d: %s", i+2, v.Machines[i+1]), rows})
	}
	return out
}

// part is a titled list of key-value rows (a card of section 1).
type part struct {
	title string
	rows  []kv
}
