package result

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func sampleRun() *Run {
	return &Run{
		Machine: Machine{CPUModel: "Test CPU", Cores: 2, OS: "linux", Arch: "amd64",
			GoVersion: "go1.26", Features: []string{"AES-NI"}, Counter: "RDTSC",
			CounterHz: 2.096e9, CoreHz: 3.4e9, CoreMethod: "dependent adds",
			Started: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Duration: 1.5},
		Config: RunConfig{Suites: []string{"sha"}, MinTimeNs: 1e8, References: []string{"h563-v5"}, Peers: true},
		Results: []Result{{
			Table: "sha_sole", Case: "SHA/sole/hash=SHA256/size=32",
			Params: map[string]string{"hash": "SHA256", "buffer_bytes": "32"},
			Impl:   "cryptolab", Status: StatusOK, Ops: 1000,
			Ns:        Stats{Unit: "ns/op", Median: 100, Min: 90, Max: 120, Spread: 0.3, Samples: []float64{90, 100, 120}},
			NsSource:  "cpu",
			Footprint: &Footprint{CodeBytes: 1, ConstBytes: 2, GlobalBytes: 3},
			Stack:     512, Working: 208,
		}},
	}
}

func TestFileRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.json")
	in := sampleRun()
	if err := WriteFile(path, in); err != nil {
		t.Fatal(err)
	}
	out, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("round trip changed the run:\n in: %+v\nout: %+v", in, out)
	}
}

func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"garbage": "not json",
		"array":   "[1,2]",
		"unknown": `{"schema":1,"bogus":true}`,
		"schema":  `{"schema":99}`,
		"trailer": `{"schema":1} {}`,
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadFile(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: err = %v, want an error naming the file", name, err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing file: no error")
	}
}

// FuzzDecode checks that Decode never panics and that what it accepts
// re-encodes to a fixed point.
func FuzzDecode(f *testing.F) {
	b, _ := json.Marshal(sampleRun())
	f.Add(b)
	f.Add([]byte(`{"schema":1}`))
	f.Add([]byte(`{"schema":1,"results":[{"params":{},"ns":{"samples":[]}}]}`))
	f.Add([]byte(`{"schema":1,"machine":{"started":"2026-01-02T03:04:05.5Z"}}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, in []byte) {
		r, err := Decode("fuzz", in)
		if err != nil {
			return
		}
		b1, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("accepted input does not re-encode: %v", err)
		}
		r2, err := Decode("fuzz", b1)
		if err != nil {
			t.Fatalf("re-encoded run rejected: %v", err)
		}
		b2, _ := json.Marshal(r2)
		if string(b1) != string(b2) {
			t.Fatalf("encoding not stable:\n%s\n%s", b1, b2)
		}
	})
}
