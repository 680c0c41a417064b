// Package report writes what a cryptolab run measured: report.md,
// index.html (one self-contained page: inline CSS and SVG charts, nothing
// fetched), results.json, bench.txt (Go benchmark format, for benchstat),
// charts/*.svg (the charts report.md links) and a summary for the terminal.
//
// The layout follows the STM32 pages: 1. Measurement configuration, then
// 2. Performance values numbered like the pages (2.1 AES: 2.1.1 sole buffer,
// 2.1.2 data flow; 2.2 HASH; 2.3 ECDSA; 2.4 EdDSA; 2.5 RSA; 2.6 ML-DSA;
// 2.7 ML-KEM; 2.8 LMS). Each table lists our results row by row beside the
// published rows of each chosen platform and the peers, is followed by its
// charts and its footprint table. Families without results say so; no
// figure is ever invented.
//
// Results are lined up with published rows through their Table and Params
// (reference column names and values): results of Impl "cryptolab" name
// their configuration in Params and match one row; peers leave the
// configuration out and are shown once per operation point, with their
// ratio to our fastest configuration there.
package report

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/cryptolab-go/cryptolab/lab/reference"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

// Files written by Write, relative to its directory.
const (
	MarkdownFile = "report.md"
	HTMLFile     = "index.html"
	JSONFile     = "results.json"
	BenchFile    = "bench.txt"
	ChartDir     = "charts"
)

// Write writes the report directory dir (created if needed): results.json
// first (the measurements are kept whatever fails after it), then
// report.md, index.html, bench.txt and charts/*.svg. platforms are the
// reference platform ids to show, in order (see reference.ParsePlatforms);
// the first one is the one drawn in the charts. Chart files of an earlier
// report in dir that this one does not have are removed.
func Write(dir string, run *result.Run, ref *reference.Dataset, platforms []string) error {
	return WriteMachines(dir, []*result.Run{run}, ref, platforms)
}

// WriteMachines writes one report of several runs, usually from different
// machines (cryptolab report run1/results.json run2/results.json ...): the
// first run is laid out as Write does, and each further run adds a column
// of our results on its machine beside the published STM32 platforms, as
// the pages set platforms side by side. results.json holds the first run,
// machines/<n>.json each further one.
func WriteMachines(dir string, runs []*result.Run, ref *reference.Dataset, platforms []string) error {
	if len(runs) == 0 {
		return fmt.Errorf("report: no runs")
	}
	run := runs[0]
	v, err := newView(run, ref, platforms, runs[1:]...)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, ChartDir), 0o755); err != nil {
		return err
	}
	if err := result.WriteFile(filepath.Join(dir, JSONFile), run); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	for i, other := range runs[1:] {
		if err := os.MkdirAll(filepath.Join(dir, "machines"), 0o755); err != nil {
			return err
		}
		if err := result.WriteFile(filepath.Join(dir, "machines", fmt.Sprintf("%d.json", i+2)), other); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	charts := make(map[string]string)
	for _, fv := range v.Families {
		for _, tv := range fv.Tables {
			for i, ch := range tv.Charts {
				charts[filepath.FromSlash(chartFile(tv, i))] = ch.SVG(true) + "\n"
			}
		}
	}
	old, _ := filepath.Glob(filepath.Join(dir, ChartDir, "*.svg"))
	for _, f := range old {
		rel, err := filepath.Rel(dir, f)
		if err == nil {
			if _, keep := charts[rel]; !keep {
				os.Remove(f)
			}
		}
	}
	for rel, svg := range charts {
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(svg), 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, MarkdownFile), []byte(v.markdown()), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, HTMLFile), []byte(v.html()), 0o644); err != nil {
		return err
	}
	var bench bytes.Buffer
	if err := WriteBench(&bench, run); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, BenchFile), bench.Bytes(), 0o644)
}

// Summary writes the terminal summary of a run: per table, one line per
// operation point with our configurations, the peers and the first chosen
// STM32 platform, ratios as their time ÷ our best time.
func Summary(w io.Writer, run *result.Run, ref *reference.Dataset, platforms []string) error {
	return SummaryMachines(w, []*result.Run{run}, ref, platforms)
}

// SummaryMachines is Summary for several runs (see WriteMachines): each
// further run adds a column of our fastest configuration on its machine.
func SummaryMachines(w io.Writer, runs []*result.Run, ref *reference.Dataset, platforms []string) error {
	if len(runs) == 0 {
		return fmt.Errorf("report: no runs")
	}
	v, err := newView(runs[0], ref, platforms, runs[1:]...)
	if err != nil {
		return err
	}
	return v.summary(w)
}

// WriteMarkdown writes report.md alone (its charts are links to
// charts/*.svg, which only Write creates).
func WriteMarkdown(w io.Writer, run *result.Run, ref *reference.Dataset, platforms []string) error {
	v, err := newView(run, ref, platforms)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, v.markdown())
	return err
}

// WriteHTML writes index.html alone.
func WriteHTML(w io.Writer, run *result.Run, ref *reference.Dataset, platforms []string) error {
	v, err := newView(run, ref, platforms)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, v.html())
	return err
}
