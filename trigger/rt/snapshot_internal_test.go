package rt

import "testing"

// onStack matches a site's function against a goroutine dump's frames:
// by full path or package name, its closures, a generic instance.
func TestOnStack(t *testing.T) {
	frames := []frame{{Func: "example.com/m/pkg.(*T).serve.func1"}, {Func: "example.com/m/pkg.Loop[...]"}}
	for fn, want := range map[string]bool{
		"pkg.(*T).serve":                   true,
		"example.com/m/pkg.(*T).serve":     true,
		"pkg.Loop":                         true,
		"pkg.handler":                      false,
		"pkg.(*T).serv":                    false,
		"example.com/m/pkg.(*T).serve.fun": false,
	} {
		if got := onStack(fn, frames); got != want {
			t.Errorf("onStack(%q) = %v, want %v", fn, got, want)
		}
	}
}
