package report

import (
	"slices"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

// Section 3 of the report holds the tables of rows the pages do not
// publish (catalog.Table.Beyond): X25519, LMS key generation and signing,
// ML-DSA low-RAM key generation, ... They are laid out as the tables of
// section 2 (our configurations, the peers beside our best, the same
// statistics and footprint columns) but have no reference TSV, so their
// rows are the operation points the results name, in the order the results
// come (the registration order of the cases), and they have no STM32
// columns.

const beyondTitle = "Beyond the published pages"

const beyondIntro = "Rows the STM32 pages do not publish: operations cryptolab measures beyond them, with the same harness and statistics as section 2 (ours interleaved with the in-process peers, batch by batch). There is no published figure to set beside them, so these tables have no STM32 columns."

// buildBeyondTable lays out a Beyond table from its results: one row per
// result of ours, grouped by operation point (the operation columns) in
// order of first appearance, and a row without a result of ours for an
// operation point that only peers measured.
func (v *view) buildBeyondTable(spec *tableSpec, byTable map[string][]*result.Result) (*tableView, error) {
	tv := &tableView{Spec: spec, Title: spec.Title, MinTime: spec.ShowMin, Anchor: "t-" + spec.Table}
	labelCols := append(slices.Clone(spec.Operation), spec.Config...)
	var ours, peers []*result.Result
	var points []string                           // operation points in order
	at := map[string][]*result.Result{}           // point -> our results
	firstLabels := map[string]map[string]string{} // point -> labels of its first result
	for _, r := range byTable[spec.Table] {
		labels := make(map[string]string)
		for _, c := range labelCols {
			if x, ok := r.Params[c]; ok {
				labels[c] = x
			}
		}
		if r.Impl == Ours {
			ours = append(ours, r)
			tv.HasOurs = true
			if r.Config != "" && !slices.Contains(tv.Configs, r.Config) {
				tv.Configs = append(tv.Configs, r.Config)
			}
			if labels["config"] == "" && slices.Contains(spec.Config, "config") {
				labels["config"] = r.Config
			}
		} else {
			peers = append(peers, r)
			if !slices.Contains(tv.Peers, r.Impl) {
				tv.Peers = append(tv.Peers, r.Impl)
			}
		}
		op := opKey(labels, labelCols, spec.Config)
		if _, ok := firstLabels[op]; !ok {
			points = append(points, op)
			firstLabels[op] = labels
		}
		if r.Impl == Ours {
			at[op] = append(at[op], r)
		}
	}
	slices.SortStableFunc(tv.Peers, peerOrder)
	for _, op := range points {
		if len(at[op]) == 0 {
			labels := make(map[string]string)
			for _, c := range spec.Operation {
				labels[c] = firstLabels[op][c]
			}
			tv.Rows = append(tv.Rows, &rowView{Labels: labels, Op: op})
			continue
		}
		for _, r := range at[op] {
			labels := make(map[string]string)
			for _, c := range labelCols {
				labels[c] = r.Params[c]
			}
			if labels["config"] == "" && slices.Contains(spec.Config, "config") {
				labels["config"] = r.Config
			}
			tv.Rows = append(tv.Rows, &rowView{Labels: labels, Ours: r, Op: op})
		}
	}
	// A column with one value on every row is stated once above the table;
	// a configuration column is always shown.
	for _, c := range labelCols {
		vals := map[string]bool{}
		for _, row := range tv.Rows {
			vals[row.Labels[c]] = true
		}
		switch {
		case len(vals) == 1 && len(tv.Rows) > 1 && !slices.Contains(spec.Config, c):
			tv.Constants = append(tv.Constants, columnTitle(c)+" "+labelValue(c, tv.Rows[0].Labels[c]))
		case len(vals) == 1 && vals[""]:
			// A column no result names (a configuration column of ours
			// that only some tables fill): left out.
		default:
			tv.Labels = append(tv.Labels, c)
		}
	}
	return v.finishTable(tv, labelCols, ours, peers, byTable)
}

// buildBeyondFootprint lays out the footprint table of a Beyond table from
// our results alone: one row per distinct value of the footprint table's
// columns, with the attributed sizes of the first result that has them and
// the largest measured stack and working memory; no published columns.
func (v *view) buildBeyondFootprint(spec *tableSpec, byTable map[string][]*result.Result) *footprintView {
	fv := &footprintView{Table: spec.Footprint, Title: spec.Title + ": footprint"}
	ft, ok := catalog.FootprintOf(spec.Footprint)
	if !ok {
		return fv
	}
	fv.Labels = append(slices.Clone(ft.Operation), ft.Config...)
	byKey := map[string]*fpRow{}
	for _, t := range spec.FootprintFrom {
		for _, r := range byTable[t] {
			if r.Impl != Ours {
				continue
			}
			labels := make(map[string]string)
			for _, c := range fv.Labels {
				labels[c] = r.Params[c]
				if labels[c] == "" && c == "config" {
					labels[c] = r.Config
				}
			}
			k := opKey(labels, fv.Labels, nil)
			row := byKey[k]
			if row == nil {
				row = &fpRow{Labels: labels}
				byKey[k] = row
				fv.Rows = append(fv.Rows, row)
			}
			row.Have = true
			fv.HasOurs = true
			if row.Ours == nil && r.Footprint != nil {
				fp := *r.Footprint
				row.Ours = &fp
			}
			if isOK(r) {
				row.Stack = max(row.Stack, r.Stack)
				row.Working = max(row.Working, r.Working)
			}
		}
	}
	return fv
}

// beyondFamily is section 3 as a family of its tables, for the terminal
// summary; nil if no Beyond table has results.
func (v *view) beyondFamily() *familyView {
	if len(v.Beyond) == 0 {
		return nil
	}
	return &familyView{Num: "3", Title: beyondTitle, Anchor: "s3", Implemented: true, HasOurs: true, Tables: v.Beyond}
}
