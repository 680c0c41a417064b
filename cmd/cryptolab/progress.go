package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/cryptolab-go/cryptolab/lab/run"
)

// progress is a one-line progress bar on stderr, redrawn with \r.
//
// It is hand-written rather than taken from a module such as
// github.com/schollz/progressbar: while cases are timed the bar must not
// run a goroutine of its own (the harness counts heap allocations
// process-wide, and the machine's two cores are shared with the measured
// thread), so it redraws only when the runner reports a step; a ticker
// redraws the clock only during the builds and the out-of-process peers.
// That is some eighty lines without a new dependency. When stderr is not a
// terminal it prints one line per phase and per tenth of the work instead.
type progress struct {
	mu      sync.Mutex
	label   string
	w       io.Writer
	tty     bool
	width   int
	total   int
	done    int
	start   time.Time
	phase   string
	lastPct int
	drawn   bool
	last    string
	stop    func() // stops the ticker; nil when not ticking
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: max(total, 1), start: time.Now(), width: 100, lastPct: -1}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	if c, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && c >= 40 {
		p.width = c
	}
	return p
}

// event shows one progress event of the run: a note on its own line, or
// the phase, label and work done. The bar redraws on a timer only while
// nothing is timed in this process (run.Event.Timed false).
func (p *progress) event(e run.Event) {
	if e.Note != "" {
		p.note(e.Note)
		return
	}
	p.mu.Lock()
	if e.Total > 0 {
		p.total = e.Total
	}
	p.mu.Unlock()
	if e.Timed && p.stop != nil {
		p.stop()
		p.stop = nil
	}
	if !e.Timed && p.stop == nil && e.Phase != run.PhaseDone {
		p.stop = p.ticking()
	}
	if e.Phase == run.PhaseDone && p.stop != nil {
		p.stop()
		p.stop = nil
	}
	p.step(e.Done, e.Phase, e.Label)
}

// step sets the work done so far and what is running now, and redraws.
func (p *progress) step(done int, phase, label string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = min(done, p.total)
	p.phase, p.label = phase, label
	p.draw()
}

// ticking redraws the bar every half second (so the clock moves during a
// long build) until the returned function is called. It is used only in
// phases where nothing is timed in this process: footprint builds and the
// out-of-process peers.
func (p *progress) ticking() (stop func()) {
	if !p.tty {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				p.mu.Lock()
				p.draw()
				p.mu.Unlock()
			}
		}
	}()
	return func() { close(done); <-finished }
}

func (p *progress) draw() {
	phase, label := p.phase, p.label
	elapsed := time.Since(p.start).Round(time.Second)
	pct := 100 * p.done / p.total
	if !p.tty {
		if pct/10 != p.lastPct/10 || phase != p.last {
			fmt.Fprintf(p.w, "cryptolab: %3d%% %s%s %s: %s\n", pct, elapsed, p.eta(), phase, label)
			p.lastPct = pct
			p.last = phase
		}
		return
	}
	const barLen = 24
	fill := barLen * p.done / p.total
	bar := strings.Repeat("=", fill)
	if fill < barLen {
		bar += ">" + strings.Repeat(" ", barLen-fill-1)
	}
	line := fmt.Sprintf("[%s] %3d%% %s%s %s: %s", bar, pct, elapsed, p.eta(), phase, label)
	if utf8.RuneCountInString(line) > p.width-1 {
		r := []rune(line)
		line = string(r[:p.width-2]) + "…"
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
	p.drawn = true
}

// eta estimates the time left from the pace so far (the steps are cases,
// footprint programs and peer cases, weighted alike), once there is a pace
// to go by.
func (p *progress) eta() string {
	elapsed := time.Since(p.start)
	if p.done == 0 || p.done >= p.total || elapsed < 3*time.Second {
		return ""
	}
	left := time.Duration(float64(elapsed) * float64(p.total-p.done) / float64(p.done))
	return ", ETA ~" + left.Round(time.Second).String()
}

// finish ends the bar's line.
func (p *progress) finish() {
	if p.stop != nil {
		p.stop()
		p.stop = nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty && p.drawn {
		fmt.Fprintf(p.w, "\r\x1b[K")
	}
	fmt.Fprintf(p.w, "cryptolab: done in %s\n", time.Since(p.start).Round(100*time.Millisecond))
}

// note prints a message on its own line without losing the bar.
func (p *progress) note(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty && p.drawn {
		fmt.Fprintf(p.w, "\r\x1b[K")
		p.drawn = false
	}
	fmt.Fprintf(p.w, "cryptolab: %s\n", msg)
}
