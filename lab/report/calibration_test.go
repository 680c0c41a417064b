package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// TestRejectedCoreClock checks that a run whose core-clock estimate was
// rejected says so in report.md, index.html and the terminal, and shows no
// cycle figure or cycle ratio of ours.
func TestRejectedCoreClock(t *testing.T) {
	ref, platforms := loadRef(t)
	run := syntheticRun()
	run.Machine.CoreHz = 0
	run.Machine.CoreProblem = "the two chains disagree"
	for i := range run.Results {
		run.Results[i].Cycles = result.Stats{Unit: "cycles/op"}
	}
	var md, html, sum bytes.Buffer
	if err := WriteMarkdown(&md, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&html, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	if err := Summary(&sum, run, ref, platforms); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]string{"report.md": md.String(), "index.html": html.String(), "summary": sum.String()} {
		if !strings.Contains(s, "the two chains disagree") || !strings.Contains(s, "Core cycles are not reported") {
			t.Errorf("%s does not say the core clock was rejected", name)
		}
	}
	v, err := newView(run, ref, platforms)
	if err != nil {
		t.Fatal(err)
	}
	for _, fv := range v.Families {
		for _, tv := range fv.Tables {
			for _, row := range tv.Rows {
				for _, c := range row.Refs {
					if c.CycRatio != 0 {
						t.Errorf("%s: cycle ratio %.2f without a core clock", tv.Spec.Table, c.CycRatio)
					}
				}
			}
		}
	}
}
