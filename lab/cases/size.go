package cases

import "reflect"

// stateSize returns the size of the value behind an interface holding a
// pointer to a struct (a peer's hash state or cipher), or of the value
// itself: the working memory a peer keeps, as far as its type tells.
func stateSize(v any) int {
	t := reflect.TypeOf(v)
	if t == nil {
		return 0
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return int(t.Size())
}
