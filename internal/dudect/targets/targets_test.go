package targets

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cryptolab-go/cryptolab/internal/dudect"
)

// The short constant-time test: every Quick target (one parameter set per
// configuration of each family, and the planted leak) for 600 ms each (more
// where a target sets QuickTime), with max |t| < 10 (see package dudect for
// why not 4.5). A target over the bound is measured once more and fails only
// if it is over again: on a shared machine a burst of interference can,
// rarely, line up with one class, but a real leak shows every time.
//
// CRYPTOLAB_LONG=1 runs every target (all parameter sets); the lab's
// "cryptolab ct" runs them all for longer and writes the table.
//
// CRYPTOLAB_CT_TIME=3s changes the time per target.

// pending lists targets (by prefix of their Name) whose known leak is being
// fixed elsewhere: they are measured and logged but do not fail the test.
// Each entry must name its issue and be removed when the fix lands.
var pending = map[string]string{}

func pendingReason(name string) (string, bool) {
	for prefix, why := range pending {
		if strings.HasPrefix(name, prefix) {
			return why, true
		}
	}
	return "", false
}

func TestConstantTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test (about 20 s)")
	}
	d := 600 * time.Millisecond
	if s := os.Getenv("CRYPTOLAB_CT_TIME"); s != "" {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			t.Fatal(err)
		}
	}
	long := os.Getenv("CRYPTOLAB_LONG") == "1"
	for i, tg := range All() {
		if !tg.Quick && !long {
			continue
		}
		t.Run(strings.ReplaceAll(tg.Name()+"/"+tg.Classes[0]+" vs "+tg.Classes[1], " ", "_"), func(t *testing.T) {
			opt := dudect.Options{Duration: d, Seed: uint64(i) + 1}
			if tg.QuickTime > 0 && !long {
				opt.Duration = tg.QuickTime
			}
			r, err := dudect.Measure(tg, opt)
			if errors.Is(err, dudect.ErrTooFew) {
				// An emulated run (GOARCH=arm64 under qemu) can be too
				// slow: no evidence either way, and said so.
				t.Skip(err)
			}
			if err != nil {
				t.Fatal(err)
			}
			t.Log(r)
			if tg.Leaky {
				if r.MaxT < 10 {
					t.Errorf("planted leak not detected: %v", r)
				}
				return
			}
			if r.MaxT < 10 {
				return
			}
			if tg.Tolerance > 0 && r.RelDiff() < tg.Tolerance {
				t.Logf("|t| = %.1f from a %.3f%% difference of the means, within the target's tolerance of %.1f%% (%s)",
					r.MaxT, 100*r.RelDiff(), 100*tg.Tolerance, tg.Note)
				return
			}
			opt.Seed += 1000
			r2, err := dudect.Measure(tg, opt)
			if errors.Is(err, dudect.ErrTooFew) {
				t.Skip(err)
			}
			if err != nil {
				t.Fatal(err)
			}
			t.Log("again:", r2)
			if r2.MaxT < 10 || (tg.Tolerance > 0 && r2.RelDiff() < tg.Tolerance) {
				return
			}
			if why, ok := pendingReason(tg.Name()); ok {
				t.Skipf("PENDING (%s): |t| = %.1f, %.1f", why, r.MaxT, r2.MaxT)
			}
			t.Errorf("timing depends on the input class (%s vs %s): |t| = %.1f, then %.1f; worst crop %+v",
				tg.Classes[0], tg.Classes[1], r.MaxT, r2.MaxT, r2.Worst)
		})
	}
}
