package rt

import "testing"

// onStack matches a site's function against a goroutine dump's frames:
// by full path or package name, its closures, a generic instance, a
// package of a module with a major version suffix (pond/v2's package
// pond: a holder inside the function was once said to have returned).
func TestOnStack(t *testing.T) {
	frames := []frame{{Func: "example.com/m/pkg.(*T).serve.func1"}, {Func: "example.com/m/pkg.Loop[...]"},
		{Func: "github.com/alitto/pond/v2.(*pool).trySubmit"}, {Func: "gopkg.in/yaml.v3.Marshal"}}
	for fn, want := range map[string]bool{
		"pkg.(*T).serve":                   true,
		"example.com/m/pkg.(*T).serve":     true,
		"pkg.Loop":                         true,
		"pkg.handler":                      false,
		"pkg.(*T).serv":                    false,
		"example.com/m/pkg.(*T).serve.fun": false,
		"pond.(*pool).trySubmit":           true,
		"v2.(*pool).trySubmit":             true, // the last element, as before
		"pond.(*pool).submit":              false,
		"yaml.Marshal":                     true,
		"alitto.(*pool).trySubmit":         false,
	} {
		if got := onStack(fn, frames); got != want {
			t.Errorf("onStack(%q) = %v, want %v", fn, got, want)
		}
	}
}

// classify: a run whose every enabled goroutine counts as a spinner is a
// spin if its steps only take and poll locks, slow if they also move a
// WaitGroup (workers that yield in a spin lock while they finish tasks).
func TestClassifySpinnersWithProgress(t *testing.T) {
	for _, c := range []struct {
		name  string
		kinds []opKind
		want  string
	}{
		{"lock and poll", []opKind{opLock, opTryLock, opUnlock, opGosched}, hangSpin},
		{"poll and count down", []opKind{opGosched, opGosched, opWGAdd}, hangSlow},
		{"poll and receive", []opKind{opGosched, opRecv}, hangSlow},
	} {
		sc := &sched{steps: newStepLog()}
		for i := range 100 {
			sc.steps.add(stepRec{g: 1 + int32(i%2), kind: c.kinds[i%len(c.kinds)]})
		}
		if class, reason := sc.classify(nil, "", 100, 2, 2, 0); class != c.want {
			t.Errorf("%s: %s (%s), want %s", c.name, class, reason, c.want)
		}
	}
}
