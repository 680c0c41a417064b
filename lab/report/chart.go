package report

// Charts are hand-written SVG rather than a plotting library. Every chart
// in the report is the same kind — grouped bars, sometimes on a log axis —
// and this file draws it in about 200 lines with no dependency, emits a few
// kilobytes of markup per chart that inlines into a self-contained page, and
// produces byte-identical output for the golden tests. A general plotting
// package (gonum.org/v1/plot) would add a dependency tree to the module for
// one chart type and give less control over the markup (tooltips, CSS
// classes, responsive viewBox).

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strings"
)

type chart struct {
	Title        string // facet, e.g. "Encryption"
	Unit         string // "time per operation" or "Kbytes/s"
	Flow         bool   // values are Kbytes/s (higher is better), else ns
	Groups       []string
	GroupLines   [][]string // x labels, one line per group column
	Series       []series
	Log          bool
	PlatformNote string
}

type series struct {
	Name   string
	Kind   string // "ours", "peer", "ref"
	Color  string
	Values []float64 // one per group; NaN where missing
}

var (
	oursColors = []string{"#1d4ed8", "#60a5fa", "#1e3a8a", "#93c5fd", "#4f46e5", "#a5b4fc", "#0e7490", "#67e8f9"}
	peerColors = []string{"#059669", "#d97706", "#9333ea", "#db2777", "#0891b2", "#65a30d"}
	refColors  = []string{"#6b7280", "#a8aeb8", "#374151", "#cbd0d8", "#8a7a66", "#c4b5a0", "#57534e", "#e0d7cc"}
)

func (v *view) buildCharts(tv *tableView) []*chart {
	if !tv.HasOurs && len(tv.Peers) == 0 {
		return nil
	}
	spec := tv.Spec
	key := func(labels map[string]string, cols []string) string {
		var parts []string
		for _, c := range cols {
			parts = append(parts, labels[c])
		}
		return strings.Join(parts, "\x00")
	}
	var facets []string
	for _, row := range tv.Rows {
		if k := key(row.Labels, spec.Facet); !slices.Contains(facets, k) {
			facets = append(facets, k)
		}
	}

	var charts []*chart
	for _, facet := range facets {
		ch := &chart{Flow: spec.Flow}
		if spec.Flow {
			ch.Unit = "throughput, Kbytes/s (higher is better)"
		} else {
			ch.Unit = "time per operation (lower is better)"
		}
		var titleParts []string
		for _, c := range spec.Facet {
			for _, row := range tv.Rows {
				if key(row.Labels, spec.Facet) == facet {
					titleParts = append(titleParts, labelValue(c, row.Labels[c]))
					break
				}
			}
		}
		ch.Title = strings.Join(titleParts, " ")
		var rows []*rowView
		for _, row := range tv.Rows {
			if key(row.Labels, spec.Facet) == facet {
				rows = append(rows, row)
			}
		}
		groupOf := map[string]int{}
		for _, row := range rows {
			g := key(row.Labels, spec.Group)
			if _, ok := groupOf[g]; !ok {
				groupOf[g] = len(ch.Groups)
				ch.Groups = append(ch.Groups, g)
				var lines []string
				for _, c := range spec.Group {
					lines = append(lines, wrapLabel(labelValue(c, row.Labels[c]))...)
				}
				ch.GroupLines = append(ch.GroupLines, lines)
			}
		}
		newSeries := func(name, kind, color string) *series {
			s := series{Name: name, Kind: kind, Color: color, Values: make([]float64, len(ch.Groups))}
			for i := range s.Values {
				s.Values[i] = math.NaN()
			}
			ch.Series = append(ch.Series, s)
			return &ch.Series[len(ch.Series)-1]
		}
		val := func(row *rowView) float64 {
			if spec.Flow {
				return kbps(row.Ours)
			}
			return timeNs(row.Ours)
		}
		// Ours: one series per configuration (in a Beyond table with a
		// configuration column besides "config", per value of it too:
		// LMS's tree cache).
		configs := tv.Configs
		if len(configs) == 0 && tv.HasOurs {
			configs = []string{""}
		}
		seriesOf := func(row *rowView) string {
			if x := summaryExtra(tv, row); x != "" {
				return row.Ours.Config + " · " + strings.ToLower(x)
			}
			return row.Ours.Config
		}
		if spec.Beyond {
			configs = nil
			for _, row := range rows {
				if row.Ours != nil && !slices.Contains(configs, seriesOf(row)) {
					configs = append(configs, seriesOf(row))
				}
			}
		}
		for i, cfg := range configs {
			name := Ours
			if cfg != "" {
				name += " " + cfg
			}
			s := newSeries(name, "ours", oursColors[i%len(oursColors)])
			for _, row := range rows {
				if row.Ours != nil && seriesOf(row) == cfg {
					if x := val(row); x > 0 {
						s.Values[groupOf[key(row.Labels, spec.Group)]] = x
					}
				}
			}
		}
		// Peers: one series per implementation.
		for i, impl := range tv.Peers {
			s := newSeries(impl, "peer", peerColors[i%len(peerColors)])
			for _, row := range rows {
				if !row.GroupHead {
					continue
				}
				for _, pc := range row.PeerCells {
					if pc.Impl != impl || !isOK(pc.R) {
						continue
					}
					x := pc.R.Ns.Median
					if spec.Flow {
						x = kbps(pc.R)
					}
					g := groupOf[key(row.Labels, spec.Group)]
					if x > 0 && math.IsNaN(s.Values[g]) {
						s.Values[g] = x
					}
				}
			}
		}
		// Reference: the first chosen platform, one series per published
		// configuration.
		if len(tv.Platforms) > 0 {
			p := tv.Platforms[0]
			var cfgs []string
			for _, row := range rows {
				if row.Refs[0].OK {
					if k := key(row.Labels, spec.Config); !slices.Contains(cfgs, k) {
						cfgs = append(cfgs, k)
					}
				}
			}
			for i, cfg := range cfgs {
				name := "STM32 " + p.ID
				if cfg != "" {
					name += " " + strings.ReplaceAll(cfg, "\x00", " ")
				}
				s := newSeries(name, "ref", refColors[i%len(refColors)])
				for _, row := range rows {
					if !row.Refs[0].OK || key(row.Labels, spec.Config) != cfg {
						continue
					}
					x := row.Refs[0].TimeNs
					if spec.Flow {
						x = row.Refs[0].KBps
					}
					if x > 0 {
						s.Values[groupOf[key(row.Labels, spec.Group)]] = x
					}
				}
			}
			ch.PlatformNote = fmt.Sprintf("Grey bars: STM32 %s (%s), the first chosen reference platform that publishes this table; the table above has every one.", p.ID, p.Label())
		}
		// Drop empty series; a chart with nothing of ours or peers is
		// not drawn.
		var keep []series
		lo, hi := math.Inf(1), 0.0
		measured := false
		for _, s := range ch.Series {
			any := false
			for _, x := range s.Values {
				if !math.IsNaN(x) {
					any = true
					lo, hi = min(lo, x), max(hi, x)
				}
			}
			if any {
				keep = append(keep, s)
				if s.Kind != "ref" {
					measured = true
				}
			}
		}
		if !measured {
			continue
		}
		ch.Series = keep
		ch.Log = hi/lo > 30
		charts = append(charts, ch)
	}
	return charts
}

const (
	svgMaxW    = 1000.0
	svgMinW    = 460.0
	svgPlotTop = 16.0
	svgPlotH   = 230.0
	svgLeft    = 78.0
	svgRight   = 12.0
)

// svgStyle styles a standalone chart file (inline charts use the page's
// style sheet).
const svgStyle = `<style>text{font-family:-apple-system,"Segoe UI",Roboto,Arial,sans-serif;fill:#374151}.lg{font-size:12px}.ax{font-size:11px;fill:#6b7280}.xl{font-size:12px;fill:#1f2430}.xl2{font-size:11px;fill:#6b7280}.grid{stroke:#e5e7eb}.sep{stroke:#eef0f4}.axis{stroke:#9ca3af}</style>`

// SVG renders the chart as an <svg> element with a viewBox that scales to
// the page width; a <title> on every bar gives its exact value. standalone
// adds the namespace and a style sheet, for a .svg file of its own.
func (ch *chart) SVG(standalone bool) string {
	var b strings.Builder
	nGroups := len(ch.Groups)
	nSeries := len(ch.Series)
	// Width: about 24 px per bar plus a gap per group, within
	// [svgMinW, svgMaxW], so that a chart of 3 groups is not stretched
	// across the page.
	// A group is also as wide as its longest x label (about 7.5 px a
	// character at 12 px), so that long labels (LMS suite names) do not
	// run into each other.
	minGroupW := 24*float64(max(nSeries, 1)) + 26
	for _, l := range ch.GroupLines {
		for _, t := range l {
			minGroupW = max(minGroupW, 7.5*float64(len([]rune(t)))+14)
		}
	}
	svgW := svgLeft + svgRight + float64(max(nGroups, 1))*minGroupW
	svgW = math.Round(math.Min(svgMaxW, math.Max(svgMinW, svgW)))
	lines := 1
	for _, l := range ch.GroupLines {
		lines = max(lines, len(l))
	}
	legendRows := legendLayout(ch.Series, svgW)
	legendH := 20.0 * float64(len(legendRows))
	xLabelH := 16.0*float64(lines) + 8
	plotTop := svgPlotTop + legendH + 6
	h := plotTop + svgPlotH + xLabelH + 4
	plotW := svgW - svgLeft - svgRight
	ns := fmt.Sprintf(` style="width:%gpx"`, svgW)
	if standalone {
		ns = fmt.Sprintf(` xmlns="http://www.w3.org/2000/svg" width="%g"`, svgW)
	}
	fmt.Fprintf(&b, `<svg class="chart" viewBox="0 0 %g %g" role="img" aria-label="%s"%s>`,
		svgW, h, html.EscapeString(ch.Title+", "+ch.Unit), ns)
	b.WriteString("\n")
	if standalone {
		fmt.Fprintf(&b, `<rect width="%g" height="%g" fill="#fff"/>`+"\n%s\n", svgW, h, svgStyle)
	}

	// Legend.
	for i, row := range legendRows {
		y := svgPlotTop + 20*float64(i)
		for _, it := range row {
			s := ch.Series[it.idx]
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="12" height="12" rx="2" fill="%s"/><text class="lg" x="%g" y="%g">%s</text>`,
				svgLeft+it.x, y-10, s.Color, svgLeft+it.x+17, y, html.EscapeString(s.Name))
			b.WriteString("\n")
		}
	}

	// Scale.
	lo, hi := math.Inf(1), 0.0
	for _, s := range ch.Series {
		for _, x := range s.Values {
			if !math.IsNaN(x) {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	var ticks []float64
	var yOf func(float64) float64
	base := plotTop + svgPlotH
	if ch.Log {
		d0 := math.Floor(math.Log10(lo))
		d1 := math.Ceil(math.Log10(hi))
		if d1 == d0 {
			d1++
		}
		for d := d0; d <= d1; d++ {
			ticks = append(ticks, math.Pow(10, d))
		}
		yOf = func(x float64) float64 {
			return base - (math.Log10(x)-d0)/(d1-d0)*svgPlotH
		}
	} else {
		step := niceStep(hi / 5)
		top := math.Ceil(hi/step) * step
		for t := 0.0; t <= top+step/2; t += step {
			ticks = append(ticks, t)
		}
		yOf = func(x float64) float64 { return base - x/top*svgPlotH }
	}
	for _, t := range ticks {
		y := yOf(t)
		fmt.Fprintf(&b, `<line class="grid" x1="%g" x2="%g" y1="%.1f" y2="%.1f"/><text class="ax" x="%g" y="%.1f" text-anchor="end">%s</text>`,
			svgLeft, svgW-svgRight, y, y, svgLeft-6, y+4, html.EscapeString(ch.tickLabel(t)))
		b.WriteString("\n")
	}
	scale := "linear scale"
	if ch.Log {
		scale = "log scale"
	}
	fmt.Fprintf(&b, `<text class="ax" x="12" y="%.1f" transform="rotate(-90 12 %.1f)" text-anchor="middle">%s</text>`,
		plotTop+svgPlotH/2, plotTop+svgPlotH/2, html.EscapeString(ch.axisName()+", "+scale))
	b.WriteString("\n")

	// Bars.
	// Bars present in a group sit side by side, centred (a series with no
	// value there leaves no gap; the colours tell the series apart).
	present := func(g int) int {
		n := 0
		for _, s := range ch.Series {
			if x := s.Values[g]; !math.IsNaN(x) && x > 0 {
				n++
			}
		}
		return n
	}
	most := 1
	for g := range ch.Groups {
		most = max(most, present(g))
	}
	groupW := plotW / float64(max(nGroups, 1))
	barW := math.Min(28, (groupW-10)/float64(most))
	for g := range ch.Groups {
		x0 := svgLeft + groupW*float64(g) + (groupW-barW*float64(present(g)))/2
		si := -1
		for _, s := range ch.Series {
			x := s.Values[g]
			if math.IsNaN(x) || x <= 0 {
				continue
			}
			si++
			y := yOf(x)
			if ch.Log {
				y = math.Min(y, base-1)
			}
			fmt.Fprintf(&b, `<rect class="bar %s" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s: %s</title></rect>`,
				s.Kind, x0+barW*float64(si), y, math.Max(barW-1.5, 1), base-y, s.Color,
				html.EscapeString(s.Name+" — "+strings.Join(ch.GroupLines[g], " ")), html.EscapeString(ch.valueLabel(x)))
			b.WriteString("\n")
		}
		for li, l := range ch.GroupLines[g] {
			cls := "xl"
			if li > 0 {
				cls = "xl2"
			}
			fmt.Fprintf(&b, `<text class="%s" x="%.1f" y="%.1f" text-anchor="middle">%s</text>`,
				cls, svgLeft+groupW*(float64(g)+0.5), base+16+16*float64(li), html.EscapeString(l))
		}
		b.WriteString("\n")
		if g > 0 {
			fmt.Fprintf(&b, `<line class="sep" x1="%.1f" x2="%.1f" y1="%g" y2="%g"/>`, svgLeft+groupW*float64(g), svgLeft+groupW*float64(g), plotTop, base+4)
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, `<line class="axis" x1="%g" x2="%g" y1="%g" y2="%g"/>`, svgLeft, svgW-svgRight, base, base)
	b.WriteString("\n</svg>")
	return b.String()
}

type legendItem struct {
	idx int
	x   float64
}

// legendLayout places legend entries left to right, wrapping at the plot
// width; text width is estimated at 7 px per character.
func legendLayout(ss []series, svgW float64) [][]legendItem {
	var rows [][]legendItem
	var row []legendItem
	x := 0.0
	for i, s := range ss {
		w := 17 + 7*float64(len([]rune(s.Name))) + 18
		if x > 0 && x+w > svgW-svgLeft-svgRight {
			rows = append(rows, row)
			row, x = nil, 0
		}
		row = append(row, legendItem{i, x})
		x += w
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}

func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

func (ch *chart) axisName() string {
	if ch.Flow {
		return "Kbytes/s"
	}
	return "time per operation"
}

func (ch *chart) tickLabel(x float64) string {
	if ch.Flow {
		return kbTick(x)
	}
	if x == 0 {
		return "0"
	}
	// Decades read better without trailing zeros: "10 ns", "1 µs".
	d := fmtDur(x)
	if i := strings.IndexByte(d, ' '); i > 0 && strings.Contains(d[:i], ".") {
		d = strings.TrimRight(strings.TrimRight(d[:i], "0"), ".") + d[i:]
	}
	return d
}

func (ch *chart) valueLabel(x float64) string {
	if ch.Flow {
		return fmtKBps(x)
	}
	return fmtDur(x)
}

func kbTick(x float64) string {
	trim := func(s string) string {
		if strings.Contains(s, ".") {
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		return s
	}
	switch {
	case x == 0:
		return "0"
	case x >= 1e6:
		return trim(sig(x/1e6)) + "M"
	case x >= 1e3:
		return trim(sig(x/1e3)) + "k"
	}
	return trim(sig(x))
}

// wrapLabel splits a long x label made of underscore-joined parts (an LMS
// suite name, "LMS_N24_H10_W4_SHAKE256_192") into two lines at the
// underscore nearest its middle, keeping the underscore on the first line,
// so that a chart of several such groups fits the page.
func wrapLabel(s string) []string {
	const long = 16
	if len([]rune(s)) <= long || !strings.Contains(s, "_") {
		return []string{s}
	}
	best := -1
	for i, c := range s {
		if c == '_' && (best < 0 || abs(i-len(s)/2) < abs(best-len(s)/2)) {
			best = i
		}
	}
	return []string{s[:best+1], s[best+1:]}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
