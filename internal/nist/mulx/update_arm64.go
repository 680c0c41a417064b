//go:build !purego

package mulx

// updateFG and updateDE are the Go functions on arm64.
func updateFG(f, g *sint, u, v, q, r int64) { updateFGGo(f, g, u, v, q, r) }

func (inv *inverter) updateDE(d, e *sint, u, v, q, r int64) { inv.updateDEGo(d, e, u, v, q, r) }
