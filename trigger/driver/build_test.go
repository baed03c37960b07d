package driver

import (
	"errors"
	"reflect"
	"testing"

	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/instrument"
)

// A package that was not built is said once, in its own words: the
// instrumenter's layers used to repeat its path three times (issue #15).
func TestBuildError(t *testing.T) {
	for _, c := range []struct{ path, in, want string }{
		{"./nonexist", "instrument: ./nonexist: stat /m/nonexist: directory not found", "no such directory: /m/nonexist"},
		{"example.com/m/bad", "instrument: example.com/m/bad: # example.com/m/bad [example.com/m/bad.test]\nbad/bad.go:2:12: undefined: undefined",
			"does not compile:\n\tbad/bad.go:2:12: undefined: undefined"},
		{"example.com/m/bad", "instrument: example.com/m/bad: /m/bad/bad.go:2:12: undefined: undefined", "does not compile:\n\t/m/bad/bad.go:2:12: undefined: undefined"},
		{"example.com/m/lf", "instrument: example.com/m/lf: build failed: # example.com/m/lf.test\nlink: duplicated definition of symbol x",
			"instrumented build failed:\n\tlink: duplicated definition of symbol x"},
		{"example.com/m/x", "instrument: example.com/m/x: package not found", "package not found"},
	} {
		if got := buildError(c.path, errors.New(c.in)); got != c.want {
			t.Errorf("%q:\ngot  %q\nwant %q", c.in, got, c.want)
		}
	}
}

// The instrumenter's warnings about what runs outside control become the
// report's blind spots; other warnings do not.
func TestBlindSpots(t *testing.T) {
	b := &Built{}
	b.add(&instrument.Package{ImportPath: "p", Binary: "/nonexistent", Tests: []string{"TestX"}, Warnings: []instrument.Warning{
		{Pos: "/m/p/c.go:1:1", Msg: "cgo file not instrumented"},
		{Pos: "/m/p/x_test.go:10:2", Msg: "synctest bubble not controlled: deadlocks among its goroutines go unseen"},
		{Pos: "/m/p/x.go:3:4", Msg: "method expression (*T).Lock not instrumented: its receiver type is not the method's own (a promoted method); the operation runs uncontrolled"},
		{Msg: "go.mod says go 1.20; built as go 1.22"},
		{Msg: instrument.OthersUninstrumented + " golang.org/x/sync: the build failed with them instrumented (x.go:1:1: oops)"},
	}})
	b.add(&instrument.Package{ImportPath: "p/dep", Dependency: true, Warnings: []instrument.Warning{{Pos: "/m/dep/d.go:1:1", Msg: "cgo file not instrumented"}}})
	want := []report.BlindSpot{
		{Package: "p", Pos: "/m/p/c.go", What: "cgo file"},
		{Package: "p", Pos: "/m/p/x_test.go:10:2", What: "synctest bubble"},
		{Package: "p", Pos: "/m/p/x.go:3:4", What: "method expression (*T).Lock not instrumented"},
		{Package: "p", What: "packages of other modules left uninstrumented: golang.org/x/sync"},
		{Package: "p/dep", Pos: "/m/dep/d.go", What: "cgo file"},
	}
	if len(b.BlindSpots) != len(want) {
		t.Fatalf("blind spots %v, want %v", b.BlindSpots, want)
	}
	for i := range want {
		if !reflect.DeepEqual(b.BlindSpots[i], want[i]) {
			t.Errorf("blind spot %d: %v, want %v", i, b.BlindSpots[i], want[i])
		}
	}
	if len(b.Warnings) != 5 || len(b.Paths) != 1 {
		t.Errorf("warnings %q, paths %q: a dependency's warnings and path are not the tested package's", b.Warnings, b.Paths)
	}
}
