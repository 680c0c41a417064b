package main

import (
	"strings"
	"testing"
)

func TestCTUsage(t *testing.T) {
	for _, args := range [][]string{
		{"ct", "--time", "-1s"},
		{"ct", "--suite", "nope"},
		{"ct", "extra"},
	} {
		if code, _, stderr := runMain(t, args...); code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr)
		}
	}
}

func TestCTQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	dir := t.TempDir()
	code, stdout, stderr := runMain(t, "ct", "--suite", "aes", "--config", "Fast", "--time", "30ms", "--out", dir)
	if code != 0 && !strings.Contains(stderr, "constant-time evidence") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"## Constant-time evidence", "| aes | key setup | AES-256 | Fast |", "detected"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}
