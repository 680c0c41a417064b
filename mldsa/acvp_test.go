// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

package mldsa

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

	"github.com/cryptolab-go/cryptolab/internal/acvp"
)

// TestACVP runs the ML-DSA keyGen, sigGen and sigVer vector sets of the
// pinned acvp-testdata module (NIST ACVTS demo server, FIPS204 revision)
// in both configurations: key generation from ξ, signing with the
// external (pure, with context) and internal (external μ) interfaces,
// deterministic and hedged, and verification of both interfaces. The set
// has no pre-hash groups; HashML-DSA is checked in TestHashMLDSA.
func TestACVP(t *testing.T) {
	n := map[string]int{}
	for _, vs := range acvp.Load(t, "ML-DSA") {
		for _, g := range vs.Groups {
			ps := setByName(g.Fields.String("parameterSet"))
			if ps == nil {
				t.Fatalf("unknown parameter set %q", g.Fields.String("parameterSet"))
			}
			for _, tc := range g.Tests {
				for _, cfg := range configs {
					key := vs.Mode + "/" + kindOf(tc) + "/" + cfg.String()
					switch vs.Mode {
					case "keyGen":
						checkKeyGen(t, ps, cfg, tc.Hex("seed"), tc.Hex("pk"), tc.Hex("sk"))
					case "sigGen":
						var rnd [32]byte
						if !tc.Bool("deterministic") {
							rnd = [32]byte(tc.Hex("rnd"))
						}
						checkSigGen(t, ps, cfg, tc.Hex("sk"), optsOf(tc), msgOf(tc), rnd, tc.Hex("signature"))
					case "sigVer":
						checkSigVer(t, ps, cfg, tc.Hex("pk"), optsOf(tc), msgOf(tc), tc.Hex("signature"), tc.Bool("testPassed"))
					default:
						t.Fatalf("unknown mode %q", vs.Mode)
					}
					n[key]++
				}
			}
		}
	}
	for _, k := range []string{"keyGen/pure", "sigGen/pure", "sigGen/mu", "sigVer/pure", "sigVer/mu"} {
		for _, cfg := range configs {
			if n[k+"/"+cfg.String()] == 0 {
				t.Errorf("no %s vectors in %v", k, cfg)
			}
		}
	}
	t.Log(n)
}

type vectorCase interface {
	Has(string) bool
	Hex(string) []byte
	Bool(string) bool
	String(string) string
}

func kindOf(tc vectorCase) string {
	if tc.Has("mu") {
		return "mu"
	}
	if tc.String("signatureInterface") == "internal" {
		return "internal"
	}
	return "pure"
}

func optsOf(tc vectorCase) *SignerOpts {
	switch kindOf(tc) {
	case "mu":
		return &SignerOpts{ExternalMu: true}
	case "internal":
		return nil
	}
	return &SignerOpts{Context: tc.Hex("context")}
}

func msgOf(tc vectorCase) []byte {
	if tc.Has("mu") {
		return tc.Hex("mu")
	}
	return tc.Hex("message")
}

func checkKeyGen(t *testing.T, ps *paramSet, cfg Config, seed, pk, sk []byte) {
	t.Helper()
	k, err := ps.newSK(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k.pubKey().Bytes(), pk) {
		t.Errorf("%s %v keyGen: public key differs", ps.name, cfg)
	}
	if !bytes.Equal(k.ExpandedBytes(), sk) {
		t.Errorf("%s %v keyGen: private key differs", ps.name, cfg)
	}
	k2, err := ps.fromExpanded(cfg, sk)
	if err != nil {
		t.Fatalf("%s %v: importing the expanded key: %v", ps.name, cfg, err)
	}
	if !bytes.Equal(k2.pubKey().Bytes(), pk) || !bytes.Equal(k2.ExpandedBytes(), sk) || k2.Bytes() != nil {
		t.Errorf("%s %v: imported expanded key differs", ps.name, cfg)
	}
}

func checkSigGen(t *testing.T, ps *paramSet, cfg Config, sk []byte, o *SignerOpts, msg []byte, rnd [32]byte, want []byte) {
	t.Helper()
	k, err := ps.fromExpanded(cfg, sk)
	if err != nil {
		t.Fatalf("%s %v: %v", ps.name, cfg, err)
	}
	sig := make([]byte, ps.sig)
	if o == nil {
		err = k.(internalSigner).signInternal(sig, msg, rnd)
	} else {
		err = k.sign(sig, msg, o, rnd, true)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sig, want) {
		t.Errorf("%s %v sigGen: signature differs", ps.name, cfg)
	}
}

func checkSigVer(t *testing.T, ps *paramSet, cfg Config, pkb []byte, o *SignerOpts, msg, sig []byte, want bool) {
	t.Helper()
	pk, err := ps.newPK(cfg, pkb)
	if err != nil {
		t.Fatal(err)
	}
	var got bool
	if o == nil {
		got = pk.(internalVerifier).verifyInternal(sig, msg)
	} else {
		got = pk.Verify(sig, msg, o) == nil
	}
	if got != want {
		t.Errorf("%s %v sigVer: got %v, want %v", ps.name, cfg, got, want)
	}
}

// TestACVPServer runs the complete NIST ACVP-Server sample sets
// ML-DSA-keyGen-FIPS204 (75 cases), ML-DSA-sigGen-FIPS204 (60, internal
// interface, deterministic and hedged) and ML-DSA-sigVer-FIPS204 (45)
// that circl (our test-only peer, v1.6.5) ships under sign/mldsa/testdata,
// in both configurations.
func TestACVPServer(t *testing.T) {
	dir := filepath.Join(circlDir(t), "sign", "mldsa", "testdata")
	n := map[string]int{}
	for _, mode := range []string{"keyGen", "sigGen", "sigVer"} {
		name := "ML-DSA-" + mode + "-FIPS204"
		prompt := loadGz(t, filepath.Join(dir, name, "prompt.json.gz"))
		want := map[float64]map[string]any{}
		for _, g := range loadGz(t, filepath.Join(dir, name, "expectedResults.json.gz")) {
			for _, tc := range g["tests"].([]any) {
				tc := tc.(map[string]any)
				want[tc["tcId"].(float64)] = tc
			}
		}
		for _, g := range prompt {
			ps := setByName(g["parameterSet"].(string))
			for _, tc := range g["tests"].([]any) {
				tc := tc.(map[string]any)
				res := want[tc["tcId"].(float64)]
				for _, cfg := range configs {
					switch mode {
					case "keyGen":
						checkKeyGen(t, ps, cfg, hx(t, tc["seed"]), hx(t, res["pk"]), hx(t, res["sk"]))
					case "sigGen":
						var rnd [32]byte
						if !g["deterministic"].(bool) {
							rnd = [32]byte(hx(t, tc["rnd"]))
						}
						checkSigGen(t, ps, cfg, hx(t, tc["sk"]), nil, hx(t, tc["message"]), rnd, hx(t, res["signature"]))
					case "sigVer":
						checkSigVer(t, ps, cfg, hx(t, g["pk"]), nil, hx(t, tc["message"]), hx(t, tc["signature"]), res["testPassed"].(bool))
					}
					n[mode+"/"+ps.name+"/"+cfg.String()]++
				}
			}
		}
	}
	for _, mode := range []string{"keyGen", "sigGen", "sigVer"} {
		for _, ps := range sets {
			for _, cfg := range configs {
				if n[mode+"/"+ps.name+"/"+cfg.String()] == 0 {
					t.Errorf("no %s vectors for %s %v", mode, ps.name, cfg)
				}
			}
		}
	}
	t.Log(n)
}

func hx(t *testing.T, v any) []byte {
	t.Helper()
	b, err := hex.DecodeString(v.(string))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func loadGz(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
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

// circlDir returns the directory of the circl module in the module cache
// (downloaded by the go command if needed, as a dependency in go.mod).
func circlDir(t *testing.T) string {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		goTool = "go"
	}
	if out, err := exec.Command(goTool, "mod", "download", "-json", "github.com/cloudflare/circl").Output(); err == nil {
		var info struct{ Dir string }
		if json.Unmarshal(out, &info) == nil && info.Dir != "" {
			return info.Dir
		}
	}
	out, err := exec.Command(goTool, "list", "-m", "-f", "{{.Dir}}", "github.com/cloudflare/circl").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" {
		t.Fatalf("locating circl: %v", err)
	}
	return strings.TrimSpace(string(out))
}
