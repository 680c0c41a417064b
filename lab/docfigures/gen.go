//go:build ignore

// gen.go rewrites the generated figures of the package docs
// (go generate ./lab/docfigures), or, with -snapshot SUITE=FILE, stores a
// run's results.json as the suite's snapshot in testdata first.
package main

import (
	"flag"
	"fmt"
	"log"
	"path/filepath"
	"strings"

	"github.com/cryptolab-go/cryptolab/lab/docfigures"
	"github.com/cryptolab-go/cryptolab/lab/result"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("docfigures: ")
	snapshot := flag.String("snapshot", "", "store `SUITE=FILE` (a results.json or report directory) as testdata/SUITE.json before rewriting")
	root := flag.String("root", "../..", "the module root")
	flag.Parse()
	if *snapshot != "" {
		suite, file, ok := strings.Cut(*snapshot, "=")
		if !ok || suite == "" || strings.ContainsAny(suite, `/\.`) {
			log.Fatalf("-snapshot %q: want SUITE=FILE", *snapshot)
		}
		if !strings.HasSuffix(file, ".json") {
			file = filepath.Join(file, "results.json")
		}
		r, err := result.ReadFile(file)
		if err != nil {
			log.Fatal(err)
		}
		docfigures.Snapshot(r, suite, docfigures.Blocks)
		if err := docfigures.WriteSnapshot(docfigures.SnapshotPath(suite), r); err != nil {
			log.Fatal(err)
		}
	}
	changed, err := docfigures.Update(*root, ".", docfigures.Blocks)
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range changed {
		fmt.Println("rewrote", f)
	}
}
