package edwards25519

import "testing"

func BenchmarkParts51(b *testing.B) {
	s := [32]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 12}
	a := BaseMultHigh51(&s)
	var A point51
	A.setBytes(&a)
	tbl := getOddHighTable51()
	b.Run("setBytes", func(b *testing.B) {
		for b.Loop() {
			A.setBytes(&a)
		}
	})
	b.Run("double", func(b *testing.B) {
		var c completed51
		pp := A
		for b.Loop() {
			c.double(&pp)
			pp.fromCompletedXYZ(&c)
		}
	})
	b.Run("square", func(b *testing.B) {
		x := A.X
		for b.Loop() {
			x.square(&x)
		}
	})
	b.Run("mul", func(b *testing.B) {
		x := A.X
		for b.Loop() {
			x.mul(&x, &A.Y)
		}
	})
	b.Run("dsm", func(b *testing.B) {
		var R point51
		var tA [8]cached51
		oddMultiples51(tA[:], &A)
		for b.Loop() {
			doubleScalarMultVarTime51(&R, &s, tA[:], &s, tbl[:])
		}
	})
	b.Run("bytes", func(b *testing.B) {
		for b.Loop() {
			A.bytes()
		}
	})
	b.Run("naf", func(b *testing.B) {
		for b.Loop() {
			nafVarTime(&s, 5)
		}
	})
}

func BenchmarkSignParts51(b *testing.B) {
	s := [32]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 12}
	getHighTable51()
	var p point51
	b.Run("scalarBaseMultHigh", func(b *testing.B) {
		for b.Loop() {
			scalarBaseMultHigh51(&p, &s)
		}
	})
	b.Run("lookup", func(b *testing.B) {
		var n niels51
		t := getHighTable51()
		for b.Loop() {
			n.lookup(&t[3], -5)
		}
	})
	b.Run("addNiels+fromCompleted", func(b *testing.B) {
		var n niels51
		var c completed51
		n.lookup(&getHighTable51()[3], -5)
		for b.Loop() {
			c.addNiels(&p, &n)
			p.fromCompleted(&c)
		}
	})
	b.Run("invert", func(b *testing.B) {
		var z fe51
		for b.Loop() {
			invert51(&z, &p.Z)
		}
	})
}
