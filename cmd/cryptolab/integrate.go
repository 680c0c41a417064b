package main

import (
	"context"
	"io"

	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/peers"
	"github.com/cryptolab-go/cryptolab/lab/reference"
	"github.com/cryptolab-go/cryptolab/lab/report"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

// writeReport writes the report directory (lab/report).
func writeReport(dir string, run *result.Run, ref *reference.Dataset, platforms []string) error {
	return report.Write(dir, run, ref, platforms)
}

// summary writes the terminal summary table (lab/report).
func summary(w io.Writer, run *result.Run, ref *reference.Dataset, platforms []string) error {
	return report.Summary(w, run, ref, platforms)
}

// peerOptions are the lab/peers settings of this run. progress gets the
// fraction of the peers' work done.
func peerOptions(o *options, opt measure.Options, cal measure.Calibration, progress func(frac float64, label string)) peers.Options {
	return peers.Options{
		Suites:    o.suites,
		Quick:     o.quick,
		MinTime:   opt.MinTime,
		CounterHz: cal.CounterHz,
		CoreHz:    cal.CoreHz,
		Progress: func(done, total int, label string) {
			if total > 0 && progress != nil {
				progress(float64(done)/float64(total), label)
			}
		},
	}
}

// prebuildPeers builds (or finds cached) the purego copy of this command
// that the go-purego peer runs, so that the build can overlap the footprint
// builds instead of following them.
func prebuildPeers(ctx context.Context, popt peers.Options) error {
	_, _, err := peers.PuregoBinary(ctx, popt)
	return err
}

// runPeers measures the out-of-process peers (lab/peers): the Go standard
// library built with -tags purego, through the cached build of this command
// running the hidden worker subcommand, and OpenSSL's "openssl speed" when
// installed. It returns their results and the peers' method descriptions.
func runPeers(ctx context.Context, popt peers.Options) ([]result.Result, map[string]string, error) {
	rs, err := peers.Run(ctx, popt)
	return rs, peers.Methods(), err
}

// workerCmd is the hidden "cryptolab worker" subcommand that lab/peers runs
// in the purego build of this command.
func workerCmd(args []string, stdout io.Writer) error {
	return peers.Worker(args, stdout)
}
