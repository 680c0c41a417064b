package suite

import (
	"slices"
	"testing"
)

func TestRegisterOrder(t *testing.T) {
	before := len(Cases())
	Register(Case{Suite: "sha", Name: "a"}, Case{Suite: "sha", Name: "b"})
	Register(Case{Suite: "aes", Name: "c"})
	got := Cases()[before:]
	var names []string
	for _, c := range got {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, []string{"a", "b", "c"}) {
		t.Fatalf("Cases() order = %v", names)
	}
	// The returned slice is a copy.
	got[0].Name = "changed"
	if Cases()[before].Name != "a" {
		t.Fatal("Cases() exposes the registry's backing array")
	}
}

func TestSuites(t *testing.T) {
	s := Suites()
	for _, want := range []string{"aes", "sha", "ecdsa", "eddsa", "rsa", "mlkem", "mldsa", "lms"} {
		if !slices.Contains(s, want) {
			t.Errorf("Suites() lacks %q", want)
		}
	}
	s[0] = "x"
	if Suites()[0] != "aes" {
		t.Fatal("Suites() exposes its backing array")
	}
}
