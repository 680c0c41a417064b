package peers

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// WorkerOutput is what the worker prints on standard output.
type WorkerOutput struct {
	Purego    bool            `json:"purego"` // the worker was built with -tags purego
	GoVersion string          `json:"go_version"`
	Results   []result.Result `json:"results"`
}

// progressPrefix starts the worker's progress lines on standard error:
// "progress<TAB>done<TAB>total<TAB>label".
const progressPrefix = "progress\t"

// Worker is the hidden "cryptolab worker" subcommand: it measures the
// registered cases of one implementation with the harness and writes a
// WorkerOutput as JSON to stdout, and progress lines to standard error.
// The command must link lab/cases (cmd/cryptolab does). Flags:
//
//	--impl NAME      implementation whose cases to run (default "go")
//	--suite A,B      suites (default: all)
//	--quick          measure.QuickOptions instead of measure.DefaultOptions
//	--min-time D     minimum measured time per case (e.g. 200ms)
func Worker(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	impl := fs.String("impl", ImplGo, "implementation whose cases to run")
	suites := fs.String("suite", "", "comma-separated suites")
	quick := fs.Bool("quick", false, "few repetitions")
	minTime := fs.Duration("min-time", 0, "minimum measured time per case")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("worker: %v", err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("worker: unexpected argument %q", fs.Arg(0))
	}
	var want []string
	if *suites != "" {
		want = strings.Split(*suites, ",")
		for _, s := range want {
			if !slices.Contains(suite.Suites(), s) {
				return fmt.Errorf("worker: unknown suite %q", s)
			}
		}
	}
	var cases []suite.Case
	for _, c := range suite.Cases() {
		if c.Impl == *impl && (want == nil || slices.Contains(want, c.Suite)) {
			cases = append(cases, c)
		}
	}
	if len(cases) == 0 {
		return errors.New("worker: no cases of implementation " + *impl + " in these suites")
	}
	opt := measure.DefaultOptions()
	if *quick {
		opt = measure.QuickOptions()
	}
	if *minTime > 0 {
		opt.MinTime = *minTime
	}
	progress := func(done, total int, name string) {
		fmt.Fprintf(os.Stderr, "%s%d\t%d\t%s\n", progressPrefix, done, total, strings.ReplaceAll(name, "\n", " "))
	}
	out := WorkerOutput{Purego: builtWithPurego(), GoVersion: runtime.Version()}
	out.Results = measure.RunCases(cases, opt, progress)
	enc := json.NewEncoder(stdout)
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("worker: %v", err)
	}
	return nil
}

// builtWithPurego reports whether this binary was built with -tags purego.
func builtWithPurego() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range bi.Settings {
		if s.Key == "-tags" && slices.Contains(strings.Split(s.Value, ","), "purego") {
			return true
		}
	}
	return false
}
