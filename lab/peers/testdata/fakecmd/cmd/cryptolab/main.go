// Command cryptolab is a stand-in for the real command in the peers tests:
// its worker subcommand prints two progress lines and a fixed result, and
// says whether it was built with -tags purego.
package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] != "worker" {
		fmt.Fprintln(os.Stderr, "usage: cryptolab worker ...")
		os.Exit(2)
	}
	args := strings.Join(os.Args[2:], " ")
	if strings.Contains(args, "--suite lms") {
		fmt.Fprintln(os.Stderr, "worker: planted failure")
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "progress\t0\t1\tSHA/sole/hash=SHA256/size=32 [go]\n")
	fmt.Fprintf(os.Stderr, "a stray diagnostic line\n")
	fmt.Fprintf(os.Stderr, "progress\t1\t1\t\n")
	fmt.Printf(`{"purego":%v,"go_version":"go1.x","results":[{"table":"sha_sole","case":"SHA/sole/hash=SHA256/size=32","params":{"hash":"SHA256","buffer_bytes":"32"},"impl":"go","status":"ok","note":"args: %s","ops":10,"ns":{"unit":"ns/op","median":100,"min":90,"max":110,"spread":0.2}}]}`+"\n", purego, args)
}
