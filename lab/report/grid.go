package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// grid is a rendered table: the Markdown and HTML writers both draw the
// same grid, so the two reports always hold the same numbers.
type grid struct {
	Groups []colGroup // header groups over the columns
	Heads  []colHead
	Rows   [][]cell
	Class  string
}

type colGroup struct {
	Text  string
	Span  int
	Class string
}

type colHead struct {
	Text  string
	Sub   string // unit or detail, second header line
	Class string
}

type cell struct {
	Text    string
	Sub     string // second, smaller line (HTML) / appended (Markdown)
	Class   string
	Title   string  // tooltip
	RowSpan int     // >1: spans rows; -1: covered by a span above
	Badges  []badge // after Text
	// SubBadges follow Sub.
	SubBadges []badge
}

type badge struct {
	Text  string
	Class string // "good" (cryptolab faster), "bad", "even"
	Title string
}

// ratioBadge describes "their time / our time": above 1 means cryptolab is
// faster.
func ratioBadge(r float64, what string) badge {
	b := badge{Text: fmtRatio(r)}
	switch {
	case r >= 1.1:
		b.Class = "good"
	case r > 0 && r <= 0.9:
		b.Class = "bad"
	default:
		b.Class = "even"
	}
	if what != "" {
		b.Title = what
	}
	return b
}

// sigBadge is ratioBadge for two results measured on this machine: the
// ratio is coloured only when the difference is significant (differs);
// otherwise it reads "≈" and is neutral.
func sigBadge(r float64, sig bool, what string) badge {
	b := ratioBadge(r, what)
	if !sig {
		b.Text, b.Class = "≈"+b.Text, "even"
		b.Title = what + "; not a significant difference (Mann-Whitney p ≥ 0.05 over the batches, or under 5 %)"
	}
	return b
}

func (c cell) plain() string {
	s := c.Text
	if c.Sub != "" {
		s += " · " + c.Sub
	}
	var bs []string
	for _, b := range append(c.Badges, c.SubBadges...) {
		if b.Text != "" {
			bs = append(bs, b.Text)
		}
	}
	if len(bs) > 0 {
		s += " (" + strings.Join(bs, ", ") + ")"
	}
	return s
}

// perfGrid lays out one performance table.
func (v *view) perfGrid(tv *tableView) *grid {
	g := &grid{Class: "perf"}
	spec := tv.Spec
	g.Groups = append(g.Groups, colGroup{Text: "Operation", Span: len(tv.Labels), Class: "lab"})
	for _, c := range tv.Labels {
		g.Heads = append(g.Heads, colHead{Text: columnTitle(c), Class: "lab"})
	}
	if tv.ConfigCol {
		g.Groups[0].Span++
		g.Heads = append(g.Heads, colHead{Text: "Config", Sub: "cryptolab", Class: "lab"})
	}
	ours := []colHead{
		{Text: "Cycles", Sub: cyclesSub(v.Run), Class: "num"},
		{Text: "Time", Sub: "median · spread", Class: "num"},
	}
	if tv.MinTime {
		ours = append(ours, colHead{Text: "Time", Sub: "min", Class: "num"})
	}
	if spec.Flow {
		ours = append(ours, colHead{Text: "Rate", Sub: "Kbytes/s", Class: "num"})
	}
	ours = append(ours,
		colHead{Text: "Heap", Sub: "B · allocs/op", Class: "num"},
		colHead{Text: "Stack", Sub: "bytes", Class: "num"},
		colHead{Text: "Working", Sub: "bytes", Class: "num"},
	)
	if !tv.HasOurs {
		ours = nil // a family we do not implement: peers only
	} else {
		title := "cryptolab on this machine"
		if len(v.Machines) > 0 {
			title = "cryptolab on " + v.Machines[0]
		}
		g.Groups = append(g.Groups, colGroup{Text: title, Span: len(ours), Class: "ours"})
		g.Heads = append(g.Heads, ours...)
	}
	if len(tv.Peers) > 0 {
		g.Groups = append(g.Groups, colGroup{Text: "Peers on this machine", Span: len(tv.Peers), Class: "peer"})
		for _, impl := range tv.Peers {
			sub := "time"
			if spec.Flow {
				sub = "KB/s"
			}
			for _, r := range tv.peerResults(impl) {
				if harnessMeasured(r) {
					sub += ", heap"
					break
				}
			}
			if tv.HasOurs {
				sub += " · vs our best"
			}
			if impl == "openssl" && spec.Table == "aes_cbc_sole" && slices.ContainsFunc(tv.peerResults(impl), func(r *result.Result) bool { return strings.Contains(r.Note, "set up once") }) {
				// openssl speed sets the key and IV once before its
				// loop; the page's sole-buffer calls (and ours) include
				// both in every call. (The cgo helper sslpeer, used
				// where it builds, sets them in every call.)
				sub += " · key set once"
			}
			g.Heads = append(g.Heads, colHead{Text: impl, Sub: sub, Class: "peer"})
		}
	}

	if len(v.Others) > 0 && tv.HasOurs {
		g.Groups = append(g.Groups, colGroup{Text: "cryptolab on other machines", Span: len(v.Others), Class: "peer"})
		for _, m := range v.Machines[1:] {
			g.Heads = append(g.Heads, colHead{Text: m, Sub: "time · vs " + v.Machines[0], Class: "peer"})
		}
	}
	if len(tv.Platforms) > 0 {
		g.Groups = append(g.Groups, colGroup{Text: "STM32 published (CMOX)", Span: len(tv.Platforms), Class: "ref"})
		for _, p := range tv.Platforms {
			sub := fmt.Sprintf("%d MHz", p.CoreClockMHz)
			switch {
			case spec.Flow:
				sub += " · cycles, KB/s"
			case tv.Ref.Has("working_buffer_bytes"):
				sub += " · cycles, time, stack and working bytes"
			case tv.Ref.Has("stack_bytes"):
				sub += " · cycles, time, stack bytes"
			case tv.Ref.Has("cycles_avg"):
				sub += " · average cycles, time"
			default:
				sub += " · cycles, time"
			}
			g.Heads = append(g.Heads, colHead{Text: p.ID, Sub: sub, Class: "ref"})
		}
	}
	for _, row := range tv.Rows {
		var cs []cell
		for _, c := range tv.Labels {
			cs = append(cs, cell{Text: labelValue(c, row.Labels[c]), Class: "lab"})
		}
		if tv.ConfigCol {
			cfg := "—"
			if row.Ours != nil && row.Ours.Config != "" {
				cfg = row.Ours.Config
			}
			cs = append(cs, cell{Text: cfg, Class: "lab"})
		}
		r := row.Ours
		n := len(ours) // cells of our columns
		switch {
		case n == 0:
		case r == nil:
			cs = append(cs, cell{Text: "not measured", Class: "na wide"})
			for i := 1; i < n; i++ {
				cs = append(cs, cell{Text: "—", Class: "na"})
			}
		case !isOK(r):
			msg := r.Status
			if r.Note != "" {
				msg += ": " + r.Note
			}
			cs = append(cs, cell{Text: r.Status, Class: "err", Title: msg})
			for i := 1; i < n; i++ {
				cs = append(cs, cell{Text: "—", Class: "na"})
			}
		default:
			cfgCls := "num"
			if row.Best {
				cfgCls = "num best"
			}
			tie := ""
			if row.Tie {
				tie = "≈ "
			}
			cyc := cell{Text: fmtCount(r.Cycles.Median), Sub: fmtCount(r.Ticks.Median) + " ticks", Class: "num",
				Title: "core cycles estimated from the time and the core clock; counter ticks read around each batch"}
			if r.Cycles.Median == 0 {
				cyc.Text, cyc.Title = "—", "no core-clock estimate in this run (see 1.1 Machine); counter ticks read around each batch"
			}
			if in := instrText(r); in != "" {
				cyc.Sub += " · " + in
				cyc.Title += "; " + instrTitle(r)
			}
			cs = append(cs,
				cyc,
				cell{Text: tie + fmtDur(r.Ns.Median), Sub: "spread " + fmtPct(r.Ns.Spread), Class: cfgCls,
					Title: fmt.Sprintf("median of %d batches, %d ops, %s time; min %s, max %s; spread = (max−min)/median%s", len(r.Ns.Samples), r.Ops, r.NsSource, fmtDur(r.Ns.Min), fmtDur(r.Ns.Max), ciText(r))},
			)
			if r.Ns.Spread > 0.10 {
				cs[len(cs)-1].Class += " warn"
			}
			if tv.MinTime {
				cs = append(cs, cell{Text: fmtDur(r.Ns.Min), Class: "num"})
			}
			if spec.Flow {
				cs = append(cs, cell{Text: fmtCount(kbps(r)), Class: "num"})
			}
			heap := fmtInt(int64(r.HeapBytes+0.5)) + " B · " + fmtAllocs(r.Allocs)
			cs = append(cs,
				cell{Text: heap, Class: "num", Title: fmt.Sprintf("%s bytes and %s allocations per operation", fmtCount(r.HeapBytes), sig(r.Allocs))},
				cell{Text: fmtInt(int64(r.Stack)), Class: "num"},
				cell{Text: fmtInt(int64(r.Working)), Class: "num"},
			)
		}
		for i := range tv.Peers {
			if !row.GroupHead {
				cs = append(cs, cell{RowSpan: -1})
				continue
			}
			pc := row.PeerCells[i]
			c := cell{Class: "peer", RowSpan: row.GroupLen}
			switch {
			case pc.R == nil:
				c.Text, c.Class = "—", "peer na"
			case !isOK(pc.R):
				c.Text, c.Class = "failed", "peer err"
				c.Sub, c.Title = shortReason(pc.R.Note), pc.R.Status+": "+pc.R.Note
			default:
				var sub []string
				if spec.Flow {
					c.Text = fmtCount(kbps(pc.R))
					sub = append(sub, fmtDur(pc.R.Ns.Median))
				} else {
					c.Text = fmtDur(pc.R.Ns.Median)
				}
				// Heap per operation, where our harness measured it
				// (not for openssl's own loop).
				if harnessMeasured(pc.R) {
					sub = append(sub, "heap "+fmtInt(int64(pc.R.HeapBytes+0.5))+" B · "+fmtAllocs(pc.R.Allocs))
				}
				if in := instrText(pc.R); in != "" {
					sub = append(sub, in)
				}
				c.Sub = strings.Join(sub, " · ")
				if pc.R.Note != "" {
					c.Title = pc.R.Note
				}
				if in := instrTitle(pc.R); in != "" {
					c.Title = strings.TrimPrefix(c.Title+"; "+in, "; ")
				}
				if pc.Ratio > 0 {
					c.Badges = append(c.Badges, sigBadge(pc.Ratio, pc.Sig, "peer time ÷ our best time"))
				}
			}
			cs = append(cs, c)
		}
		if len(v.Others) > 0 && tv.HasOurs {
			for _, mc := range row.MachineCells {
				c := cell{Text: "—", Class: "peer na", Title: "no result for this row in that run"}
				switch {
				case mc.R == nil:
				case !isOK(mc.R):
					c = cell{Text: mc.R.Status, Class: "peer err", Title: mc.R.Note}
				default:
					c = cell{Text: fmtDur(mc.R.Ns.Median), Class: "peer", Sub: "spread " + fmtPct(mc.R.Ns.Spread)}
					if spec.Flow {
						c.Text, c.Sub = fmtCount(kbps(mc.R)), fmtDur(mc.R.Ns.Median)
					}
					if mc.Ratio > 0 {
						c.Badges = append(c.Badges, badge{Text: fmtRatio(mc.Ratio), Class: "even", Title: "time on that machine ÷ time on " + v.Machines[0]})
					}
				}
				cs = append(cs, c)
			}
		}
		for _, rc := range row.Refs {
			if !rc.OK {
				cs = append(cs, cell{Text: "—", Class: "ref na", Title: "no published row"})
				continue
			}
			c := cell{Text: fmtCount(rc.Cycles), Class: "ref"}
			if spec.Flow {
				c.Sub = fmtKBps(rc.KBps)
			} else {
				c.Sub = fmt.Sprintf("%d %s", rc.PubTime, rc.PubUnit)
			}
			if rc.Stack >= 0 {
				c.Sub += " · stack " + fmtInt(rc.Stack)
			}
			if rc.Working >= 0 {
				c.Sub += " · working " + fmtInt(rc.Working)
			}
			c.Title = fmt.Sprintf("published %s cycles = %s at the platform clock", fmtCount(rc.Cycles), fmtDur(rc.TimeNs))
			if rc.CyclesMin > 0 && rc.CyclesMax > 0 {
				c.Title += fmt.Sprintf("; average of cycles from %s to %s", fmtInt(rc.CyclesMin), fmtInt(rc.CyclesMax))
			}
			if rc.TimeRatio > 0 {
				c.Badges = append(c.Badges, ratioBadge(rc.TimeRatio, "their time ÷ our time"))
			}
			if rc.CycRatio > 0 {
				b := ratioBadge(rc.CycRatio, "their cycles ÷ our core cycles")
				b.Text += " cyc"
				b.Class += " cyc"
				c.SubBadges = append(c.SubBadges, b)
			}
			cs = append(cs, c)
		}
		g.Rows = append(g.Rows, cs)
	}
	return g
}

// footprintGrid lays out a footprint table: our attributed sizes and the
// measured stack and working memory, beside each platform's published
// figures.
func (v *view) footprintGrid(fv *footprintView) *grid {
	g := &grid{Class: "fp"}
	g.Groups = append(g.Groups, colGroup{Text: "Operation", Span: len(fv.Labels), Class: "lab"})
	for _, c := range fv.Labels {
		g.Heads = append(g.Heads, colHead{Text: columnTitle(c), Class: "lab"})
	}
	// Whole-program sizes, where the footprint tool measured them, give
	// the context of a Go executable (runtime included).
	whole := false
	for _, row := range fv.Rows {
		if row.Ours != nil && row.Ours.Binary != nil {
			whole = true
		}
	}
	span := 5
	if whole {
		span += 2
	}
	g.Groups = append(g.Groups, colGroup{Text: "cryptolab on this machine (bytes)", Span: span, Class: "ours"})
	g.Heads = append(g.Heads,
		colHead{Text: "Code", Sub: ".text", Class: "num"},
		colHead{Text: "Const", Sub: ".rodata", Class: "num"},
		colHead{Text: "Global", Sub: ".data+.bss", Class: "num"},
		colHead{Text: "Stack", Sub: "max measured", Class: "num"},
		colHead{Text: "Working", Sub: "max", Class: "num"},
	)
	if whole {
		g.Heads = append(g.Heads,
			colHead{Text: "Whole program", Sub: "code+const+data · vs empty", Class: "num"},
			colHead{Text: "BSS", Sub: "zero-filled · vs empty", Class: "num"})
	}
	if len(fv.Platforms) > 0 {
		var names []string
		for _, m := range fv.Measures {
			names = append(names, strings.ToLower(columnTitle(m)))
		}
		g.Groups = append(g.Groups, colGroup{Text: "STM32 published (bytes: " + strings.Join(names, " / ") + ")", Span: len(fv.Platforms), Class: "ref"})
		for _, p := range fv.Platforms {
			g.Heads = append(g.Heads, colHead{Text: p.ID, Sub: strings.Join(names, " / "), Class: "ref"})
		}
	}
	for _, row := range fv.Rows {
		var cs []cell
		for _, c := range fv.Labels {
			cs = append(cs, cell{Text: labelValue(c, row.Labels[c]), Class: "lab"})
		}
		if row.Ours != nil {
			cs = append(cs,
				cell{Text: fmtInt(int64(row.Ours.CodeBytes)), Class: "num"},
				cell{Text: fmtInt(int64(row.Ours.ConstBytes)), Class: "num"},
				cell{Text: fmtInt(int64(row.Ours.GlobalBytes)), Class: "num"},
			)
		} else {
			txt := "not measured"
			if row.Have {
				txt = "no footprint"
			}
			cs = append(cs, cell{Text: txt, Class: "na"}, cell{Text: "—", Class: "na"}, cell{Text: "—", Class: "na"})
		}
		if row.Have {
			cs = append(cs, cell{Text: fmtInt(int64(row.Stack)), Class: "num"}, cell{Text: fmtInt(int64(row.Working)), Class: "num"})
		} else {
			cs = append(cs, cell{Text: "—", Class: "na"}, cell{Text: "—", Class: "na"})
		}
		if whole {
			cs = append(cs, wholeCell(row.Ours), bssCell(row.Ours))
		}
		for _, rf := range row.Refs {
			if !rf.OK {
				cs = append(cs, cell{Text: "—", Class: "ref na"})
				continue
			}
			var parts []string
			for _, x := range rf.Values {
				if x < 0 {
					parts = append(parts, "n/a")
				} else {
					parts = append(parts, fmtInt(x))
				}
			}
			cs = append(cs, cell{Text: strings.Join(parts, " / "), Class: "ref"})
		}
		g.Rows = append(g.Rows, cs)
	}
	return g
}

// wholeCell shows the file-backed size of the whole minimal program
// (code + constant + initialised data, without the zero-filled BSS) and
// how much it adds to an empty program built the same way.
func wholeCell(fp *result.Footprint) cell {
	if fp == nil || fp.Binary == nil {
		return cell{Text: "—", Class: "na"}
	}
	c := cell{Text: fmtInt(int64(fp.Binary.Loaded())), Class: "num",
		Title: fmt.Sprintf("code %s, const %s, initialised data %s", fmtInt(int64(fp.Binary.CodeBytes)), fmtInt(int64(fp.Binary.ConstBytes)), fmtInt(int64(fp.Binary.GlobalBytes)))}
	if fp.Binary.BSSBytes == 0 {
		c.Title = fmt.Sprintf("code %s, const %s, global %s (a results file written before BSS was reported apart: global data includes it)", fmtInt(int64(fp.Binary.CodeBytes)), fmtInt(int64(fp.Binary.ConstBytes)), fmtInt(int64(fp.Binary.GlobalBytes)))
	}
	if fp.Empty != nil {
		c.Sub = signed(int64(fp.Binary.Loaded() - fp.Empty.Loaded()))
	}
	return c
}

// bssCell shows the whole minimal program's zero-filled data (.bss,
// .noptrbss) and its growth over the empty program: no room in the file,
// no memory until written (the Footprint method paragraph says what the
// 32 MiB of crypto/rand's programs is).
func bssCell(fp *result.Footprint) cell {
	if fp == nil || fp.Binary == nil || fp.Binary.BSSBytes == 0 {
		return cell{Text: "—", Class: "na"}
	}
	c := cell{Text: fmtInt(int64(fp.Binary.BSSBytes)), Class: "num",
		Title: "zero-filled data (.bss, .noptrbss): no room in the file, no memory until a page is written"}
	if fp.Empty != nil && fp.Empty.BSSBytes > 0 {
		c.Sub = signed(int64(fp.Binary.BSSBytes - fp.Empty.BSSBytes))
	}
	return c
}

// signed formats a difference with its sign.
func signed(d int64) string {
	if d < 0 {
		return "−" + fmtInt(-d)
	}
	return "+" + fmtInt(d)
}

// cyclesSub is the sub-heading of our cycles column.
func cyclesSub(run *result.Run) string {
	if run.Config.Instructions {
		return "core est. · counter ticks · instructions"
	}
	return "core est. · counter ticks"
}

// instrText is a result's instruction count for a cell, "" if none.
func instrText(r *result.Result) string {
	in := r.Instructions
	if in == nil || in.Err != "" {
		return ""
	}
	s := fmtInt(in.PerOp) + " instr"
	if in.Repeat != 0 {
		s += " (±" + fmtInt(in.Repeat) + ")"
	}
	return s
}

// instrTitle explains a result's instruction count, or why it is missing.
func instrTitle(r *result.Result) string {
	in := r.Instructions
	switch {
	case in == nil:
		return ""
	case in.Err != "":
		return "instructions not counted: " + in.Err
	case in.Repeat != 0:
		return fmt.Sprintf("%s instructions per call (%s); the counted calls differed by up to %s", fmtInt(in.PerOp), in.Tool, fmtInt(in.Repeat))
	}
	return fmt.Sprintf("%s instructions per call (%s), the same in every counted call", fmtInt(in.PerOp), in.Tool)
}

// shortReason shortens a failure note for a cell: its last clause, at most
// 60 characters (the whole note is in the cell's title and results.json).
func shortReason(note string) string {
	if i := strings.LastIndex(note, ": "); i >= 0 && len(note)-i > 8 {
		note = note[i+2:]
	}
	if r := []rune(note); len(r) > 60 {
		note = string(r[:59]) + "…"
	}
	return note
}

// platformsPerTable is how many STM32 platforms a performance or footprint
// table shows beside our columns; the others follow in a second table with
// the same rows, so that a table fits a 1,400-pixel page and a report.md
// line stays readable.
const platformsPerTable = 2

// perfGrids lays out one performance table as one grid, or, with more
// chosen platforms than platformsPerTable, as the main grid with the first
// platforms and a second grid: the row labels, our time for reference, and
// the further platforms.
func (v *view) perfGrids(tv *tableView) []*grid {
	g := v.perfGrid(tv)
	if len(tv.Platforms) <= platformsPerTable {
		return []*grid{g}
	}
	refStart := len(g.Heads) - len(tv.Platforms)
	var keep []int
	if tv.HasOurs {
		for i := g.Groups[0].Span; i < refStart; i++ {
			if g.Heads[i].Text == "Time" {
				keep = append(keep, i)
				break
			}
		}
	}
	return splitPlatforms(g, len(tv.Platforms), keep, "cryptolab", "STM32 published (CMOX), further platforms")
}

// footprintGrids lays out one footprint table as one grid, or, with more
// chosen platforms than platformsPerTable, as the main grid with the first
// platforms and a second grid: the row labels, our code and stack for
// reference (the rest of ours is on the same row of the first grid: with
// every figure repeated, ECDSA's second table was 1,412 px wide), and the
// further platforms.
func (v *view) footprintGrids(fv *footprintView) []*grid {
	g := v.footprintGrid(fv)
	if len(fv.Platforms) <= platformsPerTable {
		return []*grid{g}
	}
	refStart := len(g.Heads) - len(fv.Platforms)
	var keep []int
	for i := g.Groups[0].Span; i < refStart; i++ {
		if h := g.Heads[i].Text; h == "Code" || h == "Stack" {
			keep = append(keep, i)
		}
	}
	var names []string
	for _, m := range fv.Measures {
		names = append(names, strings.ToLower(columnTitle(m)))
	}
	return splitPlatforms(g, len(fv.Platforms), keep, "cryptolab (bytes)",
		"STM32 published (bytes: "+strings.Join(names, " / ")+"), further platforms")
}

// splitPlatforms cuts a grid whose last nRef columns are STM32 platforms
// in two: the first grid keeps every column up to the first
// platformsPerTable platforms; the second has the row labels (the first
// header group), our columns keep under the group keepTitle, and the
// further platforms under refTitle.
func splitPlatforms(g *grid, nRef int, keep []int, keepTitle, refTitle string) []*grid {
	n := len(g.Heads)
	cut := n - nRef + platformsPerTable
	labels := g.Groups[0].Span
	pick := func(cols []int) *grid {
		out := &grid{Class: g.Class}
		for _, c := range cols {
			out.Heads = append(out.Heads, g.Heads[c])
		}
		for _, row := range g.Rows {
			var r []cell
			for _, c := range cols {
				r = append(r, row[c])
			}
			out.Rows = append(out.Rows, r)
		}
		return out
	}
	var first, second []int
	for i := 0; i < cut; i++ {
		first = append(first, i)
	}
	for i := 0; i < labels; i++ {
		second = append(second, i)
	}
	second = append(second, keep...)
	for i := cut; i < n; i++ {
		second = append(second, i)
	}
	g1 := pick(first)
	span := 0
	for _, gr := range g.Groups {
		if span+gr.Span > cut {
			gr.Span = cut - span
		}
		if gr.Span > 0 {
			g1.Groups = append(g1.Groups, gr)
		}
		span += gr.Span
		if span >= cut {
			break
		}
	}
	g2 := pick(second)
	g2.Groups = []colGroup{{Text: g.Groups[0].Text, Span: labels, Class: g.Groups[0].Class}}
	if len(keep) > 0 {
		g2.Groups = append(g2.Groups, colGroup{Text: keepTitle, Span: len(keep), Class: "ours"})
	}
	g2.Groups = append(g2.Groups, colGroup{Text: refTitle, Span: n - cut, Class: "ref"})
	return []*grid{g1, g2}
}
