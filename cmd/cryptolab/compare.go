package main

import (
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

// alpha is the significance level of compare, as benchstat's default.
const alpha = 0.05

// compareCmd is "cryptolab compare OLD.json NEW.json".
func compareCmd(args []string, stdout io.Writer) error {
	fs := newFlagSet("compare")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return usageError{fmt.Errorf("compare needs two results.json files, got %d arguments", fs.NArg())}
	}
	old, err := result.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	cur, err := result.ReadFile(fs.Arg(1))
	if err != nil {
		return err
	}
	writeComparison(stdout, fs.Arg(0), fs.Arg(1), compareRuns(old, cur))
	return nil
}

// delta is one case present in both runs.
type delta struct {
	key              string // case, impl and config
	old, cur         result.Stats
	ratio            float64 // cur median / old median
	p                float64 // Mann-Whitney U two-sided p-value
	significant      bool
	oldOnly, curOnly bool
}

func resultKey(r result.Result) string {
	k := r.Case + " " + r.Impl
	if r.Config != "" {
		k += "/" + r.Config
	}
	return k
}

// compareRuns pairs the results of two runs by case, implementation and
// configuration and tests each pair's per-batch time samples.
func compareRuns(old, cur *result.Run) []delta {
	index := func(r *result.Run) (map[string]result.Result, []string) {
		m := map[string]result.Result{}
		var order []string
		for _, x := range r.Results {
			if x.Status != result.StatusOK {
				continue
			}
			k := resultKey(x)
			if _, dup := m[k]; !dup {
				order = append(order, k)
			}
			m[k] = x
		}
		return m, order
	}
	om, oorder := index(old)
	cm, corder := index(cur)
	var out []delta
	for _, k := range corder {
		c := cm[k]
		o, ok := om[k]
		if !ok {
			out = append(out, delta{key: k, cur: c.Ns, curOnly: true})
			continue
		}
		d := delta{key: k, old: o.Ns, cur: c.Ns, p: 1}
		if o.Ns.Median > 0 {
			d.ratio = c.Ns.Median / o.Ns.Median
		}
		if len(o.Ns.Samples) > 0 && len(c.Ns.Samples) > 0 {
			d.p = mannWhitneyU(o.Ns.Samples, c.Ns.Samples)
			d.significant = d.p < alpha
		}
		out = append(out, d)
	}
	for _, k := range oorder {
		if _, ok := cm[k]; !ok {
			out = append(out, delta{key: k, old: om[k].Ns, oldOnly: true})
		}
	}
	return out
}

func writeComparison(w io.Writer, oldName, curName string, ds []delta) {
	t := newTable(w)
	t.row("case", "old time/op", "new time/op", "delta", "")
	var logSum float64
	n := 0
	for _, d := range ds {
		switch {
		case d.oldOnly:
			t.row(d.key, fmtStats(d.old), "-", "(only in "+oldName+")", "")
			continue
		case d.curOnly:
			t.row(d.key, "-", fmtStats(d.cur), "(only in "+curName+")", "")
			continue
		}
		change := "~"
		if d.significant && d.ratio > 0 {
			change = fmt.Sprintf("%+.1f%%", (d.ratio-1)*100)
		}
		t.row(d.key, fmtStats(d.old), fmtStats(d.cur), change,
			fmt.Sprintf("(p=%.3f n=%d+%d)", d.p, len(d.old.Samples), len(d.cur.Samples)))
		if d.ratio > 0 {
			logSum += math.Log(d.ratio)
			n++
		}
	}
	if n > 0 {
		t.row("geomean", "", "", fmt.Sprintf("%+.1f%%", (math.Exp(logSum/float64(n))-1)*100), "")
	}
	t.flush()
	fmt.Fprintf(w, "\ndelta: change of the median when the Mann-Whitney U test over the batch samples gives p < %.2f, else ~.\n", alpha)
}

// fmtStats formats a median time with its spread as "1.23µs ±4%".
func fmtStats(s result.Stats) string {
	return fmtNs(s.Median) + fmt.Sprintf(" ±%.0f%%", s.Spread*50)
}

func fmtNs(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.3gs", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3gms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.3gµs", ns/1e3)
	default:
		return fmt.Sprintf("%.3gns", ns)
	}
}

// mannWhitneyU returns the two-sided p-value of the Mann-Whitney U test
// (Wilcoxon rank-sum) of the hypothesis that x and y come from the same
// distribution. Without ties and with both samples of at most 50 values it
// uses the exact distribution of U; otherwise the normal approximation with
// tie and continuity corrections.
func mannWhitneyU(x, y []float64) float64 {
	n1, n2 := len(x), len(y)
	if n1 == 0 || n2 == 0 {
		return 1
	}
	type obs struct {
		v     float64
		first bool
	}
	all := make([]obs, 0, n1+n2)
	for _, v := range x {
		all = append(all, obs{v, true})
	}
	for _, v := range y {
		all = append(all, obs{v, false})
	}
	slices.SortFunc(all, func(a, b obs) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	// Mid-ranks; tie correction term sum(t^3 - t).
	var r1, tieTerm float64
	ties := false
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].v == all[i].v {
			j++
		}
		rank := float64(i+j+1) / 2 // ranks i+1..j
		for k := i; k < j; k++ {
			if all[k].first {
				r1 += rank
			}
		}
		if t := float64(j - i); t > 1 {
			ties = true
			tieTerm += t*t*t - t
		}
		i = j
	}
	u1 := r1 - float64(n1*(n1+1))/2
	u := math.Min(u1, float64(n1*n2)-u1)
	if !ties && n1 <= 50 && n2 <= 50 {
		return math.Min(1, 2*exactUCDF(n1, n2, int(math.Round(u))))
	}
	n := float64(n1 + n2)
	mean := float64(n1*n2) / 2
	variance := float64(n1*n2) / 12 * ((n + 1) - tieTerm/(n*(n-1)))
	if variance <= 0 {
		return 1
	}
	z := (mean - u - 0.5) / math.Sqrt(variance)
	if z < 0 {
		z = 0
	}
	return math.Min(1, math.Erfc(z/math.Sqrt2))
}

// exactUCDF returns P(U <= u) for samples of sizes n1 and n2 under the null
// hypothesis, counting the arrangements with the recurrence
// c(m, n, u) = c(m-1, n, u-n) + c(m, n-1, u).
func exactUCDF(n1, n2, u int) float64 {
	// prev[n][k] = number of arrangements of (m-1, n) with U = k.
	maxU := n1 * n2
	c := make([][]float64, n2+1)
	for n := range c {
		c[n] = make([]float64, maxU+1)
		c[n][0] = 1 // m = 0: one arrangement, U = 0
	}
	for m := 1; m <= n1; m++ {
		next := make([][]float64, n2+1)
		for n := 0; n <= n2; n++ {
			next[n] = make([]float64, maxU+1)
			for k := 0; k <= m*n; k++ {
				v := 0.0
				if k-n >= 0 {
					v += c[n][k-n]
				}
				if n > 0 {
					v += next[n-1][k]
				}
				next[n][k] = v
			}
		}
		c = next
	}
	total, below := 0.0, 0.0
	for k, v := range c[n2] {
		total += v
		if k <= u {
			below += v
		}
	}
	return below / total
}

// measureSummary summarises time samples as the harness does.
func measureSummary(samples []float64) result.Stats {
	return measure.Summarize("ns/op", samples, true)
}
