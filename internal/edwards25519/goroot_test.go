package edwards25519

import "runtime"

func runtimeGOROOT() string { return runtime.GOROOT() }
