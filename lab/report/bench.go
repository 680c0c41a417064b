package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// bench.txt is in the Go benchmark format
// (https://go.googlesource.com/proposal/+/master/design/14313-benchmark-format.md),
// which benchstat reads: configuration lines "key: value", then one line
// per batch of each case,
//
//	BenchmarkAES-CBC/sole/key=128/size=32/op=Encryption/impl=cryptolab/config=Small  2000  523.4 ns/op  1779 cycles/op  1097 ticks/op  61.14 MB/s  0 B/op  0 allocs/op
//
// so that benchstat computes its own statistics over the batches, and
// "benchstat old.txt new.txt" compares two runs. The sub-benchmark keys
// impl= and config= let benchstat project on implementation or
// configuration; for instance our Fast configuration against the peers,
// AES encryption only:
//
//	benchstat -col /impl -ignore /config -filter '/config:(Fast OR "") AND /op:Encryption' bench.txt
//
// (benchstat wants at least 6 batches per case for a confidence interval.)

// benchName is the benchmark name of a result: "Benchmark" + the case name
// + /impl= + /config=, with spaces (not allowed in a name) replaced.
func benchName(r *result.Result) string {
	clean := func(s string) string {
		return strings.Map(func(c rune) rune {
			switch c {
			case ' ', '\t', '\n', '\r':
				return '_'
			}
			return c
		}, s)
	}
	part := func(s string) string { return strings.ReplaceAll(clean(s), "/", "-") }
	name := "Benchmark" + clean(r.Case) + "/impl=" + part(r.Impl)
	if r.Config != "" {
		name += "/config=" + part(r.Config)
	}
	return name
}

func benchFloat(x float64) string {
	switch {
	case x >= 100:
		return strconv.FormatFloat(x, 'f', 1, 64)
	case x >= 1:
		return strconv.FormatFloat(x, 'f', 3, 64)
	}
	return strconv.FormatFloat(x, 'f', 5, 64)
}

func configValue(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	return strings.TrimSpace(s)
}

// WriteBench writes the run in Go benchmark format (bench.txt). Results
// that are not "ok" are left out: the format has no way to say why.
func WriteBench(w io.Writer, run *result.Run) error {
	bw := bufio.NewWriter(w)
	m := run.Machine
	fmt.Fprintf(bw, "goos: %s\ngoarch: %s\npkg: github.com/cryptolab-go/cryptolab/cmd/cryptolab\n", configValue(m.OS), configValue(m.Arch))
	if m.CPUModel != "" {
		fmt.Fprintf(bw, "cpu: %s\n", configValue(m.CPUModel))
	}
	if m.GoVersion != "" {
		fmt.Fprintf(bw, "go: %s\n", configValue(m.GoVersion))
	}
	if m.GOAMD64 != "" {
		fmt.Fprintf(bw, "goamd64: %s\n", configValue(m.GOAMD64))
	}
	if m.Module != "" {
		fmt.Fprintf(bw, "cryptolab: %s\n", configValue(m.Module))
	}
	if m.Counter != "" {
		fmt.Fprintf(bw, "counter: %s\n", configValue(m.Counter))
	}
	if m.CounterHz > 0 {
		fmt.Fprintf(bw, "counter-hz: %.0f\n", m.CounterHz)
	}
	if m.CoreHz > 0 {
		fmt.Fprintf(bw, "core-hz-estimate: %.0f\n", m.CoreHz)
	}
	if run.Config.Quick {
		fmt.Fprintf(bw, "quick: true\n")
	}
	bw.WriteString("\n")
	for i := range run.Results {
		r := &run.Results[i]
		if !isOK(r) {
			continue
		}
		name := benchName(r)
		ns := r.Ns.Samples
		if len(ns) == 0 {
			ns = []float64{r.Ns.Median}
		}
		iters := r.Ops / len(ns)
		if iters < 1 {
			iters = 1
		}
		for j, t := range ns {
			fmt.Fprintf(bw, "%s\t%d\t%s ns/op", name, iters, benchFloat(t))
			if c, ok := sample(r.Cycles, j, len(ns)); ok {
				fmt.Fprintf(bw, "\t%s cycles/op", benchFloat(c))
			}
			if c, ok := sample(r.Ticks, j, len(ns)); ok {
				fmt.Fprintf(bw, "\t%s ticks/op", benchFloat(c))
			}
			if r.BytesPerOp > 0 && t > 0 {
				fmt.Fprintf(bw, "\t%s MB/s", benchFloat(float64(r.BytesPerOp)*1e3/t))
			}
			if harnessMeasured(r) {
				fmt.Fprintf(bw, "\t%s B/op\t%s allocs/op", benchFloat(r.HeapBytes), benchFloat(r.Allocs))
			}
			if in := r.Instructions; in != nil && in.Err == "" {
				fmt.Fprintf(bw, "\t%d instructions/op", in.PerOp)
			}
			bw.WriteString("\n")
		}
	}
	return bw.Flush()
}

// harnessMeasured reports whether the result comes from the lab's harness,
// which measures heap, stack and working memory. Results timed by another
// program's own loop (openssl speed) carry no wall-clock Stats (its Unit is
// empty) and their zero memory figures mean "not measured".
func harnessMeasured(r *result.Result) bool { return r.WallNs.Unit != "" }

// sample returns batch j of s when s has one sample per batch, its median
// when it has none, and nothing when it has no data at all.
func sample(s result.Stats, j, n int) (float64, bool) {
	if len(s.Samples) == n {
		return s.Samples[j], true
	}
	if s.Median > 0 {
		return s.Median, true
	}
	return 0, false
}
