// Command cryptolab measures what each cryptolab operation costs on this
// machine — time, cycles, throughput, heap, stack, working memory and code
// footprint — for every row of the published STM32 (CMOX) performance
// tables, next to the published figures and to peer implementations
// measured in the same run, and writes a report laid out like those pages.
//
// Usage:
//
//	cryptolab [run] [flags]        measure and write the report (default)
//	cryptolab list [flags]         list the cases
//	cryptolab reference [--platform P] [suite|table ...]
//	                               print the published STM32 tables
//	cryptolab report RUN...        one report from results.json files (several
//	                               machines side by side)
//	cryptolab compare [--metric M] OLD... -- NEW...
//	                               per-case deltas with benchstat's statistics
//	cryptolab ct [flags]           constant-time evidence (dudect |t| per
//	                               secret operation and configuration)
//	cryptolab help                 this text
//
// Run "cryptolab help" for the flags.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	_ "github.com/cryptolab-go/cryptolab/lab/cases"
	"github.com/cryptolab-go/cryptolab/lab/instr"
)

func main() {
	os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `cryptolab measures every operation of the published STM32 (CMOX) performance
pages on this machine and writes a report next to the published figures.

Usage:
  cryptolab [run] [flags]          measure and write the report (the default)
  cryptolab list [flags]           list the cases that run would measure
  cryptolab reference [--platform P,...] [suite|table ...]
                                   print the published STM32 tables
  cryptolab report [--out DIR] [--force] [--reference LIST] RUN...
                                   one report from the results.json of one
                                   or more runs (files or report directories);
                                   each run after the first adds a column of
                                   cryptolab on its machine, beside the STM32
                                   platforms (measure on another machine with
                                   "cryptolab --out DIR" and copy
                                   DIR/results.json here)
  cryptolab compare [--metric time|cycles|instructions] OLD... [-- NEW...]
                                   per-case deltas between two sets of runs
                                   (results.json files or report directories;
                                   "OLD.json NEW.json" for one each), with
                                   benchstat's statistics; several runs per
                                   side test run-to-run drift, one run only
                                   its batches (warned); instruction counts
                                   are exact
  cryptolab ct [--suite LIST] [--config LIST] [--time D] [--quick] [--out DIR]
                                   constant-time evidence: a dudect-style
                                   timing test of every secret operation of
                                   every configuration (default 3s each);
                                   prints the table (max |t|, measurements),
                                   and with --out writes constant-time.md and
                                   .json there and, if DIR holds a report,
                                   adds the section to its report.md and
                                   index.html; exit status 1 if a target
                                   reaches |t| >= 10 unexplained
  cryptolab help                   this text

Flags of run (and list, which takes --suite, --config and --no-peers):
  --suite LIST      suites to run, comma-separated: aes, sha, ecdsa, eddsa, rsa,
                    mlkem, mldsa, lms, x25519 (default: all; families without
                    cases are reported as "not implemented yet")
  --config LIST     our configurations to run (default: all): our names
                    (Small-Low), a prefix of them (Small selects Small,
                    Small-Low, Small-High) or the pages' values (SuperFast)
  --quick           few short repetitions, for smoke tests
  --min-time D      measured time per case, e.g. 500ms (default 100ms, 10ms
                    with --quick)
  --reference LIST  STM32 platforms to compare with, comma-separated, "all" or
                    "none" (default: all six, h563-v5 first)
  --no-peers        measure cryptolab only (no Go standard library, purego or
                    OpenSSL columns)
  --instructions    also count the exact instructions of one call of every
                    in-process case (ours and the in-process peers) with
                    valgrind's callgrind (must be installed; amd64)
  --out DIR         report directory, new or empty (default: a new
                    cryptolab-report/<UTC time>, with cryptolab-report/latest
                    pointing at it); checked before measuring
  --force           write into a non-empty --out, replacing its report

The report directory holds index.html (self-contained), report.md,
results.json and bench.txt (benchstat format).
`

// Main runs the command with args (without the program name) and returns
// the exit status. Errors are one line on stderr with status 1; bad usage
// is status 2.
func Main(args []string, stdout, stderr io.Writer) int {
	cmd := "run"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "run":
		err = runCmd(args, stdout, stderr)
	case "list":
		err = listCmd(args, stdout)
	case "reference":
		err = referenceCmd(args, stdout)
	case "compare":
		err = compareCmd(args, stdout)
	case "report":
		err = reportCmd(args, stdout)
	case "ct":
		err = ctCmd(args, stdout, stderr)
	case "worker":
		err = workerCmd(args, stdout)
	case instr.WorkerCommand:
		err = instr.Worker(args, os.Stdin, stdout)
	case "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		err = usageError{fmt.Errorf("unknown command %q (run \"cryptolab help\")", cmd)}
	}
	switch e := err.(type) {
	case nil:
		return 0
	case helpRequested:
		fmt.Fprint(stdout, usage)
		return 0
	case usageError:
		fmt.Fprintf(stderr, "cryptolab: %v\n", oneLine(e.error))
		return 2
	default:
		fmt.Fprintf(stderr, "cryptolab: %v\n", oneLine(err))
		return 1
	}
}

// usageError marks bad flags or arguments (exit status 2).
type usageError struct{ error }

// helpRequested is returned when -h or --help is given.
type helpRequested struct{}

func (helpRequested) Error() string { return "help requested" }

func oneLine(err error) string {
	s := strings.TrimSpace(err.Error())
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
