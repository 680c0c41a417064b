// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mlkem_test

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestACVPServer runs the complete NIST ACVP-Server sample vector sets
// ML-KEM-keyGen-FIPS203 and ML-KEM-encapDecap-FIPS203 (usnistgov/ACVP-Server
// at commit f38183487eeb, 75 keyGen, 75 encapsulation and 30 decapsulation
// cases over ML-KEM-512/768/1024), which the circl module (our test-only
// peer, v1.6.5) ships under kem/mlkem/testdata, in both configurations. The
// trimmed acvp-testdata set of TestACVP has only 768 and 1024.
func TestACVPServer(t *testing.T) {
	dir := circlDir(t)
	load := func(name, file string) []map[string]any {
		f, err := os.Open(filepath.Join(dir, "kem", "mlkem", "testdata", name, file))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		z, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			TestGroups []map[string]any `json:"testGroups"`
		}
		if err := json.NewDecoder(z).Decode(&v); err != nil {
			t.Fatal(err)
		}
		return v.TestGroups
	}
	// answers maps tcId to the expected-results test object.
	answers := func(name string) map[float64]map[string]any {
		m := map[float64]map[string]any{}
		for _, g := range load(name, "expectedResults.json.gz") {
			for _, tc := range g["tests"].([]any) {
				tc := tc.(map[string]any)
				m[tc["tcId"].(float64)] = tc
			}
		}
		return m
	}
	hx := func(v any) []byte {
		b, err := hex.DecodeString(v.(string))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	n := map[string]int{}
	want := answers("ML-KEM-keyGen-FIPS203")
	for _, g := range load("ML-KEM-keyGen-FIPS203", "prompt.json.gz") {
		k := kemByName(g["parameterSet"].(string))
		for _, tc := range g["tests"].([]any) {
			tc := tc.(map[string]any)
			res := want[tc["tcId"].(float64)]
			for _, cfg := range configs {
				dk, err := k.newDK(append(hx(tc["d"]), hx(tc["z"])...), cfg)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(k.ekOf(dk).Bytes(), hx(res["ek"])) || !bytes.Equal(k.expandedDK(dk), hx(res["dk"])) {
					t.Errorf("%s keyGen tcId %v %v", k.name, tc["tcId"], cfg)
				}
				n["keyGen/"+k.name+"/"+cfg.String()]++
			}
		}
	}
	want = answers("ML-KEM-encapDecap-FIPS203")
	for _, g := range load("ML-KEM-encapDecap-FIPS203", "prompt.json.gz") {
		k := kemByName(g["parameterSet"].(string))
		fn := g["function"].(string)
		for _, tc := range g["tests"].([]any) {
			tc := tc.(map[string]any)
			res := want[tc["tcId"].(float64)]
			for _, cfg := range configs {
				switch fn {
				case "encapsulation":
					ek, err := k.newEK(hx(tc["ek"]), cfg)
					if err != nil {
						t.Fatal(err)
					}
					K, c, err := k.encDerand(ek, hx(tc["m"]))
					if err != nil || !bytes.Equal(c, hx(res["c"])) || !bytes.Equal(K, hx(res["k"])) {
						t.Errorf("%s encapsulation tcId %v %v", k.name, tc["tcId"], cfg)
					}
				case "decapsulation":
					K, err := k.decExpanded(hx(g["dk"]), hx(tc["c"]), cfg)
					if err != nil || !bytes.Equal(K, hx(res["k"])) {
						t.Errorf("%s decapsulation tcId %v %v: %v", k.name, tc["tcId"], cfg, err)
					}
				default:
					t.Fatalf("unknown function %q", fn)
				}
				n[fn+"/"+k.name+"/"+cfg.String()]++
			}
		}
	}
	for _, fn := range []string{"keyGen", "encapsulation", "decapsulation"} {
		for _, k := range kems {
			for _, cfg := range configs {
				if n[fn+"/"+k.name+"/"+cfg.String()] == 0 {
					t.Errorf("no %s vectors for %s %v", fn, k.name, cfg)
				}
			}
		}
	}
	t.Log(n)
}

// circlDir returns the directory of the circl module in the module cache
// (downloaded by the go command if needed, as a dependency in go.mod).
func circlDir(t *testing.T) string {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		goTool = "go"
	}
	out, err := exec.Command(goTool, "list", "-m", "-f", "{{.Dir}}", "github.com/cloudflare/circl").Output()
	if err != nil {
		t.Fatalf("locating circl: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		out, err := exec.Command(goTool, "mod", "download", "-json", "github.com/cloudflare/circl").Output()
		if err != nil {
			t.Fatalf("downloading circl: %v", err)
		}
		var info struct{ Dir string }
		if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
			t.Fatalf("downloading circl: %v %s", err, out)
		}
		dir = info.Dir
	}
	return dir
}
