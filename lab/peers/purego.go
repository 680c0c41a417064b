package peers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"

	"github.com/cryptolab-go/cryptolab/lab/gobuild"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

// commandPkg is the command the purego copy is built from.
const commandPkg = "./cmd/cryptolab"

// PuregoBinary returns the path of a copy of cmd/cryptolab built with
// -tags purego, building it unless the cache already holds one for this go
// version, target and source tree (lab/gobuild). It reports whether it was
// built now.
func PuregoBinary(ctx context.Context, opt Options) (path string, built bool, err error) {
	return gobuild.Binary{
		Pkg:      commandPkg,
		Name:     "cryptolab-purego",
		Tags:     []string{"purego"},
		Env:      []string{"CGO_ENABLED=0"},
		Version:  "purego-v2",
		Root:     opt.ModuleRoot,
		GoCmd:    opt.GoCmd,
		CacheDir: opt.CacheDir,
	}.Build(ctx)
}

// runPurego builds (or reuses) the purego copy of the command and runs its
// worker on the standard-library cases.
func runPurego(ctx context.Context, opt Options) ([]result.Result, error) {
	return runPuregoImpl(ctx, opt, ImplGo, ImplGoPurego, "standard library built with -tags purego, measured in a separate process")
}

// runPuregoImpl runs the purego worker on the cases of impl and relabels
// their results label, with note.
func runPuregoImpl(ctx context.Context, opt Options, impl, label, note string) ([]result.Result, error) {
	if opt.Progress != nil {
		opt.Progress(0, 1, "building cryptolab with -tags purego")
	}
	bin, _, err := PuregoBinary(ctx, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", label, err)
	}
	args := []string{"worker", "--impl", impl}
	if len(opt.Suites) > 0 {
		args = append(args, "--suite", strings.Join(opt.Suites, ","))
	}
	if opt.Quick {
		args = append(args, "--quick")
	}
	if opt.MinTime > 0 {
		args = append(args, "--min-time", opt.MinTime.String())
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %v", label, err)
	}
	// Read standard error to its end before Wait closes the pipe.
	msgs := <-forwardProgress(stderr, opt.Progress, label)
	err = cmd.Wait()
	if err != nil {
		return nil, fmt.Errorf("%s: worker: %v: %s", label, err, strings.TrimSpace(msgs))
	}
	out, err := decodeWorker(stdout.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: %v", label, err)
	}
	if !out.Purego {
		return nil, fmt.Errorf("%s: the worker binary was not built with -tags purego", label)
	}
	return relabel(out.Results, label, note), nil
}

// forwardProgress reads the worker's standard error, passes progress lines
// to progress and returns the other lines when the stream ends.
func forwardProgress(r io.Reader, progress func(done, total int, label string), impl string) <-chan string {
	ch := make(chan string, 1)
	go func() {
		var other strings.Builder
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if rest, ok := strings.CutPrefix(line, progressPrefix); ok {
				f := strings.SplitN(rest, "\t", 3)
				if len(f) == 3 && progress != nil {
					done, _ := strconv.Atoi(f[0])
					total, _ := strconv.Atoi(f[1])
					progress(done, total, impl+": "+f[2])
				}
				continue
			}
			other.WriteString(line)
			other.WriteByte('\n')
		}
		io.Copy(io.Discard, r) // after a too-long line, drain to EOF
		ch <- other.String()
	}()
	return ch
}

func decodeWorker(data []byte) (*WorkerOutput, error) {
	var out WorkerOutput
	if err := json.Unmarshal(bytes.TrimSpace(data), &out); err != nil {
		return nil, fmt.Errorf("worker output: %v", err)
	}
	return &out, nil
}

// relabel renames the implementation of worker results and notes where
// they come from.
func relabel(rs []result.Result, impl, note string) []result.Result {
	for i := range rs {
		rs[i].Impl = impl
		rs[i].Config = ""
		if rs[i].Note == "" {
			rs[i].Note = note
		} else {
			rs[i].Note = note + "; " + rs[i].Note
		}
	}
	return rs
}
