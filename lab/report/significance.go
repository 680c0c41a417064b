package report

import (
	"math"
	"slices"

	"golang.org/x/perf/benchmath"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// minEffect is the smallest difference of medians the report calls a
// difference at all: below it, two implementations are "≈" however small
// the p-value, because a few percent is what a rerun on a shared machine
// moves.
const minEffect = 0.05

// differs reports whether two results' times differ enough to name a
// winner: the Mann-Whitney U test of benchstat's statistics
// (golang.org/x/perf/benchmath, assuming nothing about the distribution)
// over the per-batch times rejects "the same" at α = 0.05, and the medians
// differ by at least minEffect. The batches of one published row were
// measured interleaved (A B A B), so load on the machine reaches both
// alike. A result with one sample (openssl speed) is compared by range: it
// differs when it lies outside the other's batch range by minEffect.
func differs(a, b *result.Result) bool {
	if !isOK(a) || !isOK(b) || a.Ns.Median <= 0 || b.Ns.Median <= 0 {
		return false
	}
	if math.Abs(a.Ns.Median/b.Ns.Median-1) < minEffect {
		return false
	}
	sa, sb := a.Ns.Samples, b.Ns.Samples
	if len(sa) < 2 || len(sb) < 2 {
		outside := func(x float64, s result.Stats) bool {
			lo, hi := s.Min, s.Max
			if lo <= 0 {
				lo, hi = s.Median, s.Median
			}
			return x < lo*(1-minEffect) || x > hi*(1+minEffect)
		}
		if len(sa) < 2 && len(sb) < 2 {
			return outside(a.Ns.Median, result.Stats{Median: b.Ns.Median})
		}
		if len(sa) < 2 {
			return outside(a.Ns.Median, b.Ns)
		}
		return outside(b.Ns.Median, a.Ns)
	}
	c := benchmath.AssumeNothing.Compare(
		benchmath.NewSample(slices.Clone(sa), &benchmath.DefaultThresholds),
		benchmath.NewSample(slices.Clone(sb), &benchmath.DefaultThresholds))
	return c.P < c.Alpha
}

// ciText is the 95 % confidence interval of a result's median time as
// benchstat computes it (benchmath, assuming nothing), for a tooltip: "; 95 %
// confidence interval of the median ±2% (benchstat's statistics)", or ""
// with too few batches for one (or a warning or an unbounded interval).
func ciText(r *result.Result) string {
	if len(r.Ns.Samples) < 2 {
		return ""
	}
	s := benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(r.Ns.Samples), &benchmath.DefaultThresholds), 0.95)
	if len(s.Warnings) > 0 || math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0) {
		return ""
	}
	return "; 95 % confidence interval of the median ±" + s.PctRangeString() + " (benchstat's statistics)"
}
