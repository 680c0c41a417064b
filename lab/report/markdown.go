package report

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// chartFile is the path, relative to the report directory, of a chart's SVG
// file (Markdown cannot inline SVG, so report.md links these files).
func chartFile(tv *tableView, i int) string {
	return fmt.Sprintf("charts/%s-%d.svg", tv.Spec.Table, i+1)
}

const glanceIntro = "One representative operation per table (the largest buffer or chunk, first key size and operation); the tables of section 2 have every row. Time per operation, or Kbytes/s for data flows; ×N is their time ÷ our time, green where cryptolab is faster."

func mdEsc(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

func (v *view) title() string {
	cpu := v.Run.Machine.CPUModel
	if cpu == "" {
		cpu = "unknown CPU"
	}
	return "cryptolab report: " + cpu
}

func (v *view) intro() string {
	m := v.Run.Machine
	var b strings.Builder
	fmt.Fprintf(&b, "What each published STM32 operation costs on this machine (%s/%s, %s", m.OS, m.Arch, m.GoVersion)
	if !m.Started.IsZero() {
		fmt.Fprintf(&b, ", %s", m.Started.UTC().Format("2006-01-02 15:04 UTC"))
	}
	b.WriteString("), in time, cycles and memory, for each cryptolab configuration")
	if len(v.Platforms) > 0 {
		var ids []string
		for _, p := range v.Platforms {
			ids = append(ids, p.ID)
		}
		fmt.Fprintf(&b, ", next to ST's published CMOX figures for %s", strings.Join(ids, ", "))
	}
	if len(v.Peers) > 0 {
		fmt.Fprintf(&b, " and the peers measured in the same run (%s)", strings.Join(v.Peers, ", "))
	}
	b.WriteString(".")
	if v.Run.Config.Quick {
		b.WriteString(" This was a --quick run: few repetitions, for smoke tests only.")
	}
	if w := v.coreWarning(); w != "" {
		b.WriteString(" " + w)
	}
	return b.String()
}

// coreWarning says why the cycle columns are empty when the core-clock
// estimate was rejected, "" otherwise.
func (v *view) coreWarning() string {
	m := v.Run.Machine
	if m.CoreHz > 0 || m.CoreProblem == "" {
		return ""
	}
	return "Core cycles are not reported: the core-clock estimate was rejected (" + m.CoreProblem + "), so the cycle columns are empty rather than wrong."
}

func (fv *familyView) missingText(v *view) string {
	if len(v.Run.Config.Suites) > 0 && !contains(v.Run.Config.Suites, fv.Suite) {
		return fmt.Sprintf("Not part of this run (suite %q was not selected). The published figures: `cryptolab reference %s`.", fv.Suite, fv.Suite)
	}
	if contains(v.Run.Config.Implemented, fv.Suite) {
		return fmt.Sprintf("Not selected in this run: --config %s chose none of its configurations. The published figures: `cryptolab reference %s`.", strings.Join(v.Run.Config.Configs, ","), fv.Suite)
	}
	return fmt.Sprintf("Not implemented yet: cryptolab has no %s results. The published figures: `cryptolab reference %s`.", strings.ToUpper(fv.Suite), fv.Suite)
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func writeMDGrid(w *strings.Builder, g *grid) {
	var heads []string
	for _, h := range g.Heads {
		t := h.Text
		if h.Sub != "" {
			t += " (" + h.Sub + ")"
		}
		heads = append(heads, mdEsc(t))
	}
	w.WriteString("| " + strings.Join(heads, " | ") + " |\n|")
	for _, h := range g.Heads {
		if h.Class == "lab" {
			w.WriteString("---|")
		} else {
			w.WriteString("---:|")
		}
	}
	w.WriteString("\n")
	for _, row := range g.Rows {
		var cs []string
		for _, c := range row {
			if c.RowSpan < 0 {
				cs = append(cs, "")
				continue
			}
			t := c.plain()
			if strings.Contains(c.Class, "best") {
				t = "**" + t + "**"
			}
			cs = append(cs, mdEsc(t))
		}
		w.WriteString("| " + strings.Join(cs, " | ") + " |\n")
	}
}

// intro is the sentence above a table: what one operation is, and the
// label values common to every row (e.g. "Message 8000 B").
func (tv *tableView) intro() string {
	s := tv.Spec.Intro
	if tv.Mapping != "" {
		s = strings.TrimSpace(s + " " + tv.Mapping)
	}
	if len(tv.Constants) > 0 {
		c := strings.Join(tv.Constants, ", ")
		if s == "" {
			s = "Every row: " + c + "."
		} else {
			s += " " + c + "."
		}
	}
	return s
}

// noDataNote names the chosen platforms whose pages have no such table.
func (tv *tableView) noDataNote() string {
	if len(tv.NoData) == 0 {
		return ""
	}
	return "No published figures for this table on " + strings.Join(tv.NoData, ", ") + " (the pages of those platforms do not have it)."
}

func sectionHeading(num, title string) string {
	if num == "" {
		return title
	}
	return num + ". " + title
}

// markdown renders report.md.
func (v *view) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", mdEsc(v.title()), wrapMD(v.intro(), ""))
	b.WriteString(wrapMD("Files beside this one: `index.html` (this report with inline charts), `results.json` (every measurement with its unit), `bench.txt` (Go benchmark format, for benchstat).", "") + "\n\n")
	b.WriteString("## How to read this report\n\n")
	for _, item := range v.howToRead() {
		b.WriteString(wrapMD("- "+item, "  ") + "\n")
	}
	b.WriteString("\n")

	if gl := v.glance(); len(gl) > 0 {
		b.WriteString("## At a glance\n\n" + glanceIntro + "\n\n")
		writeMDGrid(&b, v.glanceGrid(gl))
		b.WriteString("\n")
	}

	b.WriteString("## 1. Measurement configuration\n\n")
	for _, part := range v.machineParts() {
		fmt.Fprintf(&b, "### %s\n\n| | |\n|---|---|\n", part.title)
		for _, r := range part.rows {
			fmt.Fprintf(&b, "| %s | %s |\n", r.K, mdEsc(r.V))
		}
		b.WriteString("\n")
	}
	b.WriteString("### 1.2. Run\n\n| | |\n|---|---|\n")
	for _, r := range v.runRows() {
		fmt.Fprintf(&b, "| %s | %s |\n", r.K, mdEsc(r.V))
	}
	b.WriteString("\n### 1.3. Method\n\n")
	for _, p := range v.methodParas() {
		b.WriteString(wrapMD("- **"+p.Title+".** "+p.Text, "  ") + "\n")
	}
	b.WriteString("\n### 1.4. Reference platforms\n\nST's published figures for its CMOX library, embedded in cryptolab (`cryptolab reference`). Cycles are core clock cycles at the platform's clock.\n\n")
	b.WriteString("| Platform | MCU | Board | Core clock | Library | Source |\n|---|---|---|---:|---|---|\n")
	for _, p := range v.Platforms {
		src := p.Title
		if p.Revision != "" {
			src += " (" + p.Revision + ")"
		}
		if p.URL != "" {
			src = "[" + mdEsc(src) + "](" + p.URL + ")"
		} else {
			src = mdEsc(src)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d MHz | %s | %s |\n", p.ID, p.MCU, p.Board, p.CoreClockMHz, p.LibraryVersion, src)
	}
	if len(v.Platforms) == 0 {
		b.WriteString("| (none chosen) | | | | | |\n")
	}

	b.WriteString("\n## 2. Performance values\n\n")
	b.WriteString("Bold: our fastest configuration at each operation point. Ratios are their time ÷ our time (×N > 1: cryptolab is faster); “cyc” ratios compare cycles. See 1.3.\n\n")
	for _, fv := range v.Families {
		fmt.Fprintf(&b, "### %s\n\n", sectionHeading(fv.Num, fv.Title))
		if !fv.Implemented {
			b.WriteString(fv.missingText(v) + "\n\n")
			continue
		}
		if !fv.HasOurs {
			b.WriteString(fv.peersOnlyText(v) + "\n\n")
		}
		for _, tv := range fv.Tables {
			if tv.Title != "" && (tv.Num != "" || len(fv.Tables) > 1) {
				fmt.Fprintf(&b, "#### %s\n\n", sectionHeading(tv.Num, tv.Title))
			}
			v.writeMDTable(&b, tv)
		}
	}
	if len(v.Beyond) > 0 {
		b.WriteString("## 3. " + beyondTitle + "\n\n" + wrapMD(beyondIntro, "") + "\n\n")
		for _, tv := range v.Beyond {
			fmt.Fprintf(&b, "### %s\n\n", sectionHeading(tv.Num, tv.Title))
			v.writeMDTable(&b, tv)
		}
	}
	if len(v.Unplaced) > 0 {
		b.WriteString(v.unplacedText() + "\n")
	}
	return b.String()
}

// writeMDTable writes one performance table below its heading: the
// intro, the grids, the charts and the footprint table.
func (v *view) writeMDTable(b *strings.Builder, tv *tableView) {
	if intro := tv.intro(); intro != "" {
		b.WriteString(wrapMD(intro, "") + "\n\n")
	}
	if !tv.HasOurs && len(tv.Peers) == 0 {
		b.WriteString("No results for this table in this run.\n\n")
	} else {
		for _, g := range v.perfGrids(tv) {
			writeMDGrid(b, g)
			b.WriteString("\n")
		}
		if n := tv.noDataNote(); n != "" {
			b.WriteString(n + "\n\n")
		}
		for i, ch := range tv.Charts {
			fmt.Fprintf(b, "![%s](%s)\n\n", mdEsc(chartCaption(tv, ch)+" — "+ch.Unit), chartFile(tv, i))
		}
	}
	if tv.Footprint != nil && tv.Footprint.HasOurs {
		fmt.Fprintf(b, "%s. Code, constant and global data attributed to cryptolab's packages in a minimal program performing only the operation; stack and working memory measured.\n\n", tv.Footprint.Title)
		for _, g := range v.footprintGrids(tv.Footprint) {
			writeMDGrid(b, g)
			b.WriteString("\n")
		}
	}
}

func (fv *familyView) peersOnlyText(v *view) string {
	if contains(v.Run.Config.Implemented, fv.Suite) {
		return "cryptolab's configurations of this family were not selected in this run (--config " + strings.Join(v.Run.Config.Configs, ",") + "): the tables below show only the peers, beside the published figures."
	}
	return "Not implemented yet in cryptolab: the tables below show only the peers measured in this run, beside the published figures."
}

func (v *view) unplacedText() string {
	return "Results of tables that the STM32 pages do not have, left out of this report (they are in results.json): " + strings.Join(v.Unplaced, ", ") + "."
}

// howToRead is the short guide at the top of the report: what each figure
// means and how much to trust a difference on this machine.
func (v *view) howToRead() []string {
	m := v.Run.Machine
	out := []string{
		"**Time** is the thread CPU time of one operation, the median over batches of consecutive calls; the cases of one row (our configurations and the in-process peers) were measured interleaved, batch by batch. **Spread** is (max − min) ÷ median of the batches.",
		"**Ticks** are the constant-rate counter (" + strings.TrimSpace(m.Counter) + ") per operation; **cycles** are time × the estimated core clock (section 1.1), the unit the STM32 pages publish. They are estimates: the core clock of a shared or virtual machine moves with its load and turbo.",
		"**×N** after a figure is their time ÷ our time: above 1, cryptolab is faster (green), below 1 slower (red); **×N cyc** compares cycles instead of time, which factors out the clock rate. The STM32 figures run at 64–600 MHz on microcontrollers: the ratios say how the implementations scale, not which chip is better.",
		"**Bold** marks our fastest configuration at an operation point only when it is significantly faster than the others (Mann-Whitney U test over the batches, p < 0.05, and at least 5 %); **≈** marks figures no test tells apart, and a peer's ratio is coloured only when its difference is significant in the same way.",
		"**Noise.** On a shared or virtual machine a whole run can move by several percent against another (more than its batches show). To compare builds, use several runs per side (`cryptolab compare a1 a2 a3 a4 -- b1 b2 b3 b4`), or exact instruction counts (`--instructions`, `compare --metric instructions`).",
	}
	if v.Run.Config.Instructions {
		out = append(out, "**Instructions** (beside the cycles) are counted exactly by valgrind's callgrind for one call (section 1.3); unlike time they are the same on every run of the same build.")
	}
	if len(v.Others) > 0 {
		out = append(out, "**Other machines**: each further run adds a column of our results on its machine, with its time ÷ the time on "+v.Machines[0]+".")
	}
	return out
}

// mdWidth is the line length report.md's prose is wrapped to, so that the
// file reads in a terminal or an editor as well as rendered.
const mdWidth = 100

// wrapMD wraps a Markdown paragraph at spaces to mdWidth characters,
// continuation lines starting with indent (which keeps a list item
// together). Words are never split, so code spans and links survive.
func wrapMD(s, indent string) string {
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(s) {
		n := utf8.RuneCountInString(w)
		switch {
		case i == 0:
		case line+1+n > mdWidth:
			b.WriteString("\n" + indent)
			line = utf8.RuneCountInString(indent)
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += n
	}
	return b.String()
}
