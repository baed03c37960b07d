package cache

import (
	"maps"
	"regexp"
	"slices"
	"testing"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
)

// Neither the static key nor the source key holds -run (a test binary is
// the same whatever tests a hunt selects; the tests listed are -run's);
// the static key covers a package's test files.
func TestStaticKey(t *testing.T) {
	dir := hunttest.Module(t)
	hunttest.WriteFiles(t, dir, map[string]string{
		"a/a.go":      "package a\n\nfunc A() int { return 1 }\n",
		"b/b.go":      "package b\n\nimport \"example.com/a\"\n\nfunc B() int { return a.A() }\n",
		"c/c.go":      "package c\n\nfunc C() int { return 3 }\n",
		"c/c_test.go": "package c_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/c\"\n)\n\nfunc TestC(t *testing.T) { _ = c.C() }\n",
	})
	list := func(run string) *Sources {
		t.Helper()
		src, err := List(t.Context(), dir, []string{"./..."}, regexp.MustCompile(run))
		if err != nil {
			t.Fatal(err)
		}
		return src
	}
	x, y := list("X"), list("TestC")
	if len(x.Static) != 3 || !maps.Equal(x.Static, y.Static) || !maps.Equal(x.Keys, y.Keys) || len(x.Keys) != 1 {
		t.Errorf("static keys %v and %v, source keys %v and %v; want 3 static keys alike, one source key alike", x.Static, y.Static, x.Keys, y.Keys)
	}
	if len(x.Tests["example.com/c"]) != 0 || !slices.Equal(y.Tests["example.com/c"], []string{"TestC"}) {
		t.Errorf("tests %v under -run X, %v under -run TestC; want none, then TestC", x.Tests, y.Tests)
	}
	hunttest.WriteFiles(t, dir, map[string]string{"c/c_test.go": "package c_test\n\nimport \"testing\"\n\nfunc TestC(t *testing.T) {}\n"})
	z := list("X")
	if z.Static["example.com/c"] == x.Static["example.com/c"] || z.Static["example.com/a"] != x.Static["example.com/a"] {
		t.Errorf("c's test changed: static keys %v, were %v; want c's alone changed", z.Static, x.Static)
	}
}
