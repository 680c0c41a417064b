// Package branchy is the control of TestConditionalJumps: a comparison that
// returns at the first differing byte, which must be flagged.
package branchy

func EarlyExitEqual(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
