// Package gentest is the test helper behind the "generated file is current"
// tests: it builds a package's generator, runs it into a scratch directory
// and compares what it writes with the committed files.
//
// This is a test-only package: nothing outside _test.go files imports it.
package gentest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Generator describes how a package's go:generate step is run.
type Generator struct {
	// File is the generator's source file in the package directory
	// (a //go:build ignore main program, e.g. "gen.go").
	File string
	// Args are its arguments; "$DIR" in an argument is replaced by the
	// scratch directory the generated files must be written to.
	Args []string
	// InDir runs the generator with the scratch directory as its working
	// directory (for generators that write their files there); otherwise
	// it runs in the package directory, where it may read the package's
	// sources.
	InDir bool
}

// Check runs g and fails the test for each of files (names relative to the
// package directory, written by g to the scratch directory under the same
// base name) that differs from the committed file. It is skipped with
// -short and when there is no go command.
//
// The generator is built with go build and then run, rather than with
// go run, so that an argument ending in .go is an argument and not a
// source file.
func Check(t *testing.T, g Generator, files ...string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the generator")
	}
	gocmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gocmd); err != nil {
		p, err := exec.LookPath("go")
		if err != nil {
			t.Skip("no go command to build the generator with")
		}
		gocmd = p
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "generator.exe")
	build := exec.Command(gocmd, "build", "-o", exe, g.File)
	// For the host (GOOS and GOARCH empty): under GOARCH=arm64 go test -exec
	// qemu-aarch64 this process is emulated, but the generator it runs is not.
	build.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off", "GOOS=", "GOARCH=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", g.File, err, out)
	}
	args := make([]string, len(g.Args))
	for i, a := range g.Args {
		args[i] = strings.ReplaceAll(a, "$DIR", dir)
	}
	run := exec.Command(exe, args...)
	if g.InDir {
		run.Dir = dir
	}
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", g.File, strings.Join(args, " "), err, out)
	}
	for _, name := range files {
		want, err := os.ReadFile(filepath.Join(dir, filepath.Base(name)))
		if err != nil {
			t.Errorf("%s did not write %s: %v", g.File, name, err)
			continue
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Error(err)
			continue
		}
		if !bytes.Equal(got, want) {
			wd, _ := os.Getwd()
			t.Errorf("%s is stale: run go generate in %s", name, filepath.Base(wd))
		}
	}
}
