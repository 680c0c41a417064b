package panicwalk

import (
	"bytes"
	"crypto"
	"crypto/cipher"
	"fmt"
	"go/ast"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
	"time"
)

type namedValue struct {
	Name string
	V    reflect.Value
}

// pkgAPI is one package's exported API, as gen.go lists it.
type pkgAPI struct {
	Path   string
	Funcs  []namedValue
	Types  []reflect.Type
	Values []namedValue // variables and constants
}

// knownPanics lists calls known to panic whose fix is in progress
// elsewhere, by the name the walk reports ("ecdsa.FromStdPrivateKey",
// "(*mlkem.EncapsulationKey768).Encapsulate"). Each entry names its issue;
// the walk logs them instead of failing, and says when one no longer panics
// so that it can be removed. It is empty: every library package passes.
var knownPanics = map[string]string{}

// allowed says whether a panic is the documented contract of an interface
// the value implements: crypto/cipher's Block and BlockMode have no error
// result and panic on short or overlapping buffers, and its CBC
// constructors (NewCBCEncrypter, NewCBCDecrypter, which find a block's own
// methods of those names) and the IV setter of its CBC modes panic on an
// IV of the wrong length, as the standard library's implementations do.
func allowed(recv reflect.Type, method string) bool {
	if recv == nil {
		return false
	}
	switch method {
	case "Encrypt", "Decrypt", "NewCBCEncrypter", "NewCBCDecrypter":
		return recv.Implements(reflect.TypeFor[cipher.Block]())
	case "CryptBlocks", "SetIV":
		return recv.Implements(reflect.TypeFor[cipher.BlockMode]())
	}
	return false
}

// Limits of the walk: calls per function or method, time per function or
// method (slow key generation stops early), the longest a single call may
// take before the walk reports it as hanging, and values kept per type.
const (
	maxCalls   = 400
	budget     = 150 * time.Millisecond
	hang       = 10 * time.Second
	poolPerTyp = 4
	slowCall   = 250 * time.Millisecond
)

// walker holds the values the walk has found or made, by type: the
// packages' exported variables and constants, then whatever calls return.
type walker struct {
	rng     *rand.Rand
	pool    map[reflect.Type][]reflect.Value
	lengths []int
	ints    []int64
	panics  map[string]string // name -> first panic and its arguments
	slow    map[string]bool   // functions a call of which took longer than slowCall
	calls   int
}

func newWalker() *walker {
	w := &walker{
		rng:    rand.New(rand.NewPCG(1, 2)),
		pool:   map[reflect.Type][]reflect.Value{},
		panics: map[string]string{},
		slow:   map[string]bool{},
	}
	lens := map[int]bool{}
	for _, n := range []int{1, 2, 7, 8, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 96, 97, 128, 255, 256, 1024} {
		lens[n] = true
	}
	ints := map[int64]bool{0: true, 1: true, 2: true, 3: true, 4: true, 255: true, 256: true, -1: true, 1 << 20: true, math.MaxInt32: true, math.MinInt64: true, math.MaxInt64: true}
	for _, p := range registry {
		for _, v := range p.Values {
			w.add(v.V)
			if n, ok := intValue(v.V); ok {
				// Constants up to 2048 become integer arguments (larger
				// valid ones, such as a 4096-bit RSA key size, make calls
				// that take seconds: 1<<20 and the extremes still probe
				// the range checks).
				if n <= 2048 {
					ints[n] = true
				}
				if n > 1 && n <= 1<<14 {
					lens[int(n)-1], lens[int(n)], lens[int(n)+1] = true, true, true
				}
			}
		}
	}
	for n := range lens {
		w.lengths = append(w.lengths, n)
	}
	sort.Ints(w.lengths)
	for n := range ints {
		w.ints = append(w.ints, n)
	}
	sort.Slice(w.ints, func(i, j int) bool { return w.ints[i] < w.ints[j] })
	// Values of standard-library types the APIs take.
	w.add(reflect.ValueOf(crypto.SHA256))
	w.add(reflect.ValueOf(crypto.SHA384))
	w.add(reflect.ValueOf(crypto.SHA512))
	return w
}

func intValue(v reflect.Value) (int64, bool) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if v.Uint() > math.MaxInt64 {
			return 0, false
		}
		return int64(v.Uint()), true
	}
	return 0, false
}

// add keeps v (if it is worth keeping) as a candidate of its type.
func (w *walker) add(v reflect.Value) {
	if !v.IsValid() {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		if v.IsNil() {
			return
		}
	}
	if v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if v.Type().Implements(reflect.TypeFor[error]()) {
		return
	}
	t := v.Type()
	switch {
	case len(w.pool[t]) < poolPerTyp:
		w.pool[t] = append(w.pool[t], v)
	case w.rng.IntN(2) == 0: // keep a changing sample of later values
		w.pool[t][w.rng.IntN(poolPerTyp)] = v
	}
}

// bytesOf returns n random bytes, or zeros.
func (w *walker) bytesOf(n int, zero bool) []byte {
	b := make([]byte, n)
	if !zero {
		for i := range b {
			b[i] = byte(w.rng.Uint32())
		}
	}
	return b
}

// candidates returns the values to try for a parameter of type t: zero and
// nil values, wrong and right lengths, boundary integers, and the values of
// t (or implementing t) found so far.
func (w *walker) candidates(t reflect.Type) []reflect.Value {
	var c []reflect.Value
	c = append(c, reflect.Zero(t))
	c = append(c, w.pool[t]...)
	switch t.Kind() {
	case reflect.Interface:
		var impl []reflect.Type
		for pt := range w.pool {
			if pt.Implements(t) {
				impl = append(impl, pt)
			}
		}
		sort.Slice(impl, func(i, j int) bool { return impl[i].String() < impl[j].String() })
		for _, pt := range impl {
			c = append(c, w.pool[pt]...)
		}
		if t.Implements(reflect.TypeFor[io.Reader]()) || reflect.TypeFor[*bytes.Reader]().Implements(t) {
			// Finite readers: empty, short, long zeros, long random.
			for _, r := range []io.Reader{
				bytes.NewReader(nil), bytes.NewReader(w.bytesOf(5, false)),
				bytes.NewReader(w.bytesOf(4096, true)), bytes.NewReader(w.bytesOf(4096, false)),
			} {
				if reflect.TypeOf(r).Implements(t) {
					c = append(c, reflect.ValueOf(r))
				}
			}
		}
	case reflect.Pointer:
		c = append(c, reflect.New(t.Elem())) // pointer to a zero value
		if t.Elem().Kind() == reflect.Array {
			p := reflect.New(t.Elem())
			fillRandom(w, p.Elem())
			c = append(c, p)
		}
		for _, v := range w.pool[t.Elem()] { // pointer to a copy of a value found
			p := reflect.New(t.Elem())
			p.Elem().Set(v)
			c = append(c, p)
		}
	case reflect.Slice:
		c = append(c, reflect.MakeSlice(t, 0, 0))
		if t.Elem().Kind() == reflect.Uint8 {
			for _, n := range w.lengths {
				c = append(c, reflect.ValueOf(w.bytesOf(n, n%2 == 0)).Convert(t))
			}
			// The same lengths again with the other content.
			for _, n := range w.lengths {
				c = append(c, reflect.ValueOf(w.bytesOf(n, n%2 == 1)).Convert(t))
			}
		} else {
			for _, n := range []int{1, 3} {
				s := reflect.MakeSlice(t, n, n)
				for i := range n {
					if vs := w.candidates(t.Elem()); len(vs) > 1 {
						s.Index(i).Set(vs[1+w.rng.IntN(len(vs)-1)])
					}
				}
				c = append(c, s)
			}
		}
	case reflect.Array:
		v := reflect.New(t).Elem()
		fillRandom(w, v)
		c = append(c, v)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		for _, n := range w.ints {
			v := reflect.New(t).Elem()
			if !v.OverflowInt(n) {
				v.SetInt(n)
				c = append(c, v)
			}
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		for _, n := range append(w.ints, 1<<8-1, 1<<16-1, 1<<32-1) {
			v := reflect.New(t).Elem()
			if n >= 0 && !v.OverflowUint(uint64(n)) {
				v.SetUint(uint64(n))
				c = append(c, v)
			}
		}
		v := reflect.New(t).Elem()
		v.SetUint(math.MaxUint64 >> (64 - 8*t.Size()))
		c = append(c, v)
	case reflect.Bool:
		c = append(c, reflect.ValueOf(true).Convert(t))
	case reflect.String:
		c = append(c, reflect.ValueOf("x").Convert(t), reflect.ValueOf(strings.Repeat("\xff", 100)).Convert(t))
	}
	return c
}

// exported reports whether t (or the type t points to) is exported.
func exported(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name() == "" || ast.IsExported(t.Name())
}

// found returns the values found of type t, or pointers to them.
func (w *walker) found(t reflect.Type) []reflect.Value {
	if t.Kind() != reflect.Pointer {
		return w.pool[t]
	}
	vs := append([]reflect.Value(nil), w.pool[t]...)
	for _, v := range w.pool[t.Elem()] {
		p := reflect.New(t.Elem())
		p.Elem().Set(v)
		vs = append(vs, p)
	}
	return vs
}

func fillRandom(w *walker, v reflect.Value) {
	if v.Kind() == reflect.Array && v.Type().Elem().Kind() == reflect.Uint8 {
		for i := range v.Len() {
			v.Index(i).SetUint(uint64(w.rng.Uint32() & 0xff))
		}
	}
}

// call runs f with args, returning the panic (or "" if none); a call that
// has not returned after hang is reported as hanging.
func call(f reflect.Value, args []reflect.Value) (results []reflect.Value, panicked string) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if v := recover(); v != nil {
				panicked = fmt.Sprint(v)
				if st := string(debug.Stack()); st != "" {
					panicked += "\n" + firstFrames(st)
				}
			}
		}()
		if f.Type().IsVariadic() {
			results = f.CallSlice(args)
		} else {
			results = f.Call(args)
		}
	}()
	select {
	case <-done:
	case <-time.After(hang):
		panicked = fmt.Sprintf("did not return within %v", hang)
	}
	return results, panicked
}

// firstFrames keeps the frames of the stack after the panic, up to the
// reflect call, for the report.
func firstFrames(st string) string {
	lines := strings.Split(st, "\n")
	var out []string
	after := false
	for _, l := range lines {
		if strings.Contains(l, "panic(") {
			after = true
			continue
		}
		if !after {
			continue
		}
		if strings.Contains(l, "reflect.Value.call") {
			break
		}
		if len(out) < 8 {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// describe prints arguments briefly, for reports.
func describe(args []reflect.Value) string {
	var s []string
	for _, a := range args {
		switch {
		case a.Kind() == reflect.Slice && a.IsNil():
			s = append(s, "nil "+a.Type().String())
		case a.Kind() == reflect.Slice:
			s = append(s, fmt.Sprintf("%s len %d", a.Type(), a.Len()))
		case (a.Kind() == reflect.Pointer || a.Kind() == reflect.Interface) && a.IsNil():
			s = append(s, "nil "+a.Type().String())
		case a.Kind() == reflect.Pointer:
			s = append(s, "&"+a.Type().Elem().String()+"{…}")
		default:
			s = append(s, fmt.Sprintf("%s(%v)", a.Type(), a))
		}
	}
	return strings.Join(s, ", ")
}

// walk calls f (named name; recv is the receiver type of a method, whose
// receiver is the first parameter) with: all zero values, then each
// parameter in turn through its candidates with the others at a "good"
// value (the first non-zero candidate, a value found earlier if any), then
// random mixtures, within maxCalls and budget.
func (w *walker) walk(name string, f reflect.Value, recv reflect.Type, method string, t *testing.T) {
	ft := f.Type()
	n := ft.NumIn()
	cands := make([][]reflect.Value, n)
	good := make([]reflect.Value, n)
	for i := range n {
		cands[i] = w.candidates(ft.In(i)) // for a variadic function, the slice
		if i == 0 && recv != nil && !exported(recv) {
			// A value of an unexported type reaches callers only as a
			// value a call returned (behind an interface), never nil or
			// zero: try only those.
			cands[0] = w.found(recv)
			if len(cands[0]) == 0 {
				return
			}
		}
		good[i] = cands[i][0]
		if len(cands[i]) > 1 {
			good[i] = cands[i][1]
		}
	}
	if w.slow[name] {
		return
	}
	start := time.Now()
	calls := 0
	// try calls f with args and returns whether the budget allows more
	// calls, and the call's outcome: its error text if its last result is
	// an error ("" for nil), or "-" when it panicked or has no error.
	try := func(args []reflect.Value) (more bool, outcome string) {
		if calls >= maxCalls || (calls > 0 && time.Since(start) > budget) {
			return false, "-"
		}
		calls++
		w.calls++
		t0 := time.Now()
		res, p := call(f, args)
		if d := time.Since(t0); d > slowCall {
			// One slow call (a 4096-bit RSA key generation) ends the walk
			// of this function, in this round and the next.
			t.Logf("slow call ends the walk of %s: (%s) took %v", name, describe(args), d.Round(time.Millisecond))
			w.slow[name] = true
			calls = maxCalls
		}
		if p != "" {
			if !allowed(recv, method) {
				if _, seen := w.panics[name]; !seen {
					w.panics[name] = fmt.Sprintf("%s(%s): %s", name, describe(args), p)
				}
				if strings.HasPrefix(p, "did not return") {
					t.Fatalf("%s", w.panics[name])
				}
			}
			return true, "-"
		}
		for _, r := range res {
			w.add(r)
		}
		outcome = "-"
		if k := len(res); k > 0 && res[k-1].Type() == reflect.TypeFor[error]() {
			outcome = ""
			if !res[k-1].IsNil() {
				outcome = res[k-1].Interface().(error).Error()
			}
		} else if k > 0 && res[k-1].Kind() == reflect.Bool {
			// A predicate (Verify): true is the success to look for.
			outcome = "false"
			if res[k-1].Bool() {
				outcome = ""
			}
		}
		if recv != nil && recv.Kind() == reflect.Pointer && (outcome == "" || outcome == "-" || outcome == "false") {
			// A receiver a method succeeded on may be in a new state
			// (a CBC after Init, SetKey, SetIV): keep it for later calls.
			w.add(args[0])
		}
		return true, outcome
	}
	// Find good arguments: starting from the first non-zero candidates,
	// take for each parameter in turn the first candidate that makes the
	// call succeed or, failing that, one that changes its error to one not
	// seen before (a check further in passed), so that the variations
	// below change one argument of a call that gets far.
	more, base := try(good)
	seen := map[string]bool{base: true}
	for pass := 0; pass < 2 && more && base != "" && base != "-"; pass++ {
		for i := 0; i < n && more && base != ""; i++ {
			pick, pickOut := -1, ""
			for j, c := range cands[i] {
				if c.IsZero() {
					continue // nil and zero values are tried below, not kept
				}
				args := append([]reflect.Value(nil), good...)
				args[i] = c
				var out string
				if more, out = try(args); !more {
					break
				}
				if out == "" {
					pick, pickOut = j, out
					break
				}
				if out != "-" && !seen[out] && pick < 0 {
					pick, pickOut = j, out
				}
			}
			if pick >= 0 {
				good[i], base = cands[i][pick], pickOut
				seen[base] = true
			}
		}
	}
	zero := make([]reflect.Value, n)
	for i := range n {
		zero[i] = cands[i][0]
	}
	if more, _ := try(zero); !more {
		return
	}
	for i := range n {
		for _, c := range cands[i] {
			args := append([]reflect.Value(nil), good...)
			args[i] = c
			if more, _ := try(args); !more {
				return
			}
		}
	}
	for range 50 {
		args := make([]reflect.Value, n)
		for i := range n {
			args[i] = cands[i][w.rng.IntN(len(cands[i]))]
		}
		if more, _ := try(args); !more {
			return
		}
	}
}

// methods returns the exported methods of values of type t to walk, as
// functions taking the receiver first: those of *T for pointer receivers
// (so nil and zero receivers are tried) and of T for value receivers.
func methods(t reflect.Type) []reflect.Method {
	if t.Kind() == reflect.Interface {
		return nil
	}
	var ms []reflect.Method
	pt := t
	if t.Kind() != reflect.Pointer {
		pt = reflect.PointerTo(t)
	}
	for i := range pt.NumMethod() {
		m := pt.Method(i)
		if vm, ok := pt.Elem().MethodByName(m.Name); ok {
			ms = append(ms, vm) // value receiver: a nil *T cannot call it in Go
		} else {
			ms = append(ms, m)
		}
	}
	return ms
}

func methodName(recv reflect.Type, m string) string {
	if recv.Kind() == reflect.Pointer {
		return "(" + recv.String() + ")." + m
	}
	return recv.String() + "." + m
}

// TestNoPanics walks every exported function of every library package,
// then every exported method of every type it has met (the packages'
// exported types, and the concrete types of the values calls returned), in
// two rounds so that the second has valid keys and contexts to pass.
func TestNoPanics(t *testing.T) {
	w := newWalker()
	start := time.Now()
	done := map[string]bool{}
	for round := range 2 {
		for _, p := range registry {
			pkg := p.Path[strings.LastIndex(p.Path, "/")+1:]
			for _, f := range p.Funcs {
				w.walk(pkg+"."+f.Name, f.V, nil, "", t)
			}
		}
		types := map[reflect.Type]bool{}
		for _, p := range registry {
			for _, typ := range p.Types {
				types[typ] = true
			}
		}
		for typ := range w.pool {
			if typ.Kind() == reflect.Pointer {
				typ = typ.Elem()
			}
			if typ.PkgPath() != "" && strings.HasPrefix(typ.PkgPath(), modulePath) {
				types[typ] = true
			}
		}
		var list []reflect.Type
		for typ := range types {
			list = append(list, typ)
		}
		sort.Slice(list, func(i, j int) bool { return list[i].String() < list[j].String() })
		for _, typ := range list {
			for _, m := range methods(typ) {
				recv := m.Type.In(0)
				name := methodName(recv, m.Name)
				w.walk(name, m.Func, recv, m.Name, t)
				if round == 1 {
					done[name] = true
				}
			}
		}
	}
	t.Logf("%d calls of %d methods and the packages' functions in %v", w.calls, len(done), time.Since(start).Round(time.Millisecond))
	var names []string
	for name := range w.panics {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if why, ok := knownPanics[name]; ok {
			t.Logf("known (%s): %s", why, w.panics[name])
			continue
		}
		t.Errorf("panic: %s", w.panics[name])
	}
	for name, why := range knownPanics {
		if _, ok := w.panics[name]; !ok {
			t.Logf("%s did not panic in this walk: if it is fixed, remove it from knownPanics (%s)", name, why)
		}
	}
}

// TestRegistryCurrent checks that registry_test.go is what gen.go writes
// for the packages and APIs of today.
func TestRegistryCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	cmd := exec.Command("go", "run", "gen.go", "-o", "-")
	// The generator runs on the host, also under GOARCH=arm64 go test -exec.
	cmd.Env = append(os.Environ(), "GOOS=", "GOARCH=")
	cmd.Stderr = os.Stderr
	want, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run gen.go: %v", err)
	}
	got, err := os.ReadFile("registry_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("registry_test.go is stale (a library package or its exported API changed): run go generate ./internal/panicwalk")
	}
}
