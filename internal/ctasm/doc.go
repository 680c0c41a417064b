// Package ctasm holds a test, not code: it disassembles the constant-time
// helpers of every family (table lookups, conditional selections,
// comparisons) and fails if the compiler turned a mask into a conditional
// jump. See ctasm_test.go for the list and the rules.
package ctasm
