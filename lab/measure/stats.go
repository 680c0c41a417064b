package measure

import (
	"slices"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// Summarize returns the median, minimum, maximum and spread of samples,
// keeping the samples themselves when keep is true. The spread is
// (max-min)/median, 0 for an empty or zero-median set.
func Summarize(unit string, samples []float64, keep bool) result.Stats {
	s := result.Stats{Unit: unit}
	if len(samples) == 0 {
		return s
	}
	sorted := slices.Clone(samples)
	slices.Sort(sorted)
	n := len(sorted)
	if n%2 == 1 {
		s.Median = sorted[n/2]
	} else {
		s.Median = (sorted[n/2-1] + sorted[n/2]) / 2
	}
	s.Min, s.Max = sorted[0], sorted[n-1]
	if s.Median != 0 {
		s.Spread = (s.Max - s.Min) / s.Median
	}
	if keep {
		s.Samples = slices.Clone(samples)
	}
	return s
}
