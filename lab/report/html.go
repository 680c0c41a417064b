package report

import (
	"fmt"
	"html"
	"strings"
)

func esc(s string) string { return html.EscapeString(s) }

// css is the whole style sheet, inlined: the page loads nothing.
const css = `
:root{--ink:#1f2430;--muted:#5f6b7a;--line:#e3e7ee;--bg:#f6f7fa;--card:#fff;--ours:#1d4ed8;--ours-bg:#eef3ff;--ref:#4b5563;--ref-bg:#f3f4f6;--peer:#047857;--peer-bg:#ecfdf5;--good:#0f7b3f;--good-bg:#dcf5e6;--bad:#b42318;--bad-bg:#fde8e6;--even:#6b5b00;--even-bg:#fbf4cf}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg)}
header.top{background:linear-gradient(135deg,#172554,#1d4ed8);color:#fff;padding:28px 32px 22px}
header.top h1{margin:0 0 6px;font-size:26px;font-weight:650;letter-spacing:-.01em}
header.top h1 span{font-weight:400;opacity:.75}
header.top p{margin:0 0 14px;max-width:980px;opacity:.92}
.chips{display:flex;flex-wrap:wrap;gap:8px}
.chip{background:rgba(255,255,255,.12);border:1px solid rgba(255,255,255,.22);border-radius:8px;padding:6px 10px;font-size:12.5px}
.chip b{display:block;font-size:10.5px;text-transform:uppercase;letter-spacing:.06em;opacity:.75;font-weight:600}
nav.toc{background:#fff;border-bottom:1px solid var(--line);padding:8px 32px;position:sticky;top:0;z-index:5;font-size:13px;display:flex;flex-wrap:wrap;gap:4px 14px}
nav.toc a{color:var(--ink);text-decoration:none;white-space:nowrap}
nav.toc a:hover{color:var(--ours)}
nav.toc a.off{color:#9aa3af}
main{padding:8px 32px 40px;max-width:1900px}
h2{font-size:21px;margin:30px 0 12px;padding-bottom:6px;border-bottom:2px solid var(--ink)}
h3{font-size:17px;margin:28px 0 8px}
h4{font-size:15px;margin:22px 0 6px;color:#243b6b}
h5{font-size:13px;margin:18px 0 6px;color:var(--muted);text-transform:uppercase;letter-spacing:.05em}
p.intro{margin:0 0 10px;color:var(--muted);max-width:1000px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:6px 16px 12px}
.card h3{margin:10px 0 8px;font-size:15px}
dl.kv{display:grid;grid-template-columns:max-content 1fr;gap:4px 14px;margin:0}
dl.kv dt{color:var(--muted)}
dl.kv dd{margin:0}
.methods{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:4px 18px}
.methods p{margin:10px 0;max-width:1200px}
.legend{display:flex;flex-wrap:wrap;gap:6px 18px;align-items:center;font-size:12.5px;color:var(--muted);margin:6px 0 4px}
.scroll{overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:10px;margin:6px 0 10px}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
table.plain{background:var(--card);border:1px solid var(--line)}
table.plain td,table.plain th{padding:5px 10px;border-bottom:1px solid var(--line);text-align:left}
table.grid{width:100%;font-size:12.5px}
table.glance{width:auto}
.w-glance{display:inline-block;max-width:100%}
table.glance td.best .s{color:var(--ours)}
table.grid th,table.grid td{padding:4px 7px;border-bottom:1px solid var(--line);white-space:nowrap;vertical-align:top}
table.grid thead th{position:sticky;top:0;background:#fff;font-weight:600;text-align:right}
table.grid thead tr.grp th{text-align:center;font-size:11px;text-transform:uppercase;letter-spacing:.05em;border-bottom:2px solid var(--line);padding-top:7px}
table.grid thead th .s{display:block;font-weight:400;color:var(--muted);font-size:11px}
table.grid thead th{white-space:normal}
table.grid th.lab,table.grid td.lab{text-align:left}
table.grid td.num{text-align:right}
table.grid tr.g0 td{border-top:1px solid #c9d1dd}
table.grid tbody tr:hover td{background:#fafbff}
th.ours,tr.grp th.ours{color:var(--ours)}
tr.grp th.ours{background:var(--ours-bg)!important}
tr.grp th.ref{background:var(--ref-bg)!important;color:var(--ref)}
tr.grp th.peer{background:var(--peer-bg)!important;color:var(--peer)}
td.ref{text-align:right;background:#fafafa;color:#374151}
td.peer{text-align:right;background:#f7fdf9}
td.best{font-weight:700;color:var(--ours)}
td.na{color:#9aa3af;text-align:right}
td.wide{text-align:left}
td.err{color:var(--bad);text-align:right}
td.warn .s{color:#b45309;font-weight:600}
td .s{display:block;color:var(--muted);font-size:11px;font-weight:400}
.bd{display:inline-block;border-radius:4px;padding:0 4px;margin-left:3px;font-size:11px;font-weight:600;line-height:16px}
.bd.good{background:var(--good-bg);color:var(--good)}
.bd.bad{background:var(--bad-bg);color:var(--bad)}
.bd.even{background:var(--even-bg);color:var(--even)}
.bd.cyc{background:transparent;border:1px solid currentColor;font-weight:500}
.charts{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
figure{margin:8px 0 6px;background:var(--card);border:1px solid var(--line);border-radius:10px;padding:10px 14px 4px;flex:0 1 auto}
figcaption{font-weight:600;font-size:13px}
figcaption span{font-weight:400;color:var(--muted)}
svg.chart{max-width:100%;height:auto;display:block}
svg.chart text{font-family:inherit;fill:#374151}
svg.chart .lg{font-size:12px}
svg.chart .ax{font-size:11px;fill:#6b7280}
svg.chart .xl{font-size:12px;fill:#1f2430}
svg.chart .xl2{font-size:11px;fill:#6b7280}
svg.chart .grid{stroke:#e5e7eb;stroke-width:1}
svg.chart .sep{stroke:#eef0f4;stroke-width:1}
svg.chart .axis{stroke:#9ca3af;stroke-width:1}
svg.chart rect.bar:hover{opacity:.8}
p.note{font-size:12px;color:var(--muted);margin:2px 0 8px}
.missing{background:var(--card);border:1px dashed #c5ccd6;border-radius:10px;padding:12px 16px;color:var(--muted)}
.missing b{color:var(--ink)}
footer{padding:18px 32px 30px;color:var(--muted);font-size:12.5px;border-top:1px solid var(--line)}
@media print{nav.toc{display:none}header.top{background:none;color:#000;padding:0 0 10px}.chip{border-color:#999}.scroll{overflow:visible;border:none}body{background:#fff}table.grid{font-size:9px}figure,table.grid tr{break-inside:avoid}}
.beyond h3 .beyond-tag{font-size:11px;font-weight:600;text-transform:uppercase;letter-spacing:.05em;color:#92400e;background:#fef3c7;border:1px solid #fcd34d;border-radius:6px;padding:1px 7px;margin-left:8px;vertical-align:2px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px;background:#eef0f4;border-radius:4px;padding:1px 4px}
`

func writeHTMLGrid(b *strings.Builder, g *grid) {
	fmt.Fprintf(b, "<div class=\"scroll w-%s\"><table class=\"grid %s\">\n<thead><tr class=\"grp\">", g.Class, g.Class)
	for _, gr := range g.Groups {
		fmt.Fprintf(b, `<th colspan="%d" class="%s">%s</th>`, gr.Span, gr.Class, esc(gr.Text))
	}
	b.WriteString("</tr>\n<tr>")
	for _, h := range g.Heads {
		fmt.Fprintf(b, `<th class="%s">%s`, h.Class, esc(h.Text))
		if h.Sub != "" {
			fmt.Fprintf(b, `<span class="s">%s</span>`, esc(h.Sub))
		}
		b.WriteString("</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, row := range g.Rows {
		// A row that starts an operation point (its peer cells span the
		// group) gets a separator line above it.
		head := false
		for _, c := range row {
			if c.RowSpan > 0 {
				head = true
			}
		}
		if head {
			b.WriteString(`<tr class="g0">`)
		} else {
			b.WriteString("<tr>")
		}
		for _, c := range row {
			if c.RowSpan < 0 {
				continue
			}
			b.WriteString("<td")
			if c.Class != "" {
				fmt.Fprintf(b, ` class="%s"`, c.Class)
			}
			if c.RowSpan > 1 {
				fmt.Fprintf(b, ` rowspan="%d"`, c.RowSpan)
			}
			if c.Title != "" {
				fmt.Fprintf(b, ` title="%s"`, esc(c.Title))
			}
			b.WriteString(">")
			b.WriteString(esc(c.Text))
			writeBadges(b, c.Badges)
			if c.Sub != "" || len(c.SubBadges) > 0 {
				fmt.Fprintf(b, `<span class="s">%s`, esc(c.Sub))
				writeBadges(b, c.SubBadges)
				b.WriteString("</span>")
			}
			b.WriteString("</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table></div>\n")
}

func writeBadges(b *strings.Builder, bs []badge) {
	for _, bd := range bs {
		if bd.Text == "" {
			continue
		}
		fmt.Fprintf(b, `<span class="bd %s"`, bd.Class)
		if bd.Title != "" {
			fmt.Fprintf(b, ` title="%s"`, esc(bd.Title))
		}
		fmt.Fprintf(b, ">%s</span>", esc(bd.Text))
	}
}

// html renders index.html: one self-contained page (inline CSS and SVG, no
// script, nothing fetched).
func (v *view) html() string {
	var b strings.Builder
	m := v.Run.Machine
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n", esc(v.title()), css)

	b.WriteString("<header class=\"top\">\n<h1>cryptolab <span>report</span></h1>\n")
	fmt.Fprintf(&b, "<p>%s</p>\n<div class=\"chips\">\n", esc(v.intro()))
	chip := func(k, val string) {
		fmt.Fprintf(&b, "<div class=\"chip\"><b>%s</b>%s</div>\n", esc(k), esc(val))
	}
	cpu := m.CPUModel
	if cpu == "" {
		cpu = "unknown"
	}
	chip("CPU", cpu)
	chip("Counter", strings.TrimSpace(m.Counter+" "+fmtHz(m.CounterHz)))
	if m.CoreHz == 0 && m.CoreProblem != "" {
		chip("Core clock", "rejected: no cycle figures")
	} else {
		chip("Core clock (est.)", fmtHz(m.CoreHz))
	}
	chip("Go", m.GoVersion+" "+m.OS+"/"+m.Arch)
	if m.Module != "" {
		chip("cryptolab", m.Module)
	}
	okN := 0
	for i := range v.Run.Results {
		if isOK(&v.Run.Results[i]) {
			okN++
		}
	}
	chip("Results", fmt.Sprintf("%d measured", okN))
	b.WriteString("</div>\n</header>\n")

	// Table of contents.
	b.WriteString("<nav class=\"toc\"><a href=\"#glance\">At a glance</a><a href=\"#s1\">1. Measurement configuration</a>")
	for _, fv := range v.Families {
		cls := ""
		if !fv.Implemented {
			cls = ` class="off"`
		}
		fmt.Fprintf(&b, `<a href="#%s"%s>%s %s</a>`, fv.Anchor, cls, esc(fv.Num), esc(shortTitle(fv)))
	}
	if len(v.Beyond) > 0 {
		b.WriteString(`<a href="#s3">3 Beyond the pages</a>`)
	}
	b.WriteString("</nav>\n<main>\n")

	b.WriteString("<section id=\"howto\">\n<h2>How to read this report</h2>\n<ul class=\"howto\">\n")
	for _, item := range v.howToRead() {
		fmt.Fprintf(&b, "<li>%s</li>\n", mdInlineToHTML(item))
	}
	b.WriteString("</ul>\n</section>\n")

	if gl := v.glance(); len(gl) > 0 {
		b.WriteString("<section id=\"glance\">\n<h2>At a glance</h2>\n")
		fmt.Fprintf(&b, "<p class=\"intro\">%s</p>\n", esc(glanceIntro))
		writeHTMLGrid(&b, v.glanceGrid(gl))
		b.WriteString("</section>\n")
	}

	// 1. Measurement configuration.
	b.WriteString("<section id=\"s1\">\n<h2>1. Measurement configuration</h2>\n<div class=\"cards\">\n")
	for _, part := range append(v.machineParts(), part{"1.2. Run", v.runRows()}) {
		fmt.Fprintf(&b, "<div class=\"card\"><h3>%s</h3><dl class=\"kv\">\n", part.title)
		for _, r := range part.rows {
			fmt.Fprintf(&b, "<dt>%s</dt><dd>%s</dd>\n", esc(r.K), esc(r.V))
		}
		b.WriteString("</dl></div>\n")
	}
	b.WriteString("</div>\n<h3>1.3. Method</h3>\n<div class=\"methods\">\n")
	for _, p := range v.methodParas() {
		fmt.Fprintf(&b, "<p><b>%s.</b> %s</p>\n", esc(p.Title), esc(p.Text))
	}
	b.WriteString("</div>\n<h3>1.4. Reference platforms</h3>\n")
	b.WriteString("<p class=\"intro\">ST's published figures for its pure-software CMOX library, embedded in cryptolab (<code>cryptolab reference</code>). Cycles are core clock cycles at the platform's clock.</p>\n")
	if len(v.Platforms) == 0 {
		b.WriteString("<p class=\"intro\">No reference platform chosen for this report.</p>\n")
	} else {
		b.WriteString("<table class=\"plain\"><thead><tr><th>Platform</th><th>MCU</th><th>Board</th><th>Core clock</th><th>Library</th><th>Source page</th></tr></thead><tbody>\n")
		for _, p := range v.Platforms {
			src := esc(p.Title)
			if p.Revision != "" {
				src += " <span style=\"color:var(--muted)\">(" + esc(p.Revision) + ")</span>"
			}
			if p.URL != "" {
				src = fmt.Sprintf(`<a href="%s">%s</a>`, esc(p.URL), src)
			}
			fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%d MHz</td><td>%s</td><td>%s</td></tr>\n",
				esc(p.ID), esc(p.MCU), esc(p.Board), p.CoreClockMHz, esc(p.LibraryVersion), src)
		}
		b.WriteString("</tbody></table>\n")
	}
	b.WriteString("</section>\n")

	// 2. Performance values.
	b.WriteString("<section id=\"s2\">\n<h2>2. Performance values</h2>\n")
	b.WriteString("<div class=\"legend\"><span><b style=\"color:var(--ours)\">Bold blue</b>: our fastest configuration at the operation point</span>" +
		"<span><span class=\"bd good\">×12</span> <span class=\"bd bad\">×0.50</span> their time ÷ our time (green: cryptolab faster)</span>" +
		"<span><span class=\"bd even cyc\">×2.1 cyc</span> their cycles ÷ our estimated core cycles</span>" +
		"<span>Hover a cell or bar for details</span></div>\n")
	for _, fv := range v.Families {
		fmt.Fprintf(&b, "<section class=\"fam\" id=\"%s\">\n<h3>%s</h3>\n", fv.Anchor, esc(sectionHeading(fv.Num, fv.Title)))
		if !fv.Implemented {
			fmt.Fprintf(&b, "<div class=\"missing\">%s</div>\n</section>\n", mdCodeToHTML(fv.missingText(v)))
			continue
		}
		if !fv.HasOurs {
			fmt.Fprintf(&b, "<div class=\"missing\">%s</div>\n", esc(fv.peersOnlyText(v)))
		}
		for _, tv := range fv.Tables {
			fmt.Fprintf(&b, "<section class=\"tbl\" id=\"%s\">\n", tv.Anchor)
			if tv.Title != "" && (tv.Num != "" || len(fv.Tables) > 1) {
				fmt.Fprintf(&b, "<h4>%s</h4>\n", esc(sectionHeading(tv.Num, tv.Title)))
			}
			v.writeHTMLTable(&b, tv)
			b.WriteString("</section>\n")
		}
		b.WriteString("</section>\n")
	}
	if len(v.Unplaced) > 0 {
		fmt.Fprintf(&b, "<p class=\"note\">%s</p>\n", esc(v.unplacedText()))
	}
	b.WriteString("</section>\n")
	if len(v.Beyond) > 0 {
		fmt.Fprintf(&b, "<section id=\"s3\" class=\"beyond\">\n<h2>3. %s</h2>\n<p class=\"intro\">%s</p>\n", esc(beyondTitle), esc(beyondIntro))
		for _, tv := range v.Beyond {
			fmt.Fprintf(&b, "<section class=\"tbl\" id=\"%s\">\n<h3>%s <span class=\"beyond-tag\">beyond the pages</span></h3>\n", tv.Anchor, esc(sectionHeading(tv.Num, tv.Title)))
			v.writeHTMLTable(&b, tv)
			b.WriteString("</section>\n")
		}
		b.WriteString("</section>\n")
	}
	b.WriteString("</main>\n<footer>Written by <code>cryptolab run</code>. The same figures: <code>report.md</code>, <code>results.json</code> (every measurement with its unit), <code>bench.txt</code> (Go benchmark format for benchstat). Compare two runs with <code>cryptolab compare OLD.json NEW.json</code>.</footer>\n</body>\n</html>\n")
	return b.String()
}

// writeHTMLTable writes one performance table below its heading: the
// intro, the grids, the charts and the footprint table.
func (v *view) writeHTMLTable(b *strings.Builder, tv *tableView) {
	if intro := tv.intro(); intro != "" {
		fmt.Fprintf(b, "<p class=\"intro\">%s</p>\n", esc(intro))
	}
	if !tv.HasOurs && len(tv.Peers) == 0 {
		b.WriteString("<div class=\"missing\">No results for this table in this run.</div>\n")
	} else {
		for _, g := range v.perfGrids(tv) {
			writeHTMLGrid(b, g)
		}
		if n := tv.noDataNote(); n != "" {
			fmt.Fprintf(b, "<p class=\"note\">%s</p>\n", esc(n))
		}
		if len(tv.Charts) > 0 {
			b.WriteString("<div class=\"charts\">\n")
			for _, ch := range tv.Charts {
				fmt.Fprintf(b, "<figure><figcaption>%s <span>— %s</span></figcaption>\n%s\n</figure>\n",
					esc(chartCaption(tv, ch)), esc(ch.Unit), ch.SVG(false))
			}
			b.WriteString("</div>\n")
		}
		if len(tv.Charts) > 0 && tv.Charts[0].PlatformNote != "" {
			fmt.Fprintf(b, "<p class=\"note\">%s</p>\n", esc(tv.Charts[0].PlatformNote))
		}
	}
	if tv.Footprint != nil && tv.Footprint.HasOurs {
		fmt.Fprintf(b, "<h5>%s</h5>\n<p class=\"intro\">Code, constant and global data attributed to cryptolab's packages in a minimal program performing only the operation; stack and working memory as measured in the table above.</p>\n", esc(tv.Footprint.Title))
		for _, g := range v.footprintGrids(tv.Footprint) {
			writeHTMLGrid(b, g)
		}
	}
}

func chartCaption(tv *tableView, ch *chart) string {
	if ch.Title == "" {
		return tv.Title
	}
	return tv.Title + " · " + ch.Title
}

// shortTitle is a family's name in the table of contents.
func shortTitle(fv *familyView) string {
	switch fv.Suite {
	case "aes":
		return "AES"
	case "sha":
		return "HASH"
	case "ecdsa":
		return "ECDSA"
	case "eddsa":
		return "EdDSA"
	case "rsa":
		return "RSA"
	case "mldsa":
		return "ML-DSA"
	case "mlkem":
		return "ML-KEM"
	case "lms":
		return "LMS"
	}
	return fv.Title
}

// mdCodeToHTML escapes s and turns `code` spans into <code>.
func mdCodeToHTML(s string) string {
	parts := strings.Split(s, "`")
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + esc(p) + "</code>")
		} else {
			b.WriteString(esc(p))
		}
	}
	return b.String()
}

// mdInlineToHTML is mdCodeToHTML that also turns **bold** into <b>.
func mdInlineToHTML(s string) string {
	parts := strings.Split(s, "`")
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("<code>" + esc(p) + "</code>")
			continue
		}
		for j, q := range strings.Split(p, "**") {
			if j%2 == 1 {
				b.WriteString("<b>" + esc(q) + "</b>")
			} else {
				b.WriteString(esc(q))
			}
		}
	}
	return b.String()
}
