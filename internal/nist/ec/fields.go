package ec

// SmallField, P256Fast and P384Fast are Field with the arithmetic fixed by
// the type instead of a run-time kind: fields_gen.go (written by
// gen_fields.go) copies every Field method onto each of them with static
// calls only. A program that uses one of them links only its arithmetic
// and point formulas, so the configurations of package ecdsa can be told
// apart by the linker (see ecdsa's linker test). Field, which switches on
// its kind, stays for tests and table-driven callers; it links everything.
type (
	SmallField Field // internal/nist/mont: one generic multiplier, both curves
	P256Fast   Field // internal/nist/unrolled and points_fast.go, P-256
	P384Fast   Field // internal/nist/unrolled and points_fast.go, P-384
)

// SmallArith returns c's Small arithmetic as a SmallField.
func (c *Curve) SmallArith() *SmallField { return (*SmallField)(&c.Small) }

// P256FastArith returns P-256's Fast arithmetic.
func P256FastArith() *P256Fast { return (*P256Fast)(&p256.Fast) }

// P384FastArith returns P-384's Fast arithmetic.
func P384FastArith() *P384Fast { return (*P384Fast)(&p384.Fast) }

//go:generate go run gen_fields.go
