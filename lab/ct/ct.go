// Package ct is the lab's constant-time section: it runs the dudect-style
// test of internal/dudect on every target of internal/dudect/targets (every
// secret operation of every configuration of every family, and the planted
// leak that shows the measurements can see a leak) and writes the
// "constant-time evidence" table: max |t| and the number of measurements per
// target and configuration.
//
// The short version of the same tests runs in go test
// (internal/dudect/targets); this one runs every parameter set, for longer.
package ct

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/internal/dudect"
	"github.com/cryptolab-go/cryptolab/internal/dudect/targets"
)

// Bound is the |t| above which a target is reported as depending on its
// input class. The conventional dudect threshold is 4.5; see package
// internal/dudect for why the tests use 10 on a shared machine.
const Bound = 10

// Options select and bound a run.
type Options struct {
	Families []string      // target families (lab suite names), nil = all
	Configs  []string      // configuration names or prefixes, nil = all
	Time     time.Duration // measuring time per target
	Seed     uint64
}

// Row is one target's result.
type Row struct {
	Family  string  `json:"family"`
	Op      string  `json:"op"`
	Params  string  `json:"params"`
	Config  string  `json:"config"`
	Classes string  `json:"classes"`
	MaxT    float64 `json:"max_abs_t"`
	N       int     `json:"n"`
	Crop    float64 `json:"worst_crop"` // quantile kept by the test that gave MaxT (1 = uncropped)
	Seconds float64 `json:"seconds"`
	Leaky   bool    `json:"planted_leak,omitempty"`
	Note    string  `json:"note,omitempty"`
	Err     string  `json:"error,omitempty"`
}

// Verdict is "ok" (|t| < Bound), "LEAK" (|t| >= Bound), "explained" for
// |t| >= Bound on a target whose Note explains the difference as one on
// public data, "detected" for the planted leak over the bound, "MISSED" for
// it under, or "error".
func (r Row) Verdict() string {
	switch {
	case r.Err != "":
		return "error"
	case r.Leaky && r.MaxT >= Bound:
		return "detected"
	case r.Leaky:
		return "MISSED"
	case r.MaxT >= Bound && r.Note != "":
		return "explained"
	case r.MaxT >= Bound:
		return "LEAK"
	}
	return "ok"
}

// Selected returns the targets opt selects (the control always).
func Selected(opt Options) []*dudect.Target {
	var out []*dudect.Target
	for _, t := range targets.All() {
		if t.Leaky || (match(opt.Families, t.Family, false) && match(opt.Configs, t.Config, true)) {
			out = append(out, t)
		}
	}
	return out
}

func match(list []string, v string, prefix bool) bool {
	if len(list) == 0 {
		return true
	}
	for _, s := range list {
		if strings.EqualFold(s, v) || (prefix && len(s) <= len(v) && strings.EqualFold(s, v[:len(s)])) {
			return true
		}
	}
	return false
}

// Run measures the selected targets one after the other, calling progress
// (if not nil) before each.
func Run(opt Options, progress func(i, n int, t *dudect.Target)) []Row {
	ts := Selected(opt)
	rows := make([]Row, 0, len(ts))
	for i, t := range ts {
		if progress != nil {
			progress(i, len(ts), t)
		}
		row := Row{Family: t.Family, Op: t.Op, Params: t.Params, Config: t.Config,
			Classes: t.Classes[0] + " vs " + t.Classes[1], Leaky: t.Leaky, Note: t.Note}
		r, err := dudect.Measure(t, dudect.Options{Duration: opt.Time, Seed: opt.Seed + uint64(i) + 1})
		if err != nil {
			row.Err = err.Error()
		} else {
			row.MaxT, row.N, row.Crop, row.Seconds = r.MaxT, r.N, r.Worst.Crop, r.Elapsed.Seconds()
		}
		rows = append(rows, row)
	}
	return rows
}

// WriteMarkdown writes the constant-time evidence section.
func WriteMarkdown(w io.Writer, rows []Row, opt Options) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Constant-time evidence\n\n")
	fmt.Fprintf(&b, "Dudect-style timing tests (internal/dudect): two input classes interleaved at random, "+
		"each measurement on its own copy of its input, timed with %s; Welch's t over the uncropped "+
		"measurements and 20 crops (29th to 99.9th percentile). max |t| is the largest over those tests; "+
		"n the measurements. |t| < %d passes (dudect's usual threshold is 4.5; this machine is shared). "+
		"The planted leak (an early-exit compare) must be detected. %v per target.\n\n",
		dudect.Clock, Bound, opt.Time)
	b.WriteString("| family | operation | parameters | configuration | classes | max \\|t\\| | n | verdict |\n")
	b.WriteString("|---|---|---|---|---|---:|---:|---|\n")
	var notes []string
	number := map[string]int{}
	for _, r := range rows {
		t := fmt.Sprintf("%.2f", r.MaxT)
		if r.Err != "" {
			t = "—"
		}
		v := r.Verdict()
		if r.Note != "" {
			if number[r.Note] == 0 {
				notes = append(notes, r.Note)
				number[r.Note] = len(notes)
			}
			v += fmt.Sprintf(" (note %d)", number[r.Note])
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %d | %s |\n",
			r.Family, r.Op, r.Params, r.Config, r.Classes, t, r.N, v)
	}
	for _, r := range rows {
		if r.Err != "" {
			fmt.Fprintf(&b, "\nError in %s/%s/%s/%s: %s\n", r.Family, r.Op, r.Params, r.Config, r.Err)
		}
	}
	for i, n := range notes {
		fmt.Fprintf(&b, "\nNote %d. %s\n", i+1, n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteHTML writes the section as HTML for the report's index.html (same
// content as WriteMarkdown).
func WriteHTML(w io.Writer, rows []Row, opt Options) error {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString("<section id=\"constant-time\">\n<h2>Constant-time evidence</h2>\n")
	fmt.Fprintf(&b, "<p>Dudect-style timing tests (<code>internal/dudect</code>): two input classes interleaved at random, "+
		"each measurement on its own copy of its input, timed with %s; Welch&#39;s t over the uncropped measurements "+
		"and 20 crops (29th to 99.9th percentile). max |t| is the largest over those tests, n the measurements; "+
		"|t| &lt; %d passes. The planted leak must be detected. %s per target. Written by <code>cryptolab ct</code>.</p>\n",
		e(dudect.Clock), Bound, e(opt.Time.String()))
	b.WriteString("<table>\n<thead><tr><th>family</th><th>operation</th><th>parameters</th><th>configuration</th>" +
		"<th>classes</th><th>max |t|</th><th>n</th><th>verdict</th></tr></thead>\n<tbody>\n")
	var notes []string
	number := map[string]int{}
	for _, r := range rows {
		t := fmt.Sprintf("%.2f", r.MaxT)
		if r.Err != "" {
			t = "—"
		}
		v := r.Verdict()
		if r.Note != "" {
			if number[r.Note] == 0 {
				notes = append(notes, r.Note)
				number[r.Note] = len(notes)
			}
			v += fmt.Sprintf(" (note %d)", number[r.Note])
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td class=\"num\">%s</td><td class=\"num\">%d</td><td>%s</td></tr>\n",
			e(r.Family), e(r.Op), e(r.Params), e(r.Config), e(r.Classes), t, r.N, e(v))
	}
	b.WriteString("</tbody>\n</table>\n")
	for i, n := range notes {
		fmt.Fprintf(&b, "<p>Note %d. %s</p>\n", i+1, e(n))
	}
	b.WriteString("</section>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Insert returns doc with section placed between the markers begin and
// end, replacing what an earlier run put there, or else just before
// anchor (appended at the end if doc has no anchor).
func Insert(doc, section, begin, end, anchor string) string {
	block := begin + "\n" + section + end + "\n"
	if i := strings.Index(doc, begin); i >= 0 {
		if j := strings.Index(doc[i:], end); j >= 0 {
			k := i + j + len(end)
			if k < len(doc) && doc[k] == '\n' {
				k++
			}
			return doc[:i] + block + doc[k:]
		}
	}
	if anchor != "" {
		if i := strings.LastIndex(doc, anchor); i >= 0 {
			return doc[:i] + block + doc[i:]
		}
	}
	if doc != "" && !strings.HasSuffix(doc, "\n") {
		doc += "\n"
	}
	return doc + "\n" + block
}

// WriteJSON writes the rows as JSON.
func WriteJSON(w io.Writer, rows []Row) error {
	for i := range rows {
		if math.IsInf(rows[i].MaxT, 0) || math.IsNaN(rows[i].MaxT) {
			rows[i].MaxT = math.MaxFloat64
		}
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(struct {
		Clock string `json:"clock"`
		Bound int    `json:"bound"`
		Rows  []Row  `json:"rows"`
	}{dudect.Clock, Bound, rows})
}
