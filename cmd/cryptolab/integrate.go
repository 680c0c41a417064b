package main

import (
	"io"

	"github.com/cryptolab-go/cryptolab/lab/peers"
)

// workerCmd is the hidden "cryptolab worker" subcommand that lab/peers runs
// in the purego build of this command.
func workerCmd(args []string, stdout io.Writer) error {
	return peers.Worker(args, stdout)
}
