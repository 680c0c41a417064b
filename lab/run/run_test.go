package run

import (
	"testing"

	_ "github.com/cryptolab-go/cryptolab/lab/cases"
	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

func TestRederivePurego(t *testing.T) {
	cal := measure.Calibration{CounterHz: 2e9, CoreHz: 3e9}
	r := result.Result{Impl: "go-purego", Status: result.StatusOK,
		Ns:     measure.Summarize("ns/op", []float64{100, 200}, true),
		WallNs: measure.Summarize("ns/op", []float64{110, 220}, true),
		Ticks:  measure.Summarize("ticks/op", []float64{110, 220}, false), // monotonic ns in the worker
	}
	Rederive(&r, cal)
	Rederive(&r, cal) // idempotent
	if r.Cycles.Min != 300 || r.Cycles.Max != 600 || r.Ticks.Min != 220 || r.Ticks.Max != 440 {
		t.Errorf("cycles %+v ticks %+v", r.Cycles, r.Ticks)
	}
	mine := result.Result{Impl: Ours, Status: result.StatusOK, Ns: r.Ns, Cycles: result.Stats{Median: 7}}
	Rederive(&mine, cal)
	if mine.Cycles.Median != 7 {
		t.Error("Rederive changed a result of ours")
	}
	// A rejected core clock leaves the purego cycles out too.
	Rederive(&r, measure.Calibration{CounterHz: 2e9})
	if r.Cycles.Median != 0 {
		t.Errorf("cycles %+v without a core clock", r.Cycles)
	}
}

// TestSelectConfigs checks --config selection: a prefix selects every
// configuration it starts (Small: Small-Low and Small-High of ECDSA, Small
// of AES), a page value selects the cases mapped to it, and cases without
// a configuration are always kept.
func TestSelectConfigs(t *testing.T) {
	got := map[string]bool{}
	for _, c := range SelectCases(Options{Suites: []string{"aes", "ecdsa", "sha"}, Configs: []string{"Small"}}) {
		got[c.Suite+"/"+c.Impl+"/"+c.Config] = true
	}
	for _, k := range []string{"ecdsa/cryptolab/Small-Low", "ecdsa/cryptolab/Small-High", "aes/cryptolab/Small", "sha/go/", "ecdsa/go/", "aes/go/"} {
		if !got[k] {
			t.Errorf("--config Small does not select %s", k)
		}
	}
	// SHA's cases name "Native" where sha2 runs assembly on this
	// processor (lab/cases/sha.go), none where it runs its Go code: only
	// the latter are kept by --config Small; --config Native selects
	// the former.
	native := map[string]bool{}
	for _, c := range SelectCases(Options{Suites: []string{"sha"}, Configs: []string{"Native"}, NoPeers: true}) {
		native[c.Config] = true
	}
	for _, c := range suite.Cases() {
		if c.Suite != "sha" || c.Impl != Ours {
			continue
		}
		if c.Config == "" && !got["sha/cryptolab/"] {
			t.Errorf("--config Small does not select %s without a configuration", c.Name)
		}
		if c.Config == "Native" && (got["sha/cryptolab/Native"] || !native["Native"]) {
			t.Errorf("--config Small selects, or --config Native does not select, %s (Native)", c.Name)
		}
	}
	for _, k := range []string{"ecdsa/cryptolab/Fast-Low", "aes/cryptolab/Fast"} {
		if got[k] {
			t.Errorf("--config Small selects %s", k)
		}
	}
	n := 0
	for _, c := range SelectCases(Options{Suites: []string{"ecdsa"}, Configs: []string{"SuperFast"}, NoPeers: true}) {
		if c.Config != "Fast-Low" && c.Config != "Fast-High" || c.Params["curve"] != "SECP256R1" {
			t.Errorf("--config SuperFast selects %s %s", c.Name, c.Config)
		}
		n++
	}
	if n != 4 {
		t.Errorf("--config SuperFast selects %d cases, want 4 (P-256 Fast-Low/High × sign/verify)", n)
	}
}
