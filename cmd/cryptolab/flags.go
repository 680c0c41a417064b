package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/run"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// options are the flags of run and list.
type options struct {
	suites       []string // requested suites, in page order
	configs      []string // our configurations, nil = all
	quick        bool
	minTime      time.Duration
	reference    string
	noPeers      bool
	out          string
	outSet       bool // --out given: write there (empty or --force), not to a new timestamped directory
	force        bool // replace the report in a non-empty --out
	instructions bool
}

func parseFlags(name string, args []string, full bool) (*options, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	suites := fs.String("suite", "", "")
	configs := fs.String("config", "", "")
	fs.BoolVar(&o.noPeers, "no-peers", false, "")
	if full {
		fs.BoolVar(&o.quick, "quick", false, "")
		fs.DurationVar(&o.minTime, "min-time", 0, "")
		fs.StringVar(&o.reference, "reference", "all", "")
		fs.StringVar(&o.out, "out", "cryptolab-report", "")
		fs.BoolVar(&o.force, "force", false, "")
		fs.BoolVar(&o.instructions, "instructions", false, "")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, helpRequested{}
		}
		return nil, usageError{err}
	}
	if fs.NArg() > 0 {
		return nil, usageError{fmt.Errorf("unexpected argument %q", fs.Arg(0))}
	}
	var err error
	if o.suites, err = parseSuites(*suites); err != nil {
		return nil, usageError{err}
	}
	if o.configs, err = parseConfigs(*configs); err != nil {
		return nil, usageError{err}
	}
	if full {
		if o.minTime < 0 || (o.minTime == 0 && flagSet(fs, "min-time")) {
			return nil, usageError{fmt.Errorf("--min-time must be positive, got %v", o.minTime)}
		}
		o.outSet = flagSet(fs, "out")
		if o.out == "" {
			return nil, usageError{errors.New("--out must name a directory")}
		}
	}
	return &o, nil
}

func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// parseSuites resolves a --suite value; empty or "all" means every known
// suite.
func parseSuites(s string) ([]string, error) {
	known := suite.Suites()
	if s == "" || s == "all" {
		return known, nil
	}
	var want []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if !slices.Contains(known, f) {
			return nil, fmt.Errorf("unknown suite %q (known: %s)", f, strings.Join(known, ", "))
		}
		want = append(want, f)
	}
	// Page order, no duplicates.
	var out []string
	for _, k := range known {
		if slices.Contains(want, k) {
			out = append(out, k)
		}
	}
	return out, nil
}

// parseConfigs resolves a --config value: each selector must select some
// registered case of ours (catalog.MatchConfig: our configuration's name, a
// hyphen-separated prefix of it such as Small for Small-Low and Small-High,
// or one of the page's configuration values such as SuperFast).
func parseConfigs(s string) ([]string, error) {
	if s == "" || s == "all" {
		return nil, nil
	}
	var known []string
	for _, c := range suite.Cases() {
		if c.Config != "" && !slices.Contains(known, c.Config) {
			known = append(known, c.Config)
		}
	}
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if !slices.ContainsFunc(suite.Cases(), func(c suite.Case) bool { return catalog.MatchConfig(f, c.Table, c.Config, c.Params) }) {
			return nil, fmt.Errorf("unknown configuration %q (known: %s, a prefix of one such as Small, or a value of the pages' configuration columns such as SuperFast)", f, strings.Join(known, ", "))
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out, nil
}

// runOptions are the lab/run options of the flags.
func (o *options) runOptions() run.Options {
	return run.Options{Suites: o.suites, Configs: o.configs, NoPeers: o.noPeers, Quick: o.quick, MinTime: o.minTime, Instructions: o.instructions}
}

const ours = run.Ours
