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
	if Mask32(1) != 1<<32-1 || Mask32(0) != 0 || Mask64(1) != 1<<64-1 || Mask64(0) != 0 {
		t.Fatal("Mask32/Mask64")
	}
	for _, x := range vals {
		if IsZero64(x) != b2u(x == 0) || uint64(IsZero32(uint32(x))) != b2u(uint32(x) == 0) {
			t.Fatalf("IsZero(%#x)", x)
		}
		for _, y := range vals[:40] {
			if Eq64(x, y) != b2u(x == y) {
				t.Fatalf("Eq64(%#x, %#x)", x, y)
			}
			x32, y32 := uint32(x), uint32(y)
			if uint64(Less32(x32, y32)) != b2u(x32 < y32) {
				t.Fatalf("Less32(%#x, %#x)", x32, y32)
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
	if EqBytes(x, x) != 1 || EqBytes(x, y) != 0 || EqBytes(x, x[:2]) != 0 {
		t.Fatal("EqBytes")
	}
}
