// Package panicwalk holds a test, not code: it calls every exported function
// and method of every library package of the module with zero values, nils,
// wrong lengths and, once earlier calls have produced them, valid values of
// the package's own types, and fails on any panic (the project's rule: bad
// input gets an error, never a panic).
//
// registry_test.go lists each package's exported functions, types, variables
// and constants; gen.go writes it from go list and the packages' sources, and
// TestRegistryCurrent fails when it is stale. A new library package needs
// nothing but
//
//	go generate ./internal/panicwalk
//
// after which the walk covers it.
package panicwalk

//go:generate go run gen.go
