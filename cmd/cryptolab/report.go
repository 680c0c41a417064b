package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/reference"
	"github.com/cryptolab-go/cryptolab/lab/report"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

// reportCmd is "cryptolab report [--out DIR] [--force] [--reference LIST]
// RUN...": it renders one report from the results.json of one or more runs
// (files, or report directories holding one). With several runs, usually
// from different machines, the first is laid out as usual and each further
// one adds a column of our results on its machine beside the published
// STM32 platforms, as the pages compare H7, H5 and L5.
func reportCmd(args []string, stdout io.Writer) error {
	fs := newFlagSet("report")
	var o options
	fs.StringVar(&o.out, "out", "cryptolab-report", "")
	fs.BoolVar(&o.force, "force", false, "")
	fs.StringVar(&o.reference, "reference", "", "")
	if err := parse(fs, args); err != nil {
		return err
	}
	o.outSet = flagSet(fs, "out")
	if fs.NArg() == 0 {
		return usageError{fmt.Errorf("report needs one or more results.json files or report directories")}
	}
	var runs []*result.Run
	for _, a := range fs.Args() {
		files, err := expand(a)
		if err != nil {
			return err
		}
		if len(files) > 1 {
			return usageError{fmt.Errorf("%s holds %d runs; name the one to use (e.g. %s)", a, len(files), filepath.Dir(files[0]))}
		}
		r, err := result.ReadFile(files[0])
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	ref, err := reference.Load()
	if err != nil {
		return err
	}
	refs := o.reference
	if refs == "" {
		refs = "all"
		if len(runs[0].Config.References) > 0 {
			refs = joinComma(runs[0].Config.References)
		}
	}
	platforms, err := ref.ParsePlatforms(refs)
	if err != nil {
		return usageError{err}
	}
	out, err := prepareOut(&o, time.Now())
	if err != nil {
		return err
	}
	werr := report.WriteMachines(out, runs, ref, platforms)
	if err := report.SummaryMachines(stdout, runs, ref, platforms); err != nil && werr == nil {
		werr = err
	}
	if werr != nil {
		return werr
	}
	if !o.outSet {
		linkLatest(out)
	}
	fmt.Fprintf(stdout, "\nReport of %d run(s): %s (index.html, report.md, results.json, bench.txt)\n", len(runs), out)
	return nil
}

func joinComma(s []string) string { return strings.Join(s, ",") }
