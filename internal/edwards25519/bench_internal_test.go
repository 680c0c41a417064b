package edwards25519

import "testing"

func BenchmarkField(b *testing.B) {
	var x51, y51 fe51
	var x25, y25 fe25
	in := fieldInputs()
	x51.setBytes(&in[20])
	y51.setBytes(&in[21])
	x25.setBytes(&in[20])
	y25.setBytes(&in[21])
	b.Run("mul51", func(b *testing.B) {
		for b.Loop() {
			x51.mul(&x51, &y51)
		}
	})
	b.Run("square51", func(b *testing.B) {
		for b.Loop() {
			x51.square(&x51)
		}
	})
	b.Run("mul25", func(b *testing.B) {
		for b.Loop() {
			x25.mul(&x25, &y25)
		}
	})
}

func BenchmarkPoint(b *testing.B) {
	s := [32]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32}
	for _, im := range impls {
		b.Run("base/"+im.name, func(b *testing.B) {
			for b.Loop() {
				im.base(&s)
			}
		})
		a := im.base(&s)
		b.Run("verify/"+im.name, func(b *testing.B) {
			for b.Loop() {
				im.verify(&a, &s, &s)
			}
		})
	}
	b.Run("ladder51", func(b *testing.B) {
		for b.Loop() {
			Ladder51(&s, &s)
		}
	})
	b.Run("ladder25", func(b *testing.B) {
		for b.Loop() {
			Ladder25(&s, &s)
		}
	})
}
