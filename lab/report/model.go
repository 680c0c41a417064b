package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/cryptolab-go/cryptolab/lab/reference"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

// Ours is the Impl of cryptolab's own results; every other Impl is a peer.
const Ours = "cryptolab"

// view is everything the Markdown, HTML and terminal renderers show, worked
// out once from a run, the reference data and the chosen platforms, so that
// the three renderers cannot disagree.
type view struct {
	Run       *result.Run
	Ref       *reference.Dataset
	Platforms []*reference.Platform // chosen reference platforms, in order
	Families  []*familyView
	Peers     []string // every peer impl in the run, in display order
	Missing   []string // family titles without any result
	// Others are further runs shown as machine columns beside the
	// first (cryptolab report run1 run2 ...), Machines their labels
	// (Machines[0] is the first run's).
	Others   []*result.Run
	Machines []string
	Unplaced []string // tables of results that match no published table, with counts
	// Beyond are the tables of rows the pages do not publish that have
	// results (catalog.Table.Beyond), numbered 3.1, 3.2, ... in
	// catalogue order: section 3 of the report.
	Beyond []*tableView
}

type familyView struct {
	Num, Title, Suite string
	Anchor            string
	Implemented       bool // at least one result (ours or a peer)
	HasOurs           bool // at least one result of ours
	Tables            []*tableView
}

type tableView struct {
	Spec      *tableSpec
	Ref       *reference.Table
	Num       string
	Title     string
	Anchor    string
	Constants []string // label columns with one value throughout, e.g. "Message 8000 B"
	Labels    []string // displayed label columns
	Configs   []string // our configurations seen, in order
	Peers     []string // peer impls seen in this table
	Rows      []*rowView
	HasOurs   bool
	Charts    []*chart
	Footprint *footprintView
	MinTime   bool // show a minimum-time column
	// Platforms are the chosen platforms that publish this table (the
	// post-quantum tables exist for h563-v5 only); NoData the others.
	Platforms []*reference.Platform
	NoData    []string
	// Mapping states how our configurations line up with the page's
	// (the family's catalogue text, on its first table).
	Mapping string
	// ConfigCol adds a column naming our configuration, for tables whose
	// labels do not tell our configurations apart (e.g. ML-KEM, whose
	// page has no configuration column).
	ConfigCol bool
}

type rowView struct {
	Labels    map[string]string
	Op        string // operation point: the labels without our configuration
	Ours      *result.Result
	Refs      []refCell // one per chosen platform
	Best      bool      // fastest of our configurations at this operation point, significantly (see differs)
	Tie       bool      // fastest or not told apart from the fastest (≈): no winner at this point
	GroupHead bool      // first row of its operation point
	GroupLen  int       // rows in the operation point (on the head row)
	PeerCells []peerCell
	// MachineCells are our result for this row on each other machine
	// (view.Others), in order.
	MachineCells []machineCell
}

type machineCell struct {
	R     *result.Result // nil if that run has no result for the row
	Ratio float64        // its time ÷ the first machine's time (0: n/a)
}

type refCell struct {
	OK        bool
	Cycles    float64
	TimeNs    float64 // cycles / core clock, unrounded
	PubTime   int64   // as printed
	PubUnit   string
	KBps      float64
	TimeRatio float64 // their time / our time (0: n/a)
	CycRatio  float64 // their cycles / our core cycles (0: n/a)
	// Memory published in the performance row itself (the post-quantum
	// tables, which have no footprint table); -1 where absent.
	Stack, Working int64
	// Min and max cycles where published (LMS); 0 where absent.
	CyclesMin, CyclesMax int64
}

type peerCell struct {
	Impl  string
	R     *result.Result // nil if this peer has no result here
	Ratio float64        // peer time / our best time at this operation point (0: n/a)
	Sig   bool           // the difference from our best is significant (see differs)
}

type footprintView struct {
	Platforms []*reference.Platform // chosen platforms that publish it
	Table     string
	Title     string
	Labels    []string
	Measures  []string // reference byte columns, e.g. code_bytes ... stack_bytes
	Rows      []*fpRow
	HasOurs   bool
}

type fpRow struct {
	Labels  map[string]string
	Ours    *result.Footprint
	Stack   int  // max measured stack of the matching results
	Working int  // max working bytes of the matching results
	Have    bool // some result of ours matches this row
	Refs    []fpRef
}

type fpRef struct {
	OK     bool
	Values []int64 // per Measures; -1 for n/a
}

func isOK(r *result.Result) bool { return r != nil && r.Status == result.StatusOK }

// timeNs is the time figure of a result (median ns/op).
func timeNs(r *result.Result) float64 {
	if !isOK(r) {
		return 0
	}
	return r.Ns.Median
}

// kbps is the throughput of a result in Kbytes/s (1 Kbyte = 1000 bytes):
// the measured figure, or the payload over the median time.
func kbps(r *result.Result) float64 {
	if !isOK(r) {
		return 0
	}
	if r.KBytesPer.Median > 0 {
		return r.KBytesPer.Median
	}
	if r.BytesPerOp > 0 && r.Ns.Median > 0 {
		return float64(r.BytesPerOp) / r.Ns.Median * 1e6
	}
	return 0
}

func ratio(num, den float64) float64 {
	if num <= 0 || den <= 0 || math.IsNaN(num) || math.IsNaN(den) || math.IsInf(num, 0) || math.IsInf(den, 0) {
		return 0
	}
	return num / den
}

// peerOrder puts the usual peers first, the rest alphabetically.
func peerOrder(a, b string) int {
	rank := func(s string) int {
		switch s {
		case "go":
			return 0
		case "go-purego":
			return 1
		case "openssl":
			return 2
		}
		return 3
	}
	if c := cmp.Compare(rank(a), rank(b)); c != 0 {
		return c
	}
	return cmp.Compare(a, b)
}

// matches reports whether a result's params agree with a row's labels on
// every label column the result names (a missing param is a wildcard).
func matches(r *result.Result, labels map[string]string, skip []string) bool {
	for c, v := range labels {
		if slices.Contains(skip, c) {
			continue
		}
		if pv, ok := r.Params[c]; ok && pv != v {
			return false
		}
	}
	return true
}

// oursMatches is matches for a result of ours, which must also agree on
// the page's "config" column through its Config when its Params leave the
// column out.
func oursMatches(r *result.Result, labels map[string]string) bool {
	if !matches(r, labels, nil) {
		return false
	}
	if v, ok := labels["config"]; ok && r.Config != "" {
		if _, named := r.Params["config"]; !named {
			return v == r.Config
		}
	}
	return true
}

func opKey(labels map[string]string, cols []string, config []string) string {
	var b strings.Builder
	for _, c := range cols {
		if slices.Contains(config, c) {
			continue
		}
		b.WriteString(c + "=" + labels[c] + ";")
	}
	return b.String()
}

func newView(run *result.Run, ref *reference.Dataset, platforms []string, others ...*result.Run) (*view, error) {
	if run == nil {
		return nil, fmt.Errorf("report: nil run")
	}
	if ref == nil {
		return nil, fmt.Errorf("report: nil reference dataset")
	}
	v := &view{Run: run, Ref: ref, Others: others}
	if len(others) > 0 {
		v.Machines = machineLabels(append([]*result.Run{run}, others...))
	}
	for _, id := range platforms {
		p, ok := ref.Platform(id)
		if !ok {
			return nil, fmt.Errorf("report: unknown reference platform %q", id)
		}
		v.Platforms = append(v.Platforms, p)
	}
	byTable := make(map[string][]*result.Result)
	for i := range run.Results {
		r := &run.Results[i]
		byTable[r.Table] = append(byTable[r.Table], r)
		if r.Impl != Ours && !slices.Contains(v.Peers, r.Impl) {
			v.Peers = append(v.Peers, r.Impl)
		}
	}
	slices.SortStableFunc(v.Peers, peerOrder)

	for fi := range families {
		f := &families[fi]
		fv := &familyView{Num: f.Num, Title: f.Title, Suite: f.Suite, Anchor: "s" + strings.ReplaceAll(f.Num, ".", "-")}
		for ti := range f.Tables {
			spec := &f.Tables[ti]
			if spec.Beyond {
				// Rows the pages do not publish: section 3.
				tv, err := v.buildBeyondTable(spec, byTable)
				if err != nil {
					return nil, err
				}
				if tv.HasOurs || len(tv.Peers) > 0 {
					tv.Num = fmt.Sprintf("3.%d", len(v.Beyond)+1)
					v.Beyond = append(v.Beyond, tv)
				}
				continue
			}
			tv, err := v.buildTable(spec, byTable)
			if err != nil {
				return nil, err
			}
			if len(tv.Rows) > 0 && (tv.HasOurs || len(tv.Peers) > 0) {
				fv.Implemented = true
			}
			if tv.HasOurs {
				fv.HasOurs = true
			}
			if ti == 0 && tv.HasOurs {
				tv.Mapping = f.Mapping
			}
			fv.Tables = append(fv.Tables, tv)
		}
		if !f.Published() {
			continue // a family of Beyond tables only (X25519)
		}
		if !fv.Implemented {
			v.Missing = append(v.Missing, f.Title)
		}
		v.Families = append(v.Families, fv)
	}
	// Results of tables the pages do not have cannot be placed.
	known := make(map[string]bool)
	for _, f := range families {
		for _, t := range f.Tables {
			known[t.Table] = true
		}
	}
	for t := range byTable {
		if !known[t] {
			v.Unplaced = append(v.Unplaced, fmt.Sprintf("%s (%d)", t, len(byTable[t])))
		}
	}
	slices.Sort(v.Unplaced)
	return v, nil
}

// peerResults returns the results of one peer shown in the table.
func (tv *tableView) peerResults(impl string) []*result.Result {
	var out []*result.Result
	for _, row := range tv.Rows {
		for _, pc := range row.PeerCells {
			if pc.Impl == impl && pc.R != nil {
				out = append(out, pc.R)
			}
		}
	}
	return out
}

// platformsOf splits the chosen platforms into those that publish a table
// and those that do not.
func (v *view) platformsOf(t *reference.Table) (have []*reference.Platform, none []string) {
	for _, p := range v.Platforms {
		if slices.Contains(t.Platforms(), p.ID) {
			have = append(have, p)
		} else {
			none = append(none, p.ID)
		}
	}
	return have, none
}

func (v *view) buildTable(spec *tableSpec, byTable map[string][]*result.Result) (*tableView, error) {
	rt, ok := v.Ref.Table(spec.Table)
	if !ok {
		return nil, fmt.Errorf("report: reference table %q missing", spec.Table)
	}
	tv := &tableView{Spec: spec, Ref: rt, Num: spec.Num, Title: spec.Title, MinTime: spec.ShowMin}
	if tv.Title == "" {
		tv.Title = reference.Title(spec.Table)
	}
	tv.Anchor = "t-" + spec.Table
	tv.Platforms, tv.NoData = v.platformsOf(rt)

	// Row labels come from the first chosen platform that has the table,
	// else from the table's own first platform (all platforms of a table
	// have the same rows).
	rowPlatform := rt.Platforms()[0]
	for _, p := range v.Platforms {
		if slices.Contains(rt.Platforms(), p.ID) {
			rowPlatform = p.ID
			break
		}
	}
	labelCols := rt.Labels()
	var refRows []reference.Row
	for _, r := range rt.Rows {
		if r.Platform == rowPlatform {
			refRows = append(refRows, r)
		}
	}
	// Constant label columns are stated once above the table.
	for _, c := range labelCols {
		vals := map[string]bool{}
		for _, r := range refRows {
			vals[r.Get(c)] = true
		}
		if len(vals) == 1 && len(refRows) > 1 && !slices.Contains(spec.Config, c) {
			tv.Constants = append(tv.Constants, columnTitle(c)+" "+labelValue(c, refRows[0].Get(c)))
		} else {
			tv.Labels = append(tv.Labels, c)
		}
	}

	results := byTable[spec.Table]
	var ours, peers []*result.Result
	for _, r := range results {
		if r.Impl == Ours {
			ours = append(ours, r)
			tv.HasOurs = true
			if r.Config != "" && !slices.Contains(tv.Configs, r.Config) {
				tv.Configs = append(tv.Configs, r.Config)
			}
		} else {
			peers = append(peers, r)
			if !slices.Contains(tv.Peers, r.Impl) {
				tv.Peers = append(tv.Peers, r.Impl)
			}
		}
	}
	slices.SortStableFunc(tv.Peers, peerOrder)

	// One row per published row, with our result of the same labels.
	used := make(map[*result.Result]bool)
	for _, rr := range refRows {
		labels := rr.Params()
		row := &rowView{Labels: labels, Op: opKey(labels, labelCols, spec.Config)}
		for _, r := range ours {
			if !used[r] && oursMatches(r, labels) {
				row.Ours = r
				used[r] = true
				break
			}
		}
		tv.Rows = append(tv.Rows, row)
	}
	// Our results in configurations the pages do not have (e.g. Default)
	// join their operation point, after its published rows.
	for _, r := range ours {
		if used[r] {
			continue
		}
		labels := make(map[string]string)
		for _, c := range labelCols {
			labels[c] = r.Params[c]
			if labels[c] == "" && slices.Contains(spec.Config, c) {
				labels[c] = r.Config
			}
		}
		row := &rowView{Labels: labels, Ours: r, Op: opKey(labels, labelCols, spec.Config)}
		at := len(tv.Rows)
		for i, x := range tv.Rows {
			if x.Op == row.Op {
				at = i + 1
			}
		}
		tv.Rows = slices.Insert(tv.Rows, at, row)
	}

	return v.finishTable(tv, labelCols, ours, peers, byTable)
}

// finishTable completes a table whose rows are laid out: the column of our
// configuration, the published cells and their ratios, the other
// machines' cells, each operation point's best configuration and peers,
// the footprint table and the charts. labelCols are the table's label
// columns; ours and peers its results.
func (v *view) finishTable(tv *tableView, labelCols []string, ours, peers []*result.Result, byTable map[string][]*result.Result) (*tableView, error) {
	spec := tv.Spec
	// Our configuration needs a column of its own when two of our rows
	// have the same labels, or when the table has no configuration
	// columns and our results name one anyway (SHA's "Native": which
	// implementation ran).
	seen := make(map[string]bool)
	for _, row := range tv.Rows {
		if row.Ours == nil {
			continue
		}
		k := opKey(row.Labels, labelCols, nil)
		if seen[k] || (len(spec.Config) == 0 && row.Ours.Config != "") {
			tv.ConfigCol = true
		}
		seen[k] = true
	}

	// Reference cells and ratios.
	for _, row := range tv.Rows {
		for _, p := range tv.Platforms {
			var cell refCell
			if rr, ok := v.Ref.Match(spec.Table, p.ID, row.Labels); ok {
				cell.OK = true
				cell.Cycles, _ = rr.Cycles()
				cell.TimeNs, _ = v.Ref.TimeNs(rr)
				cell.PubTime, cell.PubUnit, _ = rr.PublishedTime()
				cell.KBps, _ = rr.KBytesPerS()
				cell.Stack, cell.Working = -1, -1
				if x, ok := rr.Int("stack_bytes"); ok {
					cell.Stack = x
				}
				if x, ok := rr.Int("working_buffer_bytes"); ok {
					cell.Working = x
				}
				cell.CyclesMin, _ = rr.Int("cycles_min")
				cell.CyclesMax, _ = rr.Int("cycles_max")
				if isOK(row.Ours) {
					ns, cyc := row.Ours.Ns.Median, row.Ours.Cycles.Median
					if spec.ShowMin && strings.HasPrefix(row.Labels["function"], "Signature") {
						// The page publishes the minimum of a
						// rejection-sampled operation: compare
						// minimum with minimum.
						ns, cyc = row.Ours.Ns.Min, row.Ours.Cycles.Min
					}
					cell.TimeRatio = ratio(cell.TimeNs, ns)
					cell.CycRatio = ratio(cell.Cycles, cyc)
				}
			}
			row.Refs = append(row.Refs, cell)
		}
	}

	// Other machines: our result for the same row on each.
	for k, other := range v.Others {
		var theirs []*result.Result
		for i := range other.Results {
			if r := &other.Results[i]; r.Table == spec.Table && r.Impl == Ours {
				theirs = append(theirs, r)
			}
		}
		for _, row := range tv.Rows {
			var mc machineCell
			for _, r := range theirs {
				if !oursMatches(r, row.Labels) || (row.Ours != nil && r.Config != row.Ours.Config) {
					continue
				}
				mc.R = r
				if isOK(r) && isOK(row.Ours) {
					mc.Ratio = ratio(r.Ns.Median, row.Ours.Ns.Median)
				}
				break
			}
			row.MachineCells = append(row.MachineCells, mc)
		}
		_ = k
	}

	// Operation points: best configuration and the peers.
	for i := 0; i < len(tv.Rows); {
		j := i + 1
		for j < len(tv.Rows) && tv.Rows[j].Op == tv.Rows[i].Op {
			j++
		}
		group := tv.Rows[i:j]
		var best *rowView
		for _, row := range group {
			if isOK(row.Ours) && (best == nil || row.Ours.Ns.Median < best.Ours.Ns.Median) {
				best = row
			}
		}
		if best != nil && len(tv.Configs) > 1 {
			best.Best = true
			for _, row := range group {
				if row != best && isOK(row.Ours) && !differs(row.Ours, best.Ours) {
					best.Best = false
					best.Tie, row.Tie = true, true
				}
			}
		}
		head := group[0]
		head.GroupHead = true
		head.GroupLen = len(group)
		for _, impl := range tv.Peers {
			cell := peerCell{Impl: impl}
			for _, r := range peers {
				if r.Impl == impl && matches(r, head.Labels, spec.Config) {
					cell.R = r
					break
				}
			}
			if best != nil && isOK(cell.R) {
				cell.Ratio = ratio(cell.R.Ns.Median, best.Ours.Ns.Median)
				cell.Sig = differs(cell.R, best.Ours)
			}
			head.PeerCells = append(head.PeerCells, cell)
		}
		i = j
	}

	if spec.Footprint != "" && spec.Beyond {
		tv.Footprint = v.buildBeyondFootprint(spec, byTable)
	} else if spec.Footprint != "" {
		fv, err := v.buildFootprint(spec, byTable)
		if err != nil {
			return nil, err
		}
		tv.Footprint = fv
	}
	tv.Charts = v.buildCharts(tv)
	return tv, nil
}

func (v *view) buildFootprint(spec *tableSpec, byTable map[string][]*result.Result) (*footprintView, error) {
	ft, ok := v.Ref.Table(spec.Footprint)
	if !ok {
		return nil, fmt.Errorf("report: reference table %q missing", spec.Footprint)
	}
	fv := &footprintView{Table: spec.Footprint, Title: reference.Title(spec.Footprint), Measures: ft.Measures()}
	fv.Platforms, _ = v.platformsOf(ft)
	rowPlatform := ft.Platforms()[0]
	for _, p := range v.Platforms {
		if slices.Contains(ft.Platforms(), p.ID) {
			rowPlatform = p.ID
			break
		}
	}
	allLabels := ft.Labels()
	var refRows []reference.Row
	for _, r := range ft.Rows {
		if r.Platform == rowPlatform {
			refRows = append(refRows, r)
		}
	}
	for _, c := range allLabels {
		vals := map[string]bool{}
		for _, r := range refRows {
			vals[r.Get(c)] = true
		}
		if len(vals) > 1 || slices.Contains(spec.Config, c) || len(refRows) == 1 {
			fv.Labels = append(fv.Labels, c)
		}
	}
	var ours []*result.Result
	for _, t := range spec.FootprintFrom {
		for _, r := range byTable[t] {
			if r.Impl == Ours {
				ours = append(ours, r)
			}
		}
	}
	used := make(map[*result.Result]bool)
	fill := func(row *fpRow) {
		for _, r := range ours {
			if !oursMatches(r, row.Labels) {
				continue
			}
			// A result names the full performance-table labels; it
			// belongs to this footprint row if it agrees on the
			// footprint table's label columns it carries.
			used[r] = true
			row.Have = true
			if row.Ours == nil && r.Footprint != nil {
				fp := *r.Footprint
				row.Ours = &fp
			}
			if isOK(r) {
				row.Stack = max(row.Stack, r.Stack)
				row.Working = max(row.Working, r.Working)
			}
		}
		if row.Have {
			fv.HasOurs = true
		}
		for _, p := range fv.Platforms {
			var ref fpRef
			if rr, ok := v.Ref.Match(spec.Footprint, p.ID, row.Labels); ok {
				ref.OK = true
				for _, m := range fv.Measures {
					x, ok := rr.Int(m)
					if !ok {
						x = -1
					}
					ref.Values = append(ref.Values, x)
				}
			}
			row.Refs = append(row.Refs, ref)
		}
	}
	for _, rr := range refRows {
		row := &fpRow{Labels: rr.Params()}
		fv.Rows = append(fv.Rows, row)
	}
	for _, row := range fv.Rows {
		fill(row)
	}
	// Our configurations that the pages lack get their own rows.
	for _, r := range ours {
		if used[r] {
			continue
		}
		labels := make(map[string]string)
		for _, c := range allLabels {
			labels[c] = r.Params[c]
			if labels[c] == "" && slices.Contains(spec.Config, c) {
				labels[c] = r.Config
			}
		}
		row := &fpRow{Labels: labels}
		fill(row)
		// After the last row of the same operation (labels without our
		// configuration), else at the end.
		op := opKey(labels, allLabels, spec.Config)
		at := len(fv.Rows)
		for i, x := range fv.Rows {
			if opKey(x.Labels, allLabels, spec.Config) == op {
				at = i + 1
			}
		}
		fv.Rows = slices.Insert(fv.Rows, at, row)
	}
	return fv, nil
}

// glanceRow is one line of the "At a glance" table: a representative
// operation point of a table, our fastest configuration there, the peers
// and the fastest published figure across the chosen platforms.
type glanceRow struct {
	Table    *tableView
	What     string // e.g. "AES-CBC sole buffer · 128-bit 128 B Encryption"
	Best     *rowView
	Peers    map[string]peerCell
	Ref      *refCell
	Platform string
}

// sizeColumns are the label columns where the glance picks the largest
// value (the most representative of throughput); for every other column it
// takes the first published value.
var sizeColumns = map[string]bool{"buffer_bytes": true, "chunk_bytes": true}

func (v *view) glance() []glanceRow {
	var out []glanceRow
	for _, fv := range v.Families {
		for _, tv := range fv.Tables {
			if !tv.HasOurs {
				continue
			}
			// Operation points, as groups of rows.
			type group struct{ rows []*rowView }
			var groups []group
			for i := 0; i < len(tv.Rows); {
				j := i + 1
				for j < len(tv.Rows) && tv.Rows[j].Op == tv.Rows[i].Op {
					j++
				}
				groups = append(groups, group{tv.Rows[i:j]})
				i = j
			}
			// One per facet value: first value of each other column,
			// largest size.
			by := tv.Spec.Glance
			if len(by) == 0 {
				by = tv.Spec.Facet
			}
			at := func(g *group) bool {
				for c, val := range tv.Spec.GlanceAt {
					if g.rows[0].Labels[c] != val {
						return false
					}
				}
				return true
			}
			var facets []string
			for gi := range groups {
				if !at(&groups[gi]) {
					continue
				}
				f := opKey(groups[gi].rows[0].Labels, by, nil)
				if !slices.Contains(facets, f) {
					facets = append(facets, f)
				}
			}
			for _, f := range facets {
				var pick *group
				for gi := range groups {
					g := &groups[gi]
					head := g.rows[0].Labels
					if !at(g) || opKey(head, by, nil) != f {
						continue
					}
					if pick == nil {
						pick = g
						continue
					}
					better, same := false, true
					for _, c := range tv.Labels {
						if slices.Contains(tv.Spec.Config, c) || slices.Contains(by, c) {
							continue
						}
						a, b := head[c], pick.rows[0].Labels[c]
						if sizeColumns[c] {
							if len(a) > len(b) || (len(a) == len(b) && a > b) {
								better = true
							}
						} else if a != b {
							same = false
						}
					}
					if same && better {
						pick = g
					}
				}
				if pick == nil {
					continue
				}
				gr := glanceRow{Table: tv, Peers: map[string]peerCell{}}
				var parts []string
				for _, c := range tv.Labels {
					if !slices.Contains(tv.Spec.Config, c) {
						parts = append(parts, labelValue(c, pick.rows[0].Labels[c]))
					}
				}
				gr.What = strings.Join(parts, " ")
				for _, row := range pick.rows {
					if isOK(row.Ours) && (gr.Best == nil || row.Ours.Ns.Median < gr.Best.Ours.Ns.Median) {
						gr.Best = row
					}
					for k := range row.Refs {
						if rc := &row.Refs[k]; rc.OK && rc.TimeNs > 0 && (gr.Ref == nil || rc.TimeNs < gr.Ref.TimeNs) {
							gr.Ref, gr.Platform = rc, tv.Platforms[k].ID
						}
					}
				}
				if gr.Best == nil {
					continue
				}
				for _, pc := range pick.rows[0].PeerCells {
					gr.Peers[pc.Impl] = pc
				}
				out = append(out, gr)
			}
		}
	}
	return out
}

// glanceTitle names a table in the glance: the catalogue's short title.
func glanceTitle(tv *tableView) string {
	if tv.Spec.Short != "" {
		return tv.Spec.Short
	}
	return tv.Title
}

// glanceGrid lays the glance rows out as a grid.
func (v *view) glanceGrid(rows []glanceRow) *grid {
	g := &grid{Class: "glance"}
	g.Heads = []colHead{
		{Text: "Table", Class: "lab"},
		{Text: "Operation", Class: "lab"},
		{Text: "cryptolab", Sub: "fastest configuration", Class: "num"},
	}
	for _, impl := range v.Peers {
		g.Heads = append(g.Heads, colHead{Text: impl, Sub: "vs cryptolab", Class: "peer"})
	}
	g.Heads = append(g.Heads, colHead{Text: "STM32", Sub: "fastest published, vs cryptolab", Class: "ref"})
	g.Groups = []colGroup{
		{Text: "Representative operation", Span: 2, Class: "lab"},
		{Text: "This machine", Span: 1 + len(v.Peers), Class: "ours"},
		{Text: "Published", Span: 1, Class: "ref"},
	}
	for _, gr := range rows {
		flow := gr.Table.Spec.Flow
		val := func(ns, kb float64) string {
			if flow {
				return fmtKBps(kb)
			}
			return fmtDur(ns)
		}
		best := cell{Text: val(gr.Best.Ours.Ns.Median, kbps(gr.Best.Ours)), Class: "num best"}
		if gr.Best.Ours.Config != "" {
			best.Sub = gr.Best.Ours.Config
		}
		cs := []cell{
			{Text: glanceTitle(gr.Table), Class: "lab"},
			{Text: gr.What, Class: "lab"},
			best,
		}
		for _, impl := range v.Peers {
			pc, ok := gr.Peers[impl]
			if !ok || !isOK(pc.R) {
				cs = append(cs, cell{Text: "—", Class: "peer na"})
				continue
			}
			// The ratio goes on the second line: the glance has a
			// column per peer and must fit a 1,400-pixel page.
			c := cell{Text: val(pc.R.Ns.Median, kbps(pc.R)), Class: "peer"}
			if pc.Ratio > 0 {
				c.SubBadges = append(c.SubBadges, sigBadge(pc.Ratio, pc.Sig, "peer time ÷ our best time"))
			}
			cs = append(cs, c)
		}
		if gr.Ref == nil {
			cs = append(cs, cell{Text: "—", Class: "ref na"})
		} else {
			c := cell{Text: val(gr.Ref.TimeNs, gr.Ref.KBps), Sub: gr.Platform, Class: "ref"}
			if r := ratio(gr.Ref.TimeNs, gr.Best.Ours.Ns.Median); r > 0 {
				c.SubBadges = append(c.SubBadges, ratioBadge(r, "their time ÷ our best time"))
			}
			cs = append(cs, c)
		}
		g.Rows = append(g.Rows, cs)
	}
	return g
}

// machineLabels names the machines of several runs for column headings:
// the CPU model and architecture, numbered where two are alike.
func machineLabels(runs []*result.Run) []string {
	var out []string
	count := map[string]int{}
	for _, r := range runs {
		m := r.Machine
		l := strings.TrimSpace(m.CPUModel)
		if l == "" {
			l = "unknown CPU"
		}
		l += " " + m.Arch
		count[l]++
		out = append(out, l)
	}
	seen := map[string]int{}
	for i, l := range out {
		if count[l] > 1 {
			seen[l]++
			out[i] = fmt.Sprintf("%s #%d", l, seen[l])
		}
	}
	return out
}
