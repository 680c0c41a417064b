//go:build !purego

package mulx

// updateFG is updateFGGo in assembly (update_amd64.s).
//
//go:noescape
func updateFG(fv, gv *sint, u, v, q, r int64)

// updateDE62 is updateDEGo in assembly (update_amd64.s) for the modulus m
// (top word zero) and -m^-1 mod 2^62.
//
//go:noescape
func updateDE62(d, e *sint, u, v, q, r int64, m *sint, negInv62 uint64)

// updateDE sets (d, e) as updateDEGo does, in assembly.
func (inv *inverter) updateDE(d, e *sint, u, v, q, r int64) {
	updateDE62(d, e, u, v, q, r, &inv.m, inv.negInv62)
}
