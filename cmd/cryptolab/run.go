package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/reference"
	"github.com/cryptolab-go/cryptolab/lab/report"
	"github.com/cryptolab-go/cryptolab/lab/run"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// runCmd is "cryptolab run": check the report directory, measure the
// selected cases, their footprints and the out-of-process peers (lab/run),
// then write the report (results.json first) and print the summary, which
// is printed even when writing a report file fails.
func runCmd(args []string, stdout, stderr io.Writer) error {
	o, err := parseFlags("run", args, true)
	if err != nil {
		return err
	}
	ref, err := reference.Load()
	if err != nil {
		return err
	}
	platforms, err := ref.ParsePlatforms(o.reference)
	if err != nil {
		return usageError{err}
	}
	out, err := prepareOut(o, time.Now())
	if err != nil {
		return err
	}
	bar := newProgress(stderr, 1)
	r, err := run.Run(context.Background(), o.runOptions(), bar.event)
	bar.finish()
	if err != nil {
		return err
	}
	r.Config.References = platforms
	werr := report.Write(out, r, ref, platforms)
	if err := report.Summary(stdout, r, ref, platforms); err != nil && werr == nil {
		werr = err
	}
	if werr != nil {
		if _, err := os.Stat(filepath.Join(out, report.JSONFile)); err == nil {
			fmt.Fprintf(stdout, "\nThe report in %s is incomplete; the measurements are in %s.\n", out, filepath.Join(out, report.JSONFile))
		}
		return werr
	}
	if !o.outSet {
		linkLatest(out)
	}
	fmt.Fprintf(stdout, "\nReport: %s (index.html, report.md, results.json, bench.txt)\n", out)
	return nil
}

// prepareOut decides and checks the report directory before anything is
// measured. Without --out each run writes a directory of its own,
// cryptolab-report/<UTC time>, so no run replaces another's report. An
// explicit --out must be empty or new, unless --force; either way the
// directory is created and a file is written and removed in it, so that an
// unwritable directory fails now, not after the measurements.
func prepareOut(o *options, now time.Time) (string, error) {
	dir := o.out
	if !o.outSet {
		stamp := now.UTC().Format("20060102-150405")
		dir = filepath.Join(o.out, stamp)
		for i := 2; ; i++ {
			if _, err := os.Lstat(dir); os.IsNotExist(err) {
				break
			}
			dir = filepath.Join(o.out, fmt.Sprintf("%s-%d", stamp, i))
		}
	} else if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 && !o.force {
		return "", usageError{fmt.Errorf("--out %s is not empty; choose a new directory, or add --force to replace the report in it", dir)}
	} else if err != nil && !os.IsNotExist(err) {
		return "", fmt.Errorf("--out %s: %v", dir, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("--out: cannot create the report directory: %v", err)
	}
	f, err := os.CreateTemp(dir, ".cryptolab-write-check-*")
	if err != nil {
		return "", fmt.Errorf("--out %s is not writable: %v", dir, err)
	}
	f.Close()
	os.Remove(f.Name())
	return dir, nil
}

// linkLatest points cryptolab-report/latest at the newest default report
// directory (best effort: a file system without symbolic links keeps the
// timestamped directories only).
func linkLatest(dir string) {
	link := filepath.Join(filepath.Dir(dir), "latest")
	if st, err := os.Lstat(link); err == nil && st.Mode()&os.ModeSymlink == 0 {
		return // something else is called latest: leave it
	}
	tmp := link + ".tmp"
	os.Remove(tmp)
	if err := os.Symlink(filepath.Base(dir), tmp); err == nil {
		if err := os.Rename(tmp, link); err != nil {
			os.Remove(tmp)
		}
	}
}

// listCmd is "cryptolab list".
func listCmd(args []string, stdout io.Writer) error {
	o, err := parseFlags("list", args, false)
	if err != nil {
		return err
	}
	cases := run.SelectCases(o.runOptions())
	w := newTable(stdout)
	w.row("suite", "table", "case", "impl", "config", "footprint")
	for _, c := range cases {
		fp := ""
		if c.Footprint != nil {
			fp = c.Footprint.Table
		}
		w.row(c.Suite, c.Table, c.Name, c.Impl, c.Config, fp)
	}
	w.flush()
	var empty []string
	for _, s := range o.suites {
		if !slices.ContainsFunc(suite.Cases(), func(c suite.Case) bool { return c.Suite == s }) {
			empty = append(empty, s)
		}
	}
	fmt.Fprintf(stdout, "\n%d cases", len(cases))
	if len(empty) > 0 {
		fmt.Fprintf(stdout, "; not implemented yet: %s", strings.Join(empty, ", "))
	}
	fmt.Fprintln(stdout)
	if !o.noPeers {
		fmt.Fprintln(stdout, "run also measures the out-of-process peers (Go standard library built with -tags purego; OpenSSL via \"openssl speed\" when installed).")
	}
	return nil
}

// referenceCmd is "cryptolab reference [--platform P] [suite|table ...]".
func referenceCmd(args []string, stdout io.Writer) error {
	fs := newFlagSet("reference")
	platform := fs.String("platform", "all", "")
	if err := parse(fs, args); err != nil {
		return err
	}
	ref, err := reference.Load()
	if err != nil {
		return err
	}
	platforms, err := ref.ParsePlatforms(*platform)
	if err != nil {
		return usageError{err}
	}
	tables, err := ref.SelectTables(fs.Args())
	if err != nil {
		return usageError{err}
	}
	return ref.Print(stdout, platforms, tables)
}
