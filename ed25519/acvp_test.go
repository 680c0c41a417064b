package ed25519_test

import (
	"compress/gzip"
	"crypto"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	stded25519 "crypto/ed25519"

	"github.com/cryptolab-go/cryptolab/ed25519"
	"github.com/cryptolab-go/cryptolab/internal/acvp"
	"github.com/cryptolab-go/cryptolab/sha2"
)

// TestACVP runs the NIST ACVP EDDSA vectors of the pinned
// github.com/geomys/acvp-testdata module (internal/acvp): its EDDSA file
// holds keyVer (one ED-25519 public key to validate) and sigVer (one pure
// and one pre-hashed ED-25519 signature), each with its expected decision,
// in every configuration. The module has no keyGen or sigGen groups for
// EDDSA. keyVer's check is that the key decodes to a point (FIPS 186-5,
// Section 7.4 via RFC 8032, Section 5.1.3).
func TestACVP(t *testing.T) {
	sets := acvp.Load(t, "EDDSA")
	modes := map[string]int{}
	for _, vs := range sets {
		for _, g := range vs.Groups {
			if c := g.Fields.String("curve"); c != "ED-25519" {
				t.Fatalf("unexpected curve %q", c)
			}
			for _, tc := range g.Tests {
				want := tc.Expected.Bool("testPassed")
				if !tc.Expected.Has("testPassed") {
					t.Fatalf("tcId %d: no expected answer", tc.TcID)
				}
				modes[vs.Mode]++
				q := tc.Fields.Hex("q")
				for _, cfg := range ed25519.Configs() {
					var got bool
					switch vs.Mode {
					case "keyVer":
						_, err := ed25519.NewPublicKey(cfg, q)
						got = err == nil
					case "sigVer":
						msg := tc.Fields.Hex("message")
						sig := tc.Fields.Hex("signature")
						var opts ed25519.Options
						if g.Fields.Bool("preHash") {
							d := sha2.Sum512(msg)
							msg = d[:]
							opts.Hash = crypto.SHA512
							if ctx := tc.Fields.Hex("context"); len(ctx) > 0 {
								opts.Context = string(ctx)
							}
						}
						pub, err := ed25519.NewPublicKey(cfg, q)
						got = err == nil && pub.VerifyWithOptions(msg, sig, &opts) == nil
						stdGot := len(q) == 32 && stded25519.VerifyWithOptions(q, msg, sig, &stded25519.Options{Hash: opts.Hash, Context: opts.Context}) == nil
						if stdGot != want {
							t.Errorf("tcId %d: crypto/ed25519 says %v, ACVP %v", tc.TcID, stdGot, want)
						}
					default:
						t.Fatalf("unexpected mode %q", vs.Mode)
					}
					if got != want {
						t.Errorf("%v: %s tcId %d: got %v, want %v", cfg, vs.Mode, tc.TcID, got, want)
					}
				}
			}
		}
	}
	if modes["keyVer"] == 0 || modes["sigVer"] == 0 {
		t.Fatalf("vectors per mode: %v", modes)
	}
	t.Logf("ACVP EDDSA test cases per mode: %v", modes)
}

// circlTestdata returns the path of a file of circl's sign/ed25519
// testdata in the module cache (circl is a test dependency of this
// module), or skips.
func circlTestdata(t *testing.T, name string) string {
	out, err := exec.Command(filepath.Join(goroot(), "bin", "go"), "list", "-m", "-f", "{{.Dir}}", "github.com/cloudflare/circl").Output()
	if err != nil {
		t.Skipf("go list circl: %v", err)
	}
	p := filepath.Join(strings.TrimSpace(string(out)), "sign", "ed25519", "testdata", name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("circl testdata: %v", err)
	}
	return p
}

// TestWycheproof runs Project Wycheproof's Ed25519 verification vectors
// (as vendored in circl's module testdata) in every configuration: every
// "valid" signature verifies and every "invalid" one does not, and every
// decision equals crypto/ed25519's.
func TestWycheproof(t *testing.T) {
	f, err := os.Open(circlTestdata(t, "wycheproof_Ed25519.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		TestGroups []struct {
			Key struct {
				Pk string `json:"pk"`
			} `json:"key"`
			Tests []struct {
				TcID   int    `json:"tcId"`
				Msg    string `json:"msg"`
				Sig    string `json:"sig"`
				Result string `json:"result"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.NewDecoder(z).Decode(&file); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range file.TestGroups {
		pk, _ := hex.DecodeString(g.Key.Pk)
		for _, tc := range g.Tests {
			msg, _ := hex.DecodeString(tc.Msg)
			sig, _ := hex.DecodeString(tc.Sig)
			std := stded25519.Verify(pk, msg, sig)
			for _, cfg := range ed25519.Configs() {
				got := ed25519.Verify(cfg, pk, msg, sig)
				if got != std {
					t.Errorf("%v: tcId %d: %v, crypto/ed25519 %v", cfg, tc.TcID, got, std)
				}
				if (tc.Result == "valid" && !got) || (tc.Result == "invalid" && got) {
					t.Errorf("%v: tcId %d: %v, Wycheproof says %s", cfg, tc.TcID, got, tc.Result)
				}
			}
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d Wycheproof cases", n)
	}
	t.Logf("%d Wycheproof cases", n)
}

// TestSignInput runs the 1,024 lines of SUPERCOP's sign.input (vendored
// in circl's module testdata; format sk‖pk : pk : msg : sig‖msg): every
// line in the Default configuration, every 16th in the others (all of
// them with CRYPTOLAB_LONG=1).
func TestSignInput(t *testing.T) {
	f, err := os.Open(circlTestdata(t, "sign.input.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 1000 {
		t.Fatalf("only %d lines", len(lines))
	}
	for i, line := range lines {
		fields := strings.Split(line, ":")
		sk, _ := hex.DecodeString(fields[0])
		pk, _ := hex.DecodeString(fields[1])
		msg, _ := hex.DecodeString(fields[2])
		sm, _ := hex.DecodeString(fields[3])
		for _, cfg := range ed25519.Configs() {
			if cfg != ed25519.Default() && i%16 != 0 && os.Getenv("CRYPTOLAB_LONG") != "1" {
				continue
			}
			priv, err := ed25519.NewPrivateKey(cfg, sk)
			if err != nil {
				t.Fatalf("line %d: %v", i, err)
			}
			if !priv.PublicKey().Equal(mustPub(t, cfg, pk)) {
				t.Fatalf("%v: line %d: public key", cfg, i)
			}
			var sig [64]byte
			priv.SignTo(&sig, msg)
			if string(sig[:]) != string(sm[:64]) {
				t.Fatalf("%v: line %d: signature", cfg, i)
			}
			if !priv.PublicKey().Verify(msg, sm[:64]) {
				t.Fatalf("%v: line %d: verify", cfg, i)
			}
		}
	}
}

func mustPub(t *testing.T, cfg ed25519.Config, b []byte) *ed25519.PublicKey {
	p, err := ed25519.NewPublicKey(cfg, b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
