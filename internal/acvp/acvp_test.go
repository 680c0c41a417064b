package acvp

import "testing"

// TestLoadMerges checks that prompts and answers line up for a file with
// several vector sets and for a simple one.
func TestLoadMerges(t *testing.T) {
	sets := Load(t, "ACVP-AES-CBC")
	if len(sets) != 1 || sets[0].Algorithm != "ACVP-AES-CBC" {
		t.Fatalf("unexpected sets: %d", len(sets))
	}
	n := 0
	for _, g := range sets[0].Groups {
		for _, tc := range g.Tests {
			if tc.Expected == nil {
				t.Fatalf("tgId %d tcId %d has no expected answer", g.TgID, tc.TcID)
			}
			if g.Fields.String("direction") == "encrypt" && g.Fields.String("testType") == "AFT" {
				if len(tc.Hex("ct")) == 0 || len(tc.Hex("key"))*8 != g.Fields.Int("keyLen") {
					t.Fatalf("tcId %d: bad merge", tc.TcID)
				}
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no tests")
	}
	kem := Load(t, "ML-KEM")
	modes := map[string]bool{}
	for _, s := range kem {
		modes[s.Mode] = true
	}
	if !modes["keyGen"] || !modes["encapDecap"] {
		t.Fatalf("ML-KEM modes = %v", modes)
	}
}

func TestLoadMissing(t *testing.T) {
	dir, err := ModuleDir()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDir(dir, "NO-SUCH-ALGORITHM"); err == nil {
		t.Fatal("missing file loaded without error")
	}
}
