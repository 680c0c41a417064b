package ct

import (
	"math/rand/v2"
	"testing"
)

func TestScalarMasks(t *testing.T) {
	edge := []uint64{0, 1, 2, 1<<31 - 1, 1 << 31, 1<<32 - 1, 1 << 32, 1<<63 - 1, 1 << 63, 1<<64 - 1}
	r := rand.New(rand.NewPCG(1, 2))
	vals := append([]uint64{}, edge...)
	for range 200 {
		vals = append(vals, r.Uint64())
	}
	b2u := func(b bool) uint64 {
		if b {
			return 1
		}
		return 0
	}
	for _, x := range vals {
		if IsZero64(x) != b2u(x == 0) || uint64(IsZero32(uint32(x))) != b2u(uint32(x) == 0) {
			t.Fatalf("IsZero(%#x)", x)
		}
		for _, y := range vals[:40] {
			if Eq64(x, y) != b2u(x == y) || Less64(x, y) != b2u(x < y) {
				t.Fatalf("Eq64/Less64(%#x, %#x)", x, y)
			}
			x32, y32 := uint32(x), uint32(y)
			if uint64(Eq32(x32, y32)) != b2u(x32 == y32) || uint64(Less32(x32, y32)) != b2u(x32 < y32) {
				t.Fatalf("Eq32/Less32(%#x, %#x)", x32, y32)
			}
			if Select64(Mask64(1), x, y) != x || Select64(Mask64(0), x, y) != y {
				t.Fatal("Select64")
			}
			if Select32(Mask32(1), x32, y32) != x32 || Select32(Mask32(0), x32, y32) != y32 {
				t.Fatal("Select32")
			}
		}
	}
}

func TestByteHelpers(t *testing.T) {
	x, y := []byte{1, 2, 3}, []byte{4, 5, 6}
	d := make([]byte, 3)
	SelectBytes(Mask32(1), d, x, y)
	if string(d) != string(x) {
		t.Fatal("SelectBytes(1)")
	}
	SelectBytes(Mask32(0), d, x, y)
	if string(d) != string(y) {
		t.Fatal("SelectBytes(0)")
	}
	CopyIf(Mask32(0), d, x)
	if string(d) != string(y) {
		t.Fatal("CopyIf(0)")
	}
	CopyIf(Mask32(1), d, x)
	if string(d) != string(x) {
		t.Fatal("CopyIf(1)")
	}
	if EqBytes(x, x) != 1 || EqBytes(x, y) != 0 || EqBytes(x, x[:2]) != 0 {
		t.Fatal("EqBytes")
	}
	table := []byte{9, 8, 7, 6}
	for i := range table {
		if LookupByte(table, uint32(i)) != table[i] {
			t.Fatal("LookupByte")
		}
	}
}
