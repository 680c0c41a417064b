package report

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// summary renders the terminal summary: one line per operation point of
// every table with results, our configurations side by side (the fastest
// marked *), each peer with its ratio to our best, and the first chosen
// STM32 platform's best published configuration with its ratio.
func (v *view) summary(w io.Writer) error {
	sections := v.Families
	if bf := v.beyondFamily(); bf != nil {
		sections = append(slices.Clone(sections), bf)
	}
	for _, fv := range sections {
		if !fv.Implemented {
			continue
		}
		for _, tv := range fv.Tables {
			if !tv.HasOurs && len(tv.Peers) == 0 {
				continue
			}
			what := "time per operation, median"
			if tv.Spec.Flow {
				what = "Kbytes/s, median"
			}
			title := tv.Title
			if tv.Num == "" && len(fv.Tables) == 1 {
				title = fv.Title
			}
			// A table without a number of its own sits inside the
			// previous one (the tag table in 2.2.2, as on the pages).
			num := tv.Num
			for k := range fv.Tables {
				if fv.Tables[k] == tv {
					break
				}
				if fv.Tables[k].Num != "" {
					num = fv.Tables[k].Num
				}
			}
			if tv.Num != "" {
				num = tv.Num
			}
			if num == "" {
				num = fv.Num
			}
			if tv.HasOurs {
				fmt.Fprintf(w, "\n%s %s — %s; ×N: their time ÷ our best\n", num, summaryTitle(fv, tv, title), what)
			} else {
				why := "not implemented in cryptolab yet"
				if contains(v.Run.Config.Implemented, fv.Suite) {
					why = "cryptolab not selected by --config"
				}
				fmt.Fprintf(w, "\n%s %s — %s; %s, peers only\n", num, summaryTitle(fv, tv, title), what, why)
			}
			var ref *string
			if len(tv.Platforms) > 0 {
				ref = &tv.Platforms[0].ID
			}
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
			var head []string
			head = append(head, "")
			configs := tv.Configs
			if len(configs) == 0 && tv.HasOurs {
				configs = []string{""}
			}
			for _, c := range configs {
				if c == "" {
					head = append(head, Ours)
				} else {
					head = append(head, c)
				}
			}
			head = append(head, tv.Peers...)
			if tv.HasOurs {
				for _, m := range v.Machines[min(1, len(v.Machines)):] {
					head = append(head, m)
				}
			}
			if ref != nil {
				head = append(head, "STM32 fastest published")
			}
			fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")

			// Walk the operation points (in a Beyond table with a
			// configuration column besides "config", such as LMS's tree
			// cache, one line per value of it).
			var point *rowView // the operation point's first row: its peers
			for i := 0; i < len(tv.Rows); {
				j := i + 1
				for j < len(tv.Rows) && tv.Rows[j].Op == tv.Rows[i].Op && summaryExtra(tv, tv.Rows[j]) == summaryExtra(tv, tv.Rows[i]) {
					j++
				}
				group := tv.Rows[i:j]
				if group[0].GroupHead {
					point = group[0]
				}
				i = j
				var cols []string
				var label []string
				for _, c := range tv.Labels {
					if !slices.Contains(tv.Spec.Config, c) {
						label = append(label, labelValue(c, group[0].Labels[c]))
					}
				}
				if x := summaryExtra(tv, group[0]); x != "" {
					label = append(label, x)
				}
				cols = append(cols, strings.Join(label, " "))
				var best *rowView
				any := false
				for _, cfg := range configs {
					txt := "—"
					for _, row := range group {
						if row.Ours != nil && row.Ours.Config == cfg {
							switch {
							case !isOK(row.Ours):
								txt = row.Ours.Status
							default:
								any = true
								txt = v.summaryValue(tv, row.Ours.Ns.Median, kbps(row.Ours))
								if row.Best {
									txt += "*"
								} else if row.Tie {
									txt += "≈"
								}
								if best == nil || row.Ours.Ns.Median < best.Ours.Ns.Median {
									best = row
								}
							}
						}
					}
					cols = append(cols, txt)
				}
				for _, pc := range point.PeerCells {
					txt := "—"
					if pc.R != nil && !isOK(pc.R) {
						txt = pc.R.Status
					} else if isOK(pc.R) {
						any = true
						txt = v.summaryValue(tv, pc.R.Ns.Median, kbps(pc.R))
						if pc.Ratio > 0 && !pc.Sig {
							txt += " ≈" + fmtRatio(pc.Ratio)
						} else if pc.Ratio > 0 {
							txt += " " + fmtRatio(pc.Ratio)
						}
					}
					cols = append(cols, txt)
				}
				if tv.HasOurs {
					// Our best on each other machine at this point.
					for k := range v.Others {
						var mb *result.Result
						for _, row := range group {
							if k < len(row.MachineCells) {
								if r := row.MachineCells[k].R; isOK(r) && (mb == nil || r.Ns.Median < mb.Ns.Median) {
									mb = r
								}
							}
						}
						txt := "—"
						if mb != nil {
							any = true
							txt = v.summaryValue(tv, mb.Ns.Median, kbps(mb))
							if best != nil {
								txt += " " + fmtRatio(ratio(mb.Ns.Median, best.Ours.Ns.Median))
							}
						}
						cols = append(cols, txt)
					}
				}
				if ref != nil {
					// Their best published configuration at this point.
					var rc *refCell
					plat := ""
					for _, row := range group {
						for k := range row.Refs {
							c := &row.Refs[k]
							if c.OK && c.TimeNs > 0 && (rc == nil || c.TimeNs < rc.TimeNs) {
								rc, plat = c, tv.Platforms[k].ID
							}
						}
					}
					txt := "—"
					if rc != nil {
						txt = v.summaryValue(tv, rc.TimeNs, rc.KBps) + " " + plat
						if best != nil {
							txt += " " + fmtRatio(ratio(rc.TimeNs, best.Ours.Ns.Median))
						}
					}
					cols = append(cols, txt)
				}
				if !any {
					continue
				}
				fmt.Fprintln(tw, strings.Join(cols, "\t")+"\t")
			}
			if err := tw.Flush(); err != nil {
				return err
			}
		}
	}
	var missing, skipped []string
	for _, fv := range v.Families {
		switch {
		case fv.HasOurs:
		case len(v.Run.Config.Suites) > 0 && !contains(v.Run.Config.Suites, fv.Suite),
			contains(v.Run.Config.Implemented, fv.Suite):
			skipped = append(skipped, shortTitle(fv))
		default:
			missing = append(missing, shortTitle(fv))
		}
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "\nNot implemented yet: %s\n", strings.Join(missing, ", "))
	}
	if len(skipped) > 0 {
		fmt.Fprintf(w, "\nNot selected in this run: %s\n", strings.Join(skipped, ", "))
	}
	if cw := v.coreWarning(); cw != "" {
		fmt.Fprintf(w, "\nWARNING: %s\n", cw)
	}
	_, err := fmt.Fprintf(w, "%s\n", v.spreadLine())
	return err
}

// summaryExtra names a row's values of a Beyond table's configuration
// columns other than "config" ("Tree cache all"), which the summary's
// columns (our configurations) do not tell apart; "" for other tables
// and for "n/a".
func summaryExtra(tv *tableView, row *rowView) string {
	if !tv.Spec.Beyond {
		return ""
	}
	var parts []string
	for _, c := range tv.Spec.Config {
		if v := row.Labels[c]; c != "config" && v != "" && v != "n/a" && slices.Contains(tv.Labels, c) {
			parts = append(parts, columnTitle(c)+" "+labelValue(c, v))
		}
	}
	return strings.Join(parts, ", ")
}

func summaryTitle(fv *familyView, tv *tableView, title string) string {
	switch tv.Spec.Table {
	case "aes_cbc_sole":
		return "AES-CBC sole buffer"
	case "aes_cbc_flow":
		return "AES-CBC data flow, 8000-byte message"
	case "sha_sole":
		return "SHA sole buffer"
	case "sha_flow":
		return "SHA data flow, 8000-byte message"
	case "sha_tag":
		return "SHA final tag"
	}
	return title
}

func (v *view) summaryValue(tv *tableView, ns, kb float64) string {
	if tv.Spec.Flow {
		return fmtCount(kb)
	}
	return fmtDur(ns)
}

// spreadLine is the closing line of the summary.
func (v *view) spreadLine() string {
	n, over := 0, 0
	worst := 0.0
	for _, r := range v.Run.Results {
		if r.Status != "ok" {
			continue
		}
		n++
		if r.Ns.Spread > 0.10 {
			over++
		}
		worst = max(worst, r.Ns.Spread)
	}
	if n == 0 {
		return "\nNo results measured."
	}
	return fmt.Sprintf("\n%d results; spread (max−min)/median above 10 %% in %d, largest %s.", n, over, fmtPct(worst))
}
