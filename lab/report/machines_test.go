package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestSeveralMachines renders a report of two runs, the second on a
// machine twice as slow: each table of ours gets a column for the second
// machine whose cells are the same rows' results there, with the ratio 2.
func TestSeveralMachines(t *testing.T) {
	ref, platforms := loadRef(t)
	a, b := syntheticRun(), syntheticRun()
	b.Machine.CPUModel = "Intel Xeon"
	for i := range b.Results {
		r := &b.Results[i]
		for _, s := range []*[]float64{&r.Ns.Samples} {
			for k := range *s {
				(*s)[k] *= 2
			}
		}
		r.Ns.Median *= 2
		r.Ns.Min *= 2
		r.Ns.Max *= 2
	}
	v, err := newView(a, ref, platforms, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Machines) != 2 || !strings.Contains(v.Machines[1], "Intel Xeon") {
		t.Fatalf("machines %v", v.Machines)
	}
	n := 0
	for _, fv := range v.Families {
		for _, tv := range fv.Tables {
			for _, row := range tv.Rows {
				if row.Ours == nil || !isOK(row.Ours) {
					continue
				}
				if len(row.MachineCells) != 1 || row.MachineCells[0].R == nil {
					t.Fatalf("%s %v: no cell for the second machine", tv.Spec.Table, row.Labels)
				}
				mc := row.MachineCells[0]
				if mc.R.Config != row.Ours.Config || mc.R.Case != row.Ours.Case || mc.Ratio < 1.99 || mc.Ratio > 2.01 {
					t.Errorf("%s %v: %s %s ratio %.3f", tv.Spec.Table, row.Labels, mc.R.Case, mc.R.Config, mc.Ratio)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no rows compared")
	}
	var md, sum bytes.Buffer
	if err := v.summary(&sum); err != nil {
		t.Fatal(err)
	}
	md.WriteString(v.markdown())
	for name, s := range map[string]string{"report.md": md.String(), "summary": sum.String()} {
		if !strings.Contains(s, "Intel Xeon") {
			t.Errorf("%s does not name the second machine", name)
		}
	}
	if !strings.Contains(md.String(), "1.1. Machine 2: Intel Xeon") {
		t.Error("report.md does not describe the second machine")
	}
}
