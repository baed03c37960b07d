package corpus

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestIndex checks that every case has a well-formed expectation, that its
// named test exists, and that the corpus has the cases the project promises.
func TestIndex(t *testing.T) {
	cases, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	count := map[Expect]int{}
	for _, c := range cases {
		count[c.Expect]++
		if !hasTest(t, c.Dir, c.Test) {
			t.Errorf("%s: expect.json names %s, which no _test.go file declares", c.Name, c.Test)
		}
	}
	dirs, _ := filepath.Glob("*/*")
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() && !strings.HasPrefix(d, "internal") {
			if _, err := os.Stat(filepath.Join(d, "expect.json")); err != nil {
				t.Errorf("%s: no expect.json", d)
			}
		}
	}
	checkReadme(t, cases)
	if count[MustConfirm] < 20 || count[MustSilent] < 10 {
		t.Errorf("corpus has %d deadlock and %d clean cases; want at least 20 and 10", count[MustConfirm], count[MustSilent])
	}
}

func hasTest(t *testing.T, dir, name string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for _, d := range af.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == name {
				return true
			}
		}
	}
	return false
}

func TestCheckValidRejects(t *testing.T) {
	for name, data := range map[string]string{
		"unknown field": `{"expect":"confirm","kind":"double-lock","locks":["a.mu"],"depth":1,"goroutines":1,"test":"TestX","note":"n","extra":1}`,
		"wrong folder":  `{"expect":"silent","kind":"double-lock","locks":["a.mu"],"test":"TestX","note":"n"}`,
		"bad kind":      `{"expect":"confirm","kind":"livelock","locks":["a.mu"],"depth":1,"goroutines":1,"test":"TestX","note":"n"}`,
		"no depth":      `{"expect":"confirm","kind":"double-lock","locks":["a.mu"],"goroutines":1,"test":"TestX","note":"n"}`,
		"no locks":      `{"expect":"confirm","kind":"double-lock","depth":1,"goroutines":1,"test":"TestX","note":"n"}`,
		"bad test":      `{"expect":"confirm","kind":"double-lock","locks":["a.mu"],"depth":1,"goroutines":1,"test":"X","note":"n"}`,
		"not json":      `{"expect":`,
	} {
		if _, err := parse("deadlock/x", []byte(data)); err == nil {
			t.Errorf("%s: parse accepted %s", name, data)
		}
	}
	if _, err := parse("deadlock/x", []byte(`{"expect":"confirm","kind":"blocked","depth":2,"goroutines":2,"test":"TestX","note":"n"}`)); err != nil {
		t.Errorf("valid blocked case rejected: %v", err)
	}
}

// checkReadme checks that README.md lists every case in one of its tables,
// with the kind, depth, goroutines and static of its expect.json: a
// deadlock row is | case | kind | depth | g | static | ..., a clean row
// | case | looks like | static | ... (a case name may carry a * or †
// mark).
func checkReadme(t *testing.T, cases []Case) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || cells[0] != "" {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows[strings.TrimRight(cells[1], "*†")] = cells[2:]
	}
	yes := map[bool]string{true: "yes", false: "no"}
	for _, c := range cases {
		name := path.Base(c.Dir)
		row, ok := rows[name]
		if !ok {
			t.Errorf("%s: no row in README.md", c.Name)
			continue
		}
		want := []string{string(c.Kind), yes[c.Static]}
		if c.Expect == MustConfirm {
			want = []string{string(c.Kind), fmt.Sprint(c.Depth), fmt.Sprint(c.Goroutines), yes[c.Static]}
		}
		if len(row) < len(want) || !slices.Equal(row[:len(want)], want) {
			t.Errorf("%s: README.md row %v, expect.json says %v", c.Name, row, want)
		}
	}
}
