package main

import (
	"context"
	"os/exec"
	"strings"
	"time"
)

// gitRevision describes the source tree in the working directory when the
// binary carries no VCS stamp ("go run" does not stamp one): the commit,
// with "+dirty" if tracked files differ from it. It returns "" outside a
// git checkout or without git.
func gitRevision() string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return ""
	}
	rev := strings.TrimSpace(string(out))
	st, err := exec.CommandContext(ctx, "git", "status", "--porcelain", "--untracked-files=no").Output()
	if err == nil && len(strings.TrimSpace(string(st))) > 0 {
		rev += "+dirty"
	}
	return rev + " (git checkout)"
}
