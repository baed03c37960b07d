package instrument

import (
	"context"
	"strings"
	"testing"

	"github.com/deadhunt/deadhunt/corpus"
	"github.com/deadhunt/deadhunt/trigger"
)

// TestCorpus instruments corpus packages (an eighth of them; with -tags
// corpus, the others: corpus.Swept) with the real runtime,
// compiles its test binary, checks the corpus files are unchanged, and runs
// each case's test without DEADHUNT_CONFIG, where the runtime passes
// operations through: the instrumented test must behave as the original.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every corpus package")
	}
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("empty corpus")
	}
	root := corpus.MustRoot()
	var patterns []string
	kept := cases[:0]
	for i, c := range cases {
		if corpus.Swept(i%8 == 1) {
			patterns = append(patterns, c.Pkg)
			kept = append(kept, c)
		}
	}
	cases = kept
	before := treeHash(t, root)
	pkgs := byPath(buildWith(t, Options{Dir: root, Patterns: patterns}, trigger.RuntimeFiles))
	if after := treeHash(t, root); after != before {
		t.Error("the corpus changed")
	}
	for _, c := range cases {
		p := pkgs[c.Pkg]
		switch {
		case p == nil:
			t.Errorf("%s: not built", c.Name)
			continue
		case p.Err != nil:
			t.Errorf("%s: %v", c.Name, p.Err)
			continue
		case !contains(p.Tests, c.Test):
			t.Errorf("%s: tests %v lack %s", c.Name, p.Tests, c.Test)
			continue
		}
		for _, w := range p.Warnings {
			t.Logf("%s: warning: %s", c.Name, w)
		}
		out, err := runBinary(p.Binary, nil, "-test.run", "^"+c.Test+"$", "-test.count=1")
		if err != nil || !strings.Contains(string(out), "PASS") {
			t.Errorf("%s: instrumented %s without config: %v\n%s", c.Name, c.Test, err, out)
		}
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestCorpusClasses checks that the lock classes the instrumenter names
// include those each corpus case expects, which are lockcycle's names.
func TestCorpusClasses(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	root := corpus.MustRoot()
	var patterns []string
	for _, c := range cases {
		patterns = append(patterns, c.Pkg)
	}
	b, err := newBuilder(Options{Dir: root, Patterns: patterns, WorkDir: t.TempDir(), CacheDir: t.TempDir()}, passthrough)
	if err != nil {
		t.Fatal(err)
	}
	units, err := b.load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	classes := map[string]bool{}
	for _, u := range units {
		if err := u.loadErr(); err != nil {
			t.Errorf("%s: %v", u.path, err)
			continue
		}
		if err := b.instrument(u); err != nil {
			t.Errorf("%s: %v", u.path, err)
		}
		for _, s := range u.sites {
			if s.Class != "" {
				classes[s.Class] = true
			}
		}
	}
	for _, c := range cases {
		for _, l := range c.Locks {
			if !classes[l] {
				t.Errorf("%s: no site has lock class %s", c.Name, l)
			}
		}
	}
}
