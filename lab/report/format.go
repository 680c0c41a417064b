package report

import (
	"math"
	"strconv"
	"strings"
)

// Number formatting shared by every renderer. All of it is deterministic
// (no locale, no map order) so that the golden files are stable.

// fmtInt writes an integer with thousands separators: 1234567 -> "1,234,567".
func fmtInt(x int64) string {
	neg := x < 0
	if neg {
		x = -x
	}
	s := strconv.FormatInt(x, 10)
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// fmtCount rounds a float count (cycles, ticks, Kbytes/s) and separates
// thousands; values under 100 keep one decimal.
func fmtCount(x float64) string {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return "—"
	case math.Abs(x) < 100 && x != math.Trunc(x):
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return fmtInt(int64(math.Round(x)))
}

// sig formats x with 3 significant digits, without exponent.
func sig(x float64) string {
	if x == 0 {
		return "0"
	}
	d := 2 - int(math.Floor(math.Log10(math.Abs(x))))
	if d < 0 {
		d = 0
	}
	r := strconv.FormatFloat(x, 'f', d, 64)
	// 99.95 rounds up to 100.0: drop the digit that became superfluous.
	if d > 0 && len(strings.TrimLeft(strings.ReplaceAll(r, ".", ""), "-0")) > 3 {
		r = strconv.FormatFloat(x, 'f', d-1, 64)
	}
	return r
}

// fmtDur formats nanoseconds with an SI unit and 3 significant digits:
// "523 ns", "12.3 µs", "1.23 ms", "4.56 s".
func fmtDur(ns float64) string {
	switch {
	case ns <= 0 || math.IsNaN(ns) || math.IsInf(ns, 0):
		return "—"
	case ns < 999.5:
		return sig(ns) + " ns"
	case ns < 999.5e3:
		return sig(ns/1e3) + " µs"
	case ns < 999.5e6:
		return sig(ns/1e6) + " ms"
	}
	return sig(ns/1e9) + " s"
}

// fmtRatio formats a ratio: "×812", "×12.3", "×1.25", "×0.04"; "" for none.
func fmtRatio(r float64) string {
	switch {
	case r <= 0 || math.IsNaN(r) || math.IsInf(r, 0):
		return ""
	case r >= 99.5:
		return "×" + fmtInt(int64(math.Round(r)))
	case r >= 9.95:
		return "×" + strconv.FormatFloat(r, 'f', 1, 64)
	}
	return "×" + strconv.FormatFloat(r, 'f', 2, 64)
}

// fmtPct formats a fraction as a percentage: 0.031 -> "3.1 %".
func fmtPct(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "—"
	}
	p := f * 100
	if p >= 99.5 {
		return strconv.FormatFloat(p, 'f', 0, 64) + " %"
	}
	return strconv.FormatFloat(p, 'f', 1, 64) + " %"
}

// fmtHz formats a frequency: 2.096e9 -> "2.096 GHz".
func fmtHz(hz float64) string {
	switch {
	case hz <= 0:
		return "unknown"
	case hz >= 1e9:
		return strconv.FormatFloat(hz/1e9, 'f', 3, 64) + " GHz"
	case hz >= 1e6:
		return strconv.FormatFloat(hz/1e6, 'f', 1, 64) + " MHz"
	}
	return strconv.FormatFloat(hz, 'f', 0, 64) + " Hz"
}

// fmtKBps formats a throughput in Kbytes/s (1 Kbyte = 1000 bytes).
func fmtKBps(k float64) string {
	if k <= 0 {
		return "—"
	}
	return fmtCount(k) + " KB/s"
}

// fmtAllocs formats allocations per operation: "0", "2", "0.01".
func fmtAllocs(x float64) string {
	if x == math.Trunc(x) {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return sig(x)
}
