package report

import (
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// TestWholeProgramCell checks the whole-program and BSS cells of a
// footprint row: the whole program is the file-backed code + constant +
// initialised data and its growth over the empty program, without the
// zero-filled BSS (here the 32 MiB of crypto/rand's entropy scratch
// buffer), which has its own cell; a results file from before the split
// (no BSS figure) keeps its total and says so, with no BSS cell.
func TestWholeProgramCell(t *testing.T) {
	fp := &result.Footprint{CodeBytes: 1800,
		Binary: &result.Footprint{CodeBytes: 600000, ConstBytes: 200000, GlobalBytes: 50000, BSSBytes: 33776184},
		Empty:  &result.Footprint{CodeBytes: 500000, ConstBytes: 140000, GlobalBytes: 28000, BSSBytes: 218968}}
	w, b := wholeCell(fp), bssCell(fp)
	if w.Text != "850,000" || w.Sub != "+182,000" || !strings.Contains(w.Title, "initialised data 50,000") {
		t.Errorf("whole program cell %+v, want 850,000 · +182,000", w)
	}
	if b.Text != "33,776,184" || b.Sub != "+33,557,216" {
		t.Errorf("BSS cell %+v, want 33,776,184 · +33,557,216", b)
	}
	old := &result.Footprint{Binary: &result.Footprint{CodeBytes: 600000, ConstBytes: 200000, GlobalBytes: 33826184}}
	if w, b := wholeCell(old), bssCell(old); w.Text != "34,626,184" || !strings.Contains(w.Title, "includes it") || b.Text != "—" {
		t.Errorf("older results: whole %+v, BSS %+v", w, b)
	}
	if w, b := wholeCell(&result.Footprint{}), bssCell(nil); w.Text != "—" || b.Text != "—" {
		t.Errorf("no whole-program figures: %+v %+v", w, b)
	}
}
