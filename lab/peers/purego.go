package peers

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/cryptolab-go/cryptolab/lab/footprint"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

// commandPkg is the command the purego copy is built from.
const commandPkg = "./cmd/cryptolab"

// PuregoBinary returns the path of a copy of cmd/cryptolab built with
// -tags purego, building it unless the cache already holds one for this go
// version, target and source tree. It reports whether it was built now.
func PuregoBinary(ctx context.Context, opt Options) (path string, built bool, err error) {
	goCmd := opt.GoCmd
	if goCmd == "" {
		goCmd = "go"
	}
	root := opt.ModuleRoot
	if root == "" {
		root, err = footprint.FindModuleRoot(ctx, goCmd, footprint.ModulePath)
		if err != nil {
			return "", false, err
		}
	}
	envOut, err := exec.CommandContext(ctx, goCmd, "env", "GOVERSION", "GOOS", "GOARCH", "GOAMD64", "GOARM64").Output()
	if err != nil {
		return "", false, fmt.Errorf("go env: %v", err)
	}
	src, err := footprint.HashSources(root, nil)
	if err != nil {
		return "", false, err
	}
	h := sha256.New()
	fmt.Fprintf(h, "purego-v1\n%s\n%s\n", envOut, src)
	key := hex.EncodeToString(h.Sum(nil))[:24]

	dir := opt.CacheDir
	if dir == "" {
		ucd, err := os.UserCacheDir()
		if err != nil {
			ucd = os.TempDir()
		}
		dir = filepath.Join(ucd, "cryptolab", "peers")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", false, err
	}
	const prefix = "cryptolab-purego-"
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	path = filepath.Join(dir, prefix+key+exe)
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		return path, false, nil
	}
	tmp := path + ".tmp" + strconv.Itoa(os.Getpid())
	cmd := exec.CommandContext(ctx, goCmd, "build", "-tags", "purego", "-trimpath", "-o", tmp, commandPkg)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		return "", false, fmt.Errorf("go build -tags purego %s: %v: %s", commandPkg, err, strings.TrimSpace(stderr.String()))
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return "", false, err
	}
	// Older copies are stale: remove them.
	if old, _ := filepath.Glob(filepath.Join(dir, prefix+"*")); old != nil {
		for _, o := range old {
			if o != path {
				os.Remove(o)
			}
		}
	}
	return path, true, nil
}

// runPurego builds (or reuses) the purego copy of the command and runs its
// worker on the standard-library cases.
func runPurego(ctx context.Context, opt Options) ([]result.Result, error) {
	if opt.Progress != nil {
		opt.Progress(0, 1, "building cryptolab with -tags purego")
	}
	bin, _, err := PuregoBinary(ctx, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", ImplGoPurego, err)
	}
	args := []string{"worker", "--impl", ImplGo}
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
		return nil, fmt.Errorf("%s: %v", ImplGoPurego, err)
	}
	// Read standard error to its end before Wait closes the pipe.
	msgs := <-forwardProgress(stderr, opt.Progress)
	err = cmd.Wait()
	if err != nil {
		return nil, fmt.Errorf("%s: worker: %v: %s", ImplGoPurego, err, strings.TrimSpace(msgs))
	}
	out, err := decodeWorker(stdout.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: %v", ImplGoPurego, err)
	}
	if !out.Purego {
		return nil, fmt.Errorf("%s: the worker binary was not built with -tags purego", ImplGoPurego)
	}
	return relabel(out.Results, ImplGoPurego, "standard library built with -tags purego, measured in a separate process"), nil
}

// forwardProgress reads the worker's standard error, passes progress lines
// to progress and returns the other lines when the stream ends.
func forwardProgress(r io.Reader, progress func(done, total int, label string)) <-chan string {
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
					progress(done, total, ImplGoPurego+": "+f[2])
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
