package hunt

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deadhunt/deadhunt/hunt/hunttest"
	"github.com/deadhunt/deadhunt/report"
	"github.com/deadhunt/deadhunt/trigger/driver"
)

// staticSpy is a static analyzer (StaticFunc) that answers, for each
// package it is asked about (every one of pkgs for ./...), one
// predicted-static finding, and remembers what it was asked.
type staticSpy struct {
	pkgs []string
	// answer, if set, makes the answer from the packages asked about.
	answer func(asked []string) (*report.Report, error)

	mu    sync.Mutex
	calls [][]string
}

func (s *staticSpy) run(_ context.Context, _ string, patterns ...string) (*report.Report, error) {
	asked := patterns
	if slices.Equal(patterns, []string{"./..."}) {
		asked = s.pkgs
	}
	asked = slices.Sorted(slices.Values(asked))
	s.mu.Lock()
	s.calls = append(s.calls, asked)
	s.mu.Unlock()
	if s.answer != nil {
		return s.answer(asked)
	}
	return spyReport(asked), nil
}

// spyReport is the spy's answer about pkgs: a cycle in each.
func spyReport(pkgs []string) *report.Report {
	rep := &report.Report{Version: report.Version, Tool: "lockcycle", Findings: []report.Finding{}}
	for _, pkg := range pkgs {
		rep.Findings = append(rep.Findings, staticCycle(pkg))
	}
	return rep
}

// staticCycle is a predicted-static AB-BA finding of pkg.
func staticCycle(pkg string) report.Finding {
	classes := []string{"(*T).a", "(*T).b"}
	return report.Finding{ID: report.ComputeID(report.LockOrderCycle, pkg, classes), Kind: report.LockOrderCycle,
		Status: report.PredictedStatic, Package: pkg, Message: "lock order cycle", Evidence: []report.Evidence{report.Static},
		Locks: []report.Lock{{Class: classes[0], Sites: []report.Site{{File: "/src/s.go", Line: 3, Col: 2}}}, {Class: classes[1], Sites: []report.Site{{File: "/src/s.go", Line: 4, Col: 2}}}}}
}

// lastCall is what the analyzer was asked about last; nil if it never
// was.
func (s *staticSpy) lastCall() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.calls) == 0 {
		return nil
	}
	return s.calls[len(s.calls)-1]
}

func (s *staticSpy) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.calls)
}

// spyPackages are the packages staticModule writes: a, b importing a, and
// c with an external test.
var spyPackages = []string{"example.com/a", "example.com/b", "example.com/c"}

// staticModule is fakeConfig (the fake package's one passing test) with
// a cache of its own, fresh (-count=1, as the goal's measure), in a module
// holding real packages for go list to key and the spy to analyze.
func staticModule(t *testing.T) (Config, *staticSpy, *observed) {
	cfg, _, o := fakeConfig(t, "TestPass")
	cfg.Cache, cfg.Fresh = t.TempDir(), true
	hunttest.WriteFiles(t, cfg.Dir, map[string]string{
		"a/a.go":      "package a\n\nfunc A() int { return 1 }\n",
		"b/b.go":      "package b\n\nimport \"example.com/a\"\n\nfunc B() int { return a.A() }\n",
		"c/c.go":      "package c\n\nfunc C() int { return 3 }\n",
		"c/c_test.go": "package c_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/c\"\n)\n\nfunc TestC(t *testing.T) { _ = c.C() }\n",
	})
	spy := &staticSpy{pkgs: spyPackages}
	cfg.Static = spy.run
	return cfg, spy, o
}

// predictedStatic are the report's predicted-static findings' IDs, sorted.
func predictedStatic(rep *report.Report) []string {
	var out []string
	for _, f := range rep.Findings {
		if f.Status == report.PredictedStatic {
			out = append(out, f.ID)
		}
	}
	slices.Sort(out)
	return out
}

// staticEntries are the static cache's entry files.
func staticEntries(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*", "static-*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// A second fresh hunt of an unchanged module does not run the static
// analyzer, says so, and reports the same predicted-static findings.
func TestStaticCacheReuses(t *testing.T) {
	cfg, spy, o := staticModule(t)
	first := confirm(t, cfg)
	if spy.count() != 1 || len(predictedStatic(first.Report)) != 3 {
		t.Fatalf("first hunt: %d analyzer call(s), predicted-static %v; want 1 call, 3 findings", spy.count(), predictedStatic(first.Report))
	}
	if n := len(staticEntries(t, cfg.Cache)); n != 3 {
		t.Fatalf("%d static entries, want 3", n)
	}
	o.stages = nil
	second := confirm(t, cfg)
	if spy.count() != 1 {
		t.Errorf("second hunt asked the analyzer about %v; want no call", spy.lastCall())
	}
	if got, want := predictedStatic(second.Report), predictedStatic(first.Report); !slices.Equal(got, want) {
		t.Errorf("second hunt: predicted-static %v, want the first's %v", got, want)
	}
	if !o.staged("static analyzer: 3 package(s) unchanged, answer reused") || o.staged("running the static analyzer") {
		t.Errorf("stages %q; want the answer said reused, the analyzer not run", o.stages)
	}
	if len(second.Report.Errors) != 0 {
		t.Errorf("errors %v", second.Report.Errors)
	}
}

// A changed file makes its package, and those importing it, analyzed
// again, and only those; their fresh answer is joined to the cached ones.
func TestStaticCacheChange(t *testing.T) {
	cfg, spy, o := staticModule(t)
	first := confirm(t, cfg)
	for _, c := range []struct {
		file, text string
		want       []string
	}{
		{"a/a.go", "package a\n\n// A is one.\nfunc A() int { return 1 }\n", []string{"example.com/a", "example.com/b"}},
		{"b/b.go", "package b\n\nimport \"example.com/a\"\n\n// B is A.\nfunc B() int { return a.A() }\n", []string{"example.com/b"}},
		{"c/c_test.go", "package c_test\n\nimport \"testing\"\n\nfunc TestC(t *testing.T) {}\n", []string{"example.com/c"}},
	} {
		hunttest.WriteFiles(t, cfg.Dir, map[string]string{c.file: c.text})
		before := spy.count()
		o.stages = nil
		res := confirm(t, cfg)
		if spy.count() != before+1 || !slices.Equal(spy.lastCall(), c.want) {
			t.Errorf("%s changed: analyzer asked about %v (%d call(s)); want once about %v", c.file, spy.lastCall(), spy.count()-before, c.want)
		}
		if got, want := predictedStatic(res.Report), predictedStatic(first.Report); !slices.Equal(got, want) {
			t.Errorf("%s changed: predicted-static %v, want %v", c.file, got, want)
		}
		if n := 3 - len(c.want); !o.staged(fmt.Sprintf("static analyzer: %d package(s) unchanged", n)) {
			t.Errorf("%s changed: stages %q; want %d package(s) said reused", c.file, o.stages, n)
		}
	}
	before := spy.count()
	confirm(t, cfg)
	if spy.count() != before {
		t.Errorf("after the changes: analyzer asked about %v; want no call", spy.lastCall())
	}
}

// What the analyzer answers with an error is not kept: an error of its
// own, a skip, or an error of one package (the others are kept); nor is
// an answer with a finding or an error of a package not analyzed.
func TestStaticCacheNotStored(t *testing.T) {
	all := spyPackages
	for _, c := range []struct {
		name   string
		answer func(asked []string) (*report.Report, error)
		again  []string // what the second hunt asks about
	}{
		{"failed", func([]string) (*report.Report, error) { return nil, os.ErrPermission }, all},
		{"skipped", func([]string) (*report.Report, error) { return nil, skipErr{} }, all},
		{"package error", func(asked []string) (*report.Report, error) {
			rep := spyReport(asked)
			rep.Errors = []report.PackageError{{Package: "example.com/c_test [example.com/c.test]", Err: "c_test.go:1:1: bad"}}
			return rep, nil
		}, []string{"example.com/c"}},
		{"dependency error", func(asked []string) (*report.Report, error) {
			rep := spyReport(asked)
			rep.Errors = []report.PackageError{{Package: "example.com/elsewhere", Err: "bad"}}
			return rep, nil
		}, all},
		{"foreign finding", func(asked []string) (*report.Report, error) {
			rep := spyReport(asked)
			rep.Findings = append(rep.Findings, staticCycle("example.com/elsewhere"))
			return rep, nil
		}, all},
	} {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			cfg, spy, _ := staticModule(t)
			spy.answer = c.answer
			if _, err := Confirm(t.Context(), cfg, []string{"./..."}); err != nil {
				t.Fatal(err)
			}
			spy.answer = nil
			confirm(t, cfg)
			if spy.count() != 2 || !slices.Equal(spy.lastCall(), c.again) {
				t.Errorf("second hunt: %d call(s) in all, the last about %v; want it asked about %v", spy.count(), spy.lastCall(), c.again)
			}
		})
	}
}

// A corrupt or foreign entry is a miss: its package is analyzed again,
// and its entry rewritten.
func TestStaticCacheCorrupt(t *testing.T) {
	cfg, spy, _ := staticModule(t)
	confirm(t, cfg)
	entries := staticEntries(t, cfg.Cache)
	if len(entries) != 3 {
		t.Fatalf("entries %v, want 3", entries)
	}
	for i, text := range []string{"{garbage", `{"package":"example.com/elsewhere","findings":[]}`, `{"package":"example.com/a"}`} {
		if err := os.WriteFile(entries[i], []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := confirm(t, cfg)
	if spy.count() != 2 || !slices.Equal(spy.lastCall(), spyPackages) || len(predictedStatic(res.Report)) != 3 {
		t.Errorf("corrupt entries: %d call(s), the last about %v, predicted-static %v; want every package analyzed again",
			spy.count(), spy.lastCall(), predictedStatic(res.Report))
	}
	if confirm(t, cfg); spy.count() != 2 {
		t.Errorf("after the rewrite: analyzer asked about %v; want no call", spy.lastCall())
	}
}

// Without a cache the analyzer runs every time, on the command line's
// patterns, as before.
func TestStaticCacheOff(t *testing.T) {
	cfg, spy, _ := staticModule(t)
	cfg.Cache = ""
	confirm(t, cfg)
	confirm(t, cfg)
	if spy.count() != 2 {
		t.Errorf("%d analyzer call(s), want 2", spy.count())
	}
}

// A hunt that reuses no results (no cache, or -count=1) starts the static
// analyzer before the build, to run beside it; one that may reuse results
// starts it after the build, once it knows which packages are left.
func TestStaticBesideBuild(t *testing.T) {
	for _, c := range []struct {
		name         string
		cache, fresh bool
		beside       bool
	}{{"no cache", false, false, true}, {"fresh", true, true, true}, {"cached", true, false, false}} {
		t.Run(c.name, func(t *testing.T) {
			cfg, _, _ := fakeConfig(t, "TestPass")
			if c.cache {
				cfg.Cache = t.TempDir()
			}
			cfg.Fresh = c.fresh
			var mu sync.Mutex
			var order []string
			note := func(s string) {
				mu.Lock()
				defer mu.Unlock()
				order = append(order, s)
			}
			started := make(chan struct{})
			cfg.Static = func(ctx context.Context, dir string, patterns ...string) (*report.Report, error) {
				note("static")
				close(started)
				return &report.Report{}, nil
			}
			build := cfg.Build
			// The build waits for the static analyzer to start: a while
			// when it is to come after the build (a wrong start beside it
			// would come first), as long as a loaded machine needs when it
			// is to start beside.
			wait := 2 * time.Second
			if c.beside {
				wait = time.Minute
			}
			cfg.Build = func(ctx context.Context, opts driver.BuildOptions) (*driver.Built, error) {
				select {
				case <-started:
				case <-time.After(wait):
				}
				note("build")
				return build(ctx, opts)
			}
			confirm(t, cfg)
			if want := []string{"build", "static"}; c.beside && slices.Equal(order, want) || !c.beside && !slices.Equal(order, want) {
				t.Errorf("started in the order %q (beside the build: %v)", order, c.beside)
			}
		})
	}
}
