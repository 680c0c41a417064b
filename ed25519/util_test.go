package ed25519_test

import (
	"runtime"
)

func goroot() string { return runtime.GOROOT() }
