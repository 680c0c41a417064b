package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/internal/dudect"
	"github.com/cryptolab-go/cryptolab/lab/ct"
)

// ctCmd is "cryptolab ct": the constant-time evidence (lab/ct) for every
// secret operation of every configuration, printed as a Markdown table and,
// with --out DIR, written to DIR/constant-time.md and DIR/constant-time.json
// and, when DIR holds a report, added to its report.md and index.html.
func ctCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ct", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	suites := fs.String("suite", "", "")
	configs := fs.String("config", "", "")
	per := fs.Duration("time", 3*time.Second, "")
	quick := fs.Bool("quick", false, "")
	out := fs.String("out", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return helpRequested{}
		}
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("unexpected argument %q", fs.Arg(0))}
	}
	opt := ct.Options{Time: *per, Seed: uint64(time.Now().UnixNano())}
	if *quick {
		opt.Time = 200 * time.Millisecond
	}
	if opt.Time <= 0 {
		return usageError{fmt.Errorf("--time must be positive")}
	}
	split := func(s string) []string {
		var l []string
		for _, x := range strings.Split(s, ",") {
			if x = strings.TrimSpace(x); x != "" {
				l = append(l, x)
			}
		}
		return l
	}
	opt.Families, opt.Configs = split(*suites), split(*configs)
	if n := len(ct.Selected(opt)); n <= 1 && (len(opt.Families) > 0 || len(opt.Configs) > 0) {
		return usageError{fmt.Errorf("no constant-time targets for --suite %q --config %q", *suites, *configs)}
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return err
		}
	}
	rows := ct.Run(opt, func(i, n int, t *dudect.Target) {
		fmt.Fprintf(stderr, "\r\033[K[%d/%d] %s", i+1, n, t.Name())
	})
	fmt.Fprint(stderr, "\r\033[K")
	if err := ct.WriteMarkdown(stdout, rows, opt); err != nil {
		return err
	}
	if *out != "" {
		var md, js strings.Builder
		ct.WriteMarkdown(&md, rows, opt)
		ct.WriteJSON(&js, rows)
		if err := os.WriteFile(filepath.Join(*out, "constant-time.md"), []byte(md.String()), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(*out, "constant-time.json"), []byte(js.String()), 0o644); err != nil {
			return err
		}
		// Beside a report: the section goes into report.md and index.html
		// (between markers, so a later run replaces it).
		var h strings.Builder
		ct.WriteHTML(&h, rows, opt)
		for _, f := range []struct{ name, section, begin, end, anchor string }{
			{"report.md", md.String(), "<!-- cryptolab ct -->", "<!-- /cryptolab ct -->", ""},
			{"index.html", h.String(), "<!-- cryptolab ct -->", "<!-- /cryptolab ct -->", "</main>"},
		} {
			path := filepath.Join(*out, f.name)
			doc, err := os.ReadFile(path)
			if err != nil {
				continue // no report there
			}
			if err := os.WriteFile(path, []byte(ct.Insert(string(doc), f.section, f.begin, f.end, f.anchor)), 0o644); err != nil {
				return err
			}
		}
	}
	for _, r := range rows {
		if v := r.Verdict(); v == "LEAK" || v == "MISSED" || v == "error" {
			return fmt.Errorf("constant-time evidence: %s/%s/%s/%s: %s (|t| = %.1f)", r.Family, r.Op, r.Params, r.Config, v, r.MaxT)
		}
	}
	return nil
}
